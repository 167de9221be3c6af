import { createServices, SANDBOX_DECLINED_CARD, SANDBOX_SUCCESS_CARD, signBody } from '@caps/api';
import {
  CartItemSchema,
  CheckoutSchema,
  CouponSchema,
  customerInput,
  DUPLICATE_PAYMENT_MESSAGE,
  LATE_PAYMENT_MESSAGE,
  makeProduct,
  makeVendor,
  OrderSchema,
  OrderStatusChangeSchema,
  PaymentSchema,
  ProductSchema,
  releaseExpiredCheckouts,
} from '@caps/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
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
  payerOf.set(initiate.json().reference, token);
  return { token, userId: user.id as number, order: order.json(), payment: initiate.json() };
}

/** The token of the customer who started each reference: only the payer may verify it. */
const payerOf = new Map<string, string>();
const verify = (reference: string, token = payerOf.get(reference)) =>
  env.app.inject({
    method: 'GET',
    url: `/api/payment/verify?reference=${reference}`,
    headers: token ? bearer(token) : {},
  });
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
    // A full address on the configured public URL, as Paystack gives.
    expect(payment.url).toBe(`${env.services.config.publicUrl}/payment-sandbox/checkout/${payment.reference}`);
    expect(payment.amount).toBe(25_000 - 2_500 + 2_000);
    const page = await env.app.inject({ method: 'GET', url: new URL(payment.url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('₦24,500');

    const early = (await verify(payment.reference)).json();
    expect(early).toMatchObject({ success: false, status: 'pending', retry_after: 2 });

    // The coupon's use was taken when the checkout was placed: paying counts it no second time.
    const uses = await couponUses();
    const paid = await pay(payment.reference, SANDBOX_SUCCESS_CARD);
    expect(paid.statusCode).toBe(303);
    // Our own callback, as a path: the payer stays on the origin they are on.
    expect(paid.headers.location).toBe(`/payment/callback?trxref=${payment.reference}&reference=${payment.reference}`);
    await settle();
    const result = (await verify(payment.reference)).json();
    expect(result).toMatchObject({ success: true, status: 'paid', order_ids: order.order_ids });
    for (const id of order.order_ids) {
      const own = (await env.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(token) })).json();
      expect(own.payment_status).toBe('paid');
    }
    expect(await env.services.orm.em.fork().count(CartItemSchema, { user: userId })).toBe(0);
    expect(await couponUses()).toBe(uses);
    // The callback, verify and webhook again change nothing.
    await verify(payment.reference);
    const callback = await env.app.inject({ method: 'GET', url: `/api/payment/callback?trxref=${payment.reference}` });
    expect(callback.json().success).toBe(true);
    expect(await couponUses()).toBe(uses);
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
    await sandbox.pay(payment.reference, SANDBOX_SUCCESS_CARD);
    const uses = await couponUses();
    const body = await sandbox.webhookBody(payment.reference);
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
    expect(await couponUses()).toBe(uses);
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

  it('a signed body that is not an event object is 400 with a message and changes nothing', async () => {
    const { payment, order } = await checkout();
    const sandbox = theSandbox();
    // Paid at the sandbox, not yet verified by us: a webhook that got through would mark the order paid.
    await sandbox.pay(payment.reference, SANDBOX_SUCCESS_CARD);
    const reference = payment.reference as string;
    const bodies = [
      'null',
      '[]',
      '"x"',
      '1',
      'true',
      '{}',
      '{"event":"charge.success"}',
      '{"event":"charge.success","data":null}',
      '{"event":"charge.success","data":"x"}',
      `{"event":"charge.success","data":[{"reference":"${reference}"}]}`,
      `[{"event":"charge.success","data":{"reference":"${reference}"}}]`,
      `{"event":["charge.success"],"data":{"reference":"${reference}"}}`,
      `{"event":"","data":{"reference":"${reference}"}}`,
      `{"data":{"reference":"${reference}"}}`,
      '{"event":"charge.success","data":{}}',
      `{"event":"charge.success","data":{"reference":["${reference}"]}}`,
      '{"event":"charge.success","data":{"reference":12}}',
      '{"event":"transfer.success","data":{}}',
      '{"event":"transfer.failed","data":{"reference":null}}',
      '{"event":"refund.processed","data":{}}',
      '{"event":"refund.failed","data":{"id":{},"transaction_reference":7}}',
    ];
    const paymentBefore = await env.services.orm.em.fork().findOneOrFail(PaymentSchema, { reference });
    for (const body of bodies) {
      const response = await env.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signBody(sandbox.secretKey, body) },
        payload: body,
      });
      expect(response.statusCode, body).toBe(400);
      expect(response.headers['content-type'], body).toMatch(/^application\/json/);
      expect(response.json().message, body).toEqual(expect.any(String));
    }
    const em = env.services.orm.em.fork();
    expect((await em.findOneOrFail(OrderSchema, { id: order.id })).paymentStatus).toBe('pending');
    expect(await em.findOneOrFail(PaymentSchema, { reference })).toEqual(paymentBefore);
    // An event we do not act on is taken (Paystack would send it again otherwise) and changes nothing.
    const other = '{"event":"subscription.create","data":{"subscription_code":"SUB_1"}}';
    const taken = await env.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signBody(sandbox.secretKey, other) },
      payload: other,
    });
    expect(taken.statusCode).toBe(200);
    // The well-formed event still pays it: the bodies above were refused for their shape alone.
    const good = await sandbox.webhookBody(reference);
    const paid = await env.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signBody(sandbox.secretKey, good) },
      payload: good,
    });
    expect(paid.statusCode).toBe(200);
    expect((await env.services.orm.em.fork().findOneOrFail(OrderSchema, { id: order.id })).paymentStatus).toBe('paid');
  });

  it('does not mark paid a payment of the wrong amount, and 404s a forged reference', async () => {
    const { payment, order } = await checkout();
    const sandbox = env.services.sandbox;
    if (!sandbox) throw new Error('the tests run on the sandbox');
    await sandbox.pay(payment.reference, SANDBOX_SUCCESS_CARD);
    // Paystack's record says another amount was paid than the one asked for.
    await env.services.orm.em
      .fork()
      .getConnection()
      .execute('update sandbox_transactions set amount = 100 where reference = ?', [payment.reference]);
    const result = (await verify(payment.reference)).json();
    expect(result).toMatchObject({ success: false, status: 'failed' });
    expect((await env.services.orm.em.fork().findOneOrFail(OrderSchema, { id: order.id })).paymentStatus).toBe(
      'pending',
    );
    expect((await verify('CAPS-999-forged', payerOf.get(payment.reference))).statusCode).toBe(404);
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

function theSandbox() {
  const sandbox = env.services.sandbox;
  if (!sandbox) throw new Error('the tests run on the sandbox');
  return sandbox;
}
const initiate = async (token: string, orderId: number) => {
  const response = await env.app.inject({
    method: 'POST',
    url: '/api/payment/initiate',
    headers: bearer(token),
    payload: { order_id: orderId },
  });
  if (response.statusCode === 200) payerOf.set(response.json().reference, token);
  return response;
};
const stockOf = async (id: number) => (await env.services.orm.em.fork().findOneOrFail(ProductSchema, { id })).stock;
const cartCount = (userId: number) => env.services.orm.em.fork().count(CartItemSchema, { user: userId });
const paymentStatus = async (reference: string) =>
  (await env.services.orm.em.fork().findOneOrFail(PaymentSchema, { reference })).status;
const ordersOf = (ids: number[]) =>
  env.services.orm.em.fork().find(OrderSchema, { id: { $in: ids } }, { orderBy: { id: 'asc' } });

/** The checkout's 30 minutes run out and the release job gives its caps back. */
async function expireAndRelease(orderId: number) {
  const em = env.services.orm.em.fork();
  const order = await em.findOneOrFail(OrderSchema, { id: orderId }, { populate: ['checkout'] });
  await em.nativeUpdate(CheckoutSchema, { id: order.checkout.id }, { expiresAt: new Date(Date.now() - 60_000) });
  expect(await releaseExpiredCheckouts(env.services.orm.em.fork())).toBeGreaterThanOrEqual(1);
  const released = await em.fork().findOneOrFail(CheckoutSchema, { id: order.checkout.id });
  expect(released.paymentStatus).toBe('failed');
}

describe('a payment that arrives after its checkout was released', () => {
  it('reserves the caps again and pays the checkout when they are all still there', async () => {
    const { userId, order, payment } = await checkout();
    const before = await Promise.all(products.map(stockOf));
    await expireAndRelease(order.id);
    expect(await Promise.all(products.map(stockOf))).toEqual(before.map((s) => s + 1));
    // The buyer paid on the provider's page before the release; its success reaches us only now.
    await theSandbox().pay(payment.reference, SANDBOX_SUCCESS_CARD);
    const uses = await couponUses();
    const result = (await verify(payment.reference)).json();
    expect(result).toMatchObject({ success: true, status: 'paid', order_ids: order.order_ids });
    expect(await Promise.all(products.map(stockOf))).toEqual(before);
    for (const stored of await ordersOf(order.order_ids)) {
      expect(stored).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
      const history = await env.services.orm.em
        .fork()
        .find(OrderStatusChangeSchema, { order: stored.id }, { orderBy: { id: 'asc' } });
      expect(history.map((h) => [h.fromStatus, h.toStatus, h.actor])).toEqual([
        [null, 'pending', expect.anything()],
        ['pending', 'cancelled', null],
        ['cancelled', 'pending', null],
      ]);
    }
    expect(await couponUses()).toBe(uses + 1);
    expect(await cartCount(userId)).toBe(0);
    expect(await paymentStatus(payment.reference)).toBe('success');
  });

  it('records the money to refund and changes nothing else when a cap is gone', async () => {
    const { userId, order, payment } = await checkout();
    await expireAndRelease(order.id);
    const em = env.services.orm.em.fork();
    const soldOut = products[1] as number;
    const kept = await stockOf(soldOut);
    await em.nativeUpdate(ProductSchema, { id: soldOut }, { stock: 0 });
    const other = await stockOf(products[0] as number);
    await theSandbox().pay(payment.reference, SANDBOX_SUCCESS_CARD);
    const uses = await couponUses();
    for (let i = 0; i < 2; i++) {
      const result = (await verify(payment.reference)).json();
      expect(result).toMatchObject({ success: false, status: 'failed', message: LATE_PAYMENT_MESSAGE });
    }
    expect(await paymentStatus(payment.reference)).toBe('refund_due');
    for (const stored of await ordersOf(order.order_ids)) {
      expect(stored).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    }
    const stored = await env.services.orm.em
      .fork()
      .findOneOrFail(OrderSchema, { id: order.id }, { populate: ['checkout'] });
    expect(stored.checkout.paymentStatus).toBe('failed');
    expect(await stockOf(soldOut)).toBe(0);
    // The line that could be had was given back again, not kept for a checkout that is not coming back.
    expect(await stockOf(products[0] as number)).toBe(other);
    expect(await couponUses()).toBe(uses);
    expect(await cartCount(userId)).toBe(1);
    await em.nativeUpdate(ProductSchema, { id: soldOut }, { stock: kept });
  });
});

describe('one checkout, several payment references', () => {
  it('supersedes older references: their page is closed, and a late success for one is a duplicate to refund', async () => {
    const { token, userId, order, payment: first } = await checkout();
    const second = (await initiate(token, order.id)).json();
    expect(second.reference).not.toBe(first.reference);
    expect(await paymentStatus(first.reference)).toBe('abandoned');
    const closed = await env.app.inject({ method: 'GET', url: `/payment-sandbox/checkout/${first.reference}` });
    expect(closed.statusCode).toBe(409);
    expect(closed.body).toContain('This transaction is closed');
    const refused = await pay(first.reference, SANDBOX_SUCCESS_CARD);
    expect(refused.statusCode).toBe(409);
    expect((await theSandbox().transaction(first.reference))?.status).toBe('ongoing');
    // The abandoned reference was never paid: verify says it was replaced, and nothing changes.
    expect((await verify(first.reference)).json()).toMatchObject({ success: false, status: 'failed' });

    const uses = await couponUses();
    expect((await pay(second.reference, SANDBOX_SUCCESS_CARD)).statusCode).toBe(303);
    await settle();
    expect((await verify(second.reference)).json()).toMatchObject({ success: true, status: 'paid' });
    // The used reference's page is closed too.
    const used = await env.app.inject({ method: 'GET', url: `/payment-sandbox/checkout/${second.reference}` });
    expect(used.statusCode).toBe(409);
    expect((await pay(second.reference, SANDBOX_SUCCESS_CARD)).statusCode).toBe(409);

    // The buyer had also paid the older page at the provider (Paystack cannot close it): a duplicate.
    const em = env.services.orm.em.fork();
    em.create(CartItemSchema, { user: userId, product: products[0] as number, size: '58', quantity: 2 });
    await em.flush();
    const stock = await Promise.all(products.map(stockOf));
    await theSandbox().pay(first.reference, SANDBOX_SUCCESS_CARD);
    const duplicate = (await verify(first.reference)).json();
    expect(duplicate).toMatchObject({ success: false, status: 'failed', message: DUPLICATE_PAYMENT_MESSAGE });
    expect(await paymentStatus(first.reference)).toBe('refund_due');
    expect(await paymentStatus(second.reference)).toBe('success');
    expect(await couponUses()).toBe(uses);
    expect(await cartCount(userId)).toBe(1);
    expect(await Promise.all(products.map(stockOf))).toEqual(stock);
    expect((await verify(second.reference)).json()).toMatchObject({ success: true, status: 'paid' });
  });

  it('pays a checkout once when two references succeed and are verified at the same time', async () => {
    const { token, userId, order, payment: first } = await checkout();
    const second = (await initiate(token, order.id)).json();
    const sandbox = theSandbox();
    await sandbox.pay(first.reference, SANDBOX_SUCCESS_CARD);
    await sandbox.pay(second.reference, SANDBOX_SUCCESS_CARD);
    const uses = await couponUses();
    const answers = await Promise.all(
      [first, second, first, second].map(async ({ reference }) => (await verify(reference)).json()),
    );
    const winners = new Set(answers.filter((a) => a.success).map((a) => a.reference));
    expect(winners.size).toBe(1);
    const loser = [first.reference, second.reference].find((r) => !winners.has(r)) as string;
    expect(answers.filter((a) => a.reference === loser)).toEqual([
      expect.objectContaining({ success: false, message: DUPLICATE_PAYMENT_MESSAGE }),
      expect.objectContaining({ success: false, message: DUPLICATE_PAYMENT_MESSAGE }),
    ]);
    expect(await paymentStatus(loser)).toBe('refund_due');
    expect(await couponUses()).toBe(uses);
    expect(await cartCount(userId)).toBe(0);
    for (const stored of await ordersOf(order.order_ids)) expect(stored.paymentStatus).toBe('paid');
  });
});

describe('payment input', () => {
  it('takes the sandbox card number as JSON too', async () => {
    const { order, payment } = await checkout();
    const paid = await env.app.inject({
      method: 'POST',
      url: `/payment-sandbox/checkout/${payment.reference}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ card_number: SANDBOX_SUCCESS_CARD }),
    });
    expect(paid.statusCode).toBe(303);
    expect((await theSandbox().transaction(payment.reference))?.status).toBe('success');
    expect((await verify(payment.reference)).json()).toMatchObject({ success: true, order_ids: order.order_ids });
  });

  it('refuses broken JSON on the sandbox page and changes nothing', async () => {
    const { payment } = await checkout();
    const broken = await env.app.inject({
      method: 'POST',
      url: `/payment-sandbox/checkout/${payment.reference}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"card_number":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBeTruthy();
    expect((await theSandbox().transaction(payment.reference))?.status).toBe('ongoing');
  });

  it('answers 422 "reference is required" without a reference; a browser is sent to the result page', async () => {
    const { token } = await checkout();
    for (const url of ['/api/payment/verify', '/api/payment/callback', '/api/payment/verify?reference=']) {
      const response = await env.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().message, url).toBe('reference is required');
    }
    const browser = await env.app.inject({
      method: 'GET',
      url: '/api/payment/callback',
      headers: { accept: 'text/html' },
    });
    expect(browser.statusCode).toBe(303);
    expect(browser.headers.location).toBe('/payment/callback');
  });
});

describe('PAYSTACK_BASE_URL', () => {
  it("is Paystack's API unless set; a trailing slash is dropped", () => {
    expect(loadConfig({}).services.paystackBaseUrl).toBe('https://api.paystack.co');
    expect(loadConfig({ PAYSTACK_BASE_URL: 'http://127.0.0.1:4010/' }).services.paystackBaseUrl).toBe(
      'http://127.0.0.1:4010',
    );
  });

  it('stops the start, before the database opens, when it is not an http(s) URL', async () => {
    for (const url of ['api.paystack.co', 'ftp://api.paystack.co', 'file:///etc/passwd']) {
      const config = loadConfig({ PAYSTACK_SECRET_KEY: 'sk_test_x', PAYSTACK_BASE_URL: url });
      await expect(
        createServices({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none' }, config.services),
        url,
      ).rejects.toThrow(`PAYSTACK_BASE_URL is not an http(s) URL: ${url}`);
    }
  });
});
