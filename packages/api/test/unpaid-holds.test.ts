import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../src/modules/catalogue/catalogue.entities.js';
import { CouponSchema } from '../src/modules/coupons/coupons.entities.js';
import { CheckoutSchema } from '../src/modules/orders/orders.entities.js';
import { PaymentSchema } from '../src/modules/payment/payment.entities.js';
import type { Vendor } from '../src/modules/vendors/vendors.entities.js';
import { buying, domainFailure } from './buying.js';
import { makeProduct, makeVendor } from './fixtures.js';
import { createTestEnv, type TestEnv } from './harness.js';

let env: TestEnv;
const b = buying(() => env);
let kano: Vendor;

beforeAll(async () => {
  env = await createTestEnv();
  kano = await makeVendor(env.services.orm.em.fork(), { shopName: 'Kano Caps' });
});
afterAll(async () => env?.close());

const cap = (stock = 40) =>
  makeProduct(env.services.orm.em.fork(), kano, { name: 'Zanna Cap', stock, sizes: ['57', '58'] });
const line = (product: Product, quantity = 1, size = '58') => ({ product_id: product.id, quantity, size });
const checkoutsOf = (userId: number) => b.fresh().find(CheckoutSchema, { user: userId }, { orderBy: { id: 'asc' } });

describe('one unpaid checkout cannot hold a whole product', () => {
  it('refuses more than 10 of one cap in one checkout with 429, reserving nothing', async () => {
    const product = await cap(40);
    const { token, userId } = await b.customer();
    const refusal = await domainFailure(b.place(token, [line(product, 40)]));
    expect(refusal).toMatchObject({
      code: 'UNPAID_CHECKOUT_LIMIT',
      message: `You can hold at most 10 of ${product.name} in an unpaid checkout. Please order 10 or fewer.`,
      retryAfter: 1800,
    });
    // Sizes of one cap count together.
    const split = await domainFailure(b.place(token, [line(product, 6, '57'), line(product, 5, '58')]));
    expect(split.code).toBe('UNPAID_CHECKOUT_LIMIT');
    expect(await b.stockOf(product.id)).toBe(40);
    expect(await checkoutsOf(userId)).toEqual([]);
    expect((await b.place(token, [line(product, 10)])).items[0]?.quantity).toBe(10);
    expect(await b.stockOf(product.id)).toBe(30);
  });

  it('releases the older unpaid checkout holding the same cap when the customer checks out again', async () => {
    const product = await cap(40);
    const other = await cap(40);
    const { token, userId } = await b.customer();
    const first = await b.place(token, [line(product, 10), line(other, 2)]);
    const payment = await b.initiate(token, first.id);
    const second = await b.place(token, [line(product, 10)]);
    // Stock given back by the first, taken by the second: one hold of 10, the other cap back in full.
    expect(await b.stockOf(product.id)).toBe(30);
    expect(await b.stockOf(other.id)).toBe(40);
    const old = await env.caller(token).orders.get({ id: first.id });
    expect(old).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    expect(old.status_history.map((h) => [h.to, h.by.role])).toEqual([
      ['pending', 'customer'],
      ['cancelled', 'system'],
    ]);
    expect((await b.fresh().findOneOrFail(PaymentSchema, { reference: payment.reference })).status).toBe('abandoned');
    expect((await checkoutsOf(userId)).map((c) => c.paymentStatus)).toEqual(['failed', 'pending']);
    expect((await env.caller(token).orders.get({ id: second.id })).status).toBe('pending');
  });

  it('gives back the coupon use of the released checkout, so the new one can take it', async () => {
    const product = await cap(40);
    const em = b.fresh();
    const limited = em.create(CouponSchema, {
      vendor: kano,
      code: 'HOLD1',
      discountPercent: 10,
      usageLimit: 1,
      usedCount: 0,
      expiresAt: null,
    });
    await em.flush();
    const { token } = await b.customer();
    await b.place(token, [line(product, 2)], 'HOLD1');
    const again = await b.place(token, [line(product, 3)], 'HOLD1');
    expect(again.discount).toBeGreaterThan(0);
    expect(await b.usedCount(limited.id)).toBe(1);
  });

  it('keeps 5 checkouts of the same cap sent at once to one hold of at most 10', async () => {
    const product = await cap(40);
    const { token, userId } = await b.customer();
    await Promise.allSettled(Array.from({ length: 5 }, () => b.place(token, [line(product, 10)])));
    const pending = (await checkoutsOf(userId)).filter((c) => c.paymentStatus === 'pending');
    expect(pending).toHaveLength(1);
    expect(await b.stockOf(product.id)).toBe(30);
  });
});

describe('one customer holds at most 3 unpaid checkouts', () => {
  it('refuses a 4th with 429 until the oldest expires, reserving nothing', async () => {
    const products = await Promise.all([1, 2, 3, 4].map(() => cap(40)));
    const { token, userId } = await b.customer();
    for (const product of products.slice(0, 3)) await b.place(token, [line(product)]);
    const fourth = products[3] as Product;
    const refusal = await domainFailure(b.place(token, [line(fourth)]));
    expect(refusal.code).toBe('UNPAID_CHECKOUT_LIMIT');
    expect(refusal.message).toBe(
      'You have 3 unpaid checkouts. Pay for one or wait until it expires before placing another.',
    );
    expect(refusal.retryAfter).toBeGreaterThan(1700);
    expect(refusal.retryAfter).toBeLessThanOrEqual(1800);
    expect(await b.stockOf(fourth.id)).toBe(40);
    expect(await checkoutsOf(userId)).toHaveLength(3);

    // Paying one makes room.
    const [oldest] = await checkoutsOf(userId);
    const order = (await env.caller(token).orders.list()).find((o) => o.checkout_id === oldest?.id);
    await b.payFor(token, order?.id as number);
    await b.place(token, [line(fourth)]);
  });

  it('does not count checkouts whose 30 minutes are over, released or not yet', async () => {
    const products = await Promise.all([1, 2, 3, 4].map(() => cap(40)));
    const { token, userId } = await b.customer();
    for (const product of products.slice(0, 3)) await b.place(token, [line(product)]);
    const [oldest] = await checkoutsOf(userId);
    await b.fresh().nativeUpdate(CheckoutSchema, { id: oldest?.id }, { expiresAt: new Date(Date.now() - 1000) });
    await b.place(token, [line(products[3] as Product)]);
  });

  it('lets at most 3 of 6 checkouts sent at once through', async () => {
    const products = await Promise.all([1, 2, 3, 4, 5, 6].map(() => cap(40)));
    const { token, userId } = await b.customer();
    const results = await Promise.allSettled(products.map((p) => b.place(token, [line(p)])));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    }
    expect(await checkoutsOf(userId)).toHaveLength(3);
    const stocks = await Promise.all(products.map((p) => b.stockOf(p.id)));
    expect(stocks.filter((s) => s === 39)).toHaveLength(3);
    expect(stocks.filter((s) => s === 40)).toHaveLength(3);
  });

  it('answers the same checkout to a retry with the same Idempotency-Key, even at the limit', async () => {
    const products = await Promise.all([1, 2, 3].map(() => cap(40)));
    const { token } = await b.customer();
    const placed = [];
    for (const [i, product] of products.entries())
      placed.push(await b.place(token, [line(product)], undefined, `k${i}`));
    const again = await b.place(token, [line(products[2] as Product)], undefined, 'k2');
    expect(again.id).toBe(placed[2]?.id);
    expect(await b.stockOf((products[2] as Product).id)).toBe(39);
  });
});
