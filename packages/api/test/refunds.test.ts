import { formatKobo } from '@caps/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DomainError } from '../src/errors.js';
import { AuditLogSchema } from '../src/modules/auth/auth.entities.js';
import { type Product, ProductSchema } from '../src/modules/catalogue/catalogue.entities.js';
import { CouponSchema } from '../src/modules/coupons/coupons.entities.js';
import { LedgerEntrySchema, type Refund, RefundSchema } from '../src/modules/finance/finance.entities.js';
import { balanceOf } from '../src/modules/finance/ledger.js';
import { runPayouts } from '../src/modules/finance/payouts.service.js';
import { refundDuePayments, sendPendingRefunds } from '../src/modules/finance/refunds.service.js';
import { CheckoutSchema, OrderSchema, OrderStatusChangeSchema } from '../src/modules/orders/orders.entities.js';
import { PaymentSchema } from '../src/modules/payment/payment.entities.js';
import { DUPLICATE_PAYMENT_MESSAGE, handleWebhook } from '../src/modules/payment/payment.service.js';
import { signBody } from '../src/modules/payment/provider.js';
import { type PaystackSandbox, SANDBOX_SUCCESS_CARD, sandboxAccountName } from '../src/modules/payment/sandbox.js';
import { type Vendor, VendorSchema } from '../src/modules/vendors/vendors.entities.js';
import { buying } from './buying.js';
import { makeProduct, makeUser, makeVendor } from './fixtures.js';
import { createTestEnv, failureOf, sessionTokenFor, type TestEnv } from './harness.js';

/**
 * Refunds (docs/returns.md): counters claimed by conditional updates, their ledger entries, Paystack's
 * refund calls and webhooks applied once, the jobs for refunds left unsent and refund_due payments, and the
 * admin's goodwill refund. Runs on SQLite and PostgreSQL.
 */

let env: TestEnv;
let sandbox: PaystackSandbox;
const b = buying(() => env);
const fresh = () => env.services.orm.em.fork();

let adminToken: string;
let kano: Vendor;
let kanoToken: string;
let kanoCap: Product;
let zanna: Vendor;
let zannaCap: Product;

/** Webhook deliveries the sandbox started (as Paystack posts them, on its own time). */
let deliveries: Promise<unknown>[] = [];
const deliver = (body: string, signature: string | undefined) =>
  handleWebhook({ em: fresh(), services: env.services }, body, signature);

/** Lets the sandbox settle its refunds and waits for the webhooks it sent. */
async function settle() {
  for (let i = 0; i < 6; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    await sandbox.idle();
    const pending = deliveries;
    deliveries = [];
    await Promise.all(pending);
  }
}

beforeAll(async () => {
  env = await createTestEnv();
  if (!env.services.sandbox) throw new Error('the refund tests need the sandbox');
  sandbox = env.services.sandbox;
  sandbox.onWebhook = (body, signature) => {
    deliveries.push(deliver(body, signature));
  };
  const em = fresh();
  const admin = await makeUser(em, { role: 'admin' });
  adminToken = await sessionTokenFor(env.services, admin.id);
  kano = await makeVendor(em, { shopName: 'Kano Caps' });
  kanoToken = await sessionTokenFor(env.services, kano.user.id);
  zanna = await makeVendor(em, { shopName: 'Zanna Heritage' });
  // Odd kobo, so every rounding of discounts, commission and refund shares shows.
  kanoCap = await makeProduct(em, kano, { priceKobo: 1_234_567, stock: 10_000, sizes: ['58'] });
  zannaCap = await makeProduct(em, zanna, { priceKobo: 777_777, stock: 10_000, sizes: ['58'] });
  em.create(CouponSchema, { vendor: kano, code: 'KANO15', discountPercent: 15, usedCount: 0 });
  em.create(CouponSchema, { vendor: null, code: 'SAVE10', discountPercent: 10, usedCount: 0 });
  await em.flush();
});
afterEach(async () => {
  vi.restoreAllMocks();
  sandbox.holdRefunds = false;
  await settle();
});
afterAll(async () => env?.close());

