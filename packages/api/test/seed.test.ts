import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CATEGORIES, ORDER_STATUSES } from '@caps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSchema } from '../src/modules/auth/auth.entities.js';
import { verifyPassword } from '../src/modules/auth/password.js';
import { ProductSchema } from '../src/modules/catalogue/catalogue.entities.js';
import { CouponSchema } from '../src/modules/coupons/coupons.entities.js';
import { EmailMessageSchema, NotificationSchema } from '../src/modules/notifications/notifications.entities.js';
import { OrderItemSchema, OrderSchema } from '../src/modules/orders/orders.entities.js';
import { PaymentSchema } from '../src/modules/payment/payment.entities.js';
import { ReportSchema } from '../src/modules/reports/reports.entities.js';
import { ReviewSchema } from '../src/modules/reviews/reviews.entities.js';
import { VendorSchema } from '../src/modules/vendors/vendors.entities.js';
import { DEMO_ACCOUNTS, seedDemo, seedDemoIfEmpty } from '../src/seed/index.js';
import { createTestEnv, type TestEnv } from './harness.js';

let env: TestEnv;
const em = () => env.services.orm.em.fork();

/** The row counts a reseed must reproduce. */
async function tableCounts() {
  const db = em();
  return {
    users: await db.count(UserSchema, {}),
    vendors: await db.count(VendorSchema, {}),
    products: await db.count(ProductSchema, {}),
    orders: await db.count(OrderSchema, {}),
    reviews: await db.count(ReviewSchema, {}),
    coupons: await db.count(CouponSchema, {}),
  };
}

