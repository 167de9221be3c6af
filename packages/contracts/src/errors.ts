/**
 * Every error code the API answers with, next to the message: `code` in a REST error body,
 * `data.errorCode` in a tRPC error. Clients branch on these, never on message text, which may
 * change. The specific codes name a failure a client may want to tell apart; the generic ones
 * (one per HTTP status) cover the rest. The server's table (packages/api/src/errors.ts) gives
 * each its HTTP status; a code, once published, keeps its meaning and status.
 */
export const ERROR_CODES = [
  // Generic, one per status.
  'BAD_REQUEST', // 400 malformed body or request
  'UNAUTHENTICATED', // 401 missing, invalid or revoked token
  'FORBIDDEN', // 403 wrong role or not allowed
  'NOT_FOUND', // 404 no such record, or not yours
  'CONFLICT', // 409 the record changed or clashes
  'PAYLOAD_TOO_LARGE', // 413 body or file too large
  'UNSUPPORTED_MEDIA_TYPE', // 415 not JSON/multipart, or not a JPEG/PNG/WebP image
  'VALIDATION', // 422 a field is invalid (see the field messages)
  'TOO_MANY_REQUESTS', // 429 a rate limit (sign-in failures, registrations, contact, coupon checks)
  'INTERNAL', // 500
  'SERVICE_UNAVAILABLE', // 503 a service the call needs (Redis) cannot be reached; try again shortly
  // Accounts.
  'INVALID_CREDENTIALS', // 401 unknown email or wrong password
  'WRONG_ROLE', // 403 signing in on the page of another role
  'SUSPENDED', // 403 the account is suspended
  'SHOP_PENDING', // 403 the shop is not verified yet
  'EMAIL_TAKEN', // 409 an account already uses this email
  'WRONG_PASSWORD', // 422 the current password does not match
  'INVALID_RESET_TOKEN', // 400 a password reset link that is unknown, used or expired
  // Buying.
  'OUT_OF_STOCK', // 409 not enough caps left (cart or checkout)
  'PRODUCT_UNAVAILABLE', // 409 the product is no longer on sale
  'INVALID_COUPON', // 422 unknown, expired, used up or not for these caps
  'COUPON_LIMIT_PER_CUSTOMER', // 422 this customer has used the coupon as often as allowed
  'CHECKOUT_TOTAL_TOO_HIGH', // 422 above the largest checkout total
  'UNPAID_CHECKOUT_LIMIT', // 429 too many unpaid checkouts or caps held unpaid
  'CHECKOUT_EXPIRED', // 409 the checkout expired and released its caps
  'ALREADY_PAID', // 409 the checkout is paid already
  // Shops and community.
  'COUPON_CODE_TAKEN', // 409 the shop (or the platform) already has this coupon code
  'INVALID_STATUS_CHANGE', // 422 an order cannot move to that status
  'NOT_DELIVERED', // 403 a review needs a delivered order
  'ALREADY_REVIEWED', // 409 one review per product (or shop) per customer
  'ALREADY_REPORTED', // 409 the caller has an open report on this shop
  'TOO_MANY_ADDRESSES', // 422 the address book is full
  // After the sale.
  'ORDER_NOT_CANCELLABLE', // 422 shipped, delivered, already cancelled or returned: no cancellation
  'RETURN_WINDOW_CLOSED', // 422 the order's return window has passed
  // Money.
  'ACCOUNT_NOT_RESOLVED', // 422 the bank does not know this account number
  'BANK_UNAVAILABLE', // 503 the bank (Paystack) could not be reached; try again later
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The generic code of an HTTP status, for failures that carry no code of their own. */
export function errorCodeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 422:
      return 'VALIDATION';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 400 && status < 500 ? 'BAD_REQUEST' : 'INTERNAL';
  }
}

/** Whether a value is one of the codes (a client reading an answer it did not type). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
