import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BANK_CHANGE_PAYOUT_PAUSE_HOURS,
  BANKS,
  ERROR_MESSAGES,
  FINANCE_TEXT,
  VALIDATION_MESSAGES,
} from '@caps/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AuditLogSchema, UserSchema } from '../src/modules/auth/auth.entities.js';
import { matchBank, SPEC_BANK_CODES } from '../src/modules/finance/banks.service.js';
import {
  type PaymentProvider,
  PaystackProvider,
  ProviderRequestError,
  ProviderUnavailableError,
} from '../src/modules/payment/provider.js';
import {
  type PaystackSandbox,
  SANDBOX_UNRESOLVABLE_ACCOUNT,
  SandboxProvider,
  sandboxAccountName,
} from '../src/modules/payment/sandbox.js';
import { VendorSchema } from '../src/modules/vendors/vendors.entities.js';
import { createTestEnv, customerInput, failureOf, type TestEnv, vendorInput } from './harness.js';

const RESOLVE_LIMIT = 5;

let env: TestEnv;
let provider: PaymentProvider;
beforeAll(async () => {
  env = await createTestEnv({ limits: { bankResolvePerIp: RESOLVE_LIMIT } });
  provider = env.services.payments;
});
afterEach(() => {
  env.services.payments = provider;
});
afterAll(async () => env?.close());

/** Paystack unreachable for every call (bank list included: a fresh provider has no cached list). */
class DownProvider extends SandboxProvider {
  constructor() {
    super(env.services.sandbox as PaystackSandbox);
  }
  override async listBanks(): Promise<never> {
    throw new ProviderUnavailableError('connect ECONNREFUSED');
  }
  override async resolveAccount(): Promise<never> {
    throw new ProviderUnavailableError('connect ECONNREFUSED');
  }
}

/** Paystack answers the (cached) bank list but cannot resolve: the resolve call itself is down. */
function resolveDown() {
  const sandbox = env.services.sandbox;
  if (!sandbox) throw new Error('the tests run on the sandbox');
  const down = new SandboxProvider(sandbox);
  down.listBanks = () => provider.listBanks();
  down.resolveAccount = async () => {
    throw new ProviderUnavailableError('timeout');
  };
  env.services.payments = down;
}

let ipCounter = 0;
/** A caller from a fresh address, so the resolve limit of one test does not spill into another. */
const freshCaller = (token?: string) => env.caller(token, `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`);

const em = () => env.services.orm.em.fork();
const userCount = () => em().count(UserSchema, {});

