import { randomBytes } from 'node:crypto';
import type { EventSubscriber } from '@mikro-orm/core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Services } from '../src/context.js';
import { type Em, openDatabase } from '../src/db/orm.js';
import { type JobDeclaration, msUntilUtcHour, startJobs } from '../src/jobs.js';
import { AuditLogSchema } from '../src/modules/auth/auth.entities.js';
import { LedgerEntrySchema, type Payout, PayoutSchema } from '../src/modules/finance/finance.entities.js';
import { balanceOf, writeEntries } from '../src/modules/finance/ledger.js';
import { applyTransferOutcome, runPayouts, settleInFlight } from '../src/modules/finance/payouts.service.js';
import { EmailMessageSchema, NotificationSchema } from '../src/modules/notifications/notifications.entities.js';
import { handleWebhook } from '../src/modules/payment/payment.service.js';
import { ProviderRequestError, signBody } from '../src/modules/payment/provider.js';
import {
  type PaystackSandbox,
  SANDBOX_FAILING_TRANSFER_ACCOUNT,
  sandboxAccountName,
} from '../src/modules/payment/sandbox.js';
import { VendorSchema } from '../src/modules/vendors/vendors.entities.js';
import { seedDemo } from '../src/seed/index.js';
import { makeUser, makeVendor } from './fixtures.js';
import { createTestEnv, failureOf, sessionTokenFor, type TestEnv, testDialect } from './harness.js';

let env: TestEnv;
let sandbox: PaystackSandbox;
const fresh = () => env.services.orm.em.fork() as Em;

/** Webhook deliveries the sandbox started (it posts them "on its own time", as Paystack does). */
let deliveries: Promise<unknown>[] = [];
const deliver = (body: string, signature: string | undefined) =>
  handleWebhook({ em: fresh(), services: env.services }, body, signature);

/** Lets the sandbox settle its transfers and waits for the webhooks it sent. */
async function settle() {
  for (let i = 0; i < 5; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    await sandbox.idle();
    const pending = deliveries;
    deliveries = [];
    await Promise.all(pending);
  }
}

beforeAll(async () => {
  env = await createTestEnv();
  if (!env.services.sandbox) throw new Error('the payout tests need the sandbox');
  sandbox = env.services.sandbox;
  sandbox.onWebhook = (body, signature) => {
    deliveries.push(deliver(body, signature));
  };
});
afterEach(async () => {
  vi.restoreAllMocks();
  sandbox.holdTransfers = false;
  await settle();
});
afterAll(async () => env?.close());

let entrySeq = 0;
/** Money available to the shop now: a sale released into available a day ago (as delivery + window would). */
async function credit(vendorId: number, naira: number) {
  entrySeq += 1;
  const past = new Date(env.clock.now().getTime() - 86_400_000);
  const key = `test:${vendorId}:${entrySeq}:${randomBytes(3).toString('hex')}`;
  const kobo = naira * 100;
  await writeEntries(fresh(), [
    { key: `${key}:sale`, vendorId, bucket: 'pending', kind: 'sale', amountKobo: kobo, effectiveAt: past },
    { key: `${key}:rel-`, vendorId, bucket: 'pending', kind: 'release', amountKobo: -kobo, effectiveAt: past },
    { key: `${key}:rel+`, vendorId, bucket: 'available', kind: 'release', amountKobo: kobo, effectiveAt: past },
  ]);
}

interface ShopOptions {
  naira?: number;
  verified?: boolean;
  suspended?: boolean;
  accountNumber?: string;
  bankVerified?: boolean;
}

/** A shop with a resolved bank account (as registration leaves it) and, by default, ₦20,000 available. */
async function payableShop(options: ShopOptions = {}): Promise<number> {
  const em = fresh();
  const vendor = await makeVendor(em, { verified: options.verified ?? true, suspended: options.suspended ?? false });
  const accountNumber = options.accountNumber ?? String(1_000_000_000 + vendor.id * 7919).slice(0, 10);
  vendor.accountNumber = accountNumber;
  if (options.bankVerified !== false) {
    vendor.bankCode = '057';
    vendor.resolvedAccountName = sandboxAccountName('057', accountNumber);
    vendor.bankVerifiedAt = new Date();
  }
  await em.flush();
  if ((options.naira ?? 20_000) !== 0) await credit(vendor.id, options.naira ?? 20_000);
  return vendor.id;
}

/**
 * The next transfer request of this shop's payout fails as if the process died: before the request
 * reached Paystack, or (afterSend) after Paystack took it and before we heard back. Other shops' transfers
 * go through.
 */
function killTransferOnce(shop: number, options: { afterSend?: boolean; error?: Error } = {}) {
  const provider = env.services.payments;
  const send = provider.transfer.bind(provider);
  let done = false;
  vi.spyOn(provider, 'transfer').mockImplementation(async (input) => {
    if (done || !input.reference.startsWith(`po-${shop}-`)) return send(input);
    done = true;
    if (options.afterSend) await send(input);
    throw options.error ?? new Error('process killed');
  });
}

