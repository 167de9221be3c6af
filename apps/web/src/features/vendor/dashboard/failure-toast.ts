import { toast } from '@/components/ui/toaster';
import { readServerError, type ServerError } from '@/lib/server-errors';

/** Spec 8: the description under every failed dashboard change. */
export const TRY_AGAIN = 'Please try again';

/**
 * What went wrong, and the failure toast that says so: the title of spec 8 ('Failed to add
 * product') with 'Please try again' under it, always (spec 8). The server's reason is returned so
 * the caller shows it where the user acts on it: under a field, or as the form's or dialog's message.
 */
export function toastFailure(title: string, error: unknown): ServerError {
  toast.error(title, { description: TRY_AGAIN });
  return readServerError(error, TRY_AGAIN);
}
