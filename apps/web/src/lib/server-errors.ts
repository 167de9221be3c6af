import { UI_TEXT } from '@caps/contracts';
import { TRPCClientError } from '@trpc/client';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError, type FieldErrors } from './api';
import { errorCodeOf } from './error-code';

export interface ServerError {
  /** A readable sentence for a toast or an alert. */
  message: string;
  /** Messages per input field, as the server reported them. */
  fieldErrors: FieldErrors;
  /** HTTP status, 0 when the server could not be reached. */
  status: number;
}

interface TrpcErrorData {
  httpStatus?: number;
  fieldErrors?: FieldErrors;
}

/** What went wrong in a tRPC or REST call, in words a user can act on. */
export function readServerError(error: unknown, fallback: string): ServerError {
  if (error instanceof ApiError) {
    return { message: error.message || fallback, fieldErrors: error.fieldErrors, status: error.status };
  }
  if (error instanceof TRPCClientError) {
    const data = error.data as TrpcErrorData | undefined;
    if (!data) {
      // No error shape at all: the request never reached our server (offline, DNS, server down).
      return { message: UI_TEXT.networkError, fieldErrors: {}, status: 0 };
    }
    return { message: error.message || fallback, fieldErrors: data.fieldErrors ?? {}, status: data.httpStatus ?? 500 };
  }
  return { message: fallback, fieldErrors: {}, status: 500 };
}

/** The session is missing or no longer accepted (not a wrong password at sign-in, which is INVALID_CREDENTIALS). */
export function isUnauthenticated(error: unknown): boolean {
  return errorCodeOf(error) === 'UNAUTHENTICATED';
}

/** Puts the server's field messages under the form's own fields; other fields are left to the summary. */
export function applyServerFieldErrors<TValues extends FieldValues>(
  setError: UseFormSetError<TValues>,
  fieldErrors: FieldErrors,
  fields: readonly FieldPath<TValues>[],
): void {
  for (const field of fields) {
    const message = fieldErrors[field]?.[0];
    if (message) setError(field, { type: 'server', message });
  }
}

/**
 * Puts the server's field messages under the form's fields, and answers what to show above the form: the
 * message, or null when it already sits under one of the fields (no second copy).
 */
export function formFailure<TValues extends FieldValues>(
  setError: UseFormSetError<TValues>,
  { message, fieldErrors }: Pick<ServerError, 'message' | 'fieldErrors'>,
  fields: readonly FieldPath<TValues>[],
): string | null {
  applyServerFieldErrors(setError, fieldErrors, fields);
  return fields.some((field) => fieldErrors[field]?.[0] === message) ? null : message;
}
