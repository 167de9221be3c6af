import { SANDBOX_SUCCESS_CARD } from '@caps/api';
import {
  AuditLogSchema,
  type Em,
  LedgerEntrySchema,
  makeProduct,
  makeUser,
  makeVendor,
  OrderItemSchema,
  OrderSchema,
  PaymentSchema,
  type Product,
  ProductSchema,
  RefundSchema,
  sessionTokenFor,
  type Vendor,
} from '@caps/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRestTestEnv, type RestTestEnv } from './harness.js';

/**
 * Returns over REST (docs/returns.md): POST /orders/{id}/returns, the shop's and the admin's decision and
 * receipt, the lists, and the abuse of each, with the status and JSON message of every refusal.
 */

let env: RestTestEnv;
let adminToken: string;
let kano: Vendor;
let zanna: Vendor;
let kanoToken: string;
let zannaToken: string;
let kanoCap: Product;
let kanoCap2: Product;
let zannaCap: Product;

const fresh = () => env.services.orm.em.fork() as Em;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  env.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const DETAILS = 'The crown was crushed in the parcel.';

beforeAll(async () => {
  env = await createRestTestEnv();
  const em = fresh();
  const admin = await makeUser(em, { role: 'admin' });
  adminToken = await sessionTokenFor(env.services, admin.id);
  kano = await makeVendor(em, { shopName: 'Kano Returns' });
  zanna = await makeVendor(em, { shopName: 'Zanna Returns' });
  kanoToken = await sessionTokenFor(env.services, kano.user.id);
  zannaToken = await sessionTokenFor(env.services, zanna.user.id);
  kanoCap = await makeProduct(em, kano, { priceKobo: 1_500_000, stock: 50, sizes: ['58'] });
  kanoCap2 = await makeProduct(em, kano, { priceKobo: 650_000, stock: 50, sizes: ['58'] });
  zannaCap = await makeProduct(em, zanna, { priceKobo: 900_000, stock: 50, sizes: ['58'] });
});
afterAll(async () => env?.close());

function sandbox() {
  const s = env.services.sandbox;
  if (!s) throw new Error('the tests run on the sandbox');
  return s;
}

/** A fresh customer buys these caps in one checkout over REST and pays; answers its token and order ids. */
async function buy(lines: [Product, number][]) {
  const user = await makeUser(fresh(), { role: 'customer' });
  const token = await sessionTokenFor(env.services, user.id);
  const order = await call('POST', '/orders', token, {
    shipping_address: '7 Damboa Road, Maiduguri, Borno 600001',
    items: lines.map(([cap, quantity]) => ({ product_id: cap.id, quantity, size: '58' })),
  });
  expect(order.statusCode).toBe(201);
  const payment = await call('POST', '/payment/initiate', token, { order_id: order.json().id });
  const reference = payment.json().reference as string;
  await sandbox().pay(reference, SANDBOX_SUCCESS_CARD);
  expect((await call('GET', `/payment/verify?reference=${reference}`, token)).json().success).toBe(true);
  const orderIds = [...(order.json().order_ids as number[])].sort((x, y) => x - y);
  return { token, orderIds, checkoutId: order.json().checkout_id as number };
}

async function deliver(token: string, orderId: number) {
  for (const status of ['confirmed', 'shipped', 'delivered']) {
    expect((await call('PUT', `/vendor/orders/${orderId}/status`, token, { status })).statusCode).toBe(200);
  }
}

const itemsOf = (orderId: number) => fresh().find(OrderItemSchema, { order: orderId }, { orderBy: { id: 'asc' } });
const orderStatus = async (id: number) => (await fresh().findOneOrFail(OrderSchema, { id })).status;
const stockOf = async (cap: Product) => (await fresh().findOneOrFail(ProductSchema, { id: cap.id })).stock;
const vendorOfOrder = async (id: number) => (await fresh().findOneOrFail(OrderSchema, { id })).vendor.id;

