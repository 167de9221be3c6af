import { z } from 'zod';
import { couponCodeField, MAX_ORDER_ITEMS, OrderItemInput, TOO_MANY_ITEMS } from './orders.js';

/**
 * POST /checkout/quote. Without `items` the caller's cart is priced; with them, those lines (as
 * POST /orders takes them). The coupon is checked with checkout's rules.
 */
export const CheckoutQuoteInput = z
  .object({
    coupon_code: couponCodeField.nullish(),
    items: z
      .array(OrderItemInput, { error: 'items must be a list' })
      .min(1, 'Your cart is empty')
      .max(MAX_ORDER_ITEMS, TOO_MANY_ITEMS)
      .optional(),
  })
  .strict();
export type CheckoutQuoteInput = z.input<typeof CheckoutQuoteInput>;

export const QuoteLineDto = z.object({
  product_id: z.number().int(),
  name: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  /** Naira. */
  unit_price: z.number(),
  /** Naira: unit price times quantity. */
  line_total: z.number(),
});
export type QuoteLineDto = z.infer<typeof QuoteLineDto>;

/** One shop's part of a checkout: it becomes one order, with its own delivery fee. */
export const QuoteShopDto = z.object({
  vendor: z.object({ id: z.number().int(), shop_name: z.string() }),
  items: z.array(QuoteLineDto),
  /** Naira, like every amount of the quote. */
  subtotal: z.number(),
  discount: z.number(),
  delivery_fee: z.number(),
  total: z.number(),
});
export type QuoteShopDto = z.infer<typeof QuoteShopDto>;

/** What a checkout of these lines costs now: exactly what POST /orders charges for them. */
export const CheckoutQuoteDto = z.object({
  shops: z.array(QuoteShopDto),
  /** The applied coupon's code, null when none was sent. */
  coupon_code: z.string().nullable(),
  subtotal: z.number(),
  discount: z.number(),
  delivery_total: z.number(),
  total: z.number(),
});
export type CheckoutQuoteDto = z.infer<typeof CheckoutQuoteDto>;
