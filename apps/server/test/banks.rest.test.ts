import {
  AuditLogSchema,
  ProviderUnavailableError,
  SANDBOX_UNRESOLVABLE_ACCOUNT,
  SandboxProvider,
  sandboxAccountName,
  UserSchema,
  VendorSchema,
  vendorInput,
} from '@caps/api/testing';
import { BANK_CHANGE_PAYOUT_PAUSE_HOURS, FINANCE_TEXT, VALIDATION_MESSAGES } from '@caps/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRestTestEnv, multipart, type RestTestEnv } from './harness.js';

const RESOLVE_LIMIT = 4;

let env: RestTestEnv;
beforeAll(async () => {
  env = await createRestTestEnv({ limits: { bankResolvePerIp: RESOLVE_LIMIT } });
});
afterEach(() => {
  if (env.services.sandbox) env.services.sandbox.unavailable = false;
});
afterAll(async () => env?.close());

let ipCounter = 0;
const freshIp = () => `10.88.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const resolve = (payload: unknown, remoteAddress = freshIp()) =>
  env.app.inject({ method: 'POST', url: '/api/banks/resolve', payload: payload as object, remoteAddress });

const register = (payload: Record<string, unknown>) =>
  env.app.inject({ method: 'POST', url: '/api/register', payload, remoteAddress: freshIp() });

const em = () => env.services.orm.em.fork();

describe('GET /api/banks', () => {
  it('answers the bank list as {name, code}, sorted by name, to anyone', async () => {
    const response = await env.app.inject({ method: 'GET', url: '/api/banks' });
    expect(response.statusCode, response.body).toBe(200);
    const banks = response.json() as { name: string; code: string }[];
    expect(banks.length).toBeGreaterThanOrEqual(28);
    expect(banks.every((b) => Object.keys(b).sort().join() === 'code,name')).toBe(true);
    expect(banks.map((b) => b.name)).toEqual(
      banks.map((b) => b.name).sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );
    expect(banks).toContainEqual({ name: 'Zenith Bank', code: '057' });
    expect(banks).toContainEqual({ name: 'PalmPay', code: '999991' });
  });
});

describe('POST /api/banks/resolve', () => {
  it('answers the account name, the same for the same account', async () => {
    const first = await resolve({ account_number: '0123456789', bank_code: '044' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      account_name: sandboxAccountName('044', '0123456789'),
      account_number: '0123456789',
      bank_code: '044',
      bank_name: 'Access Bank',
    });
    const again = await resolve({ account_number: '0123456789', bank_code: '044' });
    expect(again.json()).toEqual(first.json());
  });

  it('answers 422 with field messages: not 10 digits, unknown bank code, failing number', async () => {
    const short = await resolve({ account_number: '12345', bank_code: '044' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.account_number).toEqual([VALIDATION_MESSAGES.accountNumber]);

    const unknown = await resolve({ account_number: '0123456789', bank_code: '999' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      code: 'ACCOUNT_NOT_RESOLVED',
      errors: { bank_code: [FINANCE_TEXT.accountNotResolved] },
    });

    const failing = await resolve({ account_number: SANDBOX_UNRESOLVABLE_ACCOUNT, bank_code: '044' });
    expect(failing.statusCode).toBe(422);
    expect(failing.json()).toMatchObject({
      code: 'ACCOUNT_NOT_RESOLVED',
      message: FINANCE_TEXT.accountNotResolved,
      errors: { account_number: [FINANCE_TEXT.accountNotResolved] },
    });

    const extra = await resolve({ account_number: '0123456789', bank_code: '044', name: 'x' });
    expect(extra.statusCode).toBe(422);
    const broken = await env.app.inject({
      method: 'POST',
      url: '/api/banks/resolve',
      headers: { 'content-type': 'application/json' },
      payload: '{"account_number":',
      remoteAddress: freshIp(),
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    expect(typeof broken.json().message).toBe('string');
  });

  it('answers 503 BANK_UNAVAILABLE when Paystack cannot be reached', async () => {
    await env.app.inject({ method: 'GET', url: '/api/banks' });
    const sandbox = env.services.sandbox;
    if (!sandbox) throw new Error('the server runs on the sandbox');
    sandbox.unavailable = true;
    const response = await resolve({ account_number: '0123456789', bank_code: '044' });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toMatchObject({ code: 'BANK_UNAVAILABLE', message: FINANCE_TEXT.bankServiceDown });
  });

  it(`replays a lookup flood: call ${RESOLVE_LIMIT + 1} from one address is 429 with Retry-After`, async () => {
    const ip = freshIp();
    for (let i = 0; i < RESOLVE_LIMIT; i++) {
      const ok = await resolve({ account_number: `123456789${i}`, bank_code: '058' }, ip);
      expect(ok.statusCode).toBe(200);
    }
    const limited = await resolve({ account_number: '1234567899', bank_code: '058' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'Too Many Requests', statusCode: 429 });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await resolve({ account_number: '1234567899', bank_code: '058' })).statusCode).toBe(200);
  });
});

describe('vendor bank details over REST', () => {
  it('registration refuses an unresolvable account (422 ACCOUNT_NOT_RESOLVED) and creates nothing', async () => {
    const input = vendorInput({ account_number: SANDBOX_UNRESOLVABLE_ACCOUNT });
    const response = await register(input);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'ACCOUNT_NOT_RESOLVED',
      errors: { account_number: [FINANCE_TEXT.accountNotResolved] },
    });
    expect(await em().count(UserSchema, { email: input.email })).toBe(0);
  });

  it("registration with 'First Bank Nigeria' stores code 011 and the resolved name; bank_code '033' works too", async () => {
    const first = await register(vendorInput({ bank_name: 'First Bank Nigeria' }));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().user.vendor).toMatchObject({
      bank_name: 'First Bank Nigeria',
      bank_code: '011',
      resolved_account_name: sandboxAccountName('011', '0123456789'),
      payouts_paused_until: null,
    });
    const { bank_name: _none, ...byCode } = vendorInput({ bank_code: '033' });
    const second = await register(byCode);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().user.vendor).toMatchObject({ bank_name: 'United Bank For Africa', bank_code: '033' });
  });

  it('registration (multipart, as the form sends it) refuses a bank not in the list with the field message', async () => {
    const input = vendorInput({ bank_name: 'Bank of the Moon' });
    const body = multipart(Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])));
    const response = await env.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: body.headers,
      payload: body.payload,
      remoteAddress: freshIp(),
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({ bank_name: [VALIDATION_MESSAGES.bankName] });
    expect(await em().count(UserSchema, { email: input.email })).toBe(0);
  });

  it('a profile bank change is audited, pauses payouts 24 h on the clock and clears the recipient', async () => {
    const registered = await register(vendorInput());
    expect(registered.statusCode, registered.body).toBe(201);
    const { token, user } = registered.json() as { token: string; user: { id: number } };
    const fork = em();
    const vendor = await fork.findOneOrFail(VendorSchema, { user: user.id });
    vendor.transferRecipientCode = 'RCP_before_change';
    await fork.flush();

    env.clock.advanceDays(2);
    const before = env.clock.now().getTime();
    const response = await env.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(token),
      payload: { bank_name: 'Guaranty Trust Bank', account_number: '2223334445' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const pause = BANK_CHANGE_PAYOUT_PAUSE_HOURS * 3_600_000;
    const pausedUntil = Date.parse(response.json().vendor.payouts_paused_until);
    expect(pausedUntil).toBeGreaterThanOrEqual(before + pause);
    expect(pausedUntil).toBeLessThanOrEqual(env.clock.now().getTime() + pause);
    expect(response.json().vendor).toMatchObject({
      bank_name: 'Guaranty Trust Bank',
      bank_code: '058',
      account_number: '2223334445',
      resolved_account_name: sandboxAccountName('058', '2223334445'),
    });
    const stored = await em().findOneOrFail(VendorSchema, { id: vendor.id });
    expect(stored.transferRecipientCode).toBeNull();
    const audit = await em().find(AuditLogSchema, { action: 'bank_details_changed', targetId: vendor.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]?.details).toEqual({
      old_bank_code: '057',
      old_bank_name: 'Zenith Bank',
      old_account_last4: '6789',
      new_bank_code: '058',
      new_bank_name: 'Guaranty Trust Bank',
      new_account_last4: '4445',
    });
  });

  it('a profile bank change while Paystack is down is 503 BANK_UNAVAILABLE and changes nothing', async () => {
    const registered = await register(vendorInput());
    const { token, user } = registered.json() as { token: string; user: { id: number } };
    const original = env.services.payments;
    const sandbox = env.services.sandbox;
    if (!sandbox) throw new Error('the server runs on the sandbox');
    const down = new SandboxProvider(sandbox);
    down.listBanks = () => original.listBanks();
    down.resolveAccount = async () => {
      throw new ProviderUnavailableError('timeout');
    };
    env.services.payments = down;
    try {
      const response = await env.app.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: bearer(token),
        payload: { bank_code: '044', account_number: '3334445556', shop_name: 'Not Saved Caps' },
      });
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toMatchObject({ code: 'BANK_UNAVAILABLE', message: FINANCE_TEXT.bankServiceDown });
    } finally {
      env.services.payments = original;
    }
    const stored = await em().findOneOrFail(VendorSchema, { user: user.id });
    expect(stored).toMatchObject({
      accountNumber: '0123456789',
      bankCode: '057',
      shopName: 'Musa Caps House',
      payoutsPausedUntil: null,
    });
    expect(await em().count(AuditLogSchema, { action: 'bank_details_changed', targetId: stored.id })).toBe(0);
  });
});