/** A customer buys these caps in one checkout and pays; answers the order ids, checkout and payment reference. */
async function buy(lines: [Product, number][], coupon?: string) {
  const { token } = await b.customer();
  const placed = await b.place(
    token,
    lines.map(([product, quantity]) => ({ product_id: product.id, quantity, size: '58' })),
    coupon,
  );
  const payment = await b.initiate(token, placed.id);
  await sandbox.pay(payment.reference, SANDBOX_SUCCESS_CARD);
  expect((await env.caller(token).payment.verify({ reference: payment.reference })).success).toBe(true);
  return { orderIds: placed.order_ids, checkoutId: placed.checkout_id, reference: payment.reference, token };
}

const admin = () => env.caller(adminToken).admin.refunds;
const goodwill = (orderId: number, kobo: number, reason = 'Sorry for the trouble') =>
  admin().goodwill({ id: orderId, amount: kobo / 100, reason });

const orderRow = (id: number) => fresh().findOneOrFail(OrderSchema, { id }, { disableIdentityMap: true });
const checkoutRow = (id: number) => fresh().findOneOrFail(CheckoutSchema, { id }, { disableIdentityMap: true });
const refundRow = (id: number) => fresh().findOneOrFail(RefundSchema, { id }, { disableIdentityMap: true });
const refundsOf = (orderId: number) =>
  fresh().find(RefundSchema, { order: orderId }, { orderBy: { id: 'asc' }, disableIdentityMap: true });
const entriesOfRefund = (id: number) =>
  fresh().find(LedgerEntrySchema, { key: { $like: `refund:${id}:%` } }, { orderBy: { id: 'asc' } });
const sum = (values: number[]) => values.reduce((total, v) => total + v, 0);
const paidItems = (o: { subtotalKobo: number; discountKobo: number }) => o.subtotalKobo - o.discountKobo;

/** The order's entries by bucket (shop pending/available, platform): Σ of amounts. */
async function orderSums(orderId: number) {
  const entries = await fresh().find(LedgerEntrySchema, { orderId }, { populate: ['vendor'] });
  const of = (bucket: string) => sum(entries.filter((e) => e.bucket === bucket).map((e) => e.amountKobo));
  return {
    pending: of('pending'),
    available: of('available'),
    platform: of('platform'),
    all: of('pending') + of('available') + of('platform'),
  };
}

async function advance(token: string, orderId: number, ...statuses: ('confirmed' | 'shipped' | 'delivered')[]) {
  for (const status of statuses) await env.caller(token).vendor.advanceOrder({ id: orderId, status });
}

