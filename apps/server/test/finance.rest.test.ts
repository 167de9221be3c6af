import { SANDBOX_SUCCESS_CARD, signBody } from '@caps/api';
import {
  AuditLogSchema,
  type Em,
  LedgerEntrySchema,
  makeProduct,
  makeUser,
  makeVendor,
  OrderSchema,
  PaymentSchema,
  type Product,
  sessionTokenFor,
  type Vendor,
  VendorSchema,
} from '@caps/api/testing';
import { FINANCE_TEXT, formatNaira } from '@caps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRestTestEnv, type RestTestEnv } from './harness.js';

let env: RestTestEnv;
let adminToken: string;
let customerToken: string;
let kano: Vendor;
let zanna: Vendor;
let kanoToken: string;
let zannaToken: string;
let kanoCap: Product;
let zannaCap: Product;

const fresh = () => env.services.orm.em.fork() as Em;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  env.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  env = await createRestTestEnv();
  const em = fresh();
  const admin = await makeUser(em, { role: 'admin' });
  adminToken = await sessionTokenFor(env.services, admin.id);
  const customer = await makeUser(em, { role: 'customer' });
  customerToken = await sessionTokenFor(env.services, customer.id);
  kano = await makeVendor(em, { shopName: 'Kano Caps' });
  zanna = await makeVendor(em, { shopName: 'Zanna Heritage' });
  kanoToken = await sessionTokenFor(env.services, kano.user.id);
  zannaToken = await sessionTokenFor(env.services, zanna.user.id);
  kanoCap = await makeProduct(em, kano, { priceKobo: 1_500_000, stock: 100, sizes: ['58'] });
  zannaCap = await makeProduct(em, zanna, { priceKobo: 900_000, stock: 100, sizes: ['58'] });
});
afterAll(async () => env?.close());

/** A fresh customer places one checkout of these caps over REST and starts its payment. */
async function checkout(caps: Product[]) {
  const user = await makeUser(fresh(), { role: 'customer' });
  const token = await sessionTokenFor(env.services, user.id);
  const order = await call('POST', '/orders', token, {
    shipping_address: '7 Damboa Road, Maiduguri, Borno 600001',
    items: caps.map((cap) => ({ product_id: cap.id, quantity: 1, size: '58' })),
  });
  expect(order.statusCode).toBe(201);
  const payment = await call('POST', '/payment/initiate', token, { order_id: order.json().id });
  expect(payment.statusCode).toBe(200);
  return { token, orderIds: order.json().order_ids as number[], reference: payment.json().reference as string };
}

function sandbox() {
  const s = env.services.sandbox;
  if (!s) throw new Error('the tests run on the sandbox');
  return s;
}

const webhook = async (reference: string) => {
  const body = await sandbox().webhookBody(reference);
  return env.app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signBody(sandbox().secretKey, body) },
    payload: body,
  });
};

const entriesOf = (orderIds: number[]) => fresh().find(LedgerEntrySchema, { orderId: { $in: orderIds } });

describe('a sale over REST', () => {
  it('writes the entries once, whatever the number of webhooks and verifies, adding up to what was paid', async () => {
    const { token, orderIds, reference } = await checkout([kanoCap, zannaCap]);
    await sandbox().pay(reference, SANDBOX_SUCCESS_CARD);
    const hooks = await Promise.all(Array.from({ length: 5 }, () => webhook(reference)));
    expect(hooks.every((h) => h.statusCode === 200)).toBe(true);
    const first = await entriesOf(orderIds);
    // Kano: sale, commission ×2, shipping; Zanna: sale, commission ×2.
    expect(first).toHaveLength(7);
    expect((await call('GET', `/payment/verify?reference=${reference}`, token)).json().success).toBe(true);
    await webhook(reference);
    const again = await entriesOf(orderIds);
    expect(again.map((e) => e.id).sort()).toEqual(first.map((e) => e.id).sort());
    const paid = await fresh().findOneOrFail(PaymentSchema, { reference });
    expect(again.reduce((t, e) => t + e.amountKobo, 0)).toBe(paid.amountKobo);
    expect(paid.amountKobo).toBe(1_500_000 + 900_000 + 200_000);
  });

  it('moves the credit to available after delivery and the return window', async () => {
    const { token, orderIds, reference } = await checkout([kanoCap]);
    await sandbox().pay(reference, SANDBOX_SUCCESS_CARD);
    await call('GET', `/payment/verify?reference=${reference}`, token);
    const before = (await call('GET', '/vendor/balance', kanoToken)).json();
    for (const status of ['confirmed', 'shipped', 'delivered']) {
      const step = await call('PUT', `/vendor/orders/${orderIds[0]}/status`, kanoToken, { status });
      expect(step.statusCode).toBe(200);
    }
    const delivered = await call('GET', '/vendor/balance', kanoToken);
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toMatchObject({ pending: before.pending, available: before.available });
    expect(delivered.json().next_release_at).not.toBeNull();
    env.clock.advanceDays(7);
    env.clock.advance(60_000);
    const released = (await call('GET', '/vendor/balance', kanoToken)).json();
    // 15,000 less 10 % commission moved from pending to available.
    expect(released.available).toBe(before.available + 13_500);
    expect(released.pending).toBe(before.pending - 13_500);
    const ledger = (await call('GET', '/vendor/ledger?per_page=2', kanoToken)).json();
    expect(ledger.data.map((e: { kind: string; bucket: string }) => `${e.kind}:${e.bucket}`).sort()).toEqual([
      'release:available',
      'release:pending',
    ]);
    expect(ledger.per_page).toBe(2);
  });
});

