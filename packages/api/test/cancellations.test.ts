import { CANCEL_MESSAGES, type OrderDto, VENDOR_PRODUCT_MESSAGES } from '@caps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Em } from '../src/db/orm.js';
import type { Product } from '../src/modules/catalogue/catalogue.entities.js';
import { CouponSchema } from '../src/modules/coupons/coupons.entities.js';
import { LedgerEntrySchema, RefundSchema } from '../src/modules/finance/finance.entities.js';
import { CheckoutSchema, OrderSchema, OrderStatusChangeSchema } from '../src/modules/orders/orders.entities.js';
import { PaymentSchema } from '../src/modules/payment/payment.entities.js';
import type { Vendor } from '../src/modules/vendors/vendors.entities.js';
import { buying, domainFailure } from './buying.js';
import { makeProduct, makeVendor, placeOrder } from './fixtures.js';
import { createTestEnv, failureOf, sessionTokenFor, type TestEnv } from './harness.js';

/**
 * Cancellations before shipping (issue 13, docs/returns.md): the customer's and the shop's, their stock,
 * refunds and ledger entries, the refusals, and the races (ten cancels at once; a cancel against Mark as
 * Shipped). Every order here is placed and paid through the real checkout and the sandbox, so the ledger
 * holds the entries of a real payment.
 */

let env: TestEnv;
const b = buying(() => env);
const fresh = () => env.services.orm.em.fork() as Em;

let kano: Vendor;
let lagos: Vendor;
let kanoToken: string;
let lagosToken: string;
let pendingShopToken: string;
let kanoCap: Product;
let lagosCap: Product;
let pendingShopCap: Product;

const KANO_PRICE = 12_345;
const LAGOS_PRICE = 8_000;

beforeAll(async () => {
  env = await createTestEnv();
  const em = fresh();
  kano = await makeVendor(em, { shopName: 'Kano Caps' });
  lagos = await makeVendor(em, { shopName: 'Lagos Caps' });
  const pendingShop = await makeVendor(em, { shopName: 'New Caps', verified: false });
  kanoCap = await makeProduct(em, kano, { name: 'Zanna Cap', priceNaira: KANO_PRICE, stock: 1_000, sizes: ['58'] });
  lagosCap = await makeProduct(em, lagos, { name: 'Fila', priceNaira: LAGOS_PRICE, stock: 1_000, sizes: ['58'] });
  pendingShopCap = await makeProduct(em, pendingShop, { priceNaira: 5_000, stock: 1_000, sizes: ['58'] });
  em.create(CouponSchema, { vendor: kano, code: 'KANO10', discountPercent: 10, usedCount: 0 });
  await em.flush();
  kanoToken = await sessionTokenFor(env.services, kano.user.id);
  lagosToken = await sessionTokenFor(env.services, lagos.user.id);
  pendingShopToken = await sessionTokenFor(env.services, pendingShop.user.id);
});
afterAll(async () => env?.close());

const line = (product: Product, quantity = 1) => ({ product_id: product.id, quantity, size: '58' });

/** A new customer's checkout of these lines, paid unless told otherwise. */
async function bought(lines: ReturnType<typeof line>[], options: { paid?: boolean; coupon?: string } = {}) {
  const { token, userId } = await b.customer();
  const placed = await b.place(token, lines, options.coupon);
  if (options.paid !== false) expect((await b.payFor(token, placed.id)).success).toBe(true);
  return { token, userId, placed, orderIds: [...placed.order_ids].sort((x, y) => x - y) };
}

/** The shop steps a paid order forward up to `status`. */
async function advance(token: string, id: number, to: 'confirmed' | 'shipped' | 'delivered') {
  for (const status of ['confirmed', 'shipped', 'delivered'] as const) {
    await env.caller(token).vendor.advanceOrder({ id, status });
    if (status === to) return;
  }
}

const orderRow = (id: number) => fresh().findOneOrFail(OrderSchema, { id });
const refundsOf = (id: number) => fresh().find(RefundSchema, { order: id }, { orderBy: { id: 'asc' } });
const cancelChanges = (id: number) => fresh().count(OrderStatusChangeSchema, { order: id, toStatus: 'cancelled' });
const sum = (values: number[]) => values.reduce((t, v) => t + v, 0);

