import {
  CURRENCY,
  formatKobo,
  type GoodwillRefundInput,
  koboToNaira,
  nairaToKobo,
  type PagedRefundsDto,
  type RefundDto,
  type RefundKind,
  type RefundsQuery,
} from '@caps/contracts';
import { LockMode } from '@mikro-orm/core';
import type { z } from 'zod';
import type { AuthedContext } from '../../access/roles.js';
import type { Context, Services } from '../../context.js';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../../errors.js';
import { pageOf } from '../admin/admin.mapper.js';
import { recordAdminAction } from '../admin/audit.js';
import { refundProcessed } from '../notifications/events/after-sale.js';
import { CheckoutSchema, type Order, OrderSchema, OrderStatusChangeSchema } from '../orders/orders.entities.js';
import { PaymentSchema } from '../payment/payment.entities.js';
import { ProviderRequestError, ProviderUnavailableError, type VerifiedRefund } from '../payment/provider.js';
import { ReturnRequestSchema } from '../returns/returns.entities.js';
import { LedgerEntrySchema, type Refund, RefundSchema } from './finance.entities.js';
import { type NewEntry, writeEntries } from './ledger.js';

/**
 * Refunds to buyers (docs/returns.md): the refund row, its claims on the order's and checkout's refund
 * counters and its ledger entries commit together (createRefund, in the caller's transaction); Paystack is
 * asked after the commit (sendRefunds); its outcome is applied once (applyRefundOutcome, from the refund
 * webhooks and the jobs). Money is kobo here.
 */

type ServicesCtx = Pick<Context, 'em' | 'services'>;

/** A return's statuses while it holds the order's credit in escrow. */
const OPEN_RETURN_STATUSES = ['requested', 'approved', 'received'] as const;
/** Order statuses a processed refund moves on from (a cancelled order stays cancelled). */
const REFUNDABLE_ORDER_STATUSES: readonly string[] = ['delivered', 'returned', 'partially_refunded'];
/** Paystack refund statuses that end a refund. */
const PROCESSED = 'processed';
const FAILED_STATUSES = new Set(['failed', 'reversed']);

export interface CreateRefundInput {
  orderId: number;
  /** Item money the buyer paid (after the order's discount), kobo. */
  itemsKobo: number;
  /** Shipping given back, kobo (the checkout's shipping, claimed on its counter). */
  shippingKobo: number;
  kind: RefundKind;
  reason: string | null;
  /** null: the platform started it. */
  initiatedById: number | null;
  at: Date;
}

/** The marker we put in Paystack's merchant_note, so a refund found at Paystack is matched to its row. */
export const refundMarker = (refundId: number): string => `caps-refund-${refundId}`;
const markerOf = (note: string | null | undefined): number | null => {
  const match = /caps-refund-(\d+)/.exec(note ?? '');
  return match ? Number(match[1]) : null;
};

const affected = (result: unknown): number => (result as { affectedRows?: number }).affectedRows ?? 0;

/** What is left to refund of an order: its item money and its shipping share (docs/returns.md). */
export interface Refundable {
  itemsLeftKobo: number;
  shippingShareKobo: number;
  shippingLeftKobo: number;
}

/**
 * The order's shipping share: round(checkout shipping × order items paid / checkout items paid), the last
 * order of the checkout (highest id) taking the remainder.
 */
export async function shippingShareOf(em: Em, order: Pick<Order, 'id'> & { checkout: { id: number } }) {
  const checkout = await em.findOneOrFail(CheckoutSchema, { id: order.checkout.id }, { disableIdentityMap: true });
  const orders = await em.find(
    OrderSchema,
    { checkout: checkout.id },
    { fields: ['id', 'subtotalKobo', 'discountKobo'], orderBy: { id: 'asc' }, disableIdentityMap: true },
  );
  const paidOf = (o: { subtotalKobo: number; discountKobo: number }) => o.subtotalKobo - o.discountKobo;
  const itemsPaid = orders.reduce((sum, o) => sum + paidOf(o), 0);
  let given = 0;
  for (const [i, o] of orders.entries()) {
    const share =
      i === orders.length - 1
        ? checkout.shippingKobo - given
        : itemsPaid > 0
          ? Math.round((checkout.shippingKobo * paidOf(o)) / itemsPaid)
          : 0;
    if (o.id === order.id) return { shareKobo: share, checkout };
    given += share;
  }
  return { shareKobo: 0, checkout };
}

