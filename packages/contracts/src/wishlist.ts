import { z } from 'zod';
import { wholeNumber } from './catalogue.js';

/** Texts of the wishlist calls. */
export const WISHLIST_TEXT = {
  removed: 'Removed from wishlist',
} as const;

/** POST /wishlist, DELETE /wishlist/{product_id}, wishlist.has: the id is converted to a whole number (spec 5). */
export const WishlistProductInput = z.object({ product_id: wholeNumber('product_id', 1, 2_147_483_647) }).strict();
export type WishlistProductInput = z.input<typeof WishlistProductInput>;

export const WishlistEntryDto = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  created_at: z.string(),
  product: z.object({
    name: z.string(),
    description: z.string(),
    /** Naira. */
    price: z.number(),
    images: z.array(z.string()),
    sizes: z.array(z.string()),
    category: z.string(),
    stock: z.number().int(),
    in_stock: z.boolean(),
    vendor: z.object({ id: z.number().int(), shop_name: z.string() }),
  }),
  /** False once the cap is archived or its shop is no longer listed; the entry stays so it can be removed. */
  available: z.boolean(),
});
export type WishlistEntryDto = z.infer<typeof WishlistEntryDto>;
