import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ProviderRequestError, signatureMatches } from '../src/modules/payment/provider.js';
import {
  PaystackSandbox,
  SANDBOX_DECLINED_CARD,
  SANDBOX_FAILING_TRANSFER_ACCOUNT,
  SANDBOX_REFUND_IN_PROGRESS,
  SANDBOX_REFUND_TOO_MUCH,
  SANDBOX_RESOLVE_FAILURE,
  SANDBOX_SUCCESS_CARD,
  SANDBOX_UNRESOLVABLE_ACCOUNT,
  SandboxProvider,
} from '../src/modules/payment/sandbox.js';
import { createTestEnv, type TestEnv } from './harness.js';

/**
 * The sandbox must answer like Paystack: its initialize and verify answers are checked against the
 * response schemas of Paystack's own OpenAPI description (MIT, copied beside this test from
 * shared/reference so the suite runs anywhere).
 */
const document = parse(readFileSync(join(import.meta.dirname, 'paystack/paystack-openapi.yaml'), 'utf8')) as {
  components: Record<string, unknown>;
};

/** OpenAPI 3.0's `nullable` in JSON Schema terms: a null type added, or no constraint where no type is given. */
function jsonSchemaOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(jsonSchemaOf);
  if (!node || typeof node !== 'object') return node;
  const { nullable, ...rest } = node as Record<string, unknown>;
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, jsonSchemaOf(v)]));
  if (nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  return out;
}

const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addSchema({ $id: 'paystack', components: jsonSchemaOf(document.components) });
const validator = (name: string) => ajv.compile({ $ref: `paystack#/components/schemas/${name}` });

let env: TestEnv;
/** The sandbox of the test environment's services; `openSandbox()` opens another on the same database (as a second process would). */
let sandbox: PaystackSandbox;
const openSandbox = () => PaystackSandbox.open(env.services.orm);
beforeAll(async () => {
  env = await createTestEnv();
  if (!env.services.sandbox) throw new Error('the tests run on the sandbox');
  sandbox = env.services.sandbox;
});
afterAll(async () => env?.close());