/** What is left of an order to refund now (failed refunds given back). */
export async function refundableOf(em: Em, orderId: number): Promise<Refundable> {
  const order = await em.findOne(OrderSchema, { id: orderId }, { disableIdentityMap: true });
  if (!order) throw new DomainError('NOT_FOUND', 'Order not found');
  const { shareKobo, checkout } = await shippingShareOf(em, order);
  const refunds = await em.find(
    RefundSchema,
    { order: orderId, status: { $ne: 'failed' } },
    { fields: ['shippingKobo'], disableIdentityMap: true },
  );
  const shippingRefunded = refunds.reduce((sum, r) => sum + r.shippingKobo, 0);
  const checkoutShippingLeft = checkout.shippingKobo - checkout.shippingRefundedKobo;
  return {
    itemsLeftKobo: Math.max(0, order.subtotalKobo - order.discountKobo - order.refundedKobo),
    shippingShareKobo: shareKobo,
    shippingLeftKobo: Math.max(0, Math.min(shareKobo - shippingRefunded, checkoutShippingLeft)),
  };
}

export const moreThanLeftMessage = (leftKobo: number) =>
  `This refund is more than what is left of the order (${formatKobo(leftKobo)}).`;

async function refuseBeyondLeft(em: Em, orderId: number, withShipping: boolean): Promise<never> {
  const left = await refundableOf(em, orderId);
  const leftKobo = left.itemsLeftKobo + (withShipping ? left.shippingLeftKobo : 0);
  const message = moreThanLeftMessage(leftKobo);
  throw new DomainError('VALIDATION', message, { amount: [message] });
}

/** The order's "Order paid" credit to the shop and commission (0 for an order paid before the ledger). */
async function paidEntriesOf(em: Em, orderId: number) {
  const entries = await em.find(
    LedgerEntrySchema,
    { key: { $in: [`order:${orderId}:sale:pending`, `order:${orderId}:commission:platform`] } },
    { disableIdentityMap: true },
  );
  const sale = entries.find((e) => e.key.endsWith(':sale:pending'));
  const commission = entries.find((e) => e.key.endsWith(':commission:platform'));
  return { sale: sale?.amountKobo ?? 0, commission: commission?.amountKobo ?? 0, rateBp: commission?.rateBp ?? null };
}

/** Whether a return of the order holds its credit now: an open return, or a hold pair not undone yet. */
async function returnHoldsCredit(em: Em, orderId: number): Promise<boolean> {
  const returns = await em.find(
    ReturnRequestSchema,
    { order: orderId },
    { fields: ['id', 'status'], disableIdentityMap: true },
  );
  if (returns.some((r) => (OPEN_RETURN_STATUSES as readonly string[]).includes(r.status))) return true;
  if (returns.length === 0) return false;
  const keys = await em.find(
    LedgerEntrySchema,
    {
      key: {
        $in: returns.flatMap((r) => [`return:${r.id}:hold:pending`, `return:${r.id}:unhold:pending`]),
      },
    },
    { fields: ['key'], disableIdentityMap: true },
  );
  const written = new Set(keys.map((k) => k.key));
  return returns.some(
    (r) => written.has(`return:${r.id}:hold:pending`) && !written.has(`return:${r.id}:unhold:pending`),
  );
}

/** When the order's credit is (or will be) released, from its release entry; null when not scheduled. */
async function releaseOf(em: Em, orderId: number): Promise<Date | null> {
  const release = await em.findOne(
    LedgerEntrySchema,
    { key: `order:${orderId}:release:available` },
    { fields: ['effectiveAt'], disableIdentityMap: true },
  );
  return release?.effectiveAt ?? null;
}

/**
 * A refund of `itemsKobo` and `shippingKobo` of an order, pending: claims the order's and the checkout's
 * refund counters by conditional updates (422 when the claim fails: never more than what is left, also
 * under concurrency), writes the refund row and its ledger entries. Call inside the caller's transaction
 * with its EntityManager; after the commit, call sendRefunds with the row's id.
 */
