import { LEDGER_BUCKETS, LEDGER_KINDS, PAYOUT_STATUSES, REFUND_KINDS, REFUND_STATUSES } from '@caps/contracts';
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { KoboType } from '../../db/kobo.js';
import { UserSchema } from '../auth/auth.entities.js';
import { OrderSchema } from '../orders/orders.entities.js';
import { PaymentSchema } from '../payment/payment.entities.js';
import { VendorSchema } from '../vendors/vendors.entities.js';

const now = () => new Date();

/**
 * One money event of the marketplace, in kobo. Append-only: never updated or deleted; a mistake is
 * corrected by a new entry. A shop's balances are sums of its entries by bucket as of a moment (an entry
 * counts from `effectiveAt`); the platform's entries have no vendor and the bucket `platform`.
 *
 * `key` names the event and the entry's place in it (`order:12:sale:pending`, `payout:7:payout:available`)
 * and is unique, so a retried event (a second webhook, a crash and a rerun) can never write twice.
 */
export const LedgerEntrySchema = defineEntity({
  name: 'LedgerEntry',
  tableName: 'ledger_entries',
  indexes: [{ properties: ['vendor', 'bucket', 'effectiveAt'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    key: p.string().length(100).unique(),
    /** null for the platform's own entries. */
    vendor: () => p.manyToOne(VendorSchema).nullable(),
    bucket: p.enum([...LEDGER_BUCKETS]),
    kind: p.enum([...LEDGER_KINDS]),
    /** Signed: money into the bucket is positive, money leaving it negative. */
    amountKobo: p.type(KoboType),
    /** The order that caused it (sale, commission, shipping, platform coupon, release, refund). */
    orderId: p.integer().nullable().index(),
    payout: () => p.manyToOne(PayoutSchema).nullable(),
    /** The commission rate applied, in basis points (commission entries only): fixed when the order was paid. */
    rateBp: p.integer().nullable(),
    /** An admin's reason (adjustments) or a short note. */
    reason: p.string().length(500).nullable(),
    /** The admin who made an adjustment. */
    actor: () => p.manyToOne(UserSchema).nullable(),
    /** From when the entry counts: its creation, or for a release the end of the return window. */
    effectiveAt: p.datetime(),
    createdAt: p.datetime().onCreate(now).index(),
  },
});
export type LedgerEntry = InferEntity<typeof LedgerEntrySchema>;

/**
 * Money sent to a shop's bank through a Paystack transfer. The row and its ledger entries are committed
 * with its `reference` before the transfer is requested, so a crash or a retry sends the same reference
 * (Paystack refuses a second transfer with one) and never pays twice.
 */
export const PayoutSchema = defineEntity({
  name: 'Payout',
  tableName: 'payouts',
  properties: {
    id: p.integer().primary().autoincrement(),
    vendor: () => p.manyToOne(VendorSchema).index(),
    amountKobo: p.type(KoboType),
    status: p
      .enum([...PAYOUT_STATUSES])
      .default('pending')
      .index(),
    reference: p.string().length(64).unique(),
    /**
     * The account paid, recorded when the payout is written from the shop's verified account, unchanged for
     * the whole pause before (docs/finance.md): the transfer goes to this recipient and no other, so a later
     * bank change can cancel a payout not yet sent but never redirect it. null only on rows written before.
     */
    recipientCode: p.string().length(64).nullable(),
    bankCode: p.string().length(12).nullable(),
    bankName: p.string().length(50).nullable(),
    accountLast4: p.string().length(4).nullable(),
    /**
     * When the transfer step first took the payout to send it (a conditional update from null): from then on
     * the transfer may exist at Paystack, so a bank change no longer cancels the payout.
     */
    transferRequestedAt: p.datetime().nullable(),
    /** Paystack's transfer code once the transfer was requested. */
    transferCode: p.string().length(64).nullable(),
    failureReason: p.string().length(255).nullable(),
    createdAt: p.datetime().onCreate(now).index(),
    updatedAt: p.datetime().onCreate(now).onUpdate(now),
    settledAt: p.datetime().nullable(),
  },
});
export type Payout = InferEntity<typeof PayoutSchema>;

/**
 * The platform's finance settings: one row (id 1), created with the defaults on first read. Rates are basis
 * points (10 % = 1000) so two decimals of a percent are exact.
 */
export const PlatformSettingsSchema = defineEntity({
  name: 'PlatformSettings',
  tableName: 'platform_settings',
  properties: {
    id: p.integer().primary(),
    commissionBp: p.integer(),
    payoutMinimumKobo: p.type(KoboType),
    returnWindowDays: p.integer(),
    updatedAt: p.datetime().onCreate(now).onUpdate(now),
  },
});
export type PlatformSettings = InferEntity<typeof PlatformSettingsSchema>;

/**
 * Money given back to a buyer through Paystack's refund API (docs/returns.md). The row, its claims on the
 * order's refund counters and its ledger entries commit together before the refund is sent; Paystack's
 * outcome (webhook or GET /refund/{id}) is applied once by a conditional status update.
 */
export const RefundSchema = defineEntity({
  name: 'Refund',
  tableName: 'refunds',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** null for the whole refund of a payment that was never applied (refund_due). */
    order: () => p.manyToOne(OrderSchema).nullable().index(),
    payment: () => p.manyToOne(PaymentSchema).index(),
    itemsKobo: p.type(KoboType),
    shippingKobo: p.type(KoboType),
    amountKobo: p.type(KoboType),
    kind: p.enum([...REFUND_KINDS]),
    reason: p.string().length(500).nullable(),
    /** Who started it; null when the platform did (refund_due payments). */
    initiatedBy: () => p.manyToOne(UserSchema).nullable(),
    status: p
      .enum([...REFUND_STATUSES])
      .default('pending')
      .index(),
    /** Paystack's refund id once the refund was accepted. */
    providerRefundId: p.string().length(64).nullable(),
    failureReason: p.string().length(255).nullable(),
    createdAt: p.datetime().onCreate(now).index(),
    updatedAt: p.datetime().onCreate(now).onUpdate(now),
    processedAt: p.datetime().nullable(),
  },
});
export type Refund = InferEntity<typeof RefundSchema>;