describe('banks.list', () => {
  it("answers Paystack's Nigerian banks as {name, code}, sorted by name", async () => {
    const banks = await env.caller().banks.list();
    expect(banks.length).toBeGreaterThanOrEqual(28);
    for (const bank of banks) expect(Object.keys(bank).sort()).toEqual(['code', 'name']);
    const names = banks.map((b) => b.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const code = (name: string) => banks.find((b) => b.name === name)?.code;
    expect(code('Access Bank')).toBe('044');
    expect(code('First Bank of Nigeria')).toBe('011');
    expect(code('Guaranty Trust Bank')).toBe('058');
    expect(code('United Bank For Africa')).toBe('033');
    expect(code('Zenith Bank')).toBe('057');
    expect(code('Kuda Bank')).toBe('50211');
    expect(code('Moniepoint MFB')).toBe('50515');
    expect(code('OPay Digital Services Limited (OPay)')).toBe('999992');
    expect(code('Globus Bank')).toBe('00103');
  });

  it('is kept in memory: the list still answers while Paystack is down, and 503 when never fetched', async () => {
    const sandbox = env.services.sandbox as PaystackSandbox;
    const fetched = await env.caller().banks.list();
    sandbox.unavailable = true;
    try {
      await expect(provider.listBanks()).rejects.toBeInstanceOf(ProviderUnavailableError);
      expect(await env.caller().banks.list()).toEqual(fetched);
    } finally {
      sandbox.unavailable = false;
    }
    env.services.payments = new DownProvider();
    const failure = await failureOf(env.caller().banks.list());
    expect(failure.code).toBe('SERVICE_UNAVAILABLE');
    expect(failure.message).toBe(FINANCE_TEXT.bankServiceDown);
  });
});

describe('matchBank', () => {
  const banksOf = () => env.caller().banks.list();

  it("maps the spec's eight names to their Paystack codes", async () => {
    const banks = await banksOf();
    expect(SPEC_BANK_CODES).toMatchObject({
      'First Bank Nigeria': '011',
      'United Bank for Africa': '033',
      Ecobank: '050',
    });
    for (const name of BANKS) {
      expect(matchBank(banks, { bank_name: name })?.code).toBe(SPEC_BANK_CODES[name]);
      expect(matchBank(banks, { bank_name: `  ${name.toUpperCase()} ` })?.code).toBe(SPEC_BANK_CODES[name]);
    }
  });

  it('matches any list name case-insensitively, a code to its bank, and nothing else', async () => {
    const banks = await banksOf();
    expect(matchBank(banks, { bank_name: 'kuda bank' })).toEqual({ name: 'Kuda Bank', code: '50211' });
    expect(matchBank(banks, { bank_name: 'first bank of nigeria' })?.code).toBe('011');
    expect(matchBank(banks, { bank_code: '058' })?.name).toBe('Guaranty Trust Bank');
    expect(matchBank(banks, { bank_code: '999' })).toBeNull();
    expect(matchBank(banks, { bank_name: 'Bank of the Moon' })).toBeNull();
    expect(matchBank(banks, {})).toBeNull();
    // A code decides over a name.
    expect(matchBank(banks, { bank_code: '057', bank_name: 'Access Bank' })?.code).toBe('057');
  });
});

describe('banks.resolve', () => {
  it('answers the name the bank holds, the same every time', async () => {
    const caller = freshCaller();
    const first = await caller.banks.resolve({ account_number: '0123456789', bank_code: '058' });
    expect(first).toEqual({
      account_name: sandboxAccountName('058', '0123456789'),
      account_number: '0123456789',
      bank_code: '058',
      bank_name: 'Guaranty Trust Bank',
    });
    expect(first.account_name).toMatch(/^[A-Z]+( [A-Z]+){1,2}$/);
    expect(await caller.banks.resolve({ account_number: '0123456789', bank_code: '058' })).toEqual(first);
  });

  it('refuses an account number that is not 10 digits with the field message', async () => {
    for (const account_number of ['012345678', '01234567890', '01234x6789', '']) {
      const failure = await failureOf(freshCaller().banks.resolve({ account_number, bank_code: '058' }));
      expect(failure.fields.account_number?.[0]).toBeTruthy();
    }
    const failure = await failureOf(freshCaller().banks.resolve({ account_number: '12345', bank_code: '058' }));
    expect(failure.fields.account_number).toEqual([VALIDATION_MESSAGES.accountNumber]);
  });

  it('answers 422 ACCOUNT_NOT_RESOLVED for the documented failing number', async () => {
    const failure = await failureOf(
      freshCaller().banks.resolve({ account_number: SANDBOX_UNRESOLVABLE_ACCOUNT, bank_code: '058' }),
    );
    expect(failure.code).toBe('UNPROCESSABLE_CONTENT');
    expect(failure.fields).toEqual({ account_number: [FINANCE_TEXT.accountNotResolved] });
  });

  it('answers 422 ACCOUNT_NOT_RESOLVED on bank_code for a code not in the list', async () => {
    const failure = await failureOf(freshCaller().banks.resolve({ account_number: '0123456789', bank_code: '999' }));
    expect(failure.code).toBe('UNPROCESSABLE_CONTENT');
    expect(failure.fields).toEqual({ bank_code: [FINANCE_TEXT.accountNotResolved] });
  });

  it('answers 503 BANK_UNAVAILABLE when Paystack cannot be reached', async () => {
    await env.caller().banks.list();
    resolveDown();
    const failure = await failureOf(freshCaller().banks.resolve({ account_number: '0123456789', bank_code: '058' }));
    expect(failure.code).toBe('SERVICE_UNAVAILABLE');
    expect(failure.message).toBe(FINANCE_TEXT.bankServiceDown);
  });

  it(`is counted per IP address: call ${RESOLVE_LIMIT + 1} in the window is 429, failed ones count too`, async () => {
    const ip = '203.0.113.77';
    let paystackCalls = 0;
    const counting = new SandboxProvider(env.services.sandbox as PaystackSandbox);
    counting.resolveAccount = async (number, code) => {
      paystackCalls += 1;
      return provider.resolveAccount(number, code);
    };
    env.services.payments = counting;
    for (let i = 0; i < RESOLVE_LIMIT; i++) {
      const account_number = i === 0 ? SANDBOX_UNRESOLVABLE_ACCOUNT : `012345678${i}`;
      await env
        .caller(undefined, ip)
        .banks.resolve({ account_number, bank_code: '044' })
        .catch(() => undefined);
    }
    const failure = await failureOf(
      env.caller(undefined, ip).banks.resolve({ account_number: '0123456789', bank_code: '044' }),
    );
    expect(failure.code).toBe('TOO_MANY_REQUESTS');
    expect(paystackCalls).toBe(RESOLVE_LIMIT);
    // Another address is not held.
    await expect(
      env.caller(undefined, '203.0.113.78').banks.resolve({ account_number: '0123456789', bank_code: '044' }),
    ).resolves.toMatchObject({ bank_code: '044' });
  });
});

describe('vendor registration checks the bank account', () => {
  it('refuses an account the bank does not know, and creates nothing', async () => {
    const input = vendorInput({ account_number: SANDBOX_UNRESOLVABLE_ACCOUNT });
    const before = await userCount();
    const failure = await failureOf(freshCaller().auth.register(input));
    expect(failure.code).toBe('UNPROCESSABLE_CONTENT');
    expect(failure.fields).toEqual({ account_number: [FINANCE_TEXT.accountNotResolved] });
    expect(await userCount()).toBe(before);
    expect(await em().count(UserSchema, { email: input.email })).toBe(0);
  });

  it("stores 'First Bank Nigeria' as code 011 with the resolved name", async () => {
    const input = vendorInput({ bank_name: 'First Bank Nigeria', account_number: '2034567891' });
    const { user } = await freshCaller().auth.register(input);
    expect(user.vendor).toMatchObject({
      bank_name: 'First Bank Nigeria',
      bank_code: '011',
      account_number: '2034567891',
      resolved_account_name: sandboxAccountName('011', '2034567891'),
      payouts_paused_until: null,
    });
    const vendor = await em().findOneOrFail(VendorSchema, { user: user.id });
    expect(vendor.bankCode).toBe('011');
    expect(vendor.resolvedAccountName).toBe(sandboxAccountName('011', '2034567891'));
    expect(vendor.bankVerifiedAt).toBeInstanceOf(Date);
  });

  it("takes bank_code alone ('033') and stores the list's name", async () => {
    const { bank_name: _none, ...input } = vendorInput({ bank_code: '033', account_number: '3045678912' });
    const { user } = await freshCaller().auth.register(input);
    expect(user.vendor).toMatchObject({
      bank_name: 'United Bank For Africa',
      bank_code: '033',
      resolved_account_name: sandboxAccountName('033', '3045678912'),
    });
  });

  it('takes any bank of the list by name, case-insensitively', async () => {
    const { user } = await freshCaller().auth.register(vendorInput({ bank_name: 'kuda bank' }));
    expect(user.vendor).toMatchObject({ bank_name: 'Kuda Bank', bank_code: '50211' });
  });

  it('refuses a bank not in the list, a code not in the list, and a name and code that disagree', async () => {
    const before = await userCount();
    const unknownName = await failureOf(freshCaller().auth.register(vendorInput({ bank_name: 'Bank of the Moon' })));
    expect(unknownName.code).toBe('UNPROCESSABLE_CONTENT');
    expect(unknownName.fields).toEqual({ bank_name: [VALIDATION_MESSAGES.bankName] });
    const unknownCode = await failureOf(freshCaller().auth.register(vendorInput({ bank_code: '999' })));
    expect(unknownCode.fields).toEqual({ bank_code: [FINANCE_TEXT.accountNotResolved] });
    const disagree = await failureOf(
      freshCaller().auth.register(vendorInput({ bank_name: 'Zenith Bank', bank_code: '044' })),
    );
    expect(disagree.code).toBe('UNPROCESSABLE_CONTENT');
    expect(Object.keys(disagree.fields)).toEqual(['bank_name']);
    expect(await userCount()).toBe(before);
  });

  it('needs bank_name or bank_code from a vendor and refuses bank_code from a customer', async () => {
    const { bank_name: _none, ...noBank } = vendorInput();
    const missing = await failureOf(freshCaller().auth.register(noBank));
    expect(missing.fields.bank_name).toEqual([VALIDATION_MESSAGES.required]);
    const customer = await failureOf(freshCaller().auth.register(customerInput({ bank_code: '044' })));
    expect(customer.fields.bank_code).toEqual([ERROR_MESSAGES.vendorFieldsForbidden]);
  });

  it('answers 503 BANK_UNAVAILABLE when Paystack is down, and creates nothing', async () => {
    env.services.payments = new DownProvider();
    const before = await userCount();
    const failure = await failureOf(freshCaller().auth.register(vendorInput()));
    expect(failure.code).toBe('SERVICE_UNAVAILABLE');
    expect(failure.message).toBe(FINANCE_TEXT.bankServiceDown);
    expect(await userCount()).toBe(before);
  });
});

describe('a vendor changing bank details', () => {
  async function registeredVendor() {
    const { token, user } = await freshCaller().auth.register(vendorInput({ bank_name: 'Zenith Bank' }));
    const fork = em();
    const vendor = await fork.findOneOrFail(VendorSchema, { user: user.id });
    vendor.transferRecipientCode = 'RCP_oldaccount0001';
    await fork.flush();
    return { token, userId: user.id, vendorId: vendor.id };
  }
  const auditOf = (vendorId: number) =>
    em().find(AuditLogSchema, { action: 'bank_details_changed', targetType: 'vendor', targetId: vendorId });

  it('resolves the new account, audits the change, pauses payouts 24 h and clears the recipient', async () => {
    const { token, userId, vendorId } = await registeredVendor();
    env.clock.advanceDays(3);
    const before = env.clock.now().getTime();
    const profile = await freshCaller(token).auth.updateProfile({ bank_code: '058', account_number: '9876543210' });
    const after = env.clock.now().getTime();
    const pause = BANK_CHANGE_PAYOUT_PAUSE_HOURS * 3_600_000;
    expect(profile.vendor).toMatchObject({
      bank_code: '058',
      bank_name: 'Guaranty Trust Bank',
      account_number: '9876543210',
      resolved_account_name: sandboxAccountName('058', '9876543210'),
    });
    const pausedUntil = Date.parse(profile.vendor?.payouts_paused_until ?? '');
    // On the services' clock (3 days ahead of real time), not the wall clock.
    expect(pausedUntil).toBeGreaterThanOrEqual(before + pause);
    expect(pausedUntil).toBeLessThanOrEqual(after + pause);

    const vendor = await em().findOneOrFail(VendorSchema, { id: vendorId });
    expect(vendor.transferRecipientCode).toBeNull();
    expect(vendor.payoutsPausedUntil?.getTime()).toBe(pausedUntil);
    const entries = await auditOf(vendorId);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.actor?.id).toBe(userId);
    expect(entries[0]?.details).toEqual({
      old_bank_code: '057',
      old_bank_name: 'Zenith Bank',
      old_account_last4: '6789',
      new_bank_code: '058',
      new_bank_name: 'Guaranty Trust Bank',
      new_account_last4: '3210',
    });
    const serialized = JSON.stringify(entries[0]?.details);
    expect(serialized).not.toContain('0123456789');
    expect(serialized).not.toContain('9876543210');
  });

  it('a new number alone is resolved with the stored bank and keeps its name', async () => {
    const { token, vendorId } = await registeredVendor();
    const profile = await freshCaller(token).auth.updateProfile({ account_number: '1112223334' });
    expect(profile.vendor).toMatchObject({
      bank_name: 'Zenith Bank',
      bank_code: '057',
      resolved_account_name: sandboxAccountName('057', '1112223334'),
    });
    expect(profile.vendor?.payouts_paused_until).not.toBeNull();
    expect(await auditOf(vendorId)).toHaveLength(1);
  });

  it('the same account again (or other fields) is no change: no audit, no pause, recipient kept', async () => {
    const { token, vendorId } = await registeredVendor();
    await freshCaller(token).auth.updateProfile({ bank_code: '057', account_number: '0123456789' });
    await freshCaller(token).auth.updateProfile({ shop_name: 'Renamed Caps House' });
    const vendor = await em().findOneOrFail(VendorSchema, { id: vendorId });
    expect(vendor.payoutsPausedUntil).toBeNull();
    expect(vendor.transferRecipientCode).toBe('RCP_oldaccount0001');
    expect(await auditOf(vendorId)).toHaveLength(0);
  });

  it('an account the bank does not know is refused and changes nothing', async () => {
    const { token, vendorId } = await registeredVendor();
    const failure = await failureOf(
      freshCaller(token).auth.updateProfile({
        account_number: SANDBOX_UNRESOLVABLE_ACCOUNT,
        shop_name: 'Should Not Be Saved',
      }),
    );
    expect(failure.code).toBe('UNPROCESSABLE_CONTENT');
    expect(failure.fields).toEqual({ account_number: [FINANCE_TEXT.accountNotResolved] });
    const vendor = await em().findOneOrFail(VendorSchema, { id: vendorId });
    expect(vendor).toMatchObject({
      accountNumber: '0123456789',
      shopName: 'Musa Caps House',
      transferRecipientCode: 'RCP_oldaccount0001',
      payoutsPausedUntil: null,
    });
    expect(await auditOf(vendorId)).toHaveLength(0);
  });

  it('Paystack down: 503 BANK_UNAVAILABLE and nothing changed', async () => {
    const { token, vendorId } = await registeredVendor();
    resolveDown();
    const failure = await failureOf(
      freshCaller(token).auth.updateProfile({ bank_code: '044', account_number: '5556667778' }),
    );
    expect(failure.code).toBe('SERVICE_UNAVAILABLE');
    expect(failure.message).toBe(FINANCE_TEXT.bankServiceDown);
    const vendor = await em().findOneOrFail(VendorSchema, { id: vendorId });
    expect(vendor).toMatchObject({ accountNumber: '0123456789', bankCode: '057', payoutsPausedUntil: null });
    expect(vendor.transferRecipientCode).toBe('RCP_oldaccount0001');
    expect(await auditOf(vendorId)).toHaveLength(0);
  });

  it('a customer cannot send bank_code', async () => {
    const { token } = await freshCaller().auth.register(customerInput());
    const failure = await failureOf(freshCaller(token).auth.updateProfile({ bank_code: '044' }));
    expect(failure.code).toBe('FORBIDDEN');
  });
});

