import type { Em } from '@caps/api/testing';
import { ProductSchema, type ShopWithData, shopWithData, stateOfShop } from '@caps/api/testing';
import { VENDOR_PRODUCT_MESSAGES as M } from '@caps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRestTestEnv, multipart, type RestTestEnv } from './harness.js';

/**
 * Issue 10, finding 7, replayed over HTTP: `PUT /api/products/{id}` and `POST /api/coupons` answered
 * 200/201 for a shop still pending verification. Every vendor write of a pending shop is 403 with the
 * pending-verification message and changes nothing; reads stay open; a verified shop still writes.
 */

let env: RestTestEnv;
const fresh = () => env.services.orm.em.fork() as Em;

const shop = (verified: boolean) => shopWithData(env.services, verified);
const stateOf = (s: ShopWithData) => stateOfShop(env.services, s);

type Method = 'POST' | 'PUT' | 'DELETE';
/** Each vendor write of the REST table, as [label, method, url, body]. */
const writesOf = (s: ShopWithData): [string, Method, string, object | undefined][] => [
  [
    'POST /products',
    'POST',
    '/api/products',
    {
      name: 'Fresh Cap',
      description: 'Hand-embroidered Hausa cap from Kano.',
      price: 20_000,
      stock: 3,
      category: 'Hausa Caps',
      sizes: ['58'],
    },
  ],
  ['PUT /products/{id}', 'PUT', `/api/products/${s.productId}`, { price: 1, stock: 999 }],
  ['DELETE /products/{id}', 'DELETE', `/api/products/${s.productId}`, undefined],
  ['POST /coupons', 'POST', '/api/coupons', { code: 'NEW20', discount: 20, usage_limit: 10, expires_at: '2999-01-01' }],
  ['PUT /coupons/{id}', 'PUT', `/api/coupons/${s.couponId}`, { discount: 90 }],
  ['DELETE /coupons/{id}', 'DELETE', `/api/coupons/${s.couponId}`, undefined],
  ['PUT /vendor/orders/{id}/status', 'PUT', `/api/vendor/orders/${s.orderId}/status`, { status: 'confirmed' }],
];

const send = (token: string, method: Method, url: string, payload?: object) =>
  env.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  env = await createRestTestEnv();
});
afterAll(async () => env?.close());

describe('a shop pending verification, over HTTP', () => {
  it('gets 403 with the pending-verification message for every vendor write, and nothing changes', async () => {
    const pending = await shop(false);
    const before = await stateOf(pending);
    for (const [label, method, url, body] of writesOf(pending)) {
      const response = await send(pending.token, method, url, body);
      expect({ label, status: response.statusCode, message: response.json().message }).toEqual({
        label,
        status: 403,
        message: M.shopPending,
      });
    }
    // The multipart form of a cap change, as the dashboard sends it.
    const form = multipart({ name: 'Renamed', price: '1' });
    const changed = await env.app.inject({
      method: 'PUT',
      url: `/api/products/${pending.productId}`,
      headers: { ...bearer(pending.token), ...form.headers },
      payload: form.payload,
    });
    expect(changed.statusCode).toBe(403);
    expect(changed.json().message).toBe(M.shopPending);
    expect(await stateOf(pending)).toEqual(before);
  });

  it('still reads its caps, coupons, orders and dashboard, and changes its own shop settings', async () => {
    const pending = await shop(false);
    for (const url of ['/api/vendor/products', '/api/coupons', '/api/vendor/orders', '/api/vendor/dashboard']) {
      const response = await env.app.inject({ method: 'GET', url, headers: bearer(pending.token) });
      expect(response.statusCode, url).toBe(200);
    }
    const settings = await send(pending.token, 'PUT', '/api/profile', { shop_name: 'Renamed Pending Caps' });
    expect(settings.statusCode).toBe(200);
  });
});

describe('a verified shop, over HTTP', () => {
  it('makes every one of those writes', async () => {
    const verified = await shop(true);
    const expected: Record<string, number> = { 'POST /products': 201, 'POST /coupons': 201 };
    for (const [label, method, url, body] of writesOf(verified)) {
      const response = await send(verified.token, method, url, body);
      expect({ label, status: response.statusCode }).toEqual({ label, status: expected[label] ?? 200 });
      // Put back what the delete took, so the next writes find their records.
      if (label === 'DELETE /products/{id}') {
        await fresh().nativeUpdate(ProductSchema, { id: verified.productId }, { archivedAt: null });
      }
    }
    expect(await stateOf(verified)).toEqual({
      product: { name: 'Live Cap', priceKobo: 100, stock: 999, archived: false },
      products: 2,
      coupons: [['NEW20', 20]],
      orderStatus: 'confirmed',
    });
  });
});
