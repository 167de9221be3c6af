import { z } from 'zod';
import { wholeNumber } from './catalogue.js';
import { couponCodeField, MAX_ORDER_ITEMS, TOO_MANY_ITEMS } from './orders.js';

/** The cart's coupon check: the same rules as checkout, on the items the cart holds. */
export const CouponCheckInput = z
  .object({
    code: couponCodeField.pipe(z.string().min(1, 'Invalid coupon')),
    items: z
      .array(
        z.object({
          product_id: wholeNumber('product_id', 1, 2_147_483_647),
          quantity: wholeNumber('quantity', 1, 10_000),
          size: z.string().max(20).optional(),
        }),
      )
      .max(MAX_ORDER_ITEMS, TOO_MANY_ITEMS)
      .optional(),
  })
  .strict();
export type CouponCheckInput = z.input<typeof CouponCheckInput>;

export const CouponCheckDto = z.object({
  valid: z.literal(true),
  code: z.string(),
  /** Percent. */
  discount: z.number().int(),
  /** null for a platform coupon (every shop). */
  vendor_id: z.number().int().nullable(),
  /** Naira off the given items (0 when no items were sent). */
  discount_amount: z.number(),
  message: z.string(),
});
export type CouponCheckDto = z.infer<typeof CouponCheckDto>;
