import { SANDBOX_DECLINED_CARD, SANDBOX_SUCCESS_CARD, signBody } from '@caps/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartItemSchema } from '../../../packages/api/src/modules/cart/cart.entities.js';
import { CouponSchema } from '../../../packages/api/src/modules/coupons/coupons.entities.js';
import { OrderSchema } from '../../../packages/api/src/modules/orders/orders.entities.js';
import { makeProduct, makeVendor } from '../../../packages/api/test/fixtures.js';
import { customerInput } from '../../../packages/api/test/harness.js';
import { bearer, createRestTestEnv, type RestTestEnv } from './harness.js';

let env: RestTestEnv;
const products: number[] = [];
let couponId: number;

beforeAll(async () => {
  env = await createRestTestEnv();
  const em = env.services.orm.em.fork();
  for (const shop of ['Kano Caps', 'Ibadan Fila']) {
    const vendor = await makeVendor(em, { shopName: shop });
    products.push((await makeProduct(em, vendor, { priceNaira: 12_500, stock: 50, sizes: ['58'] })).id);
  }
  const coupon = em.create(CouponSchema, {
    vendor: null,
    code: 'SAVE10',
    discountPercent: 10,
    usageLimit: null,
    usedCount: 0,
    expiresAt: null,
  });
  await em.flush();
  couponId = coupon.id;
});
afterAll(async () => env?.close());

async function checkout() {
  const { token, user } = (
    await env.app.inject({ method: 'POST', url: '/api/register', payload: customerInput() })
  ).json();
  const em = env.services.orm.em.fork();
  em.create(CartItemSchema, { user: user.id, product: products[0] as number, size: '58', quantity: 1 });
  await em.flush();
  const order = await env.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(token),
    payload: {
      shipping_address: '7 Damboa Road, Maiduguri, Borno 600001',
      coupon_code: 'SAVE10',
      items: products.map((product_id) => ({ product_id, quantity: 1, size: '58' })),
    },
  });
  expect(order.statusCode).toBe(201);
  const initiate = await env.app.inject({
    method: 'POST',
    url: '/api/payment/initiate',
    headers: bearer(token),
    payload: { order_id: order.json().id },
  });
  expect(initiate.statusCode).toBe(200);
  return { token, userId: user.id as number, order: order.json(), payment: initiate.json() };
}

const verify = (reference: string) =>
  env.app.inject({ method: 'GET', url: `/api/payment/verify?reference=${reference}` });
