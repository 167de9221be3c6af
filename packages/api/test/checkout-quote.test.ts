import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, ProductSchema } from '../src/modules/catalogue/catalogue.entities.js';
import { CouponSchema } from '../src/modules/coupons/coupons.entities.js';
import { OrderSchema } from '../src/modules/orders/orders.entities.js';
import { buying } from './buying.js';
import { makeProduct, makeVendor } from './fixtures.js';
import { createTestEnv, failureOf, type TestEnv } from './harness.js';

let env: TestEnv;
const b = buying(() => env);
let zanna: Product;
let fila: Product;
let hula: Product;

beforeAll(async () => {
  env = await createTestEnv();
  const em = env.services.orm.em.fork();
  const kano = await makeVendor(em, { shopName: 'Kano Caps' });
  const lagos = await makeVendor(em, { shopName: 'Lagos Caps' });
  const borno = await makeVendor(em, { shopName: 'Borno Caps' });
  zanna = await makeProduct(em, kano, { name: 'Zanna Cap', priceNaira: 10_000, stock: 50, sizes: ['57', '58'] });
  fila = await makeProduct(em, lagos, { name: 'Fila', priceNaira: 25_000.5, stock: 50, sizes: ['M'] });
  hula = await makeProduct(em, borno, { name: 'Hula', priceNaira: 7_333.5, stock: 50, sizes: ['L'] });
  em.create(CouponSchema, { vendor: null, code: 'SAVE10', discountPercent: 10, usageLimit: null, usedCount: 0 });
  em.create(CouponSchema, { vendor: kano, code: 'KANO15', discountPercent: 15, usageLimit: null, usedCount: 0 });
  await em.flush();
});
afterAll(async () => env?.close());

const threeShops = () => [
  { product_id: zanna.id, quantity: 2, size: '58' },
  { product_id: fila.id, quantity: 1, size: 'M' },
  { product_id: hula.id, quantity: 3, size: 'L' },
];

/** Every order of the checkout a placed answer belongs to, as stored. */
async function ordersOf(checkoutId: number) {
  return env.services.orm.em.fork().find(OrderSchema, { checkout: checkoutId }, { populate: ['vendor'] });
}

/** What a quote must never change: orders, coupon uses, stock. */
async function stateOf() {
  const em = env.services.orm.em.fork();
  const coupon = await em.findOneOrFail(CouponSchema, { code: 'SAVE10' });
  const stock = await Promise.all(
    [zanna, fila, hula].map(async (p) => (await em.findOneOrFail(ProductSchema, { id: p.id })).stock),
  );
  return { orders: await em.count(OrderSchema, {}), used: coupon.usedCount, stock };
}

