import { UserSchema, VendorSchema, vendorInput } from '@caps/api/testing';
import { FINANCE_TEXT } from '@caps/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createRestTestEnv, type RestTestEnv } from './harness.js';

/**
 * Issue 25, findings 2 and 10 over REST: POST /api/banks/resolve, POST /api/register and PUT /api/profile
 * share one account-lookup limit per IP address and per account; a bank code outside the list is 422
 * "account not resolved" without a call to Paystack.
 */

const PER_IP = 4;
const PER_ACCOUNT = 3;

let env: RestTestEnv;
beforeAll(async () => {
  env = await createRestTestEnv({ limits: { bankResolvePerIp: PER_IP, bankResolvePerAccount: PER_ACCOUNT } });
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => env?.close());

let ipCounter = 0;
const freshIp = () => `10.125.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const em = () => env.services.orm.em.fork();

const resolve = (payload: object, remoteAddress: string, token?: string) =>
  env.app.inject({
    method: 'POST',
    url: '/api/banks/resolve',
    payload,
    remoteAddress,
    ...(token && { headers: bearer(token) }),
  });
const register = (payload: object, remoteAddress = freshIp()) =>
  env.app.inject({ method: 'POST', url: '/api/register', payload, remoteAddress });
const updateProfile = (token: string, payload: object, remoteAddress = freshIp()) =>
  env.app.inject({ method: 'PUT', url: '/api/profile', headers: bearer(token), payload, remoteAddress });

async function registeredVendor() {
  const response = await register(vendorInput());
  expect(response.statusCode, response.body).toBe(201);
  const { token, user } = response.json() as { token: string; user: { id: number } };
  return { token, id: user.id };
}

const storedBank = async (userId: number) => {
  const vendor = await em().findOneOrFail(VendorSchema, { user: userId });
  return { accountNumber: vendor.accountNumber, bankCode: vendor.bankCode, name: vendor.resolvedAccountName };
};

function expectLimited(response: Awaited<ReturnType<typeof resolve>>) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toMatchObject({ error: 'Too Many Requests', statusCode: 429 });
  expect(response.json().message).toMatch(/^Too many account checks\. Please try again in \d+ minutes?\.$/);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('one limit for every account lookup over REST (finding 2)', () => {
  it('replays the probe: after POST /api/banks/resolve is 429, PUT /api/profile with bank fields is 429 too', async () => {
    const vendor = await registeredVendor();
    const before = await storedBank(vendor.id);
    const ip = freshIp();
    for (let i = 0; i < PER_IP; i++) {
      expect((await resolve({ account_number: `777000000${i}`, bank_code: '058' }, ip)).statusCode).toBe(200);
    }
    expectLimited(await resolve({ account_number: '7770000009', bank_code: '058' }, ip));
    const lookups = vi.spyOn(env.services.payments, 'resolveAccount');
    for (let i = 0; i < 5; i++) {
      expectLimited(await updateProfile(vendor.token, { account_number: `888999000${i}`, bank_code: '058' }, ip));
    }
    expect(lookups).not.toHaveBeenCalled();
    expect(await storedBank(vendor.id)).toEqual(before);
  });

  it(`counts per account from any address: the vendor's lookup ${PER_ACCOUNT + 1} is 429`, async () => {
    const vendor = await registeredVendor();
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const ok = await updateProfile(vendor.token, { account_number: `666555444${i}`, bank_code: '044' });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const changed = await storedBank(vendor.id);
    expectLimited(await updateProfile(vendor.token, { account_number: '6665554449', bank_code: '058' }));
    expectLimited(await resolve({ account_number: '6665554449', bank_code: '058' }, freshIp(), vendor.token));
    expect(await storedBank(vendor.id)).toEqual(changed);
  });

  it('a spent address registers no shop (429, nothing created)', async () => {
    const ip = freshIp();
    for (let i = 0; i < PER_IP; i++) await resolve({ account_number: `777100000${i}`, bank_code: '058' }, ip);
    const input = vendorInput();
    expectLimited(await register(input, ip));
    expect(await em().count(UserSchema, { email: input.email })).toBe(0);
  });

  it('a profile update that resends the stored bank details is not a lookup', async () => {
    const vendor = await registeredVendor();
    const lookups = vi.spyOn(env.services.payments, 'resolveAccount');
    const ip = freshIp();
    for (let i = 0; i < PER_IP + PER_ACCOUNT + 2; i++) {
      const response = await updateProfile(
        vendor.token,
        { shop_name: `Musa Caps ${i}`, bank_name: 'Zenith Bank', account_number: '0123456789' },
        ip,
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(lookups).not.toHaveBeenCalled();
  });
});

describe('a bank code outside the list over REST (finding 10)', () => {
  it('POST /api/banks/resolve, /api/register and PUT /api/profile answer 422 ACCOUNT_NOT_RESOLVED, ask nobody', async () => {
    const vendor = await registeredVendor();
    const before = await storedBank(vendor.id);
    const lookups = vi.spyOn(env.services.payments, 'resolveAccount');
    const expected = {
      code: 'ACCOUNT_NOT_RESOLVED',
      message: FINANCE_TEXT.accountNotResolved,
      errors: { bank_code: [FINANCE_TEXT.accountNotResolved] },
    };
    for (const bank_code of ['ABC', '999', 'x-1']) {
      const resolved = await resolve({ account_number: '0123456789', bank_code }, freshIp());
      expect(resolved.statusCode, resolved.body).toBe(422);
      expect(resolved.json()).toMatchObject(expected);

      const { bank_name: _name, ...input } = vendorInput({ bank_code });
      const registered = await register(input);
      expect(registered.statusCode, registered.body).toBe(422);
      expect(registered.json()).toMatchObject(expected);
      expect(await em().count(UserSchema, { email: input.email })).toBe(0);

      const profile = await updateProfile(vendor.token, { bank_code, account_number: '4445556667' });
      expect(profile.statusCode, profile.body).toBe(422);
      expect(profile.json()).toMatchObject(expected);
    }
    expect(lookups).not.toHaveBeenCalled();
    expect(await storedBank(vendor.id)).toEqual(before);
  });
});
