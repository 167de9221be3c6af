import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLogSchema, UserSchema } from '../src/modules/auth/auth.entities.js';
import type { Product } from '../src/modules/catalogue/catalogue.entities.js';
import { CouponSchema } from '../src/modules/coupons/coupons.entities.js';
import { LedgerEntrySchema, RefundSchema } from '../src/modules/finance/finance.entities.js';
import { balanceOf } from '../src/modules/finance/ledger.js';
import { CheckoutSchema, OrderSchema } from '../src/modules/orders/orders.entities.js';
import { PaymentSchema } from '../src/modules/payment/payment.entities.js';
import type { Vendor } from '../src/modules/vendors/vendors.entities.js';
import { seedDemo } from '../src/seed/index.js';
import { buying } from './buying.js';
import { makeProduct, makeUser, makeVendor } from './fixtures.js';
import { createTestEnv, sessionTokenFor, type TestEnv } from './harness.js';

/**
 * A month of trading, with the clock moving a day at a time: multi-shop checkouts, shop coupons and the
 * platform's, payments on time, late (revived, or refunded when the caps were gone) and never, deliveries
 * and releases, rate and window changes on the way. Then the ledger must reconcile to the kobo with the
 * money collected, and each shop's balances with its entries and with what its paid orders earned it.
 */

let env: TestEnv;
const b = buying(() => env);
const DAY = 24 * 60 * 60 * 1000;

/** A small deterministic generator, so the month is the same on every run and both databases. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    chance: (p: number) => next() < p,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

interface Shop {
  vendor: Vendor;
  token: string;
  caps: Product[];
  coupon: string | null;
}

let shops: Shop[];
let adminToken: string;

beforeAll(async () => {
  env = await createTestEnv();
  const em = env.services.orm.em.fork();
  const admin = await makeUser(em, { role: 'admin' });
  adminToken = await sessionTokenFor(env.services, admin.id);
  const prices = [
    [1_234_567, 850_001, 2_500_099],
    [999_999, 1_500_050],
    [777_777, 3_333_333, 1_010_101],
    [2_222_223, 605_005],
  ];
  shops = [];
  for (const [index, kobo] of prices.entries()) {
    const vendor = await makeVendor(em, { shopName: `Shop ${index}` });
    const caps = [];
    for (const priceKobo of kobo) caps.push(await makeProduct(em, vendor, { priceKobo, stock: 10_000, sizes: ['58'] }));
    const coupon = index === 0 ? 'SHOP0X12' : index === 2 ? 'SHOP2X20' : null;
    if (coupon) em.create(CouponSchema, { vendor, code: coupon, discountPercent: index === 0 ? 12 : 20, usedCount: 0 });
    shops.push({ vendor, token: await sessionTokenFor(env.services, vendor.user.id), caps, coupon });
  }
  em.create(CouponSchema, { vendor: null, code: 'SAVE10', discountPercent: 10, usedCount: 0 });
  await em.flush();
});
afterAll(async () => env?.close());

const fresh = () => env.services.orm.em.fork();

interface PaidOrder {
  id: number;
  shop: Shop;
  paidAt: Date;
  delivered: boolean;
  /** When its credit becomes available (delivery + the window then). */
  releaseAt: Date | null;
  credit: number;
  commission: number;
}

