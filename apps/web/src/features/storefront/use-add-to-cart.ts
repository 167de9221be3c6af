import type { ProductDto } from '@caps/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/toaster';
import { useStoredUser } from '@/lib/auth';
import { readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';
import { CART_TOASTS, retryUnlessDenied, useInvalidateCart } from '@/lib/use-cart';

/** Spec 5: Add to Cart needs a logged-in user. */
export const LOGIN_REQUIRED_TITLE = 'Login required';
export const LOGIN_TO_ADD_TO_CART = 'Please login to add items to cart';
export const SELECT_SIZE_MESSAGE = 'Please select a size';

export interface AddToCartRequest {
  product: ProductDto;
  /** The chosen size; null when none is picked yet. */
  size: string | null;
  quantity: number;
}

/** What became of a request: the page shows the size message for `needs-size`. */
export type AddToCartOutcome = 'added' | 'needs-login' | 'needs-size' | 'out-of-stock' | 'unavailable';

/** The toast that asks a visitor to log in, with a button that takes them to /auth. */
export function useLoginPrompt(): (description: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (description: string) => {
      toast.error(LOGIN_REQUIRED_TITLE, {
        description,
        action: { label: 'Login', onClick: () => navigate('/auth') },
      });
    },
    [navigate],
  );
}

/** A signed-in vendor or admin has no cart or wishlist (the server answers 403). */
export const CUSTOMERS_ONLY = 'Only customer accounts can shop';
const CUSTOMERS_ONLY_DESCRIPTION = 'Sign in with a customer account to use the cart and the wishlist.';

/**
 * Add to Cart on the product page: the checks, then `cart.add` ('Added to cart' / 'Failed to add to cart'
 * with the server's reason, e.g. 'Only 3 left'). 'added' means the request was sent; the toasts tell how it ended.
 */
export function useAddToCart(): { addToCart: (request: AddToCartRequest) => AddToCartOutcome; isPending: boolean } {
  const user = useStoredUser();
  const promptLogin = useLoginPrompt();
  const trpc = useTRPC();
  const invalidateCart = useInvalidateCart();
  const add = useMutation(trpc.cart.add.mutationOptions());
  const { mutate } = add;

  const addToCart = useCallback(
    ({ product, size, quantity }: AddToCartRequest): AddToCartOutcome => {
      if (!user) {
        promptLogin(LOGIN_TO_ADD_TO_CART);
        return 'needs-login';
      }
      if (!product.in_stock || product.stock <= 0) return 'out-of-stock';
      if (product.sizes.some((entry) => entry.trim()) && !size) return 'needs-size';
      if (user.role !== 'customer') {
        toast.error(CUSTOMERS_ONLY, { description: CUSTOMERS_ONLY_DESCRIPTION });
        return 'unavailable';
      }
      mutate(
        { product_id: product.id, quantity, size: size ?? '' },
        {
          onSuccess: () => {
            toast.success(CART_TOASTS.added, { description: CART_TOASTS.addedDescription(product.name) });
          },
          onError: (error) => {
            toast.error(CART_TOASTS.addFailed, {
              description: readServerError(error, CART_TOASTS.tryAgain).message,
            });
          },
          onSettled: () => invalidateCart(),
        },
      );
      return 'added';
    },
    [user, promptLogin, mutate, invalidateCart],
  );

  return { addToCart, isPending: add.isPending };
}

/**
 * The wishlist toggle on the product page: the state comes from `wishlist.has` (signed-in customers),
 * and a click adds or removes the cap ('Added to wishlist' / 'Removed from wishlist').
 */
export function useWishlistToggle(product: ProductDto | undefined): {
  wishlisted: boolean;
  toggle: () => void;
  isPending: boolean;
} {
  const user = useStoredUser();
  const promptLogin = useLoginPrompt();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const isCustomer = user?.role === 'customer';
  const productId = product?.id ?? 0;
  const hasOptions = trpc.wishlist.has.queryOptions({ product_id: productId });
  // Spec 8 "Silent failures": a failed check reads as not wishlisted.
  const has = useQuery({ ...hasOptions, enabled: isCustomer && productId > 0, retry: retryUnlessDenied });
  const add = useMutation(trpc.wishlist.add.mutationOptions());
  const remove = useMutation(trpc.wishlist.remove.mutationOptions());
  const wishlisted = isCustomer && has.data === true;
  const isPending = add.isPending || remove.isPending;

  const toggle = useCallback(() => {
    if (!product) return;
    if (!user) {
      promptLogin('Please login to add items to your wishlist');
      return;
    }
    if (user.role !== 'customer') {
      toast.error(CUSTOMERS_ONLY, { description: CUSTOMERS_ONLY_DESCRIPTION });
      return;
    }
    const handlers = {
      onSuccess: () => {
        queryClient.setQueryData(hasOptions.queryKey, !wishlisted);
        toast.success(wishlisted ? CART_TOASTS.wishlistRemoved : CART_TOASTS.wishlistAdded, {
          description: wishlisted
            ? `${product.name} has been removed from your wishlist`
            : `${product.name} has been added to your wishlist`,
        });
      },
      onError: (error: unknown) => {
        toast.error(CART_TOASTS.wishlistFailed, { description: readServerError(error, CART_TOASTS.tryAgain).message });
      },
      onSettled: () => queryClient.invalidateQueries(trpc.wishlist.pathFilter()),
    };
    if (wishlisted) remove.mutate({ product_id: product.id }, handlers);
    else add.mutate({ product_id: product.id }, handlers);
  }, [product, user, promptLogin, wishlisted, queryClient, hasOptions.queryKey, trpc, add, remove]);

  return { wishlisted, toggle, isPending };
}