export async function createRefund(em: Em, input: CreateRefundInput): Promise<Refund> {
  const { itemsKobo, shippingKobo } = input;
  if (!Number.isInteger(itemsKobo) || !Number.isInteger(shippingKobo) || itemsKobo < 0 || shippingKobo < 0) {
    throw new DomainError('VALIDATION', 'A refund is whole kobo, never negative.');
  }
  if (itemsKobo + shippingKobo <= 0) {
    throw new DomainError('VALIDATION', 'A refund must be more than ₦0.', { amount: ['amount must be more than 0'] });
  }
  const order = await em.findOne(OrderSchema, { id: input.orderId }, { populate: ['checkout'] });
  if (!order) throw new DomainError('NOT_FOUND', 'Order not found');
  if (order.paymentStatus !== 'paid') {
    throw new DomainError('VALIDATION', 'This order was not paid: there is nothing to refund.');
  }
  const payment = await em.findOne(
    PaymentSchema,
    { checkout: order.checkout.id, status: 'success' },
    { orderBy: { paidAt: 'asc', id: 'asc' } },
  );
  if (!payment) throw new DomainError('VALIDATION', 'This order has no successful payment to refund.');

  // The claims: conditional updates, so concurrent refunds never pass what was paid.
  if (itemsKobo > 0) {
    const claimed = await em.execute(
      'update orders set refunded_kobo = refunded_kobo + ? where id = ? and refunded_kobo + ? <= subtotal_kobo - discount_kobo',
      [itemsKobo, order.id, itemsKobo],
      'run',
    );
    if (affected(claimed) !== 1) await refuseBeyondLeft(em, order.id, shippingKobo > 0);
  }
  if (shippingKobo > 0) {
    const claimed = await em.execute(
      'update checkouts set shipping_refunded_kobo = shipping_refunded_kobo + ? where id = ? and shipping_refunded_kobo + ? <= shipping_kobo',
      [shippingKobo, order.checkout.id, shippingKobo],
      'run',
    );
    if (affected(claimed) !== 1) await refuseBeyondLeft(em, order.id, true);
  }
  // The counter after our claim (our own update is visible in our transaction): item money refunded before
  // this refund is `after - items`, so cumulative rounding leaves the shop exactly 0 once all is refunded.
  const [counter] = await em.execute<{ refunded_kobo: number | string }[]>(
    'select refunded_kobo from orders where id = ?',
    [order.id],
  );
  const after = Number(counter?.refunded_kobo ?? itemsKobo);
  const before = after - itemsKobo;

  const refund = em.create(RefundSchema, {
    order,
    payment,
    itemsKobo,
    shippingKobo,
    amountKobo: itemsKobo + shippingKobo,
    kind: input.kind,
    reason: input.reason,
    initiatedBy: input.initiatedById,
    status: 'pending',
    createdAt: input.at,
  });
  await em.flush();
  await writeEntries(em, await refundEntries(em, order, refund, before, after, input.at));
  return refund;
}

/** The ledger entries of a refund (docs/returns.md "Ledger entries of a refund"). */
async function refundEntries(
  em: Em,
  order: Order,
  refund: Refund,
  before: number,
  after: number,
  at: Date,
): Promise<NewEntry[]> {
  const paidItems = order.subtotalKobo - order.discountKobo;
  const { sale, commission, rateBp } = await paidEntriesOf(em, order.id);
  const shareOf = (total: number, upTo: number) => (paidItems > 0 ? Math.round((total * upTo) / paidItems) : 0);
  const saleF = shareOf(sale, after) - shareOf(sale, before);
  const commissionF = shareOf(commission, after) - shareOf(commission, before);
  const net = saleF - commissionF;

  const releaseAt = await releaseOf(em, order.id);
  const held = await returnHoldsCredit(em, order.id);
  const released = releaseAt !== null && releaseAt <= at && !held;
  const bucket = released ? ('available' as const) : ('pending' as const);
  const vendorId = order.vendor.id;
  const key = (part: string) => `refund:${refund.id}:${part}`;
  const base = { orderId: order.id, kind: 'refund' as const, effectiveAt: at, createdAt: at };
  const entries: NewEntry[] = [
    { ...base, key: key(`sale:${bucket}`), vendorId, bucket, amountKobo: -saleF },
    { ...base, key: key(`commission:${bucket}`), vendorId, bucket, amountKobo: commissionF, rateBp },
    {
      ...base,
      key: key('commission:platform'),
      vendorId: null,
      bucket: 'platform',
      amountKobo: -commissionF,
      rateBp,
    },
    { ...base, key: key('shipping:platform'), vendorId: null, bucket: 'platform', amountKobo: -refund.shippingKobo },
    {
      ...base,
      key: key('platform_coupon:platform'),
      vendorId: null,
      bucket: 'platform',
      amountKobo: saleF - refund.itemsKobo,
    },
  ];
  if (releaseAt !== null && releaseAt > at && !held && net !== 0) {
    // The release already scheduled moves the whole net; at its time, move this refund's part back.
    const adjust = {
      orderId: order.id,
      vendorId,
      kind: 'release' as const,
      reason: `Refund #${refund.id}: less to release`,
      effectiveAt: releaseAt,
      createdAt: at,
    };
    entries.push(
      { ...adjust, key: key('release_adjust:pending'), bucket: 'pending', amountKobo: net },
      { ...adjust, key: key('release_adjust:available'), bucket: 'available', amountKobo: -net },
    );
  }
  return entries.filter((e) => e.amountKobo !== 0);
}

