import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTRPC } from '@/lib/trpc';

/** Empties the browser's Cache Storage (a service worker's or the HTTP layer's copies), where there is one. */
async function clearBrowserCaches(): Promise<void> {
  if (typeof window === 'undefined' || !('caches' in window)) return;
  try {
    const names = await window.caches.keys();
    await Promise.all(names.map((name) => window.caches.delete(name)));
  } catch {
    // Cache Storage is unavailable on insecure origins and in some private modes: nothing to clear there.
  }
}

/**
 * Spec 2 Refresh: forgets the cached product data and the browser caches, then asks the server again.
 * Pages on screen keep their cards until the fresh ones arrive.
 */
export function useRefreshCatalogue(): { refresh: () => Promise<void>; refreshing: boolean } {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      await clearBrowserCaches();
      const catalogue = trpc.catalogue.pathFilter();
      // Lists and products not on screen are dropped; those on screen are fetched again now.
      queryClient.removeQueries({ ...catalogue, type: 'inactive' });
      await queryClient.invalidateQueries({ ...catalogue, refetchType: 'active' });
    } finally {
      setRefreshing(false);
    }
  }, [queryClient, trpc]);

  return { refresh, refreshing };
}
