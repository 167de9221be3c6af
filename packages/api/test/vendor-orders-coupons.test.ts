import { CANCEL_MESSAGES, type OrderStatus } from '@caps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Em } from '../src/db/orm.js';
import type { Product } from '../src/modules/catalogue/catalogue.entities.js';
import { CouponSchema } from '../src/modules/coupons/coupons.entities.js';
import { OrderSchema, OrderStatusChangeSchema } from '../src/modules/orders/orders.entities.js';
import type { Vendor } from '../src/modules/vendors/vendors.entities.js';
import { makeProduct, makeUser, makeVendor, type PlaceOrderOptions, placeOrder } from './fixtures.js';
import { createTestEnv, failureOf, sessionTokenFor, type TestEnv } from './harness.js';

let env: TestEnv;
let kano: Vendor;
let lagos: Vendor;
let kanoToken: string;
let lagosToken: string;
let pendingToken: string;
let customerToken: string;
let adminToken: string;
let customerId: number;
let zanna: Product;

const fresh = () => env.services.orm.em.fork() as Em;

/** An order of one cap, paid unless told otherwise, as checkout and payment would leave it. */
const makeOrder = (product: Product, options: PlaceOrderOptions & { status?: OrderStatus } = {}) =>
  placeOrder(fresh(), customerId, product, options.status ?? 'pending', { paid: true, ...options });

const statusOf = async (id: number) => (await fresh().findOneOrFail(OrderSchema, { id })).status;
const changesOf = (id: number) => fresh().count(OrderStatusChangeSchema, { order: id });

beforeAll(async () => {
  env = await createTestEnv();
  const em = fresh();
  kano = await makeVendor(em, { shopName: 'Kano Caps' });
  lagos = await makeVendor(em, { shopName: 'Lagos Caps' });
  const unverified = await makeVendor(em, { shopName: 'New Caps', verified: false });
  const customer = await makeUser(em, { role: 'customer', fullName: 'Amina Bello', email: 'amina.vendor@example.com' });
  const admin = await makeUser(em, { role: 'admin' });
  customerId = customer.id;
  zanna = await makeProduct(em, kano, { name: 'Zanna Cap', priceNaira: 10_000, stock: 20, sizes: ['57'] });
  kanoToken = await sessionTokenFor(env.services, kano.user.id);
  lagosToken = await sessionTokenFor(env.services, lagos.user.id);
  pendingToken = await sessionTokenFor(env.services, unverified.user.id);
  customerToken = await sessionTokenFor(env.services, customer.id);
  adminToken = await sessionTokenFor(env.services, admin.id);
});
afterAll(async () => env?.close());

