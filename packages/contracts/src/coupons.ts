import { z } from 'zod';
import { wholeNumber } from './catalogue.js';
import { decimalNumber } from './fields.js';
import { couponCodeField, MAX_ORDER_ITEMS, TOO_MANY_ITEMS } from './orders.js';

export const PER_CUSTOMER_LIMIT_MESSAGE = 'Per-customer limit must be a positive whole number';

/**
 * How many checkouts one customer may use a coupon on (paid ones, and unpaid ones not yet released).
 * null or left out: no limit per customer.
 */
export const perCustomerLimitField = z.preprocess(
  // A form's field left blank: no limit per customer.
  (value) => (value === '' ? null : value),
  decimalNumber(PER_CUSTOMER_LIMIT_MESSAGE, (number) =>
    number
      .int(PER_CUSTOMER_LIMIT_MESSAGE)
      .positive(PER_CUSTOMER_LIMIT_MESSAGE)
      .max(10_000, 'Per-customer limit cannot exceed 10,000'),
  ).nullish(),
);

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