describe('the payment sandbox answers as Paystack does', () => {
  it('initialize validates against TransactionInitializeResponse', async () => {
    const answer = await sandbox.initialize({
      email: 'a@example.com',
      amount: 2_450_000,
      reference: 'CAPS-1-abc',
      callback_url: 'http://x/payment/callback',
    });
    const validate = validator('TransactionInitializeResponse');
    expect(validate(answer), JSON.stringify(validate.errors)).toBe(true);
  });

  it('verify validates against VerifyResponse before and after paying, for both test cards', async () => {
    const validate = validator('VerifyResponse');
    for (const [reference, card] of [
      ['CAPS-2-ok', SANDBOX_SUCCESS_CARD],
      ['CAPS-3-declined', SANDBOX_DECLINED_CARD],
    ] as const) {
      await sandbox.initialize({ email: 'a@example.com', amount: 1_000_000, reference, callback_url: 'http://x/cb' });
      const before = await sandbox.verify(reference);
      expect(validate(before), JSON.stringify(validate.errors)).toBe(true);
      await sandbox.pay(reference, card);
      const after = await sandbox.verify(reference);
      expect(validate(after), JSON.stringify(validate.errors)).toBe(true);
      expect(after.data?.status).toBe(card === SANDBOX_SUCCESS_CARD ? 'success' : 'failed');
      expect(after.data?.amount).toBe(1_000_000);
      expect(after.data?.currency).toBe('NGN');
    }
  });

  it('a schema check that can fail: a broken answer is refused', async () => {
    const validate = validator('VerifyResponse');
    expect(validate({ status: 'yes', message: 1 })).toBe(false);
  });

  it('the bank list validates against MiscellaneousListBanksResponse and holds the real codes', async () => {
    const validate = validator('MiscellaneousListBanksResponse');
    const answer = sandbox.listBanks();
    expect(validate(answer), JSON.stringify(validate.errors)).toBe(true);
    const codes = new Map(answer.data.map((bank) => [bank.name, bank.code]));
    expect(codes.get('Access Bank')).toBe('044');
    expect(codes.get('First Bank of Nigeria')).toBe('011');
    expect(codes.get('United Bank For Africa')).toBe('033');
    expect(codes.get('Kuda Bank')).toBe('50211');
    expect(codes.get('OPay Digital Services Limited (OPay)')).toBe('999992');
    expect(new Set(answer.data.map((bank) => bank.code)).size).toBe(answer.data.length);
    for (const bank of answer.data) {
      expect(bank).toMatchObject({ country: 'Nigeria', currency: 'NGN', type: 'nuban', active: true });
    }
  });

  it('resolve validates against VerificationResolveAccountNumberResponse; the same input gives the same name', async () => {
    const validate = validator('VerificationResolveAccountNumberResponse');
    const answer = sandbox.resolveAccount('0123456789', '058');
    expect(validate(answer), JSON.stringify(validate.errors)).toBe(true);
    if (!answer.status) throw new Error('expected a resolved account');
    expect(answer.data.account_name).toMatch(/^[A-Z]+( [A-Z]+){1,2}$/);
    const again = sandbox.resolveAccount('0123456789', '058');
    expect(again.status && again.data.account_name).toBe(answer.data.account_name);
    // Another number or bank: (almost always) another name; over a handful, names differ.
    const names = new Set(
      ['0123456780', '0123456781', '0123456782', '0123456783', '0123456784'].map((n) => {
        const other = sandbox.resolveAccount(n, '058');
        return other.status ? other.data.account_name : '';
      }),
    );
    expect(names.size).toBeGreaterThan(1);
  });

  it("resolve of the documented failing number answers Paystack's 422 Error", async () => {
    const validate = validator('Error');
    const answer = sandbox.resolveAccount(SANDBOX_UNRESOLVABLE_ACCOUNT, '058');
    expect(validate(answer), JSON.stringify(validate.errors)).toBe(true);
    expect(answer).toMatchObject({ status: false, message: SANDBOX_RESOLVE_FAILURE, httpStatus: 422 });
    expect(sandbox.resolveAccount('012345678', '058').status).toBe(false);
    expect(sandbox.resolveAccount('0123456789', '999').status).toBe(false);
  });

  it('transfer recipient, transfer and transfer verify validate against their response schemas', async () => {
    const own = await openSandbox();
    own.holdTransfers = true;
    const recipient = await own.createTransferRecipient({
      type: 'nuban',
      name: 'Ade Stores',
      account_number: '0123456789',
      bank_code: '044',
      currency: 'NGN',
    });
    const validateRecipient = validator('TransferRecipientCreateResponse');
    expect(validateRecipient(recipient), JSON.stringify(validateRecipient.errors)).toBe(true);
    if (!recipient.status) throw new Error('expected a recipient');
    expect(recipient.data.recipient_code).toMatch(/^RCP_/);
    expect(recipient.data.details.bank_name).toBe('Access Bank');

    const transfer = await own.transfer({
      source: 'balance',
      amount: 750_000,
      recipient: recipient.data.recipient_code,
      reference: 'PAYOUT-1-a',
      reason: 'Caps payout',
      currency: 'NGN',
    });
    const validateTransfer = validator('TransferCreateResponse');
    expect(validateTransfer(transfer), JSON.stringify(validateTransfer.errors)).toBe(true);
    if (!transfer.status) throw new Error('expected a transfer');
    expect(transfer.data.transfer_code).toMatch(/^TRF_/);

    const validateVerify = validator('TransferVerifyResponse');
    const pending = await own.verifyTransfer('PAYOUT-1-a');
    expect(validateVerify(pending), JSON.stringify(validateVerify.errors)).toBe(true);
    expect(pending.data?.status).toBe('pending');
    await own.settleTransfer('PAYOUT-1-a', 'success');
    const settled = await own.verifyTransfer('PAYOUT-1-a');
    expect(validateVerify(settled), JSON.stringify(validateVerify.errors)).toBe(true);
    expect(settled.data).toMatchObject({ status: 'success', amount: 750_000, reference: 'PAYOUT-1-a' });

    const unknown = await own.verifyTransfer('PAYOUT-unknown');
    expect(validator('Error')(unknown)).toBe(true);
    expect(unknown).toMatchObject({ status: false, httpStatus: 404 });
  });

  it('a second transfer with a seen reference answers the first; the sandbox counts the requests', async () => {
    const own = await openSandbox();
    own.holdTransfers = true;
    const recipient = await own.createTransferRecipient({
      type: 'nuban',
      name: 'A',
      account_number: '0123456789',
      bank_code: '057',
    });
    if (!recipient.status) throw new Error('expected a recipient');
    const again = await own.createTransferRecipient({
      type: 'nuban',
      name: 'A',
      account_number: '0123456789',
      bank_code: '057',
    });
    expect(again.status && again.data.recipient_code).toBe(recipient.data.recipient_code);
    const body = {
      source: 'balance',
      amount: 100_000,
      recipient: recipient.data.recipient_code,
      reference: 'R-dup',
      reason: 'x',
    };
    const transfersBefore = await own.transferCount();
    const first = await own.transfer(body);
    const second = await own.transfer({ ...body, amount: 999_900 });
    expect(first.status && second.status).toBe(true);
    if (!first.status || !second.status) return;
    expect(second.data.transfer_code).toBe(first.data.transfer_code);
    expect(second.data.amount).toBe(100_000);
    expect(await own.transferRequestCount('R-dup')).toBe(2);
    expect((await own.transferCount()) - transfersBefore).toBe(1);
  });

  it('transfers settle on their own with signed events; the failing account fails; a reversal is emitted', async () => {
    const own = await openSandbox();
    const events: { body: string; signature: string }[] = [];
    own.onWebhook = (body, signature) => events.push({ body, signature });
    const provider = new SandboxProvider(own);
    const ok = await provider.createTransferRecipient({ name: 'Good', accountNumber: '0123456789', bankCode: '011' });
    const bad = await provider.createTransferRecipient({
      name: 'Bad',
      accountNumber: SANDBOX_FAILING_TRANSFER_ACCOUNT,
      bankCode: '011',
    });
    await provider.transfer({ amountKobo: 500_000, recipientCode: ok.recipientCode, reference: 'T-ok', reason: 'p' });
    await provider.transfer({ amountKobo: 600_000, recipientCode: bad.recipientCode, reference: 'T-bad', reason: 'p' });
    await own.idle();
    expect(events.map((e) => JSON.parse(e.body).event).sort()).toEqual(['transfer.failed', 'transfer.success']);
    const validateVerify = validator('TransferVerifyResponse');
    for (const event of events) {
      expect(signatureMatches(own.secretKey, event.body, event.signature)).toBe(true);
      expect(signatureMatches(own.secretKey, `${event.body} `, event.signature)).toBe(false);
      const parsed = JSON.parse(event.body) as { event: string; data: { reference: string } };
      // The event's data is the verify answer's data.
      expect(parsed.data).toEqual((await own.verifyTransfer(parsed.data.reference)).data);
      expect(validateVerify({ status: true, message: 'x', data: parsed.data })).toBe(true);
    }
    expect(await provider.verifyTransfer('T-bad')).toMatchObject({ status: 'failed', amount: 600_000 });
    expect((await provider.verifyTransfer('T-bad'))?.reason).toBeTruthy();
    expect(await provider.verifyTransfer('T-ok')).toMatchObject({ status: 'success', reason: null });
    expect(await provider.verifyTransfer('T-none')).toBeNull();

    expect(await own.reverseTransfer('T-ok')).toBe(true);
    const reversed = JSON.parse(events[2]?.body ?? '{}') as { event: string; data: { status: string } };
    expect(reversed).toMatchObject({ event: 'transfer.reversed', data: { status: 'reversed' } });
    expect(signatureMatches(own.secretKey, events[2]?.body ?? '', events[2]?.signature)).toBe(true);
    expect(await own.reverseTransfer('T-bad')).toBe(false);
  });

  it('held transfers stay pending until settled by the test', async () => {
    const own = await openSandbox();
    own.holdTransfers = true;
    const events: string[] = [];
    own.onWebhook = (body) => events.push(body);
    const provider = new SandboxProvider(own);
    const { recipientCode } = await provider.createTransferRecipient({
      name: 'H',
      accountNumber: '1234567890',
      bankCode: '035',
    });
    const sent = await provider.transfer({ amountKobo: 100_000, recipientCode, reference: 'T-held', reason: 'p' });
    expect(sent.status).toBe('pending');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(events).toEqual([]);
    expect(await own.settleTransfer('T-held', 'failed')).toBe(true);
    expect(await own.settleTransfer('T-held', 'success')).toBe(false);
    expect(JSON.parse(events[0] ?? '{}').event).toBe('transfer.failed');
  });
});

