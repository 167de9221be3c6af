import { FINANCE_TEXT } from '@caps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLogSchema } from '../src/modules/auth/auth.entities.js';
import type { Product } from '../src/modules/catalogue/catalogue.entities.js';
import { CouponSchema } from '../src/modules/coupons/coupons.entities.js';
import { LedgerEntrySchema } from '../src/modules/finance/finance.entities.js';
import { balanceOf } from '../src/modules/finance/ledger.js';
import { recordPaidOrders } from '../src/modules/finance/ledger.service.js';
import { CheckoutSchema, OrderSchema } from '../src/modules/orders/orders.entities.js';
import { PaymentSchema } from '../src/modules/payment/payment.entities.js';
import { SANDBOX_SUCCESS_CARD } from '../src/modules/payment/sandbox.js';
import { type Vendor, VendorSchema } from '../src/modules/vendors/vendors.entities.js';
import { buying } from './buying.js';
import { makeProduct, makeUser, makeVendor } from './fixtures.js';
import { createTestEnv, failureOf, sessionTokenFor, type TestEnv } from './harness.js';

let env: TestEnv;
const b = buying(() => env);
const DAY = 24 * 60 * 60 * 1000;

let adminToken: string;
let kano: Vendor;
let zanna: Vendor;
let kanoToken: string;
let zannaToken: string;
let kanoCap: Product;
let zannaCap: Product;

beforeAll(async () => {
  env = await createTestEnv();
  const em = env.services.orm.em.fork();
  const admin = await makeUser(em, { role: 'admin' });
  adminToken = await sessionTokenFor(env.services, admin.id);
  kano = await makeVendor(em, { shopName: 'Kano Caps' });
  zanna = await makeVendor(em, { shopName: 'Zanna Heritage' });
  kanoToken = await sessionTokenFor(env.services, kano.user.id);
  zannaToken = await sessionTokenFor(env.services, zanna.user.id);
  // Prices with odd kobo, so every rounding of discounts and commission shows.
  kanoCap = await makeProduct(em, kano, { priceKobo: 1_234_567, stock: 1_000, sizes: ['58'] });
  zannaCap = await makeProduct(em, zanna, { priceKobo: 777_777, stock: 1_000, sizes: ['58'] });
  em.create(CouponSchema, { vendor: kano, code: 'KANO15', discountPercent: 15, usedCount: 0 });
  em.create(CouponSchema, { vendor: null, code: 'SAVE10', discountPercent: 10, usedCount: 0 });
  await em.flush();
});
afterAll(async () => env?.close());

const fresh = () => env.services.orm.em.fork();
/** Every message of a failed call: its field messages, or its own message. */
const messagesOf = (failure: { message: string; fields: Record<string, string[]> }) => {
  const fields = Object.values(failure.fields).flat();
  return fields.length > 0 ? fields : [failure.message];
};
const admin = () => env.caller(adminToken).admin.finance;

/** A customer buys these caps (one checkout), pays with the sandbox and verifies; answers the order ids. */
async function buy(lines: [Product, number][], coupon?: string): Promise<{ orderIds: number[]; checkoutId: number }> {
  const { token } = await b.customer();
  const placed = await b.place(
    token,
    lines.map(([product, quantity]) => ({ product_id: product.id, quantity, size: '58' })),
    coupon,
  );
  const paid = await b.payFor(token, placed.id);
  expect(paid.success).toBe(true);
  return { orderIds: placed.order_ids, checkoutId: placed.checkout_id };
}

const entriesOf = (orderIds: number[]) =>
  fresh().find(LedgerEntrySchema, { orderId: { $in: orderIds } }, { orderBy: { id: 'asc' } });

/** The entries of the orders as key → amount (kobo), without the order-id prefix: ['sale:pending', 100]. */
async function amountsOf(orderId: number) {
  const entries = await entriesOf([orderId]);
  return Object.fromEntries(entries.map((e) => [e.key.replace(`order:${orderId}:`, ''), e.amountKobo]));
}

const collected = async (checkoutId: number) =>
  (await fresh().findOneOrFail(PaymentSchema, { checkout: checkoutId, status: 'success' })).amountKobo;

async function deliver(token: string, orderId: number) {
  for (const status of ['confirmed', 'shipped', 'delivered'] as const) {
    await env.caller(token).vendor.advanceOrder({ id: orderId, status });
  }
}

async function setSettings(values: { commission_percent?: number; return_window_days?: number }) {
  await admin().updateSettings(values);
}

