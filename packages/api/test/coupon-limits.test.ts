import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSchema } from '../src/modules/auth/auth.entities.js';
import type { Product } from '../src/modules/catalogue/catalogue.entities.js';
import { type Coupon, CouponSchema } from '../src/modules/coupons/coupons.entities.js';
import { OrderSchema } from '../src/modules/orders/orders.entities.js';
import { LATE_PAYMENT_MESSAGE } from '../src/modules/payment/payment.service.js';
import type { Vendor } from '../src/modules/vendors/vendors.entities.js';
import { buying } from './buying.js';
import { makeProduct, makeVendor } from './fixtures.js';
import { createTestEnv, failureOf, sessionTokenFor, type TestEnv } from './harness.js';

let env: TestEnv;
const b = buying(() => env);
let kano: Vendor;
let cap: Product;

beforeAll(async () => {
  env = await createTestEnv();
  const em = env.services.orm.em.fork();
  kano = await makeVendor(em, { shopName: 'Kano Caps' });
  cap = await makeProduct(em, kano, { name: 'Zanna Cap', priceNaira: 10_000, stock: 500, sizes: ['58'] });
});
afterAll(async () => env?.close());

let codes = 0;
async function coupon(overrides: Partial<Coupon> & { shop?: Vendor | null } = {}): Promise<Coupon> {
  const em = env.services.orm.em.fork();
  const { shop, ...rest } = overrides;
  codes += 1;
  const made = em.create(CouponSchema, {
    vendor: shop === undefined ? kano : shop,
    code: `LIMIT${codes}`,
    discountPercent: 10,
    usageLimit: 1,
    usedCount: 0,
    expiresAt: null,
    ...rest,
  });
  await em.flush();
  return made;
}

const one = (product = cap) => [{ product_id: product.id, quantity: 1, size: '58' }];

/** Customers checking out at once with the code: the checkouts placed, the refusals' messages. */
async function rush(code: string, customers: number) {
  const buyers = await Promise.all(Array.from({ length: customers }, () => b.customer()));
  const results = await Promise.allSettled(buyers.map(({ token }) => b.place(token, one(), code)));
  const placed = results.flatMap((r, i) => (r.status === 'fulfilled' ? [{ ...r.value, token: buyers[i]?.token }] : []));
  const refusals = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
  return { placed, refusals };
}

describe('a coupon with a usage limit', () => {
  it.each([1, 3])('gives at most %i discounted checkouts to 20 customers at once, paid in any order', async (limit) => {
    const limited = await coupon({ usageLimit: limit });
    const { placed, refusals } = await rush(limited.code, 20);
    expect(placed).toHaveLength(limit);
    expect(refusals).toEqual(Array(20 - limit).fill('Invalid coupon'));
    for (const checkout of placed) expect(checkout.discount).toBe(1_000);
    // Paid newest first: every payment goes through and the count stays at the limit.
    for (const checkout of [...placed].reverse()) {
      expect(await b.payFor(checkout.token as string, checkout.id)).toMatchObject({ success: true });
    }
    expect(await b.discountedPaidOrders(limited.id)).toBe(limit);
    expect(await b.usedCount(limited.id)).toBe(limit);
    expect((await failureOf(b.place((await b.customer()).token, one(), limited.code))).message).toBe('Invalid coupon');
  });

  it('lets one customer use a limit-1 coupon on one of three checkouts placed in a row', async () => {
    const limited = await coupon({ usageLimit: 1 });
    const { token } = await b.customer();
    const others = await Promise.all(
      [1, 2].map(() => makeProduct(env.services.orm.em.fork(), kano, { stock: 10, sizes: ['58'] })),
    );
    const first = await b.place(token, one(), limited.code);
    expect(first.discount).toBe(1_000);
    for (const product of others) {
      expect((await failureOf(b.place(token, one(product), limited.code))).message).toBe('Invalid coupon');
    }
    expect(await b.payFor(token, first.id)).toMatchObject({ success: true });
    expect(await b.discountedPaidOrders(limited.id)).toBe(1);
    expect(await b.usedCount(limited.id)).toBe(1);
  });

  it('holds for a platform coupon (every shop) with a limit, 10 customers at once', async () => {
    const platform = await coupon({ shop: null, usageLimit: 2 });
    const { placed, refusals } = await rush(platform.code, 10);
    expect(placed).toHaveLength(2);
    expect(refusals).toEqual(Array(8).fill('Invalid coupon'));
    for (const checkout of placed) await b.payFor(checkout.token as string, checkout.id);
    expect(await b.discountedPaidOrders(platform.id)).toBe(2);
    expect(await b.usedCount(platform.id)).toBe(2);
  });

  it('gives the use back when an unpaid checkout is released, so someone else can use it', async () => {
    const limited = await coupon({ usageLimit: 1 });
    const first = await b.customer();
    const placed = await b.place(first.token, one(), limited.code);
    expect(await b.usedCount(limited.id)).toBe(1);
    const second = await b.customer();
    expect((await failureOf(b.place(second.token, one(), limited.code))).message).toBe('Invalid coupon');
    await b.expireAndRelease(placed.checkout_id);
    expect(await b.usedCount(limited.id)).toBe(0);
    const again = await b.place(second.token, one(), limited.code);
    expect(again.discount).toBe(1_000);
    expect(await b.usedCount(limited.id)).toBe(1);
  });

  it('refunds a late payment whose released checkout can no longer take the coupon', async () => {
    const limited = await coupon({ usageLimit: 1 });
    const late = await b.customer();
    const placed = await b.place(late.token, one(), limited.code);
    const payment = await b.initiate(late.token, placed.id);
    await b.expireAndRelease(placed.checkout_id);
    const other = await b.customer();
    const taken = await b.place(other.token, one(), limited.code);
    await b.payFor(other.token, taken.id);
    const stock = await b.stockOf(cap.id);
    // The first buyer had paid on the provider's page before the release; its success arrives only now.
    expect(await b.payReference(late.token, payment.reference)).toMatchObject({
      success: false,
      message: LATE_PAYMENT_MESSAGE,
    });
    const stored = await b.fresh().findOneOrFail(OrderSchema, { id: placed.id });
    expect(stored).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect(await b.stockOf(cap.id)).toBe(stock);
    expect(await b.discountedPaidOrders(limited.id)).toBe(1);
    expect(await b.usedCount(limited.id)).toBe(1);
  });

  it('takes the use again for a late payment of a released checkout when one is left', async () => {
    const limited = await coupon({ usageLimit: 1 });
    const late = await b.customer();
    const placed = await b.place(late.token, one(), limited.code);
    const payment = await b.initiate(late.token, placed.id);
    await b.expireAndRelease(placed.checkout_id);
    expect(await b.usedCount(limited.id)).toBe(0);
    expect(await b.payReference(late.token, payment.reference)).toMatchObject({ success: true });
    expect(await b.usedCount(limited.id)).toBe(1);
    expect(await b.discountedPaidOrders(limited.id)).toBe(1);
  });
});

