import type { OrderStatus, ReturnReason } from '@caps/contracts';
import { RETURN_REASON_LABELS } from '@caps/contracts';
import { UserSchema } from '../../modules/auth/auth.entities.js';
import { LedgerEntrySchema, PayoutSchema, RefundSchema } from '../../modules/finance/finance.entities.js';
import { createRefund, moveOrderAfterRefund, refundableOf } from '../../modules/finance/refunds.service.js';
import {
  type Order,
  OrderItemSchema,
  OrderSchema,
  OrderStatusChangeSchema,
} from '../../modules/orders/orders.entities.js';
import { cancellationRefundOf } from '../../modules/returns/cancel.service.js';
import { ReturnRequestSchema } from '../../modules/returns/returns.entities.js';
import { linesOf, unholdAfterRefund, writeReturnRequest } from '../../modules/returns/returns.service.js';
import { ReviewSchema } from '../../modules/reviews/reviews.entities.js';
import { VendorSchema } from '../../modules/vendors/vendors.entities.js';
import { DEMO_ACCOUNTS } from '../accounts.js';
import { DAY, HOUR, MINUTE } from '../random.js';
import type { SeedRun } from '../run.js';

/**
 * After-sale history on top of the seeded orders, ledger and payouts (docs/returns.md), written by the
 * money rules themselves at past dates: createRefund for each refund (its counters and ledger entries),
 * the returns module's hold and unhold pairs, moveOrderAfterRefund for the status a processed refund
 * gives. Six orders change:
 *
 * - Amina's newest paid order not shipped yet: cancelled by her, refunded;
 * - a paid order of the demo shop not shipped yet: cancelled by the shop with a reason, refunded;
 * - the newest delivered order still in its return window: an open return (damaged), its credit held;
 * - three older delivered orders (demo shop first) of shops never paid out, so the past payouts stay
 *   what the balances then allowed: returned and refunded (wrong item, with its shipping share),
 *   returned with its refund still processing (changed mind, one cap), and a goodwill refund.
 *
 * Orders are picked by rule, not drawn from the random sequence, so the rest of the data is unchanged.
 * Refunds are never sent: they are marked with a plainly fake Paystack id (`seed-refund-{id}`). Stock
 * is left as seeded (it is the shops' count now, not derived from orders). Run after seedPayouts.
 */
