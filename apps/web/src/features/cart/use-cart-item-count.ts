/**
 * Number of items in the cart, for the header badge. The cart issue replaces this with the server cart
 * (signed in) and the local cart (signed out); until then the cart is always empty.
 */
export function useCartItemCount(): number {
  return 0;
}
