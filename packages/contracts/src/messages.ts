import type { z } from 'zod';

/** Product texts from spec sections 5 and 8, kept in one place so server and client say the same thing. */

export const VALIDATION_MESSAGES = {
  required: 'This field is required',
  minLength: (n: number) => `Minimum length is ${n} characters`,
  maxLength: (n: number) => `Maximum length is ${n} characters`,
  invalidFormat: 'Invalid format',
  email: 'Please enter a valid email address',
  passwordLength: 'Password must be at least 8 characters long',
  passwordLower: 'Password must contain at least one lowercase letter',
  passwordUpper: 'Password must contain at least one uppercase letter',
  passwordDigit: 'Password must contain at least one number',
  passwordsMismatch: 'Passwords do not match',
  phone: 'Please enter a valid phone number',
  nameLength: 'Name must be at least 2 characters long',
  nameLetters: 'Name can only contain letters and spaces',
  accountNumber: 'Account number must be exactly 10 digits',
  bankName: 'Please choose a bank from the list',
  pricePositive: 'Price must be a positive number',
  priceMax: 'Price cannot exceed ₦1,000,000',
  stockNonNegative: 'Stock must be a non-negative number',
  stockMax: 'Stock cannot exceed 10,000',
  sizesRequired: 'At least one size is required',
  couponCode: 'Coupon code can only contain uppercase letters and numbers',
  discountPositive: 'Discount must be a positive number',
  discountMax: 'Discount cannot exceed 100%',
  usageLimitPositive: 'Usage limit must be a positive number',
  usageLimitMax: 'Usage limit cannot exceed 10,000',
  rating: 'Rating must be between 1 and 5',
  terms: 'You must accept the Terms and Conditions to continue',
  fullNameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  phoneRequired: 'Phone is required',
  addressRequired: 'Address is required',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  passwordMin: 'Password must be at least 8 characters',
  newPasswordsMismatch: 'New passwords do not match.',
} as const;

/**
 * Spec 5's generic messages for a refusal whose schema words none of its own: zod's global error map on the
 * server (packages/api/src/validation.ts), so no answer carries zod's English ("Too big: expected string to
 * have <=64 characters", "Invalid input"). A field not sent is required; a text too short or too long names
 * its bound; any other value of the wrong kind or shape is 'Invalid format'. undefined keeps zod's words
 * (a number or a list out of its range, a refinement's own message).
 */
export function genericMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin !== 'string') return undefined;
      return issue.input === '' ? VALIDATION_MESSAGES.required : VALIDATION_MESSAGES.minLength(Number(issue.minimum));
    case 'too_big':
      return issue.origin === 'string' ? VALIDATION_MESSAGES.maxLength(Number(issue.maximum)) : undefined;
    case 'invalid_type':
    case 'invalid_format':
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'not_multiple_of':
      return issue.input === undefined ? VALIDATION_MESSAGES.required : VALIDATION_MESSAGES.invalidFormat;
    default:
      return undefined;
  }
}

/**
 * A schema's error that says 'This field is required' for a field not sent or left empty in a form, and
 * `message` for any other value it refuses.
 */