describe('a shop reads only its own money', () => {
  it('refuses vendor_id and any unknown parameter; ledger and balance are the caller’s shop', async () => {
    const refused = await call('GET', `/vendor/ledger?vendor_id=${zanna.id}`, kanoToken);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toEqual(expect.any(String));
    const otherName = await call('GET', `/vendor/ledger?page=1&vendor=${zanna.id}`, kanoToken);
    expect(otherName.statusCode).toBe(422);

    const kanoLedger = (await call('GET', '/vendor/ledger?per_page=500', kanoToken)).json();
    const zannaLedger = (await call('GET', '/vendor/ledger?per_page=500', zannaToken)).json();
    const orderIdsOf = async (vendor: Vendor) =>
      new Set((await fresh().find(OrderSchema, { vendor: vendor.id })).map((o) => o.id));
    const kanoOrders = await orderIdsOf(kano);
    const zannaOrders = await orderIdsOf(zanna);
    expect(kanoLedger.total).toBe(await fresh().count(LedgerEntrySchema, { vendor: kano.id }));
    expect(kanoLedger.data.every((e: { order_id: number }) => kanoOrders.has(e.order_id))).toBe(true);
    expect(zannaLedger.data.length).toBeGreaterThan(0);
    expect(zannaLedger.data.every((e: { order_id: number }) => zannaOrders.has(e.order_id))).toBe(true);
    const zannaBalance = (await call('GET', '/vendor/balance', zannaToken)).json();
    expect(zannaBalance.pending).toBe(8_100);
    expect((await call('GET', '/vendor/balance', kanoToken)).json().pending).not.toBe(zannaBalance.pending);
  });

  it('is for vendors only', async () => {
    expect((await call('GET', '/vendor/balance')).statusCode).toBe(401);
    expect((await call('GET', '/vendor/ledger', customerToken)).statusCode).toBe(403);
    expect((await call('GET', '/vendor/balance', adminToken)).statusCode).toBe(403);
  });
});