describe('entries of a paid checkout', () => {
  it('two shops, shipping and a shop coupon: each order as docs/finance.md says, adding up to what was collected', async () => {
    await setSettings({ commission_percent: 10 });
    const { orderIds, checkoutId } = await buy(
      [
        [kanoCap, 2],
        [zannaCap, 1],
      ],
      'KANO15',
    );
    const [kanoOrder, zannaOrder] = orderIds as [number, number];
    // Kano: 2 × 1,234,567 = 2,469,134 less its own 15 % (370,370) = 2,098,764; 10 % of it is 209,876.4 → 209,876.
    expect(await amountsOf(kanoOrder)).toEqual({
      'sale:pending': 2_098_764,
      'commission:pending': -209_876,
      'commission:platform': 209_876,
      'shipping:platform': 200_000,
    });
    // Zanna: 777,777, no coupon of its own; 10 % is 77,777.7 → 77,778 (half up).
    expect(await amountsOf(zannaOrder)).toEqual({
      'sale:pending': 777_777,
      'commission:pending': -77_778,
      'commission:platform': 77_778,
    });
    const entries = await entriesOf(orderIds);
    const sum = entries.reduce((total, e) => total + e.amountKobo, 0);
    expect(sum).toBe(3_076_541);
    expect(sum).toBe(await collected(checkoutId));
    const commission = entries.filter((e) => e.kind === 'commission');
    expect(commission.every((e) => e.rateBp === 1000)).toBe(true);
    expect(entries.find((e) => e.kind === 'shipping')?.vendor).toBeNull();
  });

  it('a platform coupon is borne by the platform: the shops are credited the whole subtotal', async () => {
    const { orderIds, checkoutId } = await buy(
      [
        [kanoCap, 1],
        [zannaCap, 1],
      ],
      'SAVE10',
    );
    const [kanoOrder, zannaOrder] = orderIds as [number, number];
    expect(await amountsOf(kanoOrder)).toEqual({
      'sale:pending': 1_234_567,
      'commission:pending': -123_457,
      'commission:platform': 123_457,
      'shipping:platform': 200_000,
      // floor(10 % of 1,234,567), as checkout priced it.
      'platform_coupon:platform': -123_456,
    });
    expect(await amountsOf(zannaOrder)).toEqual({
      'sale:pending': 777_777,
      'commission:pending': -77_778,
      'commission:platform': 77_778,
      'platform_coupon:platform': -77_777,
    });
    const sum = (await entriesOf(orderIds)).reduce((total, e) => total + e.amountKobo, 0);
    expect(sum).toBe(2_011_111);
    expect(sum).toBe(await collected(checkoutId));
  });

  it('a payment applied by several verifies at once, then again, writes its entries once', async () => {
    const { token } = await b.customer();
    const placed = await b.place(token, [{ product_id: kanoCap.id, quantity: 1, size: '58' }]);
    const payment = await b.initiate(token, placed.id);
    await env.services.sandbox?.pay(payment.reference, SANDBOX_SUCCESS_CARD);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => env.caller(token).payment.verify({ reference: payment.reference })),
    );
    expect(answers.every((a) => a.success)).toBe(true);
    expect(await fresh().count(LedgerEntrySchema, { orderId: placed.id })).toBe(4);
    await env.caller(token).payment.verify({ reference: payment.reference });
    // The rule itself, run again for the same checkout (a rerun after a crash): nothing new.
    const em = fresh();
    expect(await recordPaidOrders(em, placed.checkout_id, env.clock.now())).toBe(0);
    const entries = await entriesOf([placed.id]);
    expect(entries).toHaveLength(4);
    expect(entries.reduce((t, e) => t + e.amountKobo, 0)).toBe(await collected(placed.checkout_id));
  });

  it('an unpaid checkout writes nothing', async () => {
    const { token } = await b.customer();
    const placed = await b.place(token, [{ product_id: zannaCap.id, quantity: 1, size: '58' }]);
    expect(await fresh().count(LedgerEntrySchema, { orderId: placed.id })).toBe(0);
  });
});

