import { CouponSchema, customerInput, makeProduct, makeVendor } from '@caps/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRestTestEnv, type RestTestEnv } from './harness.js';

let env: RestTestEnv;
let tagiya: number;
let fila: number;
let token: string;
beforeAll(async () => {
  env = await createRestTestEnv();
  const em = env.services.orm.em.fork();
  const borno = await makeVendor(em, { shopName: 'Maiduguri Caps' });
  const lagos = await makeVendor(em, { shopName: 'Lagos Caps' });
  tagiya = (await makeProduct(em, borno, { name: 'Tagiya', priceNaira: 8_000, stock: 10, sizes: ['57'] })).id;
  fila = (await makeProduct(em, lagos, { name: 'Fila', priceNaira: 12_500, stock: 10, sizes: ['M'] })).id;
  em.create(CouponSchema, { vendor: null, code: 'SAVE10', discountPercent: 10, usageLimit: null, usedCount: 0 });
  await em.flush();
  token = (await env.app.inject({ method: 'POST', url: '/api/register', payload: customerInput() })).json().token;
});
afterAll(async () => env?.close());

const quote = (payload?: object, auth: Record<string, string> = bearer(token)) =>
  env.app.inject({ method: 'POST', url: '/api/checkout/quote', headers: auth, ...(payload ? { payload } : {}) });
const items = () => [
  { product_id: tagiya, quantity: 2, size: '57' },
  { product_id: fila, quantity: 1, size: 'M' },
];

describe('POST /api/checkout/quote', () => {
  it('prices the given items by shop, and POST /orders charges exactly the quoted total', async () => {
    const response = await quote({ items: items(), coupon_code: 'save10' });
    expect(response.statusCode).toBe(200);
    const quoted = response.json();
    expect(quoted).toMatchObject({
      coupon_code: 'SAVE10',
      subtotal: 28_500,
      discount: 2_850,
      delivery_total: 2_000,
      total: 27_650,
    });
    expect(quoted.shops.map((s: { vendor: { shop_name: string } }) => s.vendor.shop_name)).toEqual([
      'Maiduguri Caps',
      'Lagos Caps',
    ]);
    expect(quoted.shops[0].items[0]).toEqual({
      product_id: tagiya,
      name: 'Tagiya',
      size: '57',
      quantity: 2,
      unit_price: 8_000,
      line_total: 16_000,
    });
    const placed = await env.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(token),
      payload: { shipping_address: '3 Lagos Street, Maiduguri, Borno 600001', coupon_code: 'SAVE10', items: items() },
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().checkout_total).toBe(quoted.total);
  });

  it('prices the cart when no items are sent; an empty cart (even with no body) is an empty quote', async () => {
    const buyer = (await env.app.inject({ method: 'POST', url: '/api/register', payload: customerInput() })).json();
    const empty = await quote(undefined, bearer(buyer.token));
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      shops: [],
      coupon_code: null,
      subtotal: 0,
      discount: 0,
      delivery_total: 0,
      total: 0,
    });
    await env.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: bearer(buyer.token),
      payload: { product_id: fila, quantity: 2, size: 'M' },
    });
    const cart = await quote({}, bearer(buyer.token));
    expect(cart.json()).toMatchObject({ subtotal: 25_000, discount: 0, delivery_total: 2_000, total: 27_000 });
  });

  it.each([
    ['an unknown coupon', () => ({ items: items(), coupon_code: 'NOPE99' }), 422, 'Invalid coupon'],
    [
      'a client-sent price',
      () => ({ items: [{ product_id: fila, quantity: 1, size: 'M', price: 1 }] }),
      422,
      undefined,
    ],
    ['an empty list of items', () => ({ items: [] }), 422, 'Your cart is empty'],
    ['more caps than there are', () => ({ items: [{ product_id: fila, quantity: 11, size: 'M' }] }), 409, undefined],
    ['a cap that does not exist', () => ({ items: [{ product_id: 99_999, quantity: 1, size: 'M' }] }), 404, undefined],
  ])('answers %s with a clear 4xx', async (_, payload, status, message) => {
    const response = await quote(payload());
    expect(response.statusCode).toBe(status);
    expect(typeof response.json().message).toBe('string');
    if (message) expect(response.json().message).toBe(message);
  });

  it('is for customers: 401 without a token', async () => {
    expect((await quote({}, {})).statusCode).toBe(401);
  });
});

describe('POST /api/checkout/quote with coupon codes', () => {
  let limited: RestTestEnv;
  beforeAll(async () => {
    limited = await createRestTestEnv({ limits: { couponChecksPerAccount: 2, couponChecksPerIp: 100 } });
  });
  afterAll(async () => limited?.close());

  it('counts them as coupon checks: 429 with Retry-After past the limit', async () => {
    const buyer = (await limited.app.inject({ method: 'POST', url: '/api/register', payload: customerInput() })).json();
    const guess = (code: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/checkout/quote',
        headers: bearer(buyer.token),
        payload: { coupon_code: code },
      });
    for (const code of ['GUESS1', 'GUESS2']) expect((await guess(code)).statusCode).toBe(200);
    const refused = await guess('GUESS3');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many coupon checks\./);
  });
});