describe('refund amounts and their ledger entries', () => {
  for (const [label, coupon] of [
    ['no coupon', undefined],
    ["the shop's coupon", 'KANO15'],
    ["the platform's coupon", 'SAVE10'],
  ] as const) {
    it(`partial refunds write entries summing to −amount exactly, and a whole refund leaves 0 (${label})`, async () => {
      const { orderIds, checkoutId, reference } = await buy([[kanoCap, 3]], coupon);
      const orderId = orderIds[0] as number;
      const order = await orderRow(orderId);
      const items = paidItems(order);
      const shipping = (await checkoutRow(checkoutId)).shippingKobo;
      expect(shipping).toBeGreaterThan(0);
      const before = await orderSums(orderId);
      expect(before.all).toBe(items + shipping);

      // Odd amounts; the last one takes what is left, items first then shipping.
      const parts = [100_001, 333_333, items - 433_334 + 1_000, shipping - 1_000];
      const refunds = [];
      for (const part of parts) refunds.push(await goodwill(orderId, part));
      await settle();
      for (const [i, dto] of refunds.entries()) {
        const entries = await entriesOfRefund(dto.id);
        expect(sum(entries.map((e) => e.amountKobo))).toBe(-(parts[i] as number));
        expect(Math.round((dto.amount ?? 0) * 100)).toBe(parts[i]);
        expect((await refundRow(dto.id)).status).toBe('processed');
      }
      // Items first: the third refund took the last item kobo and 1,000 kobo of shipping.
      expect(refunds[2]).toMatchObject({ items_amount: (items - 433_334) / 100, shipping_amount: 10 });
      const after = await orderSums(orderId);
      expect(after).toEqual({ pending: 0, available: 0, platform: 0, all: 0 });
      expect((await orderRow(orderId)).refundedKobo).toBe(items);
      expect((await checkoutRow(checkoutId)).shippingRefundedKobo).toBe(shipping);
      // Paystack was asked for exactly these amounts.
      const atPaystack = await env.services.payments.listRefunds(reference, new Date(0));
      expect(atPaystack.map((r) => r.amount).sort((x, y) => x - y)).toEqual([...parts].sort((x, y) => x - y));
      if (coupon === 'SAVE10') {
        const couponBack = (await entriesOfRefund(refunds[0]?.id ?? 0)).find((e) =>
          e.key.endsWith('platform_coupon:platform'),
        );
        expect(couponBack?.amountKobo).toBeGreaterThan(0);
      }
      // Nothing is left: one more kobo is refused with what is left.
      const failure = await failureOf(goodwill(orderId, 1));
      expect(failure.code).toBe('UNPROCESSABLE_CONTENT');
      expect(failure.message).toContain(`more than what is left of the order (${formatKobo(0)})`);
    });
  }

  it('a refund larger than what is left is 422 with the amount left, and writes nothing', async () => {
    const { orderIds, checkoutId } = await buy([[kanoCap, 1]]);
    const orderId = orderIds[0] as number;
    const order = await orderRow(orderId);
    const left = paidItems(order) + (await checkoutRow(checkoutId)).shippingKobo;
    const entriesBefore = await fresh().count(LedgerEntrySchema, {});
    const audits = await fresh().count(AuditLogSchema, { action: 'goodwill_refund' });
    const failure = await failureOf(goodwill(orderId, left + 1));
    expect(failure.code).toBe('UNPROCESSABLE_CONTENT');
    expect(failure.message).toBe(`This refund is more than what is left of the order (${formatKobo(left)}).`);
    expect(failure.fields.amount).toEqual([failure.message]);
    expect(await refundsOf(orderId)).toEqual([]);
    expect(await fresh().count(LedgerEntrySchema, {})).toBe(entriesBefore);
    expect(await fresh().count(AuditLogSchema, { action: 'goodwill_refund' })).toBe(audits);
    expect((await orderRow(orderId)).refundedKobo).toBe(0);
    expect((await checkoutRow(checkoutId)).shippingRefundedKobo).toBe(0);
    // Bad input: 422 before anything.
    expect((await failureOf(admin().goodwill({ id: orderId, amount: 0, reason: 'nothing' }))).code).toBe('BAD_REQUEST');
    expect((await failureOf(admin().goodwill({ id: orderId, amount: 1.001, reason: 'three decimals' }))).code).toBe(
      'BAD_REQUEST',
    );
    expect((await failureOf(admin().goodwill({ id: 999_999, amount: 1, reason: 'no such order' }))).code).toBe(
      'NOT_FOUND',
    );
    // An unpaid order has nothing to refund.
    const { token } = await b.customer();
    const unpaid = await b.place(token, [{ product_id: kanoCap.id, quantity: 1, size: '58' }]);
    expect((await failureOf(goodwill(unpaid.id, 100))).message).toBe('Only a paid order can be refunded.');
  });

  it('20 concurrent partial refunds of one order never exceed what was paid', async () => {
    const { orderIds, checkoutId, reference } = await buy([[kanoCap, 5]]);
    const orderId = orderIds[0] as number;
    const paid = paidItems(await orderRow(orderId)) + (await checkoutRow(checkoutId)).shippingKobo;
    const each = 400_001;
    expect(each * 20).toBeGreaterThan(paid);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => goodwill(orderId, each)));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok.length).toBeGreaterThan(0);
    expect(ok.length).toBeLessThanOrEqual(Math.floor(paid / each));
    for (const r of refused) expect(String(r.reason.message)).toContain('more than what is left of the order');
    // Paystack takes one refund per transaction and amount at a time: the job sends those it refused.
    for (let i = 0; i < 25; i++) {
      await settle();
      if ((await fresh().count(RefundSchema, { order: orderId, status: { $in: ['pending', 'processing'] } })) === 0)
        break;
      await sendPendingRefunds(env.services, { minAgeMs: 0, settleAfterMs: 0 });
    }
    const refunds = (await refundsOf(orderId)).filter((r) => r.status !== 'failed');
    expect(refunds).toHaveLength(ok.length);
    expect(refunds.every((r) => r.status === 'processed')).toBe(true);
    const total = sum(refunds.map((r) => r.amountKobo));
    expect(total).toBeLessThanOrEqual(paid);
    expect((await orderRow(orderId)).refundedKobo).toBe(sum(refunds.map((r) => r.itemsKobo)));
    expect((await checkoutRow(checkoutId)).shippingRefundedKobo).toBe(sum(refunds.map((r) => r.shippingKobo)));
    const atPaystack = await env.services.payments.listRefunds(reference, new Date(0));
    expect(sum(atPaystack.filter((r) => r.status !== 'failed').map((r) => r.amount))).toBe(total);
    expect(atPaystack.filter((r) => r.status !== 'failed')).toHaveLength(ok.length);
    // Each refund's entries sum to its amount.
    for (const r of refunds) expect(sum((await entriesOfRefund(r.id)).map((e) => e.amountKobo))).toBe(-r.amountKobo);
  });

  it('a refund before delivery is not released; one after delivery moves only what is left at release', async () => {
    const { orderIds } = await buy([[zannaCap, 2]]);
    const orderId = orderIds[0] as number;
    const zannaToken = await sessionTokenFor(env.services, zanna.user.id);
    const net = (await orderSums(orderId)).pending;
    const first = await goodwill(orderId, 100_000);
    await settle();
    const firstShop = sum(
      (await entriesOfRefund(first.id)).filter((e) => e.bucket === 'pending').map((e) => e.amountKobo),
    );
    await advance(zannaToken, orderId, 'confirmed', 'shipped', 'delivered');
    const release = await fresh().findOneOrFail(LedgerEntrySchema, { key: `order:${orderId}:release:available` });
    expect(release.amountKobo).toBe(net + firstShop);
    // Within the window: a goodwill refund writes the release adjustment.
    const second = await goodwill(orderId, 50_000);
    await settle();
    const entries = await entriesOfRefund(second.id);
    expect(entries.map((e) => e.key)).toEqual(
      expect.arrayContaining([
        `refund:${second.id}:release_adjust:pending`,
        `refund:${second.id}:release_adjust:available`,
      ]),
    );
    expect((await orderRow(orderId)).status).toBe('partially_refunded');
    // At the release: nothing of the order stays pending; available is its net less both refunds.
    const atRelease = new Date(release.effectiveAt.getTime() + 1);
    const shopNet = sum(
      (await fresh().find(LedgerEntrySchema, { orderId, vendor: zanna.id, kind: { $ne: 'release' } })).map(
        (e) => e.amountKobo,
      ),
    );
    expect(await balanceOf(fresh(), zanna.id, atRelease)).toMatchObject({ pendingKobo: 0, availableKobo: shopNet });
    expect(shopNet).toBeLessThan(net);
  });
});

