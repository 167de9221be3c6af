import { signBody } from '@caps/api';
import {
  AuditLogSchema,
  type Em,
  type EventSubscriber,
  LedgerEntrySchema,
  makeUser,
  makeVendor,
  PayoutSchema,
  sessionTokenFor,
  VendorSchema,
} from '@caps/api/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRestTestEnv, type RestTestEnv } from './harness.js';

let env: RestTestEnv;
let adminToken: string;
let customerToken: string;
const fresh = () => env.services.orm.em.fork() as Em;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  env.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

function sandbox() {
  const s = env.services.sandbox;
  if (!s) throw new Error('the tests run on the sandbox');
  return s;
}

/** The documented sandbox account whose transfers fail (docs/finance.md). */
const FAILING_ACCOUNT = '0000000009';

beforeAll(async () => {
  env = await createRestTestEnv();
  const em = fresh();
  adminToken = await sessionTokenFor(env.services, (await makeUser(em, { role: 'admin' })).id);
  customerToken = await sessionTokenFor(env.services, (await makeUser(em)).id);
});
afterEach(() => {
  sandbox().holdTransfers = false;
});
afterAll(async () => env?.close());

/** A verified shop with a resolved bank account, given `naira` available by an admin adjustment over REST. */
async function shopWithBalance(naira: number, accountNumber = '0123456789') {
  const em = fresh();
  const vendor = await makeVendor(em);
  vendor.accountNumber = accountNumber;
  vendor.bankCode = '057';
  vendor.resolvedAccountName = 'MUSA IBRAHIM';
  vendor.bankVerifiedAt = new Date();
  await em.flush();
  const adjusted = await call('POST', `/admin/vendors/${vendor.id}/adjustments`, adminToken, {
    amount: naira,
    reason: 'Opening balance for the payout test',
  });
  expect(adjusted.statusCode).toBe(201);
  return { id: vendor.id, token: await sessionTokenFor(env.services, vendor.user.id) };
}

const payoutsOf = (vendorId: number) =>
  fresh().find(PayoutSchema, { vendor: vendorId }, { orderBy: { id: 'asc' }, disableIdentityMap: true });

/** Waits for the sandbox's webhook to reach the server and settle the payout (it comes on its own time). */
async function settledPayout(vendorId: number) {
  for (let i = 0; i < 100; i++) {
    const [payout] = await payoutsOf(vendorId);
    if (payout && payout.status !== 'pending' && payout.status !== 'processing') return payout;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the payout did not settle');
}

const signed = (body: string) => ({
  'content-type': 'application/json',
  'x-paystack-signature': signBody(sandbox().secretKey, body),
});
const postWebhook = (body: string, headers: Record<string, string>) =>
  env.app.inject({ method: 'POST', url: '/api/payment/webhook', headers, payload: body });

describe('payouts over REST', () => {
  it('an admin run pays the shop once; the signed transfer.success settles it; the vendor sees it', async () => {
    const shop = await shopWithBalance(25_000);
    const run = await call('POST', '/admin/payouts/run', adminToken);
    expect(run.statusCode).toBe(200);
    const mine = run.json().payouts.filter((p: { vendor_id: number }) => p.vendor_id === shop.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ amount: 25_000, vendor_id: shop.id });
    expect(run.json().created).toBeGreaterThanOrEqual(1);

    const payout = await settledPayout(shop.id);
    expect(payout.status).toBe('success');
    expect(await sandbox().transferRequestCount(payout.reference)).toBe(1);

    const listed = await call('GET', '/vendor/payouts', shop.token);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ total: 1, current_page: 1, last_page: 1 });
    expect(listed.json().data[0]).toMatchObject({
      id: payout.id,
      amount: 25_000,
      status: 'success',
      reference: payout.reference,
      failure_reason: null,
    });
    expect(listed.json().data[0].settled_at).toEqual(expect.any(String));
    const balance = await call('GET', '/vendor/balance', shop.token);
    expect(balance.json()).toMatchObject({ available: 0, paid_out: 25_000 });

    // Audited with what it paid.
    const audit = await fresh().findOneOrFail(AuditLogSchema, { action: 'payouts_run' }, { orderBy: { id: 'desc' } });
    expect(audit.details).toMatchObject({ created: run.json().created, total_amount: run.json().total_amount });

    // Run again: nothing more for this shop.
    expect((await call('POST', '/admin/payouts/run', adminToken)).statusCode).toBe(200);
    expect(await payoutsOf(shop.id)).toHaveLength(1);
  });

  it('a failing transfer (0000000009) gives the money back to the available balance', async () => {
    const shop = await shopWithBalance(6_000, FAILING_ACCOUNT);
    expect((await call('POST', '/admin/payouts/run', adminToken)).statusCode).toBe(200);
    const payout = await settledPayout(shop.id);
    expect(payout.status).toBe('failed');
    const balance = await call('GET', '/vendor/balance', shop.token);
    expect(balance.json()).toMatchObject({ available: 6_000, paid_out: 0 });
    const listed = (await call('GET', '/vendor/payouts', shop.token)).json();
    expect(listed.data[0].failure_reason).toEqual(expect.any(String));
  });
});

