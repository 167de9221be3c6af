import { ERROR_MESSAGES, VALIDATION_MESSAGES } from '@caps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionSchema, UserSchema } from '../src/modules/auth/auth.entities.js';
import { tokenDigest } from '../src/modules/auth/tokens.js';
import { VendorSchema } from '../src/modules/vendors/vendors.entities.js';
import { createTestEnv, customerInput, failureOf, type TestEnv, vendorInput } from './harness.js';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv({ login: { maxFailuresPerAccountAndIp: 5, maxFailuresPerIp: 12 } });
});
afterAll(async () => env?.close());

const userCount = () => env.services.orm.em.fork().count(UserSchema, {});

describe('registration', () => {
  it('registers a customer with an argon2id password and a random token stored only as a digest', async () => {
    const input = customerInput();
    const { token, user } = await env.caller().auth.register(input);
    expect(user).toMatchObject({
      full_name: 'Amina Bello',
      name: 'Amina Bello',
      email: input.email,
      role: 'customer',
      status: 'active',
      vendor: null,
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const em = env.services.orm.em.fork();
    const stored = await em.findOneOrFail(UserSchema, { email: input.email });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const sessions = await em.find(SessionSchema, { user: stored.id });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.tokenHash).toBe(tokenDigest(token));
    expect(sessions[0]?.tokenHash).not.toContain(token);
  });

  it('accepts name as the spelling of full_name and lower-cases the email', async () => {
    const { full_name: _drop, ...rest } = customerInput();
    const email = `Mixed.Case.${Date.now()}@Example.com`;
    const { user } = await env.caller().auth.register({ ...rest, name: 'Hauwa Sani', email });
    expect(user.full_name).toBe('Hauwa Sani');
    expect(user.email).toBe(email.toLowerCase());
  });

  it.each([
    ['email', { email: 'not-an-email' }, VALIDATION_MESSAGES.email],
    ['email', { email: '' }, VALIDATION_MESSAGES.required],
    ['password', { password: 'Ab1', password_confirmation: 'Ab1' }, VALIDATION_MESSAGES.passwordLength],
    ['password', { password: 'ABCDEFG1', password_confirmation: 'ABCDEFG1' }, VALIDATION_MESSAGES.passwordLower],
    ['password', { password: 'abcdefg1', password_confirmation: 'abcdefg1' }, VALIDATION_MESSAGES.passwordUpper],
    ['password', { password: 'Abcdefgh', password_confirmation: 'Abcdefgh' }, VALIDATION_MESSAGES.passwordDigit],
    ['password_confirmation', { password_confirmation: 'Different1' }, VALIDATION_MESSAGES.passwordsMismatch],
    ['phone', { phone: '08031234567' }, VALIDATION_MESSAGES.phone],
    ['phone', { phone: '+23480312345678901' }, VALIDATION_MESSAGES.phone],
    ['phone', { phone: undefined }, VALIDATION_MESSAGES.required],
    ['full_name', { full_name: 'A' }, VALIDATION_MESSAGES.nameLength],
    ['full_name', { full_name: 'Amina B3llo' }, VALIDATION_MESSAGES.nameLetters],
    ['full_name', { full_name: 'A'.repeat(51) }, VALIDATION_MESSAGES.maxLength(50)],
    ['address', { address: 'Short' }, VALIDATION_MESSAGES.minLength(10)],
    ['address', { address: 'x'.repeat(201) }, VALIDATION_MESSAGES.maxLength(200)],
    ['terms_accepted', { terms_accepted: false }, VALIDATION_MESSAGES.terms],
  ])('refuses a bad %s with the spec message', async (field, overrides, message) => {
    const before = await userCount();
    const failure = await failureOf(env.caller().auth.register(customerInput(overrides)));
    expect(failure.code).toBe('BAD_REQUEST');
    expect(failure.fields[field]).toContain(message);
    expect(await userCount()).toBe(before);
  });

  it('refuses unknown fields such as role: "admin" and creates nobody', async () => {
    const before = await userCount();
    const asAdmin = await failureOf(env.caller().auth.register({ ...customerInput(), role: 'admin' as 'customer' }));
    expect(asAdmin.code).toBe('BAD_REQUEST');
    const withExtra = await failureOf(
      env.caller().auth.register({ ...customerInput(), is_admin: true } as ReturnType<typeof customerInput>),
    );
    expect(withExtra.fields.is_admin?.[0]).toMatch(/not allowed/);
    expect(await userCount()).toBe(before);
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const input = customerInput();
    await env.caller().auth.register(input);
    const before = await userCount();
    const failure = await failureOf(env.caller().auth.register({ ...input, email: input.email.toUpperCase() }));
    expect(failure.code).toBe('CONFLICT');
    expect(failure.message).toBe(ERROR_MESSAGES.emailTaken);
    expect(await userCount()).toBe(before);
  });

  it('registers a vendor as pending verification with the shop and bank details', async () => {
    const input = vendorInput();
    const { user } = await env.caller().auth.register(input);
    expect(user.role).toBe('vendor');
    expect(user.vendor).toMatchObject({
      shop_name: input.shop_name,
      bank_name: 'Zenith Bank',
      account_number: '0123456789',
      is_verified: 0,
      verified_at: null,
      average_rating: 4.5,
      total_reviews: 0,
    });
  });

  it.each([
    ['shop_name', { shop_name: undefined }, VALIDATION_MESSAGES.required],
    ['shop_name', { shop_name: 'AB' }, VALIDATION_MESSAGES.minLength(3)],
    ['shop_description', { shop_description: 'Too short' }, VALIDATION_MESSAGES.minLength(10)],
    ['account_number', { account_number: '123456789' }, VALIDATION_MESSAGES.accountNumber],
    ['account_number', { account_number: '12345678901' }, VALIDATION_MESSAGES.accountNumber],
    ['bank_name', { bank_name: 'Bank of Nowhere' }, VALIDATION_MESSAGES.bankName],
    ['account_holder_name', { account_holder_name: 'Musa 1' }, VALIDATION_MESSAGES.nameLetters],
    ['address', { address: undefined }, VALIDATION_MESSAGES.required],
  ])('refuses a vendor with a bad %s', async (field, overrides, message) => {
    const before = await env.services.orm.em.fork().count(VendorSchema, {});
    const failure = await failureOf(env.caller().auth.register(vendorInput(overrides)));
    expect(failure.fields[field]).toContain(message);
    expect(await env.services.orm.em.fork().count(VendorSchema, {})).toBe(before);
  });

  it('refuses shop fields on a customer registration', async () => {
    const failure = await failureOf(
      env.caller().auth.register({ ...customerInput(), role: 'customer', shop_name: 'Sneaky Shop' }),
    );
    expect(failure.fields.shop_name).toContain(ERROR_MESSAGES.vendorFieldsForbidden);
  });
});

describe('sign-in', () => {
  it('signs in with the right password and answers the same for a wrong password and an unknown email', async () => {
    const input = customerInput();
    await env.caller().auth.register(input);
    const ok = await env.caller(undefined, '10.0.0.1').auth.login({ email: input.email, password: input.password });
    expect(ok.user.email).toBe(input.email);
    const wrong = await failureOf(
      env.caller(undefined, '10.0.0.1').auth.login({ email: input.email, password: 'Wrong1234' }),
    );
    const unknown = await failureOf(
      env
        .caller(undefined, '10.0.0.1')
        .auth.login({ email: `nobody.${Date.now()}@example.com`, password: 'Wrong1234' }),
    );
    expect(wrong).toEqual(unknown);
    expect(wrong).toMatchObject({ code: 'UNAUTHORIZED', message: ERROR_MESSAGES.invalidCredentials });
  });

  it('refuses an account of another role when intended_role is given', async () => {
    const vendor = vendorInput();
    await env.caller().auth.register(vendor);
    const failure = await failureOf(
      env
        .caller(undefined, '10.0.0.2')
        .auth.login({ email: vendor.email, password: vendor.password, intended_role: 'customer' }),
    );
    expect(failure.code).toBe('FORBIDDEN');
    const ok = await env
      .caller(undefined, '10.0.0.2')
      .auth.login({ email: vendor.email, password: vendor.password, intended_role: 'vendor' });
    expect(ok.user.role).toBe('vendor');
  });

  it('keeps a suspended user out and stops their tokens', async () => {
    const input = customerInput();
    const { token } = await env.caller().auth.register(input);
    await env.services.orm.em.fork().nativeUpdate(UserSchema, { email: input.email }, { status: 'suspended' });
    const failure = await failureOf(
      env.caller(undefined, '10.0.0.3').auth.login({ email: input.email, password: input.password }),
    );
    expect(failure).toMatchObject({ code: 'FORBIDDEN', message: ERROR_MESSAGES.suspended });
    expect((await failureOf(env.caller(token).auth.me())).code).toBe('UNAUTHORIZED');
  });

  it('limits failed sign-ins per account and address: the sixth try from there is refused even with the right password', async () => {
    const input = customerInput();
    await env.caller().auth.register(input);
    for (let i = 0; i < 5; i++) {
      const failure = await failureOf(
        env.caller(undefined, '10.1.0.1').auth.login({ email: input.email, password: 'Wrong1234' }),
      );
      expect(failure.code).toBe('UNAUTHORIZED');
    }
    const limited = await failureOf(
      env.caller(undefined, '10.1.0.1').auth.login({ email: input.email, password: input.password }),
    );
    expect(limited.code).toBe('TOO_MANY_REQUESTS');
    expect(limited.message).toMatch(/Too many login attempts/);
    // The owner, elsewhere, is not held by someone else's guesses.
    await expect(
      env.caller(undefined, '10.1.1.1').auth.login({ email: input.email, password: input.password }),
    ).resolves.toBeTruthy();
  });

  it('limits failed sign-ins per IP address across accounts', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 12; i++) {
      await failureOf(
        env.caller(undefined, ip).auth.login({ email: `guess${i}.${Date.now()}@example.com`, password: 'Wrong1234' }),
      );
    }
    const input = customerInput();
    await env.caller().auth.register(input);
    const limited = await failureOf(
      env.caller(undefined, ip).auth.login({ email: input.email, password: input.password }),
    );
    expect(limited.code).toBe('TOO_MANY_REQUESTS');
    // Another address is not affected.
    await expect(
      env.caller(undefined, '10.2.0.2').auth.login({ email: input.email, password: input.password }),
    ).resolves.toBeTruthy();
  });
});