/**
 * The real adapter against a fake Paystack on 127.0.0.1: what it sends, and how it reads each answer
 * (including the failures: 4xx, 404, 5xx, a hang, no server at all).
 */
describe('PaystackProvider over HTTP', () => {
  const SECRET = 'sk_test_fake_paystack';
  let server: Server;
  let baseUrl: string;
  let mode: 'normal' | '5xx' | 'hang' | 'html' | '401' = 'normal';
  const seen: { method: string; url: string; body: unknown; authorization: string | undefined }[] = [];
  const transferData = (reference: string, status: string, extra: Record<string, unknown> = {}) => ({
    reference,
    status,
    amount: 500_000,
    currency: 'NGN',
    transfer_code: `TRF_${reference}`,
    reason: 'Caps payout',
    gateway_response: null,
    failures: null,
    ...extra,
  });
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  function route(req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) {
    const url = new URL(req.url ?? '/', 'http://x');
    if (mode === '5xx') return send(res, 502, { status: false, message: 'Bad gateway' });
    if (mode === 'hang') return; // never answers
    if (mode === 'html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    if (mode === '401') return send(res, 401, { status: false, message: 'Invalid key' });
    if (req.method === 'GET' && url.pathname === '/bank') {
      if (!url.searchParams.get('next')) {
        return send(res, 200, {
          status: true,
          message: 'Banks retrieved',
          data: [
            { name: 'Access Bank', code: '044', active: true, is_deleted: false },
            { name: 'Old Bank', code: '999', active: false, is_deleted: false },
          ],
          meta: { next: 'cursor-2', previous: null, perPage: 100 },
        });
      }
      return send(res, 200, {
        status: true,
        message: 'Banks retrieved',
        data: [{ name: 'Kuda Bank', code: '50211', active: true, is_deleted: null }],
        meta: { next: null, previous: 'cursor-1', perPage: 100 },
      });
    }
    if (req.method === 'GET' && url.pathname === '/bank/resolve') {
      const number = url.searchParams.get('account_number');
      if (number === '0000000000') {
        return send(res, 422, {
          status: false,
          message: 'Could not resolve account name. Check parameters or try again.',
        });
      }
      if (number === '1111111111') return send(res, 400, { status: false, message: 'Unknown bank code: 000' });
      return send(res, 200, {
        status: true,
        message: 'Account number resolved',
        data: { account_number: number, account_name: 'ADAEZE OKAFOR', bank_id: 9 },
      });
    }
    if (req.method === 'POST' && url.pathname === '/transferrecipient') {
      if (body.account_number === '0000000000')
        return send(res, 422, { status: false, message: 'Cannot resolve account' });
      return send(res, 201, {
        status: true,
        message: 'Transfer recipient created',
        data: { recipient_code: 'RCP_fake1' },
      });
    }
    if (req.method === 'POST' && url.pathname === '/transfer') {
      const reference = String(body.reference);
      if (reference === 'dup-1') return send(res, 400, { status: false, message: 'Duplicate Transfer Reference' });
      if (reference === 'broke-1') return send(res, 400, { status: false, message: 'Your balance is not enough' });
      return send(res, 200, {
        status: true,
        message: 'Transfer has been queued',
        data: transferData(reference, 'pending'),
      });
    }
    const verify = url.pathname.match(/^\/transfer\/verify\/(.+)$/);
    if (req.method === 'GET' && verify) {
      const reference = decodeURIComponent(verify[1] ?? '');
      if (reference === 'dup-1')
        return send(res, 200, { status: true, message: 'ok', data: transferData('dup-1', 'success') });
      if (reference === 'failed-1') {
        return send(res, 200, {
          status: true,
          message: 'ok',
          data: transferData('failed-1', 'failed', { gateway_response: 'Beneficiary bank unavailable' }),
        });
      }
      return send(res, 404, { status: false, message: 'Transfer not found' });
    }
    send(res, 404, { status: false, message: 'Not found' });
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      req.on('end', () => {
        const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
        seen.push({ method: req.method ?? '', url: req.url ?? '', body, authorization: req.headers.authorization });
        route(req, res, body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    mode = 'normal';
    seen.length = 0;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const paystack = (timeoutMs = 2_000) => new PaystackProvider(SECRET, baseUrl, timeoutMs);

  it('lists the banks of every page (active ones), asking for Nigeria and NGN with our key', async () => {
    expect(await paystack().listBanks()).toEqual([
      { name: 'Access Bank', code: '044' },
      { name: 'Kuda Bank', code: '50211' },
    ]);
    expect(seen).toHaveLength(2);
    const first = new URL(seen[0]?.url ?? '', 'http://x').searchParams;
    expect(first.get('country')).toBe('nigeria');
    expect(first.get('currency')).toBe('NGN');
    expect(new URL(seen[1]?.url ?? '', 'http://x').searchParams.get('next')).toBe('cursor-2');
    expect(seen[0]?.authorization).toBe(`Bearer ${SECRET}`);
  });

  it('resolves an account; 422 and 400 refusals are null', async () => {
    expect(await paystack().resolveAccount('0123456789', '058')).toEqual({ accountName: 'ADAEZE OKAFOR' });
    expect(seen[0]?.url).toBe('/bank/resolve?account_number=0123456789&bank_code=058');
    expect(await paystack().resolveAccount('0000000000', '058')).toBeNull();
    expect(await paystack().resolveAccount('1111111111', '000')).toBeNull();
  });

  it('creates a nuban NGN recipient; a refusal is a ProviderRequestError', async () => {
    expect(
      await paystack().createTransferRecipient({ name: 'Ade', accountNumber: '0123456789', bankCode: '044' }),
    ).toEqual({
      recipientCode: 'RCP_fake1',
    });
    expect(seen[0]?.body).toEqual({
      type: 'nuban',
      name: 'Ade',
      account_number: '0123456789',
      bank_code: '044',
      currency: 'NGN',
    });
    await expect(
      paystack().createTransferRecipient({ name: 'Ade', accountNumber: '0000000000', bankCode: '044' }),
    ).rejects.toBeInstanceOf(ProviderRequestError);
  });

  it('sends a transfer from the balance with our reference', async () => {
    const sent = await paystack().transfer({
      amountKobo: 500_000,
      recipientCode: 'RCP_fake1',
      reference: 'ref-1',
      reason: 'Payout',
    });
    expect(sent).toEqual({ transferCode: 'TRF_ref-1', status: 'pending' });
    expect(seen[0]?.body).toEqual({
      source: 'balance',
      amount: 500_000,
      recipient: 'RCP_fake1',
      reference: 'ref-1',
      reason: 'Payout',
      currency: 'NGN',
    });
  });

  it('a duplicate reference answers the existing transfer (via verify), never a failure or a second one', async () => {
    const sent = await paystack().transfer({
      amountKobo: 500_000,
      recipientCode: 'RCP_fake1',
      reference: 'dup-1',
      reason: 'P',
    });
    expect(sent).toEqual({ transferCode: 'TRF_dup-1', status: 'success' });
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /transfer', 'GET /transfer/verify/dup-1']);
  });

  it('a refusal for a reference Paystack does not know is a ProviderRequestError with its message', async () => {
    const refused = paystack().transfer({
      amountKobo: 500_000,
      recipientCode: 'RCP_fake1',
      reference: 'broke-1',
      reason: 'P',
    });
    await expect(refused).rejects.toThrow(ProviderRequestError);
    await expect(
      paystack().transfer({ amountKobo: 500_000, recipientCode: 'RCP_fake1', reference: 'broke-1', reason: 'P' }),
    ).rejects.toThrow('Your balance is not enough');
  });

  it('verifies transfers: success, failed with its reason, 404 is null', async () => {
    expect(await paystack().verifyTransfer('dup-1')).toEqual({
      status: 'success',
      reference: 'dup-1',
      amount: 500_000,
      currency: 'NGN',
      transfer_code: 'TRF_dup-1',
      reason: null,
    });
    expect(await paystack().verifyTransfer('failed-1')).toMatchObject({
      status: 'failed',
      reason: 'Beneficiary bank unavailable',
    });
    expect(await paystack().verifyTransfer('never-sent')).toBeNull();
  });

  it('5xx, a hang past the timeout, an answer that is not JSON, a refused key and no server are ProviderUnavailableError', async () => {
    // Each call starts only when awaited: a rejection nobody awaits yet would fail the run as unhandled.
    const calls = (provider: PaystackProvider): (() => Promise<unknown>)[] => [
      () => provider.listBanks(),
      () => provider.resolveAccount('0123456789', '058'),
      () => provider.createTransferRecipient({ name: 'A', accountNumber: '0123456789', bankCode: '044' }),
      () => provider.transfer({ amountKobo: 100_000, recipientCode: 'RCP_fake1', reference: 'r', reason: 'P' }),
      () => provider.verifyTransfer('dup-1'),
    ];
    for (const m of ['5xx', 'hang', 'html', '401'] as const) {
      mode = m;
      for (const call of calls(paystack(m === 'hang' ? 150 : 2_000))) {
        await expect(call(), m).rejects.toBeInstanceOf(ProviderUnavailableError);
      }
    }
    mode = 'normal';
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    for (const call of calls(new PaystackProvider(SECRET, deadUrl, 2_000))) {
      await expect(call()).rejects.toBeInstanceOf(ProviderUnavailableError);
    }
  });
});