/** Σ ledger = Σ payments applied − Σ refunds not failed (docs/returns.md), to the kobo. */
async function expectLedgerReconciles() {
  const em = fresh();
  const entries = await em.find(LedgerEntrySchema, {});
  const payments = await em.find(PaymentSchema, { status: 'success' });
  const refunds = await em.find(RefundSchema, { status: { $ne: 'failed' } });
  expect(sum(entries.map((e) => e.amountKobo))).toBe(
    sum(payments.map((p) => p.amountKobo)) - sum(refunds.map((r) => r.amountKobo)),
  );
}

/** The shop's balances as it reads them (naira). */
const balanceOf = async (token: string) => {
  const { pending, available } = await env.caller(token).vendor.balance();
  return { pending, available };
};

describe('the customer cancels an unpaid order', () => {
  it('gives the caps and the coupon use back at once, refunds nothing, and the checkout is no longer payable', async () => {
    const stock = await b.stockOf(kanoCap.id);
    const coupon = await fresh().findOneOrFail(CouponSchema, { code: 'KANO10' });
    const uses = coupon.usedCount;
    const { token, userId, placed } = await bought([line(kanoCap, 3)], { paid: false, coupon: 'KANO10' });
    expect(await b.stockOf(kanoCap.id)).toBe(stock - 3);
    expect(await b.usedCount(coupon.id)).toBe(uses + 1);

    const cancelled = await env.caller(token).orders.cancel({ id: placed.id, reason: 'Ordered the wrong size' });
    expect(cancelled).toMatchObject({
      id: placed.id,
      status: 'cancelled',
      payment_status: 'failed',
      cancellation_reason: 'Ordered the wrong size',
      refunded_amount: 0,
      refunds: [],
      can_cancel: false,
      can_request_return: false,
    });
    expect(cancelled.status_history.at(-1)).toMatchObject({
      from: 'pending',
      to: 'cancelled',
      by: { user_id: userId, role: 'customer' },
    });
    expect(await b.stockOf(kanoCap.id)).toBe(stock);
    expect(await b.usedCount(coupon.id)).toBe(uses);
    expect(await fresh().count(RefundSchema, { order: placed.id })).toBe(0);
    expect((await fresh().findOneOrFail(CheckoutSchema, { id: placed.checkout_id })).paymentStatus).toBe('failed');
    expect((await domainFailure(env.caller(token).payment.initiate({ order_id: placed.id }))).code).toBe(
      'CHECKOUT_EXPIRED',
    );
  });

  it('cancels the whole unpaid checkout (its orders are paid together)', async () => {
    const { token, orderIds } = await bought([line(kanoCap), line(lagosCap)], { paid: false });
    await env.caller(token).orders.cancel({ id: orderIds[0] as number });
    for (const id of orderIds)
      expect(await orderRow(id)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
  });

  it('does not revive it when a payment page opened before still pays: the money is refund_due', async () => {
    const stock = await b.stockOf(kanoCap.id);
    const { token, placed } = await bought([line(kanoCap, 2)], { paid: false });
    const payment = await b.initiate(token, placed.id);
    await env.caller(token).orders.cancel({ id: placed.id });
    const verified = await b.payReference(token, payment.reference);
    expect(verified.success).toBe(false);
    expect(await orderRow(placed.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect(await b.stockOf(kanoCap.id)).toBe(stock);
    expect(await fresh().count(LedgerEntrySchema, { orderId: placed.id })).toBe(0);
    expect((await fresh().findOneOrFail(PaymentSchema, { reference: payment.reference })).status).not.toBe('success');
  });

  it('cancels once when the customer sends ten cancels at once', async () => {
    const stock = await b.stockOf(lagosCap.id);
    const { token, placed } = await bought([line(lagosCap, 4)], { paid: false });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => env.caller(token).orders.cancel({ id: placed.id })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await b.stockOf(lagosCap.id)).toBe(stock);
    expect(await cancelChanges(placed.id)).toBe(1);
  });
});

describe('the customer cancels a paid order', () => {
  it('refunds the items of a confirmed order, gives the caps back and reverses the shop’s pending credit', async () => {
    const stock = await b.stockOf(kanoCap.id);
    const before = await balanceOf(kanoToken);
    const { token, userId, placed } = await bought([line(kanoCap, 2)]);
    await advance(kanoToken, placed.id, 'confirmed');
    expect((await balanceOf(kanoToken)).pending).toBeGreaterThan(before.pending);
    expect(await b.stockOf(kanoCap.id)).toBe(stock - 2);

    const cancelled = await env.caller(token).orders.cancel({ id: placed.id, reason: 'Found it cheaper' });
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      payment_status: 'paid',
      cancellation_reason: 'Found it cheaper',
      can_cancel: false,
    });
    expect(cancelled.status_history.at(-1)).toMatchObject({
      from: 'confirmed',
      to: 'cancelled',
      by: { user_id: userId, role: 'customer' },
    });
    // A one-shop checkout: cancelling its only order cancels the whole checkout, so shipping goes back too.
    expect(cancelled.refunds).toHaveLength(1);
    expect(cancelled.refunds[0]).toMatchObject({
      order_id: placed.id,
      kind: 'cancellation',
      items_amount: 2 * KANO_PRICE,
      shipping_amount: 2_000,
      amount: 2 * KANO_PRICE + 2_000,
      reason: 'Found it cheaper',
      initiated_by: { user_id: userId, role: 'customer' },
    });
    expect(['pending', 'processing', 'processed']).toContain(cancelled.refunds[0]?.status);
    expect(cancelled.refunded_amount).toBe(2 * KANO_PRICE + 2_000);
    expect(await b.stockOf(kanoCap.id)).toBe(stock);
    expect(await balanceOf(kanoToken)).toEqual(before);
    await expectLedgerReconciles();
    // The list answers the same after-sale state.
    const listed = (await env.caller(token).orders.list()).find((o) => o.id === placed.id) as OrderDto;
    expect(listed.refunds.map((r) => r.id)).toEqual(cancelled.refunds.map((r) => r.id));
  });

  it('refunds shipping only with the last order of a two-shop checkout', async () => {
    const kanoBefore = { before: await balanceOf(kanoToken) };
    const lagosBefore = { before: await balanceOf(lagosToken) };
    const { token, placed, orderIds } = await bought([line(kanoCap), line(lagosCap, 2)], { coupon: 'KANO10' });
    const [first, second] = orderIds as [number, number];
    const orders = await Promise.all(orderIds.map(orderRow));
    const itemsOf = (id: number) => {
      const o = orders.find((x) => x.id === id);
      return o ? (o.subtotalKobo - o.discountKobo) / 100 : Number.NaN;
    };
    // The shop coupon's discount is not refunded: it was never paid.
    expect(itemsOf(first) + itemsOf(second)).toBe(KANO_PRICE * 0.9 + 2 * LAGOS_PRICE);

    // What each order's answer says a cancellation now would refund: items only while the other is open.
    const before = await env.caller(token).orders.get({ id: first });
    expect(before.cancel_refund_amount).toBe(itemsOf(first));
    const one = await env.caller(token).orders.cancel({ id: first });
    expect(one.refunds).toHaveLength(1);
    expect(one.refunds[0]).toMatchObject({ items_amount: itemsOf(first), shipping_amount: 0 });
    expect(one.refunded_amount).toBe(itemsOf(first));
    await expectLedgerReconciles();

    expect((await env.caller(token).orders.get({ id: second })).cancel_refund_amount).toBe(itemsOf(second) + 2_000);
    expect(one.cancel_refund_amount).toBe(0);
    const two = await env.caller(token).orders.cancel({ id: second });
    expect(two.refunds).toHaveLength(1);
    expect(two.refunds[0]).toMatchObject({ items_amount: itemsOf(second), shipping_amount: 2_000 });
    const refunded = await fresh().find(RefundSchema, { order: { $in: orderIds } });
    expect(sum(refunded.map((r) => r.amountKobo))).toBe(placed.checkout_total * 100);
    expect((await fresh().findOneOrFail(CheckoutSchema, { id: placed.checkout_id })).shippingRefundedKobo).toBe(
      200_000,
    );
    // Both shops' pending credit for these orders is gone: their balances are back to before the payment.
    expect(await balanceOf(kanoToken)).toEqual(kanoBefore.before);
    expect(await balanceOf(lagosToken)).toEqual(lagosBefore.before);
    await expectLedgerReconciles();
  });

  it('takes ten cancels at once as one: one cancellation, one refund, stock back once', async () => {
    const stock = await b.stockOf(kanoCap.id);
    const { token, placed } = await bought([line(kanoCap, 3)]);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => env.caller(token).orders.cancel({ id: placed.id })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') {
        // The others are told it is cancelled already (or, at worst, to refresh): never a 5xx.
        expect(['UNPROCESSABLE_CONTENT', 'CONFLICT']).toContain((await failureOf(Promise.reject(result.reason))).code);
      }
    }
    expect(await refundsOf(placed.id)).toHaveLength(1);
    expect(await cancelChanges(placed.id)).toBe(1);
    expect(await b.stockOf(kanoCap.id)).toBe(stock);
    expect((await orderRow(placed.id)).refundedKobo).toBe(3 * KANO_PRICE * 100);
    await expectLedgerReconciles();
  });
});

