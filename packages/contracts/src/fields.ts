import { z } from 'zod';
import { BANKS } from './constants.js';
import { V } from './messages.js';

/**
 * Field schemas for the validation table of spec section 5. Every form and every server input is
 * built from these, so a rule and its message live in exactly one place.
 */

/** A string field whose absence reads 'This field is required' and whose wrong type reads 'Invalid format'. */
export const text = () =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? V.required : V.invalidFormat) });

/** Trimmed text with the generic length messages; an empty value is 'This field is required'. */
export const boundedText = (min: number, max: number) =>
  text().trim().min(1, V.required).min(min, V.minLength(min)).max(max, V.maxLength(max));

export const emailField = text()
  .trim()
  .toLowerCase()
  .min(1, V.required)
  .max(254, V.maxLength(254))
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, V.email);

export const registrationPassword = text()
  .min(1, V.required)
  .min(8, V.passwordLength)
  .max(128, V.maxLength(128))
  .regex(/[a-z]/, V.passwordLower)
  .regex(/[A-Z]/, V.passwordUpper)
  .regex(/\d/, V.passwordDigit);

export const loginPassword = text().min(1, V.required).max(128, V.maxLength(128));

/** Optional +, first digit 1-9, up to 16 digits in all; spaces, dashes and brackets are ignored. */
export const phoneField = text()
  .trim()
  .min(1, V.required)
  .transform((value) => value.replace(/[\s\-()]/g, ''))
  .pipe(z.string().regex(/^\+?[1-9]\d{1,15}$/, V.phone));

export const personName = text()
  .trim()
  .min(1, V.required)
  .min(2, V.nameLength)
  .max(50, V.maxLength(50))
  .regex(/^[\p{L} ]+$/u, V.nameLetters);

export const addressField = boundedText(10, 200);
export const shopNameField = boundedText(3, 50);
export const shopDescriptionField = boundedText(10, 500);
export const accountNumberField = text()
  .trim()
  .min(1, V.required)
  .regex(/^\d{10}$/, V.accountNumber);
export const bankNameField = text()
  .trim()
  .min(1, V.required)
  .min(2, V.minLength(2))
  .max(50, V.maxLength(50))
  .refine((value): value is (typeof BANKS)[number] => (BANKS as readonly string[]).includes(value), V.bankName);

/** Checkbox-like values as they come from JSON (true) or multipart ("true", "1", "on"). */
export const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])]).transform((v) => {
  if (typeof v === 'boolean') return v;
  return v === 'true' || v === '1' || v === 'on';
});
