import { z } from 'zod';
import { VALIDATION_MESSAGES } from './messages.js';

/**
 * Field schemas for the validation table of spec section 5. Every form and every server input is
 * built from these, so a rule and its message live in exactly one place.
 */

/** A string field whose absence reads 'This field is required' and whose wrong type reads 'Invalid format'. */
export const text = () =>
  z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? VALIDATION_MESSAGES.required
        : VALIDATION_MESSAGES.invalidFormat,
  });

/**
 * Trimmed text with the generic length messages; an empty value is 'This field is required'. A
 * minimum of 1 adds no length rule of its own: a blank value would otherwise also read 'Minimum
 * length is 1 characters' next to 'This field is required'.
 */
export const boundedText = (min: number, max: number) => {
  const required = text().trim().min(1, VALIDATION_MESSAGES.required);
  return (min > 1 ? required.min(min, VALIDATION_MESSAGES.minLength(min)) : required).max(
    max,
    VALIDATION_MESSAGES.maxLength(max),
  );
};

/** A number as a person writes it: digits with an optional sign and decimals, nothing else. */
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A number from JSON or written in plain decimals ("10", "2.5"), then `rules` (its limits, with their
 * messages). Anything else reads as `message` rather than as whatever Number() makes of it: true is not
 * 1, "0x10" is not 16, " 1" is not 1 and "1e3" is not 1000. The limits sit on the number itself, so the
 * JSON Schema (and the OpenAPI document) shows them as minimum, maximum and integer.
 */
export const decimalNumber = <Rules extends z.ZodType<number, number>>(
  message: string,
  rules: (number: z.ZodNumber) => Rules,
) =>
  z.preprocess(
    (value: number | string) => (typeof value === 'string' && PLAIN_DECIMAL.test(value) ? Number(value) : value),
    rules(z.number({ error: message })),
  );

export const emailField = text()
  .trim()
  .toLowerCase()
  .min(1, VALIDATION_MESSAGES.required)
  .max(254, VALIDATION_MESSAGES.maxLength(254))
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, VALIDATION_MESSAGES.email);

/** A new password's rules; `required` and `tooShort` word the first two as the form it is in does (spec 5). */
const passwordRules = (required: string, tooShort: string) =>
  text()
    .min(1, required)
    .min(8, tooShort)
    .max(128, VALIDATION_MESSAGES.maxLength(128))
    .regex(/[a-z]/, VALIDATION_MESSAGES.passwordLower)
    .regex(/[A-Z]/, VALIDATION_MESSAGES.passwordUpper)
    .regex(/\d/, VALIDATION_MESSAGES.passwordDigit);

export const registrationPassword = passwordRules(VALIDATION_MESSAGES.required, VALIDATION_MESSAGES.passwordLength);

/**
 * The new password of a password change (the settings Security tab, the vendor Account tab, PUT /profile and
 * auth.changePassword): spec 5's account form says 'New password is required' and 'Password must be at least 8
 * characters'.
 */
export const newPassword = passwordRules(VALIDATION_MESSAGES.newPasswordRequired, VALIDATION_MESSAGES.passwordMin);

export const loginPassword = text().min(1, VALIDATION_MESSAGES.required).max(128, VALIDATION_MESSAGES.maxLength(128));

/** Optional +, first digit 1-9, up to 16 digits in all; spaces, dashes and brackets are ignored. */
export const phoneField = text()
  .trim()
  .min(1, VALIDATION_MESSAGES.required)
  .transform((value) => value.replace(/[\s\-()]/g, ''))
  .pipe(z.string().regex(/^\+?[1-9]\d{1,15}$/, VALIDATION_MESSAGES.phone));

export const personName = text()
  .trim()
  .min(1, VALIDATION_MESSAGES.required)
  .min(2, VALIDATION_MESSAGES.nameLength)
  .max(50, VALIDATION_MESSAGES.maxLength(50))
  // Letters with their combining marks (Adébáyọ̀ is a, d, e + acute...), so names written with
  // diacritics count as letters; spec 5 allows letters and spaces only, so no digits or punctuation.
  .regex(/^\p{L}[\p{L}\p{M} ]*$/u, VALIDATION_MESSAGES.nameLetters);

export const addressField = boundedText(10, 200);
export const shopNameField = boundedText(3, 50);
export const shopDescriptionField = boundedText(10, 500);
export const accountNumberField = text()
  .trim()
  .min(1, VALIDATION_MESSAGES.required)
  .regex(/^\d{10}$/, VALIDATION_MESSAGES.accountNumber);
/**
 * A bank's name: one of the spec's eight (`BANKS`) or any name of Paystack's bank list (GET /banks). The
 * server matches it against the list (unknown: 422 with VALIDATION_MESSAGES.bankName); here only its length.
 */
export const bankNameField = text()
  .trim()
  .min(1, VALIDATION_MESSAGES.required)
  .min(2, VALIDATION_MESSAGES.minLength(2))
  .max(50, VALIDATION_MESSAGES.maxLength(50));

/**
 * A Paystack bank code sent beside or instead of bank_name at registration and in the profile ('044',
 * '50211'); the server checks it against the bank list. Same rule and text as finance's bankCodeField
 * (finance.ts imports admin.ts, which imports auth.ts, so auth.ts cannot import it from there).
 */
export const vendorBankCodeField = z
  .string({ error: 'bank_code must be a bank code from the bank list' })
  .trim()
  .regex(/^[0-9A-Za-z-]{2,12}$/, 'bank_code must be a bank code from the bank list');

/** Checkbox-like values as they come from JSON (true) or multipart ("true", "1", "on"). */
export const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])]).transform((v) => {
  if (typeof v === 'boolean') return v;
  return v === 'true' || v === '1' || v === 'on';
});