// ---------------------------------------------------------------------------------------------------------
// Sending to Paystack, and its outcome

/**
 * Takes the refund for this sender: a conditional update of its updated_at from the value read, so two
 * senders of the same row (a request and the job, two job runs) never both send it.
 */
async function leaseRefund(em: Em, refund: Refund): Promise<boolean> {
  const result = await em.execute(
    "update refunds set updated_at = ? where id = ? and status = 'pending' and updated_at <= ?",
    [new Date(Math.max(Date.now(), refund.updatedAt.getTime() + 1)), refund.id, refund.updatedAt],
    'run',
  );
  return affected(result) === 1;
}

/**
 * Sends pending refunds to Paystack, after the transaction that created them committed. A refund Paystack
 * already has (sent before a crash: found on any page of GET /refund since the row was made, same amount, not
 * failed, carrying our marker or none, not linked to another row) is adopted instead of sent again. Marks each
 * sent one processing with Paystack's id. Never throws for Paystack's trouble: the refund stays pending, with the
 * reason, for the "send-refunds" job. Answers the ids marked processing.
 */
export async function sendRefunds(services: Services, refundIds: number[]): Promise<number[]> {
  const sent: number[] = [];
  for (const id of refundIds) {
    const em = services.orm.em.fork() as Em;
    const refund = await em.findOne(RefundSchema, { id }, { populate: ['payment'], disableIdentityMap: true });
    if (refund?.status !== 'pending') continue;
    if (!(await leaseRefund(em, refund))) continue;
    try {
      const reference = refund.payment.reference;
      const known = await em.find(
        RefundSchema,
        { payment: refund.payment.id, providerRefundId: { $ne: null } },
        { fields: ['providerRefundId'], disableIdentityMap: true },
      );
      const linked = new Set(known.map((r) => r.providerRefundId));
      // Paystack made it, if at all, after this row was committed: its list from then on holds it.
      const atPaystack = await services.payments.listRefunds(reference, refund.createdAt);
      const adopt = atPaystack.find((r) => {
        if (linked.has(r.id) || r.amount !== refund.amountKobo || FAILED_STATUSES.has(r.status)) return false;
        const marker = markerOf(r.merchantNote);
        return marker === null || marker === refund.id;
      });
      const verified =
        adopt ??
        (await services.payments.refund({
          transactionReference: reference,
          amountKobo: refund.amountKobo,
          reason: `${refundMarker(refund.id)} ${refund.kind}${refund.reason ? `: ${refund.reason}` : ''}`.slice(0, 255),
        }));
      const marked = await em.nativeUpdate(
        RefundSchema,
        { id: refund.id, status: 'pending' },
        { status: 'processing', providerRefundId: verified.id, failureReason: null, updatedAt: new Date() },
      );
      if (marked === 1) sent.push(refund.id);
      // An adopted refund may have ended already; a fresh one may have too (its webhook may have come first).
      if (verified.status === PROCESSED || FAILED_STATUSES.has(verified.status)) {
        await applyRefundOutcome({ em: services.orm.em.fork() as Em, services }, verified.id).catch(() => undefined);
      }
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError) && !(error instanceof ProviderRequestError)) throw error;
      // Left pending for the job; the reason shows to the admin meanwhile.
      await em.nativeUpdate(
        RefundSchema,
        { id: refund.id, status: 'pending' },
        { failureReason: error.message.slice(0, 255), updatedAt: new Date() },
      );
    }
  }
  return sent;
}

