import type { ErrorCode } from '@caps/contracts';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';

/**
 * Every failure a service can report, with its tRPC code and HTTP status, in one table keyed by
 * the published codes (`ERROR_CODES` in @caps/contracts). Services throw
 * `new DomainError('OUT_OF_STOCK', 'Only 2 left in size 58')`; the tRPC error formatter and the
 * REST adapter both read this table, so the two faces always agree, and both send the code
 * (`data.errorCode` on tRPC, `code` in a REST body) so clients never branch on message text.
 * A code keeps its status once published: a client may already rely on either.
 */
export const DOMAIN_ERRORS = {
  BAD_REQUEST: { trpc: 'BAD_REQUEST', http: 400 },
  UNAUTHENTICATED: { trpc: 'UNAUTHORIZED', http: 401 },
  FORBIDDEN: { trpc: 'FORBIDDEN', http: 403 },
  NOT_FOUND: { trpc: 'NOT_FOUND', http: 404 },
  CONFLICT: { trpc: 'CONFLICT', http: 409 },
  PAYLOAD_TOO_LARGE: { trpc: 'PAYLOAD_TOO_LARGE', http: 413 },
  UNSUPPORTED_MEDIA_TYPE: { trpc: 'UNSUPPORTED_MEDIA_TYPE', http: 415 },
  VALIDATION: { trpc: 'UNPROCESSABLE_CONTENT', http: 422 },
  TOO_MANY_REQUESTS: { trpc: 'TOO_MANY_REQUESTS', http: 429 },
  INTERNAL: { trpc: 'INTERNAL_SERVER_ERROR', http: 500 },
  SERVICE_UNAVAILABLE: { trpc: 'SERVICE_UNAVAILABLE', http: 503 },
  INVALID_CREDENTIALS: { trpc: 'UNAUTHORIZED', http: 401 },
  WRONG_ROLE: { trpc: 'FORBIDDEN', http: 403 },
  SUSPENDED: { trpc: 'FORBIDDEN', http: 403 },
  SHOP_PENDING: { trpc: 'FORBIDDEN', http: 403 },
  EMAIL_TAKEN: { trpc: 'CONFLICT', http: 409 },
  WRONG_PASSWORD: { trpc: 'UNPROCESSABLE_CONTENT', http: 422 },
  INVALID_RESET_TOKEN: { trpc: 'BAD_REQUEST', http: 400 },
  OUT_OF_STOCK: { trpc: 'CONFLICT', http: 409 },
  PRODUCT_UNAVAILABLE: { trpc: 'CONFLICT', http: 409 },
  INVALID_COUPON: { trpc: 'UNPROCESSABLE_CONTENT', http: 422 },
  COUPON_LIMIT_PER_CUSTOMER: { trpc: 'UNPROCESSABLE_CONTENT', http: 422 },
  CHECKOUT_TOTAL_TOO_HIGH: { trpc: 'UNPROCESSABLE_CONTENT', http: 422 },
  UNPAID_CHECKOUT_LIMIT: { trpc: 'TOO_MANY_REQUESTS', http: 429 },
  CHECKOUT_EXPIRED: { trpc: 'CONFLICT', http: 409 },
  ALREADY_PAID: { trpc: 'CONFLICT', http: 409 },
  COUPON_CODE_TAKEN: { trpc: 'CONFLICT', http: 409 },
  INVALID_STATUS_CHANGE: { trpc: 'UNPROCESSABLE_CONTENT', http: 422 },
  NOT_DELIVERED: { trpc: 'FORBIDDEN', http: 403 },
  ALREADY_REVIEWED: { trpc: 'CONFLICT', http: 409 },
  ALREADY_REPORTED: { trpc: 'CONFLICT', http: 409 },
  TOO_MANY_ADDRESSES: { trpc: 'UNPROCESSABLE_CONTENT', http: 422 },
  RETURN_WINDOW_CLOSED: { trpc: 'UNPROCESSABLE_CONTENT', http: 422 },
  ACCOUNT_NOT_RESOLVED: { trpc: 'UNPROCESSABLE_CONTENT', http: 422 },
  BANK_UNAVAILABLE: { trpc: 'SERVICE_UNAVAILABLE', http: 503 },
  ORDER_NOT_CANCELLABLE: { trpc: 'UNPROCESSABLE_CONTENT', http: 422 },
} as const satisfies Record<ErrorCode, { trpc: TRPC_ERROR_CODE_KEY; http: number }>;

export type DomainErrorCode = ErrorCode;

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** Field messages for validation failures: { field: [message] }. */
    readonly fieldErrors?: Record<string, string[]>,
    /** Seconds after which a retry may succeed (rate limits). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** The HTTP status of a tRPC error code, for codes that did not come from a DomainError. */
export const TRPC_HTTP_STATUS: Partial<Record<TRPC_ERROR_CODE_KEY, number>> = {
  PARSE_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  TIMEOUT: 408,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  CLIENT_CLOSED_REQUEST: 499,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};
