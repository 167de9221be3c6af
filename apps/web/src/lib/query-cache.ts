import { retryUnlessDenied } from './use-auth-failure';

/**
 * Spec 9: admin data is fresh for 10 minutes and kept for 30, with one retry and no refetch on focus,
 * mount or reconnect. The admin's own actions refresh it (useRefreshAdminData), so it never lags them.
 */
export const ADMIN_QUERY_CACHE = {
  staleTime: 10 * 60_000,
  gcTime: 30 * 60_000,
  retry: 1,
  refetchOnWindowFocus: false,
  refetchOnMount: false,
  refetchOnReconnect: false,
} as const;

/**
 * Spec 9: vendor dashboard, profile and order data stay fresh for 5 minutes and are kept for 10, with up
 * to 3 retries, but none after a refusal (401, 403): only signing in again helps then.
 */
export const DASHBOARD_CACHE = { staleTime: 5 * 60_000, gcTime: 10 * 60_000, retry: retryUnlessDenied } as const;