export type RefundOutcome = 'processed' | 'failed' | 'pending' | 'already' | 'unknown' | 'mismatch';

/** Finds our row of a Paystack refund: by its id, else (a webhook before the sender recorded it) by our marker. */
async function rowOf(em: Em, verified: VerifiedRefund): Promise<Refund | null> {
  const find = (where: { id: number } | { providerRefundId: string }) =>
    em.findOne(RefundSchema, where, { populate: ['payment'], disableIdentityMap: true });
  const linked = await find({ providerRefundId: verified.id });
  if (linked) return linked;
  const marker = markerOf(verified.merchantNote);
  if (marker === null) return null;
  const row = await find({ id: marker });
  if (row?.payment.reference !== verified.transactionReference || row.amountKobo !== verified.amount) return null;
  // Its sender may have recorded it meanwhile.
  if (row.providerRefundId === verified.id) return row;
  if (row.status !== 'pending' || row.providerRefundId) return null;
  await em.nativeUpdate(
    RefundSchema,
    { id: row.id, status: 'pending', providerRefundId: null },
    { status: 'processing', providerRefundId: verified.id, updatedAt: new Date() },
  );
  // Whoever linked it (this call or its sender), it is linked to this Paystack refund now, or not ours.
  return find({ providerRefundId: verified.id });
}

/**
 * Applies Paystack's outcome of a refund, once: asked with GET /refund/{id} (never from a webhook body),
 * then a conditional status update decides. Processed: the order moves to refunded / partially_refunded
 * (from delivered, returned or partially_refunded). Failed: the counters are given back and the ledger
 * entries reversed. Paystack unreachable: BANK_UNAVAILABLE (a webhook is sent again; the job asks again).
 */
export async function applyRefundOutcome(ctx: ServicesCtx, providerRefundId: string): Promise<RefundOutcome> {
  let verified: VerifiedRefund | null;
  try {
    verified = await ctx.services.payments.fetchRefund(providerRefundId);
  } catch (error) {
    if (error instanceof ProviderUnavailableError || error instanceof ProviderRequestError) {
      throw new DomainError('BANK_UNAVAILABLE', 'Paystack could not be reached to confirm the refund.');
    }
    throw error;
  }
  if (!verified || verified.id !== providerRefundId) return 'unknown';
  const refund = await rowOf(ctx.em, verified);
  if (!refund) return 'unknown';
  if (
    refund.payment.reference !== verified.transactionReference ||
    refund.amountKobo !== verified.amount ||
    verified.currency !== CURRENCY
  ) {
    return 'mismatch';
  }
  if (verified.status === PROCESSED) return markProcessed(ctx.services, refund.id);
  if (FAILED_STATUSES.has(verified.status)) return markFailed(ctx.services, refund.id, `Refund ${verified.status}`);
  return 'pending';
}

/**
 * The refund webhooks: Paystack's id when the event carries one, else every refund of the transaction (when
 * it is one of ours with a refund in flight), each confirmed with GET /refund/{id} and applied once.
 */
export async function applyRefundOutcomesOf(
  ctx: ServicesCtx,
  event: { refundId: string | null; transactionReference: string | null },
): Promise<RefundOutcome[]> {
  if (event.refundId) return [await applyRefundOutcome(ctx, event.refundId)];
  if (!event.transactionReference) return [];
  const [oldest] = await ctx.em.find(
    RefundSchema,
    { payment: { reference: event.transactionReference }, status: { $in: ['pending', 'processing'] } },
    { fields: ['createdAt'], orderBy: { createdAt: 'asc' }, limit: 1, disableIdentityMap: true },
  );
  if (!oldest) return [];
  let atPaystack: VerifiedRefund[];
  try {
    atPaystack = await ctx.services.payments.listRefunds(event.transactionReference, oldest.createdAt);
  } catch (error) {
    if (error instanceof ProviderUnavailableError || error instanceof ProviderRequestError) {
      throw new DomainError('BANK_UNAVAILABLE', 'Paystack could not be reached to confirm the refund.');
    }
    throw error;
  }
  const outcomes: RefundOutcome[] = [];
  for (const refund of atPaystack) outcomes.push(await applyRefundOutcome(ctx, refund.id));
  return outcomes;
}