describe('commission rates', () => {
  it('keeps the rate of the moment of payment after the admin changes it, and a shop rate wins', async () => {
    await setSettings({ commission_percent: 10 });
    const before = await buy([[zannaCap, 1]]);
    await setSettings({ commission_percent: 12.5 });
    const after = await buy([[zannaCap, 1]]);
    const commissionOf = async (orderId: number) =>
      fresh().findOneOrFail(LedgerEntrySchema, { key: `order:${orderId}:commission:platform` });
    // The earlier order keeps 10 %; nothing was rewritten.
    expect(await commissionOf(before.orderIds[0] as number)).toMatchObject({ rateBp: 1000, amountKobo: 77_778 });
    // 12.5 % of 777,777 = 97,222.125 → 97,222.
    expect(await commissionOf(after.orderIds[0] as number)).toMatchObject({ rateBp: 1250, amountKobo: 97_222 });

    const set = await admin().setCommission({ id: zanna.id, commission_percent: 5.25 });
    expect(set).toEqual({ vendor_id: zanna.id, commission_percent: 5.25, effective_percent: 5.25 });
    const both = await buy([
      [kanoCap, 1],
      [zannaCap, 1],
    ]);
    const [kanoOrder, zannaOrder] = both.orderIds as [number, number];
    expect(await commissionOf(kanoOrder)).toMatchObject({ rateBp: 1250 });
    // 5.25 % of 777,777 = 40,833.29 → 40,833.
    expect(await commissionOf(zannaOrder)).toMatchObject({ rateBp: 525, amountKobo: 40_833 });
    expect(await commissionOf(before.orderIds[0] as number)).toMatchObject({ rateBp: 1000 });

    const cleared = await admin().setCommission({ id: zanna.id, commission_percent: null });
    expect(cleared).toEqual({ vendor_id: zanna.id, commission_percent: null, effective_percent: 12.5 });
    const last = await buy([[zannaCap, 1]]);
    expect(await commissionOf(last.orderIds[0] as number)).toMatchObject({ rateBp: 1250 });
    await setSettings({ commission_percent: 10 });
  });

  it('a rate of 0 % credits the whole value', async () => {
    await admin().setCommission({ id: kano.id, commission_percent: 0 });
    const { orderIds } = await buy([[kanoCap, 1]]);
    expect(await amountsOf(orderIds[0] as number)).toMatchObject({
      'sale:pending': 1_234_567,
      'commission:pending': 0,
    });
    await admin().setCommission({ id: kano.id, commission_percent: null });
  });
});

describe('escrow release', () => {
  /** A fresh shop with one cap, so its balance is only what the test does. */
  async function soloShop() {
    const em = fresh();
    const shop = await makeVendor(em);
    const cap = await makeProduct(em, shop, { priceKobo: 1_000_050, stock: 100, sizes: ['58'] });
    return { shop, cap, token: await sessionTokenFor(env.services, shop.user.id) };
  }

  it('moves pending to available only once the return window after delivery has passed', async () => {
    await setSettings({ return_window_days: 7, commission_percent: 10 });
    const { shop, cap, token } = await soloShop();
    const { orderIds } = await buy([[cap, 1]]);
    // 1,000,050 less 10 % (100,005) = 900,045.
    const net = 900_045;
    expect(await env.caller(token).vendor.balance()).toMatchObject({
      pending: net / 100,
      available: 0,
      paid_out: 0,
      currency: 'NGN',
      next_release_at: null,
    });
    // Confirmed and shipped release nothing.
    await env.caller(token).vendor.advanceOrder({ id: orderIds[0] as number, status: 'confirmed' });
    await env.caller(token).vendor.advanceOrder({ id: orderIds[0] as number, status: 'shipped' });
    expect(await fresh().count(LedgerEntrySchema, { orderId: orderIds[0], kind: 'release' })).toBe(0);
    const deliveredAt = env.clock.now();
    await env.caller(token).vendor.advanceOrder({ id: orderIds[0] as number, status: 'delivered' });
    const balance = await env.caller(token).vendor.balance();
    expect(balance).toMatchObject({ pending: net / 100, available: 0 });
    const releaseAt = new Date(balance.next_release_at ?? 0).getTime();
    expect(Math.abs(releaseAt - (deliveredAt.getTime() + 7 * DAY))).toBeLessThan(5_000);

    // A settings change after delivery does not move the release already scheduled.
    await setSettings({ return_window_days: 0 });
    expect(await env.caller(token).vendor.balance()).toMatchObject({ pending: net / 100, available: 0 });
    env.clock.advanceDays(6.9);
    expect(await env.caller(token).vendor.balance()).toMatchObject({ pending: net / 100, available: 0 });
    env.clock.advanceDays(0.2);
    expect(await env.caller(token).vendor.balance()).toEqual({
      pending: 0,
      available: net / 100,
      paid_out: 0,
      currency: 'NGN',
      next_release_at: null,
      payouts_paused_until: null,
    });
    expect(await balanceOf(fresh(), shop.id, env.clock.now())).toEqual({
      pendingKobo: 0,
      availableKobo: net,
      paidOutKobo: 0,
    });
  });

  it('a window of 0 days makes the credit available at delivery', async () => {
    await setSettings({ return_window_days: 0 });
    const { cap, token } = await soloShop();
    const { orderIds } = await buy([[cap, 2]]);
    await deliver(token, orderIds[0] as number);
    // 2,000,100 less 200,010.
    expect(await env.caller(token).vendor.balance()).toMatchObject({ pending: 0, available: 18_000.9 });
    await setSettings({ return_window_days: 7 });
  });
});

