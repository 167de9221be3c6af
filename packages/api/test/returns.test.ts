import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLogSchema } from '../src/modules/auth/auth.entities.js';
import { type Product, ProductSchema } from '../src/modules/catalogue/catalogue.entities.js';
import { CouponSchema } from '../src/modules/coupons/coupons.entities.js';
import { LedgerEntrySchema, RefundSchema } from '../src/modules/finance/finance.entities.js';
import { balanceOf } from '../src/modules/finance/ledger.js';
import { OrderItemSchema, OrderSchema, OrderStatusChangeSchema } from '../src/modules/orders/orders.entities.js';
import { PaymentSchema } from '../src/modules/payment/payment.entities.js';
import { ReturnRequestSchema } from '../src/modules/returns/returns.entities.js';
import { type Vendor, VendorSchema } from '../src/modules/vendors/vendors.entities.js';
import { buying, domainFailure } from './buying.js';
import { makeProduct, makeUser, makeVendor } from './fixtures.js';
import { createTestEnv, failureOf, sessionTokenFor, type TestEnv } from './harness.js';

/**
 * Returns (docs/returns.md "Returns and escrow"): request within the window, decide, receive with restock,
 * the refund with the shipping share for the seller's fault, the escrow hold while a return is open, and
 * the abuse of each step. Every shop here is fresh, so its balances are the orders of the test alone.
 */

let env: TestEnv;
const b = buying(() => env);
const DAY = 24 * 60 * 60 * 1000;
const DETAILS = 'The embroidery came unstitched on one side.';
let adminToken: string;

interface Shop {
  vendor: Vendor;
  token: string;
  capA: Product;
  capB: Product;
  coupon: string;
}

let shopCount = 0;
/** A fresh verified shop with two caps at odd prices and its own 15 % coupon. */
async function newShop(): Promise<Shop> {
  shopCount += 1;
  const em = fresh();
  const vendor = await makeVendor(em, { shopName: `Returns Shop ${shopCount}` });
  const capA = await makeProduct(em, vendor, { priceKobo: 1_234_567, stock: 20, sizes: ['58'] });
  const capB = await makeProduct(em, vendor, { priceKobo: 777_777, stock: 20, sizes: ['58'] });
  const coupon = `RET${shopCount}X15`;
  em.create(CouponSchema, { vendor, code: coupon, discountPercent: 15, usedCount: 0 });
  await em.flush();
  return { vendor, token: await sessionTokenFor(env.services, vendor.user.id), capA, capB, coupon };
}

beforeAll(async () => {
  env = await createTestEnv();
  const admin = await makeUser(fresh(), { role: 'admin' });
  adminToken = await sessionTokenFor(env.services, admin.id);
  await env.caller(adminToken).admin.finance.updateSettings({ commission_percent: 10, return_window_days: 7 });
});
afterAll(async () => env?.close());

function fresh() {
  return env.services.orm.em.fork();
}

/** A customer buys these caps in one checkout and pays; answers the order ids (ascending) and the token. */
async function buy(lines: [Product, number][], coupon?: string) {
  const buyer = await b.customer();
  const placed = await b.place(
    buyer.token,
    lines.map(([cap, quantity]) => ({ product_id: cap.id, quantity, size: '58' })),
    coupon,
  );
  expect((await b.payFor(buyer.token, placed.id)).success).toBe(true);
  return { ...buyer, orderIds: [...placed.order_ids].sort((x, y) => x - y), checkoutId: placed.checkout_id };
}

async function deliver(shop: Shop, orderId: number) {
  for (const status of ['confirmed', 'shipped', 'delivered'] as const) {
    await env.caller(shop.token).vendor.advanceOrder({ id: orderId, status });
  }
}

const orderOf = (id: number) => fresh().findOneOrFail(OrderSchema, { id });
const itemsOf = (orderId: number) => fresh().find(OrderItemSchema, { order: orderId }, { orderBy: { id: 'asc' } });
const shopOrderOf = async (orderIds: number[], shop: Shop) => {
  const orders = await fresh().find(OrderSchema, { id: { $in: orderIds } });
  return orders.find((o) => o.vendor.id === shop.vendor.id)?.id as number;
};
const releaseAtOf = async (orderId: number) =>
  (await fresh().findOneOrFail(LedgerEntrySchema, { key: `order:${orderId}:release:available` })).effectiveAt;
const stockOf = async (cap: Product) => (await fresh().findOneOrFail(ProductSchema, { id: cap.id })).stock;
const returnsOfOrder = (orderId: number) => fresh().count(ReturnRequestSchema, { order: orderId });

