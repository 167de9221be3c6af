import {
  formatKobo,
  type PagedReturnsDto,
  RETURN_REASON_LABELS,
  type ReturnDecisionInput,
  type ReturnDto,
  type ReturnReason,
  type ReturnReceivedInput,
  type ReturnRequestInput,
  type ReturnStatus,
  type ReturnsQuery,
  SELLER_FAULT_REASONS,
} from '@caps/contracts';
import { raw } from '@mikro-orm/core';
import type { z } from 'zod';
import { type AuthedContext, requireVerifiedVendor, type VendorContext } from '../../access/roles.js';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../../errors.js';
import { pageOf } from '../admin/admin.mapper.js';
import { recordAdminAction } from '../admin/audit.js';
import { LedgerEntrySchema } from '../finance/finance.entities.js';
import { writeEntries } from '../finance/ledger.js';
import { createRefund, refundableOf, sendRefunds } from '../finance/refunds.service.js';
import { returnDecided, returnRequested } from '../notifications/events/after-sale.js';
import {
  type Order,
  type OrderItem,
  OrderItemSchema,
  OrderSchema,
  OrderStatusChangeSchema,
} from '../orders/orders.entities.js';
import { ReturnItemSchema, type ReturnRequest, ReturnRequestSchema } from './returns.entities.js';
import { RETURN_POPULATE, toReturnDtos } from './returns.mapper.js';

/**
 * Returns (docs/returns.md "Returns and escrow"): the customer's request within the return window, the
 * shop's or an admin's decision, receipt (with restock) and the refund created at receipt, and the escrow
 * hold that keeps the order's credit pending while a return is open.
 *
 * Every status change is a conditional update on the status read, so two clicks, or a shop and an admin
 * at once, change a return once; the loser gets a 409 and nothing of its own is written.
 *
 * The return's status becomes `refunded` in the transaction that creates its refund (at receipt): the
 * refund itself goes pending → processing → processed | failed, and its outcome sets the order's status
 * (the refunds module). A return stays `received` only when nothing was left to refund.
 */

type RequestInput = z.output<typeof ReturnRequestInput>;
type DecisionInput = z.output<typeof ReturnDecisionInput>;
type ReceivedInput = z.output<typeof ReturnReceivedInput>;
type Query = z.output<typeof ReturnsQuery>;

/** Who acts on a return: the shop it belongs to, or an admin (any shop's). */
type Actor = { role: 'vendor'; vendorId: number } | { role: 'admin' };

export const RETURN_NOT_FOUND = 'Return not found';
const ORDER_NOT_FOUND = 'Order not found';
const OPEN_STATUSES: ReturnStatus[] = ['requested', 'approved', 'received'];
const CHANGED = 'This return was updated at the same time. Please refresh and try again.';
const ORDER_CHANGED = 'This order was updated at the same time. Please refresh and try again.';