const payoutsOf = (vendorId: number) =>
  fresh().find(PayoutSchema, { vendor: vendorId }, { orderBy: { id: 'asc' }, disableIdentityMap: true });
const balance = (vendorId: number) => balanceOf(fresh(), vendorId, env.clock.now());
const entriesOf = (payoutId: number) =>
  fresh().find(LedgerEntrySchema, { payout: payoutId }, { orderBy: { id: 'asc' } });

async function onlyPayout(vendorId: number) {
  const payouts = await payoutsOf(vendorId);
  expect(payouts).toHaveLength(1);
  return payouts[0]!;
}

describe('a payout run', () => {
  it('pays a shop its available balance once, through one transfer, and settles on the webhook', async () => {
    const shop = await payableShop({ naira: 20_000 });
    sandbox.holdTransfers = true;
    const run = await runPayouts(env.services, { trigger: 'admin' });
    const payout = await onlyPayout(shop);
    expect(payout).toMatchObject({ amountKobo: 2_000_000, status: 'processing' });
    expect(payout.reference).toMatch(/^po-\d+-[0-9a-f]{16}$/);
    expect(payout.transferCode).toMatch(/^TRF_/);
    expect(payout.recipientCode).toMatch(/^RCP_/);
    expect((await fresh().findOneOrFail(VendorSchema, { id: shop })).transferRecipientCode).toBe(payout.recipientCode);
    expect(run.payouts.find((p) => p.vendor_id === shop)).toMatchObject({
      amount: 20_000,
      status: 'processing',
      reference: payout.reference,
      settled_at: null,
    });
    expect(await sandbox.transferRequestCount(payout.reference)).toBe(1);
    const entries = await entriesOf(payout.id);
    expect(entries.map((e) => [e.key, e.bucket, e.kind, e.amountKobo])).toEqual([
      [`payout:${payout.id}:payout:available`, 'available', 'payout', -2_000_000],
      [`payout:${payout.id}:payout:paid_out`, 'paid_out', 'payout', 2_000_000],
    ]);
    expect(await balance(shop)).toEqual({ pendingKobo: 0, availableKobo: 0, paidOutKobo: 2_000_000 });

    expect(await sandbox.settleTransfer(payout.reference, 'success')).toBe(true);
    await settle();
    const settled = await onlyPayout(shop);
    expect(settled.status).toBe('success');
    expect(settled.settledAt).toBeInstanceOf(Date);
    expect(await balance(shop)).toEqual({ pendingKobo: 0, availableKobo: 0, paidOutKobo: 2_000_000 });

    // A second run finds nothing left to pay.
    await runPayouts(env.services, { trigger: 'schedule' });
    expect(await payoutsOf(shop)).toHaveLength(1);
    expect(await sandbox.transferRequestCount(payout.reference)).toBe(1);
  });

  it('settles by itself when the sandbox transfer succeeds on its own', async () => {
    const shop = await payableShop({ naira: 7_500 });
    await runPayouts(env.services, { trigger: 'schedule' });
    await settle();
    expect(await onlyPayout(shop)).toMatchObject({ status: 'success', amountKobo: 750_000 });
    expect(await balance(shop)).toEqual({ pendingKobo: 0, availableKobo: 0, paidOutKobo: 750_000 });
  });

  it('pays no shop below the payout minimum, and none with nothing (or less than nothing) available', async () => {
    const below = await payableShop({ naira: 4_999 });
    const nothing = await payableShop({ naira: 0 });
    const negative = await payableShop({ naira: 0 });
    await writeEntries(fresh(), [
      {
        key: `test:${negative}:debit`,
        vendorId: negative,
        bucket: 'available',
        kind: 'adjustment',
        amountKobo: -100_000,
        effectiveAt: new Date(env.clock.now().getTime() - 1000),
      },
    ]);
    await runPayouts(env.services, { trigger: 'schedule' });
    for (const shop of [below, nothing, negative]) expect(await payoutsOf(shop)).toHaveLength(0);
    // Exactly the minimum is paid.
    await credit(below, 1);
    await runPayouts(env.services, { trigger: 'schedule' });
    expect((await onlyPayout(below)).amountKobo).toBe(500_000);
  });

  it('counts only money available as of now: a release still in the future is not paid', async () => {
    const shop = await payableShop({ naira: 6_000 });
    const later = new Date(env.clock.now().getTime() + 3 * 86_400_000);
    await writeEntries(fresh(), [
      {
        key: `test:${shop}:future+`,
        vendorId: shop,
        bucket: 'available',
        kind: 'release',
        amountKobo: 900_000,
        effectiveAt: later,
      },
      {
        key: `test:${shop}:future-`,
        vendorId: shop,
        bucket: 'pending',
        kind: 'release',
        amountKobo: -900_000,
        effectiveAt: later,
      },
    ]);
    await runPayouts(env.services, { trigger: 'schedule' });
    expect((await onlyPayout(shop)).amountKobo).toBe(600_000);
  });

  it('waits 24 hours after a bank change (by the clock), then pays', async () => {
    const shop = await payableShop({ naira: 10_000 });
    const em = fresh();
    const vendor = await em.findOneOrFail(VendorSchema, { id: shop });
    vendor.payoutsPausedUntil = new Date(env.clock.now().getTime() + 24 * 3_600_000);
    await em.flush();
    await runPayouts(env.services, { trigger: 'schedule' });
    expect(await payoutsOf(shop)).toHaveLength(0);
    env.clock.advance(23 * 3_600_000);
    await runPayouts(env.services, { trigger: 'schedule' });
    expect(await payoutsOf(shop)).toHaveLength(0);
    env.clock.advance(2 * 3_600_000);
    await runPayouts(env.services, { trigger: 'schedule' });
    expect((await onlyPayout(shop)).amountKobo).toBe(1_000_000);
  });

  it('pays no suspended, unverified or unresolved shop', async () => {
    const suspended = await payableShop({ suspended: true });
    const unverified = await payableShop({ verified: false });
    const unresolved = await payableShop({ bankVerified: false });
    await runPayouts(env.services, { trigger: 'schedule' });
    for (const shop of [suspended, unverified, unresolved]) expect(await payoutsOf(shop)).toHaveLength(0);
    expect((await balance(suspended)).availableKobo).toBe(2_000_000);
  });

  it('gives the money back when the transfer fails (test account 0000000009)', async () => {
    const shop = await payableShop({ naira: 8_000, accountNumber: SANDBOX_FAILING_TRANSFER_ACCOUNT });
    await runPayouts(env.services, { trigger: 'schedule' });
    await settle();
    const payout = await onlyPayout(shop);
    expect(payout.status).toBe('failed');
    expect(payout.failureReason).toBeTruthy();
    expect(payout.settledAt).toBeInstanceOf(Date);
    expect(await balance(shop)).toEqual({ pendingKobo: 0, availableKobo: 800_000, paidOutKobo: 0 });
    expect((await entriesOf(payout.id)).map((e) => [e.key, e.amountKobo])).toEqual([
      [`payout:${payout.id}:payout:available`, -800_000],
      [`payout:${payout.id}:payout:paid_out`, 800_000],
      [`payout:${payout.id}:payout_reversal:paid_out`, -800_000],
      [`payout:${payout.id}:payout_reversal:available`, 800_000],
    ]);
  });

  it('gives the money back when a successful transfer is reversed later', async () => {
    const shop = await payableShop({ naira: 9_000 });
    await runPayouts(env.services, { trigger: 'schedule' });
    await settle();
    const payout = await onlyPayout(shop);
    expect(payout.status).toBe('success');
    expect(await sandbox.reverseTransfer(payout.reference)).toBe(true);
    await settle();
    expect((await onlyPayout(shop)).status).toBe('reversed');
    expect(await balance(shop)).toEqual({ pendingKobo: 0, availableKobo: 900_000, paidOutKobo: 0 });
  });

  it('marks a transfer Paystack refuses (and does not know) failed and gives the money back at once', async () => {
    const shop = await payableShop({ naira: 5_500 });
    killTransferOnce(shop, {
      error: new ProviderRequestError('Your balance is not enough to fulfil this request', 400),
    });
    await runPayouts(env.services, { trigger: 'schedule' });
    const payout = await onlyPayout(shop);
    expect(payout.status).toBe('failed');
    expect(payout.failureReason).toContain('balance is not enough');
    expect((await balance(shop)).availableKobo).toBe(550_000);
  });
});