/** The order's sale credit and commission, from its "Order paid" entries. */
async function paidOf(orderId: number) {
  const entries = await fresh().find(LedgerEntrySchema, { orderId, key: { $like: `order:${orderId}:%:pending` } });
  const sale = entries.find((e) => e.kind === 'sale')?.amountKobo ?? 0;
  const commission = -(entries.find((e) => e.kind === 'commission')?.amountKobo ?? 0);
  return { sale, commission, net: sale - commission };
}

/** Σ ledger = Σ payments applied − Σ refunds not failed, over the whole database, to the kobo. */
async function expectReconciled() {
  const em = fresh();
  const ledger = (await em.find(LedgerEntrySchema, {})).reduce((t, e) => t + e.amountKobo, 0);
  const paid = (await em.find(PaymentSchema, { status: 'success' })).reduce((t, p) => t + p.amountKobo, 0);
  const refunded = (await em.find(RefundSchema, { status: { $ne: 'failed' }, order: { $ne: null } })).reduce(
    (t, r) => t + r.amountKobo,
    0,
  );
  expect(ledger).toBe(paid - refunded);
}

const request = (
  token: string,
  orderId: number,
  items: { order_item_id: number; quantity: number }[],
  reason = 'damaged',
) => env.caller(token).orders.requestReturn({ id: orderId, items, reason: reason as 'damaged', details: DETAILS });

