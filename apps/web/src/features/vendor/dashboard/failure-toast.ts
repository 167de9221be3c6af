import { toast } from 'sonner';
import { readServerError, type ServerError } from '@/lib/server-errors';

/** Spec 8: the description under every failed dashboard change. */
export const TRY_AGAIN = 'Please try again';

/**
 * What went wrong, and the failure toast that says so: the title of spec 8 ('Failed to add
 * product'), described by the server's own message when it refused the input (a 4xx says what to
 * fix), else 'Please try again'.
 */
export function toastFailure(title: string, error: unknown): ServerError {
  const problem = readServerError(error, TRY_AGAIN);
  const refused = problem.status >= 400 && problem.status < 500 && problem.status !== 401;
  toast.error(title, { description: refused ? problem.message : TRY_AGAIN });
  return problem;
}
