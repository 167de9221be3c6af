import { ORDER_STATUSES, PAYMENT_STATUSES } from '@caps/contracts';
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { KoboType } from '../../db/kobo.js';
import { UserSchema } from '../auth/auth.entities.js';
import { ProductSchema } from '../catalogue/catalogue.entities.js';
import { CouponSchema } from '../coupons/coupons.entities.js';
import { VendorSchema } from '../vendors/vendors.entities.js';

const now = () => new Date();

export interface ShippingDetails {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
}

/** One checkout: the orders (one per shop) placed together and paid in one payment. */
export const CheckoutSchema = defineEntity({
  name: 'Checkout',
  tableName: 'checkouts',
  uniques: [{ properties: ['user', 'idempotencyKey'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    // Declared before user only so that SQLite lists the foreign keys as the migration (which adds this
    // column later) leaves them: the drift test compares that list.
    /** The coupon this checkout holds a use of (taken when placed, given back when released unpaid). */
    coupon: () => p.manyToOne(CouponSchema).nullable().deleteRule('set null').index(),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade'),
    idempotencyKey: p.string().length(128).nullable(),
    subtotalKobo: p.type(KoboType),
    discountKobo: p.type(KoboType),
    shippingKobo: p.type(KoboType),
    totalKobo: p.type(KoboType),
    couponCode: p.string().length(20).nullable(),
    paymentStatus: p.enum([...PAYMENT_STATUSES]).default('pending'),
    /** Shipping refunded so far (kobo): never above shippingKobo, claimed with a conditional update. */
    shippingRefundedKobo: p.type(KoboType).default(0),
    expiresAt: p.datetime().index(),
    paidAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(now),
  },
});
export type Checkout = InferEntity<typeof CheckoutSchema>;

export const OrderSchema = defineEntity({
  name: 'Order',
  tableName: 'orders',
  properties: {
    id: p.integer().primary().autoincrement(),
    checkout: () => p.manyToOne(CheckoutSchema).deleteRule('cascade').index(),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade').index(),
    vendor: () => p.manyToOne(VendorSchema).deleteRule('cascade').index(),
    status: p.enum([...ORDER_STATUSES]).default('pending'),
    paymentStatus: p.enum([...PAYMENT_STATUSES]).default('pending'),
    subtotalKobo: p.type(KoboType),
    shippingKobo: p.type(KoboType),
    discountKobo: p.type(KoboType),
    totalKobo: p.type(KoboType),
    coupon: () => p.manyToOne(CouponSchema).nullable().deleteRule('set null'),
    couponCode: p.string().length(20).nullable(),
    shippingAddress: p.string().length(500),
    shippingDetails: p.json<ShippingDetails>().nullable(),
    /** Why the customer or the shop cancelled it (null when not cancelled or no reason given). */
    cancellationReason: p.string().length(500).nullable(),
    /**
     * Item money refunded so far (kobo), failed refunds given back: never above subtotal − discount, claimed
     * with a conditional update so concurrent refunds cannot pass it.
     */
    refundedKobo: p.type(KoboType).default(0),
    /** Until when a return may be requested: delivery + the return window in force at delivery. */
    returnWindowEndsAt: p.datetime().nullable(),
    paidAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(now).index(),
    updatedAt: p.datetime().onCreate(now).onUpdate(now),
  },
});
export type Order = InferEntity<typeof OrderSchema>;

/** A line of an order. Name and unit price are copied at checkout so later edits never change the order. */
export const OrderItemSchema = defineEntity({
  name: 'OrderItem',
  tableName: 'order_items',
  properties: {
    id: p.integer().primary().autoincrement(),
    order: () => p.manyToOne(OrderSchema).deleteRule('cascade').index(),
    product: () => p.manyToOne(ProductSchema).index(),
    productName: p.string().length(100),
    size: p.string().length(20),
    quantity: p.integer(),
    unitPriceKobo: p.type(KoboType),
    /**
     * Whether the line's caps were set aside when the checkout was placed. Unpaid checkouts may hold only a
     * share of a cap's stock (issue 25): a line past it is placed unheld and takes its caps when paid.
     */
    held: p.boolean().default(true),
  },
});
export type OrderItem = InferEntity<typeof OrderItemSchema>;

/** Each status change of an order: from, to, who and when. */
export const OrderStatusChangeSchema = defineEntity({
  name: 'OrderStatusChange',
  tableName: 'order_status_changes',
  properties: {
    id: p.integer().primary().autoincrement(),
    order: () => p.manyToOne(OrderSchema).deleteRule('cascade').index(),
    fromStatus: p.enum([...ORDER_STATUSES]).nullable(),
    toStatus: p.enum([...ORDER_STATUSES]),
    actor: () => p.manyToOne(UserSchema).nullable().deleteRule('set null'),
    /** The shop's note to the customer with this change (for example a tracking number when shipping). */
    note: p.string().length(500).nullable(),
    createdAt: p.datetime().onCreate(now),
  },
});
export type OrderStatusChange = InferEntity<typeof OrderStatusChangeSchema>;