describe('the payment sandbox refunds as Paystack does', () => {
  /** A sandbox with one successful transaction of `amount` kobo. */
  async function paid(reference: string, amount: number) {
    const own = await openSandbox();
    await own.initialize({ email: 'buyer@example.com', amount, reference, callback_url: 'http://x/cb' });
    await own.pay(reference, SANDBOX_SUCCESS_CARD);
    return own;
  }

  it('create, fetch and list validate against RefundCreateResponse, RefundFetchResponse and RefundListResponse', async () => {
    const own = await paid('CAPS-R-1', 1_000_001);
    own.holdRefunds = true;
    const created = await own.refund({
      transaction: 'CAPS-R-1',
      amount: 250_001,
      merchant_note: 'caps-refund-7 goodwill',
    });
    const validateCreate = validator('RefundCreateResponse');
    expect(validateCreate(created), JSON.stringify(validateCreate.errors)).toBe(true);
    if (!created.status) throw new Error('expected a refund');
    expect(created.data).toMatchObject({ amount: 250_001, status: 'pending', currency: 'NGN' });
    expect(created.data.transaction.reference).toBe('CAPS-R-1');

    const validateFetch = validator('RefundFetchResponse');
    const fetched = await own.fetchRefund(created.data.id);
    expect(validateFetch(fetched), JSON.stringify(validateFetch.errors)).toBe(true);
    expect(fetched.data).toMatchObject({
      id: created.data.id,
      status: 'pending',
      amount: 250_001,
      transaction_reference: 'CAPS-R-1',
      merchant_note: 'caps-refund-7 goodwill',
    });
    await own.settleRefund(created.data.id, 'processed');
    const processed = await own.fetchRefund(created.data.id);
    expect(validateFetch(processed), JSON.stringify(validateFetch.errors)).toBe(true);
    expect(processed.data?.status).toBe('processed');
    expect(processed.data?.refunded_at).toBeTruthy();

    const validateList = validator('RefundListResponse');
    const list = await own.listRefunds();
    expect(validateList(list), JSON.stringify(validateList.errors)).toBe(true);
    expect(list.data?.filter((r) => r.transaction_reference === 'CAPS-R-1').map((r) => r.id)).toEqual([
      created.data.id,
    ]);

    const unknown = await own.fetchRefund(99);
    expect(validator('Error')(unknown)).toBe(true);
    expect(unknown).toMatchObject({ status: false, httpStatus: 404 });
  });

  it("GET /refund pages by Paystack's documented perPage, page, from and to, newest first, with no transaction filter", async () => {
    const own = await paid('CAPS-R-pages', 1_000_000);
    own.holdRefunds = true;
    const before = new Date().toISOString();
    const ids: number[] = [];
    for (let amount = 1; amount <= 7; amount++) {
      const made = await own.refund({ transaction: 'CAPS-R-pages', amount });
      if (!made.status) throw new Error(made.message);
      ids.push(made.data.id);
    }
    const after = new Date().toISOString();
    const validateList = validator('RefundListResponse');
    const pages = [];
    for (let page = 1; page <= 4; page++) {
      const answer = await own.listRefunds({ perPage: 3, page, from: before, to: after });
      expect(validateList(answer), JSON.stringify(validateList.errors)).toBe(true);
      if (!answer.status) throw new Error(answer.message);
      expect(answer.meta).toMatchObject({ total: 7, perPage: '3', page, pageCount: 3, skipped: (page - 1) * 3 });
      pages.push(answer.data.map((r) => r.id));
    }
    expect(pages).toEqual([ids.slice(4).reverse(), ids.slice(1, 4).reverse(), ids.slice(0, 1), []]);
    // Outside the window: none of them.
    const later = await own.listRefunds({ from: new Date(Date.parse(after) + 1).toISOString() });
    expect(later.status && later.data.filter((r) => ids.includes(r.id))).toEqual([]);
    // Paystack's default page is 50; nonsense is refused as Paystack refuses it.
    const whole = await own.listRefunds();
    expect(whole.status && whole.meta.perPage).toBe('50');
    expect(await own.listRefunds({ perPage: 0 })).toMatchObject({ status: false, httpStatus: 400 });
    expect(await own.listRefunds({ from: 'yesterday' })).toMatchObject({ status: false, httpStatus: 400 });
  });

  it('never refunds more than the transaction less its refunds that did not fail; a failed one frees its part', async () => {
    const own = await paid('CAPS-R-2', 100_000);
    own.holdRefunds = true;
    const first = await own.refund({ transaction: 'CAPS-R-2', amount: 60_000 });
    expect(first.status).toBe(true);
    const tooMuch = await own.refund({ transaction: 'CAPS-R-2', amount: 40_001 });
    expect(validator('Error')(tooMuch)).toBe(true);
    expect(tooMuch).toMatchObject({ status: false, message: SANDBOX_REFUND_TOO_MUCH, httpStatus: 400 });
    // The same amount while the first is in progress is refused too (one per transaction and amount).
    expect(await own.refund({ transaction: 'CAPS-R-2', amount: 60_000 })).toMatchObject({
      status: false,
      message: SANDBOX_REFUND_TOO_MUCH,
    });
    const second = await own.refund({ transaction: 'CAPS-R-2', amount: 20_000 });
    expect(second.status).toBe(true);
    expect(await own.refund({ transaction: 'CAPS-R-2', amount: 20_000 })).toMatchObject({
      status: false,
      message: SANDBOX_REFUND_IN_PROGRESS,
    });
    if (!first.status) return;
    expect(await own.settleRefund(first.data.id, 'failed')).toBe(true);
    expect(await own.settleRefund(first.data.id, 'processed')).toBe(false);
    expect((await own.refund({ transaction: 'CAPS-R-2', amount: 80_000 })).status).toBe(true);
    expect(await own.refund({ transaction: 'CAPS-R-2', amount: 1 })).toMatchObject({ status: false });
    expect(await own.refundRequestCount('CAPS-R-2')).toBe(7);

    // Unknown, unpaid transactions: refused.
    expect(await own.refund({ transaction: 'CAPS-none', amount: 100 })).toMatchObject({
      status: false,
      httpStatus: 404,
    });
    await own.initialize({
      email: 'a@example.com',
      amount: 5_000,
      reference: 'CAPS-R-unpaid',
      callback_url: 'http://x',
    });
    expect(await own.refund({ transaction: 'CAPS-R-unpaid', amount: 100 })).toMatchObject({
      status: false,
      httpStatus: 400,
    });
  });

  it('refunds settle on their own with signed refund.processed events; held ones can be failed', async () => {
    const own = await paid('CAPS-R-3', 500_000);
    const events: { body: string; signature: string }[] = [];
    own.onWebhook = (body, signature) => events.push({ body, signature });
    const provider = new SandboxProvider(own);
    const refund = await provider.refund({ transactionReference: 'CAPS-R-3', amountKobo: 100_000, reason: 'r' });
    expect(refund).toMatchObject({
      status: 'pending',
      amount: 100_000,
      currency: 'NGN',
      transactionReference: 'CAPS-R-3',
    });
    await own.idle();
    expect(events).toHaveLength(1);
    const event = JSON.parse(events[0]?.body ?? '{}') as { event: string; data: { id: string; status: string } };
    expect(event).toMatchObject({ event: 'refund.processed', data: { id: refund.id, status: 'processed' } });
    expect(signatureMatches(own.secretKey, events[0]?.body ?? '', events[0]?.signature)).toBe(true);
    expect(await provider.fetchRefund(refund.id)).toMatchObject({ status: 'processed', amount: 100_000 });
    expect(await provider.fetchRefund('999999')).toBeNull();
    expect(await provider.fetchRefund('not-a-number')).toBeNull();

    own.holdRefunds = true;
    const held = await provider.refund({ transactionReference: 'CAPS-R-3', amountKobo: 50_000, reason: 'r' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(events).toHaveLength(1);
    expect(await own.settleRefund(held.id, 'failed')).toBe(true);
    expect(JSON.parse(events[1]?.body ?? '{}')).toMatchObject({ event: 'refund.failed', data: { status: 'failed' } });
    expect((await provider.listRefunds('CAPS-R-3', new Date(0))).map((r) => [r.amount, r.status])).toEqual([
      [50_000, 'failed'],
      [100_000, 'processed'],
    ]);
    await expect(
      provider.refund({ transactionReference: 'CAPS-R-3', amountKobo: 400_001, reason: 'r' }),
    ).rejects.toBeInstanceOf(ProviderRequestError);
    own.unavailable = true;
    await expect(provider.listRefunds('CAPS-R-3', new Date(0))).rejects.toThrow(/switched off/);
  });
});
