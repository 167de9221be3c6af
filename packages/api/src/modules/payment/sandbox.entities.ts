import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { KoboType } from '../../db/kobo.js';

/**
 * The payment sandbox's own records (modules/payment/sandbox.ts): what Paystack would hold on its side,
 * kept in our database so every server process sees what any other did and a restart loses nothing.
 * They never reference the shop's tables: the sandbox stands for a remote service.
 */

const now = () => new Date();

/**
 * One row (id 1): the sandbox's secret key, which signs its webhooks. Written once by whichever process
 * starts first (insert, ignored on conflict) and read by every process, so all of them sign and check alike.
 */
export const SandboxSettingsSchema = defineEntity({
  name: 'SandboxSettings',
  tableName: 'sandbox_settings',
  properties: {
    id: p.integer().primary(),
    secretKey: p.string().length(100),
    createdAt: p.datetime().onCreate(now),
  },
});
export type SandboxSettings = InferEntity<typeof SandboxSettingsSchema>;

/** A transaction initialized with POST /transaction/initialize, under the merchant's reference. */
export const SandboxTransactionSchema = defineEntity({
  name: 'SandboxTransaction',
  tableName: 'sandbox_transactions',
  properties: {
    id: p.integer().primary().autoincrement(),
    reference: p.string().length(100).unique(),
    accessCode: p.string().length(32),
    email: p.string().length(254),
    amount: p.type(KoboType),
    currency: p.string().length(3),
    callbackUrl: p.string().length(2000),
    status: p.enum(['ongoing', 'success', 'failed', 'abandoned']).default('ongoing'),
    gatewayResponse: p.string().length(255),
    last4: p.string().length(4).nullable(),
    /** Kobo held by this transaction's refunds that did not fail: raised and lowered by conditional updates. */
    refundedAmount: p.type(KoboType).default(0),
    createdAt: p.datetime().onCreate(now),
    paidAt: p.datetime().nullable(),
  },
});
export type SandboxTransaction = InferEntity<typeof SandboxTransactionSchema>;

/** A transfer recipient (POST /transferrecipient): one per bank account, as Paystack answers. */
export const SandboxRecipientSchema = defineEntity({
  name: 'SandboxRecipient',
  tableName: 'sandbox_recipients',
  uniques: [{ properties: ['bankCode', 'accountNumber'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    code: p.string().length(32).unique(),
    name: p.string().length(255),
    accountNumber: p.string().length(20),
    accountName: p.string().length(255),
    bankCode: p.string().length(20),
    bankName: p.string().length(255),
    createdAt: p.datetime().onCreate(now),
    updatedAt: p.datetime().onCreate(now),
  },
});
export type SandboxRecipient = InferEntity<typeof SandboxRecipientSchema>;

/** A transfer (POST /transfer): one per merchant reference, never a second. */
export const SandboxTransferSchema = defineEntity({
  name: 'SandboxTransfer',
  tableName: 'sandbox_transfers',
  properties: {
    id: p.integer().primary().autoincrement(),
    transferCode: p.string().length(32).unique(),
    reference: p.string().length(100).unique(),
    amount: p.type(KoboType),
    reason: p.string().length(500),
    recipient: () => p.manyToOne(SandboxRecipientSchema).index(),
    status: p.enum(['pending', 'success', 'failed', 'reversed']).default('pending'),
    gatewayResponse: p.string().length(255).nullable(),
    /** Made while the test switch holdTransfers was on: only settleTransfer ends it. */
    held: p.boolean().default(false),
    createdAt: p.datetime().onCreate(now),
    updatedAt: p.datetime().onCreate(now),
    transferredAt: p.datetime().nullable(),
  },
});
export type SandboxTransfer = InferEntity<typeof SandboxTransferSchema>;

/** A refund (POST /refund) of a successful transaction. */
export const SandboxRefundSchema = defineEntity({
  name: 'SandboxRefund',
  tableName: 'sandbox_refunds',
  properties: {
    id: p.integer().primary().autoincrement(),
    transaction: () => p.manyToOne(SandboxTransactionSchema).index(),
    amount: p.type(KoboType),
    status: p.enum(['pending', 'processing', 'processed', 'failed']).default('pending'),
    merchantNote: p.string().length(500),
    /** Made while the test switch holdRefunds was on: only settleRefund ends it. */
    held: p.boolean().default(false),
    createdAt: p.datetime().onCreate(now),
    updatedAt: p.datetime().onCreate(now),
    refundedAt: p.datetime().nullable(),
  },
});
export type SandboxRefund = InferEntity<typeof SandboxRefundSchema>;

/** Every POST /transfer and POST /refund request, by its reference (tests count that a call was sent once). */
export const SandboxRequestSchema = defineEntity({
  name: 'SandboxRequest',
  tableName: 'sandbox_requests',
  indexes: [{ properties: ['kind', 'key'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    kind: p.enum(['transfer', 'refund']),
    key: p.string().length(100),
    createdAt: p.datetime().onCreate(now),
  },
});
export type SandboxRequest = InferEntity<typeof SandboxRequestSchema>;

/**
 * An event on its way to the merchant's webhook. Paystack retries one that did not get a 2xx, so it is a row
 * written with the change it announces: a restart or a crash between the two loses no event.
 */
export const SandboxWebhookSchema = defineEntity({
  name: 'SandboxWebhook',
  tableName: 'sandbox_webhooks',
  indexes: [{ properties: ['deliveredAt', 'nextAttemptAt'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    /** The payment reference of a charge event, which the hosted page delivers right after paying. */
    reference: p.string().length(100).nullable().index(),
    body: p.text(),
    attempts: p.integer().default(0),
    /** When to try again; null once delivered or given up (after Paystack's 72 hours). */
    nextAttemptAt: p.datetime().nullable(),
    deliveredAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(now),
  },
});
export type SandboxWebhook = InferEntity<typeof SandboxWebhookSchema>;

export const sandboxEntities = [
  SandboxSettingsSchema,
  SandboxTransactionSchema,
  SandboxRecipientSchema,
  SandboxTransferSchema,
  SandboxRefundSchema,
  SandboxRequestSchema,
  SandboxWebhookSchema,
];
