import type { Em, Product, Vendor } from '@caps/api/testing';
import {
  CouponSchema,
  makeProduct,
  makeUser,
  makeVendor,
  OrderSchema,
  OrderStatusChangeSchema,
  placeOrder,
  sessionTokenFor,
} from '@caps/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRestTestEnv, type RestTestEnv } from './harness.js';

let env: RestTestEnv;
let kano: Vendor;
let lagos: Vendor;
let cap: Product;
let customerId: number;
let kanoToken: string;
let lagosToken: string;
let customerToken: string;

const fresh = () => env.services.orm.em.fork() as Em;
const future = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

/** A paid (or unpaid) order of one cap, as checkout and payment would leave it. */
const makeOrder = (product: Product, totalKobo: number, paid = true) =>
  placeOrder(fresh(), customerId, product, 'pending', { paid, totalKobo });

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  env.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  env = await createRestTestEnv();
  const em = fresh();
  kano = await makeVendor(em, { shopName: 'Kano Caps' });
  lagos = await makeVendor(em, { shopName: 'Lagos Caps' });
  const customer = await makeUser(em, { role: 'customer', fullName: 'Amina Bello' });
  customerId = customer.id;
  cap = await makeProduct(em, kano, { name: 'Zanna Cap', priceNaira: 10_000 });
  kanoToken = await sessionTokenFor(env.services, kano.user.id);
  lagosToken = await sessionTokenFor(env.services, lagos.user.id);
  customerToken = await sessionTokenFor(env.services, customer.id);
});
afterAll(async () => env?.close());

describe('vendor orders over HTTP', () => {
  it('advances a paid order step by step to delivered and answers the vendor view', async () => {
    const id = await makeOrder(cap, 1_200_000);
    for (const status of ['confirmed', 'shipped', 'delivered']) {
      const response = await call('PUT', `/vendor/orders/${id}/status`, kanoToken, { status });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id, status, total_amount: 12_000, payment_status: 'paid' });
    }
    const list = await call('GET', '/vendor/orders', kanoToken);
    expect(list.statusCode).toBe(200);
    const order = list.json().find((o: { id: number }) => o.id === id);
    expect(order.status_history.map((h: { to: string }) => h.to)).toEqual([
      'pending',
      'confirmed',
      'shipped',
      'delivered',
    ]);
    expect(order.user.full_name).toBe('Amina Bello');
    expect(order.orderItems[0].product).toEqual({ id: cap.id, name: 'Zanna Cap' });
  });

  it('refuses skipping, going back, delivered and unpaid orders with a 422', async () => {
    const id = await makeOrder(cap, 1_200_000);
    const skip = await call('PUT', `/vendor/orders/${id}/status`, kanoToken, { status: 'shipped' });
    expect(skip.statusCode).toBe(422);
    expect(skip.json().message).toBe('An order can only move from pending to confirmed.');
    const unpaid = await makeOrder(cap, 1_200_000, false);
    const notPaid = await call('PUT', `/vendor/orders/${unpaid}/status`, kanoToken, { status: 'confirmed' });
    expect(notPaid.statusCode).toBe(422);
    const cancel = await call('PUT', `/vendor/orders/${id}/status`, kanoToken, { status: 'cancelled' });
    expect(cancel.statusCode).toBe(422);
    expect((await fresh().findOneOrFail(OrderSchema, { id })).status).toBe('pending');
  });

  it("answers 404 for another shop's order and changes nothing", async () => {
    const id = await makeOrder(cap, 1_200_000);
    const response = await call('PUT', `/vendor/orders/${id}/status`, lagosToken, { status: 'confirmed' });
    expect(response.statusCode).toBe(404);
    expect((await call('GET', '/vendor/orders', lagosToken)).json()).toEqual([]);
    expect((await fresh().findOneOrFail(OrderSchema, { id })).status).toBe('pending');
  });

  it('lets two simultaneous requests advance an order once', async () => {
    const id = await makeOrder(cap, 1_200_000);
    const responses = await Promise.all([
      call('PUT', `/vendor/orders/${id}/status`, kanoToken, { status: 'confirmed' }),
      call('PUT', `/vendor/orders/${id}/status`, kanoToken, { status: 'confirmed' }),
    ]);
    expect(responses.map((r) => r.statusCode).filter((s) => s === 200)).toHaveLength(1);
    expect(await fresh().count(OrderStatusChangeSchema, { order: id, toStatus: 'confirmed' })).toBe(1);
  });
});