export const RETURN_TEXT = {
  openReturn: 'This order already has an open return. Wait for it to be decided before asking again.',
  notDelivered: 'Only a delivered order can be returned.',
  windowClosed: (ends: Date | null) =>
    ends
      ? `The return window of this order closed on ${ends.toISOString().slice(0, 10)}.`
      : 'This order can no longer be returned.',
  notInOrder: 'This item is not part of the order.',
  twice: 'Each item may appear only once in a return.',
  tooMany: (left: number, name: string) =>
    left === 0 ? `${name} has already been returned.` : `You can return at most ${left} of ${name}.`,
  vendorDecided: (status: ReturnStatus) => `This return was already ${status}; only an admin can change the decision.`,
  received: 'This return was already received; its decision can no longer change.',
  notApproved: (status: ReturnStatus) =>
    status === 'requested'
      ? 'Approve the return before marking it received.'
      : status === 'rejected'
        ? 'A rejected return cannot be marked received.'
        : 'This return was already marked received.',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Money helpers

/** round(a × b / c), half up, exact for any kobo amounts (the product can pass 2^53). */
function mulDivRound(a: number, b: number, c: number): number {
  if (c === 0) return 0;
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  return Number((n * 2n + d) / (d * 2n));
}

/** When the order's credit is released (delivery + the window then), or null when it has none scheduled. */
async function releaseTimeOf(em: Em, orderId: number): Promise<Date | null> {
  const entry = await em.findOne(
    LedgerEntrySchema,
    { key: `order:${orderId}:release:available` },
    { fields: ['effectiveAt'], disableIdentityMap: true },
  );
  return entry?.effectiveAt ?? null;
}

async function sumOf(em: Em, where: Record<string, unknown>): Promise<number> {
  const [row] = await em
    .createQueryBuilder(LedgerEntrySchema, 'e')
    .select(raw('sum(e.amount_kobo) as total'))
    .where(where)
    .execute<{ total: number | string | null }[]>('all', false);
  return Number(row?.total ?? 0);
}

/**
 * The order's pending net: its sale and commission entries and the refund reversals of them in the pending
 * bucket (not releases, holds, or the release adjustments a refund writes at the release time: kind release).
 */
const pendingNetOf = (em: Em, order: Pick<Order, 'id'>, vendorId: number) =>
  sumOf(em, {
    orderId: order.id,
    vendor: vendorId,
    bucket: 'pending',
    kind: { $in: ['sale', 'commission', 'refund'] },
  });

/** What this return's holds keep in the pending bucket now (holds less unholds). */
const heldBy = (em: Em, returnId: number, vendorId: number) =>
  sumOf(em, { vendor: vendorId, bucket: 'pending', key: { $like: `return:${returnId}:%` } });

/**
 * A hold pair (the order's net leaves `available` and stays `pending`) or an unhold pair (back), at `at`.
 * A return may be held again after an admin overrules a rejection: later pairs are numbered (`hold.2`).
 */
async function writeHoldPair(
  em: Em,
  request: { id: number; orderId: number; vendorId: number },
  move: 'hold' | 'unhold',
  amountKobo: number,
  at: Date,
  createdAt: Date,
): Promise<void> {
  if (amountKobo === 0) return;
  const earlier = await em.count(LedgerEntrySchema, { key: { $like: `return:${request.id}:${move}%:pending` } });
  const name = earlier === 0 ? move : `${move}.${earlier + 1}`;
  const key = (bucket: string) => `return:${request.id}:${name}:${bucket}`;
  const into = move === 'hold' ? 'pending' : 'available';
  const from = move === 'hold' ? 'available' : 'pending';
  const base = {
    vendorId: request.vendorId,
    orderId: request.orderId,
    kind: 'release' as const,
    // Said on the shop's ledger, where a hold would otherwise read as an ordinary release.
    reason: move === 'hold' ? `Held while return #${request.id} is open` : `Return #${request.id} closed`,
    effectiveAt: at,
    createdAt,
  };
  await writeEntries(em, [
    { ...base, key: key(from), bucket: from, amountKobo: -amountKobo },
    { ...base, key: key(into), bucket: into, amountKobo },
  ]);
}

const later = (a: Date, b: Date | null) => (b && b > a ? b : a);

type ReturnRef = { id: number; orderId: number; vendorId: number };

/**
 * A return was requested (`now`): the order's pending net is held in `pending` past its release time while
 * the return is open. Nothing when the order has no release scheduled. Exported for the demo seed.
 */
export async function holdForReturn(em: Em, ref: ReturnRef, now: Date): Promise<void> {
  const releaseAt = await releaseTimeOf(em, ref.orderId);
  if (!releaseAt) return;
  const net = await pendingNetOf(em, { id: ref.orderId }, ref.vendorId);
  await writeHoldPair(em, ref, 'hold', net, later(now, releaseAt), now);
}

/**
 * A return was received (`now`) and its refund (if any) created: what stays held after the refund reversed
 * its share in the pending bucket goes back to its release. Exported for the demo seed.
 */
export async function unholdAfterRefund(em: Em, ref: ReturnRef, refundId: number | null, now: Date): Promise<void> {
  const held = await heldBy(em, ref.id, ref.vendorId);
  const reversed =
    refundId === null
      ? 0
      : await sumOf(em, { vendor: ref.vendorId, bucket: 'pending', key: { $like: `refund:${refundId}:%` } });
  if (held !== 0) {
    const releaseAt = await releaseTimeOf(em, ref.orderId);
    await writeHoldPair(em, ref, 'unhold', held + reversed, later(now, releaseAt), now);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Request

export interface Line {
  item: OrderItem;
  quantity: number;
  amountKobo: number;
}

/**
 * The requested lines, checked against what was bought and already returned (earlier returns not
 * rejected), each with what the buyer paid for those caps: unit price × quantity less their share of the
 * order's discount. When the order is returned whole, the last line takes the remainder, so the returns
 * of an order add up to exactly what was paid for its items.
 */
export async function linesOf(em: Em, order: Order, input: RequestInput): Promise<Line[]> {
  const items = await em.find(OrderItemSchema, { order: order.id }, { orderBy: { id: 'asc' } });
  const earlier = await em.find(ReturnItemSchema, {
    orderItem: { $in: items.map((i) => i.id) },
    returnRequest: { status: { $ne: 'rejected' } },
  });
  const returnedOf = (itemId: number) =>
    earlier.filter((r) => r.orderItem.id === itemId).reduce((sum, r) => sum + r.quantity, 0);

  const fail = (field: string, message: string): never => {
    throw new DomainError('VALIDATION', message, { [field]: [message] });
  };
  const seen = new Set<number>();
  const chosen: { item: OrderItem; quantity: number }[] = [];
  for (const [index, line] of input.items.entries()) {
    const item = items.find((i) => i.id === line.order_item_id);
    if (!item) fail(`items.${index}.order_item_id`, RETURN_TEXT.notInOrder);
    else if (seen.has(item.id)) fail(`items.${index}.order_item_id`, RETURN_TEXT.twice);
    else {
      seen.add(item.id);
      const left = item.quantity - returnedOf(item.id);
      if (line.quantity > left) fail(`items.${index}.quantity`, RETURN_TEXT.tooMany(left, item.productName));
      chosen.push({ item, quantity: line.quantity });
    }
  }
  chosen.sort((a, b) => a.item.id - b.item.id);

  const paid = order.subtotalKobo - order.discountKobo;
  const lines: Line[] = chosen.map(({ item, quantity }) => ({
    item,
    quantity,
    amountKobo: mulDivRound(item.unitPriceKobo * quantity, paid, order.subtotalKobo),
  }));
  const whole = items.every(
    (item) => returnedOf(item.id) + (chosen.find((c) => c.item.id === item.id)?.quantity ?? 0) === item.quantity,
  );
  const last = lines[lines.length - 1];
  if (whole && last) {
    const before = earlier.reduce((sum, r) => sum + r.amountKobo, 0);
    const others = lines.slice(0, -1).reduce((sum, l) => sum + l.amountKobo, 0);
    last.amountKobo = paid - before - others;
  }
  return lines;
}

/**
 * Writes a return request of these lines of the order (already checked), its items and the hold that keeps
 * the order's credit pending while it is open. The order's status move is the caller's. Used by
 * requestReturn and by the demo seed, so both write the same rows.
 */
export async function writeReturnRequest(
  em: Em,
  input: {
    order: Pick<Order, 'id'> & { vendor: { id: number } };
    userId: number;
    reason: ReturnReason;
    details: string;
    lines: readonly Line[];
    at: Date;
  },
): Promise<ReturnRequest> {
  const { order, at } = input;
  const request = em.create(ReturnRequestSchema, {
    order: order.id,
    user: input.userId,
    vendor: order.vendor.id,
    status: 'requested',
    reason: input.reason,
    details: input.details,
    includesShipping: SELLER_FAULT_REASONS.includes(input.reason),
    createdAt: at,
    updatedAt: at,
  });
  for (const line of input.lines) {
    em.create(ReturnItemSchema, {
      returnRequest: request,
      orderItem: line.item,
      quantity: line.quantity,
      amountKobo: line.amountKobo,
    });
  }
  await em.flush();
  await holdForReturn(em, { id: request.id, orderId: order.id, vendorId: order.vendor.id }, at);
  return request;
}

/**
 * POST /orders/{id}/returns: some or all caps of the caller's delivered order, within its return window.
 * In one transaction: the order goes delivered → return_requested, the return and its lines are written,
 * and the order's pending net is held in `pending` past its release time while the return is open.
 */
export async function requestReturn(ctx: AuthedContext, input: RequestInput): Promise<ReturnDto> {
  const now = ctx.services.clock.now();
  const id = await ctx.em.fork().transactional(async (tx) => {
    const em = tx as Em;
    const order = await em.findOne(OrderSchema, { id: input.id, user: ctx.user.id });
    if (!order) throw new DomainError('NOT_FOUND', ORDER_NOT_FOUND);
    if ((await em.count(ReturnRequestSchema, { order: order.id, status: { $in: OPEN_STATUSES } })) > 0) {
      throw new DomainError('CONFLICT', RETURN_TEXT.openReturn);
    }
    if (order.status !== 'delivered') {
      throw new DomainError('INVALID_STATUS_CHANGE', RETURN_TEXT.notDelivered, { id: [RETURN_TEXT.notDelivered] });
    }
    const releaseAt = await releaseTimeOf(em, order.id);
    const windowEnds = order.returnWindowEndsAt ?? releaseAt;
    if (!windowEnds || now > windowEnds) {
      throw new DomainError('RETURN_WINDOW_CLOSED', RETURN_TEXT.windowClosed(windowEnds));
    }
    const lines = await linesOf(em, order, input);

    const moved = await em.nativeUpdate(
      OrderSchema,
      { id: order.id, status: 'delivered' },
      { status: 'return_requested', updatedAt: now },
    );
    if (moved !== 1) throw new DomainError('CONFLICT', ORDER_CHANGED);
    em.create(OrderStatusChangeSchema, {
      order: order.id,
      fromStatus: 'delivered',
      toStatus: 'return_requested',
      actor: ctx.user.id,
      createdAt: now,
    });
    const request = await writeReturnRequest(em, {
      order,
      userId: ctx.user.id,
      reason: input.reason,
      details: input.details,
      lines,
      at: now,
    });
    await returnRequested(em, ctx.services, request.id);
    return request.id;
  });
  return loadOne(ctx.em.fork() as Em, id);
}

// ---------------------------------------------------------------------------------------------------------
// Decide

async function findReturn(em: Em, id: number, actor: Actor): Promise<ReturnRequest> {
  const request = await em.findOne(
    ReturnRequestSchema,
    actor.role === 'vendor' ? { id, vendor: actor.vendorId } : { id },
    { populate: ['order'] },
  );
  if (!request) throw new DomainError('NOT_FOUND', RETURN_NOT_FOUND);
  return request;
}

async function loadOne(em: Em, id: number): Promise<ReturnDto> {
  const request = await em.findOneOrFail(ReturnRequestSchema, { id }, { populate: RETURN_POPULATE });
  const [dto] = await toReturnDtos(em, [request]);
  if (!dto) throw new DomainError('NOT_FOUND', RETURN_NOT_FOUND);
  return dto;
}

/** Moves the order from `from` to `to` if it is still in `from`, with its history row. */
async function moveOrder(
  em: Em,
  orderId: number,
  from: Order['status'],
  to: Order['status'],
  actorId: number,
  now: Date,
): Promise<void> {
  const moved = await em.nativeUpdate(OrderSchema, { id: orderId, status: from }, { status: to, updatedAt: now });
  if (moved !== 1) throw new DomainError('CONFLICT', ORDER_CHANGED);
  em.create(OrderStatusChangeSchema, {
    order: orderId,
    fromStatus: from,
    toStatus: to,
    actor: actorId,
    createdAt: now,
  });
}

/**
 * Approve or reject (with a note). A shop decides a requested return of its own once; an admin may decide
 * instead of it and overrule a decision while the return is not received (approved ↔ rejected). Repeating
 * the decision in force answers the return unchanged. Rejecting puts the order back to delivered and gives
 * the held credit back to its release; an overruled rejection holds it again.
 */
async function decide(ctx: AuthedContext, input: DecisionInput, actor: Actor): Promise<ReturnDto> {
  const now = ctx.services.clock.now();
  const to = input.decision;
  await ctx.em.fork().transactional(async (tx) => {
    const em = tx as Em;
    const request = await findReturn(em, input.id, actor);
    const from = request.status;
    if (from === to) return;
    if (from === 'received' || from === 'refunded') {
      throw new DomainError('INVALID_STATUS_CHANGE', RETURN_TEXT.received, { decision: [RETURN_TEXT.received] });
    }
    if (from !== 'requested' && actor.role !== 'admin') {
      const message = RETURN_TEXT.vendorDecided(from);
      throw new DomainError('INVALID_STATUS_CHANGE', message, { decision: [message] });
    }
    const orderId = request.order.id;
    const vendorId = request.vendor.id;
    if (from === 'rejected') {
      // An admin approves a rejected return: only while the order has no other open return.
      const others = await em.count(ReturnRequestSchema, {
        order: orderId,
        id: { $ne: request.id },
        status: { $in: OPEN_STATUSES },
      });
      if (others > 0) throw new DomainError('CONFLICT', RETURN_TEXT.openReturn);
    }
    const changed = await em.nativeUpdate(
      ReturnRequestSchema,
      { id: request.id, status: from },
      { status: to, decisionNote: input.note || null, decidedBy: ctx.user.id, decidedAt: now, updatedAt: now },
    );
    if (changed !== 1) throw new DomainError('CONFLICT', CHANGED);
    const releaseAt = await releaseTimeOf(em, orderId);
    const ref = { id: request.id, orderId, vendorId };
    if (to === 'rejected') {
      await moveOrder(em, orderId, 'return_requested', 'delivered', ctx.user.id, now);
      const held = await heldBy(em, request.id, vendorId);
      await writeHoldPair(em, ref, 'unhold', held, later(now, releaseAt), now);
    } else if (from === 'rejected') {
      await moveOrder(em, orderId, 'delivered', 'return_requested', ctx.user.id, now);
      if (releaseAt) {
        const net = await pendingNetOf(em, request.order, vendorId);
        await writeHoldPair(em, ref, 'hold', net, later(now, releaseAt), now);
      }
    }
    if (actor.role === 'admin') {
      recordAdminAction(em, ctx, 'return.decide', 'return', request.id, {
        order_id: orderId,
        from,
        to,
        note: input.note || null,
      });
    }
    await em.flush();
    // The customer is told (return_decision). The order's history grows with every overruling decision, so
    // its length tells this decision from an earlier one of the same return.
    const decision = await em.count(OrderStatusChangeSchema, { order: orderId });
    await returnDecided(em, ctx.services, request.id, String(decision));
  });
  return loadOne(ctx.em.fork() as Em, input.id);
}

/** PUT /vendor/returns/{id}: the caller's verified shop decides one of its returns. */
export async function decideAsVendor(ctx: AuthedContext, input: DecisionInput): Promise<ReturnDto> {
  const vendor = await requireVerifiedVendor(ctx);
  return decide(ctx, input, { role: 'vendor', vendorId: vendor.id });
}

/** PUT /admin/returns/{id}: an admin decides, or overrules the shop. Audited. */
export function decideAsAdmin(ctx: AuthedContext, input: DecisionInput): Promise<ReturnDto> {
  return decide(ctx, input, { role: 'admin' });
}

// ---------------------------------------------------------------------------------------------------------
// Receive

/**
 * An approved return arrived back: in one transaction the return is received (and restocked, when the caps
 * are resellable), the order goes return_requested → returned, the refund of its items (and the order's
 * shipping share when the reason is the seller's fault) is created through createRefund, and what is left
 * of the held credit after the refund goes back to its release. The refund is sent after the commit.
 */
async function receive(ctx: AuthedContext, input: ReceivedInput, actor: Actor): Promise<ReturnDto> {
  const now = ctx.services.clock.now();
  const refundId = await ctx.em.fork().transactional(async (tx) => {
    const em = tx as Em;
    const request = await findReturn(em, input.id, actor);
    if (request.status !== 'approved') {
      const message = RETURN_TEXT.notApproved(request.status);
      throw new DomainError('INVALID_STATUS_CHANGE', message, { id: [message] });
    }
    const order = request.order;
    const vendorId = request.vendor.id;
    const items = await em.find(ReturnItemSchema, { returnRequest: request.id }, { populate: ['orderItem'] });
    // Never more than what is left of the order (a goodwill refund may have taken some of it already).
    const left = await refundableOf(em, order.id);
    const itemsKobo = Math.min(
      items.reduce((sum, item) => sum + item.amountKobo, 0),
      left.itemsLeftKobo,
    );
    const shippingKobo = request.includesShipping ? left.shippingLeftKobo : 0;

    // Received first: createRefund sees the return open and keeps the refund's shop entries in pending,
    // where the hold keeps the order's credit.
    const changed = await em.nativeUpdate(
      ReturnRequestSchema,
      { id: request.id, status: 'approved' },
      { status: 'received', receivedAt: now, receivedBy: ctx.user.id, restocked: input.restock, updatedAt: now },
    );
    if (changed !== 1) throw new DomainError('CONFLICT', CHANGED);
    await moveOrder(em, order.id, 'return_requested', 'returned', ctx.user.id, now);
    await em.flush();

    if (input.restock) {
      // In product order, as checkout takes them, so no two transactions wait on each other in a circle.
      const byProduct = [...items].sort((a, b) => a.orderItem.product.id - b.orderItem.product.id);
      for (const item of byProduct) {
        await em.execute(
          'update products set stock = stock + ? where id = ?',
          [item.quantity, item.orderItem.product.id],
          'run',
        );
      }
    }

    let refundId: number | null = null;
    if (itemsKobo + shippingKobo > 0) {
      const refund = await createRefund(em, {
        orderId: order.id,
        itemsKobo,
        shippingKobo,
        kind: 'return',
        reason: `Return #${request.id}: ${RETURN_REASON_LABELS[request.reason]}`,
        initiatedById: ctx.user.id,
        at: now,
      });
      refundId = refund.id;
      await em.nativeUpdate(ReturnRequestSchema, { id: request.id }, { status: 'refunded', refund: refund.id });
    }
    // What stays held after the refund reversed its share in the pending bucket goes to its release.
    await unholdAfterRefund(em, { id: request.id, orderId: order.id, vendorId }, refundId, now);
    if (actor.role === 'admin') {
      recordAdminAction(em, ctx, 'return.receive', 'return', request.id, {
        order_id: order.id,
        restock: input.restock,
        refund_id: refundId,
        items: formatKobo(itemsKobo),
        shipping: formatKobo(shippingKobo),
      });
      await em.flush();
    }
    return refundId;
  });
  if (refundId !== null) await sendRefunds(ctx.services, [refundId]);
  return loadOne(ctx.em.fork() as Em, input.id);
}

/** POST /vendor/returns/{id}/received: the caller's verified shop received one of its approved returns. */
export async function receiveAsVendor(ctx: AuthedContext, input: ReceivedInput): Promise<ReturnDto> {
  const vendor = await requireVerifiedVendor(ctx);
  return receive(ctx, input, { role: 'vendor', vendorId: vendor.id });
}

/** POST /admin/returns/{id}/received: an admin marks any approved return received. Audited. */
export function receiveAsAdmin(ctx: AuthedContext, input: ReceivedInput): Promise<ReturnDto> {
  return receive(ctx, input, { role: 'admin' });
}

// ---------------------------------------------------------------------------------------------------------
// Lists

async function pageOfReturns(em: Em, where: Record<string, unknown>, query: Query): Promise<PagedReturnsDto> {
  const [requests, total] = await em.findAndCount(
    ReturnRequestSchema,
    { ...where, ...(query.status ? { status: query.status } : {}) },
    {
      populate: RETURN_POPULATE,
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    },
  );
  return { data: await toReturnDtos(em, requests), ...pageOf(total, query) };
}

/** GET /returns: the caller's own returns. */
export const listMine = (ctx: AuthedContext, query: Query) => pageOfReturns(ctx.em, { user: ctx.user.id }, query);

/** GET /vendor/returns: the returns of the caller's shop only. */
export const listForVendor = (ctx: VendorContext, query: Query) =>
  pageOfReturns(ctx.em, { vendor: ctx.vendor.id }, query);

/** GET /admin/returns: every return. */
export const listAll = (ctx: AuthedContext, query: Query) => pageOfReturns(ctx.em, {}, query);