export const requiredOr =
  (message: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined || issue.input === '' ? VALIDATION_MESSAGES.required : message;

/** Server error messages that are not validation messages. */
export const ERROR_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  suspended: 'Your account has been suspended. Please contact support.',
  wrongRole: (role: string) =>
    `This account is not registered as ${role === 'admin' ? 'an' : 'a'} ${role}. Please use the right sign-in page.`,
  emailTaken: 'The email has already been taken.',
  unauthenticated: 'Unauthenticated. Please log in.',
  invalidToken: 'Invalid or expired token. Please log in again.',
  forbidden: 'You are not allowed to do this.',
  tooManyLogins: (minutes: number) =>
    `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  currentPasswordWrong: 'The current password is incorrect.',
  vendorFieldsForbidden: 'Only vendor accounts have shop and bank details.',
  imageType: 'The image must be a JPEG, PNG or WebP file.',
  imageTooLarge: 'The image may not be larger than 5 MB.',
  imageTooManyPixels: 'The image may not be larger than 25 megapixels (for example 6000 × 4000 pixels).',
  notFound: 'Not found',
  emailReadOnly: 'The email address cannot be changed.',
  /** Admin lookups of one record (spec 8). */
  userNotFound: 'User not found',
  vendorNotFound: 'Vendor not found',
  productNotFound: 'Product not found',
} as const;

/** Toasts and screen texts of spec section 8 used by the client. */
export const UI_TEXT = {
  loginSuccess: 'Login successful',
  loginSuccessBody: 'Welcome back!',
  loginFailed: 'Login failed',
  registrationSuccess: 'Registration successful',
  vendorRegistrationSuccess: 'Vendor registration successful',
  vendorRegistrationSuccessBody: 'Your account is pending verification.',
  registrationFailed: 'Registration failed',
  loggedOut: 'Logged out',
  adminLoginSuccess: 'Admin login successful!',
  adminLoginSuccessBody: 'Welcome to the admin dashboard.',
  profileUpdated: 'Profile updated!',
  profileUpdatedBody: 'Your profile has been updated successfully.',
  profileUpdateFailed: 'Failed to update profile. Please try again.',
  passwordChanged: 'Password changed!',
  passwordChangedBody: 'Your password has been updated successfully.',
  passwordChangeFailed: 'Failed to change password. Please try again.',
  networkError: 'Network error: Unable to connect to the server. Please check your internet connection.',
  somethingWentWrong: 'Something went wrong',
  errorLoadingData: 'An error occurred while loading the data. Please try again.',
  notFoundTitle: 'Oops! Page not found',
  copied: 'Copied!',
  couponCreated: 'Coupon created',
  couponUpdated: 'Coupon updated',
  couponDeleted: 'Coupon deleted',
  couponCreateFailed: 'Failed to create coupon',
  couponUpdateFailed: 'Failed to update coupon',
  couponDeleteFailed: 'Failed to delete coupon',
  shopUpdated: 'Shop updated!',
  shopUpdateFailed: 'Failed to update shop',
  accountUpdated: 'Account updated!',
  accountUpdateFailed: 'Failed to update account',
  bankingUpdated: 'Banking details updated!',
  bankingUpdateFailed: 'Failed to update banking details',
  // Money screens (issue 12): the bank picker, the Earnings tab and the admin's Finance tab.
  bankAccountUnverified: 'We could not verify your bank account. Check the account number and the bank.',
  financeSettingsUpdated: 'Finance settings updated',
  financeSettingsUpdateFailed: 'Failed to update finance settings',
  commissionUpdated: 'Commission updated',
  commissionUpdateFailed: 'Failed to update commission',
  adjustmentRecorded: 'Adjustment recorded',
  adjustmentFailed: 'Failed to record adjustment',
  payoutsRun: 'Payout run finished',
  payoutsRunFailed: 'Failed to run payouts',
  // After the sale (issue 13): cancellations, returns and refunds.
  orderCancelled: 'Order cancelled',
  orderCancelFailed: 'Failed to cancel order',
  returnRequested: 'Return requested',
  returnRequestFailed: 'Failed to request return',
  returnApproved: 'Return approved',
  returnRejected: 'Return rejected',
  returnDecisionFailed: 'Failed to update return',
  returnReceived: 'Return marked as received',
  returnReceiveFailed: 'Failed to mark return as received',
  goodwillRefundCreated: 'Refund created',
  goodwillRefundFailed: 'Failed to create refund',
} as const;

/** Why an order cannot be cancelled (code ORDER_NOT_CANCELLABLE), and the shop's pointer to its cancel call. */
export const CANCEL_MESSAGES = {
  alreadyCancelled: 'This order is already cancelled.',
  shipped: 'This order has been shipped and can no longer be cancelled. Once it is delivered you can request a return.',
  delivered:
    'This order has been delivered and can no longer be cancelled. You can request a return within the return window.',
  afterDelivery: 'This order has a return or refund under way and can no longer be cancelled.',
  shopShipped: 'This order has been shipped and can no longer be cancelled.',
  shopUnpaid:
    'Only paid orders can be cancelled by the shop. An unpaid checkout is released by itself after 30 minutes.',
  shopUseCancel:
    'To cancel an order, use Cancel order (POST /api/vendor/orders/{id}/cancel) and give the customer the reason.',
  paidMeanwhile: 'The payment for this order arrived at the same time. Please refresh and try again.',
  changedMeanwhile: 'This order was updated at the same time. Please refresh and try again.',
} as const;