describe('a month of orders', () => {
  it('reconciles the ledger with the money collected, to the kobo', { timeout: 240_000 }, async () => {
    const rand = random(20261121);
    const admin = env.caller(adminToken).admin.finance;
    await admin.updateSettings({ commission_percent: 10, return_window_days: 3 });
    let platformBp = 1000;
    let windowDays = 3;
    const shopBp = new Map<number, number>();

    const paid: PaidOrder[] = [];
    /** Collected per applied payment, with the clock's time of payment. */
    const collected: { kobo: number; at: Date }[] = [];
    const unpaidOrderIds: number[] = [];
    const refundedOrderIds: number[] = [];
    let platformExpected = 0;
    let commissionExpected = 0;
    let checkouts = 0;
    let lateRevived = 0;
    let adjustmentsMade = 0;

    /** What the ledger should say of a checkout just paid: from its orders, the coupon used and the rates now. */
    async function expectPaid(checkoutId: number, coupon: string | null) {
      const orders = await fresh().find(OrderSchema, { checkout: checkoutId }, { orderBy: { id: 'asc' } });
      for (const order of orders) {
        const shop = shops.find((s) => s.vendor.id === order.vendor.id) as Shop;
        const platformDiscount = coupon === 'SAVE10' ? order.discountKobo : 0;
        const credit = order.subtotalKobo - (order.discountKobo - platformDiscount);
        const rate = shopBp.get(shop.vendor.id) ?? platformBp;
        const commission = Math.round((credit * rate) / 10_000);
        paid.push({
          id: order.id,
          shop,
          paidAt: env.clock.now(),
          delivered: false,
          releaseAt: null,
          credit,
          commission,
        });
        platformExpected += commission + order.shippingKobo - platformDiscount;
        commissionExpected += commission;
      }
      const payment = await fresh().findOneOrFail(PaymentSchema, { checkout: checkoutId, status: 'success' });
      collected.push({ kobo: payment.amountKobo, at: env.clock.now() });
    }

    for (let day = 0; day < 30; day += 1) {
      if (day === 10) {
        await admin.updateSettings({ commission_percent: 12 });
        platformBp = 1200;
      }
      if (day === 15) {
        await admin.setCommission({ id: shops[3]?.vendor.id as number, commission_percent: 7.5 });
        shopBp.set(shops[3]?.vendor.id as number, 750);
      }
      if (day === 20) {
        await admin.updateSettings({ return_window_days: 0 });
        windowDays = 0;
      }

      for (let n = rand.int(1, 2); n > 0; n -= 1) {
        checkouts += 1;
        const chosen = rand.chance(0.35) ? [rand.pick(shops), rand.pick(shops)] : [rand.pick(shops)];
        const lines = [...new Set(chosen)].flatMap((shop) => {
          const cap = rand.pick(shop.caps);
          return [{ product_id: cap.id, quantity: rand.int(1, 3), size: '58' }];
        });
        const shopCoupon = chosen.find((s) => s.coupon)?.coupon ?? null;
        const coupon = rand.chance(0.25) ? 'SAVE10' : shopCoupon && rand.chance(0.5) ? shopCoupon : null;
        const { token } = await b.customer();
        const placed = await b.place(token, lines, coupon ?? undefined);
        const fate = rand.int(1, 10);
        if (fate <= 7) {
          expect((await b.payFor(token, placed.id)).success).toBe(true);
          await expectPaid(placed.checkout_id, coupon);
        } else if (fate <= 8) {
          // Paid on the provider's page, the success arriving after the 30-minute release: revived and paid.
          const payment = await b.initiate(token, placed.id);
          await b.expireAndRelease(placed.checkout_id);
          expect((await b.payReference(token, payment.reference)).success).toBe(true);
          await expectPaid(placed.checkout_id, coupon);
          lateRevived += 1;
        } else {
          // Never paid: released after 30 minutes.
          await b.initiate(token, placed.id);
          await b.expireAndRelease(placed.checkout_id);
          unpaidOrderIds.push(...placed.order_ids);
        }
      }

      // A late payment whose caps went to someone else meanwhile: refund_due, nothing written.
      if (day % 7 === 3) {
        const scarce = await makeProduct(fresh(), shops[day % 4]?.vendor as Vendor, {
          priceKobo: 1_999_999,
          stock: 1,
          sizes: ['58'],
        });
        const late = await b.customer();
        const placed = await b.place(late.token, [{ product_id: scarce.id, quantity: 1, size: '58' }]);
        const payment = await b.initiate(late.token, placed.id);
        await b.expireAndRelease(placed.checkout_id);
        const other = await b.customer();
        const taken = await b.place(other.token, [{ product_id: scarce.id, quantity: 1, size: '58' }]);
        expect((await b.payFor(other.token, taken.id)).success).toBe(true);
        await expectPaid(taken.checkout_id, null);
        expect((await b.payReference(late.token, payment.reference)).success).toBe(false);
        refundedOrderIds.push(...placed.order_ids);
      }

      // Shops deliver some orders paid at least two days ago.
      for (const order of paid) {
        if (order.delivered || env.clock.now().getTime() - order.paidAt.getTime() < 2 * DAY) continue;
        if (!rand.chance(0.6)) continue;
        for (const status of ['confirmed', 'shipped', 'delivered'] as const) {
          await env.caller(order.shop.token).vendor.advanceOrder({ id: order.id, status });
        }
        order.delivered = true;
        order.releaseAt = new Date(env.clock.now().getTime() + windowDays * DAY);
      }

      // An adjustment now and then, borne by the platform (sums to zero).
      if (day % 9 === 4) {
        await admin.adjust({ id: shops[1]?.vendor.id as number, amount: 1_234.56, reason: 'Courier overcharge' });
        adjustmentsMade += 1;
      }
      env.clock.advanceDays(1);
    }

    const now = env.clock.now();
    const em = fresh();
    expect(checkouts).toBeGreaterThanOrEqual(40);
    expect(lateRevived).toBeGreaterThan(0);
    expect(unpaidOrderIds.length).toBeGreaterThan(0);
    expect(refundedOrderIds.length).toBeGreaterThan(0);
    expect(paid.filter((o) => o.delivered && (o.releaseAt as Date) <= now).length).toBeGreaterThan(0);
    expect(paid.filter((o) => !o.delivered).length).toBeGreaterThan(0);

    // Σ all entries = Σ payments applied − Σ refunds (none sent yet: refund_due payments are not applied).
    const entries = await em.find(LedgerEntrySchema, {});
    const ledgerSum = entries.reduce((t, e) => t + e.amountKobo, 0);
    const payments = await em.find(PaymentSchema, { status: 'success' });
    const applied = payments.reduce((t, p) => t + p.amountKobo, 0);
    expect(ledgerSum).toBe(applied);
    expect(applied).toBe(collected.reduce((t, c) => t + c.kobo, 0));
    expect(await em.count(PaymentSchema, { status: 'refund_due' })).toBe(refundedOrderIds.length);
    const paidCheckouts = await em.find(CheckoutSchema, { paymentStatus: 'paid' });
    expect(applied).toBe(paidCheckouts.reduce((t, c) => t + c.totalKobo, 0));
    expect(await em.count(LedgerEntrySchema, { orderId: { $in: [...unpaidOrderIds, ...refundedOrderIds] } })).toBe(0);

    // The platform's own entries: commission, shipping, less platform coupons, less adjustments given.
    const adjustments = (await em.find(LedgerEntrySchema, { kind: 'adjustment', vendor: null })).reduce(
      (t, e) => t + e.amountKobo,
      0,
    );
    expect(adjustmentsMade).toBeGreaterThan(0);
    expect(adjustments).toBe(-adjustmentsMade * 123_456);
    const platformSum = entries.filter((e) => e.vendor === null).reduce((t, e) => t + e.amountKobo, 0);
    expect(platformSum).toBe(platformExpected + adjustments);

    const farFuture = new Date(now.getTime() + 365 * DAY);
    for (const shop of shops) {
      const own = entries.filter((e) => e.vendor?.id === shop.vendor.id);
      const sum = own.reduce((t, e) => t + e.amountKobo, 0);
      const orders = paid.filter((o) => o.shop === shop);
      const adjusted = shop === shops[1] ? adjustmentsMade * 123_456 : 0;
      // What its paid orders earned it, independently of the ledger.
      expect(sum).toBe(orders.reduce((t, o) => t + o.credit - o.commission, 0) + adjusted);
      // pending + available + paid_out = Σ its entries (once every release counts, and as of now).
      const all = await balanceOf(em, shop.vendor.id, farFuture);
      expect(all.pendingKobo + all.availableKobo + all.paidOutKobo).toBe(sum);
      const current = await balanceOf(em, shop.vendor.id, now);
      const countingNow = own.filter((e) => e.effectiveAt <= now).reduce((t, e) => t + e.amountKobo, 0);
      expect(current.pendingKobo + current.availableKobo + current.paidOutKobo).toBe(countingNow);
      // Available: the orders delivered whose window has passed (and the adjustments); the rest is pending.
      const released = orders.filter((o) => o.releaseAt && o.releaseAt <= now);
      expect(current.availableKobo).toBe(released.reduce((t, o) => t + o.credit - o.commission, 0) + adjusted);
      expect(current.pendingKobo).toBe(sum - current.availableKobo);
      expect(current.paidOutKobo).toBe(0);
      // What the shop itself reads.
      const balance = await env.caller(shop.token).vendor.balance();
      expect(balance.pending).toBe(current.pendingKobo / 100);
      expect(balance.available).toBe(current.availableKobo / 100);
    }

    // The admin's figures, by calendar month in UTC.
    const summary = await admin.summary();
    const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const collectedIn = (from: Date, to: Date) =>
      collected.filter((c) => c.at >= from && c.at < to).reduce((t, c) => t + c.kobo, 0) / 100;
    expect(summary.all_time.collected).toBe(applied / 100);
    expect(summary.all_time.commission_earned).toBe(commissionExpected / 100);
    expect(summary.this_month.collected).toBe(collectedIn(thisMonth, new Date(now.getTime() + 1)));
    expect(summary.last_month.collected).toBe(collectedIn(lastMonth, thisMonth));
    const owed = await Promise.all(shops.map((s) => balanceOf(em, s.vendor.id, now)));
    expect(summary.owed_pending).toBe(owed.reduce((t, o) => t + o.pendingKobo, 0) / 100);
    expect(summary.owed_available).toBe(owed.reduce((t, o) => t + o.availableKobo, 0) / 100);
    expect(await em.count(AuditLogSchema, { action: 'vendor.adjustment' })).toBe(adjustmentsMade);
  });
});

