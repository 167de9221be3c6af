import { z } from 'zod';
import { PUBLIC_ROLES, USER_ROLES, USER_STATUSES } from './constants.js';
import { ERROR_CODES } from './errors.js';
import {
  accountNumberField,
  addressField,
  bankNameField,
  emailField,
  flag,
  loginPassword,
  newPassword,
  personName,
  phoneField,
  registrationPassword,
  shopDescriptionField,
  shopNameField,
  text,
  vendorBankCodeField,
} from './fields.js';
import { ERROR_MESSAGES, VALIDATION_MESSAGES } from './messages.js';

/**
 * The error codes as a schema (the error answer's `code`). It lives here, beside its one user, not in errors.ts:
 * the web app's first chunk needs errors.ts's plain helpers, and a schema there would bring zod into it.
 */
export const ErrorCodeSchema = z.enum(ERROR_CODES);

/** Vendor-only fields of registration and profile (spec 2 and 5: Shop and Bank sections). */
export const vendorShopFields = {
  shop_name: shopNameField,
  shop_description: shopDescriptionField,
  address: addressField,
  account_holder_name: personName,
  account_number: accountNumberField,
  bank_name: bankNameField,
};
/** Vendor-only fields a customer may not send. A vendor sends bank_name or bank_code (or both). */
export const VENDOR_FIELD_NAMES = [
  'shop_name',
  'shop_description',
  'account_holder_name',
  'account_number',
  'bank_name',
  'bank_code',
] as const;
/** What a vendor registration must hold besides the bank (bank_name or bank_code). */
const REQUIRED_VENDOR_FIELDS = [
  'shop_name',
  'shop_description',
  'account_holder_name',
  'account_number',
  'address',
] as const;

/** The names a client may send the terms checkbox under: the form's and the shorter `terms`. */
const TERMS_FIELDS = ['terms_accepted', 'terms'] as const;
const TERMS_DESCRIPTION = 'Optional; when sent it must be true (or "true", "1", "on" from a form)';

/**
 * Registration as the server takes it. `full_name` may be sent as `name` (spec 3: "full_name (or name)").
 * Unknown fields are refused, so nobody can register with `role: "admin"`.
 */
export const RegisterInput = z
  .object({
    full_name: personName.optional(),
    name: personName.optional(),
    email: emailField,
    phone: phoneField,
    address: addressField.optional(),
    password: registrationPassword,
    password_confirmation: text().optional(),
    role: z.enum(PUBLIC_ROLES, { error: 'Role must be customer or vendor' }).optional(),
    // Optional for API clients (see docs/api.md); when sent, anything but an acceptance is refused
    // with the checkbox's message, so `terms: "yes"` does not read as a mere format error.
    terms_accepted: z.unknown().describe(TERMS_DESCRIPTION).optional(),
    terms: z.unknown().describe(TERMS_DESCRIPTION).optional(),
    shop_name: shopNameField.optional(),
    shop_description: shopDescriptionField.optional(),
    account_holder_name: personName.optional(),
    account_number: accountNumberField.optional(),
    bank_name: bankNameField.optional(),
    bank_code: vendorBankCodeField.optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (!input.full_name && !input.name)
      ctx.addIssue({ code: 'custom', path: ['full_name'], message: VALIDATION_MESSAGES.required });
    if (input.password_confirmation !== undefined && input.password_confirmation !== input.password) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: VALIDATION_MESSAGES.passwordsMismatch });
    }
    for (const field of TERMS_FIELDS) {
      if (input[field] !== undefined && flag.safeParse(input[field]).data !== true) {
        ctx.addIssue({ code: 'custom', path: [field], message: VALIDATION_MESSAGES.terms });
      }
    }
    const role = input.role ?? (input.shop_name ? 'vendor' : 'customer');
    if (role === 'vendor') {
      for (const field of REQUIRED_VENDOR_FIELDS) {
        if (input[field] === undefined)
          ctx.addIssue({ code: 'custom', path: [field], message: VALIDATION_MESSAGES.required });
      }
      if (input.bank_name === undefined && input.bank_code === undefined) {
        ctx.addIssue({ code: 'custom', path: ['bank_name'], message: VALIDATION_MESSAGES.required });
      }
    } else {
      for (const field of VENDOR_FIELD_NAMES) {
        if (input[field] !== undefined) {
          ctx.addIssue({ code: 'custom', path: [field], message: ERROR_MESSAGES.vendorFieldsForbidden });
        }
      }
    }
  })
  .transform(
    ({ name, full_name, password_confirmation: _confirmation, terms_accepted: _accepted, terms: _terms, ...rest }) => ({
      ...rest,
      full_name: (full_name ?? name) as string,
      role: rest.role ?? (rest.shop_name ? ('vendor' as const) : ('customer' as const)),
    }),
  );