describe('vendor orders', () => {
  it('lists only the shop’s orders, newest first, in the vendor view', async () => {
    const first = await makeOrder(zanna);
    const second = await makeOrder(zanna, { paid: false });
    const orders = await env.caller(kanoToken).vendor.orders();
    const ids = orders.map((o) => o.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    const order = orders.find((o) => o.id === first);
    expect(order).toMatchObject({
      status: 'pending',
      payment_status: 'paid',
      total_amount: 12_000,
      user: { full_name: 'Amina Bello', email: 'amina.vendor@example.com' },
      orderItems: [{ quantity: 1, price: 10_000, size: '57', product: { id: zanna.id, name: 'Zanna Cap' } }],
      status_history: [{ from: null, to: 'pending' }],
    });
    expect(await env.caller(lagosToken).vendor.orders()).toEqual([]);
  });

  it('advances a paid order step by step to delivered, recording each change with the vendor as actor', async () => {
    const id = await makeOrder(zanna);
    const caller = env.caller(kanoToken);
    for (const status of ['confirmed', 'shipped', 'delivered'] as const) {
      const order = await caller.vendor.advanceOrder({ id, status });
      expect(order.status).toBe(status);
    }
    const [order] = (await caller.vendor.orders()).filter((o) => o.id === id);
    expect(order?.status_history.map((h) => [h.from, h.to])).toEqual([
      [null, 'pending'],
      ['pending', 'confirmed'],
      ['confirmed', 'shipped'],
      ['shipped', 'delivered'],
    ]);
    const changes = await fresh().find(
      OrderStatusChangeSchema,
      { order: id, fromStatus: { $ne: null } },
      { orderBy: { id: 'asc' } },
    );
    expect(changes.map((c) => c.actor?.id)).toEqual([kano.user.id, kano.user.id, kano.user.id]);
    // The customer sees who made each change on the order page.
    const seen = await env.caller(customerToken).orders.get({ id });
    expect(seen.status_history.slice(1).map((h) => h.by)).toEqual([
      { user_id: kano.user.id, role: 'vendor' },
      { user_id: kano.user.id, role: 'vendor' },
      { user_id: kano.user.id, role: 'vendor' },
    ]);
  });

  it('refuses every other move with a 422 and changes nothing', async () => {
    const caller = env.caller(kanoToken);
    const pending = await makeOrder(zanna);
    const confirmed = await makeOrder(zanna, { status: 'confirmed' });
    const delivered = await makeOrder(zanna, { status: 'delivered' });
    const cancelled = await makeOrder(zanna, { status: 'cancelled' });
    const unpaid = await makeOrder(zanna, { paid: false });
    const cases: [number, OrderStatus, string][] = [
      [pending, 'shipped', 'An order can only move from pending to confirmed.'],
      [pending, 'delivered', 'An order can only move from pending to confirmed.'],
      [confirmed, 'pending', 'An order can only move from confirmed to shipped.'],
      [confirmed, 'confirmed', 'An order can only move from confirmed to shipped.'],
      [confirmed, 'cancelled', CANCEL_MESSAGES.shopUseCancel],
      [delivered, 'shipped', 'This order has already been delivered; its status can no longer change.'],
      [cancelled, 'confirmed', 'This order was cancelled; its status can no longer change.'],
      [unpaid, 'confirmed', 'Only paid orders can be confirmed, shipped or delivered.'],
    ];
    for (const [id, status, message] of cases) {
      const before = await statusOf(id);
      const failure = await failureOf(caller.vendor.advanceOrder({ id, status }));
      expect(failure).toMatchObject({ code: 'UNPROCESSABLE_CONTENT', message });
      expect(await statusOf(id)).toBe(before);
      expect(await changesOf(id)).toBe(1);
    }
    expect((await failureOf(caller.vendor.advanceOrder({ id: pending, status: 'bogus' as OrderStatus }))).code).toBe(
      'BAD_REQUEST',
    );
  });

  it('lets two simultaneous clicks advance the order once', async () => {
    const id = await makeOrder(zanna);
    const results = await Promise.allSettled([
      env.caller(kanoToken).vendor.advanceOrder({ id, status: 'confirmed' }),
      env.caller(kanoToken).vendor.advanceOrder({ id, status: 'confirmed' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await statusOf(id)).toBe('confirmed');
    expect(await fresh().count(OrderStatusChangeSchema, { order: id, toStatus: 'confirmed' })).toBe(1);
  });

  it("hides another shop's order: reading and advancing it is 404, nothing changes", async () => {
    const id = await makeOrder(zanna);
    const lagosCaller = env.caller(lagosToken);
    expect((await lagosCaller.vendor.orders()).some((o) => o.id === id)).toBe(false);
    expect(await failureOf(lagosCaller.vendor.advanceOrder({ id, status: 'confirmed' }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Order not found',
    });
    expect(await statusOf(id)).toBe('pending');
    expect(await changesOf(id)).toBe(1);
  });
});

describe('who may call', () => {
  it('refuses customers and admins (403) and anonymous callers (401) on every vendor call', async () => {
    const id = await makeOrder(zanna);
    const coupon = await env.caller(kanoToken).coupons.create({
      code: 'WHO10',
      discount: 10,
      usage_limit: 5,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    for (const [token, code] of [
      [customerToken, 'FORBIDDEN'],
      [adminToken, 'FORBIDDEN'],
      [undefined, 'UNAUTHORIZED'],
    ] as const) {
      const caller = env.caller(token);
      const calls = [
        caller.vendor.orders(),
        caller.vendor.dashboard(),
        caller.vendor.advanceOrder({ id, status: 'confirmed' }),
        caller.coupons.list(),
        caller.coupons.create({ code: 'NOPE10', discount: 10, usage_limit: 5, expires_at: '2999-01-01' }),
        caller.coupons.update({ id: coupon.id, discount: 50 }),
        caller.coupons.remove({ id: coupon.id }),
      ];
      for (const call of calls) expect((await failureOf(call)).code).toBe(code);
    }
    expect(await statusOf(id)).toBe('pending');
    expect((await fresh().findOneOrFail(CouponSchema, { id: coupon.id })).discountPercent).toBe(10);
  });

  it('gives a pending (unverified) vendor empty lists', async () => {
    const caller = env.caller(pendingToken);
    expect(await caller.vendor.orders()).toEqual([]);
    expect(await caller.coupons.list()).toEqual([]);
    expect(await caller.vendor.dashboard()).toMatchObject({
      total_products: 0,
      total_orders: 0,
      total_revenue: 0,
      recent_activity: [],
    });
  });
});

describe('vendor dashboard', () => {
  it('gives exact figures for a known set of orders', async () => {
    const em = fresh();
    const shop = await makeVendor(em, { shopName: 'Figures Caps' });
    const token = await sessionTokenFor(env.services, shop.user.id);
    const cap = await makeProduct(em, shop, { name: 'Figure Cap', priceNaira: 5_000 });
    await makeProduct(em, shop, { name: 'Second Cap' });
    await makeProduct(em, shop, { name: 'Archived Cap', archivedAt: new Date() });
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 12));
    await makeOrder(cap, { totalKobo: 1_000_010, status: 'delivered' });
    await makeOrder(cap, { totalKobo: 250_055 });
    await makeOrder(cap, { totalKobo: 500_000, paidAt: lastMonth, status: 'shipped' });
    await makeOrder(cap, { totalKobo: 9_999_900, paid: false });
    await makeOrder(zanna, { totalKobo: 7_777_700 });
    const figures = await env.caller(token).vendor.dashboard();
    expect(figures).toMatchObject({
      total_products: 2,
      // Every order of the shop (the unpaid one too), as GET /vendor/orders lists them; revenue is paid only.
      total_orders: 4,
      total_revenue: 17_500.65,
      pending_orders: 2,
      completed_orders: 1,
      growth: { this_month: 12_500.65, last_month: 5_000, percent: 150 },
    });
    expect(figures.total_orders).toBe((await env.caller(token).vendor.orders()).length);
    expect(figures.recent_activity.length).toBeLessThanOrEqual(10);
    expect(figures.recent_activity.map((a) => a.type)).toContain('order_paid');
    const times = figures.recent_activity.map((a) => Date.parse(a.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('reports no growth percent when last month had no revenue', async () => {
    const em = fresh();
    const shop = await makeVendor(em);
    const cap = await makeProduct(em, shop);
    await makeOrder(cap, { totalKobo: 300_000 });
    const token = await sessionTokenFor(env.services, shop.user.id);
    const figures = await env.caller(token).vendor.dashboard();
    expect(figures.growth).toEqual({ this_month: 3_000, last_month: 0, percent: null });
    expect(figures.recent_activity.map((a) => a.type).sort()).toEqual(['order_paid', 'order_placed']);
  });
});

describe('vendor coupons', () => {
  const future = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
  const valid = () => ({ code: 'KANO15', discount: 15, usage_limit: 100, expires_at: future() });

  it('creates, lists, updates only the fields sent and deletes', async () => {
    const caller = env.caller(kanoToken);
    const created = await caller.coupons.create({ ...valid(), description: 'Eid sale' });
    expect(created).toMatchObject({
      code: 'KANO15',
      description: 'Eid sale',
      discount: 15,
      usage_limit: 100,
      used_count: 0,
      state: 'Active',
    });
    expect((await caller.coupons.list()).some((c) => c.id === created.id)).toBe(true);
    const updated = await caller.coupons.update({ id: created.id, discount: 25 });
    expect(updated).toMatchObject({ code: 'KANO15', description: 'Eid sale', discount: 25, usage_limit: 100 });
    expect(updated.expires_at).toBe(created.expires_at);
    expect(await caller.coupons.remove({ id: created.id })).toEqual({ message: 'Coupon deleted' });
    expect((await caller.coupons.list()).some((c) => c.id === created.id)).toBe(false);
  });

  it('refuses a second coupon with the same code in the same shop (409), not in another shop', async () => {
    await env.caller(kanoToken).coupons.create({ ...valid(), code: 'TWICE' });
    expect(await failureOf(env.caller(kanoToken).coupons.create({ ...valid(), code: 'TWICE' }))).toMatchObject({
      code: 'CONFLICT',
      message: 'You already have a coupon with this code.',
    });
    const other = await env.caller(kanoToken).coupons.create({ ...valid(), code: 'ONCE' });
    expect((await failureOf(env.caller(kanoToken).coupons.update({ id: other.id, code: 'TWICE' }))).code).toBe(
      'CONFLICT',
    );
    expect((await env.caller(lagosToken).coupons.create({ ...valid(), code: 'TWICE' })).code).toBe('TWICE');
  });

  it('applies the spec 5 rules with their messages', async () => {
    const caller = env.caller(kanoToken);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ discount: 0 }, 'discount', 'Discount must be a positive number'],
      [{ discount: 101 }, 'discount', 'Discount cannot exceed 100%'],
      [{ usage_limit: 0 }, 'usage_limit', 'Usage limit must be a positive number'],
      [{ usage_limit: 10_001 }, 'usage_limit', 'Usage limit cannot exceed 10,000'],
      [{ code: 'save10' }, 'code', 'Coupon code can only contain uppercase letters and numbers'],
      [{ code: 'AB' }, 'code', 'Minimum length is 3 characters'],
      [{ expires_at: undefined }, 'expires_at', 'This field is required'],
      [{ expires_at: 'not a date' }, 'expires_at', 'expires_at must be a valid date'],
      // Numbers Number() would read, but a person would not write: true, hex, padded, exponent.
      [{ discount: true }, 'discount', 'Discount must be a positive number'],
      [{ discount: '0x10' }, 'discount', 'Discount must be a positive number'],
      [{ discount: ' 1' }, 'discount', 'Discount must be a positive number'],
      [{ usage_limit: '1e3' }, 'usage_limit', 'Usage limit must be a positive number'],
      // Not on the calendar: Date.parse would roll it over to 2 March.
      [{ expires_at: '2030-02-30' }, 'expires_at', 'expires_at must be a valid date'],
      [{ expires_at: '2030-13-01' }, 'expires_at', 'expires_at must be a valid date'],
      [{ expires_at: '2001-01-01' }, 'expires_at', 'The expiry date must be in the future'],
    ];
    const before = await fresh().count(CouponSchema, {});
    for (const [change, field, message] of cases) {
      const input = { ...valid(), code: 'RULES1', ...change } as Parameters<typeof caller.coupons.create>[0];
      const failure = await failureOf(caller.coupons.create(input));
      // Shape rules fail the input (400 on tRPC); a past date is the service's own 422.
      expect(failure.code).toBe(message.includes('future') ? 'UNPROCESSABLE_CONTENT' : 'BAD_REQUEST');
      expect(failure.fields[field]).toContain(message);
    }
    expect(await fresh().count(CouponSchema, {})).toBe(before);
  });

  it('takes plain decimal text and real dates, as a form sends them', async () => {
    const created = await env.caller(kanoToken).coupons.create({
      ...valid(),
      code: 'PLAIN12',
      discount: '12',
      usage_limit: '300',
      expires_at: '2030-02-28',
    });
    expect(created).toMatchObject({ discount: 12, usage_limit: 300, expires_at: '2030-02-28T00:00:00.000Z' });
    await env.caller(kanoToken).coupons.remove({ id: created.id });
  });

  it('refuses a code a platform coupon has (409), on create and on update', async () => {
    const em = fresh();
    em.create(CouponSchema, {
      vendor: null,
      code: 'PLATFORM9',
      discountPercent: 10,
      usageLimit: null,
      usedCount: 0,
      expiresAt: null,
    });
    await em.flush();
    const before = await fresh().count(CouponSchema, {});
    const created = await failureOf(env.caller(kanoToken).coupons.create({ ...valid(), code: 'PLATFORM9' }));
    expect(created).toMatchObject({
      code: 'CONFLICT',
      message: 'This code is reserved by the platform.',
      fields: { code: ['This code is reserved by the platform.'] },
    });
    const own = await env.caller(kanoToken).coupons.create({ ...valid(), code: 'OWNCODE' });
    const renamed = await failureOf(env.caller(kanoToken).coupons.update({ id: own.id, code: 'PLATFORM9' }));
    expect(renamed).toMatchObject({ code: 'CONFLICT', message: 'This code is reserved by the platform.' });
    expect((await fresh().findOneOrFail(CouponSchema, own.id)).code).toBe('OWNCODE');
    expect(await fresh().count(CouponSchema, {})).toBe(before + 1);
    await env.caller(kanoToken).coupons.remove({ id: own.id });
  });

  it('shows each coupon’s state: Active, Expired or Used up', async () => {
    const em = fresh();
    em.create(CouponSchema, {
      vendor: lagos.id,
      code: 'PAST',
      discountPercent: 5,
      usageLimit: 10,
      usedCount: 0,
      expiresAt: new Date(Date.now() - 1000),
    });
    em.create(CouponSchema, {
      vendor: lagos.id,
      code: 'SPENT',
      discountPercent: 5,
      usageLimit: 2,
      usedCount: 2,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await em.flush();
    const states = Object.fromEntries((await env.caller(lagosToken).coupons.list()).map((c) => [c.code, c.state]));
    expect(states).toMatchObject({ PAST: 'Expired', SPENT: 'Used up', TWICE: 'Active' });
  });

  it("hides another shop's coupon: reading, changing and deleting it is 404, nothing changes", async () => {
    const mine = await env.caller(kanoToken).coupons.create({ ...valid(), code: 'MINE20', discount: 20 });
    const lagosCaller = env.caller(lagosToken);
    expect((await lagosCaller.coupons.list()).some((c) => c.id === mine.id)).toBe(false);
    // Each call starts only when awaited, so no rejection is left unhandled while another is checked.
    for (const call of [
      () => lagosCaller.coupons.update({ id: mine.id, discount: 90 }),
      () => lagosCaller.coupons.remove({ id: mine.id }),
    ]) {
      expect(await failureOf(call())).toMatchObject({ code: 'NOT_FOUND', message: 'Coupon not found' });
    }
    const stored = await fresh().findOneOrFail(CouponSchema, { id: mine.id });
    expect(stored.discountPercent).toBe(20);
  });
});
