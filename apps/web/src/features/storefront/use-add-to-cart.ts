import type { ProductDto } from '@caps/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { useStoredUser } from '@/lib/auth';

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

/**
 * Add to Cart on the product page. The cart issue replaces the body of `addToCart` with the server
 * call ('Added to cart' / 'Failed to add item to cart'); the checks before it stay as they are.
 */
export function useAddToCart(): { addToCart: (request: AddToCartRequest) => AddToCartOutcome; isPending: boolean } {
  const user = useStoredUser();
  const promptLogin = useLoginPrompt();

  const addToCart = useCallback(
    ({ product, size }: AddToCartRequest): AddToCartOutcome => {
      if (!user) {
        promptLogin(LOGIN_TO_ADD_TO_CART);
        return 'needs-login';
      }
      if (!product.in_stock || product.stock <= 0) return 'out-of-stock';
      if (product.sizes.length > 0 && !size) return 'needs-size';
      toast.info('The cart is coming soon', {
        description: `Adding ${product.name} to your cart will be possible shortly. Please check back soon.`,
      });
      return 'unavailable';
    },
    [user, promptLogin],
  );

  return { addToCart, isPending: false };
}

/**
 * The wishlist toggle on the product page. The wishlist issue replaces it with the server state
 * (checked on load) and the add/remove calls ('Added to wishlist' / 'Removed from wishlist').
 */
export function useWishlistToggle(product: ProductDto | undefined): {
  wishlisted: boolean;
  toggle: () => void;
  isPending: boolean;
} {
  const user = useStoredUser();
  const promptLogin = useLoginPrompt();

  const toggle = useCallback(() => {
    if (!product) return;
    if (!user) {
      promptLogin('Please login to add items to your wishlist');
      return;
    }
    toast.info('The wishlist is coming soon', {
      description: `Saving ${product.name} to your wishlist will be possible shortly.`,
    });
  }, [product, user, promptLogin]);

  return { wishlisted: false, toggle, isPending: false };
}
