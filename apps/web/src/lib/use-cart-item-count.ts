import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/lib/trpc';
import { retryUnlessDenied, useIsCustomer } from './use-cart';

/**
 * Number of items (sum of quantities) in the cart, for the header badge: the server's `cart.count` for a
 * signed-in customer, 0 for everyone else. Every cart change invalidates it (see `useInvalidateCart`).
 */
export function useCartItemCount(): number {
  const trpc = useTRPC();
  const isCustomer = useIsCustomer();
  const count = useQuery({ ...trpc.cart.count.queryOptions(), enabled: isCustomer, retry: retryUnlessDenied });
  return isCustomer ? (count.data ?? 0) : 0;
}
