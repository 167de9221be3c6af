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

/** Seconds a client is told to wait (Retry-After) when a service a call needs cannot be reached. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export const SERVICE_UNAVAILABLE_MESSAGE = 'Service temporarily unavailable, please try again shortly.';

/**
 * Error codes of a service that cannot be reached or did not answer in time: Node's socket errors, and
 * PostgreSQL's SQLSTATEs of a server going away (57P01-03), too many connections (53300) and a statement
 * cancelled by statement_timeout (57014: a database too busy to answer is unavailable too). Class 08 (connection
 * exceptions) is matched by prefix. SQLITE_BUSY is a SQLite file locked beyond its busy timeout.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
  'SQLITE_BUSY',
]);

/**
 * What knex and pg say, without a code, when the database cannot be reached: the pool's wait ran out, a
 * connection was cut or never finished starting (connectionTimeoutMillis), or no answer came (query_timeout).
 * knex puts the statement before pg's message (`select ... - Query read timeout`).
 */
const UNREACHABLE_MESSAGE =
  /(?:^| - )(Knex: Timeout acquiring a connection|Connection terminated|Query read timeout|timeout expired|Client has encountered a connection error|Client was closed and is not queryable)/;

/** Whether `error` (or what caused it) says a service could not be reached, rather than that a call was wrong. */
function isUnreachable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (UNREACHABLE_MESSAGE.test(error.message)) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isUnreachable(inner, depth + 1))) return true;
  return isUnreachable(error.cause, depth + 1);
}

/**
 * A failure to reach the database (or another service) as the 503 every face answers (REST, tRPC, the
 * sitemap...), keeping the original error as its cause for the log; undefined for anything else. A DomainError
 * is its own answer and never passes here.
 */
export function asUnavailable(error: unknown): DomainError | undefined {
  if (error instanceof DomainError || !isUnreachable(error)) return undefined;
  return Object.assign(
    new DomainError('SERVICE_UNAVAILABLE', SERVICE_UNAVAILABLE_MESSAGE, undefined, UNAVAILABLE_RETRY_AFTER_SECONDS),
    { cause: error },
  );
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