describe('faults and races', () => {
  it('two runs started at once pay each shop once', async () => {
    const shops = [await payableShop({ naira: 11_000 }), await payableShop({ naira: 12_000 }), await payableShop()];
    sandbox.holdTransfers = true;
    await Promise.all([
      runPayouts(env.services, { trigger: 'schedule' }),
      runPayouts(env.services, { trigger: 'admin' }),
    ]);
    for (const shop of shops) {
      const payout = await onlyPayout(shop);
      expect(await sandbox.transferRequestCount(payout.reference)).toBe(1);
      expect((await balance(shop)).availableKobo).toBe(0);
    }
  });

  // Two connections to one SQLite file cannot race inside one process: its driver is synchronous, so the
  // second writer's wait for the lock blocks the event loop the first needs to commit. (Separate processes
  // wait for each other; and one process shares one connection, which the test above covers.)
  it.skipIf(testDialect === 'sqlite')(
    'two processes (two database connections) running at once pay each shop once',
    async () => {
      const shops = [await payableShop({ naira: 13_000 }), await payableShop({ naira: 14_000 })];
      sandbox.holdTransfers = true;
      const otherOrm = await openDatabase(env.db.config, { migrate: false });
      const other: Services = { ...env.services, orm: otherOrm };
      try {
        await Promise.all([
          runPayouts(env.services, { trigger: 'schedule' }),
          runPayouts(other, { trigger: 'schedule' }),
          runPayouts(other, { trigger: 'admin' }),
        ]);
      } finally {
        await otherOrm.close(true);
      }
      for (const shop of shops) {
        const payout = await onlyPayout(shop);
        expect(payout.amountKobo).toBeGreaterThan(0);
        expect((await balance(shop)).availableKobo).toBe(0);
        expect(await sandbox.transferRequestCount(payout.reference)).toBeGreaterThanOrEqual(1);
        // Never a second transfer: the sandbox keeps one per reference, and each shop has one reference.
        expect((await fresh().findOneOrFail(VendorSchema, { id: shop })).payoutSeq).toBe(1);
      }
    },
  );

  it('a process killed after writing the payout and before the transfer: the next run sends that payout', async () => {
    const shop = await payableShop({ naira: 15_000 });
    sandbox.holdTransfers = true;
    killTransferOnce(shop);
    await runPayouts(env.services, { trigger: 'schedule' });
    const written = await onlyPayout(shop);
    expect(written.status).toBe('pending');
    expect(await sandbox.transferRequestCount(written.reference)).toBe(0);
    expect((await balance(shop)).availableKobo).toBe(0);

    const next = await runPayouts(env.services, { trigger: 'schedule' });
    const resumed = await onlyPayout(shop);
    expect(resumed).toMatchObject({ id: written.id, reference: written.reference, status: 'processing' });
    expect(resumed.failureReason).toBeNull();
    expect(next.resumed).toBeGreaterThanOrEqual(1);
    expect(next.payouts.find((p) => p.vendor_id === shop)?.reference).toBe(written.reference);
    expect(await sandbox.transferRequestCount(written.reference)).toBe(1);
    await sandbox.settleTransfer(written.reference, 'success');
    await settle();
    expect((await onlyPayout(shop)).status).toBe('success');
    expect(await balance(shop)).toEqual({ pendingKobo: 0, availableKobo: 0, paidOutKobo: 1_500_000 });
  });

  it('a process killed after the transfer was sent and before recording it: the next run asks, never sends again', async () => {
    const shop = await payableShop({ naira: 16_000 });
    sandbox.holdTransfers = true;
    killTransferOnce(shop, { afterSend: true });
    await runPayouts(env.services, { trigger: 'schedule' });
    const written = await onlyPayout(shop);
    expect(written.status).toBe('pending');
    expect(await sandbox.transferRequestCount(written.reference)).toBe(1);

    await runPayouts(env.services, { trigger: 'schedule' });
    expect(await onlyPayout(shop)).toMatchObject({ id: written.id, status: 'processing' });
    expect(await sandbox.transferRequestCount(written.reference)).toBe(1);
  });

  it('Paystack unreachable: the payout stays pending with the reason noted, and is sent on the next run', async () => {
    const shop = await payableShop({ naira: 17_000 });
    sandbox.unavailable = true;
    try {
      await runPayouts(env.services, { trigger: 'schedule' });
    } finally {
      sandbox.unavailable = false;
    }
    const stuck = await onlyPayout(shop);
    expect(stuck.status).toBe('pending');
    expect(stuck.failureReason).toMatch(/not confirmed/);
    expect((await balance(shop)).availableKobo).toBe(0);
    await runPayouts(env.services, { trigger: 'schedule' });
    await settle();
    expect(await onlyPayout(shop)).toMatchObject({ id: stuck.id, status: 'success' });
  });

  it('the same transfer webhook 10 times at once applies one outcome', async () => {
    const shop = await payableShop({ naira: 18_000, accountNumber: SANDBOX_FAILING_TRANSFER_ACCOUNT });
    sandbox.holdTransfers = true;
    await runPayouts(env.services, { trigger: 'schedule' });
    const payout = await onlyPayout(shop);
    // The sandbox's own delivery is held back: the test sends the same signed event ten times at once.
    const hook = sandbox.onWebhook;
    sandbox.onWebhook = null;
    try {
      await sandbox.settleTransfer(payout.reference, 'failed');
    } finally {
      sandbox.onWebhook = hook;
    }
    const body = (await sandbox.transferWebhookBody('transfer.failed', payout.reference)) as string;
    const signature = signBody(sandbox.secretKey, body);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(body, signature)));
    expect(answers).toEqual(Array.from({ length: 10 }, () => ({ received: true })));
    const settled = await onlyPayout(shop);
    expect(settled.status).toBe('failed');
    expect(await entriesOf(payout.id)).toHaveLength(4);
    expect(await balance(shop)).toEqual({ pendingKobo: 0, availableKobo: 1_800_000, paidOutKobo: 0 });
    // And once more, later: still nothing new.
    await deliver(body, signature);
    expect(await entriesOf(payout.id)).toHaveLength(4);
    expect((await onlyPayout(shop)).settledAt?.toISOString()).toBe(settled.settledAt?.toISOString());
  });

  it('never trusts a webhook body: a signed transfer.success for a transfer Paystack still holds changes nothing', async () => {
    const shop = await payableShop({ naira: 19_000 });
    sandbox.holdTransfers = true;
    await runPayouts(env.services, { trigger: 'schedule' });
    const payout = await onlyPayout(shop);
    const held = JSON.parse((await sandbox.transferWebhookBody('transfer.success', payout.reference)) as string);
    const lie = JSON.stringify({ event: 'transfer.success', data: { ...held.data, status: 'success' } });
    expect(await deliver(lie, signBody(sandbox.secretKey, lie))).toEqual({ received: true });
    expect((await onlyPayout(shop)).status).toBe('processing');
    // A forged signature is refused before anything is read.
    await expect(deliver(lie, 'f'.repeat(128))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(deliver(lie, undefined)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await onlyPayout(shop)).status).toBe('processing');
  });

  it('answers 200 to a transfer event of a reference that is no payout of ours, and changes nothing', async () => {
    const body = JSON.stringify({ event: 'transfer.success', data: { reference: 'po-999999-0000000000000000' } });
    expect(await deliver(body, signBody(sandbox.secretKey, body))).toEqual({ received: true });
    expect(await applyTransferOutcome({ em: fresh(), services: env.services }, 'nobody')).toBe('unknown');
    expect(await fresh().count(PayoutSchema, { reference: 'po-999999-0000000000000000' })).toBe(0);
  });
});