describe('vendor dashboard over HTTP', () => {
  it('gives exact kobo-summed figures for the shop', async () => {
    const em = fresh();
    const shop = await makeVendor(em, { shopName: 'Figures Caps' });
    const token = await sessionTokenFor(env.services, shop.user.id);
    const product = await makeProduct(em, shop);
    await makeOrder(product, 1_000_010);
    await makeOrder(product, 250_055);
    await makeOrder(product, 5_000_000, false);
    const response = await call('GET', '/vendor/dashboard', token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      total_products: 1,
      total_orders: 3,
      total_revenue: 12_500.65,
      pending_orders: 3,
      completed_orders: 0,
      growth: { this_month: 12_500.65, last_month: 0, percent: null },
    });
  });
});

describe('vendor coupons over HTTP', () => {
  it('creates (201), lists with state, updates only the fields sent and deletes', async () => {
    const created = await call('POST', '/coupons', kanoToken, {
      code: 'KANO20',
      description: 'Sallah sale',
      discount: 20,
      usage_limit: 50,
      expires_at: future(),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const list = await call('GET', '/coupons', kanoToken);
    expect(list.json()).toEqual([expect.objectContaining({ id, code: 'KANO20', state: 'Active' })]);
    const updated = await call('PUT', `/coupons/${id}`, kanoToken, { usage_limit: 75 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ code: 'KANO20', discount: 20, usage_limit: 75, description: 'Sallah sale' });
    const duplicate = await call('POST', '/coupons', kanoToken, {
      code: 'KANO20',
      discount: 5,
      usage_limit: 5,
      expires_at: future(),
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('You already have a coupon with this code.');
    const removed = await call('DELETE', `/coupons/${id}`, kanoToken);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Coupon deleted' });
    expect(await fresh().count(CouponSchema, { id })).toBe(0);
  });

  it('answers 422 with the spec messages', async () => {
    const base = { code: 'RULES10', discount: 10, usage_limit: 10, expires_at: future() };
    const cases: [object, string, string][] = [
      [{ discount: 0 }, 'discount', 'Discount must be a positive number'],
      [{ discount: 101 }, 'discount', 'Discount cannot exceed 100%'],
      [{ usage_limit: 0 }, 'usage_limit', 'Usage limit must be a positive number'],
      [{ usage_limit: 10_001 }, 'usage_limit', 'Usage limit cannot exceed 10,000'],
      [{ code: 'save10' }, 'code', 'Coupon code can only contain uppercase letters and numbers'],
      [{ code: 'AB' }, 'code', 'Minimum length is 3 characters'],
      [{ expires_at: undefined }, 'expires_at', 'This field is required'],
      [{ expires_at: '2001-01-01' }, 'expires_at', 'The expiry date must be in the future'],
    ];
    for (const [change, field, message] of cases) {
      const response = await call('POST', '/coupons', kanoToken, { ...base, ...change });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[field]).toContain(message);
    }
  });

  it("answers 404 for another shop's coupon, changing nothing", async () => {
    const mine = (
      await call('POST', '/coupons', kanoToken, { code: 'MINE', discount: 10, usage_limit: 5, expires_at: future() })
    ).json();
    expect((await call('PUT', `/coupons/${mine.id}`, lagosToken, { discount: 99 })).statusCode).toBe(404);
    expect((await call('DELETE', `/coupons/${mine.id}`, lagosToken)).statusCode).toBe(404);
    expect((await call('GET', '/coupons', lagosToken)).json()).toEqual([]);
    expect((await fresh().findOneOrFail(CouponSchema, { id: mine.id })).discountPercent).toBe(10);
  });

  it('keeps POST /coupons/validate working beside the vendor routes', async () => {
    // Coupon checks are counted per account (issue 10), so the customer checks signed in.
    const response = await call('POST', '/coupons/validate', customerToken, { code: 'MINE' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ valid: true, code: 'MINE', discount: 10 });
  });
});

describe('who may call', () => {
  it('answers 401 without a token and 403 for a customer on every vendor call', async () => {
    const id = await makeOrder(cap, 1_200_000);
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', '/vendor/dashboard'],
      ['GET', '/vendor/orders'],
      ['PUT', `/vendor/orders/${id}/status`, { status: 'confirmed' }],
      ['GET', '/coupons'],
      ['POST', '/coupons', { code: 'NOPE10', discount: 10, usage_limit: 5, expires_at: future() }],
      ['PUT', '/coupons/1', { discount: 50 }],
      ['DELETE', '/coupons/1'],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
      expect((await call(method, url, customerToken, payload)).statusCode).toBe(403);
    }
    expect((await fresh().findOneOrFail(OrderSchema, { id })).status).toBe('pending');
  });
});
