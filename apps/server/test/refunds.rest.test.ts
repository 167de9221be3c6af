import { SANDBOX_SUCCESS_CARD, signBody } from '@caps/api';
import {
  AuditLogSchema,
  CheckoutSchema,
  type Em,
  LedgerEntrySchema,
  makeProduct,
  makeUser,
  makeVendor,
  OrderSchema,
  type Product,
  RefundSchema,
  sessionTokenFor,
} from '@caps/api/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRestTestEnv, type RestTestEnv } from './harness.js';

/**
 * Refunds over REST (docs/returns.md): GET /api/admin/refunds, POST /api/admin/orders/{id}/refund, and the
 * refund webhooks the sandbox posts to the server; every refusal answers its status with a JSON message.
 */

let env: RestTestEnv;
let adminToken: string;
let vendorToken: string;
let cap: Product;
const fresh = () => env.services.orm.em.fork() as Em;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  env.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

function sandbox() {
  const s = env.services.sandbox;
  if (!s) throw new Error('the tests run on the sandbox');
  return s;
}

beforeAll(async () => {
  env = await createRestTestEnv();
  const em = fresh();
  adminToken = await sessionTokenFor(env.services, (await makeUser(em, { role: 'admin' })).id);
  const vendor = await makeVendor(em, { shopName: 'Refund Caps' });
  vendorToken = await sessionTokenFor(env.services, vendor.user.id);
  cap = await makeProduct(em, vendor, { priceKobo: 1_234_567, stock: 100, sizes: ['58'] });
});
afterEach(() => {
  sandbox().holdRefunds = false;
});
afterAll(async () => env?.close());

/** A fresh customer buys `quantity` caps over REST and pays; answers its token, order and checkout. */
async function buy(quantity = 1) {
  const token = await sessionTokenFor(env.services, (await makeUser(fresh(), { role: 'customer' })).id);
  const order = await call('POST', '/orders', token, {
    shipping_address: '7 Damboa Road, Maiduguri, Borno 600001',
    items: [{ product_id: cap.id, quantity, size: '58' }],
  });
  expect(order.statusCode).toBe(201);
  const payment = await call('POST', '/payment/initiate', token, { order_id: order.json().id });
  const reference = payment.json().reference as string;
  await sandbox().pay(reference, SANDBOX_SUCCESS_CARD);
  expect((await call('GET', `/payment/verify?reference=${reference}`, token)).json().success).toBe(true);
  return { token, orderId: order.json().id as number, checkoutId: order.json().checkout_id as number, reference };
}

const refundRow = (id: number) => fresh().findOneOrFail(RefundSchema, { id }, { disableIdentityMap: true });

/** Waits for the sandbox's refund webhook to reach the server and settle the refund. */
async function settled(id: number) {
  for (let i = 0; i < 100; i++) {
    const refund = await refundRow(id);
    if (refund.status === 'processed' || refund.status === 'failed') return refund;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the refund did not settle');
}

const postWebhook = (body: string, signature?: string) =>
  env.app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-paystack-signature': signature } : {}) },
    payload: body,
  });