describe('checkout.quote', () => {
  it.each([null, 'SAVE10', 'KANO15'])(
    'equals what orders.create then charges, over three shops (coupon %s)',
    async (code) => {
      const { token } = await b.customer();
      const quote = await env.caller(token).checkout.quote({ items: threeShops(), coupon_code: code });
      expect(quote.shops.map((s) => s.vendor.shop_name)).toEqual(['Kano Caps', 'Lagos Caps', 'Borno Caps']);
      expect(quote.coupon_code).toBe(code);
      expect(quote.subtotal).toBe(67_001);
      // Rounded down per shop, in kobo: 10% of ₦25,000.50 is ₦2,500.05.
      expect(quote.discount).toBe({ none: 0, SAVE10: 6_700.1, KANO15: 3_000 }[code ?? 'none']);

      const placed = await b.place(token, threeShops(), code ?? undefined);
      expect(placed.checkout_total).toBe(quote.total);
      const orders = await ordersOf(placed.checkout_id);
      expect(orders).toHaveLength(3);
      for (const shop of quote.shops) {
        const order = orders.find((o) => o.vendor.id === shop.vendor.id);
        if (!order) throw new Error(`no order for ${shop.vendor.shop_name}`);
        expect({
          subtotal: shop.subtotal,
          discount: shop.discount,
          delivery_fee: shop.delivery_fee,
          total: shop.total,
        }).toEqual({
          subtotal: order.subtotalKobo / 100,
          discount: order.discountKobo / 100,
          delivery_fee: order.shippingKobo / 100,
          total: order.totalKobo / 100,
        });
      }
      expect(quote.delivery_total).toBe(orders.reduce((sum, o) => sum + o.shippingKobo, 0) / 100);
      expect(quote.total).toBe(quote.subtotal - quote.discount + quote.delivery_total);
    },
  );

  it("prices the caller's cart when no items are sent, lines grouped by shop", async () => {
    const { token } = await b.customer();
    const caller = env.caller(token);
    await caller.cart.add({ product_id: zanna.id, quantity: 1, size: '57' });
    await caller.cart.add({ product_id: fila.id, quantity: 2, size: 'M' });
    await caller.cart.add({ product_id: zanna.id, quantity: 1, size: '58' });
    const quote = await caller.checkout.quote({ coupon_code: 'KANO15' });
    const kanoShop = quote.shops.find((s) => s.vendor.shop_name === 'Kano Caps');
    expect(kanoShop?.items.map((i) => [i.size, i.quantity, i.unit_price, i.line_total])).toEqual(
      expect.arrayContaining([
        ['57', 1, 10_000, 10_000],
        ['58', 1, 10_000, 10_000],
      ]),
    );
    // A shop's coupon takes off its own caps only.
    expect(kanoShop?.discount).toBe(3_000);
    expect(quote.shops.find((s) => s.vendor.shop_name === 'Lagos Caps')?.discount).toBe(0);
    expect(quote).toMatchObject({ subtotal: 70_001, discount: 3_000, delivery_total: 2_000, total: 69_001 });
    expect(await caller.checkout.quote({ coupon_code: 'KANO15' })).toEqual(
      await caller.checkout.quote({
        items: (await caller.cart.list()).map(({ product_id, quantity, size }) => ({ product_id, quantity, size })),
        coupon_code: 'KANO15',
      }),
    );
  });

  it('answers an empty quote for an empty cart', async () => {
    const { token } = await b.customer();
    expect(await env.caller(token).checkout.quote({ coupon_code: 'SAVE10' })).toEqual({
      shops: [],
      coupon_code: null,
      subtotal: 0,
      discount: 0,
      delivery_total: 0,
      total: 0,
    });
  });

  it('refuses as checkout does: an unknown coupon, a sold-out quantity, a missing cap; nothing changes', async () => {
    const { token } = await b.customer();
    const caller = env.caller(token);
    const before = await stateOf();
    const bad = await failureOf(caller.checkout.quote({ items: threeShops(), coupon_code: 'NOPE99' }));
    expect([bad.code, bad.message]).toEqual(['UNPROCESSABLE_CONTENT', 'Invalid coupon']);
    const tooMany = await failureOf(
      caller.checkout.quote({ items: [{ product_id: hula.id, quantity: 51, size: 'L' }] }),
    );
    expect(tooMany.code).toBe('CONFLICT');
    expect(tooMany.message).toMatch(/^Only \d+ left of Hula/);
    const missing = await failureOf(
      caller.checkout.quote({ items: [{ product_id: 999_999, quantity: 1, size: 'L' }] }),
    );
    expect(missing.code).toBe('NOT_FOUND');
    const empty = await failureOf(caller.checkout.quote({ items: [] }));
    expect([empty.code, empty.fields]).toEqual(['BAD_REQUEST', { items: ['Your cart is empty'] }]);
    await caller.checkout.quote({ items: threeShops(), coupon_code: 'SAVE10' });
    expect(await stateOf()).toEqual(before);
  });

  it('is for customers only', async () => {
    expect((await failureOf(env.caller().checkout.quote({}))).code).toBe('UNAUTHORIZED');
  });
});

describe('checkout.quote with a coupon code', () => {
  let limited: TestEnv;
  beforeAll(async () => {
    limited = await createTestEnv({ limits: { couponChecksPerAccount: 3, couponChecksPerIp: 100 } });
  });
  afterAll(async () => limited?.close());

  it('counts as a coupon check, so codes cannot be guessed through it past the limit', async () => {
    const { token } = await buying(() => limited).customer();
    const caller = limited.caller(token);
    // Without a code nothing is revealed and nothing is counted.
    for (let i = 0; i < 5; i += 1) expect((await caller.checkout.quote({})).total).toBe(0);
    for (let i = 0; i < 3; i += 1) await caller.checkout.quote({ coupon_code: `GUESS${i}` });
    const refused = await failureOf(caller.checkout.quote({ coupon_code: 'GUESS9' }));
    expect(refused.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.message).toMatch(/^Too many coupon checks\./);
  });
});
