import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { applyServerFieldErrors } from '@/lib/server-errors';
import { TRY_AGAIN, toastFailure } from './failure-toast';

/**
 * A dashboard form's failed save: the spec 8 toast ('Failed to update shop' / 'Please try again'), the server's field messages under their fields, and the
 * sentence for the form's alert: null when the reason already sits under a field.
 */
export function reportSaveFailure<TValues extends FieldValues>(
  error: unknown,
  title: string,
  setError: UseFormSetError<TValues>,
  fields: readonly FieldPath<TValues>[],
): string | null {
  const { message, fieldErrors, status } = toastFailure(title, error);
  applyServerFieldErrors(setError, fieldErrors, fields);
  if (fields.some((field) => fieldErrors[field]?.[0] === message)) return null;
  // A refusal or no connection says what happened; a server fault just asks to try again.
  return status < 500 ? message : `${title}. ${TRY_AGAIN}.`;
}
