import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '@/components/ui/toaster';
import { ADMIN_QUERY_CACHE } from '@/lib/query-cache';
import { isNotFoundError } from '@/lib/query-errors';
import { readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';
import { useAuthFailure } from '@/lib/use-auth-failure';

/** One retry (spec 9) for a single record, none when it does not exist: that answer is final. */
export function retryOnceUnlessNotFound(failureCount: number, error: unknown): boolean {
  return failureCount < ADMIN_QUERY_CACHE.retry && !isNotFoundError(error);
}

/**
 * Marks every admin list stale and reloads it, those of other tabs included: with refetchOnMount off, a
 * list that is only marked stale would still show the old rows when its tab opens again. The public
 * catalogue, shop and report lists are refreshed too, since a verified shop or an archived cap changes them.
 */
export function useRefreshAdminData(): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey(), refetchType: 'all' }),
      queryClient.invalidateQueries({ queryKey: trpc.catalogue.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.vendors.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.reports.pathKey() }),
    ]);
  }, [queryClient, trpc]);
}

/** Said under 'Authentication Error' when an admin's session ends while they work. */
const ADMIN_SESSION_ENDED = 'Please log in again to manage the marketplace';

/**
 * What a failed admin action shows: a lost session leads to /admin/auth; anything else is a toast with
 * the failure as title and the server's reason (a 4xx message) under it. Returns that reason.
 */
export function useAdminFailure(): (error: unknown, failure: string) => string {
  const authFailure = useAuthFailure('/admin/auth');
  return useCallback(
    (error: unknown, failure: string) => {
      const { message } = readServerError(error, failure);
      if (!authFailure(error, ADMIN_SESSION_ENDED)) toast.error(failure, { description: message });
      return message;
    },
    [authFailure],
  );
}

/** The toasts and refresh every admin action ends with: the success text and a refresh of the lists, or the failure. */
export function useAdminActionFeedback() {
  const refresh = useRefreshAdminData();
  const showFailure = useAdminFailure();
  return useCallback(
    (success: string, failure: string) => ({
      onSuccess: () => {
        toast.success(success);
        void refresh();
      },
      onError: (error: unknown) => {
        showFailure(error, failure);
      },
    }),
    [refresh, showFailure],
  );
}