describe('a return from request to refund', () => {
  it('damaged: approve, receive with restock, refund with the shipping share; the shop keeps only the rest', async () => {
    const kano = await newShop();
    const zanna = await newShop();
    const bought = await buy(
      [
        [kano.capA, 2],
        [kano.capB, 1],
        [zanna.capA, 1],
      ],
      kano.coupon,
    );
    const orderId = await shopOrderOf(bought.orderIds, kano);
    await deliver(kano, orderId);
    const order = await orderOf(orderId);
    const [lineA] = await itemsOf(orderId);
    const paidItems = order.subtotalKobo - order.discountKobo;
    const stockBefore = await stockOf(kano.capA);

    const created = await request(bought.token, orderId, [{ order_item_id: lineA?.id as number, quantity: 1 }]);
    // One cap of A less its share of the shop's 15 % coupon.
    const amountKobo = Math.round((1_234_567 * paidItems) / order.subtotalKobo);
    expect(created).toMatchObject({
      order_id: orderId,
      status: 'requested',
      reason: 'damaged',
      includes_shipping: true,
      shop: { id: kano.vendor.id },
      refund: null,
    });
    expect(created.items).toEqual([expect.objectContaining({ order_item_id: lineA?.id, quantity: 1 })]);
    expect(created.items[0]?.amount).toBe(amountKobo / 100);
    expect((await orderOf(orderId)).status).toBe('return_requested');

    const approved = await env.caller(kano.token).vendor.decideReturn({ id: created.id, decision: 'approved' });
    expect(approved.status).toBe('approved');
    expect(approved.decided_by?.user_id).toBe(kano.vendor.user.id);

    const received = await env.caller(kano.token).vendor.receiveReturn({ id: created.id, restock: true });
    // The checkout's ₦2,000 shared by what each order's items cost the buyer; the last order takes the rest.
    const orders = await fresh().find(OrderSchema, { checkout: bought.checkoutId }, { orderBy: { id: 'asc' } });
    const checkoutPaid = orders.reduce((t, o) => t + o.subtotalKobo - o.discountKobo, 0);
    const shareOf = (o: (typeof orders)[number]) =>
      Math.round((200_000 * (o.subtotalKobo - o.discountKobo)) / checkoutPaid);
    const last = orders[orders.length - 1];
    const share =
      last?.id === orderId
        ? 200_000 - orders.slice(0, -1).reduce((t, o) => t + shareOf(o), 0)
        : shareOf(orders.find((o) => o.id === orderId) as (typeof orders)[number]);
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThan(200_000);
    expect(received.status).toBe('refunded');
    expect(received.restocked).toBe(true);
    expect(received.received_at).not.toBeNull();
    expect(received.refund).toMatchObject({
      kind: 'return',
      items_amount: amountKobo / 100,
      shipping_amount: share / 100,
      amount: (amountKobo + share) / 100,
      order_id: orderId,
    });
    expect(['pending', 'processing', 'processed']).toContain(received.refund?.status);
    expect(await stockOf(kano.capA)).toBe(stockBefore + 1);
    expect(['returned', 'partially_refunded']).toContain((await orderOf(orderId)).status);
    const history = await fresh().find(OrderStatusChangeSchema, { order: orderId }, { orderBy: { id: 'asc' } });
    expect(history.slice(-2).map((h) => [h.fromStatus, h.toStatus])).toEqual(
      expect.arrayContaining([
        ['delivered', 'return_requested'],
        ['return_requested', 'returned'],
      ]),
    );

    // After the window the shop has available exactly what it kept: its net less the refund's share of it.
    const { sale, commission, net } = await paidOf(orderId);
    const kept =
      net - (Math.round((sale * amountKobo) / paidItems) - Math.round((commission * amountKobo) / paidItems));
    const releaseAt = await releaseAtOf(orderId);
    const before = await balanceOf(fresh(), kano.vendor.id, new Date(releaseAt.getTime() - 1));
    expect(before).toMatchObject({ availableKobo: 0, pendingKobo: kept });
    const after = await balanceOf(fresh(), kano.vendor.id, new Date(releaseAt.getTime() + 1));
    expect(after).toMatchObject({ availableKobo: kept, pendingKobo: 0 });
    await expectReconciled();
  });

  it('changed_mind on the whole order: every cap, exactly what was paid for them, no shipping', async () => {
    const kano = await newShop();
    const bought = await buy(
      [
        [kano.capA, 3],
        [kano.capB, 2],
      ],
      kano.coupon,
    );
    const orderId = bought.orderIds[0] as number;
    await deliver(kano, orderId);
    const order = await orderOf(orderId);
    const lines = await itemsOf(orderId);
    const created = await request(
      bought.token,
      orderId,
      lines.map((l) => ({ order_item_id: l.id, quantity: l.quantity })),
      'changed_mind',
    );
    expect(created.includes_shipping).toBe(false);
    // The last line takes the remainder: the lines add up to subtotal − discount, to the kobo.
    const sumKobo = created.items.reduce((t, i) => t + Math.round(i.amount * 100), 0);
    expect(sumKobo).toBe(order.subtotalKobo - order.discountKobo);
    await env.caller(kano.token).vendor.decideReturn({ id: created.id, decision: 'approved', note: 'Fine' });
    const stockA = await stockOf(kano.capA);
    const received = await env.caller(kano.token).vendor.receiveReturn({ id: created.id, restock: false });
    expect(received.refund?.shipping_amount).toBe(0);
    expect(received.refund?.items_amount).toBe(sumKobo / 100);
    expect(received.restocked).toBe(false);
    expect(await stockOf(kano.capA)).toBe(stockA);
    // Nothing kept: the shop's pending and available are 0 before and after the release.
    const releaseAt = await releaseAtOf(orderId);
    for (const at of [new Date(releaseAt.getTime() - 1), new Date(releaseAt.getTime() + 1)]) {
      expect(await balanceOf(fresh(), kano.vendor.id, at)).toMatchObject({ pendingKobo: 0, availableKobo: 0 });
    }
    await expectReconciled();
  });

  it('rejected: the order is delivered again and the credit releases at the original time', async () => {
    const kano = await newShop();
    const bought = await buy([[kano.capA, 1]]);
    const orderId = bought.orderIds[0] as number;
    await deliver(kano, orderId);
    const [line] = await itemsOf(orderId);
    const releaseAt = await releaseAtOf(orderId);
    const { net } = await paidOf(orderId);
    const created = await request(bought.token, orderId, [{ order_item_id: line?.id as number, quantity: 1 }]);
    // While requested the credit is held past the release time.
    expect(await balanceOf(fresh(), kano.vendor.id, new Date(releaseAt.getTime() + DAY))).toMatchObject({
      availableKobo: 0,
      pendingKobo: net,
    });
    const rejected = await env
      .caller(kano.token)
      .vendor.decideReturn({ id: created.id, decision: 'rejected', note: 'The cap was worn and washed.' });
    expect(rejected).toMatchObject({ status: 'rejected', decision_note: 'The cap was worn and washed.' });
    expect((await orderOf(orderId)).status).toBe('delivered');
    const last = await fresh().findOneOrFail(OrderStatusChangeSchema, { order: orderId }, { orderBy: { id: 'desc' } });
    expect([last.fromStatus, last.toStatus, last.actor?.id]).toEqual([
      'return_requested',
      'delivered',
      kano.vendor.user.id,
    ]);
    expect(await balanceOf(fresh(), kano.vendor.id, new Date(releaseAt.getTime() - 1))).toMatchObject({
      availableKobo: 0,
      pendingKobo: net,
    });
    expect(await balanceOf(fresh(), kano.vendor.id, releaseAt)).toMatchObject({ availableKobo: net, pendingKobo: 0 });
    // The shop decided once: it cannot change its mind; repeating the decision changes nothing.
    const again = await failureOf(env.caller(kano.token).vendor.decideReturn({ id: created.id, decision: 'approved' }));
    expect(again.code).toBe('UNPROCESSABLE_CONTENT');
    const repeated = await env
      .caller(kano.token)
      .vendor.decideReturn({ id: created.id, decision: 'rejected', note: 'Still worn.' });
    expect(repeated.decision_note).toBe('The cap was worn and washed.');
    await expectReconciled();
  });

  it('an admin overrules a rejection and receives the return; both audited', async () => {
    const kano = await newShop();
    const bought = await buy([[kano.capB, 2]]);
    const orderId = bought.orderIds[0] as number;
    await deliver(kano, orderId);
    const [line] = await itemsOf(orderId);
    const releaseAt = await releaseAtOf(orderId);
    const { sale, commission, net } = await paidOf(orderId);
    const created = await request(
      bought.token,
      orderId,
      [{ order_item_id: line?.id as number, quantity: 1 }],
      'wrong_item',
    );
    await env
      .caller(kano.token)
      .vendor.decideReturn({ id: created.id, decision: 'rejected', note: 'It is the cap you chose.' });
    const overruled = await env.caller(adminToken).admin.returns.decide({ id: created.id, decision: 'approved' });
    expect(overruled.status).toBe('approved');
    expect(overruled.decided_by?.role).toBe('admin');
    expect((await orderOf(orderId)).status).toBe('return_requested');
    // Held again past the release time.
    expect(await balanceOf(fresh(), kano.vendor.id, new Date(releaseAt.getTime() + 1))).toMatchObject({
      availableKobo: 0,
      pendingKobo: net,
    });
    const received = await env.caller(adminToken).admin.returns.receive({ id: created.id, restock: true });
    expect(received.status).toBe('refunded');
    expect(received.refund?.shipping_amount).toBe(2000);
    const paidItems = 2 * 777_777;
    const kept = net - (Math.round((sale * 777_777) / paidItems) - Math.round((commission * 777_777) / paidItems));
    expect(await balanceOf(fresh(), kano.vendor.id, new Date(releaseAt.getTime() + 1))).toMatchObject({
      availableKobo: kept,
      pendingKobo: 0,
    });
    const audit = await fresh().find(
      AuditLogSchema,
      { targetType: 'return', targetId: created.id },
      { orderBy: { id: 'asc' } },
    );
    expect(audit.map((a) => a.action)).toEqual(['return.decide', 'return.receive']);
    await expectReconciled();
  });

  it('escrow: while a return is open the shop gets nothing past the release time', async () => {
    const kano = await newShop();
    const bought = await buy([[kano.capA, 1]]);
    const orderId = bought.orderIds[0] as number;
    await deliver(kano, orderId);
    const [line] = await itemsOf(orderId);
    const { net } = await paidOf(orderId);
    expect((await env.caller(kano.token).vendor.balance()).next_release_at).not.toBeNull();
    const created = await request(bought.token, orderId, [{ order_item_id: line?.id as number, quantity: 1 }], 'other');
    // The release the hold cancels out is no longer announced to the shop.
    expect((await env.caller(kano.token).vendor.balance()).next_release_at).toBeNull();
    await env.caller(kano.token).vendor.decideReturn({ id: created.id, decision: 'approved' });
    env.clock.advanceDays(8);
    const held = await env.caller(kano.token).vendor.balance();
    expect(held).toMatchObject({ available: 0, pending: net / 100 });
    // Received after the window: the refund comes out of the held credit; nothing is left to release.
    await env.caller(kano.token).vendor.receiveReturn({ id: created.id, restock: true });
    expect(await env.caller(kano.token).vendor.balance()).toMatchObject({ available: 0, pending: 0 });
    await expectReconciled();
  });
});