export async function seedAfterSale(run: SeedRun): Promise<void> {
  const { em, now, count } = run;
  const email = (role: 'admin' | 'vendor' | 'customer') => DEMO_ACCOUNTS.find((a) => a.role === role)!.email;
  const admin = await em.findOneOrFail(UserSchema, { email: email('admin') });
  const amina = await em.findOneOrFail(UserSchema, { email: email('customer') });
  const demoShop = await em.findOneOrFail(VendorSchema, { user: { email: email('vendor') } });
  /** A moment `ms` after `from`, but never later than ten minutes ago. */
  const after = (from: Date, ms: number) => new Date(Math.min(from.getTime() + ms, now - 10 * MINUTE));
  const chosen = new Set<number>();
  const entriesBefore = await em.count(LedgerEntrySchema, {});

  const paid = await em.find(
    OrderSchema,
    { paymentStatus: 'paid' },
    { populate: ['vendor', 'vendor.user'], orderBy: { id: 'asc' } },
  );
  const changes = await em.find(
    OrderStatusChangeSchema,
    { order: { paymentStatus: 'paid' } },
    { orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  const lastChange = (orderId: number) => changes.filter((c) => c.order.id === orderId).at(-1)!.createdAt;
  const deliveredAt = new Map(changes.filter((c) => c.toStatus === 'delivered').map((c) => [c.order.id, c.createdAt]));
  const releases = await em.find(LedgerEntrySchema, { key: { $like: 'order:%:release:available' } });
  const releaseAt = new Map(releases.map((e) => [e.orderId, e.effectiveAt]));
  const paidOut = new Set((await em.find(PayoutSchema, {}, { populate: ['vendor'] })).map((p) => p.vendor.id));
  // Reviews are of caps in delivered orders: an order whose caps its buyer reviewed stays delivered.
  const reviewed = new Set(
    (await em.find(ReviewSchema, { product: { $ne: null } })).map((r) => `${r.user?.id}:${r.product?.id}`),
  );
  const items = await em.find(OrderItemSchema, { order: { paymentStatus: 'paid' } }, { orderBy: { id: 'asc' } });
  const itemsOf = (orderId: number) => items.filter((i) => i.order.id === orderId);
  const unreviewed = (o: Order) => itemsOf(o.id).every((i) => !reviewed.has(`${o.user.id}:${i.product.id}`));

  const take = (candidates: Order[]): Order | null => {
    const order = candidates.find((o) => !chosen.has(o.id)) ?? null;
    if (order) chosen.add(order.id);
    return order;
  };
  const byDeliveryDesc = (a: Order, b: Order) =>
    deliveredAt.get(b.id)!.getTime() - deliveredAt.get(a.id)!.getTime() || a.id - b.id;

  /** Moves the order from its status to `to` at `at`, with its history row, as the services do. */
  const move = async (order: Order, from: OrderStatus, to: OrderStatus, actorId: number | null, at: Date) => {
    const moved = await em.nativeUpdate(OrderSchema, { id: order.id, status: from }, { status: to, updatedAt: at });
    if (moved !== 1) throw new Error(`seed: order ${order.id} is not ${from}`);
    em.create(OrderStatusChangeSchema, {
      order: order.id,
      fromStatus: from,
      toStatus: to,
      actor: actorId,
      createdAt: at,
    });
    count(`orders.${from}`, -1);
    count(`orders.${to}`);
  };

  /** Paystack's answer as it would have come back: processing (sent), then processed at `processedAt`. */
  const settle = async (refundId: number, sentAt: Date, processedAt: Date | null) => {
    await em.nativeUpdate(
      RefundSchema,
      { id: refundId },
      {
        providerRefundId: `seed-refund-${refundId}`,
        status: processedAt ? 'processed' : 'processing',
        processedAt,
        updatedAt: processedAt ?? sentAt,
      },
    );
  };

  // --- Cancellations before shipping: by the customer, and by the shop with a reason.
  const notShipped = (o: Order) => o.status === 'pending' || o.status === 'confirmed';
  const cancel = async (order: Order | null, actorId: number, reason: string | null) => {
    if (!order) return;
    const from = order.status;
    const at = after(lastChange(order.id), 3 * HOUR);
    await move(order, from, 'cancelled', actorId, at);
    await em.nativeUpdate(OrderSchema, { id: order.id }, { cancellationReason: reason });
    await em.flush();
    const { itemsKobo, shippingKobo } = await cancellationRefundOf(em, order.id);
    if (itemsKobo + shippingKobo === 0) return;
    const refund = await createRefund(em, {
      orderId: order.id,
      itemsKobo,
      shippingKobo,
      kind: 'cancellation',
      reason,
      initiatedById: actorId,
      at,
    });
    await settle(refund.id, after(at, MINUTE), after(at, 2 * DAY));
    count('refunds');
  };
  const byCreatedDesc = (a: Order, b: Order) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;
  await cancel(
    take(paid.filter((o) => o.user.id === amina.id && notShipped(o)).sort(byCreatedDesc)),
    amina.id,
    'Ordered the wrong size by mistake',
  );
  const shopCancel = take(
    [...paid.filter((o) => o.vendor.id === demoShop.id), ...paid.filter((o) => o.vendor.id !== demoShop.id)].filter(
      (o) => o.user.id !== amina.id && notShipped(o),
    ),
  );
  await cancel(
    shopCancel,
    shopCancel?.vendor.user.id ?? admin.id,
    'Sorry, this cap sold out at our shop before we could pack your order. You have been refunded in full.',
  );

  // --- Returns.
  const delivered = paid.filter((o) => o.status === 'delivered' && deliveredAt.has(o.id));
  // Amina's newest delivery stays as it is: the demo writes a review of it (see seedReviews).
  const aminaLatest = delivered.filter((o) => o.user.id === amina.id).sort(byDeliveryDesc)[0]?.id;

  /** A return of every cap (or of one cap of the first line) asked for at `at`; its credit held while open. */
  const requestReturn = async (order: Order, reason: ReturnReason, details: string, at: Date, oneCap = false) => {
    const loaded = await em.findOneOrFail(OrderSchema, { id: order.id });
    const lines = itemsOf(order.id).slice(0, oneCap ? 1 : undefined);
    const chosenLines = await linesOf(em, loaded, {
      id: order.id,
      reason,
      details,
      items: lines.map((i) => ({ order_item_id: i.id, quantity: oneCap ? 1 : i.quantity })),
    });
    await move(order, 'delivered', 'return_requested', order.user.id, at);
    const request = await writeReturnRequest(em, {
      order,
      userId: order.user.id,
      reason,
      details,
      lines: chosenLines,
      at,
    });
    count('returns');
    return { request, amountKobo: chosenLines.reduce((sum, l) => sum + l.amountKobo, 0) };
  };

  /** The shop approves at `approvedAt` and receives the caps at `receivedAt`; the refund is created then. */
  const approveAndReceive = async (
    order: Order,
    returned: Awaited<ReturnType<typeof requestReturn>>,
    approvedAt: Date,
    receivedAt: Date,
  ) => {
    const shopUser = order.vendor.user.id;
    const { request } = returned;
    await em.nativeUpdate(
      ReturnRequestSchema,
      { id: request.id },
      {
        status: 'received',
        decisionNote: 'Sorry about that. Send it back with the receipt and we will refund you.',
        decidedBy: shopUser,
        decidedAt: approvedAt,
        receivedAt,
        receivedBy: shopUser,
        restocked: true,
        updatedAt: receivedAt,
      },
    );
    await move(order, 'return_requested', 'returned', shopUser, receivedAt);
    await em.flush();
    const left = await refundableOf(em, order.id);
    const itemsKobo = Math.min(returned.amountKobo, left.itemsLeftKobo);
    const shippingKobo = request.includesShipping ? left.shippingLeftKobo : 0;
    const refund = await createRefund(em, {
      orderId: order.id,
      itemsKobo,
      shippingKobo,
      kind: 'return',
      reason: `Return #${request.id}: ${RETURN_REASON_LABELS[request.reason]}`,
      initiatedById: shopUser,
      at: receivedAt,
    });
    await em.nativeUpdate(ReturnRequestSchema, { id: request.id }, { status: 'refunded', refund: refund.id });
    await unholdAfterRefund(
      em,
      { id: request.id, orderId: order.id, vendorId: order.vendor.id },
      refund.id,
      receivedAt,
    );
    count('refunds');
    return refund.id;
  };

  // The open return: the newest delivery still inside its return window (one its buyer has not reviewed first).
  const open = take(
    delivered
      .filter((o) => o.id !== aminaLatest && (releaseAt.get(o.id)?.getTime() ?? 0) > now)
      .sort((a, b) => Number(unreviewed(b)) - Number(unreviewed(a)) || byDeliveryDesc(a, b)),
  );
  if (open) {
    const at = new Date((deliveredAt.get(open.id)!.getTime() + now) / 2);
    await requestReturn(
      open,
      'damaged',
      'The peak arrived cracked and the stitching on the crown is coming loose.',
      at,
    );
  }

  // Older deliveries whose whole story fits in the past, not reviewed; of shops never paid out (so the past
  // payouts stay what the balances then allowed), the demo shop's first.
  const older = delivered
    .filter(
      (o) =>
        o.id !== aminaLatest &&
        unreviewed(o) &&
        !paidOut.has(o.vendor.id) &&
        deliveredAt.get(o.id)!.getTime() < now - 12 * DAY,
    )
    .sort((a, b) => Number(b.vendor.id === demoShop.id) - Number(a.vendor.id === demoShop.id) || byDeliveryDesc(a, b));

  const refunded = take(older);
  if (refunded) {
    const d = deliveredAt.get(refunded.id)!.getTime();
    const returned = await requestReturn(
      refunded,
      'wrong_item',
      'I ordered the black snapback but received a navy one in a different size.',
      new Date(d + 2 * DAY),
    );
    const refundId = await approveAndReceive(
      refunded,
      returned,
      new Date(d + 2 * DAY + 5 * HOUR),
      new Date(d + 5 * DAY),
    );
    const processedAt = new Date(d + 6 * DAY);
    await settle(refundId, new Date(d + 5 * DAY + MINUTE), processedAt);
    await moveOrderAfterRefund(em, refunded.id, processedAt);
    count('orders.returned', -1);
    count('orders.refunded');
  }

  const processing = take(older);
  if (processing) {
    const d = deliveredAt.get(processing.id)!.getTime();
    const returned = await requestReturn(
      processing,
      'changed_mind',
      'The colour looks different in person; I would like to return one cap, unworn with its tags.',
      new Date(d + 3 * DAY),
      true,
    );
    const receivedAt = new Date(d + 7 * DAY);
    const refundId = await approveAndReceive(processing, returned, new Date(d + 3 * DAY + 4 * HOUR), receivedAt);
    await settle(refundId, new Date(receivedAt.getTime() + MINUTE), null);
  }

  // A goodwill refund by an admin, after the return window: a fifth of the order's item money.
  const goodwill = take(older);
  if (goodwill) {
    const at = after(deliveredAt.get(goodwill.id)!, 10 * DAY);
    const itemsPaid = goodwill.subtotalKobo - goodwill.discountKobo;
    const refund = await createRefund(em, {
      orderId: goodwill.id,
      itemsKobo: Math.max(100, Math.round(itemsPaid / 500) * 100),
      shippingKobo: 0,
      kind: 'goodwill',
      reason: 'Goodwill: the delivery arrived three days later than promised.',
      initiatedById: admin.id,
      at,
    });
    const processedAt = after(at, DAY);
    await settle(refund.id, after(at, MINUTE), processedAt);
    const before = goodwill.status;
    await moveOrderAfterRefund(em, goodwill.id, processedAt);
    count(`orders.${before}`, -1);
    count('orders.partially_refunded');
    count('refunds');
  }
  await em.flush();
  count('ledgerEntries', (await em.count(LedgerEntrySchema, {})) - entriesBefore);
}