describe('demo seed', () => {
  beforeAll(async () => {
    env = await createTestEnv();
    const result = await seedDemoIfEmpty(env.services);
    expect(result?.accounts).toEqual(DEMO_ACCOUNTS);
  }, 120_000);

  afterAll(async () => {
    await env?.close();
  });

  it('makes 12+ shops: 10 verified and the rest pending, each with valid details and images', async () => {
    const vendors = await em().find(VendorSchema, {}, { populate: ['user'] });
    expect(vendors.length).toBeGreaterThanOrEqual(12);
    expect(vendors.filter((v) => v.verifiedAt !== null)).toHaveLength(10);
    expect(vendors.filter((v) => v.verifiedAt === null).length).toBeGreaterThanOrEqual(2);
    for (const vendor of vendors) {
      expect(vendor.user.role).toBe('vendor');
      expect(vendor.shopDescription.length).toBeGreaterThanOrEqual(10);
      expect(vendor.shopDescription.length).toBeLessThanOrEqual(500);
      expect(vendor.address.length).toBeGreaterThanOrEqual(10);
      expect(vendor.address.length).toBeLessThanOrEqual(200);
      expect(vendor.accountNumber).toMatch(/^\d{10}$/);
      expect(vendor.phone).toMatch(/^\+234[789]\d{9}$/);
      for (const image of [vendor.profileImage, vendor.coverImage]) {
        expect(image).toBeTruthy();
        expect(existsSync(join(env.services.images.dir, image!))).toBe(true);
      }
    }
  });

  it('makes 150+ caps in every category, with valid prices, sizes, stock and stored images', async () => {
    const products = await em().find(ProductSchema, {}, { populate: ['vendor'] });
    expect(products.length).toBeGreaterThanOrEqual(150);
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(products.filter((p) => p.vendor.verifiedAt !== null).length).toBeGreaterThanOrEqual(150);
    expect(products.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(8);
    for (const product of products) {
      expect(Number.isInteger(product.priceKobo)).toBe(true);
      expect(product.priceKobo).toBeGreaterThanOrEqual(300_000);
      expect(product.priceKobo).toBeLessThanOrEqual(12_000_000);
      expect(product.priceKobo % 50_000).toBe(0);
      expect(product.stock).toBeGreaterThanOrEqual(0);
      expect(product.stock).toBeLessThanOrEqual(60);
      expect(product.name.length).toBeGreaterThanOrEqual(3);
      expect(product.name.length).toBeLessThanOrEqual(100);
      expect(product.description.length).toBeGreaterThanOrEqual(10);
      expect(product.description.length).toBeLessThanOrEqual(1000);
      expect(product.sizes.length).toBeGreaterThanOrEqual(1);
      expect(product.sizes.length).toBeLessThanOrEqual(5);
      expect(product.images.length).toBeGreaterThanOrEqual(1);
      expect(product.images.length).toBeLessThanOrEqual(3);
      for (const image of product.images) {
        expect(existsSync(join(env.services.images.dir, image))).toBe(true);
        expect(existsSync(join(env.services.images.dir, image.replace(/\.webp$/, '-thumb.webp')))).toBe(true);
      }
    }
    const created = products.map((p) => p.createdAt.getTime());
    expect(Math.max(...created) - Math.min(...created)).toBeGreaterThan(60 * 24 * 60 * 60 * 1000);
  });

  it('has orders in every status with consistent totals and payments', async () => {
    const orders = await em().find(OrderSchema, {}, { populate: ['checkout'] });
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    expect(orders.some((o) => o.status === 'pending' && o.paymentStatus === 'pending')).toBe(true);
    for (const order of orders) {
      expect(order.totalKobo).toBe(order.subtotalKobo + order.shippingKobo - order.discountKobo);
      if (['confirmed', 'shipped', 'delivered'].includes(order.status)) expect(order.paymentStatus).toBe('paid');
    }
    const items = await em().find(OrderItemSchema, {}, { populate: ['order', 'product'] });
    for (const order of orders) {
      const subtotal = items
        .filter((i) => i.order.id === order.id)
        .reduce((sum, i) => sum + i.unitPriceKobo * i.quantity, 0);
      expect(subtotal).toBe(order.subtotalKobo);
    }
    const payments = await em().find(PaymentSchema, { status: 'success' }, { populate: ['checkout'] });
    expect(payments.length).toBeGreaterThan(0);
    for (const payment of payments) {
      expect(payment.amountKobo).toBe(payment.checkout.totalKobo);
      expect(payment.currency).toBe('NGN');
    }
  });

  it('has reviews from buyers of delivered orders, and product ratings in step with them', async () => {
    const reviews = await em().find(ReviewSchema, {}, { populate: ['product', 'user'] });
    const productReviews = reviews.filter((r) => r.product);
    expect(productReviews.length).toBeGreaterThan(10);
    expect(reviews.some((r) => r.product === null && r.vendor !== null)).toBe(true);
    // Delivered, also when returned or refunded afterwards: reviews stay open (docs/returns.md).
    const afterDelivery = ['delivered', 'return_requested', 'returned', 'refunded', 'partially_refunded'] as const;
    const delivered = await em().find(
      OrderItemSchema,
      { order: { status: { $in: [...afterDelivery] } } },
      { populate: ['order'] },
    );
    const bought = new Set(delivered.map((i) => `${i.order.user.id}:${i.product.id}`));
    for (const review of productReviews) {
      expect(review.verifiedPurchase).toBe(true);
      expect(bought.has(`${review.user!.id}:${review.product!.id}`)).toBe(true);
      expect(review.comment.length).toBeGreaterThanOrEqual(10);
      expect(review.comment.length).toBeLessThanOrEqual(500);
    }
    const products = await em().find(ProductSchema, {});
    for (const product of products) {
      const ratings = productReviews.filter((r) => r.product!.id === product.id).map((r) => r.rating);
      expect(product.ratingCount).toBe(ratings.length);
      // What the catalogue answers as the product's reviews: its ratings in the order written (review ids).
      const inOrder = productReviews
        .filter((r) => r.product!.id === product.id)
        .sort((a, b) => a.id - b.id)
        .map((r) => r.rating);
      expect(product.reviewRatings).toBe(inOrder.length ? inOrder.join(',') : null);
      if (ratings.length) {
        expect(product.ratingAverage).toBeCloseTo(ratings.reduce((a, b) => a + b, 0) / ratings.length, 5);
      }
    }
    expect(await em().count(ReportSchema, {})).toBeGreaterThan(0);
  });

  it('has SAVE10 as a platform coupon and vendor coupons, one of them expired', async () => {
    const save10 = await em().findOneOrFail(CouponSchema, { code: 'SAVE10' });
    expect(save10.vendor).toBeNull();
    expect(save10.discountPercent).toBe(10);
    expect(save10.expiresAt).toBeNull();
    expect(save10.usageLimit).toBeNull();
    const vendorCoupons = await em().find(CouponSchema, { vendor: { $ne: null } });
    expect(vendorCoupons.length).toBeGreaterThanOrEqual(3);
    for (const coupon of vendorCoupons) {
      expect(coupon.code).toMatch(/^[A-Z0-9]{3,20}$/);
      expect(coupon.discountPercent).toBeGreaterThanOrEqual(5);
      expect(coupon.discountPercent).toBeLessThanOrEqual(30);
    }
    expect(vendorCoupons.filter((c) => c.expiresAt! < new Date())).toHaveLength(1);
  });

  it('creates the demo accounts with their roles and passwords', async () => {
    const admin = await em().findOneOrFail(UserSchema, { email: 'admin@capsmarket.ng' });
    expect(admin.role).toBe('admin');
    expect(DEMO_ACCOUNTS.filter((a) => a.role === 'vendor').length).toBeGreaterThanOrEqual(2);
    expect(DEMO_ACCOUNTS.filter((a) => a.role === 'customer').length).toBeGreaterThanOrEqual(3);
    expect(await em().count(UserSchema, { role: 'customer' })).toBeGreaterThanOrEqual(6);
    for (const account of DEMO_ACCOUNTS) {
      const user = await em().findOneOrFail(UserSchema, { email: account.email });
      expect(user.role).toBe(account.role);
      expect(await verifyPassword(user.passwordHash, account.password)).toBe(true);
    }
    const pending = await em().findOneOrFail(VendorSchema, { user: { email: 'pending.vendor@capsmarket.ng' } });
    expect(pending.verifiedAt).toBeNull();
  });

  it('gives the demo accounts their latest messages, kept rather than sent without SMTP', async () => {
    const inbox = async (email: string) => {
      const user = await em().findOneOrFail(UserSchema, { email });
      return (await em().find(NotificationSchema, { user: user.id })).map((n) => n.kind);
    };
    expect(await inbox('vendor@capsmarket.ng')).toEqual(expect.arrayContaining(['shop_verified', 'new_review']));
    expect(await inbox('customer@capsmarket.ng')).toEqual(
      expect.arrayContaining(['order_placed', 'payment_received', 'order_shipped']),
    );
    expect(await inbox('admin@capsmarket.ng')).toEqual(
      expect.arrayContaining(['shop_awaiting_verification', 'new_report', 'contact_message']),
    );
    const emails = await em().find(EmailMessageSchema, {});
    expect(emails.length).toBeGreaterThan(5);
    for (const email of emails) {
      expect(email.status).toBe('kept');
      expect(email.html).toContain('Caps Marketplace');
      expect(email.text.length).toBeGreaterThan(20);
    }
    expect(emails.map((e) => e.toAddress)).toContain('customer@capsmarket.ng');
  });

  it('does nothing when the database already has users', async () => {
    const before = await tableCounts();
    expect(await seedDemoIfEmpty(env.services)).toBeNull();
    expect(await tableCounts()).toEqual(before);
  });

  it('rebuilds the same data on reset and removes the old images', async () => {
    const before = await tableCounts();
    const oldImages = (await em().find(ProductSchema, {})).flatMap((p) => p.images);
    const oldNames = (await em().find(ProductSchema, {}, { orderBy: { id: 'asc' } })).map((p) => p.name);
    await seedDemo(env.services, { reset: true });
    expect(await tableCounts()).toEqual(before);
    const products = await em().find(ProductSchema, {}, { orderBy: { id: 'asc' } });
    expect(products.map((p) => p.name)).toEqual(oldNames);
    for (const image of oldImages) expect(existsSync(join(env.services.images.dir, image))).toBe(false);
    for (const image of products.flatMap((p) => p.images)) {
      expect(existsSync(join(env.services.images.dir, image))).toBe(true);
    }
  }, 120_000);
});
