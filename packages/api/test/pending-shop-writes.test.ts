import { VENDOR_PRODUCT_MESSAGES as M } from '@caps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, failureOf, type TestEnv } from './harness.js';
import { type ShopWithData, shopWithData, stateOfShop } from './shop-with-data.js';

/**
 * Issue 10, finding 7: a shop still pending verification changed live caps and created coupons. Over
 * tRPC, every vendor write of a pending shop is refused with the pending-verification message and
 * changes nothing; its reads still work; a verified shop does the same writes.
 */

let env: TestEnv;

const shop = (verified: boolean) => shopWithData(env.services, verified);
const stateOf = (s: ShopWithData) => stateOfShop(env.services, s);

const newCap = {
  name: 'Fresh Cap',
  description: 'Hand-embroidered Hausa cap from Kano.',
  price: 20_000,
  stock: 3,
  category: 'Hausa Caps' as const,
  sizes: ['58'],
};
const newCoupon = { code: 'NEW20', discount: 20, usage_limit: 10, expires_at: '2999-01-01' };

/** Each vendor write, as the shop's tRPC caller makes it. */
function writes(s: ShopWithData) {
  const caller = env.caller(s.token);
  return {
    'vendorProducts.create': () => caller.vendorProducts.create(newCap),
    'vendorProducts.update': () => caller.vendorProducts.update({ id: s.productId, price: 1, stock: 999 }),
    'vendorProducts.remove': () => caller.vendorProducts.remove({ id: s.productId }),
    'coupons.create': () => caller.coupons.create(newCoupon),
    'coupons.update': () => caller.coupons.update({ id: s.couponId, discount: 90 }),
    'coupons.remove': () => caller.coupons.remove({ id: s.couponId }),
    'vendor.advanceOrder': () => caller.vendor.advanceOrder({ id: s.orderId, status: 'confirmed' }),
  };
}

beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env?.close());

describe('a shop pending verification', () => {
  it('is refused every vendor write with the pending-verification message, and nothing changes', async () => {
    const pending = await shop(false);
    const before = await stateOf(pending);
    for (const [name, write] of Object.entries(writes(pending))) {
      const failure = await failureOf(write());
      expect({ name, code: failure.code, message: failure.message }).toEqual({
        name,
        code: 'FORBIDDEN',
        message: M.shopPending,
      });
    }
    expect(await stateOf(pending)).toEqual(before);
  });

  it('still reads its own caps, coupons, orders and dashboard', async () => {
    const pending = await shop(false);
    const caller = env.caller(pending.token);
    expect((await caller.vendorProducts.list()).map((p) => p.id)).toEqual([pending.productId]);
    expect((await caller.coupons.list()).map((c) => c.id)).toEqual([pending.couponId]);
    expect((await caller.vendor.orders()).map((o) => o.id)).toEqual([pending.orderId]);
    expect((await caller.vendor.dashboard()).total_orders).toBe(1);
  });
});

describe('a verified shop', () => {
  it('makes the same writes', async () => {
    const verified = await shop(true);
    const w = writes(verified);
    await w['vendor.advanceOrder']();
    await w['vendorProducts.update']();
    await w['coupons.update']();
    await w['vendorProducts.create']();
    await w['coupons.create']();
    const changed = await stateOf(verified);
    expect(changed).toMatchObject({
      product: { priceKobo: 100, stock: 999 },
      products: 2,
      coupons: [
        ['SHOP10', 90],
        ['NEW20', 20],
      ],
      orderStatus: 'confirmed',
    });
    await w['coupons.remove']();
    await w['vendorProducts.remove']();
    const after = await stateOf(verified);
    expect(after.coupons).toEqual([['NEW20', 20]]);
  });
});