describe('the shop cancels a paid order it cannot fulfil', () => {
  it('refunds it with the same effects and tells the customer why', async () => {
    const stock = await b.stockOf(lagosCap.id);
    const before = await balanceOf(lagosToken);
    const { token, placed } = await bought([line(lagosCap, 2)]);
    const revenue = async () => (await env.caller(lagosToken).vendor.dashboard()).total_revenue;
    const revenueBefore = await revenue();
    const reason = 'Out of this colour, sorry';
    const answer = await env.caller(lagosToken).vendor.cancelOrder({ id: placed.id, reason });
    expect(answer).toMatchObject({
      id: placed.id,
      status: 'cancelled',
      cancellation_reason: reason,
      can_cancel: false,
    });
    expect(answer.status_history.at(-1)).toMatchObject({
      from: 'pending',
      to: 'cancelled',
      by: { user_id: lagos.user.id, role: 'vendor' },
    });
    expect(answer.refunds[0]).toMatchObject({ kind: 'cancellation', reason, amount: 2 * LAGOS_PRICE + 2_000 });

    // The customer sees the reason on the order and who cancelled it in its history.
    const seen = await env.caller(token).orders.get({ id: placed.id });
    expect(seen).toMatchObject({
      status: 'cancelled',
      cancellation_reason: reason,
      refunded_amount: 2 * LAGOS_PRICE + 2_000,
    });
    expect(seen.status_history.at(-1)?.by.role).toBe('vendor');
    // What went back is no longer the shop's revenue (an outside audit saw refunded orders counted in full).
    expect(await revenue()).toBe(revenueBefore - (2 * LAGOS_PRICE + 2_000));
    expect(await b.stockOf(lagosCap.id)).toBe(stock);
    expect(await balanceOf(lagosToken)).toEqual(before);
    await expectLedgerReconciles();
  });

  it('shows can_cancel to the shop only for paid orders not shipped yet', async () => {
    const paid = await bought([line(kanoCap)]);
    const unpaid = await bought([line(kanoCap)], { paid: false });
    const orders = await env.caller(kanoToken).vendor.orders();
    expect(orders.find((o) => o.id === paid.placed.id)?.can_cancel).toBe(true);
    expect(orders.find((o) => o.id === unpaid.placed.id)?.can_cancel).toBe(false);
    expect((await env.caller(unpaid.token).orders.get({ id: unpaid.placed.id })).can_cancel).toBe(true);
  });
});

