import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/toaster';
import { clearSession } from '@/lib/auth-storage';
import { isUnauthenticated, readServerError } from '@/lib/server-errors';

/** Spec 8: the settings screens' title when the session is no longer accepted. */
export const AUTH_ERROR_TITLE = 'Authentication Error';

/** The sentence under AUTH_ERROR_TITLE, by what the customer was doing (spec 8). */
export const AUTH_ERROR = {
  settings: 'Please log in again to access your settings',
  profile: 'Please log in again to update your profile',
  password: 'Please log in again to change your password',
} as const;

/**
 * Handles a 401 from a settings call: says so, forgets the stored session and goes to the sign-in page
 * (/auth for customers; the vendor dashboard passes /vendor/auth). Returns true when it did, so the
 * caller shows nothing else.
 */
export function useAuthFailure(signInPath = '/auth'): (error: unknown, sentence: string) => boolean {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown, sentence: string) => {
      if (!isUnauthenticated(error)) return false;
      toast.error(AUTH_ERROR_TITLE, { description: sentence, id: 'settings-auth-error' });
      clearSession();
      queryClient.clear();
      navigate(signInPath, { replace: true });
      return true;
    },
    [navigate, queryClient, signInPath],
  );
}

const MAX_RETRIES = 3;

/** Retries a failed load up to 3 times (spec 9), but not a refusal: signing in again is the only fix. */
export function retryUnlessDenied(failureCount: number, error: unknown): boolean {
  const { status } = readServerError(error, '');
  return failureCount < MAX_RETRIES && status !== 401 && status !== 403;
}