describe('a shop sees only its own money', () => {
  it('balance and ledger are the caller’s shop; no input names another shop', async () => {
    const kanoLedger = await env.caller(kanoToken).vendor.ledger({ per_page: 500 });
    const zannaLedger = await env.caller(zannaToken).vendor.ledger({ per_page: 500 });
    const ordersOf = async (vendorId: number) =>
      new Set((await fresh().find(OrderSchema, { vendor: vendorId }, { fields: ['id'] })).map((o) => o.id));
    const kanoOrders = await ordersOf(kano.id);
    const zannaOrders = await ordersOf(zanna.id);
    expect(kanoLedger.data.length).toBeGreaterThan(0);
    expect(zannaLedger.data.length).toBeGreaterThan(0);
    expect(kanoLedger.data.every((e) => kanoOrders.has(e.order_id ?? -1))).toBe(true);
    expect(zannaLedger.data.every((e) => zannaOrders.has(e.order_id ?? -1))).toBe(true);
    // Never the platform's own entries.
    expect(kanoLedger.data.some((e) => e.bucket === 'platform')).toBe(false);
    expect(kanoLedger.total).toBe(await fresh().count(LedgerEntrySchema, { vendor: kano.id }));
    // Newest first.
    const ids = kanoLedger.data.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));

    const kanoBalance = await env.caller(kanoToken).vendor.balance();
    const kanoKobo = await balanceOf(fresh(), kano.id, env.clock.now());
    expect(kanoBalance.pending).toBe(kanoKobo.pendingKobo / 100);
    expect(kanoBalance.pending).not.toBe((await env.caller(zannaToken).vendor.balance()).pending);

    // The attack: Kano asks for Zanna's ledger by naming it.
    const refused = await failureOf(
      env.caller(kanoToken).vendor.ledger({ vendor_id: zanna.id } as unknown as { page: number }),
    );
    expect(refused.code).toBe('BAD_REQUEST');
  });

  it('pages the ledger', async () => {
    const page2 = await env.caller(kanoToken).vendor.ledger({ page: 2, per_page: 3 });
    const page1 = await env.caller(kanoToken).vendor.ledger({ page: 1, per_page: 3 });
    expect(page2.per_page).toBe(3);
    expect(page2.current_page).toBe(2);
    expect(page2.last_page).toBe(Math.ceil(page1.total / 3));
    expect(page2.data[0]?.id).toBeLessThan(page1.data[2]?.id ?? 0);
  });

  it('customers, vendors and admins: only a vendor has a balance', async () => {
    const { token } = await b.customer();
    expect((await failureOf(env.caller(token).vendor.balance())).code).toBe('FORBIDDEN');
    expect((await failureOf(env.caller(adminToken).vendor.ledger({}))).code).toBe('FORBIDDEN');
    expect((await failureOf(env.caller().vendor.balance())).code).toBe('UNAUTHORIZED');
  });
});

