import { z } from 'zod';
import { wholeNumber } from './catalogue.js';
import { text } from './fields.js';
import { VALIDATION_MESSAGES } from './messages.js';

/** The most one line may hold: the most stock a product can have (spec 5, Stock at most 10,000). */
export const MAX_CART_QUANTITY = 10_000;
const MAX_ID = 2_147_483_647;

/** Texts of the cart calls, shared by the server answers and the client. */
export const CART_TEXT = {
  itemRemoved: 'Item removed from cart',
  cleared: 'Cart cleared',
  itemNotFound: 'Cart item not found',
  validSize: (sizes: readonly string[]) =>
    sizes.length ? `Please select a valid size: ${sizes.join(', ')}` : 'This cap has no sizes to choose from',
  outOfStock: (name: string) => `${name} is out of stock`,
  onlyLeft: (stock: number, size: string, inCart: number) =>
    `Only ${stock} left${size ? ` in size ${size}` : ''}${inCart > 0 ? ` (you already have ${inCart} in your cart)` : ''}`,
  unavailable: 'This cap is no longer available. Please remove it from your cart.',
} as const;

/**
 * Free-text size as the product lists it; a product without sizes takes none. Sizes such as 57 are
 * numbers to a client, so a JSON number is taken as its text.
 */
const sizeField = z
  .union([z.number().transform(String), text()], {
    error: (issue) => (issue.input === null ? VALIDATION_MESSAGES.required : VALIDATION_MESSAGES.invalidFormat),
  })
  .pipe(z.string().trim().max(20, VALIDATION_MESSAGES.maxLength(20)));

/**
 * POST /cart. Strict: the price always comes from the product on the server, so a client-sent `price`
 * (or any other unknown field) is refused rather than silently ignored.
 */
export const AddToCartInput = z
  .object({
    // Whole numbers as JSON numbers or plain digits, as the wishlist takes them; 2.5, "0x5" and true are refused.
    product_id: wholeNumber('product_id', 1, MAX_ID),
    quantity: wholeNumber('quantity', 1, MAX_CART_QUANTITY).default(1),
    size: sizeField.default(''),
  })
  .strict();
export type AddToCartInput = z.input<typeof AddToCartInput>;

/** PUT /cart/{id}: a quantity of zero or below removes the line (spec 4). */
export const UpdateCartItemInput = z
  .object({
    id: wholeNumber('id', 1, MAX_ID),
    quantity: wholeNumber('quantity', -MAX_CART_QUANTITY, MAX_CART_QUANTITY),
  })
  .strict();
export type UpdateCartItemInput = z.input<typeof UpdateCartItemInput>;

export const CartItemIdInput = z.object({ id: wholeNumber('id', 1, MAX_ID) }).strict();
export type CartItemIdInput = z.input<typeof CartItemIdInput>;

/** The product part of a cart line: spec 3's server shape plus what the cart page needs to check stock. */
export const CartProductDto = z.object({
  name: z.string(),
  description: z.string(),
  /** Naira. */
  price: z.number(),
  images: z.array(z.string()),
  category: z.string(),
  vendor: z.object({ id: z.number().int(), shop_name: z.string() }),
  stock: z.number().int(),
  sizes: z.array(z.string()),
  in_stock: z.boolean(),
});
export type CartProductDto = z.infer<typeof CartProductDto>;

export const CartItemDto = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  size: z.string(),
  quantity: z.number().int(),
  product: CartProductDto,
  /** Naira: the product's current price times the quantity. */
  line_total: z.number(),
  /** False once the cap is archived or its shop is no longer listed: checkout refuses such lines. */
  available: z.boolean(),
  created_at: z.string(),
});
export type CartItemDto = z.infer<typeof CartItemDto>;

export const CartItemRemovedDto = z.object({ message: z.string(), removed: z.literal(true) });
export type CartItemRemovedDto = z.infer<typeof CartItemRemovedDto>;

/** PUT /cart/{id} answers the updated line, or the removal when the quantity was zero or below. */
export const CartUpdateResultDto = z.union([CartItemDto, CartItemRemovedDto]);
export type CartUpdateResultDto = z.infer<typeof CartUpdateResultDto>;
