import type { UserRole } from '@caps/contracts';

/** The three sign-in pages (spec 2). */
export type SignInPath = '/auth' | '/vendor/auth' | '/admin/auth';

/** Where each role signs in: after a password reset, or when a session of that role has ended. */
export const SIGN_IN_PATHS: Record<UserRole, SignInPath> = {
  customer: '/auth',
  vendor: '/vendor/auth',
  admin: '/admin/auth',
};

/** The sign-in page a link passed along in router state (`{ signInPath }`), or the customers' one. */
export function signInPathOf(state: unknown): SignInPath {
  if (typeof state !== 'object' || state === null || !('signInPath' in state)) return '/auth';
  const path = state.signInPath;
  return Object.values(SIGN_IN_PATHS).find((known) => known === path) ?? '/auth';
}
