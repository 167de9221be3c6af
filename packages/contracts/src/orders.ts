import { z } from 'zod';
import { wholeNumber } from './catalogue.js';
import { ORDER_STATUSES, PAYMENT_STATUSES, USER_ROLES } from './constants.js';
import { addressField, boundedText, emailField, personName, phoneField, text } from './fields.js';
import { OrderAfterSaleFields } from './returns.js';

export const OrderItemInput = z
  .object({
    product_id: wholeNumber('product_id', 1, 2_147_483_647),
    quantity: wholeNumber('quantity', 1, 10_000),
    size: boundedText(1, 20),
  })
  .strict();

/** The checkout shipping form (spec 3): every field required. */
export const ShippingDetailsInput = z.object({
  fullName: personName,
  email: emailField,
  phone: phoneField,
  address: addressField,
  city: boundedText(2, 100),
  state: boundedText(2, 100),
  postalCode: boundedText(3, 10),
});
export type ShippingDetailsInput = z.input<typeof ShippingDetailsInput>;

/** The most lines one checkout takes: far beyond any real cart, small enough to price in one go. */
export const MAX_ORDER_ITEMS = 50;
export const TOO_MANY_ITEMS = `At most ${MAX_ORDER_ITEMS} items per order`;

/** A coupon code as typed: trimmed and upper-cased; empty means none. */
export const couponCodeField = text()
  .trim()
  .max(20, 'Invalid coupon')
  .transform((v) => v.toUpperCase());

/**
 * POST /orders (spec 3 "Order creation payload"). Prices, discounts and shipping are computed by the
 * server from its own data: a client-sent price or total is refused as an unknown field.
 */
export const OrderCreateInput = z
  .object({
    shipping_address: boundedText(10, 500),
    coupon_code: couponCodeField.nullish(),
    items: z
      .array(OrderItemInput, { error: 'items must be a list' })
      .min(1, 'Your cart is empty')
      .max(MAX_ORDER_ITEMS, TOO_MANY_ITEMS),
    shipping: ShippingDetailsInput.optional(),
    /** The tRPC face's Idempotency-Key (REST clients send the header). */
    idempotency_key: z.string().trim().min(1).max(128).optional(),
  })
  .strict();
export type OrderCreateInput = z.input<typeof OrderCreateInput>;

export const OrderItemDto = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  product_id: z.number().int(),
  size: z.string(),
  quantity: z.number().int(),
  /** Unit price in naira, as paid. */
  price: z.number(),
  product: z.object({
    name: z.string(),
    description: z.string(),
    images: z.array(z.string()),
    category: z.string(),
    rating: z.number(),
    total_reviews: z.number().int(),
    vendor: z.object({ id: z.number().int(), shop_name: z.string() }),
  }),
});

/**
 * One step of an order's history: from, to, when, and who made it (`by.role` is `system` for changes
 * the platform made itself, such as cancelling an unpaid checkout after 30 minutes).
 */
export const StatusChangeDto = z.object({
  from: z.string().nullable(),
  to: z.string(),
  at: z.string(),
  by: z.object({ user_id: z.number().int().nullable(), role: z.enum([...USER_ROLES, 'system']) }),
  /** The shop's note with this change (null when none). */
  note: z.string().nullable(),
});
export type StatusChangeDto = z.infer<typeof StatusChangeDto>;

export const OrderDto = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  checkout_id: z.number().int(),
  vendor: z.object({ id: z.number().int(), shop_name: z.string() }),
  items: z.array(OrderItemDto),
  subtotal: z.number(),
  shipping_cost: z.number(),
  discount: z.number(),
  total_amount: z.number(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  shipping_address: z.string(),
  shipping_details: ShippingDetailsInput.nullable(),
  coupon_code: z.string().nullable(),
  status_history: z.array(StatusChangeDto),
  paid_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Cancellation, refunds, returns and the return window (docs/returns.md). */
  ...OrderAfterSaleFields,
});
export type OrderDto = z.infer<typeof OrderDto>;

/** The answer of POST /orders: the first order of the checkout, with the ids of all of them. */
export const CheckoutResultDto = OrderDto.extend({
  order_ids: z.array(z.number().int()),
  checkout_total: z.number(),
});
export type CheckoutResultDto = z.infer<typeof CheckoutResultDto>;