async function markProcessed(services: Services, refundId: number): Promise<RefundOutcome> {
  return (services.orm.em.fork() as Em).transactional(async (tx) => {
    const em = tx as Em;
    const now = services.clock.now();
    const done = await em.nativeUpdate(
      RefundSchema,
      { id: refundId, status: { $in: ['pending', 'processing'] } },
      { status: 'processed', processedAt: now, failureReason: null, updatedAt: new Date() },
    );
    if (done !== 1) return 'already';
    const refund = await em.findOneOrFail(RefundSchema, { id: refundId }, { disableIdentityMap: true });
    if (refund.order) await moveOrderAfterRefund(em, refund.order.id);
    // The customer is told the money is on its way back (refund_sent), once: with the status change.
    await refundProcessed(em, services, refundId);
    return 'processed';
  });
}

/**
 * refunded once every kobo of the order's items was refunded (processed), else partially_refunded. `at`
 * dates the change (the demo seed's past); without it, now.
 */
export async function moveOrderAfterRefund(em: Em, orderId: number, at?: Date): Promise<void> {
  const order = await em.findOneOrFail(OrderSchema, { id: orderId }, { disableIdentityMap: true });
  if (!REFUNDABLE_ORDER_STATUSES.includes(order.status)) return;
  const processed = await em.find(
    RefundSchema,
    { order: orderId, status: 'processed' },
    { fields: ['itemsKobo'], disableIdentityMap: true },
  );
  const refundedItems = processed.reduce((sum, r) => sum + r.itemsKobo, 0);
  const to = refundedItems >= order.subtotalKobo - order.discountKobo ? 'refunded' : 'partially_refunded';
  if (to === order.status) return;
  const dated = at ? { updatedAt: at } : {};
  const moved = await em.nativeUpdate(OrderSchema, { id: orderId, status: order.status }, { status: to, ...dated });
  if (moved !== 1) return;
  em.create(OrderStatusChangeSchema, {
    order: orderId,
    fromStatus: order.status,
    toStatus: to,
    actor: null,
    ...(at ? { createdAt: at } : {}),
  });
  await em.flush();
}

async function markFailed(services: Services, refundId: number, reason: string): Promise<RefundOutcome> {
  return (services.orm.em.fork() as Em).transactional(async (tx) => {
    const em = tx as Em;
    const now = services.clock.now();
    const done = await em.nativeUpdate(
      RefundSchema,
      { id: refundId, status: { $in: ['pending', 'processing'] } },
      { status: 'failed', failureReason: reason.slice(0, 255), updatedAt: new Date() },
    );
    if (done !== 1) return 'already';
    const refund = await em.findOneOrFail(
      RefundSchema,
      { id: refundId },
      { populate: ['order', 'order.checkout'], disableIdentityMap: true },
    );
    if (!refund.order) return 'failed';
    if (refund.itemsKobo > 0) {
      await em.execute('update orders set refunded_kobo = refunded_kobo - ? where id = ?', [
        refund.itemsKobo,
        refund.order.id,
      ]);
    }
    if (refund.shippingKobo > 0) {
      await em.execute('update checkouts set shipping_refunded_kobo = shipping_refunded_kobo - ? where id = ?', [
        refund.shippingKobo,
        refund.order.checkout.id,
      ]);
    }
    await writeEntries(em, await reversalEntries(em, refund, refund.order.id, now));
    return 'failed';
  });
}

/**
 * The reversal of a failed refund's entries (keys `refund:{id}:failed:…`), each in its bucket. When its shop
 * entries were pending and the order's release has been scheduled since (so the release moved the net less
 * this refund), the money given back to pending is released too, at max(now, release time).
 */
