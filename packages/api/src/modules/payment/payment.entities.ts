import { CURRENCY } from '@caps/contracts';
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { KoboType } from '../../db/kobo.js';
import { CheckoutSchema } from '../orders/orders.entities.js';

const now = () => new Date();

/** One payment attempt for a checkout, identified by our own reference. */
export const PaymentSchema = defineEntity({
  name: 'Payment',
  tableName: 'payments',
  properties: {
    id: p.integer().primary().autoincrement(),
    checkout: () => p.manyToOne(CheckoutSchema).deleteRule('cascade').index(),
    reference: p.string().length(64).unique(),
    provider: p.enum(['paystack', 'sandbox']),
    amountKobo: p.type(KoboType),
    currency: p.string().length(3).default(CURRENCY),
    // abandoned: superseded by a newer attempt for the same checkout. refund_due: the money arrived but
    // cannot be applied (the checkout was already paid, or expired and its caps could not be reserved again).
    status: p.enum(['pending', 'success', 'failed', 'abandoned', 'refund_due']).default('pending'),
    gatewayResponse: p.string().length(255).nullable(),
    paidAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(now),
    updatedAt: p.datetime().onCreate(now).onUpdate(now),
  },
});
export type Payment = InferEntity<typeof PaymentSchema>;
