import { STATUS_CODES } from 'node:http';
import { asUnavailable, DOMAIN_ERRORS, DomainError, TRPC_HTTP_STATUS } from '@caps/api';
import { ERROR_MESSAGES, type ErrorCode, errorCodeForStatus } from '@caps/contracts';
import { TRPCError } from '@trpc/server';
import type { FastifyError, FastifyInstance } from 'fastify';

export interface ErrorBody {
  message: string;
  /** The stable code clients branch on (`ERROR_CODES`); the message may change, the code does not. */
  code: ErrorCode;
  error: string;
  statusCode: number;
  errors?: Record<string, string[]>;
}

/** An error body; without a code of its own, the generic code of the status. */
function body(
  status: number,
  message: string,
  errors?: Record<string, string[]>,
  code: ErrorCode = errorCodeForStatus(status),
): ErrorBody {
  return {
    message,
    code,
    error: STATUS_CODES[status] ?? 'Error',
    statusCode: status,
    ...(errors ? { errors } : {}),
  };
}

/** The refusal of a form field named after an Object.prototype member. */
export const PROTOTYPE_FIELD = 'Field names such as constructor, toString or __proto__ are not allowed.';

/**
 * The DomainError an error answers as: itself, a service's failure that came through a tRPC procedure, or a
 * database (or other service) that could not be reached, as 503 (errors.ts in @caps/api); else undefined.
 */
function domainErrorOf(error: unknown): DomainError | undefined {
  if (error instanceof DomainError) return error;
  if (error instanceof TRPCError && error.cause instanceof DomainError) return error.cause;
  return asUnavailable(error instanceof TRPCError ? error.cause : error);
}

/** Maps anything thrown while answering to a status and a `{ message, error }` body. Never a stack trace. */
export function errorResponse(error: unknown): ErrorBody {
  const domain = domainErrorOf(error);
  if (domain) return body(DOMAIN_ERRORS[domain.code].http, domain.message, domain.fieldErrors, domain.code);
  if (error instanceof TRPCError) {
    const status = TRPC_HTTP_STATUS[error.code] ?? 500;
    return body(status, status >= 500 ? 'Internal server error' : error.message);
  }
  const fastifyError = error as Partial<FastifyError> & { part?: unknown };
  switch (fastifyError.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
      return body(
        413,
        fastifyError.code === 'FST_FILES_LIMIT' ? 'Too many files in one request.' : ERROR_MESSAGES.imageTooLarge,
      );
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return body(413, 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return body(415, 'Send JSON (application/json) or multipart/form-data.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return body(400, 'The request body is not valid JSON.');
    case 'FST_PROTO_VIOLATION':
      // @fastify/multipart stops at a form field named like an Object.prototype member (toString,
      // constructor...) without saying which: it is an unknown field, so 422 like any other.
      return body(422, PROTOTYPE_FIELD);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return body(400, 'The multipart body could not be read.');
  }
  const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status >= 400 && status < 500) {
    if (error instanceof SyntaxError) return body(400, 'The request body is not valid JSON.');
    return body(status, fastifyError.message || STATUS_CODES[status] || 'Bad request');
  }
  return body(500, 'Internal server error');
}

/** Installs the JSON error answers for every route of the app, REST or not. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const response = errorResponse(error);
    if (response.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    const retryAfter = domainErrorOf(error)?.retryAfter;
    if (retryAfter) reply.header('retry-after', String(retryAfter));
    return reply.status(response.statusCode).send(response);
  });
}