describe('payout calls', () => {
  let adminToken: string;
  let customerToken: string;
  let shopA: number;
  let shopB: number;
  let tokenA: string;

  beforeAll(async () => {
    const em = fresh();
    adminToken = await sessionTokenFor(env.services, (await makeUser(em, { role: 'admin' })).id);
    customerToken = await sessionTokenFor(env.services, (await makeUser(em)).id);
    shopA = await payableShop({ naira: 21_000 });
    shopB = await payableShop({ naira: 22_000 });
    const ownerA = await fresh().findOneOrFail(VendorSchema, { id: shopA });
    tokenA = await sessionTokenFor(env.services, ownerA.user.id);
  });

  it('lets an admin run payouts, audited with what the run paid', async () => {
    const run = await env.caller(adminToken).admin.finance.runPayouts();
    await settle();
    const mine = run.payouts.filter((p) => p.vendor_id === shopA || p.vendor_id === shopB);
    expect(mine.map((p) => p.amount).sort()).toEqual([21_000, 22_000]);
    expect(run.created).toBeGreaterThanOrEqual(2);
    const audit = await fresh().findOneOrFail(AuditLogSchema, { action: 'payouts_run' }, { orderBy: { id: 'desc' } });
    expect(audit.targetType).toBe('payout');
    expect(audit.details).toMatchObject({ created: run.created, total_amount: run.total_amount });
  });

  it("shows a vendor its own shop's payouts only, newest first, and refuses another shop's id", async () => {
    const own = await env.caller(tokenA).vendor.payouts({});
    expect(own.total).toBe(1);
    expect(own.data.map((p) => p.vendor_id)).toEqual([shopA]);
    expect(own.data[0]).toMatchObject({ amount: 21_000, status: 'success' });
    const refused = await failureOf(
      env.caller(tokenA).vendor.payouts({ vendor_id: shopB } as unknown as Record<string, never>),
    );
    expect(refused.code).toBe('BAD_REQUEST');
    expect(refused.message).toMatch(/vendor_id/);
  });

  it('lists every payout for an admin, filtered by status and shop', async () => {
    const all = await env.caller(adminToken).admin.finance.payouts({ per_page: 500 });
    expect(all.total).toBeGreaterThanOrEqual(2);
    const ids = all.data.map((p) => p.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const b = await env.caller(adminToken).admin.finance.payouts({ vendor_id: shopB });
    expect(b.data.map((p) => p.vendor_id)).toEqual([shopB]);
    const failed = await env.caller(adminToken).admin.finance.payouts({ status: 'failed', per_page: 500 });
    expect(failed.data.every((p) => p.status === 'failed')).toBe(true);
    expect(failed.data.length).toBeGreaterThan(0);
    const bad = await failureOf(env.caller(adminToken).admin.finance.payouts({ status: 'paid' as 'success' }));
    expect(bad.code).toBe('BAD_REQUEST');
  });

  it('refuses customers and vendors the admin payout calls', async () => {
    for (const token of [customerToken, tokenA]) {
      expect((await failureOf(env.caller(token).admin.finance.payouts({}))).code).toBe('FORBIDDEN');
      expect((await failureOf(env.caller(token).admin.finance.runPayouts())).code).toBe('FORBIDDEN');
    }
    expect((await failureOf(env.caller(customerToken).vendor.payouts({}))).code).toBe('FORBIDDEN');
    expect((await failureOf(env.caller().vendor.payouts({}))).code).toBe('UNAUTHORIZED');
  });
});

describe('jobs', () => {
  it('finds the next run hour in UTC', () => {
    expect(msUntilUtcHour(new Date('2026-03-01T07:30:00Z'), 8)).toBe(30 * 60_000);
    expect(msUntilUtcHour(new Date('2026-03-01T08:00:00Z'), 8)).toBe(24 * 3_600_000);
    expect(msUntilUtcHour(new Date('2026-03-31T23:00:00Z'), 2)).toBe(3 * 3_600_000);
  });

  it('runs one run of a job at a time in a process, and stops after the run under way', async () => {
    let calls = 0;
    let release: () => void = () => {};
    const job: JobDeclaration = {
      name: 'slow',
      schedule: { everyMs: 3_600_000 },
      handler: () => {
        calls += 1;
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    };
    const log = { info: vi.fn(), error: vi.fn() };
    const jobs = startJobs(env.services, log, [job]);
    const first = jobs.runNow('slow');
    expect(await jobs.runNow('slow')).toBe(false);
    expect(calls).toBe(1);
    const stopped = jobs.stop();
    release();
    await stopped;
    expect(await first).toBe(true);
    expect(log.info).toHaveBeenCalledWith(expect.objectContaining({ job: 'slow' }), 'job done');
  });

  it('declares the payout run and the settle job, and the settle job sends a payout a crash left', async () => {
    const { jobDeclarations } = await import('../src/jobs.js');
    const declared = jobDeclarations({ payoutRunHourUtc: 3 });
    expect(declared.map((d) => [d.name, d.schedule])).toEqual([
      ['release-expired-checkouts', { everyMs: 60_000 }],
      ['verify-pending-payments', { everyMs: 120_000 }],
      ['sandbox-webhooks', { everyMs: 30_000 }],
      ['run-payouts', { dailyAtUtcHour: 3 }],
      ['settle-payouts', { everyMs: 600_000 }],
      ['send-refunds', { everyMs: 300_000 }],
      ['refund-due-payments', { everyMs: 600_000 }],
      ['deliver-outbox', { everyMs: 5_000 }],
    ]);
    const shop = await payableShop({ naira: 5_000 });
    killTransferOnce(shop);
    await declared.find((d) => d.name === 'run-payouts')!.handler(env.services);
    expect((await onlyPayout(shop)).status).toBe('pending');
    await declared.find((d) => d.name === 'settle-payouts')!.handler(env.services);
    await settle();
    expect((await onlyPayout(shop)).status).toBe('success');
  });
});

describe('a payout run leaves its trace even when killed half-way (issue 26.2)', () => {
  it('records the run when it starts, and its outcome when it ends', async () => {
    const shop = await payableShop({ naira: 6_000 });
    const provider = env.services.payments;
    const send = provider.transfer.bind(provider);
    let release: () => void = () => undefined;
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reached: () => void = () => undefined;
    const inTransfer = new Promise<void>((resolve) => {
      reached = resolve;
    });
    // The run hangs in the middle of sending (as a process that is about to be killed would).
    const spy = vi.spyOn(provider, 'transfer').mockImplementation(async (input) => {
      if (input.reference.startsWith(`po-${shop}-`)) {
        reached();
        await stuck;
      }
      return send(input);
    });
    const before = await fresh().count(AuditLogSchema, { action: 'payouts_run_started' });
    const endsBefore = await fresh().count(AuditLogSchema, { action: 'payouts_run' });
    const run = runPayouts(env.services, { trigger: 'schedule' });
    await inTransfer;
    // Half-way: the start is already recorded (a kill here would leave it), the outcome not yet.
    const [started] = await fresh().find(
      AuditLogSchema,
      { action: 'payouts_run_started' },
      { orderBy: { id: 'desc' }, limit: 1 },
    );
    expect(await fresh().count(AuditLogSchema, { action: 'payouts_run_started' })).toBe(before + 1);
    expect(started?.details).toEqual({ trigger: 'schedule' });
    expect(await fresh().count(AuditLogSchema, { action: 'payouts_run' })).toBe(endsBefore);
    release();
    const result = await run;
    spy.mockRestore();
    const [ended] = await fresh().find(
      AuditLogSchema,
      { action: 'payouts_run' },
      { orderBy: { id: 'desc' }, limit: 1 },
    );
    expect(ended?.details).toMatchObject({ run_id: started?.id, trigger: 'schedule', created: result.created });
  });
});

describe('demo seed payout history', () => {
  let seeded: TestEnv;
  beforeAll(async () => {
    seeded = await createTestEnv();
    await seedDemo(seeded.services);
  }, 120_000);
  afterAll(async () => seeded?.close());

  it('has one past successful payout and one failed transfer, each with consistent entries', async () => {
    const em = seeded.services.orm.em.fork() as Em;
    const payouts = await em.find(PayoutSchema, {}, { orderBy: { id: 'asc' } });
    expect(payouts.map((p) => p.status)).toEqual(['success', 'failed']);
    const [paid, failed] = payouts as [Payout, Payout];
    expect(paid.vendor.id).not.toBe(failed.vendor.id);
    expect(paid.createdAt.getTime()).toBeLessThan(failed.createdAt.getTime());
    expect(failed.failureReason).toBeTruthy();
    for (const payout of payouts) {
      expect(payout.amountKobo).toBeGreaterThanOrEqual(500_000);
      expect(payout.reference).toMatch(/^po-\d+-[0-9a-f]{16}$/);
      const entries = await em.find(LedgerEntrySchema, { payout: payout.id });
      expect(entries.reduce((sum, e) => sum + e.amountKobo, 0)).toBe(0);
      expect(entries).toHaveLength(payout.status === 'failed' ? 4 : 2);
      // Paid out of money that was available then: never below zero at any moment.
      const at = payout.createdAt;
      expect((await balanceOf(em, payout.vendor.id, at)).availableKobo).toBeGreaterThanOrEqual(0);
    }
    const now = new Date();
    expect(await balanceOf(em, paid.vendor.id, now)).toMatchObject({ paidOutKobo: paid.amountKobo });
    expect((await balanceOf(em, paid.vendor.id, now)).availableKobo).toBeGreaterThanOrEqual(0);
    expect((await balanceOf(em, failed.vendor.id, now)).paidOutKobo).toBe(0);
    expect((await balanceOf(em, failed.vendor.id, now)).availableKobo).toBeGreaterThanOrEqual(failed.amountKobo);
  });
});

/**
 * Runs `action` once, right after the transaction that wrote this shop's first `pending` payout commits: the
 * attacker who polls GET /vendor/payouts and changes the bank account the moment a payout appears, before
 * the run's transfer step reads anything. An error of `action` is the run's (a process killed there).
 */
function whenPayoutCommitted(shop: number, action: () => Promise<unknown>) {
  const state: { fired: boolean; result?: unknown } = { fired: false };
  const subscriber: EventSubscriber = {
    async afterTransactionCommit() {
      if (state.fired) return;
      const pending = await fresh().count(PayoutSchema, { vendor: shop, status: 'pending' });
      if (pending === 0) return;
      state.fired = true;
      state.result = await action();
    },
  };
  const events = env.services.orm.em.getEventManager();
  events.registerSubscriber(subscriber);
  return {
    state,
    stop: () => events.getSubscribers().delete(subscriber),
  };
}

/** Where the sandbox sent a payout's transfer (the account number of its recipient), or null for none. */
async function transferredTo(reference: string): Promise<string | null> {
  const answer = await sandbox.verifyTransfer(reference);
  return answer.data?.recipient.details.account_number ?? null;
}

describe('a bank change during a payout run (issue 25, finding 1)', () => {
  const NEW_ACCOUNT = '5556667778';

  async function ownerToken(shop: number) {
    const vendor = await fresh().findOneOrFail(VendorSchema, { id: shop });
    return sessionTokenFor(env.services, vendor.user.id);
  }

  it('a change right after the payout is written never sends it to the new account: it is cancelled, the money available again', async () => {
    const shop = await payableShop({ naira: 12_000 });
    const oldAccount = (await fresh().findOneOrFail(VendorSchema, { id: shop })).accountNumber;
    const token = await ownerToken(shop);
    sandbox.holdTransfers = true;
    const hook = whenPayoutCommitted(shop, () =>
      env.caller(token).auth.updateProfile({ bank_code: '058', account_number: NEW_ACCOUNT }),
    );
    try {
      await runPayouts(env.services, { trigger: 'schedule' });
    } finally {
      hook.stop();
    }
    expect(hook.state.fired).toBe(true);
    expect(hook.state.result).toMatchObject({ vendor: { account_number: NEW_ACCOUNT } });

    const payout = await onlyPayout(shop);
    expect(await transferredTo(payout.reference)).not.toBe(NEW_ACCOUNT);
    expect(await sandbox.transferRequestCount(payout.reference)).toBe(0);
    expect(payout.status).toBe('cancelled');
    // Recorded at creation: the account that was verified and unchanged before the payout.
    expect(payout).toMatchObject({ bankCode: '057', accountLast4: oldAccount.slice(-4) });
    expect(payout.recipientCode).toMatch(/^RCP_/);
    expect(await balance(shop)).toEqual({ pendingKobo: 0, availableKobo: 1_200_000, paidOutKobo: 0 });
    expect((await entriesOf(payout.id)).map((e) => [e.key, e.amountKobo])).toEqual([
      [`payout:${payout.id}:payout:available`, -1_200_000],
      [`payout:${payout.id}:payout:paid_out`, 1_200_000],
      [`payout:${payout.id}:payout_reversal:paid_out`, -1_200_000],
      [`payout:${payout.id}:payout_reversal:available`, 1_200_000],
    ]);

    // The owner is told, by email and in the app, with what to do if it was not them.
    const vendor = await fresh().findOneOrFail(VendorSchema, { id: shop });
    const notice = await fresh().findOneOrFail(NotificationSchema, {
      user: vendor.user.id,
      kind: 'bank_account_changed',
    });
    expect(notice.title).toBe('Your payout bank account was changed');
    expect(notice.body).toContain('ending 7778');
    expect(notice.body).toContain("If this wasn't you, contact support");
    const mail = await fresh().findOneOrFail(EmailMessageSchema, {
      user: vendor.user.id,
      kind: 'bank_account_changed',
    });
    expect(mail.subject).toBe('Your payout bank account was changed');
    expect(mail.text).toContain(`ending ${oldAccount.slice(-4)}`);
    expect(mail.text).toContain('A payout of ₦12,000 not yet sent to the old account was cancelled');
    expect(mail.text).toContain("If this wasn't you");

    // The admin's shop view shows the change: when, the bank and last digits before and after.
    const adminToken = await sessionTokenFor(env.services, (await makeUser(fresh(), { role: 'admin' })).id);
    const detail = await env.caller(adminToken).admin.vendors.get({ id: shop });
    expect(detail.bank_changes).toEqual([
      {
        id: expect.any(Number),
        changed_at: expect.any(String),
        changed_by: 'Fixture Person',
        old_bank_code: '057',
        old_bank_name: 'Zenith Bank',
        old_account_last4: oldAccount.slice(-4),
        new_bank_code: '058',
        new_bank_name: 'Guaranty Trust Bank',
        new_account_last4: '7778',
      },
    ]);

    // The next runs (the settle job included) neither resend it nor pay the new account during the pause.
    await runPayouts(env.services, { trigger: 'schedule' });
    expect(await payoutsOf(shop)).toHaveLength(1);
    expect(await sandbox.transferRequestCount(payout.reference)).toBe(0);
    // After the pause the new account, now unchanged for 24 hours, is paid under a new payout.
    env.clock.advance(25 * 3_600_000);
    await runPayouts(env.services, { trigger: 'schedule' });
    const [, next] = await payoutsOf(shop);
    expect(next).toMatchObject({ amountKobo: 1_200_000, bankCode: '058', accountLast4: NEW_ACCOUNT.slice(-4) });
    expect(await transferredTo(next!.reference)).toBe(NEW_ACCOUNT);
  });

  it('a change after the transfer step took the payout leaves it to the recorded account: never redirected', async () => {
    const shop = await payableShop({ naira: 11_500 });
    const oldAccount = (await fresh().findOneOrFail(VendorSchema, { id: shop })).accountNumber;
    const token = await ownerToken(shop);
    sandbox.holdTransfers = true;
    // The change lands while the transfer request is on its way to Paystack.
    const provider = env.services.payments;
    const send = provider.transfer.bind(provider);
    vi.spyOn(provider, 'transfer').mockImplementation(async (input) => {
      if (input.reference.startsWith(`po-${shop}-`)) {
        await env.caller(token).auth.updateProfile({ bank_code: '058', account_number: NEW_ACCOUNT });
      }
      return send(input);
    });
    await runPayouts(env.services, { trigger: 'schedule' });
    const payout = await onlyPayout(shop);
    expect(payout.status).toBe('processing');
    expect(await transferredTo(payout.reference)).toBe(oldAccount);
    expect(await sandbox.transferRequestCount(payout.reference)).toBe(1);
    expect((await balance(shop)).availableKobo).toBe(0);
  });

  it('a process killed after writing the payout, then a bank change: the resumed transfer step never pays the new account', async () => {
    const shop = await payableShop({ naira: 13_000 });
    const token = await ownerToken(shop);
    sandbox.holdTransfers = true;
    // The process dies the moment the payout's transaction commits, before its transfer step.
    const hook = whenPayoutCommitted(shop, async () => {
      throw new Error('process killed');
    });
    try {
      await expect(runPayouts(env.services, { trigger: 'schedule' })).rejects.toThrow();
    } finally {
      hook.stop();
    }
    expect(hook.state.fired).toBe(true);
    const written = await onlyPayout(shop);
    expect(written.status).toBe('pending');
    await env.caller(token).auth.updateProfile({ bank_code: '058', account_number: NEW_ACCOUNT });
    // The transfer step (the settle job, the next runs), now and after the pause: never to the new account.
    await settleInFlight(env.services);
    await runPayouts(env.services, { trigger: 'schedule' });
    env.clock.advance(25 * 3_600_000);
    await settleInFlight(env.services);
    expect(await transferredTo(written.reference)).not.toBe(NEW_ACCOUNT);
    expect(await sandbox.transferRequestCount(written.reference)).toBe(0);
    const cancelled = await fresh().findOneOrFail(PayoutSchema, { id: written.id }, { disableIdentityMap: true });
    expect(cancelled.status).toBe('cancelled');
    expect((await balance(shop)).availableKobo).toBe(1_300_000);
  });
});
