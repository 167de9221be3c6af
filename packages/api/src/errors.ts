import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';

/**
 * Every failure a service can report, with its tRPC code and HTTP status, in one table.
 * Services throw `new DomainError('OUT_OF_STOCK', 'Only 2 left in size 58')`; the tRPC error
 * formatter and the REST adapter both read this table, so the two faces always agree.
 */
export const DOMAIN_ERRORS = {
  BAD_REQUEST: { trpc: 'BAD_REQUEST', http: 400 },
  VALIDATION: { trpc: 'UNPROCESSABLE_CONTENT', http: 422 },
  UNAUTHENTICATED: { trpc: 'UNAUTHORIZED', http: 401 },
  FORBIDDEN: { trpc: 'FORBIDDEN', http: 403 },
  SUSPENDED: { trpc: 'FORBIDDEN', http: 403 },
  NOT_FOUND: { trpc: 'NOT_FOUND', http: 404 },
  CONFLICT: { trpc: 'CONFLICT', http: 409 },
  EMAIL_TAKEN: { trpc: 'CONFLICT', http: 409 },
  OUT_OF_STOCK: { trpc: 'CONFLICT', http: 409 },
  PAYLOAD_TOO_LARGE: { trpc: 'PAYLOAD_TOO_LARGE', http: 413 },
  UNSUPPORTED_MEDIA_TYPE: { trpc: 'UNSUPPORTED_MEDIA_TYPE', http: 415 },
  TOO_MANY_REQUESTS: { trpc: 'TOO_MANY_REQUESTS', http: 429 },
  INTERNAL: { trpc: 'INTERNAL_SERVER_ERROR', http: 500 },
} as const satisfies Record<string, { trpc: TRPC_ERROR_CODE_KEY; http: number }>;

export type DomainErrorCode = keyof typeof DOMAIN_ERRORS;

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
};