/** Σ ledger = Σ payments applied − Σ refunds not failed. */
async function expectReconciled() {
  const em = fresh();
  const ledger = (await em.find(LedgerEntrySchema, {})).reduce((t, e) => t + e.amountKobo, 0);
  const paid = (await em.find(PaymentSchema, { status: 'success' })).reduce((t, p) => t + p.amountKobo, 0);
  const refunds = await em.find(RefundSchema, { status: { $ne: 'failed' }, order: { $ne: null } });
  expect(ledger).toBe(paid - refunds.reduce((t, r) => t + r.amountKobo, 0));
}

describe('a return over REST', () => {
  it('damaged: 201, approved, received with restock, refunded with shipping; the shop keeps the rest', async () => {
    const before = (await call('GET', '/vendor/balance', kanoToken)).json();
    const bought = await buy([
      [kanoCap, 1],
      [kanoCap2, 1],
      [zannaCap, 1],
    ]);
    const kanoOrder =
      (await vendorOfOrder(bought.orderIds[0] as number)) === kano.id ? bought.orderIds[0] : bought.orderIds[1];
    const orderId = kanoOrder as number;
    await deliver(kanoToken, orderId);
    const [line] = await itemsOf(orderId);
    const stock = await stockOf(kanoCap);

    const created = await call('POST', `/orders/${orderId}/returns`, bought.token, {
      items: [{ order_item_id: line?.id, quantity: 1 }],
      reason: 'damaged',
      details: DETAILS,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({ status: 'requested', includes_shipping: true, order_id: orderId });
    expect(created.json().items[0]).toMatchObject({ quantity: 1, amount: 15_000, product_id: kanoCap.id });
    const order = await call('GET', `/orders/${orderId}`, bought.token);
    expect(order.json().status).toBe('return_requested');

    const approved = await call('PUT', `/vendor/returns/${id}`, kanoToken, { decision: 'approved' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('approved');
    const received = await call('POST', `/vendor/returns/${id}/received`, kanoToken, { restock: true });
    expect(received.statusCode).toBe(200);
    // Kano's share of ₦2,000: its ₦21,500 of the ₦30,500 paid for items.
    const kanoIsLast = orderId === bought.orderIds[1];
    const zannaShare = Math.round((200_000 * 900_000) / 3_050_000);
    const share = kanoIsLast ? 200_000 - zannaShare : Math.round((200_000 * 2_150_000) / 3_050_000);
    expect(received.json()).toMatchObject({ status: 'refunded', restocked: true });
    expect(received.json().refund).toMatchObject({
      kind: 'return',
      items_amount: 15_000,
      shipping_amount: share / 100,
      amount: 15_000 + share / 100,
    });
    expect(await stockOf(kanoCap)).toBe(stock + 1);
    expect(['returned', 'partially_refunded']).toContain(await orderStatus(orderId));

    // After the window the shop has what it kept: the ₦6,500 cap less 10 %.
    env.clock.advanceDays(7);
    env.clock.advance(60_000);
    const after = (await call('GET', '/vendor/balance', kanoToken)).json();
    expect(after.available).toBe(before.available + 5_850);
    expect(after.pending).toBe(before.pending);
    await expectReconciled();
  });

  it('changed_mind: no shipping in the refund; the admin receives it and is audited', async () => {
    const bought = await buy([[kanoCap2, 2]]);
    const orderId = bought.orderIds[0] as number;
    await deliver(kanoToken, orderId);
    const [line] = await itemsOf(orderId);
    const created = await call('POST', `/orders/${orderId}/returns`, bought.token, {
      items: [{ order_item_id: line?.id, quantity: 2 }],
      reason: 'changed_mind',
      details: DETAILS,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().includes_shipping).toBe(false);
    const id = created.json().id as number;
    expect((await call('PUT', `/admin/returns/${id}`, adminToken, { decision: 'approved' })).statusCode).toBe(200);
    const received = await call('POST', `/admin/returns/${id}/received`, adminToken, { restock: false });
    expect(received.statusCode).toBe(200);
    expect(received.json().refund).toMatchObject({ items_amount: 13_000, shipping_amount: 0, amount: 13_000 });
    const audit = await fresh().find(AuditLogSchema, { targetType: 'return', targetId: id });
    expect(audit.map((a) => a.action).sort()).toEqual(['return.decide', 'return.receive']);
    await expectReconciled();
  });

  it('rejected with a note: the order is delivered again and the credit releases at the original time', async () => {
    const bought = await buy([[zannaCap, 1]]);
    const orderId = bought.orderIds[0] as number;
    await deliver(zannaToken, orderId);
    const [line] = await itemsOf(orderId);
    const created = await call('POST', `/orders/${orderId}/returns`, bought.token, {
      items: [{ order_item_id: line?.id, quantity: 1 }],
      reason: 'not_as_described',
      details: DETAILS,
    });
    const id = created.json().id as number;
    const rejected = await call('PUT', `/vendor/returns/${id}`, zannaToken, {
      decision: 'rejected',
      note: 'The photos show the same cap.',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', decision_note: 'The photos show the same cap.' });
    expect(await orderStatus(orderId)).toBe('delivered');
    const before = (await call('GET', '/vendor/balance', zannaToken)).json();
    env.clock.advanceDays(7);
    env.clock.advance(60_000);
    const after = (await call('GET', '/vendor/balance', zannaToken)).json();
    // ₦9,000 less 10 %, released as if no return had been asked.
    expect(after.available).toBe(before.available + 8_100);
    await expectReconciled();
  });
});

describe('abuse of returns over REST', () => {
  let buyer: Awaited<ReturnType<typeof buy>>;
  let orderId: number;
  let lineA: number;
  let lineB: number;

  beforeAll(async () => {
    buyer = await buy([
      [kanoCap, 1],
      [kanoCap2, 2],
    ]);
    orderId = buyer.orderIds[0] as number;
    await deliver(kanoToken, orderId);
    [lineA, lineB] = (await itemsOf(orderId)).map((l) => l.id) as [number, number];
  });

  const ask = (token: string | undefined, items: { order_item_id: number; quantity: number }[], id = orderId) =>
    call('POST', `/orders/${id}/returns`, token, { items, reason: 'damaged', details: DETAILS });

  it('refuses bad requests with 4xx and a message, writing nothing', async () => {
    const cases: [Awaited<ReturnType<typeof ask>>, number][] = [
      [await ask(undefined, [{ order_item_id: lineA, quantity: 1 }]), 401],
      [await ask(kanoToken, [{ order_item_id: lineA, quantity: 1 }]), 403],
      [await ask(buyer.token, [{ order_item_id: lineA, quantity: 2 }]), 422],
      [
        await ask(buyer.token, [
          { order_item_id: lineB, quantity: 1 },
          { order_item_id: lineB, quantity: 1 },
        ]),
        422,
      ],
      [await ask(buyer.token, []), 422],
      [
        await call('POST', `/orders/${orderId}/returns`, buyer.token, {
          items: [{ order_item_id: lineA, quantity: 1 }],
          reason: 'bored',
          details: DETAILS,
        }),
        422,
      ],
    ];
    const stranger = await makeUser(fresh(), { role: 'customer' });
    cases.push([
      await ask(await sessionTokenFor(env.services, stranger.id), [{ order_item_id: lineA, quantity: 1 }]),
      404,
    ]);
    for (const [response, status] of cases) {
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect(cases[2]?.[0].json().errors['items.0.quantity']).toBeDefined();
    expect(await orderStatus(orderId)).toBe('delivered');
    expect((await call('GET', '/returns', buyer.token)).json().total).toBe(0);
  });

  it('one open return (409); deciding: another shop 404, a customer 403, no note 422, receive early 422', async () => {
    const first = await ask(buyer.token, [{ order_item_id: lineA, quantity: 1 }]);
    expect(first.statusCode).toBe(201);
    const id = first.json().id as number;
    const second = await ask(buyer.token, [{ order_item_id: lineB, quantity: 1 }]);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'CONFLICT', message: expect.any(String) });

    const otherShop = await call('PUT', `/vendor/returns/${id}`, zannaToken, { decision: 'approved' });
    expect(otherShop.statusCode).toBe(404);
    expect(otherShop.json().message).toBe('Return not found');
    expect((await call('POST', `/vendor/returns/${id}/received`, zannaToken, { restock: true })).statusCode).toBe(404);
    expect((await call('PUT', `/vendor/returns/${id}`, buyer.token, { decision: 'approved' })).statusCode).toBe(403);
    expect((await call('PUT', `/admin/returns/${id}`, kanoToken, { decision: 'approved' })).statusCode).toBe(403);
    const noNote = await call('PUT', `/vendor/returns/${id}`, kanoToken, { decision: 'rejected' });
    expect(noNote.statusCode).toBe(422);
    expect(noNote.json().message).toBe('A note is required to reject a return');
    const early = await call('POST', `/vendor/returns/${id}/received`, kanoToken, { restock: true });
    expect(early.statusCode).toBe(422);
    expect(early.json().code).toBe('INVALID_STATUS_CHANGE');
    const missing = await call('PUT', '/vendor/returns/999999', kanoToken, { decision: 'approved' });
    expect(missing.statusCode).toBe(404);

    // Nothing changed: the return is still requested, undecided.
    const mine = (await call('GET', '/returns', buyer.token)).json();
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0]).toMatchObject({ id, status: 'requested', decided_by: null });
  });

  it('after the window: 422 RETURN_WINDOW_CLOSED', async () => {
    const late = await buy([[zannaCap, 1]]);
    const lateOrder = late.orderIds[0] as number;
    await deliver(zannaToken, lateOrder);
    const [line] = await itemsOf(lateOrder);
    env.clock.advanceDays(7);
    env.clock.advance(60_000);
    const closed = await ask(late.token, [{ order_item_id: line?.id as number, quantity: 1 }], lateOrder);
    expect(closed.statusCode).toBe(422);
    expect(closed.json()).toMatchObject({ code: 'RETURN_WINDOW_CLOSED', message: expect.stringContaining('closed') });
    expect(await orderStatus(lateOrder)).toBe('delivered');
  });

  it('lists: the caller’s own, the shop’s own, every one for admins; status filter and paging', async () => {
    const mine = (await call('GET', '/returns', buyer.token)).json();
    expect(mine.data.every((r: { customer: { id: number } }) => r.customer.id === mine.data[0].customer.id)).toBe(true);
    const shop = (await call('GET', '/vendor/returns?per_page=500', zannaToken)).json();
    expect(shop.total).toBeGreaterThan(0);
    expect(shop.data.every((r: { shop: { id: number } }) => r.shop.id === zanna.id)).toBe(true);
    const all = (await call('GET', '/admin/returns?per_page=500', adminToken)).json();
    expect(all.total).toBeGreaterThan(shop.total);
    const requested = (await call('GET', '/admin/returns?status=requested', adminToken)).json();
    expect(requested.data.every((r: { status: string }) => r.status === 'requested')).toBe(true);
    expect(requested.total).toBeGreaterThan(0);
    expect((await call('GET', '/admin/returns?status=lost', adminToken)).statusCode).toBe(422);
    expect((await call('GET', '/admin/returns', kanoToken)).statusCode).toBe(403);
    expect((await call('GET', '/vendor/returns', buyer.token)).statusCode).toBe(403);
    expect((await call('GET', '/returns')).statusCode).toBe(401);
  });
});