const pay = (reference: string, card: string) =>
  env.app.inject({
    method: 'POST',
    url: `/payment-sandbox/checkout/${reference}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `card_number=${encodeURIComponent(card)}`,
  });
const couponUses = async () =>
  (await env.services.orm.em.fork().findOneOrFail(CouponSchema, { id: couponId })).usedCount;
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe('paying a checkout in the sandbox', () => {
  it('pays both shops at once with the success card: orders paid, cart emptied, coupon counted once', async () => {
    const { token, userId, order, payment } = await checkout();
    // A full address, as Paystack gives (app.inject's host is localhost).
    expect(payment.url).toBe(`http://localhost/payment-sandbox/checkout/${payment.reference}`);
    expect(payment.amount).toBe(25_000 - 2_500 + 2_000);
    const page = await env.app.inject({ method: 'GET', url: new URL(payment.url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('₦24,500');

    const early = (await verify(payment.reference)).json();
    expect(early).toMatchObject({ success: false, status: 'pending', retry_after: 2 });

    const uses = await couponUses();
    const paid = await pay(payment.reference, SANDBOX_SUCCESS_CARD);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `http://localhost/payment/callback?trxref=${payment.reference}&reference=${payment.reference}`,
    );
    await settle();
    const result = (await verify(payment.reference)).json();
    expect(result).toMatchObject({ success: true, status: 'paid', order_ids: order.order_ids });
    for (const id of order.order_ids) {
      const own = (await env.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(token) })).json();
      expect(own.payment_status).toBe('paid');
    }
    expect(await env.services.orm.em.fork().count(CartItemSchema, { user: userId })).toBe(0);
    expect(await couponUses()).toBe(uses + 1);
    // The callback, verify and webhook again change nothing.
    await verify(payment.reference);
    const callback = await env.app.inject({ method: 'GET', url: `/api/payment/callback?trxref=${payment.reference}` });
    expect(callback.json().success).toBe(true);
    expect(await couponUses()).toBe(uses + 1);
    const refused = await env.app.inject({
      method: 'POST',
      url: '/api/payment/initiate',
      headers: bearer(token),
      payload: { order_id: order.id },
    });
    expect(refused.statusCode).toBe(409);
  });

  it('shows the decline for the declined card and leaves the orders unpaid', async () => {
    const { order, payment } = await checkout();
    await pay(payment.reference, SANDBOX_DECLINED_CARD);
    const result = (await verify(payment.reference)).json();
    expect(result).toMatchObject({ success: false, status: 'failed' });
    expect(result.message).toMatch(/Declined/);
    const stored = await env.services.orm.em.fork().findOneOrFail(OrderSchema, { id: order.id });
    expect(stored.paymentStatus).toBe('pending');
  });

  it('applies one payment once when the same webhook arrives 10 times at once', async () => {
    const { payment, order } = await checkout();
    const sandbox = env.services.sandbox;
    if (!sandbox) throw new Error('the tests run on the sandbox');
    sandbox.pay(payment.reference, SANDBOX_SUCCESS_CARD);
    const uses = await couponUses();
    const body = sandbox.webhookBody(payment.reference);
    const signature = signBody(sandbox.secretKey, body);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        env.app.inject({
          method: 'POST',
          url: '/api/payment/webhook',
          headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
          payload: body,
        }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect(await couponUses()).toBe(uses + 1);
    const stored = await env.services.orm.em.fork().findOneOrFail(OrderSchema, { id: order.id });
    expect(stored.paymentStatus).toBe('paid');
  });

  it('refuses a webhook with a bad signature and never trusts the body', async () => {
    const { payment, order } = await checkout();
    const forged = JSON.stringify({
      event: 'charge.success',
      data: { reference: payment.reference, status: 'success', amount: 1 },
    });
    const bad = await env.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': 'f'.repeat(128) },
      payload: forged,
    });
    expect(bad.statusCode).toBe(401);
    // Correctly signed, but the provider has not been paid: still unpaid.
    const sandbox = env.services.sandbox;
    if (!sandbox) throw new Error('the tests run on the sandbox');
    const signed = await env.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signBody(sandbox.secretKey, forged) },
      payload: forged,
    });
    expect(signed.statusCode).toBe(200);
    expect((await env.services.orm.em.fork().findOneOrFail(OrderSchema, { id: order.id })).paymentStatus).toBe(
      'pending',
    );
  });

  it('does not mark paid a payment of the wrong amount, and 404s a forged reference', async () => {
    const { payment, order } = await checkout();
    const sandbox = env.services.sandbox;
    if (!sandbox) throw new Error('the tests run on the sandbox');
    sandbox.pay(payment.reference, SANDBOX_SUCCESS_CARD);
    (sandbox.transaction(payment.reference) as { amount: number }).amount = 100;
    const result = (await verify(payment.reference)).json();
    expect(result).toMatchObject({ success: false, status: 'failed' });
    expect((await env.services.orm.em.fork().findOneOrFail(OrderSchema, { id: order.id })).paymentStatus).toBe(
      'pending',
    );
    expect((await verify('CAPS-999-forged')).statusCode).toBe(404);
    expect((await env.app.inject({ method: 'GET', url: '/api/payment/verify' })).statusCode).toBeGreaterThanOrEqual(
      400,
    );
  });

  it("refuses to start paying someone else's order", async () => {
    const { order } = await checkout();
    const other = (await env.app.inject({ method: 'POST', url: '/api/register', payload: customerInput() })).json()
      .token;
    const response = await env.app.inject({
      method: 'POST',
      url: '/api/payment/initiate',
      headers: bearer(other),
      payload: { order_id: order.id },
    });
    expect(response.statusCode).toBe(404);
  });
});