describe('refund webhooks', () => {
  it('forged or unsigned refund events are 401 and change nothing; a signed body is never trusted', async () => {
    const { orderIds } = await buy([[kanoCap, 1]]);
    const orderId = orderIds[0] as number;
    sandbox.holdRefunds = true;
    const dto = await goodwill(orderId, 50_000);
    expect(dto.status).toBe('processing');
    const body = JSON.stringify({
      event: 'refund.processed',
      data: { id: dto.provider_reference, status: 'processed', transaction_reference: dto.payment_reference },
    });
    for (const signature of [
      undefined,
      '',
      'abc',
      signBody('sk_test_not_ours', body),
      signBody(sandbox.secretKey, `${body} `),
    ]) {
      await expect(deliver(body, signature)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    // Signed with our key, but Paystack says the refund is still pending: the body's "processed" counts for nothing.
    await deliver(body, signBody(sandbox.secretKey, body));
    expect((await refundRow(dto.id)).status).toBe('processing');
    const failed = JSON.stringify({ event: 'refund.failed', data: { id: dto.provider_reference } });
    await deliver(failed, signBody(sandbox.secretKey, failed));
    expect((await refundRow(dto.id)).status).toBe('processing');
    expect((await orderRow(orderId)).refundedKobo).toBe(50_000);
  });

  it('the same refund.processed delivered 10 times at once is applied once', async () => {
    const { orderIds } = await buy([[kanoCap, 2]]);
    const orderId = orderIds[0] as number;
    await advance(kanoToken, orderId, 'confirmed', 'shipped', 'delivered');
    sandbox.holdRefunds = true;
    const dto = await goodwill(orderId, 123_457);
    const events: { body: string; signature: string }[] = [];
    sandbox.onWebhook = (body, signature) => events.push({ body, signature });
    try {
      expect(await sandbox.settleRefund(dto.provider_reference ?? '', 'processed')).toBe(true);
    } finally {
      sandbox.onWebhook = (body, signature) => {
        deliveries.push(deliver(body, signature));
      };
    }
    const event = events[0];
    if (!event) throw new Error('expected a refund.processed event');
    await Promise.all(Array.from({ length: 10 }, () => deliver(event.body, event.signature)));
    const refund = await refundRow(dto.id);
    expect(refund.status).toBe('processed');
    expect(refund.processedAt).not.toBeNull();
    expect((await orderRow(orderId)).status).toBe('partially_refunded');
    const changes = await fresh().find(OrderStatusChangeSchema, { order: orderId, toStatus: 'partially_refunded' });
    expect(changes).toHaveLength(1);
    expect(changes[0]?.actor ?? null).toBeNull();
    expect(sum((await entriesOfRefund(dto.id)).map((e) => e.amountKobo))).toBe(-123_457);
  });

  it('refund.failed gives the counters and the ledger back, and the order can be refunded again', async () => {
    const { orderIds, checkoutId } = await buy([[kanoCap, 1]], 'SAVE10');
    const orderId = orderIds[0] as number;
    const order = await orderRow(orderId);
    const whole = paidItems(order) + (await checkoutRow(checkoutId)).shippingKobo;
    const before = await orderSums(orderId);
    const shopBefore = await balanceOf(fresh(), kano.id, env.clock.now());
    sandbox.holdRefunds = true;
    const dto = await goodwill(orderId, whole);
    expect((await orderRow(orderId)).refundedKobo).toBe(paidItems(order));
    expect(await sandbox.settleRefund(dto.provider_reference ?? '', 'failed')).toBe(true);
    await settle();
    const refund = await refundRow(dto.id);
    expect(refund.status).toBe('failed');
    expect(refund.failureReason).toBeTruthy();
    expect((await orderRow(orderId)).refundedKobo).toBe(0);
    expect((await checkoutRow(checkoutId)).shippingRefundedKobo).toBe(0);
    expect(sum((await entriesOfRefund(dto.id)).map((e) => e.amountKobo))).toBe(0);
    expect(await orderSums(orderId)).toEqual(before);
    expect(await balanceOf(fresh(), kano.id, env.clock.now())).toEqual(shopBefore);
    expect((await orderRow(orderId)).status).toBe('pending');
    // A second delivery of the failure changes nothing more.
    const body = (await sandbox.refundWebhookBody('refund.failed', dto.provider_reference ?? '')) ?? '';
    await deliver(body, signBody(sandbox.secretKey, body));
    expect((await orderRow(orderId)).refundedKobo).toBe(0);
    expect(sum((await entriesOfRefund(dto.id)).map((e) => e.amountKobo))).toBe(0);
    sandbox.holdRefunds = false;
    const again = await goodwill(orderId, whole);
    await settle();
    expect((await refundRow(again.id)).status).toBe('processed');
  });
});

describe('refunds left unsent', () => {
  it('a crash between the commit and the send: the job sends it later, exactly once', async () => {
    const { orderIds, reference } = await buy([[kanoCap, 1]]);
    const orderId = orderIds[0] as number;
    const provider = env.services.payments;
    vi.spyOn(provider, 'refund').mockRejectedValueOnce(new Error('process killed'));
    await expect(goodwill(orderId, 70_000)).rejects.toThrow();
    const [refund] = await refundsOf(orderId);
    expect(refund).toMatchObject({ status: 'pending', amountKobo: 70_000, providerRefundId: null });
    expect(await sandbox.refundRequestCount(reference)).toBe(0);
    // Too recent for the job's default age: another sender may still be on it.
    expect((await sendPendingRefunds(env.services)).sent).toBe(0);
    expect((await sendPendingRefunds(env.services, { minAgeMs: 0 })).sent).toBe(1);
    await settle();
    expect((await sendPendingRefunds(env.services, { minAgeMs: 0 })).sent).toBe(0);
    expect(await sandbox.refundRequestCount(reference)).toBe(1);
    expect((await refundRow(refund?.id ?? 0)).status).toBe('processed');
  });

  it('Paystack took it but the answer was lost: the job adopts that refund instead of sending another', async () => {
    const { orderIds, reference } = await buy([[kanoCap, 1]]);
    const orderId = orderIds[0] as number;
    sandbox.holdRefunds = true;
    const provider = env.services.payments;
    const send = provider.refund.bind(provider);
    vi.spyOn(provider, 'refund').mockImplementationOnce(async (input) => {
      await send(input);
      throw new Error('connection reset');
    });
    await expect(goodwill(orderId, 80_000)).rejects.toThrow();
    const [refund] = await refundsOf(orderId);
    expect(refund?.status).toBe('pending');
    await sendPendingRefunds(env.services, { minAgeMs: 0 });
    const adopted = await refundRow(refund?.id ?? 0);
    expect(adopted.status).toBe('processing');
    expect(await sandbox.refundRequestCount(reference)).toBe(1);
    expect(await sandbox.refundIds(reference)).toEqual([Number(adopted.providerRefundId)]);
    await sandbox.settleRefund(adopted.providerRefundId ?? '', 'processed');
    await settle();
    expect((await refundRow(adopted.id)).status).toBe('processed');
  });

  it('the lost refund is beyond the first page of GET /refund: the job still finds it and never refunds twice', async () => {
    const { orderIds, reference } = await buy([[kanoCap, 1]]);
    const orderId = orderIds[0] as number;
    const provider = env.services.payments;
    const send = provider.refund.bind(provider);
    vi.spyOn(provider, 'refund').mockImplementationOnce(async (input) => {
      await send(input);
      throw new Error('connection reset');
    });
    await expect(goodwill(orderId, 90_000)).rejects.toThrow();
    const [refund] = await refundsOf(orderId);
    expect(refund).toMatchObject({ status: 'pending', providerRefundId: null });
    // Paystack processed it meanwhile (its webhook lost too), so nothing of Paystack's would refuse a second
    // refund of that amount.
    const hook = sandbox.onWebhook;
    sandbox.onWebhook = null;
    try {
      await settle();
    } finally {
      sandbox.onWebhook = hook;
    }
    const [sentId] = await sandbox.refundIds(reference);
    expect((await sandbox.fetchRefund(sentId ?? 0)).data?.status).toBe('processed');
    // Then 150 refunds of other payments were made, each listed before it (GET /refund is newest first).
    const other = `CAPS-other-${Date.now()}`;
    await sandbox.initialize({ email: 'other@example.com', amount: 10_000_000, reference: other, callback_url: 'x' });
    await sandbox.pay(other, SANDBOX_SUCCESS_CARD);
    sandbox.holdRefunds = true;
    for (let amount = 1; amount <= 150; amount++) {
      expect((await sandbox.refund({ transaction: other, amount })).status).toBe(true);
    }
    sandbox.holdRefunds = false;
    const firstPage = await sandbox.listRefunds({ perPage: 100 });
    expect(firstPage.status && firstPage.meta.pageCount).toBeGreaterThan(1);
    expect(firstPage.data?.some((r) => r.transaction_reference === reference)).toBe(false);

    await sendPendingRefunds(env.services, { minAgeMs: 0 });
    await settle();
    expect(await sandbox.refundRequestCount(reference)).toBe(1);
    expect(await sandbox.refundIds(reference)).toEqual([sentId]);
    const adopted = await refundRow(refund?.id ?? 0);
    expect(adopted).toMatchObject({ status: 'processed', providerRefundId: String(sentId) });
    expect((await orderRow(orderId)).refundedKobo).toBe(90_000);
  });

  it('Paystack unreachable: the refund stays pending with the reason, and the job sends it later', async () => {
    const { orderIds, reference } = await buy([[kanoCap, 1]]);
    sandbox.unavailable = true;
    let dto: Awaited<ReturnType<typeof goodwill>>;
    try {
      dto = await goodwill(orderIds[0] as number, 10_000);
    } finally {
      sandbox.unavailable = false;
    }
    expect(dto).toMatchObject({ status: 'pending', provider_reference: null });
    expect(dto.failure_reason).toMatch(/switched off/);
    await sendPendingRefunds(env.services, { minAgeMs: 0 });
    await settle();
    expect((await refundRow(dto.id)).status).toBe('processed');
    expect(await sandbox.refundRequestCount(reference)).toBe(1);
  });
});

describe('refund_due payments', () => {
  it('a second payment of a paid checkout is refunded whole by the job, once, without ledger entries', async () => {
    const { token } = await b.customer();
    const placed = await b.place(token, [{ product_id: zannaCap.id, quantity: 1, size: '58' }]);
    const first = await b.initiate(token, placed.id);
    const second = await b.initiate(token, placed.id);
    await sandbox.pay(second.reference, SANDBOX_SUCCESS_CARD);
    expect((await env.caller(token).payment.verify({ reference: second.reference })).success).toBe(true);
    await sandbox.pay(first.reference, SANDBOX_SUCCESS_CARD);
    const late = await env.caller(token).payment.verify({ reference: first.reference });
    expect(late).toMatchObject({ success: false, message: DUPLICATE_PAYMENT_MESSAGE });
    const payment = await fresh().findOneOrFail(PaymentSchema, { reference: first.reference });
    expect(payment.status).toBe('refund_due');
    const entries = await fresh().count(LedgerEntrySchema, {});

    const [created, again] = await Promise.all([refundDuePayments(env.services), refundDuePayments(env.services)]);
    const ids = [...created, ...again];
    const refunds = await fresh().find(RefundSchema, { payment: payment.id }, { disableIdentityMap: true });
    expect(refunds).toHaveLength(1);
    expect(ids).toEqual([refunds[0]?.id]);
    expect(refunds[0]).toMatchObject({
      kind: 'duplicate_payment',
      amountKobo: payment.amountKobo,
      itemsKobo: payment.amountKobo,
      shippingKobo: 0,
    });
    expect(refunds[0]?.order ?? null).toBeNull();
    await settle();
    expect((await refundRow(refunds[0]?.id ?? 0)).status).toBe('processed');
    expect(await fresh().count(LedgerEntrySchema, {})).toBe(entries);
    expect(await refundDuePayments(env.services)).toEqual([]);
    expect(await sandbox.refundRequestCount(first.reference)).toBe(1);
    expect(await sandbox.refundRequestCount(second.reference)).toBe(0);
    const listed = await admin().list({ status: 'processed' });
    expect(listed.data.find((r) => r.id === refunds[0]?.id)).toMatchObject({
      order_id: null,
      kind: 'duplicate_payment',
      payment_reference: first.reference,
      initiated_by: null,
    });
  });

  it('a payment that arrived after its caps were released is refunded as late_payment', async () => {
    const em = fresh();
    const lastCap = await makeProduct(em, await em.findOneOrFail(VendorSchema, { id: zanna.id }), {
      priceKobo: 555_555,
      stock: 1,
      sizes: ['58'],
    });
    const { token } = await b.customer();
    const placed = await b.place(token, [{ product_id: lastCap.id, quantity: 1, size: '58' }]);
    const payment = await b.initiate(token, placed.id);
    await b.expireAndRelease(placed.checkout_id);
    await fresh().nativeUpdate(ProductSchema, { id: lastCap.id }, { stock: 0 });
    await sandbox.pay(payment.reference, SANDBOX_SUCCESS_CARD);
    expect((await env.caller(token).payment.verify({ reference: payment.reference })).success).toBe(false);
    const [id] = await refundDuePayments(env.services);
    await settle();
    expect(await refundRow(id ?? 0)).toMatchObject({
      kind: 'late_payment',
      status: 'processed',
      amountKobo: 555_555 + 200_000,
    });
  });
});

describe('goodwill refunds after a payout, and who may refund', () => {
  it('after the shop was paid out, a goodwill refund makes its balance negative and payouts wait', async () => {
    const em = fresh();
    const vendor = await makeVendor(em, { shopName: 'Paid Out Caps' });
    vendor.accountNumber = '0246813579';
    vendor.bankCode = '057';
    vendor.resolvedAccountName = sandboxAccountName('057', '0246813579');
    vendor.bankVerifiedAt = new Date();
    await em.flush();
    const cap = await makeProduct(em, vendor, { priceKobo: 3_000_001, stock: 100, sizes: ['58'] });
    const token = await sessionTokenFor(env.services, vendor.user.id);
    const { orderIds } = await buy([[cap, 1]]);
    const orderId = orderIds[0] as number;
    await advance(token, orderId, 'confirmed', 'shipped', 'delivered');
    env.clock.advanceDays(8);
    try {
      await runPayouts(env.services, { trigger: 'admin' });
      await settle();
      expect((await balanceOf(fresh(), vendor.id, env.clock.now())).availableKobo).toBe(0);
      const dto = await goodwill(orderId, 1_500_000, 'Late delivery, half back');
      await settle();
      const entries = await entriesOfRefund(dto.id);
      expect(entries.filter((e) => e.vendor).every((e) => e.bucket === 'available')).toBe(true);
      const available = (await balanceOf(fresh(), vendor.id, env.clock.now())).availableKobo;
      expect(available).toBe(sum(entries.filter((e) => e.vendor).map((e) => e.amountKobo)));
      expect(available).toBeLessThan(0);
      const run = await runPayouts(env.services, { trigger: 'admin' });
      expect(run.payouts.filter((p) => p.vendor_id === vendor.id)).toEqual([]);
      expect((await balanceOf(fresh(), vendor.id, env.clock.now())).availableKobo).toBe(available);
      expect((await orderRow(orderId)).status).toBe('partially_refunded');
      const audit = await fresh().findOneOrFail(AuditLogSchema, { action: 'goodwill_refund', targetId: orderId });
      expect(audit).toMatchObject({ targetType: 'order', details: expect.objectContaining({ refund_id: dto.id }) });
    } finally {
      env.clock.advanceDays(-8);
    }
  });

  it('customers and vendors are refused admin.refunds.* (403)', async () => {
    const { orderIds, token } = await buy([[kanoCap, 1]]);
    for (const caller of [env.caller(token), env.caller(kanoToken)]) {
      expect((await failureOf(caller.admin.refunds.list({}))).code).toBe('FORBIDDEN');
      expect(
        (await failureOf(caller.admin.refunds.goodwill({ id: orderIds[0] as number, amount: 1, reason: 'mine now' })))
          .code,
      ).toBe('FORBIDDEN');
    }
    expect((await failureOf(env.caller().admin.refunds.list({}))).code).toBe('UNAUTHORIZED');
    expect(await refundsOf(orderIds[0] as number)).toEqual([]);
  });

  it('the admin list pages newest first and filters by status', async () => {
    const page = await admin().list({ per_page: 3 });
    expect(page.data).toHaveLength(3);
    const all = await admin().list({ per_page: 500 });
    expect(all.total).toBe(await fresh().count(RefundSchema, {}));
    const times = all.data.map((r) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const failed = await admin().list({ status: 'failed' });
    expect(failed.data.length).toBeGreaterThan(0);
    expect(failed.data.every((r) => r.status === 'failed')).toBe(true);
    expect((await failureOf(admin().list({ status: 'nope' as 'failed' }))).code).toBe('BAD_REQUEST');
  });
});

describe('reconciliation', () => {
  it('Σ ledger = Σ applied payments − Σ order refunds not failed, to the kobo', async () => {
    await settle();
    const em = fresh();
    const entries = await em.find(LedgerEntrySchema, {});
    const payments = await em.find(PaymentSchema, { status: 'success' });
    const refunds: Refund[] = await em.find(RefundSchema, { order: { $ne: null }, status: { $ne: 'failed' } });
    expect(refunds.length).toBeGreaterThan(20);
    expect(sum(entries.map((e) => e.amountKobo))).toBe(
      sum(payments.map((p) => p.amountKobo)) - sum(refunds.map((r) => r.amountKobo)),
    );
    // And each order's counter is the sum of its refunds that did not fail.
    const orders = await em.find(OrderSchema, { refundedKobo: { $gt: 0 } });
    for (const order of orders) {
      expect(order.refundedKobo).toBe(sum(refunds.filter((r) => r.order?.id === order.id).map((r) => r.itemsKobo)));
    }
  });

  it('a DomainError is what the webhook answers for a refund Paystack cannot confirm now', async () => {
    const { orderIds } = await buy([[kanoCap, 1]]);
    sandbox.holdRefunds = true;
    const dto = await goodwill(orderIds[0] as number, 1_000);
    const body = (await sandbox.refundWebhookBody('refund.processed', dto.provider_reference ?? '')) ?? '';
    sandbox.unavailable = true;
    try {
      await expect(deliver(body, signBody(sandbox.secretKey, body))).rejects.toBeInstanceOf(DomainError);
    } finally {
      sandbox.unavailable = false;
    }
    expect((await refundRow(dto.id)).status).toBe('processing');
  });
});