describe('sessions', () => {
  it('reads the profile with the token, and not after logout', async () => {
    const { token } = await env.caller().auth.register(customerInput());
    expect((await env.caller(token).auth.me()).role).toBe('customer');
    await env.caller(token).auth.logout();
    const failure = await failureOf(env.caller(token).auth.me());
    expect(failure).toMatchObject({ code: 'UNAUTHORIZED', message: ERROR_MESSAGES.invalidToken });
  });

  it('tells a missing token from a malformed or unknown one', async () => {
    expect(await failureOf(env.caller().auth.me())).toMatchObject({
      code: 'UNAUTHORIZED',
      message: ERROR_MESSAGES.unauthenticated,
    });
    expect(await failureOf(env.caller('not a token').auth.me())).toMatchObject({
      message: ERROR_MESSAGES.invalidToken,
    });
    expect(await failureOf(env.caller('A'.repeat(43)).auth.me())).toMatchObject({
      message: ERROR_MESSAGES.invalidToken,
    });
  });

  it('refuses an expired session', async () => {
    const input = customerInput();
    const { token } = await env.caller().auth.register(input);
    await env.services.orm.em
      .fork()
      .nativeUpdate(SessionSchema, { tokenHash: tokenDigest(token) }, { expiresAt: new Date(Date.now() - 1000) });
    expect((await failureOf(env.caller(token).auth.me())).code).toBe('UNAUTHORIZED');
  });

  it('changes the password after checking the current one and signs out the other sessions', async () => {
    const input = customerInput();
    const { token: first } = await env.caller().auth.register(input);
    const { token: second } = await env
      .caller(undefined, '10.3.0.1')
      .auth.login({ email: input.email, password: input.password });
    const wrong = await failureOf(
      env.caller(first).auth.changePassword({
        current_password: 'Nope12345',
        password: 'Newpass123',
        password_confirmation: 'Newpass123',
      }),
    );
    expect(wrong.fields.current_password).toContain(ERROR_MESSAGES.currentPasswordWrong);
    await env.caller(first).auth.changePassword({
      current_password: input.password,
      password: 'Newpass123',
      password_confirmation: 'Newpass123',
    });
    expect((await env.caller(first).auth.me()).email).toBe(input.email);
    expect((await failureOf(env.caller(second).auth.me())).code).toBe('UNAUTHORIZED');
    expect(
      (await failureOf(env.caller(undefined, '10.3.0.2').auth.login({ email: input.email, password: input.password })))
        .code,
    ).toBe('UNAUTHORIZED');
    await expect(
      env.caller(undefined, '10.3.0.3').auth.login({ email: input.email, password: 'Newpass123' }),
    ).resolves.toBeTruthy();
  });
});