describe('the demo seed', () => {
  let seeded: TestEnv;
  beforeAll(async () => {
    seeded = await createTestEnv();
    await seedDemo(seeded.services);
  }, 180_000);
  afterAll(async () => seeded?.close());

  it('has ledger history consistent with its paid orders: some shops with money available', async () => {
    const em = seeded.services.orm.em.fork();
    const entries = await em.find(LedgerEntrySchema, {});
    const payments = await em.find(PaymentSchema, { status: 'success' });
    expect(payments.length).toBeGreaterThan(20);
    // Σ ledger = collected − refunds (the after-sale history: cancellations, returns, a goodwill refund).
    const refunds = await em.find(RefundSchema, { status: { $ne: 'failed' } });
    expect(refunds.length).toBeGreaterThanOrEqual(5);
    expect(entries.reduce((t, e) => t + e.amountKobo, 0)).toBe(
      payments.reduce((t, p) => t + p.amountKobo, 0) - refunds.reduce((t, r) => t + r.amountKobo, 0),
    );
    // Every paid order has its entries; no unpaid one has any.
    const paidOrders = await em.find(OrderSchema, { paymentStatus: 'paid' });
    const withSale = new Set(entries.filter((e) => e.kind === 'sale').map((e) => e.orderId));
    expect(paidOrders.every((o) => withSale.has(o.id))).toBe(true);
    expect(withSale.size).toBe(paidOrders.length);
    // Each order delivered (returned and refunded ones too) is released at delivery + 7 days.
    const afterDelivery = ['delivered', 'return_requested', 'returned', 'refunded', 'partially_refunded'];
    const delivered = paidOrders.filter((o) => afterDelivery.includes(o.status));
    expect(new Set(entries.filter((e) => e.kind === 'release').map((e) => e.orderId)).size).toBe(delivered.length);
    const now = new Date();
    const vendors = [...new Set(paidOrders.map((o) => o.vendor.id))];
    const balances = await Promise.all(vendors.map((id) => balanceOf(em, id, now)));
    expect(balances.filter((b) => b.availableKobo > 0).length).toBeGreaterThanOrEqual(3);
    expect(balances.filter((b) => b.pendingKobo > 0).length).toBeGreaterThanOrEqual(1);
    expect(balances.every((b) => b.pendingKobo >= 0 && b.availableKobo >= 0)).toBe(true);
    // The demo vendor's dashboard shows it.
    const demo = await em.findOneOrFail(UserSchema, { email: 'vendor@capsmarket.ng' });
    const token = await sessionTokenFor(seeded.services, demo.id);
    const balance = await seeded.caller(token).vendor.balance();
    expect(balance.available).toBeGreaterThan(0);
    expect((await seeded.caller(token).vendor.ledger({})).total).toBeGreaterThan(0);
  });
});