describe('admin finance calls', () => {
  const calls = (token?: string) => {
    const c = env.caller(token).admin.finance;
    return [
      () => c.settings(),
      () => c.updateSettings({ commission_percent: 30 }),
      () => c.setCommission({ id: kano.id, commission_percent: 30 }),
      () => c.adjust({ id: kano.id, amount: 1_000, reason: 'Stolen money' }),
      () => c.summary(),
    ];
  };

  it('refuses customers and vendors (403) and anyone without a token (401), changing nothing', async () => {
    const { token } = await b.customer();
    const audits = await fresh().count(AuditLogSchema, {});
    const entries = await fresh().count(LedgerEntrySchema, {});
    for (const [who, expected] of [
      [token, 'FORBIDDEN'],
      [kanoToken, 'FORBIDDEN'],
      [undefined, 'UNAUTHORIZED'],
    ] as const) {
      for (const call of calls(who)) expect((await failureOf(call())).code).toBe(expected);
    }
    expect(await fresh().count(AuditLogSchema, {})).toBe(audits);
    expect(await fresh().count(LedgerEntrySchema, {})).toBe(entries);
    expect((await admin().settings()).commission_percent).toBe(10);
    expect((await fresh().findOneOrFail(VendorSchema, { id: kano.id })).commissionBp).toBeNull();
  });

  it('refuses bad settings with the finance messages', async () => {
    const before = await admin().settings();
    const cases: [Record<string, unknown>, string][] = [
      [{ commission_percent: 50.01 }, FINANCE_TEXT.commissionRange],
      [{ commission_percent: -1 }, FINANCE_TEXT.commissionRange],
      [{ commission_percent: 10.125 }, FINANCE_TEXT.commissionDecimals],
      [{ commission_percent: 'ten' }, FINANCE_TEXT.commissionNumber],
      [{ payout_minimum: -1 }, FINANCE_TEXT.payoutMinimumRange],
      [{ return_window_days: 31 }, FINANCE_TEXT.returnWindowRange],
      [{ return_window_days: 1.5 }, FINANCE_TEXT.returnWindowRange],
      [{ return_window_days: -1 }, FINANCE_TEXT.returnWindowRange],
      [{}, FINANCE_TEXT.nothingToChange],
    ];
    for (const [input, message] of cases) {
      const failure = await failureOf(admin().updateSettings(input as { commission_percent: number }));
      // Over tRPC a schema failure is BAD_REQUEST with the field messages (REST answers 422 with the message).
      expect(failure.code, JSON.stringify(input)).toBe('BAD_REQUEST');
      expect(messagesOf(failure), JSON.stringify(input)).toContain(message);
    }
    const commission = await failureOf(admin().setCommission({ id: kano.id, commission_percent: 51 }));
    expect(messagesOf(commission)).toContain(FINANCE_TEXT.commissionRange);
    const unknown = await failureOf(admin().setCommission({ id: 999_999, commission_percent: 5 }));
    expect(unknown.code).toBe('NOT_FOUND');
    expect(await admin().settings()).toEqual(before);
  });

  it('saves settings, audited with the values before and after; saving the same values writes nothing', async () => {
    const audits = () => fresh().find(AuditLogSchema, { action: 'settings.update' }, { orderBy: { id: 'desc' } });
    const count = (await audits()).length;
    const saved = await admin().updateSettings({ payout_minimum: 7_500.5, return_window_days: 3 });
    expect(saved).toMatchObject({ commission_percent: 10, payout_minimum: 7_500.5, return_window_days: 3 });
    expect(saved.updated_at).not.toBeNull();
    expect(await admin().settings()).toEqual(saved);
    const [latest] = await audits();
    expect(latest?.details).toEqual({
      from: { commission_percent: 10, payout_minimum: 5_000, return_window_days: 7 },
      to: { commission_percent: 10, payout_minimum: 7_500.5, return_window_days: 3 },
    });
    await admin().updateSettings({ return_window_days: 3 });
    expect(await audits()).toHaveLength(count + 1);
    const log = await env.caller(adminToken).admin.auditLog({});
    expect(log.data.some((e) => e.action === 'settings.update' && e.target_type === 'settings')).toBe(true);
    expect(log.data.some((e) => e.action === 'vendor.commission' && e.target_id === zanna.id)).toBe(true);
    await admin().updateSettings({ payout_minimum: 5_000, return_window_days: 7 });
  });

  it('two saves at once both apply, one after the other', async () => {
    await Promise.all([
      admin().updateSettings({ commission_percent: 11 }),
      admin().updateSettings({ return_window_days: 9 }),
    ]);
    expect(await admin().settings()).toMatchObject({ commission_percent: 11, return_window_days: 9 });
    await admin().updateSettings({ commission_percent: 10, return_window_days: 7 });
  });
});

