import { SANDBOX_SUCCESS_CARD } from '@caps/api';
import {
  CheckoutSchema,
  LedgerEntrySchema,
  makeProduct,
  makeUser,
  makeVendor,
  OrderSchema,
  OrderStatusChangeSchema,
  PaymentSchema,
  ProductSchema,
  RefundSchema,
  sessionTokenFor,
  type Vendor,
} from '@caps/api/testing';
import { CANCEL_MESSAGES } from '@caps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRestTestEnv, type RestTestEnv } from './harness.js';

/**
 * The cancellation calls over REST (issue 13): POST /api/orders/{id}/cancel and
 * POST /api/vendor/orders/{id}/cancel, with their refunds, stock, ledger, refusals and races.
 */

let env: RestTestEnv;
let kano: Vendor;
let kanoToken: string;
let lagosToken: string;
let kanoCap: number;
let lagosCap: number;

beforeAll(async () => {
  env = await createRestTestEnv();
  const em = env.services.orm.em.fork();
  kano = await makeVendor(em, { shopName: 'Kano Caps' });
  const lagos = await makeVendor(em, { shopName: 'Lagos Caps' });
  kanoCap = (await makeProduct(em, kano, { priceNaira: 15_000, stock: 1_000, sizes: ['58'] })).id;
  lagosCap = (await makeProduct(em, lagos, { priceNaira: 9_500, stock: 1_000, sizes: ['58'] })).id;
  kanoToken = await sessionTokenFor(env.services, kano.user.id);
  lagosToken = await sessionTokenFor(env.services, lagos.user.id);
});
afterAll(async () => env?.close());

const fresh = () => env.services.orm.em.fork();
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  env.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const stockOf = async (id: number) => (await fresh().findOneOrFail(ProductSchema, { id })).stock;
const refundsOf = (orderId: number) => fresh().count(RefundSchema, { order: orderId });
const sum = (values: number[]) => values.reduce((t, v) => t + v, 0);

async function customer() {
  const user = await makeUser(fresh(), { role: 'customer', fullName: 'Amina Bello' });
  return { userId: user.id, token: await sessionTokenFor(env.services, user.id) };
}