describe('admin finance', () => {
  const adminCalls = (): [Method, string, object?][] => [
    ['GET', '/admin/settings'],
    ['PUT', '/admin/settings', { commission_percent: 40 }],
    ['PUT', `/admin/vendors/${kano.id}/commission`, { commission_percent: 40 }],
    ['POST', `/admin/vendors/${kano.id}/adjustments`, { amount: 50_000, reason: 'Give me money' }],
    ['GET', '/admin/finance'],
  ];

  it('refuses customers and vendors (403) and anyone without a token (401), changing nothing', async () => {
    const audits = await fresh().count(AuditLogSchema, {});
    const entries = await fresh().count(LedgerEntrySchema, {});
    for (const [method, url, body] of adminCalls()) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, customerToken, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, kanoToken, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await fresh().count(AuditLogSchema, {})).toBe(audits);
    expect(await fresh().count(LedgerEntrySchema, {})).toBe(entries);
    expect((await fresh().findOneOrFail(VendorSchema, { id: kano.id })).commissionBp).toBeNull();
  });

  it('answers 422 with the finance messages to bad input, changing nothing', async () => {
    const before = (await call('GET', '/admin/settings', adminToken)).json();
    const cases: [Method, string, object, string][] = [
      ['PUT', '/admin/settings', { commission_percent: 51 }, FINANCE_TEXT.commissionRange],
      ['PUT', '/admin/settings', { commission_percent: -0.5 }, FINANCE_TEXT.commissionRange],
      ['PUT', '/admin/settings', { commission_percent: 12.345 }, FINANCE_TEXT.commissionDecimals],
      ['PUT', '/admin/settings', { payout_minimum: -1 }, FINANCE_TEXT.payoutMinimumRange],
      ['PUT', '/admin/settings', { return_window_days: 31 }, FINANCE_TEXT.returnWindowRange],
      ['PUT', '/admin/settings', { return_window_days: 1.5 }, FINANCE_TEXT.returnWindowRange],
      ['PUT', '/admin/settings', {}, FINANCE_TEXT.nothingToChange],
      ['PUT', `/admin/vendors/${kano.id}/commission`, { commission_percent: 50.5 }, FINANCE_TEXT.commissionRange],
      ['PUT', `/admin/vendors/${kano.id}/commission`, { commission_percent: 7.125 }, FINANCE_TEXT.commissionDecimals],
      ['POST', `/admin/vendors/${kano.id}/adjustments`, { amount: 100 }, FINANCE_TEXT.reasonRequired],
      ['POST', `/admin/vendors/${kano.id}/adjustments`, { amount: 100, reason: '' }, FINANCE_TEXT.reasonRequired],
      ['POST', `/admin/vendors/${kano.id}/adjustments`, { amount: 0, reason: 'Zero' }, FINANCE_TEXT.amountNonZero],
      ['POST', `/admin/vendors/${kano.id}/adjustments`, { amount: 1.005, reason: 'Kobo' }, FINANCE_TEXT.amountDecimals],
    ];
    const audits = await fresh().count(AuditLogSchema, {});
    const entries = await fresh().count(LedgerEntrySchema, {});
    for (const [method, url, body, message] of cases) {
      const res = await call(method, url, adminToken, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(422);
      expect(res.json().message, `${url} ${JSON.stringify(body)}`).toBe(message);
    }
    const unknown = await call('PUT', '/admin/vendors/999999/commission', adminToken, { commission_percent: 5 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Vendor not found');
    const unknownAdjust = await call('POST', '/admin/vendors/999999/adjustments', adminToken, {
      amount: 5,
      reason: 'Nobody',
    });
    expect(unknownAdjust.statusCode).toBe(404);
    expect((await call('GET', '/admin/settings', adminToken)).json()).toEqual(before);
    expect(await fresh().count(AuditLogSchema, {})).toBe(audits);
    expect(await fresh().count(LedgerEntrySchema, {})).toBe(entries);
  });

  it('changes settings, a shop’s commission and its balance, each in the audit log', async () => {
    const settings = await call('PUT', '/admin/settings', adminToken, { commission_percent: 12.5, payout_minimum: 0 });
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toMatchObject({ commission_percent: 12.5, payout_minimum: 0, return_window_days: 7 });
    const commission = await call('PUT', `/admin/vendors/${zanna.id}/commission`, adminToken, {
      commission_percent: '8.75',
    });
    expect(commission.statusCode).toBe(200);
    expect(commission.json()).toEqual({ vendor_id: zanna.id, commission_percent: 8.75, effective_percent: 8.75 });

    const available = (await call('GET', '/vendor/balance', kanoToken)).json().available;
    const tooMuch = await call('POST', `/admin/vendors/${kano.id}/adjustments`, adminToken, {
      amount: -(available + 0.01),
      reason: 'Chargeback from the bank',
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toContain(formatNaira(available));
    const adjusted = await call('POST', `/admin/vendors/${kano.id}/adjustments`, adminToken, {
      amount: -500,
      reason: 'Chargeback from the bank',
    });
    expect(adjusted.statusCode).toBe(201);
    expect(adjusted.json().entry).toMatchObject({ kind: 'adjustment', bucket: 'available', amount: -500 });
    expect(adjusted.json().balance.available).toBe(available - 500);

    const log = (await call('GET', '/admin/audit-log', adminToken)).json();
    const actions = log.data.map((e: { action: string; target_type: string; target_id: number }) => [
      e.action,
      e.target_type,
      e.target_id,
    ]);
    expect(actions).toContainEqual(['settings.update', 'settings', 1]);
    expect(actions).toContainEqual(['vendor.commission', 'vendor', zanna.id]);
    expect(actions).toContainEqual(['vendor.adjustment', 'vendor', kano.id]);
    const settingsEntry = log.data.find((e: { action: string }) => e.action === 'settings.update');
    expect(settingsEntry.details).toEqual({
      from: { commission_percent: 10, payout_minimum: 5_000, return_window_days: 7 },
      to: { commission_percent: 12.5, payout_minimum: 0, return_window_days: 7 },
    });
  });

  it('sums the platform’s money', async () => {
    const res = await call('GET', '/admin/finance', adminToken);
    expect(res.statusCode).toBe(200);
    const summary = res.json();
    const payments = await fresh().find(PaymentSchema, { status: 'success' });
    expect(summary.all_time.collected).toBe(payments.reduce((t, p) => t + p.amountKobo, 0) / 100);
    // Two checkouts: ₦2,000 shipping each; 10 % of ₦15,000 + ₦9,000 + ₦15,000.
    expect(summary.all_time.shipping_collected).toBe(4_000);
    expect(summary.all_time.commission_earned).toBe(3_900);
    expect(summary.settings).toMatchObject({ commission_percent: 12.5 });
    const kanoBalance = (await call('GET', '/vendor/balance', kanoToken)).json();
    const zannaBalance = (await call('GET', '/vendor/balance', zannaToken)).json();
    expect(summary.owed_pending).toBe(kanoBalance.pending + zannaBalance.pending);
    expect(summary.owed_available).toBe(kanoBalance.available + zannaBalance.available);
  });
});