describe('goodwill refunds over REST', () => {
  it('POST /admin/orders/{id}/refund answers 201 with the refund; the webhook settles it; the list shows it', async () => {
    const { orderId, reference } = await buy(2);
    const created = await call('POST', `/admin/orders/${orderId}/refund`, adminToken, {
      amount: 1234.57,
      reason: 'The parcel came late',
    });
    expect(created.statusCode).toBe(201);
    const dto = created.json();
    expect(dto).toMatchObject({
      order_id: orderId,
      amount: 1234.57,
      items_amount: 1234.57,
      shipping_amount: 0,
      kind: 'goodwill',
      reason: 'The parcel came late',
      payment_reference: reference,
      initiated_by: { role: 'admin' },
      processed_at: null,
    });
    expect(['pending', 'processing']).toContain(dto.status);
    expect((await settled(dto.id)).status).toBe('processed');
    expect(await sandbox().refundRequestCount(reference)).toBe(1);
    const listed = await call('GET', '/admin/refunds?status=processed&per_page=5', adminToken);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data[0]).toMatchObject({ id: dto.id, status: 'processed', amount: 1234.57 });
    expect(listed.json().data[0].processed_at).not.toBeNull();
    expect(await fresh().count(AuditLogSchema, { action: 'goodwill_refund', targetId: orderId })).toBe(1);
  });

  it('beyond what is left: 422 with the amount left and nothing written', async () => {
    const { orderId, checkoutId } = await buy(1);
    const order = await fresh().findOneOrFail(OrderSchema, { id: orderId });
    const checkout = await fresh().findOneOrFail(CheckoutSchema, { id: checkoutId });
    const left = order.subtotalKobo - order.discountKobo + checkout.shippingKobo;
    const entries = await fresh().count(LedgerEntrySchema, {});
    const refused = await call('POST', `/admin/orders/${orderId}/refund`, adminToken, {
      amount: (left + 1) / 100,
      reason: 'Too generous',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/more than what is left of the order \(₦14,345\.67\)/);
    expect(await fresh().count(RefundSchema, { order: orderId })).toBe(0);
    expect(await fresh().count(LedgerEntrySchema, {})).toBe(entries);
  });

  it('bad input and unknown orders answer 4xx with a JSON message', async () => {
    const { orderId } = await buy(1);
    for (const payload of [
      { amount: 'abc', reason: 'Not a number' },
      { amount: -5, reason: 'Negative' },
      { amount: 1.234, reason: 'Three decimals' },
      { amount: 10 },
      { amount: 10, reason: 'x' },
      { amount: 10, reason: 'Extra field', extra: true },
    ]) {
      const response = await call('POST', `/admin/orders/${orderId}/refund`, adminToken, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(typeof response.json().message).toBe('string');
    }
    const missing = await call('POST', '/admin/orders/999999/refund', adminToken, { amount: 1, reason: 'No order' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBeTruthy();
    const badQuery = await call('GET', '/admin/refunds?status=nope', adminToken);
    expect(badQuery.statusCode).toBeGreaterThanOrEqual(400);
    expect(badQuery.statusCode).toBeLessThan(500);
    expect(await fresh().count(RefundSchema, { order: orderId })).toBe(0);
  });

  it('customers and vendors are 403, anonymous callers 401, and nothing is refunded', async () => {
    const { orderId, token } = await buy(1);
    for (const caller of [token, vendorToken]) {
      const list = await call('GET', '/admin/refunds', caller);
      expect(list.statusCode).toBe(403);
      expect(list.json().message).toBeTruthy();
      const refund = await call('POST', `/admin/orders/${orderId}/refund`, caller, { amount: 10, reason: 'For me' });
      expect(refund.statusCode).toBe(403);
    }
    expect((await call('GET', '/admin/refunds')).statusCode).toBe(401);
    expect(await fresh().count(RefundSchema, { order: orderId })).toBe(0);
  });
});

describe('refund webhooks over REST', () => {
  it('forged and unsigned refund events are 401; a signed one is confirmed with Paystack first', async () => {
    const { orderId } = await buy(1);
    sandbox().holdRefunds = true;
    const created = await call('POST', `/admin/orders/${orderId}/refund`, adminToken, { amount: 50, reason: 'Held' });
    expect(created.statusCode).toBe(201);
    const { id, provider_reference: providerId } = created.json() as { id: number; provider_reference: string };
    const body = JSON.stringify({ event: 'refund.processed', data: { id: providerId, status: 'processed' } });
    for (const signature of [undefined, signBody('sk_test_forged', body), 'f'.repeat(128)]) {
      const response = await postWebhook(body, signature);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBeTruthy();
    }
    // Signed, but Paystack still has it pending: nothing changes.
    expect((await postWebhook(body, signBody(sandbox().secretKey, body))).statusCode).toBe(200);
    expect((await refundRow(id)).status).toBe('processing');
    // Paystack processes it: its own signed event settles it.
    await sandbox().settleRefund(providerId, 'processed');
    expect((await settled(id)).status).toBe('processed');
  });
});