describe('a per-customer limit', () => {
  it('lets one customer checking out 3 times at once have one discounted checkout', async () => {
    const once = await coupon({ usageLimit: null, perCustomerLimit: 1 });
    const { token } = await b.customer();
    const products = await Promise.all(
      [1, 2, 3].map(() => makeProduct(env.services.orm.em.fork(), kano, { stock: 10, sizes: ['58'] })),
    );
    const results = await Promise.allSettled(products.map((p) => b.place(token, one(p), once.code)));
    const placed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(placed).toHaveLength(1);
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
    expect(refusals).toEqual(Array(2).fill('You have already used this coupon as many times as it allows.'));
    const first = placed[0];
    if (!first) throw new Error('one checkout is placed');
    await b.payFor(token, first.id);
    // Paid, it still counts; another customer is not held by it.
    expect((await failureOf(b.place(token, one(), once.code))).message).toBe(
      'You have already used this coupon as many times as it allows.',
    );
    expect((await b.place((await b.customer()).token, one(), once.code)).discount).toBe(1_000);
  });

  it('frees the customer’s use again when their unpaid checkout is released', async () => {
    const once = await coupon({ usageLimit: null, perCustomerLimit: 1 });
    const { token } = await b.customer();
    const placed = await b.place(token, one(), once.code);
    await b.expireAndRelease(placed.checkout_id);
    expect((await b.place(token, one(), once.code)).discount).toBe(1_000);
  });

  it('is set by the vendor, unlimited by default, and must be a positive whole number', async () => {
    const vendorToken = await sessionTokenFor(env.services, kano.user.id);
    const vendor = env.caller(vendorToken);
    const base = { code: 'PERCUST', discount: 10, usage_limit: 50, expires_at: '2999-01-01' };
    const plain = await vendor.coupons.create(base);
    expect(plain.per_customer_limit).toBeNull();
    const updated = await vendor.coupons.update({ id: plain.id, per_customer_limit: 2 });
    expect(updated.per_customer_limit).toBe(2);
    expect((await vendor.coupons.update({ id: plain.id, per_customer_limit: null })).per_customer_limit).toBeNull();
    const made = await vendor.coupons.create({ ...base, code: 'PERCUST2', per_customer_limit: 1 });
    expect(made.per_customer_limit).toBe(1);
    // A form's blank field is no limit, as the dashboard sends it; '3' is read as a form sends numbers.
    expect((await vendor.coupons.update({ id: made.id, per_customer_limit: '3' })).per_customer_limit).toBe(3);
    expect((await vendor.coupons.update({ id: made.id, per_customer_limit: '' })).per_customer_limit).toBeNull();
    for (const bad of [0, -1, 1.5, 'x']) {
      const failure = await failureOf(
        vendor.coupons.create({ ...base, code: 'PERCUST3', per_customer_limit: bad as number }),
      );
      expect(failure.fields.per_customer_limit?.[0]).toMatch(/Per-customer limit must be/);
    }
  });
});

describe('a coupon of a shop that is not selling', () => {
  it.each([
    ['pending verification', 'HIDEP', { verified: false }],
    ['suspended', 'HIDES', { suspended: true }],
  ])('is Invalid coupon for a shop %s, with or without items', async (_label, code, options) => {
    const em = env.services.orm.em.fork();
    const shop = await makeVendor(em, options);
    const hidden = await coupon({ shop, usageLimit: null, code });
    const { token } = await b.customer();
    expect((await failureOf(env.caller(token).coupons.check({ code: hidden.code }))).message).toBe('Invalid coupon');
    expect(
      (
        await failureOf(
          env.caller(token).coupons.check({ code: hidden.code, items: [{ product_id: cap.id, quantity: 1 }] }),
        )
      ).message,
    ).toBe('Invalid coupon');
    expect((await failureOf(b.place(token, one(), hidden.code))).message).toBe('Invalid coupon');
    // The shop's owner row exists: it is the shop's state that hides the code.
    expect(await em.count(UserSchema, { id: shop.user.id })).toBe(1);
  });
});
