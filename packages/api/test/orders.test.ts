import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionSchema, type User } from '../src/modules/auth/auth.entities.js';
import { newToken, tokenDigest } from '../src/modules/auth/tokens.js';
import { type Product, ProductSchema } from '../src/modules/catalogue/catalogue.entities.js';
import { CouponSchema } from '../src/modules/coupons/coupons.entities.js';
import { CheckoutSchema, OrderSchema } from '../src/modules/orders/orders.entities.js';
import { releaseExpiredCheckouts } from '../src/modules/orders/orders.service.js';
import { SOLD_OUT_PAYMENT_MESSAGE } from '../src/modules/payment/payment.service.js';
import type { Vendor } from '../src/modules/vendors/vendors.entities.js';
import { buying } from './buying.js';
import { makeProduct, makeUser, makeVendor } from './fixtures.js';
import { createTestEnv, type TestEnv } from './harness.js';

let env: TestEnv;
const b = buying(() => env);
let kano: Vendor;
let lagos: Vendor;
let zanna: Product;
let fila: Product;

/** A signed-in customer without going through argon2 for every buyer of the concurrency tests. */
async function customerToken(overrides: Partial<User> = {}): Promise<string> {
  const em = env.services.orm.em.fork();
  const user = await makeUser(em, { role: 'customer', ...overrides });
  const token = newToken();
  em.create(SessionSchema, { user, tokenHash: tokenDigest(token), expiresAt: new Date(Date.now() + 3_600_000) });
  await em.flush();
  return token;
}

const stockOf = async (id: number) => (await env.services.orm.em.fork().findOneOrFail(ProductSchema, { id })).stock;
const orderCount = () => env.services.orm.em.fork().count(OrderSchema, {});
const shipping = { shipping_address: '12 Baga Road, Maiduguri, Borno 600001' };