async function reversalEntries(em: Em, refund: Refund, orderId: number, now: Date): Promise<NewEntry[]> {
  const prefix = `refund:${refund.id}:`;
  const written = await em.find(
    LedgerEntrySchema,
    { key: { $like: `${prefix}%` } },
    { populate: ['vendor'], disableIdentityMap: true },
  );
  const originals = written.filter((e) => !e.key.startsWith(`${prefix}failed:`));
  const entries: NewEntry[] = originals.map((e) => ({
    key: `${prefix}failed:${e.key.slice(prefix.length)}`,
    vendorId: e.vendor?.id ?? null,
    bucket: e.bucket,
    kind: e.kind,
    amountKobo: -e.amountKobo,
    effectiveAt: e.kind === 'release' ? e.effectiveAt : now,
    createdAt: now,
    orderId,
    rateBp: e.rateBp ?? null,
  }));
  const pendingShop = originals.filter((e) => e.vendor && e.bucket === 'pending' && e.kind === 'refund');
  const adjusted = originals.some((e) => e.kind === 'release');
  const releaseAt = await releaseOf(em, orderId);
  const vendorId = pendingShop[0]?.vendor?.id;
  if (vendorId && !adjusted && releaseAt !== null && !(await returnHoldsCredit(em, orderId))) {
    const net = -pendingShop.reduce((sum, e) => sum + e.amountKobo, 0);
    const at = releaseAt > now ? releaseAt : now;
    const base = { orderId, vendorId, kind: 'release' as const, effectiveAt: at, createdAt: now };
    entries.push(
      { ...base, key: `${prefix}failed:release:pending`, bucket: 'pending', amountKobo: -net },
      { ...base, key: `${prefix}failed:release:available`, bucket: 'available', amountKobo: net },
    );
  }
  return entries.filter((e) => e.amountKobo !== 0);
}

// ---------------------------------------------------------------------------------------------------------
// Jobs

/**
 * The "send-refunds" job: sends refunds a crash (or Paystack's trouble) left pending for at least
 * `minAgeMs`, and asks Paystack about those processing for at least `settleAfterMs` (a lost webhook).
 */
