import { RETURN_REASONS, RETURN_STATUSES } from '@caps/contracts';
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { KoboType } from '../../db/kobo.js';
import { UserSchema } from '../auth/auth.entities.js';
import { RefundSchema } from '../finance/finance.entities.js';
import { OrderItemSchema, OrderSchema } from '../orders/orders.entities.js';
import { VendorSchema } from '../vendors/vendors.entities.js';

const now = () => new Date();

/** A customer's request to return some or all caps of a delivered order (docs/returns.md). */
export const ReturnRequestSchema = defineEntity({
  name: 'ReturnRequest',
  tableName: 'return_requests',
  properties: {
    id: p.integer().primary().autoincrement(),
    order: () => p.manyToOne(OrderSchema).index(),
    user: () => p.manyToOne(UserSchema).index(),
    vendor: () => p.manyToOne(VendorSchema).index(),
    status: p
      .enum([...RETURN_STATUSES])
      .default('requested')
      .index(),
    reason: p.enum([...RETURN_REASONS]),
    details: p.string().length(1000),
    /** The reason is the seller's fault: the refund includes the order's shipping share. */
    includesShipping: p.boolean(),
    decisionNote: p.string().length(500).nullable(),
    decidedBy: () => p.manyToOne(UserSchema).nullable(),
    decidedAt: p.datetime().nullable(),
    receivedAt: p.datetime().nullable(),
    receivedBy: () => p.manyToOne(UserSchema).nullable(),
    restocked: p.boolean().nullable(),
    refund: () => p.manyToOne(RefundSchema).nullable(),
    createdAt: p.datetime().onCreate(now).index(),
    updatedAt: p.datetime().onCreate(now).onUpdate(now),
  },
});
export type ReturnRequest = InferEntity<typeof ReturnRequestSchema>;

/** One line of a return: how many caps of one order item, and what the buyer paid for them. */
export const ReturnItemSchema = defineEntity({
  name: 'ReturnItem',
  tableName: 'return_items',
  uniques: [{ properties: ['returnRequest', 'orderItem'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    returnRequest: () => p.manyToOne(ReturnRequestSchema).deleteRule('cascade').index(),
    orderItem: () => p.manyToOne(OrderItemSchema).index(),
    quantity: p.integer(),
    /** Kobo the buyer paid for these caps: unit price × quantity less their share of the order's discount. */
    amountKobo: p.type(KoboType),
  },
});
export type ReturnItem = InferEntity<typeof ReturnItemSchema>;