describe('profile', () => {
  it('updates full name, phone and address, and changes nothing on bad input', async () => {
    const { token } = await env.caller().auth.register(customerInput());
    const updated = await env
      .caller(token)
      .auth.updateProfile({ full_name: 'Amina Yusuf', phone: '+2348099999999', address: '5 Circular Road, Maiduguri' });
    expect(updated).toMatchObject({
      full_name: 'Amina Yusuf',
      phone: '+2348099999999',
      address: '5 Circular Road, Maiduguri',
    });
    const bad = await failureOf(
      env.caller(token).auth.updateProfile({ full_name: 'Amina 2', phone: '+2348011111111' }),
    );
    expect(bad.fields.full_name).toContain(VALIDATION_MESSAGES.nameLetters);
    const me = await env.caller(token).auth.me();
    expect(me).toMatchObject({ full_name: 'Amina Yusuf', phone: '+2348099999999' });
  });

  it('keeps shop fields for vendors, the email read-only and role out of reach', async () => {
    const { token } = await env.caller().auth.register(customerInput());
    expect((await failureOf(env.caller(token).auth.updateProfile({ shop_name: 'My Shop' }))).code).toBe('FORBIDDEN');
    expect(
      (await failureOf(env.caller(token).auth.updateProfile({ email: 'other@example.com' }))).fields.email,
    ).toContain(ERROR_MESSAGES.emailReadOnly);
    expect((await failureOf(env.caller(token).auth.updateProfile({ role: 'admin' } as never))).code).toBe(
      'BAD_REQUEST',
    );
    expect((await env.caller(token).auth.me()).role).toBe('customer');
  });

  it('lets a vendor edit shop and bank details with the registration rules', async () => {
    const { token } = await env.caller().auth.register(vendorInput());
    const updated = await env
      .caller(token)
      .auth.updateProfile({ shop_name: 'Kanuri Caps', bank_name: 'Ecobank', account_number: '9876543210' });
    expect(updated.vendor).toMatchObject({
      shop_name: 'Kanuri Caps',
      bank_name: 'Ecobank',
      account_number: '9876543210',
    });
    const bad = await failureOf(env.caller(token).auth.updateProfile({ account_number: '12345' }));
    expect(bad.fields.account_number).toContain(VALIDATION_MESSAGES.accountNumber);
  });

  it('changes the password through the profile only with the current password', async () => {
    const input = customerInput();
    const { token } = await env.caller().auth.register(input);
    const missing = await failureOf(
      env.caller(token).auth.updateProfile({ password: 'Newpass123', password_confirmation: 'Newpass123' }),
    );
    expect(missing.fields.current_password).toContain(VALIDATION_MESSAGES.currentPasswordRequired);
    await env.caller(token).auth.updateProfile({
      current_password: input.password,
      password: 'Newpass123',
      password_confirmation: 'Newpass123',
    });
    await expect(
      env.caller(undefined, '10.4.0.1').auth.login({ email: input.email, password: 'Newpass123' }),
    ).resolves.toBeTruthy();
  });
});
