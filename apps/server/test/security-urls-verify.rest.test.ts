import { SANDBOX_SUCCESS_CARD } from '@caps/api';
import {
  CartItemSchema,
  createTestEnv,
  customerInput,
  failureOf,
  makeProduct,
  makeVendor,
  OrderSchema,
  type TestEnv,
} from '@caps/api/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { bearer } from './harness.js';

/**
 * Issue 10, finding 5. (a) With PUBLIC_URL unset, `POST /api/payment/initiate` with `Host: evil.example`
 * answered a callback on evil.example, and the sandbox sent the payer there after paying. Every absolute
 * URL comes from the configured public URL; the sandbox sends the payer back to a path on the site they
 * are on. (b) `GET /api/payment/verify` told anyone holding a reference the checkout's order ids: only
 * the signed-in payer may verify; the callback tells others the outcome only.
 */

const PUBLIC_URL = 'https://caps.example.ng';
const EVIL = 'evil.example';

let env: TestEnv;
/** The app as deployed (no TRUST_PROXY), and one behind a proxy whose forwarded headers are trusted. */
let app: FastifyInstance;
let proxied: FastifyInstance;
let productId: number;

beforeAll(async () => {
  env = await createTestEnv({ publicUrl: PUBLIC_URL });
  const base = { NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent', LOG_LEVEL: 'silent', PUBLIC_URL };
  app = await buildApp(loadConfig(base), { services: env.services, logger: false });
  proxied = await buildApp(loadConfig({ ...base, TRUST_PROXY: 'true' }), { services: env.services, logger: false });
  await Promise.all([app.ready(), proxied.ready()]);
  const em = env.services.orm.em.fork();
  const vendor = await makeVendor(em, { shopName: 'Kano Caps' });
  productId = (await makeProduct(em, vendor, { priceNaira: 12_500, stock: 100, sizes: ['58'] })).id;
});
afterAll(async () => {
  await app?.close();
  await proxied?.close();
  await env?.close();
});

const EVIL_HEADERS = { host: EVIL, 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'https', forwarded: `host=${EVIL}` };

/** A new customer with one unpaid order. */
async function customerWithOrder(server: FastifyInstance = app) {
  const registered = await server.inject({ method: 'POST', url: '/api/register', payload: customerInput() });
  const { token, user } = registered.json();
  const order = await server.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(token),
    payload: {
      shipping_address: '7 Damboa Road, Maiduguri, Borno 600001',
      items: [{ product_id: productId, quantity: 1, size: '58' }],
    },
  });
  expect(order.statusCode).toBe(201);
  return {
    token: token as string,
    userId: user.id as number,
    order: order.json() as { id: number; order_ids: number[] },
  };
}