export type RegisterInput = z.input<typeof RegisterInput>;
export type RegisterData = z.output<typeof RegisterInput>;

/** The customer registration form: the server's rules plus confirmation and terms. */
export const CustomerRegisterForm = z
  .object({
    full_name: personName,
    email: emailField,
    phone: phoneField,
    password: registrationPassword,
    password_confirmation: text().min(1, VALIDATION_MESSAGES.required),
    terms_accepted: z.boolean().refine((v) => v, VALIDATION_MESSAGES.terms),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: VALIDATION_MESSAGES.passwordsMismatch,
  });
export type CustomerRegisterForm = z.input<typeof CustomerRegisterForm>;

/** The vendor registration form: Personal, Shop, Bank and Account sections (images travel as files). */
export const VendorRegisterForm = z
  .object({
    full_name: personName,
    email: emailField,
    phone: phoneField,
    ...vendorShopFields,
    password: registrationPassword,
    password_confirmation: text().min(1, VALIDATION_MESSAGES.required),
    terms_accepted: z.boolean().refine((v) => v, VALIDATION_MESSAGES.terms),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: VALIDATION_MESSAGES.passwordsMismatch,
  });
export type VendorRegisterForm = z.input<typeof VendorRegisterForm>;

export const LoginInput = z.object({
  email: emailField,
  password: loginPassword,
  intended_role: z.enum(USER_ROLES, { error: 'intended_role must be customer, vendor or admin' }).optional(),
});
export type LoginInput = z.input<typeof LoginInput>;

/** The admin sign-in form: email and password required, nothing else (spec 5). */
export const AdminLoginForm = z.object({
  email: text().trim().min(1, VALIDATION_MESSAGES.required),
  password: text().min(1, VALIDATION_MESSAGES.required),
});
export type AdminLoginForm = z.input<typeof AdminLoginForm>;

/** A password change's fields (spec 5, other rules); an empty or missing confirmation is a mismatch. */
const passwordChangeFields = {
  current_password: text().min(1, VALIDATION_MESSAGES.currentPasswordRequired),
  password: newPassword,
  password_confirmation: text(),
};
const confirmed = (v: { password: string; password_confirmation: string }) => v.password === v.password_confirmation;

export const ChangePasswordInput = z
  .object(passwordChangeFields)
  .strict()
  .refine(confirmed, { path: ['password_confirmation'], message: VALIDATION_MESSAGES.passwordsMismatch });
export type ChangePasswordInput = z.input<typeof ChangePasswordInput>;

/** The settings Security tab: new and confirm must match ('New passwords do not match.'). */
export const SecurityForm = z
  .object(passwordChangeFields)
  .refine(confirmed, { path: ['password_confirmation'], message: VALIDATION_MESSAGES.newPasswordsMismatch });

/** The vendor Account tab's change password: spec 5's account form messages ('Passwords do not match'). */
export const AccountPasswordForm = z
  .object(passwordChangeFields)
  .refine(confirmed, { path: ['password_confirmation'], message: VALIDATION_MESSAGES.passwordsMismatch });

