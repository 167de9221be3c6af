import { WishlistPanel } from './wishlist-panel';

/** Wishlist: the saved caps, as the cart feature shows them. */
export function WishlistTab() {
  return <WishlistPanel />;
}