beforeAll(async () => {
  env = await createTestEnv();
  const em = env.services.orm.em.fork();
  kano = await makeVendor(em, { shopName: 'Kano Caps' });
  lagos = await makeVendor(em, { shopName: 'Lagos Caps' });
  zanna = await makeProduct(em, kano, { name: 'Zanna Cap', priceNaira: 10_000, stock: 20, sizes: ['57', '58'] });
  fila = await makeProduct(em, lagos, { name: 'Fila', priceNaira: 25_000, stock: 20, sizes: ['M'] });
  em.create(CouponSchema, {
    vendor: null,
    code: 'SAVE10',
    discountPercent: 10,
    usageLimit: null,
    usedCount: 0,
    expiresAt: null,
  });
  em.create(CouponSchema, {
    vendor: kano,
    code: 'KANO20',
    discountPercent: 20,
    usageLimit: 100,
    usedCount: 0,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  em.create(CouponSchema, {
    vendor: kano,
    code: 'OLD5',
    discountPercent: 5,
    usageLimit: 100,
    usedCount: 0,
    expiresAt: new Date(Date.now() - 1000),
  });
  em.create(CouponSchema, {
    vendor: kano,
    code: 'GONE',
    discountPercent: 5,
    usageLimit: 2,
    usedCount: 2,
    expiresAt: null,
  });
  em.create(CouponSchema, {
    vendor: lagos,
    code: 'LAGOS15',
    discountPercent: 15,
    usageLimit: 10,
    usedCount: 0,
    expiresAt: null,
  });
  await em.flush();
});
afterAll(async () => env?.close());

describe('checkout', () => {
  it('makes one order per shop with server prices, SAVE10 on every shop and ₦2,000 shipping once', async () => {
    const token = await customerToken();
    const before = { zanna: await stockOf(zanna.id), fila: await stockOf(fila.id) };
    const result = await env.caller(token).orders.create({
      ...shipping,
      coupon_code: 'save10',
      items: [
        { product_id: zanna.id, quantity: 2, size: '57' },
        { product_id: fila.id, quantity: 1, size: 'M' },
        { product_id: zanna.id, quantity: 1, size: '57' },
      ],
    });
    expect(result.order_ids).toHaveLength(2);
    expect(result.checkout_total).toBe(30_000 - 3_000 + 25_000 - 2_500 + 2_000);
    const orders = await env.caller(token).orders.list();
    const kanoOrder = orders.find((o) => o.vendor.id === kano.id);
    const lagosOrder = orders.find((o) => o.vendor.id === lagos.id);
    expect(kanoOrder).toMatchObject({
      subtotal: 30_000,
      discount: 3_000,
      status: 'pending',
      payment_status: 'pending',
      coupon_code: 'SAVE10',
    });
    expect(kanoOrder?.items).toEqual([
      expect.objectContaining({ product_id: zanna.id, quantity: 3, size: '57', price: 10_000 }),
    ]);
    expect(lagosOrder).toMatchObject({ subtotal: 25_000, discount: 2_500 });
    expect((kanoOrder?.shipping_cost ?? 0) + (lagosOrder?.shipping_cost ?? 0)).toBe(2_000);
    expect(await stockOf(zanna.id)).toBe(before.zanna - 3);
    expect(await stockOf(fila.id)).toBe(before.fila - 1);
  });

  it("applies a shop's coupon to that shop's caps only", async () => {
    const token = await customerToken();
    const result = await env.caller(token).orders.create({
      ...shipping,
      coupon_code: 'KANO20',
      items: [
        { product_id: zanna.id, quantity: 1, size: '58' },
        { product_id: fila.id, quantity: 1, size: 'M' },
      ],
    });
    expect(result.checkout_total).toBe(10_000 - 2_000 + 25_000 + 2_000);
  });

  it.each([
    ['an expired coupon', 'OLD5'],
    ['a used-up coupon', 'GONE'],
    ["another shop's coupon", 'LAGOS15'],
    ['garbage', 'notacoupon'],
  ])('refuses %s with Invalid coupon and changes nothing', async (_label, code) => {
    const token = await customerToken();
    const before = { stock: await stockOf(zanna.id), orders: await orderCount() };
    await expect(
      env
        .caller(token)
        .orders.create({ ...shipping, coupon_code: code, items: [{ product_id: zanna.id, quantity: 1, size: '57' }] }),
    ).rejects.toMatchObject({ message: 'Invalid coupon' });
    expect({ stock: await stockOf(zanna.id), orders: await orderCount() }).toEqual(before);
  });

  it.each([
    ['more than the stock', [{ product_id: 0, quantity: 999, size: '57' }], 'CONFLICT'],
    ['a size the cap lacks', [{ product_id: 0, quantity: 1, size: 'XXL' }], 'UNPROCESSABLE_CONTENT'],
    ['a cap that does not exist', [{ product_id: 987_654, quantity: 1, size: '57' }], 'NOT_FOUND'],
  ])('refuses %s and changes nothing', async (_label, items, code) => {
    const token = await customerToken();
    const before = { stock: await stockOf(zanna.id), orders: await orderCount() };
    const resolved = items.map((i) => ({ ...i, product_id: i.product_id || zanna.id }));
    await expect(env.caller(token).orders.create({ ...shipping, items: resolved })).rejects.toMatchObject({ code });
    expect({ stock: await stockOf(zanna.id), orders: await orderCount() }).toEqual(before);
  });

  it.each([
    ['an empty cart', { items: [] }],
    ['a client-sent price', { items: [{ product_id: 1, quantity: 1, size: '57', price: 1 }] }],
    ['a client-sent total', { total: 5, items: [{ product_id: 1, quantity: 1, size: '57' }] }],
    ['a negative quantity', { items: [{ product_id: 1, quantity: -2, size: '57' }] }],
    ['a huge quantity', { items: [{ product_id: 1, quantity: 10_000_000, size: '57' }] }],
  ])('refuses %s as bad input', async (_label, body) => {
    const token = await customerToken();
    const before = await orderCount();
    await expect(env.caller(token).orders.create({ ...shipping, ...body } as never)).rejects.toBeInstanceOf(TRPCError);
    expect(await orderCount()).toBe(before);
  });

  it("keeps each customer's orders to themselves", async () => {
    const owner = await customerToken();
    const other = await customerToken();
    const placed = await env
      .caller(owner)
      .orders.create({ ...shipping, items: [{ product_id: zanna.id, quantity: 1, size: '57' }] });
    expect((await env.caller(owner).orders.get({ id: placed.id })).id).toBe(placed.id);
    await expect(env.caller(other).orders.get({ id: placed.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await env.caller(other).orders.list()).toEqual([]);
  });

  it('lets only customers check out', async () => {
    const vendorToken = await customerToken({ role: 'vendor' });
    await expect(
      env
        .caller(vendorToken)
        .orders.create({ ...shipping, items: [{ product_id: zanna.id, quantity: 1, size: '57' }] }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(env.caller().orders.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('checkout under pressure', () => {
  it('sells the last 5 caps to exactly 5 of 20 buyers checking out and paying at once, never below zero', async () => {
    const em = env.services.orm.em.fork();
    const rare = await makeProduct(em, kano, { name: 'Rare Zanna', stock: 5, sizes: ['58'] });
    const tokens = await Promise.all(Array.from({ length: 20 }, () => customerToken()));
    const placed = await Promise.all(
      tokens.map((token) =>
        env.caller(token).orders.create({ ...shipping, items: [{ product_id: rare.id, quantity: 1, size: '58' }] }),
      ),
    );
    // Unpaid checkouts hold half of the 5 (2); the other 18 lines wait for their payment.
    expect(await stockOf(rare.id)).toBe(3);
    const paying = await Promise.allSettled(placed.map((order, i) => b.payFor(tokens[i] as string, order.id)));
    const paid = paying.filter((r) => r.status === 'fulfilled' && r.value.success);
    expect(paid).toHaveLength(5);
    for (const outcome of paying) {
      // The others are refused before paying (sold out) or, having paid, refunded.
      if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'CONFLICT' });
      else if (!outcome.value.success) expect(outcome.value.message).toBe(SOLD_OUT_PAYMENT_MESSAGE);
    }
    expect(await stockOf(rare.id)).toBe(0);
    expect(
      await env.services.orm.em
        .fork()
        .count(OrderSchema, { paymentStatus: 'paid', user: { $in: placed.map((o) => o.user_id) } }),
    ).toBe(5);
  });

  it('answers the same checkout to the same Idempotency-Key, even sent 10 times at once', async () => {
    const token = await customerToken();
    const before = await env.services.orm.em.fork().count(CheckoutSchema, {});
    const stock = await stockOf(fila.id);
    const input = {
      ...shipping,
      idempotency_key: 'retry-me-123',
      items: [{ product_id: fila.id, quantity: 1, size: 'M' }],
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => env.caller(token).orders.create(input)));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await env.services.orm.em.fork().count(CheckoutSchema, {})).toBe(before + 1);
    expect(await stockOf(fila.id)).toBe(stock - 1);
    const again = await env.caller(token).orders.create(input);
    expect(again.order_ids).toEqual(results[0]?.order_ids);
  });

  it('releases the stock of checkouts left unpaid past their reservation and cancels their orders', async () => {
    const token = await customerToken();
    const stock = await stockOf(zanna.id);
    const placed = await env
      .caller(token)
      .orders.create({ ...shipping, items: [{ product_id: zanna.id, quantity: 2, size: '57' }] });
    expect(await stockOf(zanna.id)).toBe(stock - 2);
    const em = env.services.orm.em.fork();
    await em.nativeUpdate(CheckoutSchema, { id: placed.checkout_id }, { expiresAt: new Date(Date.now() - 1000) });
    expect(await releaseExpiredCheckouts(env.services.orm.em.fork())).toBeGreaterThanOrEqual(1);
    expect(await stockOf(zanna.id)).toBe(stock);
    const order = await env.caller(token).orders.get({ id: placed.id });
    expect(order).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    expect(order.status_history.map((h) => h.to)).toEqual(['pending', 'cancelled']);
    expect(order.status_history.map((h) => h.by.role)).toEqual(['customer', 'system']);
    // Releasing twice gives back nothing twice.
    await releaseExpiredCheckouts(env.services.orm.em.fork());
    expect(await stockOf(zanna.id)).toBe(stock);
  });
});

describe('coupon check', () => {
  it('shows the discount of a valid coupon and refuses others', async () => {
    // Coupon checks need a signed-in customer (issue 10).
    const buyer = env.caller(await customerToken());
    const check = await buyer.coupons.check({
      code: 'KANO20',
      items: [
        { product_id: zanna.id, quantity: 2 },
        { product_id: fila.id, quantity: 1 },
      ],
    });
    expect(check).toMatchObject({ valid: true, discount: 20, vendor_id: kano.id, discount_amount: 4_000 });
    expect((await buyer.coupons.check({ code: 'save10' })).discount).toBe(10);
    await expect(buyer.coupons.check({ code: 'OLD5' })).rejects.toMatchObject({ message: 'Invalid coupon' });
    await expect(
      buyer.coupons.check({ code: 'LAGOS15', items: [{ product_id: zanna.id, quantity: 1 }] }),
    ).rejects.toMatchObject({
      message: 'Invalid coupon',
    });
  });
});
