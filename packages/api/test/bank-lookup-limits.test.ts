import { FINANCE_TEXT } from '@caps/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UserSchema } from '../src/modules/auth/auth.entities.js';
import { ProviderUnavailableError } from '../src/modules/payment/provider.js';
import { type PaystackSandbox, SandboxProvider, sandboxAccountName } from '../src/modules/payment/sandbox.js';
import { VendorSchema } from '../src/modules/vendors/vendors.entities.js';
import { createTestEnv, failureOf, type TestEnv, vendorInput } from './harness.js';

/**
 * Issue 25, findings 2 and 10: every path that resolves a bank account (banks.resolve, vendor registration,
 * a profile bank change) counts against one limit per IP address and per account; a bank code outside the
 * bank list is "account not resolved" on every path, without a call to Paystack.
 */

const PER_IP = 4;
const PER_ACCOUNT = 3;

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv({ limits: { bankResolvePerIp: PER_IP, bankResolvePerAccount: PER_ACCOUNT } });
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => env?.close());

let ipCounter = 0;
const freshIp = () => `10.25.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const em = () => env.services.orm.em.fork();

/** Counts Paystack's account lookups from here on (the provider's own method, watched). */
const watchLookups = () => vi.spyOn(env.services.payments, 'resolveAccount');

async function registeredVendor() {
  const input = vendorInput();
  const { token, user } = await env.caller(undefined, freshIp()).auth.register(input);
  return { token, id: user.id };
}

const storedBank = async (userId: number) => {
  const vendor = await em().findOneOrFail(VendorSchema, { user: userId });
  return {
    accountNumber: vendor.accountNumber,
    bankCode: vendor.bankCode,
    resolvedAccountName: vendor.resolvedAccountName,
  };
};

/** Spends an address's lookups on banks.resolve, as the probe did before turning to the profile. */
async function spendAddress(ip: string) {
  for (let i = 0; i < PER_IP; i++) {
    await env.caller(undefined, ip).banks.resolve({ account_number: `555000000${i}`, bank_code: '058' });
  }
  const refused = await failureOf(
    env.caller(undefined, ip).banks.resolve({ account_number: '5550000009', bank_code: '058' }),
  );
  expect(refused.code).toBe('TOO_MANY_REQUESTS');
}

describe('one limit for every account lookup (finding 2)', () => {
  it('replays the probe: once banks.resolve is 429 from an address, profile bank changes from it are 429 too', async () => {
    const vendor = await registeredVendor();
    const before = await storedBank(vendor.id);
    const ip = freshIp();
    await spendAddress(ip);
    const lookups = watchLookups();
    for (let i = 0; i < 5; i++) {
      const failure = await failureOf(
        env.caller(vendor.token, ip).auth.updateProfile({ account_number: `111222333${i}`, bank_code: '058' }),
      );
      expect(failure.code).toBe('TOO_MANY_REQUESTS');
      expect(failure.message).toMatch(/^Too many account checks\. Please try again in \d+ minutes?\.$/);
    }
    expect(lookups).not.toHaveBeenCalled();
    expect(await storedBank(vendor.id)).toEqual(before);
  });

  it(`counts per account, whatever the address: lookup ${PER_ACCOUNT + 1} of one vendor is 429`, async () => {
    const vendor = await registeredVendor();
    const lookups = watchLookups();
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const user = await env
        .caller(vendor.token, freshIp())
        .auth.updateProfile({ account_number: `222333444${i}`, bank_code: '058' });
      expect(user.vendor?.resolved_account_name).toBe(sandboxAccountName('058', `222333444${i}`));
    }
    const changed = await storedBank(vendor.id);
    const profile = await failureOf(
      env.caller(vendor.token, freshIp()).auth.updateProfile({ account_number: '2223334449', bank_code: '044' }),
    );
    expect(profile.code).toBe('TOO_MANY_REQUESTS');
    // banks.resolve signed in as the same vendor draws on the same count.
    const resolve = await failureOf(
      env.caller(vendor.token, freshIp()).banks.resolve({ account_number: '2223334449', bank_code: '044' }),
    );
    expect(resolve.code).toBe('TOO_MANY_REQUESTS');
    expect(lookups).toHaveBeenCalledTimes(PER_ACCOUNT);
    expect(await storedBank(vendor.id)).toEqual(changed);
    // Another vendor is not held.
    const other = await registeredVendor();
    await expect(
      env.caller(other.token, freshIp()).auth.updateProfile({ account_number: '2223334449', bank_code: '044' }),
    ).resolves.toMatchObject({ vendor: { bank_code: '044', account_number: '2223334449' } });
  });

  it('counts vendor registrations per address: a spent address registers no shop and creates nothing', async () => {
    const ip = freshIp();
    await spendAddress(ip);
    const lookups = watchLookups();
    const input = vendorInput();
    const failure = await failureOf(env.caller(undefined, ip).auth.register(input));
    expect(failure.code).toBe('TOO_MANY_REQUESTS');
    expect(lookups).not.toHaveBeenCalled();
    expect(await em().count(UserSchema, { email: input.email })).toBe(0);
  });

  it(`registrations spend the address they come from: lookup ${PER_IP + 1} is 429`, async () => {
    const ip = freshIp();
    for (let i = 0; i < PER_IP; i++) await env.caller(undefined, ip).auth.register(vendorInput());
    const failure = await failureOf(
      env.caller(undefined, ip).banks.resolve({ account_number: '0123456789', bank_code: '058' }),
    );
    expect(failure.code).toBe('TOO_MANY_REQUESTS');
  });

  it('a profile update that leaves the bank details as they are looks nothing up and is not counted', async () => {
    const vendor = await registeredVendor();
    const ip = freshIp();
    const lookups = watchLookups();
    // As the settings form sends them: the stored bank and number beside the fields that change.
    for (let i = 0; i < PER_ACCOUNT + PER_IP + 2; i++) {
      const user = await env.caller(vendor.token, ip).auth.updateProfile({
        shop_name: `Musa Caps ${i}`,
        bank_name: 'Zenith Bank',
        bank_code: '057',
        account_number: '0123456789',
      });
      expect(user.vendor).toMatchObject({ shop_name: `Musa Caps ${i}`, bank_code: '057', payouts_paused_until: null });
    }
    expect(lookups).not.toHaveBeenCalled();
    // The account's lookups are all still there.
    for (let i = 0; i < PER_ACCOUNT; i++) {
      await env.caller(vendor.token, freshIp()).auth.updateProfile({ account_number: `333444555${i}` });
    }
    expect(lookups).toHaveBeenCalledTimes(PER_ACCOUNT);
  });
});

describe('a bank code outside the bank list is "account not resolved" (finding 10)', () => {
  const unknownCodes = ['ABC', 'gtb-1', '999', '0580'];

  it('banks.resolve answers 422 ACCOUNT_NOT_RESOLVED without asking Paystack', async () => {
    const lookups = watchLookups();
    for (const bank_code of unknownCodes) {
      const failure = await failureOf(
        env.caller(undefined, freshIp()).banks.resolve({ account_number: '0123456789', bank_code }),
      );
      expect(failure).toMatchObject({
        code: 'UNPROCESSABLE_CONTENT',
        message: FINANCE_TEXT.accountNotResolved,
        fields: { bank_code: [FINANCE_TEXT.accountNotResolved] },
      });
    }
    expect(lookups).not.toHaveBeenCalled();
  });

  it('a non-numeric code is 422, not 503, even when the bank list cannot be fetched', async () => {
    const original = env.services.payments;
    const down = new SandboxProvider(env.services.sandbox as PaystackSandbox);
    down.listBanks = async () => {
      throw new ProviderUnavailableError('connect ECONNREFUSED');
    };
    const lookups = vi.spyOn(down, 'resolveAccount');
    env.services.payments = down;
    try {
      const failure = await failureOf(
        env.caller(undefined, freshIp()).banks.resolve({ account_number: '0123456789', bank_code: 'ABC' }),
      );
      expect(failure).toMatchObject({ code: 'UNPROCESSABLE_CONTENT', message: FINANCE_TEXT.accountNotResolved });
    } finally {
      env.services.payments = original;
    }
    expect(lookups).not.toHaveBeenCalled();
  });

  it('registration with an unknown code answers 422 and creates nothing', async () => {
    const lookups = watchLookups();
    for (const bank_code of unknownCodes) {
      const { bank_name: _name, ...input } = vendorInput({ bank_code });
      const failure = await failureOf(env.caller(undefined, freshIp()).auth.register(input));
      expect(failure).toMatchObject({
        code: 'UNPROCESSABLE_CONTENT',
        message: FINANCE_TEXT.accountNotResolved,
        fields: { bank_code: [FINANCE_TEXT.accountNotResolved] },
      });
      expect(await em().count(UserSchema, { email: input.email })).toBe(0);
    }
    expect(lookups).not.toHaveBeenCalled();
  });

  it('a profile update with an unknown code answers 422 and changes nothing', async () => {
    const vendor = await registeredVendor();
    const before = await storedBank(vendor.id);
    const lookups = watchLookups();
    for (const bank_code of unknownCodes) {
      const failure = await failureOf(
        env
          .caller(vendor.token, freshIp())
          .auth.updateProfile({ bank_code, account_number: '4445556667', shop_name: 'Not Saved' }),
      );
      expect(failure).toMatchObject({ code: 'UNPROCESSABLE_CONTENT', message: FINANCE_TEXT.accountNotResolved });
    }
    expect(lookups).not.toHaveBeenCalled();
    expect(await storedBank(vendor.id)).toEqual(before);
    expect((await em().findOneOrFail(VendorSchema, { user: vendor.id })).shopName).toBe('Musa Caps House');
  });
});