export async function sendPendingRefunds(
  services: Services,
  options: { minAgeMs?: number; settleAfterMs?: number } = {},
): Promise<{ sent: number; settled: number }> {
  const em = services.orm.em.fork() as Em;
  const now = Date.now();
  const pending = await em.find(
    RefundSchema,
    { status: 'pending', updatedAt: { $lte: new Date(now - (options.minAgeMs ?? 2 * 60_000)) } },
    { fields: ['id'], orderBy: { id: 'asc' }, limit: 200 },
  );
  const sent = await sendRefunds(
    services,
    pending.map((r) => r.id),
  );
  const processing = await em.find(
    RefundSchema,
    { status: 'processing', updatedAt: { $lte: new Date(now - (options.settleAfterMs ?? 10 * 60_000)) } },
    { fields: ['id', 'providerRefundId'], orderBy: { id: 'asc' }, limit: 200 },
  );
  let settled = 0;
  for (const refund of processing) {
    if (!refund.providerRefundId) continue;
    try {
      const outcome = await applyRefundOutcome({ em: services.orm.em.fork() as Em, services }, refund.providerRefundId);
      if (outcome === 'processed' || outcome === 'failed') settled++;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return { sent: sent.length, settled };
}

/**
 * The "refund-due-payments" job: every payment recorded refund_due (paid after its checkout expired, or a
 * second payment of a paid checkout) gets a whole refund (no order, no ledger entries: it was never
 * applied), once, and is sent. Answers the refunds created.
 */
export async function refundDuePayments(services: Services): Promise<number[]> {
  const candidates = await (services.orm.em.fork() as Em).find(
    PaymentSchema,
    { status: 'refund_due' },
    { fields: ['id'], orderBy: { id: 'asc' }, limit: 200 },
  );
  const created: number[] = [];
  for (const { id } of candidates) {
    const refundId = await (services.orm.em.fork() as Em).transactional(async (tx) => {
      const em = tx as Em;
      // The payment's row is taken for the transaction: two runs at once create one refund.
      const payment = await em.findOne(
        PaymentSchema,
        { id, status: 'refund_due' },
        { populate: ['checkout'], lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!payment) return null;
      if ((await em.count(RefundSchema, { payment: payment.id })) > 0) return null;
      const duplicate = payment.checkout.paymentStatus === 'paid';
      const refund = em.create(RefundSchema, {
        order: null,
        payment,
        itemsKobo: payment.amountKobo,
        shippingKobo: 0,
        amountKobo: payment.amountKobo,
        kind: duplicate ? 'duplicate_payment' : 'late_payment',
        reason: duplicate
          ? 'A second payment of a checkout already paid'
          : 'Paid after the checkout expired and its caps were released',
        initiatedBy: null,
        status: 'pending',
        createdAt: services.clock.now(),
      });
      await em.flush();
      return refund.id;
    });
    if (refundId !== null) created.push(refundId);
  }
  await sendRefunds(services, created);
  return created;
}

// ---------------------------------------------------------------------------------------------------------
// Answers

const actorOf = (user: { id: number; fullName: string; role: string } | null | undefined) =>
  user ? { user_id: user.id, name: user.fullName, role: user.role } : null;

/** A refund row (payment and initiatedBy loaded) as the API shows it. */
export function toRefundDto(refund: Refund): RefundDto {
  return {
    id: refund.id,
    order_id: refund.order?.id ?? null,
    amount: koboToNaira(refund.amountKobo),
    items_amount: koboToNaira(refund.itemsKobo),
    shipping_amount: koboToNaira(refund.shippingKobo),
    kind: refund.kind,
    reason: refund.reason ?? null,
    status: refund.status,
    provider_reference: refund.providerRefundId ?? null,
    payment_reference: refund.payment.reference,
    initiated_by: actorOf(refund.initiatedBy),
    failure_reason: refund.failureReason ?? null,
    created_at: refund.createdAt.toISOString(),
    processed_at: refund.processedAt?.toISOString() ?? null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Admin

/** GET /admin/refunds: every refund, newest first, by status when asked. */
export async function listRefunds(ctx: AuthedContext, query: z.output<typeof RefundsQuery>): Promise<PagedRefundsDto> {
  const [rows, total] = await ctx.em.findAndCount(RefundSchema, query.status ? { status: query.status } : {}, {
    populate: ['payment', 'initiatedBy'],
    orderBy: { createdAt: 'desc', id: 'desc' },
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { data: rows.map(toRefundDto), ...pageOf(total, query) };
}

/**
 * POST /admin/orders/{id}/refund: a goodwill refund of a paid order, items first, then the order's shipping
 * share; 422 beyond what is left (with what is left). Audited; sent to Paystack after the commit.
 */
export async function goodwillRefund(
  ctx: AuthedContext,
  input: z.output<typeof GoodwillRefundInput>,
): Promise<RefundDto> {
  const amountKobo = nairaToKobo(input.amount);
  const refundId = await ctx.em.fork().transactional(async (tx) => {
    const em = tx as Em;
    const order = await em.findOne(OrderSchema, { id: input.id }, { disableIdentityMap: true });
    if (!order) throw new DomainError('NOT_FOUND', 'Order not found');
    if (order.paymentStatus !== 'paid') {
      const message = 'Only a paid order can be refunded.';
      throw new DomainError('VALIDATION', message, { id: [message] });
    }
    const left = await refundableOf(em, order.id);
    const itemsKobo = Math.min(amountKobo, left.itemsLeftKobo);
    const shippingKobo = amountKobo - itemsKobo;
    if (shippingKobo > left.shippingLeftKobo) {
      const message = moreThanLeftMessage(left.itemsLeftKobo + left.shippingLeftKobo);
      throw new DomainError('VALIDATION', message, { amount: [message] });
    }
    const refund = await createRefund(em, {
      orderId: order.id,
      itemsKobo,
      shippingKobo,
      kind: 'goodwill',
      reason: input.reason,
      initiatedById: ctx.user.id,
      at: ctx.services.clock.now(),
    });
    recordAdminAction(em, ctx, 'goodwill_refund', 'order', order.id, {
      refund_id: refund.id,
      amount: koboToNaira(amountKobo),
      items_amount: koboToNaira(itemsKobo),
      shipping_amount: koboToNaira(shippingKobo),
      reason: input.reason,
    });
    await em.flush();
    return refund.id;
  });
  await sendRefunds(ctx.services, [refundId]);
  const refund = await ctx.em
    .fork()
    .findOneOrFail(RefundSchema, { id: refundId }, { populate: ['payment', 'initiatedBy'] });
  return toRefundDto(refund);
}