/** The account form's personal fields (spec 5, other rules): emptied, each says it is required by name. */
const accountFullName = text().trim().min(1, VALIDATION_MESSAGES.fullNameRequired).pipe(personName);
const accountPhone = text().trim().min(1, VALIDATION_MESSAGES.phoneRequired).pipe(phoneField);
const accountAddress = text().trim().min(1, VALIDATION_MESSAGES.addressRequired).pipe(addressField);

/**
 * PUT /profile. Personal fields for everyone, shop and bank fields for vendors only, and a password
 * change when current_password, password and password_confirmation are all sent.
 */
export const UpdateProfileInput = z
  .object({
    full_name: accountFullName.optional(),
    name: accountFullName.optional(),
    email: emailField.optional(),
    phone: accountPhone.optional(),
    address: accountAddress.optional(),
    current_password: text().optional(),
    password: newPassword.optional(),
    password_confirmation: text().optional(),
    shop_name: shopNameField.optional(),
    shop_description: shopDescriptionField.optional(),
    account_holder_name: personName.optional(),
    account_number: accountNumberField.optional(),
    bank_name: bankNameField.optional(),
    bank_code: vendorBankCodeField.optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.password !== undefined) {
      if (!input.current_password) {
        ctx.addIssue({
          code: 'custom',
          path: ['current_password'],
          message: VALIDATION_MESSAGES.currentPasswordRequired,
        });
      }
      if (input.password_confirmation !== input.password) {
        ctx.addIssue({
          code: 'custom',
          path: ['password_confirmation'],
          message: VALIDATION_MESSAGES.passwordsMismatch,
        });
      }
    } else if (input.current_password || input.password_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: VALIDATION_MESSAGES.newPasswordRequired });
    }
  })
  .transform(({ name, full_name, ...rest }) => ({ ...rest, full_name: full_name ?? name }));
export type UpdateProfileInput = z.input<typeof UpdateProfileInput>;
export type UpdateProfileData = z.output<typeof UpdateProfileInput>;

/** The customer Profile tab and the vendor personal-info form. */
export const PersonalInfoForm = z.object({
  full_name: accountFullName,
  phone: accountPhone,
  address: accountAddress,
});
export type PersonalInfoForm = z.input<typeof PersonalInfoForm>;

export const VendorDto = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user: z.object({ name: z.string(), email: z.string() }),
  shop_name: z.string(),
  shop_description: z.string(),
  address: z.string(),
  phone: z.string(),
  average_rating: z.number(),
  total_reviews: z.number().int(),
  account_holder_name: z.string(),
  account_number: z.string(),
  bank_name: z.string(),
  /** Paystack's code of the bank (null for a shop registered before banks were checked). */
  bank_code: z.string().nullable(),
  /** The name the bank holds for the account, as resolved when it was last set (null: never checked). */
  resolved_account_name: z.string().nullable(),
  /** Payouts wait until then after a change of bank details (null when not paused). */
  payouts_paused_until: z.string().nullable(),
  profile_image: z.string().nullable(),
  cover_image: z.string().nullable(),
  is_verified: z.number().int().describe('1 when verified, else 0'),
  verified_at: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  created_at: z.string(),
});
export type VendorDto = z.infer<typeof VendorDto>;

export const UserDto = z.object({
  id: z.number().int(),
  name: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  role: z.enum(USER_ROLES),
  status: z.enum(USER_STATUSES),
  created_at: z.string(),
  vendor: VendorDto.nullable(),
});
export type UserDto = z.infer<typeof UserDto>;

export const AuthResultDto = z.object({ token: z.string(), user: UserDto });
export type AuthResultDto = z.infer<typeof AuthResultDto>;

export const MessageDto = z.object({ message: z.string() });
export type MessageDto = z.infer<typeof MessageDto>;

export const ErrorDto = z.object({
  message: z.string(),
  code: ErrorCodeSchema.describe('Stable error code to branch on; the message may change, the code does not.'),
  error: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorDto = z.infer<typeof ErrorDto>;
