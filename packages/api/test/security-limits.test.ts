import { ERROR_MESSAGES } from '@caps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../src/rate-limit.js';
import { createTestEnv, customerInput, failureOf, type TestEnv, vendorInput } from './harness.js';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv({
    login: { maxFailuresPerAccountAndIp: 10, maxFailuresPerAccount: 100, maxFailuresPerIp: 200 },
    limits: { registerPerIp: 3, contactPerIp: 2, couponChecksPerAccount: 4, couponChecksPerIp: 100 },
  });
});
afterAll(async () => env?.close());

let ipCounter = 0;
const freshIp = () => `10.88.0.${++ipCounter}`;

describe('MemoryRateLimiter', () => {
  it('counts before the attempt, refuses at the limit with the wait, gives back a released attempt', async () => {
    let now = 1_000_000;
    const limiter = new MemoryRateLimiter(() => now);
    const window = 60_000;
    const first = await limiter.reserve('k', 2, window);
    now += 10_000;
    const second = await limiter.reserve('k', 2, window);
    expect([first.allowed, second.allowed]).toEqual([true, true]);
    const refused = await limiter.reserve('k', 2, window);
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 50 });
    await second.release();
    await second.release();
    expect((await limiter.reserve('k', 2, window)).allowed).toBe(true);
    expect((await limiter.reserve('k', 2, window)).allowed).toBe(false);
    // The window slides: the first attempt leaves it after a minute.
    now += 50_000;
    expect((await limiter.reserve('k', 2, window)).allowed).toBe(true);
    await limiter.reset('k');
    expect((await limiter.reserve('k', 2, window)).allowed).toBe(true);
    expect((await limiter.reserve('other', 2, window)).allowed).toBe(true);
  });
});

describe('sign-in', () => {
  it('checks at most 10 of 30 concurrent guesses from one address', async () => {
    const input = customerInput();
    await env.caller(undefined, freshIp()).auth.register(input);
    const ip = freshIp();
    const failures = await Promise.all(
      Array.from({ length: 30 }, () =>
        failureOf(env.caller(undefined, ip).auth.login({ email: input.email, password: 'Wrong1234' })),
      ),
    );
    const codes = failures.map((failure) => failure.code);
    expect(codes.filter((code) => code === 'UNAUTHORIZED')).toHaveLength(10);
    expect(codes.filter((code) => code === 'TOO_MANY_REQUESTS')).toHaveLength(20);
  });
});

describe('coupon checks', () => {
  it('need a customer and are counted per account', async () => {
    expect((await failureOf(env.caller(undefined, freshIp()).coupons.check({ code: 'SAVE10' }))).code).toBe(
      'UNAUTHORIZED',
    );
    const vendor = await env.caller(undefined, freshIp()).auth.register(vendorInput());
    expect((await failureOf(env.caller(vendor.token, freshIp()).coupons.check({ code: 'SAVE10' }))).code).toBe(
      'FORBIDDEN',
    );
    const { token } = await env.caller(undefined, freshIp()).auth.register(customerInput());
    const ip = freshIp();
    for (let i = 0; i < 4; i++) {
      const refused = await failureOf(env.caller(token, ip).coupons.check({ code: `GUESS${i}` }));
      expect(refused.message).toBe('Invalid coupon');
    }
    const limited = await failureOf(env.caller(token, freshIp()).coupons.check({ code: 'GUESS9' }));
    expect(limited.code).toBe('TOO_MANY_REQUESTS');
    expect(limited.message).toMatch(/^Too many coupon checks\. Please try again in 15 minutes\.$/);
  });
});

describe('registration and contact', () => {
  it('count registrations per address once the input is valid', async () => {
    const ip = freshIp();
    const caller = env.caller(undefined, ip);
    const input = customerInput();
    await caller.auth.register(input);
    expect((await failureOf(caller.auth.register(input))).message).toBe(ERROR_MESSAGES.emailTaken);
    expect((await failureOf(caller.auth.register({ ...customerInput(), email: 'nope' }))).fields).toHaveProperty(
      'email',
    );
    await caller.auth.register(customerInput());
    const limited = await failureOf(caller.auth.register(customerInput()));
    expect(limited.code).toBe('TOO_MANY_REQUESTS');
    await expect(env.caller(undefined, freshIp()).auth.register(customerInput())).resolves.toBeTruthy();
  });

  it('count contact messages per address', async () => {
    const ip = freshIp();
    const message = { name: 'Musa', email: 'musa@example.com', subject: 'Hello', message: 'Lovely caps.' };
    await env.caller(undefined, ip).contact.send(message);
    await env.caller(undefined, ip).contact.send(message);
    const limited = await failureOf(env.caller(undefined, ip).contact.send(message));
    expect(limited.code).toBe('TOO_MANY_REQUESTS');
    expect(limited.message).toMatch(/Too many messages/);
    await expect(env.caller(undefined, freshIp()).contact.send(message)).resolves.toBeTruthy();
  });
});
