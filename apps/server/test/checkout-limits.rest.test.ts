import { SANDBOX_SUCCESS_CARD } from '@caps/api';
import { CouponSchema, customerInput, makeProduct, makeVendor, ProductSchema } from '@caps/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRestTestEnv, type RestTestEnv } from './harness.js';

let env: RestTestEnv;
const products: number[] = [];
let dear: number;

beforeAll(async () => {
  env = await createRestTestEnv();
  const em = env.services.orm.em.fork();
  const vendor = await makeVendor(em, { shopName: 'Kano Caps' });
  for (let i = 0; i < 4; i++) products.push((await makeProduct(em, vendor, { stock: 40, sizes: ['58'] })).id);
  dear = (await makeProduct(em, vendor, { priceNaira: 1_000_000, stock: 40, sizes: ['58'] })).id;
  em.create(CouponSchema, { vendor, code: 'ONCEONLY', discountPercent: 10, usageLimit: 1, usedCount: 0 });
  await em.flush();
});
afterAll(async () => env?.close());

async function customer(): Promise<string> {
  return (await env.app.inject({ method: 'POST', url: '/api/register', payload: customerInput() })).json().token;
}
const order = (token: string, items: { product_id: number; quantity: number }[], coupon_code?: string) =>
  env.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(token),
    payload: {
      shipping_address: '7 Damboa Road, Maiduguri, Borno 600001',
      items: items.map((i) => ({ ...i, size: '58' })),
      ...(coupon_code ? { coupon_code } : {}),
    },
  });
const stockOf = async (id: number) => (await env.services.orm.em.fork().findOneOrFail(ProductSchema, { id })).stock;

describe('POST /api/orders bounds what unpaid checkouts hold', () => {
  it('answers 429 with Retry-After for all 40 caps of a product, holding none', async () => {
    const token = await customer();
    const product = products[0] as number;
    const response = await order(token, [{ product_id: product, quantity: 40 }]);
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('1800');
    expect(response.json().message).toMatch(/^You can hold at most 10 of .+ in an unpaid checkout\./);
    expect(await stockOf(product)).toBe(40);
  });

  it('answers 429 for a 4th unpaid checkout, with the seconds until the oldest expires', async () => {
    const token = await customer();
    for (const product_id of products.slice(0, 3)) {
      expect((await order(token, [{ product_id, quantity: 1 }])).statusCode).toBe(201);
    }
    const response = await order(token, [{ product_id: products[3] as number, quantity: 1 }]);
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(1700);
    expect(response.json()).toMatchObject({
      statusCode: 429,
      message: 'You have 3 unpaid checkouts. Pay for one or wait until it expires before placing another.',
    });
  });

  it('answers 422 for a checkout above ₦10,000,000', async () => {
    const token = await customer();
    const response = await order(token, [{ product_id: dear, quantity: 10 }]);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      'A checkout cannot be more than ₦10,000,000. Please split your order into smaller ones.',
    );
    expect(await stockOf(dear)).toBe(40);
  });

  it('gives a usage-limit-1 coupon to one of 10 customers checking out at once; the rest get 422', async () => {
    const tokens = await Promise.all(Array.from({ length: 10 }, customer));
    const answers = await Promise.all(
      tokens.map((token) => order(token, [{ product_id: products[1] as number, quantity: 1 }], 'ONCEONLY')),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(refused.map((a) => [a.statusCode, a.json().message])).toEqual(Array(9).fill([422, 'Invalid coupon']));
  });
});

describe('POST /api/orders keeps a shop buyable while fresh accounts hold what they can (issue 25, finding 3)', () => {
  it('six new accounts each hold the most they can; an honest buyer still checks out and pays', async () => {
    const em = env.services.orm.em.fork();
    const shop = await makeVendor(em, { shopName: 'Gamboru Caps' });
    const stocks = Array.from({ length: 22 }, (_, i) => 12 + i);
    stocks[21] = (stocks[21] as number) - 5;
    const caps: number[] = [];
    for (const stock of stocks) caps.push((await makeProduct(em, shop, { stock, sizes: ['58'] })).id);

    for (let account = 0; account < 6; account++) {
      const token = await customer();
      const items = [];
      for (const product_id of caps) {
        const quantity = Math.min(10, await stockOf(product_id));
        if (quantity > 0) items.push({ product_id, quantity });
      }
      if (items.length > 0) expect((await order(token, items)).statusCode).toBe(201);
    }

    const buyer = await customer();
    const placed = await order(buyer, [
      { product_id: caps[0] as number, quantity: 2 },
      { product_id: caps[21] as number, quantity: 2 },
    ]);
    expect(placed.statusCode).toBe(201);
    const initiate = await env.app.inject({
      method: 'POST',
      url: '/api/payment/initiate',
      headers: bearer(buyer),
      payload: { order_id: placed.json().id },
    });
    expect(initiate.statusCode).toBe(200);
    const { reference } = initiate.json();
    const paid = await env.app.inject({
      method: 'POST',
      url: `/payment-sandbox/checkout/${reference}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `card_number=${encodeURIComponent(SANDBOX_SUCCESS_CARD)}`,
    });
    expect(paid.statusCode).toBe(303);
    const verified = await env.app.inject({
      method: 'GET',
      url: `/api/payment/verify?reference=${reference}`,
      headers: bearer(buyer),
    });
    expect(verified.json()).toMatchObject({ success: true, status: 'paid' });
    const own = await env.app.inject({ method: 'GET', url: `/api/orders/${placed.json().id}`, headers: bearer(buyer) });
    expect(own.json()).toMatchObject({ payment_status: 'paid', status: 'pending' });
  });
});
