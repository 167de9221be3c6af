import { z } from 'zod';
import { wholeNumber } from './catalogue.js';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './constants.js';
import { perCustomerLimitField } from './coupons.js';
import { decimalNumber, text } from './fields.js';
import { VALIDATION_MESSAGES } from './messages.js';
import { StatusChangeDto } from './orders.js';
import { OrderAfterSaleFields } from './returns.js';

/** The statuses a vendor may move an order to, one step at a time (spec 4). */
export const VENDOR_NEXT_STATUS = { pending: 'confirmed', confirmed: 'shipped', shipped: 'delivered' } as const;

/** An order as its shop sees it (spec 3 "Order (vendor view)"). */
export const VendorOrderDto = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  /** Naira. */
  total_amount: z.number(),
  shipping_address: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  user: z.object({ full_name: z.string(), email: z.string() }),
  orderItems: z.array(
    z.object({
      id: z.number().int(),
      quantity: z.number().int(),
      /** Unit price in naira. */
      price: z.number(),
      size: z.string(),
      product: z.object({ id: z.number().int(), name: z.string() }),
    }),
  ),
  status_history: z.array(StatusChangeDto),
  /** Cancellation, refunds, returns and the return window; can_cancel: whether the shop may cancel it. */
  ...OrderAfterSaleFields,
});
export type VendorOrderDto = z.infer<typeof VendorOrderDto>;

export const VendorAdvanceOrderInput = z
  .object({
    id: wholeNumber('id', 1, 2_147_483_647),
    // Every status is read, so a move the vendor may not make gets its reason (422) rather than a type error.
    status: z.enum(ORDER_STATUSES, {
      error: 'status must be one of: confirmed, shipped, delivered',
    }),
    /** The shop's note to the customer (a tracking number, say), shown on the order and in the email. */
    note: z.string({ error: 'note must be text' }).trim().max(500, 'note may be at most 500 characters').optional(),
  })
  .strict();
export type VendorAdvanceOrderInput = z.input<typeof VendorAdvanceOrderInput>;

export const VendorActivityDto = z.object({
  type: z.enum(['order_placed', 'order_paid', 'status_changed', 'review']),
  message: z.string(),
  at: z.string(),
});

export const VendorDashboardDto = z.object({
  total_products: z.number().int(),
  total_orders: z.number().int(),
  /** Naira. */
  total_revenue: z.number(),
  pending_orders: z.number().int(),
  completed_orders: z.number().int(),
  growth: z.object({ this_month: z.number(), last_month: z.number(), percent: z.number().nullable() }),
  recent_activity: z.array(VendorActivityDto),
});
export type VendorDashboardDto = z.infer<typeof VendorDashboardDto>;

/** Spec 5: 3-20 uppercase letters and digits. */
export const vendorCouponCode = text()
  .trim()
  .min(1, VALIDATION_MESSAGES.required)
  .min(3, VALIDATION_MESSAGES.minLength(3))
  .max(20, VALIDATION_MESSAGES.maxLength(20))
  .regex(/^[A-Z0-9]+$/, VALIDATION_MESSAGES.couponCode);

const discountField = decimalNumber(VALIDATION_MESSAGES.discountPositive, (number) =>
  number
    .int('Discount must be a whole number')
    .positive(VALIDATION_MESSAGES.discountPositive)
    .max(100, VALIDATION_MESSAGES.discountMax),
);

const usageLimitField = decimalNumber(VALIDATION_MESSAGES.usageLimitPositive, (number) =>
  number
    .int('Usage limit must be a whole number')
    .positive(VALIDATION_MESSAGES.usageLimitPositive)
    .max(10_000, VALIDATION_MESSAGES.usageLimitMax),
);

const EXPIRES_AT_MESSAGE = 'expires_at must be a valid date';

/**
 * A day on the calendar (YYYY-MM-DD), or an RFC 3339 date-time with a zone (Z or +01:00), or one without
 * a zone (read in the server's zone), trimmed. zod's formats know the days of each month (2030-02-30 is
 * refused) and show in the JSON Schema as format date and date-time.
 */
const expiresAtError = (issue: { input?: unknown }) => {
  if (issue.input === undefined || issue.input === null || issue.input === '') return VALIDATION_MESSAGES.required;
  return typeof issue.input === 'string' ? EXPIRES_AT_MESSAGE : VALIDATION_MESSAGES.invalidFormat;
};

// Each option carries the message too: react-hook-form's zod resolver shows an option's own issue, not the union's.
const expiresAtField = z.preprocess(
  (value: string) => (typeof value === 'string' ? value.trim() : value),
  z.union(
    [
      z.iso.date({ error: expiresAtError }),
      z.iso.datetime({ offset: true, error: expiresAtError }),
      z.iso.datetime({ local: true, error: expiresAtError }),
    ],
    { error: expiresAtError },
  ),
);

const descriptionField = z
  .string({ error: VALIDATION_MESSAGES.invalidFormat })
  .trim()
  .max(255, VALIDATION_MESSAGES.maxLength(255))
  .nullish();

export const CouponCreateInput = z
  .object({
    code: vendorCouponCode,
    description: descriptionField,
    discount: discountField,
    usage_limit: usageLimitField,
    per_customer_limit: perCustomerLimitField,
    expires_at: expiresAtField,
  })
  .strict();
export type CouponCreateInput = z.input<typeof CouponCreateInput>;

export const CouponUpdateInput = z
  .object({
    id: wholeNumber('id', 1, 2_147_483_647),
    code: vendorCouponCode.optional(),
    description: descriptionField,
    discount: discountField.optional(),
    usage_limit: usageLimitField.optional(),
    /** null removes the limit; left out keeps it. */
    per_customer_limit: perCustomerLimitField,
    expires_at: expiresAtField.optional(),
  })
  .strict();
export type CouponUpdateInput = z.input<typeof CouponUpdateInput>;

export const COUPON_STATES = ['Active', 'Expired', 'Used up'] as const;

export const VendorCouponDto = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string().nullable(),
  /** Percent. */
  discount: z.number().int(),
  usage_limit: z.number().int().nullable(),
  /** Uses taken: paid checkouts and unpaid ones within their 30 minutes. */
  used_count: z.number().int(),
  /** Checkouts one customer may use it on; null: no limit. */
  per_customer_limit: z.number().int().nullable(),
  expires_at: z.string().nullable(),
  state: z.enum(COUPON_STATES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type VendorCouponDto = z.infer<typeof VendorCouponDto>;