describe('abuse of a return request', () => {
  let kano: Shop;
  let zanna: Shop;
  let bought: Awaited<ReturnType<typeof buy>>;
  let orderId: number;
  let lineA: number;
  let lineB: number;

  beforeAll(async () => {
    kano = await newShop();
    zanna = await newShop();
    bought = await buy([
      [kano.capA, 2],
      [kano.capB, 1],
    ]);
    orderId = bought.orderIds[0] as number;
    await deliver(kano, orderId);
    [lineA, lineB] = (await itemsOf(orderId)).map((l) => l.id) as [number, number];
  });

  /** The order stayed delivered with no return. */
  async function unchanged() {
    expect((await orderOf(orderId)).status).toBe('delivered');
    expect(await returnsOfOrder(orderId)).toBe(0);
  }

  it('more caps than bought, an item twice, an item of another order: 422, nothing written', async () => {
    const tooMany = await failureOf(request(bought.token, orderId, [{ order_item_id: lineA, quantity: 3 }]));
    expect(tooMany.code).toBe('UNPROCESSABLE_CONTENT');
    expect(tooMany.fields['items.0.quantity']).toBeDefined();
    const twice = await failureOf(
      request(bought.token, orderId, [
        { order_item_id: lineA, quantity: 1 },
        { order_item_id: lineA, quantity: 1 },
      ]),
    );
    expect(twice.code).toBe('UNPROCESSABLE_CONTENT');
    expect(twice.fields['items.1.order_item_id']).toEqual(['Each item may appear only once in a return.']);
    const other = await buy([[zanna.capA, 1]]);
    const [otherLine] = await itemsOf(other.orderIds[0] as number);
    const foreign = await failureOf(
      request(bought.token, orderId, [{ order_item_id: otherLine?.id as number, quantity: 1 }]),
    );
    expect(foreign.code).toBe('UNPROCESSABLE_CONTENT');
    await unchanged();
  });

  it("someone else's order is 404; a vendor asking is 403; an order not delivered is 422", async () => {
    const stranger = await b.customer();
    const notYours = await failureOf(request(stranger.token, orderId, [{ order_item_id: lineA, quantity: 1 }]));
    expect(notYours.code).toBe('NOT_FOUND');
    const asVendor = await failureOf(request(kano.token, orderId, [{ order_item_id: lineA, quantity: 1 }]));
    expect(asVendor.code).toBe('FORBIDDEN');
    const undelivered = await buy([[kano.capA, 1]]);
    const [line] = await itemsOf(undelivered.orderIds[0] as number);
    const early = await failureOf(
      request(undelivered.token, undelivered.orderIds[0] as number, [
        { order_item_id: line?.id as number, quantity: 1 },
      ]),
    );
    expect(early.code).toBe('UNPROCESSABLE_CONTENT');
    await unchanged();
  });

  it('one open return per order: two requests at once make one return; the loser is 409', async () => {
    const results = await Promise.allSettled([
      request(bought.token, orderId, [{ order_item_id: lineA, quantity: 1 }]),
      request(bought.token, orderId, [{ order_item_id: lineB, quantity: 1 }]),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await returnsOfOrder(orderId)).toBe(1);
    const second = await failureOf(request(bought.token, orderId, [{ order_item_id: lineB, quantity: 1 }]));
    expect(second.code).toBe('CONFLICT');
    expect(await returnsOfOrder(orderId)).toBe(1);
    const holds = await fresh().count(LedgerEntrySchema, { orderId, key: { $like: 'return:%:hold:%' } });
    expect(holds).toBe(2);
  });

  it('deciding: another shop 404, a customer 403, a rejection without a note 422, a pending shop 403', async () => {
    const open = await fresh().findOneOrFail(ReturnRequestSchema, { order: orderId });
    const otherShop = await failureOf(
      env.caller(zanna.token).vendor.decideReturn({ id: open.id, decision: 'approved' }),
    );
    expect(otherShop.code).toBe('NOT_FOUND');
    const otherReceive = await failureOf(env.caller(zanna.token).vendor.receiveReturn({ id: open.id, restock: true }));
    expect(otherReceive.code).toBe('NOT_FOUND');
    const customer = await failureOf(
      env.caller(bought.token).vendor.decideReturn({ id: open.id, decision: 'approved' }),
    );
    expect(customer.code).toBe('FORBIDDEN');
    const customerAdmin = await failureOf(
      env.caller(bought.token).admin.returns.decide({ id: open.id, decision: 'approved' }),
    );
    expect(customerAdmin.code).toBe('FORBIDDEN');
    const noNote = await failureOf(env.caller(kano.token).vendor.decideReturn({ id: open.id, decision: 'rejected' }));
    // An input refused by its schema: VALIDATION (422 over REST), with the field's message.
    expect(noNote.code).toBe('BAD_REQUEST');
    expect(noNote.fields.note).toEqual(['A note is required to reject a return']);
    const blankNote = await failureOf(
      env.caller(adminToken).admin.returns.decide({ id: open.id, decision: 'rejected', note: '   ' }),
    );
    expect(blankNote.fields.note).toEqual(['A note is required to reject a return']);
    const notApproved = await failureOf(env.caller(kano.token).vendor.receiveReturn({ id: open.id, restock: true }));
    expect(notApproved.code).toBe('UNPROCESSABLE_CONTENT');
    await fresh().nativeUpdate(VendorSchema, { id: kano.vendor.id }, { verifiedAt: null });
    const pending = await failureOf(env.caller(kano.token).vendor.decideReturn({ id: open.id, decision: 'approved' }));
    expect(pending.code).toBe('FORBIDDEN');
    await fresh().nativeUpdate(VendorSchema, { id: kano.vendor.id }, { verifiedAt: new Date() });
    const still = await fresh().findOneOrFail(ReturnRequestSchema, { id: open.id });
    expect(still.status).toBe('requested');
    expect(still.decidedBy).toBeNull();
    expect((await orderOf(orderId)).status).toBe('return_requested');
  });

  it('after the window (the clock moved past it): 422 RETURN_WINDOW_CLOSED, nothing written', async () => {
    const late = await buy([[kano.capA, 1]]);
    const lateOrder = late.orderIds[0] as number;
    await deliver(kano, lateOrder);
    const [line] = await itemsOf(lateOrder);
    env.clock.advanceDays(7);
    env.clock.advance(60_000);
    try {
      const closed = await domainFailure(
        request(late.token, lateOrder, [{ order_item_id: line?.id as number, quantity: 1 }]),
      );
      expect(closed.code).toBe('RETURN_WINDOW_CLOSED');
      expect(closed.message).toMatch(/return window of this order closed/);
    } finally {
      env.clock.advance(-(7 * DAY + 60_000));
    }
    expect((await orderOf(lateOrder)).status).toBe('delivered');
    expect(await returnsOfOrder(lateOrder)).toBe(0);
  });
});

describe('lists of returns', () => {
  it("each caller sees only its own: the customer's, the shop's, every one for admins; by status", async () => {
    const kano = await newShop();
    const zanna = await newShop();
    const first = await buy([[kano.capA, 1]]);
    const second = await buy([[zanna.capA, 1]]);
    for (const [shop, bought] of [
      [kano, first],
      [zanna, second],
    ] as const) {
      const id = bought.orderIds[0] as number;
      await deliver(shop, id);
      const [line] = await itemsOf(id);
      await request(bought.token, id, [{ order_item_id: line?.id as number, quantity: 1 }]);
    }
    const mine = await env.caller(first.token).returns.list({});
    expect(mine.data.map((r) => r.order_id)).toEqual([first.orderIds[0]]);
    expect(mine.total).toBe(1);
    const shopList = await env.caller(zanna.token).vendor.returns({});
    expect(shopList.data.map((r) => r.shop.id)).toEqual([zanna.vendor.id]);
    const all = await env.caller(adminToken).admin.returns.list({ per_page: 500 });
    expect(all.data.map((r) => r.order_id)).toEqual(expect.arrayContaining([first.orderIds[0], second.orderIds[0]]));
    // Newest first.
    const ids = all.data.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    const approvedOnly = await env.caller(adminToken).admin.returns.list({ status: 'approved', per_page: 500 });
    expect(approvedOnly.data.every((r) => r.status === 'approved')).toBe(true);
    expect(approvedOnly.data.some((r) => r.order_id === first.orderIds[0])).toBe(false);
    const paged = await env.caller(adminToken).admin.returns.list({ per_page: 1, page: 2 });
    expect(paged).toMatchObject({ per_page: 1, current_page: 2, total: all.total });
    expect(paged.data).toHaveLength(1);
  });

  it('a cap on a return request can still be reviewed (the order was delivered)', async () => {
    const kano = await newShop();
    const bought = await buy([[kano.capA, 1]]);
    const id = bought.orderIds[0] as number;
    await deliver(kano, id);
    const [line] = await itemsOf(id);
    await request(bought.token, id, [{ order_item_id: line?.id as number, quantity: 1 }]);
    const review = await env
      .caller(bought.token)
      .reviews.create({ product_id: kano.capA.id, rating: 2, comment: 'Came damaged, returning it.' });
    expect(review.rating).toBe(2);
  });
});
