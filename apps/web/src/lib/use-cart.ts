import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useStoredUser } from '@/lib/auth';
import { readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';

/** sessionStorage key of the coupon applied in the cart; the checkout page reads it. */
export const CHECKOUT_COUPON_KEY = 'checkout_coupon';

/** Spec 8 texts of the cart and wishlist screens. */
export const CART_TOASTS = {
  loadFailed: 'Failed to load cart items',
  addFailed: 'Failed to add to cart',
  removeFailed: 'Failed to remove item from cart',
  updateFailed: 'Failed to update cart item',
  clearFailed: 'Failed to clear cart',
  tryAgain: 'Please try again',
  added: 'Added to cart',
  addedDescription: (name: string) => `${name} has been added to your cart`,
  removed: 'Removed from cart',
  removedDescription: 'Item has been removed from your cart',
  cleared: 'Cart cleared',
  clearedDescription: 'All items have been removed from your cart',
  invalidCoupon: 'Invalid coupon',
  wishlistFailed: 'Wishlist operation failed',
  wishlistAdded: 'Added to wishlist',
  wishlistRemoved: 'Removed from wishlist',
} as const;

const MAX_RETRIES = 3;

/** Only customers have a cart and a wishlist; vendors and admins get 403 from the server. */
export function useIsCustomer(): boolean {
  const user = useStoredUser();
  return user?.role === 'customer';
}

/** Retries like the rest of the app, except on 401/403 (not a passing problem). */
export function retryUnlessDenied(failureCount: number, error: unknown): boolean {
  const status = readServerError(error, '').status;
  return failureCount < MAX_RETRIES && status !== 401 && status !== 403;
}

/** The signed-in customer's cart lines (spec 4: loaded from the server when authenticated). */
export function useCartItems() {
  const trpc = useTRPC();
  const isCustomer = useIsCustomer();
  return useQuery({ ...trpc.cart.list.queryOptions(), enabled: isCustomer, retry: retryUnlessDenied });
}

/** Reloads the cart list and the header count after any change (spec 4: "the cart is reloaded"). */
export function useInvalidateCart(): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries(trpc.cart.pathFilter()), [queryClient, trpc]);
}

/** Reloads the wishlist list and the product pages' wishlist checks. */
export function useInvalidateWishlist(): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries(trpc.wishlist.pathFilter()), [queryClient, trpc]);
}

export function readStoredCoupon(): string | null {
  try {
    return window.sessionStorage.getItem(CHECKOUT_COUPON_KEY);
  } catch {
    return null;
  }
}

export function writeStoredCoupon(code: string | null): void {
  try {
    if (code) window.sessionStorage.setItem(CHECKOUT_COUPON_KEY, code);
    else window.sessionStorage.removeItem(CHECKOUT_COUPON_KEY);
  } catch {
    // Storage blocked: the coupon is then only shown here and must be entered again at checkout.
  }
}