/** A new customer's checkout of these caps (one each), paid through the sandbox unless told otherwise. */
async function bought(productIds: number[], paid = true) {
  const buyer = await customer();
  const placed = await call('POST', '/orders', buyer.token, {
    shipping_address: '7 Damboa Road, Maiduguri, Borno 600001',
    items: productIds.map((product_id) => ({ product_id, quantity: 1, size: '58' })),
  });
  expect(placed.statusCode).toBe(201);
  const order = placed.json();
  if (paid) {
    const payment = (await call('POST', '/payment/initiate', buyer.token, { order_id: order.id })).json();
    await env.app.inject({
      method: 'POST',
      url: `/payment-sandbox/checkout/${payment.reference}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `card_number=${encodeURIComponent(SANDBOX_SUCCESS_CARD)}`,
    });
    const verified = await call('GET', `/payment/verify?reference=${payment.reference}`, buyer.token);
    expect(verified.json().success).toBe(true);
  }
  const orderIds = [...(order.order_ids as number[])].sort((a, b) => a - b);
  return { ...buyer, id: order.id as number, orderIds, checkoutId: order.checkout_id as number };
}

async function advance(token: string, id: number, to: 'confirmed' | 'shipped' | 'delivered') {
  for (const status of ['confirmed', 'shipped', 'delivered']) {
    expect((await call('PUT', `/vendor/orders/${id}/status`, token, { status })).statusCode).toBe(200);
    if (status === to) return;
  }
}

async function expectLedgerReconciles() {
  const em = fresh();
  const entries = await em.find(LedgerEntrySchema, {});
  const payments = await em.find(PaymentSchema, { status: 'success' });
  const refunds = await em.find(RefundSchema, { status: { $ne: 'failed' } });
  expect(sum(entries.map((e) => e.amountKobo))).toBe(
    sum(payments.map((p) => p.amountKobo)) - sum(refunds.map((r) => r.amountKobo)),
  );
}

describe('POST /api/orders/{id}/cancel', () => {
  it('cancels an unpaid order: stock back at once, nothing refunded, the checkout no longer payable', async () => {
    const stock = await stockOf(kanoCap);
    const order = await bought([kanoCap], false);
    expect(await stockOf(kanoCap)).toBe(stock - 1);
    const response = await call('POST', `/orders/${order.id}/cancel`, order.token, { reason: 'Changed my mind' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'cancelled',
      payment_status: 'failed',
      cancellation_reason: 'Changed my mind',
      refunded_amount: 0,
      refunds: [],
      can_cancel: false,
    });
    expect(await stockOf(kanoCap)).toBe(stock);
    expect(await refundsOf(order.id)).toBe(0);
    const pay = await call('POST', '/payment/initiate', order.token, { order_id: order.id });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().code).toBe('CHECKOUT_EXPIRED');
  });

  it('refunds a paid confirmed order; the checkout’s shipping only with its last order', async () => {
    const kanoBalance = (await call('GET', '/vendor/balance', kanoToken)).json();
    const order = await bought([kanoCap, lagosCap]);
    const [first, second] = order.orderIds as [number, number];
    await advance(kanoToken, first, 'confirmed');
    const stock = await stockOf(kanoCap);

    const one = await call('POST', `/orders/${first}/cancel`, order.token, {});
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ status: 'cancelled', refunded_amount: 15_000 });
    expect(one.json().refunds).toEqual([
      expect.objectContaining({ kind: 'cancellation', items_amount: 15_000, shipping_amount: 0, amount: 15_000 }),
    ]);
    expect(await stockOf(kanoCap)).toBe(stock + 1);
    // The shop's pending credit for the order is reversed: its balance is what it was before the sale.
    expect((await call('GET', '/vendor/balance', kanoToken)).json()).toMatchObject({
      pending: kanoBalance.pending,
      available: kanoBalance.available,
    });

    const two = await call('POST', `/orders/${second}/cancel`, order.token, { reason: 'Do not need it' });
    expect(two.statusCode).toBe(200);
    expect(two.json().refunds).toEqual([
      expect.objectContaining({
        items_amount: 9_500,
        shipping_amount: 2_000,
        amount: 11_500,
        reason: 'Do not need it',
      }),
    ]);
    const checkout = await fresh().findOneOrFail(CheckoutSchema, { id: order.checkoutId });
    expect(checkout.shippingRefundedKobo).toBe(checkout.shippingKobo);
    const refunds = await fresh().find(RefundSchema, { order: { $in: order.orderIds } });
    expect(sum(refunds.map((r) => r.amountKobo))).toBe(checkout.totalKobo);
    await expectLedgerReconciles();
  });

  it('takes ten simultaneous cancels as one: one refund, stock back once', async () => {
    const stock = await stockOf(lagosCap);
    const order = await bought([lagosCap]);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', `/orders/${order.id}/cancel`, order.token, {})),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 200)) {
      expect([409, 422]).toContain(response.statusCode);
      expect(typeof response.json().message).toBe('string');
    }
    expect(await refundsOf(order.id)).toBe(1);
    expect(await stockOf(lagosCap)).toBe(stock);
    expect(await fresh().count(OrderStatusChangeSchema, { order: order.id, toStatus: 'cancelled' })).toBe(1);
    await expectLedgerReconciles();
  });

  it('refuses shipped, delivered and cancelled orders (422 ORDER_NOT_CANCELLABLE), others’ (404), no token (401)', async () => {
    const shipped = await bought([kanoCap]);
    await advance(kanoToken, shipped.id, 'shipped');
    const delivered = await bought([kanoCap]);
    await advance(kanoToken, delivered.id, 'delivered');
    const cancelled = await bought([kanoCap]);
    expect((await call('POST', `/orders/${cancelled.id}/cancel`, cancelled.token, {})).statusCode).toBe(200);
    const stranger = await customer();
    const refunds = await fresh().count(RefundSchema, {});
    const stock = await stockOf(kanoCap);

    const cases: [string, string | undefined, number, string][] = [
      [`/orders/${shipped.id}/cancel`, shipped.token, 422, CANCEL_MESSAGES.shipped],
      [`/orders/${delivered.id}/cancel`, delivered.token, 422, CANCEL_MESSAGES.delivered],
      [`/orders/${cancelled.id}/cancel`, cancelled.token, 422, CANCEL_MESSAGES.alreadyCancelled],
      [`/orders/${shipped.id}/cancel`, stranger.token, 404, 'Order not found'],
      [`/orders/${shipped.id}/cancel`, undefined, 401, ''],
      [`/orders/${shipped.id}/cancel`, kanoToken, 403, ''],
      [`/orders/999999/cancel`, shipped.token, 404, 'Order not found'],
    ];
    for (const [url, token, status, message] of cases) {
      const response = await call('POST', url, token, {});
      expect(response.statusCode).toBe(status);
      expect(typeof response.json().message).toBe('string');
      if (message) expect(response.json().message).toBe(message);
      if (status === 422) expect(response.json().code).toBe('ORDER_NOT_CANCELLABLE');
    }
    for (const payload of [{ reason: 'x'.repeat(501) }, { reason: 42 }, { refund: 100 }]) {
      const response = await call('POST', `/orders/${shipped.id}/cancel`, shipped.token, payload);
      expect(response.statusCode).toBe(422);
      expect(typeof response.json().message).toBe('string');
    }
    expect((await call('POST', '/orders/abc/cancel', shipped.token, {})).statusCode).toBe(422);
    expect((await fresh().findOneOrFail(OrderSchema, { id: shipped.id })).status).toBe('shipped');
    expect((await fresh().findOneOrFail(OrderSchema, { id: delivered.id })).status).toBe('delivered');
    expect(await fresh().count(RefundSchema, {})).toBe(refunds);
    expect(await stockOf(kanoCap)).toBe(stock);
  });
});

describe('POST /api/vendor/orders/{id}/cancel', () => {
  it('cancels a paid order with the reason the customer then reads on the order', async () => {
    const stock = await stockOf(kanoCap);
    const order = await bought([kanoCap]);
    const reason = 'The last one was damaged in our workshop';
    const response = await call('POST', `/vendor/orders/${order.id}/cancel`, kanoToken, { reason });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: order.id, status: 'cancelled', cancellation_reason: reason });
    expect(response.json().status_history.at(-1)).toMatchObject({ to: 'cancelled', by: { role: 'vendor' } });
    const seen = (await call('GET', `/orders/${order.id}`, order.token)).json();
    expect(seen).toMatchObject({ status: 'cancelled', cancellation_reason: reason, refunded_amount: 17_000 });
    expect(seen.refunds[0]).toMatchObject({ kind: 'cancellation', reason, initiated_by: { role: 'vendor' } });
    expect(await stockOf(kanoCap)).toBe(stock);
    await expectLedgerReconciles();
  });

  it('refuses another shop’s order (404), a customer (403), unpaid or shipped orders and a missing reason (422)', async () => {
    const paid = await bought([kanoCap]);
    const unpaid = await bought([kanoCap], false);
    const shipped = await bought([kanoCap]);
    await advance(kanoToken, shipped.id, 'shipped');
    const refunds = await fresh().count(RefundSchema, {});
    const cases: [number, string, object, number, string?][] = [
      [paid.id, lagosToken, { reason: 'Not our order' }, 404],
      [paid.id, paid.token, { reason: 'I am the customer' }, 403],
      [unpaid.id, kanoToken, { reason: 'Cannot fulfil' }, 422, CANCEL_MESSAGES.shopUnpaid],
      [shipped.id, kanoToken, { reason: 'Cannot fulfil' }, 422, CANCEL_MESSAGES.shopShipped],
      [paid.id, kanoToken, {}, 422, 'A reason is required'],
      [paid.id, kanoToken, { reason: '  ' }, 422, 'A reason is required'],
    ];
    for (const [id, token, payload, status, message] of cases) {
      const response = await call('POST', `/vendor/orders/${id}/cancel`, token, payload);
      expect(response.statusCode).toBe(status);
      expect(typeof response.json().message).toBe('string');
      if (message) expect(response.json().message).toBe(message);
    }
    expect((await fresh().findOneOrFail(OrderSchema, { id: paid.id })).status).toBe('pending');
    expect((await fresh().findOneOrFail(OrderSchema, { id: unpaid.id })).status).toBe('pending');
    expect((await fresh().findOneOrFail(OrderSchema, { id: shipped.id })).status).toBe('shipped');
    expect(await fresh().count(RefundSchema, {})).toBe(refunds);
  });
});

describe('a cancellation racing Mark as Shipped over REST', () => {
  it('has exactly one winner each time, and stock and refunds follow it', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 8; round += 1) {
      const order = await bought([lagosCap]);
      await advance(lagosToken, order.id, 'confirmed');
      const stock = await stockOf(lagosCap);
      const lag = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const [cancel, ship] = await Promise.all([
        lag(round % 2 === 0 ? 0 : round % 4).then(() => call('POST', `/orders/${order.id}/cancel`, order.token, {})),
        lag(round % 2 === 0 ? round % 4 : 0).then(() =>
          call('PUT', `/vendor/orders/${order.id}/status`, lagosToken, { status: 'shipped' }),
        ),
      ]);
      expect([cancel.statusCode, ship.statusCode].filter((s) => s === 200)).toHaveLength(1);
      for (const loser of [cancel, ship].filter((r) => r.statusCode !== 200)) {
        expect([409, 422]).toContain(loser.statusCode);
      }
      const status = (await fresh().findOneOrFail(OrderSchema, { id: order.id })).status;
      if (cancel.statusCode === 200) {
        expect(status).toBe('cancelled');
        expect(await refundsOf(order.id)).toBe(1);
        expect(await stockOf(lagosCap)).toBe(stock + 1);
      } else {
        expect(status).toBe('shipped');
        expect(await refundsOf(order.id)).toBe(0);
        expect(await stockOf(lagosCap)).toBe(stock);
      }
    }
    await expectLedgerReconciles();
  });
});