async function initiate(server: FastifyInstance, token: string, orderId: number) {
  const response = await server.inject({
    method: 'POST',
    url: '/api/payment/initiate',
    headers: { ...bearer(token), ...EVIL_HEADERS },
    payload: { order_id: orderId },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { url: string; authorization_url: string; reference: string };
}

describe('payment URLs come from the configured public URL, never from request headers', () => {
  for (const [label, server] of [
    ['without TRUST_PROXY', () => app],
    ['behind a trusted proxy', () => proxied],
  ] as const) {
    it(`initiate with Host and X-Forwarded-Host evil.example (${label})`, async () => {
      const { token, order } = await customerWithOrder(server());
      const payment = await initiate(server(), token, order.id);
      expect(payment.url).toBe(`${PUBLIC_URL}/payment-sandbox/checkout/${payment.reference}`);
      expect(payment.authorization_url).toBe(payment.url);
      // The callback the provider was given is ours.
      const transaction = await env.services.sandbox?.transaction(payment.reference);
      expect(transaction?.callbackUrl).toBe(`${PUBLIC_URL}/payment/callback`);

      // The hosted page's form, opened through the evil host, posts to a path and pays to a path of ours.
      const page = await server().inject({
        method: 'GET',
        url: new URL(payment.url).pathname,
        headers: EVIL_HEADERS,
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain(EVIL);
      const paid = await server().inject({
        method: 'POST',
        url: new URL(payment.url).pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...EVIL_HEADERS },
        payload: `card_number=${SANDBOX_SUCCESS_CARD}`,
      });
      expect(paid.statusCode).toBe(303);
      const location = String(paid.headers.location);
      expect(location).not.toContain(EVIL);
      // A path on whichever origin the payer is on (localhost and 127.0.0.1 keep their own sign-in).
      expect(location).toBe(`/payment/callback?trxref=${payment.reference}&reference=${payment.reference}`);
    });
  }

  it('over tRPC too', async () => {
    const { token, order } = await customerWithOrder();
    const payment = await env.caller(token).payment.initiate({ order_id: order.id });
    expect(payment.url).toBe(`${PUBLIC_URL}/payment-sandbox/checkout/${payment.reference}`);
    expect((await env.services.sandbox?.transaction(payment.reference))?.callbackUrl).toBe(
      `${PUBLIC_URL}/payment/callback`,
    );
  });
});

describe('only the payer learns what a reference paid for', () => {
  it('GET /api/payment/verify: 401 without a token, 404 for someone else, the answer for the payer', async () => {
    const payer = await customerWithOrder();
    const payment = await initiate(app, payer.token, payer.order.id);
    const other = await customerWithOrder();
    const verify = (token?: string) =>
      app.inject({
        method: 'GET',
        url: `/api/payment/verify?reference=${payment.reference}`,
        headers: token ? bearer(token) : {},
      });

    const anonymous = await verify();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('order_ids');
    const stranger = await verify(other.token);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('Payment reference not found');
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/payment/verify?reference=CAPS-1-000000000000',
      headers: bearer(other.token),
    });
    expect(unknown.json().message).toBe('Payment reference not found');

    await env.services.sandbox?.pay(payment.reference, SANDBOX_SUCCESS_CARD);
    // Someone else's verify neither tells nor applies anything.
    expect((await verify(other.token)).statusCode).toBe(404);
    const mine = await verify(payer.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ success: true, status: 'paid', order_ids: payer.order.order_ids });
  });

  it('tRPC payment.verify: unauthenticated without a token, not found for someone else', async () => {
    const payer = await customerWithOrder();
    const payment = await initiate(app, payer.token, payer.order.id);
    const other = await customerWithOrder();
    expect((await failureOf(env.caller().payment.verify({ reference: payment.reference }))).code).toBe('UNAUTHORIZED');
    const stranger = await failureOf(env.caller(other.token).payment.verify({ reference: payment.reference }));
    expect(stranger).toMatchObject({ code: 'NOT_FOUND', message: 'Payment reference not found' });
    const mine = await env.caller(payer.token).payment.verify({ reference: payment.reference });
    expect(mine).toMatchObject({ status: 'pending', order_ids: payer.order.order_ids });
  });

  it('GET /api/payment/callback: without a token it verifies but tells no order ids; with it, as verify', async () => {
    const payer = await customerWithOrder();
    const payment = await initiate(app, payer.token, payer.order.id);
    const other = await customerWithOrder();
    await env.services.sandbox?.pay(payment.reference, SANDBOX_SUCCESS_CARD);

    // The provider's return address still applies the payment for a client without a token.
    const anonymous = await app.inject({ method: 'GET', url: `/api/payment/callback?trxref=${payment.reference}` });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ success: true, status: 'paid', message: 'Payment successful' });
    const stored = await env.services.orm.em.fork().findOneOrFail(OrderSchema, { id: payer.order.id });
    expect(stored.paymentStatus).toBe('paid');
    expect(await env.services.orm.em.fork().count(CartItemSchema, { user: payer.userId })).toBe(0);

    const stranger = await app.inject({
      method: 'GET',
      url: `/api/payment/callback?reference=${payment.reference}`,
      headers: bearer(other.token),
    });
    expect(stranger.statusCode).toBe(404);
    const mine = await app.inject({
      method: 'GET',
      url: `/api/payment/callback?reference=${payment.reference}`,
      headers: bearer(payer.token),
    });
    expect(mine.json()).toMatchObject({ success: true, order_ids: payer.order.order_ids });

    // A browser is still sent to the result page.
    const browser = await app.inject({
      method: 'GET',
      url: `/api/payment/callback?reference=${payment.reference}`,
      headers: { accept: 'text/html', ...EVIL_HEADERS },
    });
    expect(browser.statusCode).toBe(303);
    expect(browser.headers.location).toBe(`/payment/callback?reference=${payment.reference}`);
  });
});
