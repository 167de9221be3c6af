import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useStoredUser } from '@/lib/auth';
import { clearSession } from '@/lib/auth-storage';
import { DASHBOARD_CACHE } from '@/lib/query-cache';
import { isUnauthenticated } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';

/**
 * The signed-in vendor's profile (auth.me), shared by the page and its tabs: one cached call, so
 * every tab sees the same verification state.
 */
export function useVendorProfile() {
  const trpc = useTRPC();
  const isVendor = useStoredUser()?.role === 'vendor';
  return useQuery({ ...trpc.auth.me.queryOptions(undefined, DASHBOARD_CACHE), enabled: isVendor });
}

/**
 * A dashboard call refused for a token the server no longer knows (expired, revoked): the token is
 * forgotten, and the page's guard then leads to the vendor login.
 */
export function useForgetRefusedSession(error: unknown): void {
  useEffect(() => {
    if (error && isUnauthenticated(error)) clearSession();
  }, [error]);
}

/** Whether the signed-in vendor's shop has been verified by an admin; false while unknown. */
export function useShopVerified(): boolean {
  const profile = useVendorProfile();
  return profile.data?.vendor?.is_verified === 1;
}
