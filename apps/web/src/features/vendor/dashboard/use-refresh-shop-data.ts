import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '@/lib/trpc';

/**
 * After a product or order changes: the vendor's lists and figures, and the public catalogue that
 * shows the same caps, are loaded again.
 */
export function useRefreshShopData(): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries(trpc.vendorProducts.pathFilter()),
      queryClient.invalidateQueries(trpc.vendor.pathFilter()),
      queryClient.invalidateQueries(trpc.catalogue.pathFilter()),
    ]);
  }, [queryClient, trpc]);
}
