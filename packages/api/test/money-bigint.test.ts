import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../src/modules/catalogue/catalogue.entities.js';
import { CheckoutSchema } from '../src/modules/orders/orders.entities.js';
import type { Vendor } from '../src/modules/vendors/vendors.entities.js';
import { buying, domainFailure } from './buying.js';
import { makeProduct, makeUser, makeVendor } from './fixtures.js';
import { createTestEnv, sessionTokenFor, type TestEnv, testDialect } from './harness.js';

let env: TestEnv;
const b = buying(() => env);
let shop: Vendor;
let dear: Product;

beforeAll(async () => {
  // Enough caps of one product for a big checkout; the total bound is what this file is about.
  env = await createTestEnv({ checkout: { maxUnpaidQuantityPerProduct: 100 } });
  const em = env.services.orm.em.fork();
  shop = await makeVendor(em, { shopName: 'Royal Caps' });
  dear = await makeProduct(em, shop, { name: 'Royal Zanna', priceNaira: 1_000_000, stock: 100, sizes: ['58'] });
});
afterAll(async () => env?.close());

const caps = (quantity: number) => [{ product_id: dear.id, quantity, size: '58' }];

describe(`money beyond 32 bits (${testDialect})`, () => {
  it('refuses a checkout above ₦10,000,000 with 422, reserving nothing', async () => {
    const { token, userId } = await b.customer();
    const refusal = await domainFailure(b.place(token, caps(22)));
    expect(refusal).toMatchObject({
      code: 'CHECKOUT_TOTAL_TOO_HIGH',
      message: 'A checkout cannot be more than ₦10,000,000. Please split your order into smaller ones.',
    });
    expect(await b.stockOf(dear.id)).toBe(100);
    expect(await b.fresh().count(CheckoutSchema, { user: userId })).toBe(0);
    // ₦9,000,000 of caps and ₦2,000 shipping is within the bound.
    expect((await b.place(token, caps(9))).checkout_total).toBe(9_002_000);
  });

  it('places and pays a ₦25,002,000 checkout when the bound allows it, and every total reads as a number', async () => {
    env.services.config.checkout.maxTotalKobo = 3_000_000_000;
    try {
      const { token, userId } = await b.customer();
      const placed = await b.place(token, caps(25));
      expect(placed.checkout_total).toBe(25_002_000);
      expect(placed.total_amount).toBe(25_002_000);
      expect(await b.payFor(token, placed.id)).toMatchObject({ success: true, status: 'paid' });
      const [order] = await env.caller(token).orders.list();
      expect(order).toMatchObject({ total_amount: 25_002_000, subtotal: 25_000_000, payment_status: 'paid' });

      const vendorToken = await sessionTokenFor(env.services, shop.user.id);
      const vendorView = await env.caller(vendorToken).vendor.dashboard();
      expect(vendorView.total_revenue).toBe(25_002_000);
      expect(typeof vendorView.growth.this_month).toBe('number');

      const admin = await makeUser(b.fresh(), { role: 'admin' });
      const adminCaller = env.caller(await sessionTokenFor(env.services, admin.id));
      const overview = await adminCaller.admin.dashboard();
      expect(overview.monthly_revenue.value).toBeGreaterThanOrEqual(25_002_000);
      const buyer = await adminCaller.admin.users.get({ id: userId });
      expect(buyer.total_spent).toBe(25_002_000);
      expect(buyer.total_spent_kobo).toBe(2_500_200_000);

      const listed = await env.caller().catalogue.list({ search: 'Royal Zanna' });
      expect(listed.data[0]?.price).toBe(1_000_000);
    } finally {
      env.services.config.checkout.maxTotalKobo = 1_000_000_000;
    }
  });
});
