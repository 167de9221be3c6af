import { type ErrorCode, errorCodeForStatus } from '@caps/contracts';
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { Context } from './context.js';
import { asUnavailable, DOMAIN_ERRORS, DomainError } from './errors.js';
import type { OperationMeta, RestCall } from './rest-binding.js';
import { fieldErrorsOf, refuseNul, summaryOf } from './validation.js';

/** Turns a DomainError thrown by a service into the tRPC error of its code. */
export function toTRPCError(error: unknown): unknown {
  if (error instanceof DomainError) {
    return new TRPCError({ code: DOMAIN_ERRORS[error.code].trpc, message: error.message, cause: error });
  }
  return error;
}

function errorCodeOf(cause: unknown, httpStatus: number): ErrorCode {
  if (cause instanceof DomainError) return cause.code;
  // An input schema's refusal; a ZodError behind a 500 is an output that broke its schema.
  if (cause instanceof ZodError && httpStatus < 500) return 'VALIDATION';
  return errorCodeForStatus(httpStatus);
}

/** The context of every call; REST adds `rest` (its files), see rest-binding.ts. */
export type OperationContext = Context & { rest?: RestCall };

const builder = initTRPC.context<OperationContext>().meta<OperationMeta>();
const t = builder.create({
  errorFormatter({ shape, error, ctx }) {
    const cause = error.cause;
    const fieldErrors =
      cause instanceof ZodError ? fieldErrorsOf(cause) : cause instanceof DomainError ? cause.fieldErrors : undefined;
    const showDetails = ctx?.services.config.nodeEnv === 'development';
    let message = shape.message;
    if (cause instanceof ZodError && fieldErrors) message = summaryOf(fieldErrors);
    if (error.code === 'INTERNAL_SERVER_ERROR' && !showDetails) message = 'Internal server error';
    const httpStatus = cause instanceof DomainError ? DOMAIN_ERRORS[cause.code].http : shape.data.httpStatus;
    const data: Record<string, unknown> = {
      code: shape.data.code,
      httpStatus,
      path: shape.data.path,
      // The stable code clients branch on (`data.code` stays tRPC's own): a service's, else the
      // generic one of the status; an input schema failure is VALIDATION on both faces.
      errorCode: errorCodeOf(cause, httpStatus),
    };
    if (fieldErrors) data.fieldErrors = fieldErrors;
    if (cause instanceof DomainError && cause.retryAfter) data.retryAfter = cause.retryAfter;
    if (showDetails) data.stack = shape.data.stack;
    return {
      ...shape,
      message,
      data: data as typeof shape.data & { errorCode: ErrorCode; fieldErrors?: Record<string, string[]> },
    };
  },
});

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;
export const baseProcedure = t.procedure.use(async ({ getRawInput, next }) => {
  // The same NUL refusal the REST adapter applies, on the raw input before any procedure (or its
  // input schema) sees it, so no string holding U+0000 can reach a query through tRPC either.
  try {
    refuseNul(await getRawInput());
  } catch (error) {
    throw toTRPCError(error);
  }
  const result = await next();
  if (!result.ok) {
    // A service's own failure, or a database it could not reach (503, not 500).
    const cause = result.error.cause;
    const domain = cause instanceof DomainError ? cause : asUnavailable(cause);
    if (domain) {
      result.error = new TRPCError({ code: DOMAIN_ERRORS[domain.code].trpc, message: domain.message, cause: domain });
    }
  }
  return result;
});