describe('adjustments', () => {
  it('credits or debits the available balance with a reason, borne by the platform, audited', async () => {
    const em = fresh();
    const shop = await makeVendor(em);
    const token = await sessionTokenFor(env.services, shop.user.id);
    const credit = await admin().adjust({ id: shop.id, amount: 2_500.75, reason: 'Courier refund owed to shop' });
    expect(credit.entry).toMatchObject({ kind: 'adjustment', bucket: 'available', amount: 2_500.75 });
    expect(credit.entry.reason).toBe('Courier refund owed to shop');
    expect(credit.balance).toMatchObject({ available: 2_500.75, pending: 0 });
    const entries = await fresh().find(LedgerEntrySchema, {
      kind: 'adjustment',
      reason: 'Courier refund owed to shop',
    });
    expect(entries.map((e) => e.amountKobo).sort((x, y) => x - y)).toEqual([-250_075, 250_075]);
    expect(entries.find((e) => e.amountKobo < 0)?.bucket).toBe('platform');
    expect(entries.every((e) => e.actor !== null)).toBe(true);

    const audits = await fresh().count(AuditLogSchema, {});
    const tooMuch = await failureOf(admin().adjust({ id: shop.id, amount: -2_500.76, reason: 'Chargeback' }));
    expect(tooMuch.code).toBe('UNPROCESSABLE_CONTENT');
    expect(tooMuch.message).toContain('₦2,500.75');
    expect(await fresh().count(AuditLogSchema, {})).toBe(audits);

    const debit = await admin().adjust({ id: shop.id, amount: -2_500.75, reason: 'Chargeback' });
    expect(debit.balance.available).toBe(0);
    expect((await env.caller(token).vendor.balance()).available).toBe(0);
    const log = await env.caller(adminToken).admin.auditLog({});
    expect(log.data.filter((e) => e.action === 'vendor.adjustment' && e.target_id === shop.id)).toHaveLength(2);
  });

  it('refuses an adjustment without a reason, of zero, or for an unknown shop, writing nothing', async () => {
    const entries = await fresh().count(LedgerEntrySchema, {});
    const noReason = await failureOf(
      admin().adjust({ id: kano.id, amount: 100 } as { id: number; amount: number; reason: string }),
    );
    expect(messagesOf(noReason)).toContain(FINANCE_TEXT.reasonRequired);
    const blank = await failureOf(admin().adjust({ id: kano.id, amount: 100, reason: '   ' }));
    expect(messagesOf(blank)).toContain(FINANCE_TEXT.reasonRequired);
    const zero = await failureOf(admin().adjust({ id: kano.id, amount: 0, reason: 'Nothing at all' }));
    expect(zero.code).toBe('BAD_REQUEST');
    expect(messagesOf(zero)).toContain(FINANCE_TEXT.amountNonZero);
    const unknown = await failureOf(admin().adjust({ id: 999_999, amount: 100, reason: 'No such shop' }));
    expect(unknown.code).toBe('NOT_FOUND');
    expect(await fresh().count(LedgerEntrySchema, {})).toBe(entries);
  });
});

describe('finance summary', () => {
  it('adds up what was collected and what is owed, as of now', async () => {
    const summary = await admin().summary();
    const em = fresh();
    const payments = await em.find(PaymentSchema, { status: 'success' });
    const collectedKobo = payments.reduce((t, p) => t + p.amountKobo, 0);
    expect(summary.all_time.collected).toBe(collectedKobo / 100);
    const checkouts = await em.find(CheckoutSchema, { paymentStatus: 'paid' });
    expect(summary.all_time.shipping_collected).toBe((checkouts.length * 200_000) / 100);
    const platform = await em.find(LedgerEntrySchema, { kind: 'commission', bucket: 'platform' });
    expect(summary.all_time.commission_earned).toBe(platform.reduce((t, e) => t + e.amountKobo, 0) / 100);
    // 123,456 + 77,777 kobo of SAVE10.
    expect(summary.all_time.platform_coupons).toBe(2_012.33);
    const vendors = await em.find(VendorSchema, {});
    let pending = 0;
    let available = 0;
    for (const v of vendors) {
      const balance = await balanceOf(em, v.id, env.clock.now());
      pending += balance.pendingKobo;
      available += balance.availableKobo;
    }
    expect(summary.owed_pending).toBe(pending / 100);
    expect(summary.owed_available).toBe(available / 100);
    expect(summary.payouts_in_flight).toBe(0);
    expect(summary.settings).toEqual(await admin().settings());
    // Everything so far happened this month or last (the clock moved a week); two months on, neither.
    expect(summary.this_month.collected + summary.last_month.collected).toBeCloseTo(summary.all_time.collected, 2);
    env.clock.advanceDays(65);
    const later = await admin().summary();
    expect(later.this_month.collected).toBe(0);
    expect(later.last_month.collected).toBe(0);
    expect(later.all_time).toEqual(summary.all_time);
  });
});