describe('transfer webhooks', () => {
  it('refuses a forged or unsigned transfer webhook with 401 and changes nothing', async () => {
    const shop = await shopWithBalance(7_000);
    sandbox().holdTransfers = true;
    expect((await call('POST', '/admin/payouts/run', adminToken)).statusCode).toBe(200);
    const [payout] = await payoutsOf(shop.id);
    expect(payout?.status).toBe('processing');
    const reference = payout?.reference as string;
    // The attacker's story: the transfer failed, so the money should go back to the shop (to be paid again).
    // Paystack's own delivery of the event is held back: the test sends it, forged and genuine.
    const hook = sandbox().onWebhook;
    sandbox().onWebhook = null;
    try {
      await sandbox().settleTransfer(reference, 'failed');
    } finally {
      sandbox().onWebhook = hook;
    }
    const body = (await sandbox().transferWebhookBody('transfer.failed', reference)) as string;
    const entriesBefore = await fresh().count(LedgerEntrySchema, { payout: payout?.id });

    const forged = await postWebhook(body, {
      'content-type': 'application/json',
      'x-paystack-signature': signBody('sk_test_not_our_key', body),
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toEqual(expect.any(String));
    const unsigned = await postWebhook(body, { 'content-type': 'application/json' });
    expect(unsigned.statusCode).toBe(401);
    const garbage = await postWebhook(body, { 'content-type': 'application/json', 'x-paystack-signature': 'abc' });
    expect(garbage.statusCode).toBe(401);

    const [after] = await payoutsOf(shop.id);
    expect(after?.status).toBe('processing');
    expect(await fresh().count(LedgerEntrySchema, { payout: payout?.id })).toBe(entriesBefore);
    expect((await call('GET', '/vendor/balance', shop.token)).json()).toMatchObject({ available: 0 });

    // The genuine event, signed by Paystack (the sandbox), ten times at once: applied once.
    const answers = await Promise.all(Array.from({ length: 10 }, () => postWebhook(body, signed(body))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    const [settled] = await payoutsOf(shop.id);
    expect(settled?.status).toBe('failed');
    expect(await fresh().count(LedgerEntrySchema, { payout: payout?.id, kind: 'payout_reversal' })).toBe(2);
    expect((await call('GET', '/vendor/balance', shop.token)).json()).toMatchObject({ available: 7_000, paid_out: 0 });
  });

  it('answers 200 to a signed transfer event of an unknown reference', async () => {
    const body = JSON.stringify({ event: 'transfer.success', data: { reference: 'po-424242-ffffffffffffffff' } });
    const answer = await postWebhook(body, signed(body));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: true });
  });
});

describe('who may read and run payouts', () => {
  it("keeps a vendor to its own shop's payouts: another shop's id is refused, never applied", async () => {
    const mine = await shopWithBalance(8_000);
    const theirs = await shopWithBalance(9_000);
    expect((await call('POST', '/admin/payouts/run', adminToken)).statusCode).toBe(200);
    await settledPayout(mine.id);
    await settledPayout(theirs.id);
    const own = await call('GET', '/vendor/payouts', mine.token);
    expect(own.json().data.map((p: { vendor_id: number }) => p.vendor_id)).toEqual([mine.id]);
    for (const query of [`vendor_id=${theirs.id}`, `vendor=${theirs.id}`, `id=${theirs.id}`]) {
      const refused = await call('GET', `/vendor/payouts?${query}`, mine.token);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toEqual(expect.any(String));
    }
    for (const query of ['page=0', 'per_page=0', 'per_page=abc', 'page=-1']) {
      const bad = await call('GET', `/vendor/payouts?${query}`, mine.token);
      expect(bad.statusCode).toBe(422);
    }
    expect((await call('GET', '/vendor/payouts', customerToken)).statusCode).toBe(403);
    expect((await call('GET', '/vendor/payouts')).statusCode).toBe(401);
  });

  it('lists every payout for an admin with status and shop filters, and refuses bad filters', async () => {
    const shop = await shopWithBalance(10_000);
    expect((await call('POST', '/admin/payouts/run', adminToken)).statusCode).toBe(200);
    await settledPayout(shop.id);
    const one = await call('GET', `/admin/payouts?vendor_id=${shop.id}`, adminToken);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toHaveLength(1);
    expect(one.json().data[0]).toMatchObject({ vendor_id: shop.id, amount: 10_000, status: 'success' });
    const succeeded = await call('GET', '/admin/payouts?status=success&per_page=500', adminToken);
    expect(succeeded.json().data.every((p: { status: string }) => p.status === 'success')).toBe(true);
    expect(succeeded.json().data.map((p: { vendor_id: number }) => p.vendor_id)).toContain(shop.id);
    for (const query of ['status=paid', 'vendor_id=abc', 'per_page=501', 'vendor=1']) {
      const bad = await call('GET', `/admin/payouts?${query}`, adminToken);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().message).toEqual(expect.any(String));
    }
  });

  it('refuses customers and vendors the admin payout calls (403), and anyone without a token (401)', async () => {
    const shop = await shopWithBalance(11_000);
    for (const token of [customerToken, shop.token]) {
      expect((await call('GET', '/admin/payouts', token)).statusCode).toBe(403);
      expect((await call('POST', '/admin/payouts/run', token)).statusCode).toBe(403);
    }
    expect((await call('POST', '/admin/payouts/run')).statusCode).toBe(401);
    // The refused runs paid nothing.
    expect(await payoutsOf(shop.id)).toHaveLength(0);
    const vendor = await fresh().findOneOrFail(VendorSchema, { id: shop.id });
    expect(vendor.payoutSeq).toBe(0);
  });
});

describe('a bank change during a payout run (issue 25, finding 1)', () => {
  it('PUT /api/profile right after the payout is written: it is cancelled, never sent to the new account', async () => {
    const shop = await shopWithBalance(14_000);
    const NEW_ACCOUNT = '5556667778';
    sandbox().holdTransfers = true;
    // The attacker polls GET /api/vendor/payouts and changes the account as soon as a pending payout shows:
    // here the moment the payout's transaction commits, before the run's transfer step.
    let changing: ReturnType<typeof call> | null = null;
    const subscriber: EventSubscriber = {
      async afterTransactionCommit() {
        if (changing) return;
        const listed = await call('GET', '/vendor/payouts', shop.token);
        if (!listed.json().data.some((p: { status: string }) => p.status === 'pending')) return;
        changing = call('PUT', '/profile', shop.token, { account_number: NEW_ACCOUNT, bank_code: '058' });
        await changing;
      },
    };
    const events = env.services.orm.em.getEventManager();
    events.registerSubscriber(subscriber);
    try {
      expect((await call('POST', '/admin/payouts/run', adminToken)).statusCode).toBe(200);
    } finally {
      events.getSubscribers().delete(subscriber);
    }
    expect(changing).not.toBeNull();
    const answer = await (changing as unknown as ReturnType<typeof call>);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().vendor.payouts_paused_until).toEqual(expect.any(String));

    const [payout] = await payoutsOf(shop.id);
    const sent = await sandbox().verifyTransfer(payout?.reference as string);
    expect(sent.data?.recipient.details.account_number).not.toBe(NEW_ACCOUNT);
    expect(await sandbox().transferRequestCount(payout?.reference as string)).toBe(0);

    const listed = (await call('GET', '/vendor/payouts', shop.token)).json();
    expect(listed.data[0]).toMatchObject({
      id: payout?.id,
      amount: 14_000,
      status: 'cancelled',
      bank_code: '057',
      account_last4: '6789',
    });
    expect(listed.data[0].failure_reason).toMatch(/bank account/);
    expect((await call('GET', '/vendor/balance', shop.token)).json()).toMatchObject({ available: 14_000, paid_out: 0 });

    // The admin's shop view lists the change.
    const detail = await call('GET', `/admin/vendors/${shop.id}`, adminToken);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().bank_changes).toMatchObject([
      { old_bank_code: '057', old_account_last4: '6789', new_bank_code: '058', new_account_last4: '7778' },
    ]);
  });
});
