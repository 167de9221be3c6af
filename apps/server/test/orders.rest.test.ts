import { CouponSchema, customerInput, makeProduct, makeVendor, OrderSchema } from '@caps/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRestTestEnv, type RestTestEnv } from './harness.js';

let env: RestTestEnv;
let productId: number;
let token: string;
beforeAll(async () => {
  env = await createRestTestEnv();
  const em = env.services.orm.em.fork();
  const vendor = await makeVendor(em, { shopName: 'Maiduguri Caps' });
  productId = (await makeProduct(em, vendor, { name: 'Tagiya', priceNaira: 8_000, stock: 10, sizes: ['57'] })).id;
  em.create(CouponSchema, {
    vendor: null,
    code: 'SAVE10',
    discountPercent: 10,
    usageLimit: null,
    usedCount: 0,
    expiresAt: null,
  });
  await em.flush();
  token = (await env.app.inject({ method: 'POST', url: '/api/register', payload: customerInput() })).json().token;
});
afterAll(async () => env?.close());

const order = (payload: unknown, headers: Record<string, string> = {}) =>
  env.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: payload as object,
    headers: { ...bearer(token), ...headers },
  });
const body = (extra: object = {}) => ({
  shipping_address: '3 Lagos Street, Maiduguri, Borno 600001',
  coupon_code: 'SAVE10',
  items: [{ product_id: productId, quantity: 2, size: '57' }],
  ...extra,
});

describe('POST /api/orders', () => {
  it('places the order with the server total: 201 with id and order_ids', async () => {
    const response = await order(body());
    expect(response.statusCode).toBe(201);
    const placed = response.json();
    expect(placed).toMatchObject({ status: 'pending', total_amount: 16_000 - 1_600 + 2_000, coupon_code: 'SAVE10' });
    expect(placed.order_ids).toEqual([placed.id]);
    const fetched = await env.app.inject({ method: 'GET', url: `/api/orders/${placed.id}`, headers: bearer(token) });
    expect(fetched.json().items[0]).toMatchObject({ product_id: productId, quantity: 2, size: '57', price: 8_000 });
    const list = await env.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(token) });
    expect(list.json()[0].id).toBe(placed.id);
  });

  it('answers the same orders for a retried Idempotency-Key', async () => {
    const first = await order(body(), { 'idempotency-key': 'abc-123' });
    const second = await order(body(), { 'idempotency-key': 'abc-123' });
    expect(second.json().id).toBe(first.json().id);
  });

  it.each([
    ['a client-sent price', body({ items: [{ product_id: 1, quantity: 1, size: '57', price: 1 }] }), 422],
    ['an empty cart', body({ items: [] }), 422],
    ['garbage coupon', body({ coupon_code: 'bogus' }), 422],
    ['too many', body({ items: [{ product_id: 0, quantity: 11, size: '57' }] }), 409],
  ])('refuses %s with a message and places nothing', async (_label, payload, status) => {
    const before = await env.services.orm.em.fork().count(OrderSchema, {});
    const fixed = JSON.parse(JSON.stringify(payload).replace('"product_id":0', `"product_id":${productId}`));
    const response = await order(fixed);
    expect(response.statusCode).toBe(status);
    expect(typeof response.json().message).toBe('string');
    expect(await env.services.orm.em.fork().count(OrderSchema, {})).toBe(before);
  });

  it("answers 404 for someone else's order and 401 without a token", async () => {
    const placed = (await order(body())).json();
    const other = (await env.app.inject({ method: 'POST', url: '/api/register', payload: customerInput() })).json()
      .token;
    expect(
      (await env.app.inject({ method: 'GET', url: `/api/orders/${placed.id}`, headers: bearer(other) })).statusCode,
    ).toBe(404);
    expect((await env.app.inject({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
  });

  it('checks a coupon for the cart', async () => {
    const ok = await env.app.inject({
      method: 'POST',
      url: '/api/coupons/validate',
      headers: bearer(token),
      payload: { code: 'SAVE10', items: [{ product_id: productId, quantity: 1 }] },
    });
    expect(ok.json()).toMatchObject({ valid: true, discount: 10, discount_amount: 800 });
    const bad = await env.app.inject({
      method: 'POST',
      url: '/api/coupons/validate',
      headers: bearer(token),
      payload: { code: 'NOPE' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Invalid coupon');
  });
});