describe('refusals: each answers 4xx with a message and changes nothing', () => {
  async function expectUnchanged(id: number, run: () => Promise<unknown>) {
    const before = await orderRow(id);
    const stock = await b.stockOf(kanoCap.id);
    const refunds = await fresh().count(RefundSchema, {});
    const entries = await fresh().count(LedgerEntrySchema, {});
    const failure = await failureOf(run());
    expect(typeof failure.message).toBe('string');
    const after = await orderRow(id);
    expect(after.status).toBe(before.status);
    expect(after.refundedKobo).toBe(before.refundedKobo);
    expect(await b.stockOf(kanoCap.id)).toBe(stock);
    expect(await fresh().count(RefundSchema, {})).toBe(refunds);
    expect(await fresh().count(LedgerEntrySchema, {})).toBe(entries);
    return failure;
  }

  it('refuses a shipped or delivered order, and one cancelled already, with ORDER_NOT_CANCELLABLE', async () => {
    const shipped = await bought([line(kanoCap)]);
    await advance(kanoToken, shipped.placed.id, 'shipped');
    const delivered = await bought([line(kanoCap)]);
    await advance(kanoToken, delivered.placed.id, 'delivered');
    const twice = await bought([line(kanoCap)]);
    await env.caller(twice.token).orders.cancel({ id: twice.placed.id });
    const cases = [
      [shipped, CANCEL_MESSAGES.shipped],
      [delivered, CANCEL_MESSAGES.delivered],
      [twice, CANCEL_MESSAGES.alreadyCancelled],
    ] as const;
    for (const [order, message] of cases) {
      const failure = await expectUnchanged(order.placed.id, () =>
        env.caller(order.token).orders.cancel({ id: order.placed.id }),
      );
      expect(failure).toMatchObject({ code: 'UNPROCESSABLE_CONTENT', message });
      const error = await domainFailure(env.caller(order.token).orders.cancel({ id: order.placed.id }));
      expect(error.code).toBe('ORDER_NOT_CANCELLABLE');
    }
    // The shop cannot cancel them either.
    for (const order of [shipped, delivered]) {
      const failure = await expectUnchanged(order.placed.id, () =>
        env.caller(kanoToken).vendor.cancelOrder({ id: order.placed.id, reason: 'Cannot fulfil' }),
      );
      expect(failure.code).toBe('UNPROCESSABLE_CONTENT');
    }
    // Nor move it to cancelled with a status step: that call points at the cancel call.
    const failure = await expectUnchanged(shipped.placed.id, () =>
      env.caller(kanoToken).vendor.advanceOrder({ id: shipped.placed.id, status: 'cancelled' }),
    );
    expect(failure.message).toBe(CANCEL_MESSAGES.shopUseCancel);
  });

  it("answers 404 for someone else's order, and for another shop's order to a shop", async () => {
    const order = await bought([line(kanoCap)]);
    const stranger = await b.customer();
    expect(
      await expectUnchanged(order.placed.id, () => env.caller(stranger.token).orders.cancel({ id: order.placed.id })),
    ).toMatchObject({ code: 'NOT_FOUND', message: 'Order not found' });
    expect(
      await expectUnchanged(order.placed.id, () =>
        env.caller(lagosToken).vendor.cancelOrder({ id: order.placed.id, reason: 'Not mine to cancel' }),
      ),
    ).toMatchObject({ code: 'NOT_FOUND', message: 'Order not found' });
  });

  it('refuses the wrong role (403), a pending shop (403), an unpaid order to a shop and a missing reason (422)', async () => {
    const order = await bought([line(kanoCap)]);
    expect(
      await expectUnchanged(order.placed.id, () =>
        env.caller(order.token).vendor.cancelOrder({ id: order.placed.id, reason: 'I am the customer' }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      await expectUnchanged(order.placed.id, () => env.caller(kanoToken).orders.cancel({ id: order.placed.id })),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      await expectUnchanged(order.placed.id, () =>
        env.caller(kanoToken).vendor.cancelOrder({ id: order.placed.id, reason: '' }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', fields: { reason: expect.arrayContaining(['A reason is required']) } });
    expect(
      await expectUnchanged(order.placed.id, () => env.caller().orders.cancel({ id: order.placed.id })),
    ).toMatchObject({ code: 'UNAUTHORIZED' });

    // A shop pending verification sells nothing; an order it has from before (made here directly) stays.
    const pendingShopOrder = await placeOrder(fresh(), order.userId, pendingShopCap, 'pending', { paid: true });
    expect(
      await failureOf(
        env.caller(pendingShopToken).vendor.cancelOrder({ id: pendingShopOrder, reason: 'Cannot fulfil' }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN', message: VENDOR_PRODUCT_MESSAGES.shopPending });
    expect((await orderRow(pendingShopOrder)).status).toBe('pending');

    const unpaid = await bought([line(kanoCap)], { paid: false });
    expect(
      await expectUnchanged(unpaid.placed.id, () =>
        env.caller(kanoToken).vendor.cancelOrder({ id: unpaid.placed.id, reason: 'Cannot fulfil' }),
      ),
    ).toMatchObject({ code: 'UNPROCESSABLE_CONTENT', message: CANCEL_MESSAGES.shopUnpaid });
  });
});

describe('a cancellation racing Mark as Shipped', () => {
  it('lets exactly one win, and stock and money follow the winner (10 rounds)', { timeout: 120_000 }, async () => {
    const wins = { cancel: 0, ship: 0 };
    for (let round = 0; round < 10; round += 1) {
      const stock = await b.stockOf(kanoCap.id);
      const { token, placed } = await bought([line(kanoCap, 2)]);
      await advance(kanoToken, placed.id, 'confirmed');
      // Who starts first alternates, the other a few milliseconds behind (0-4), so that both orders of
      // arrival and overlaps of every kind happen across the rounds.
      const lag = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const cancelLag = round % 2 === 0 ? 0 : round % 5;
      const shipLag = round % 2 === 0 ? round % 5 : 0;
      const [cancelled, shipped] = await Promise.allSettled([
        lag(cancelLag).then(() => env.caller(token).orders.cancel({ id: placed.id })),
        lag(shipLag).then(() => env.caller(kanoToken).vendor.advanceOrder({ id: placed.id, status: 'shipped' })),
      ]);
      expect([cancelled?.status, shipped?.status].filter((s) => s === 'fulfilled')).toHaveLength(1);
      const row = await orderRow(placed.id);
      if (cancelled?.status === 'fulfilled') {
        wins.cancel += 1;
        expect(row.status).toBe('cancelled');
        expect(await refundsOf(placed.id)).toHaveLength(1);
        expect(await b.stockOf(kanoCap.id)).toBe(stock);
        expect(await fresh().count(OrderStatusChangeSchema, { order: placed.id, toStatus: 'shipped' })).toBe(0);
      } else {
        wins.ship += 1;
        expect(row.status).toBe('shipped');
        expect(await refundsOf(placed.id)).toHaveLength(0);
        expect(row.refundedKobo).toBe(0);
        expect(await b.stockOf(kanoCap.id)).toBe(stock - 2);
        expect(await cancelChanges(placed.id)).toBe(0);
      }
    }
    expect(wins.cancel + wins.ship).toBe(10);
    await expectLedgerReconciles();
  });
});

describe('the return window on delivery', () => {
  it('opens at delivery for the window in force and closes when it has passed', async () => {
    const { token, placed } = await bought([line(lagosCap)]);
    const before = await env.caller(token).orders.get({ id: placed.id });
    expect(before).toMatchObject({ return_window_ends_at: null, can_request_return: false, can_cancel: true });
    await advance(lagosToken, placed.id, 'delivered');
    const deliveredAt = env.clock.now().getTime();
    const days = (await env.services.orm.em.fork().findOne(OrderSchema, { id: placed.id }))?.returnWindowEndsAt;
    expect(days).toBeInstanceOf(Date);
    const ends = (days as Date).getTime();
    // Seven days by default (the admin's return_window_days).
    expect(Math.abs(ends - (deliveredAt + 7 * 24 * 3_600_000))).toBeLessThan(5_000);
    const open = await env.caller(token).orders.get({ id: placed.id });
    expect(open).toMatchObject({
      return_window_ends_at: new Date(ends).toISOString(),
      can_request_return: true,
      can_cancel: false,
    });
    const shopView = (await env.caller(lagosToken).vendor.orders()).find((o) => o.id === placed.id);
    expect(shopView?.return_window_ends_at).toBe(new Date(ends).toISOString());

    // An order delivered before the window was recorded on it (as the demo seed's) has its credit's
    // release time as window, as the return request itself does.
    await fresh().nativeUpdate(OrderSchema, { id: placed.id }, { returnWindowEndsAt: null });
    const release = await fresh().findOneOrFail(LedgerEntrySchema, { key: `order:${placed.id}:release:available` });
    expect(await env.caller(token).orders.get({ id: placed.id })).toMatchObject({
      return_window_ends_at: release.effectiveAt.toISOString(),
      can_request_return: true,
    });

    // A return requested within the window shows on both answers.
    const itemId = open.items[0]?.id as number;
    const requested = await env.caller(token).orders.requestReturn({
      id: placed.id,
      items: [{ order_item_id: itemId, quantity: 1 }],
      reason: 'damaged',
      details: 'The embroidery came apart on arrival.',
    });
    const withReturn = await env.caller(token).orders.get({ id: placed.id });
    expect(withReturn.returns).toEqual([requested]);
    expect(withReturn).toMatchObject({
      status: 'return_requested',
      return_window_ends_at: null,
      can_request_return: false,
    });
    const shopSees = (await env.caller(lagosToken).vendor.orders()).find((o) => o.id === placed.id);
    expect(shopSees?.returns.map((r) => r.id)).toEqual([requested.id]);

    // Eight days after delivery the window (7 days) has passed.
    const late = await bought([line(lagosCap)]);
    await advance(lagosToken, late.placed.id, 'delivered');
    expect(await env.caller(late.token).orders.get({ id: late.placed.id })).toMatchObject({
      can_request_return: true,
    });
    env.clock.advanceDays(8);
    try {
      const closed = await env.caller(late.token).orders.get({ id: late.placed.id });
      expect(closed).toMatchObject({ status: 'delivered', return_window_ends_at: null, can_request_return: false });
    } finally {
      env.clock.advanceDays(-8);
    }
  });
});
