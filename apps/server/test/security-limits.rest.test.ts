import { customerInput, vendorInput } from '@caps/api/testing';
import { ERROR_MESSAGES } from '@caps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRestTestEnv, type RestTestEnv } from './harness.js';

// Replays the outside probe of issue 10 over HTTP: batches, parallel guesses, lockouts, unthrottled calls.
let env: RestTestEnv;
beforeAll(async () => {
  env = await createRestTestEnv({
    login: { maxFailuresPerAccountAndIp: 10, maxFailuresPerAccount: 25, maxFailuresPerIp: 200 },
    limits: {
      registerPerIp: 4,
      contactPerIp: 3,
      couponChecksPerAccount: 5,
      couponChecksPerIp: 8,
      trpcMaxBatchSize: 10,
    },
  });
});
afterAll(async () => env?.close());

let ipCounter = 0;
/** A fresh client address, so each test starts with its own per-IP counts. */
const freshIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function registered(overrides: Record<string, unknown> = {}) {
  const input = customerInput(overrides);
  const response = await env.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: input,
    remoteAddress: freshIp(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return { ...input, token: response.json().token as string };
}

const login = (email: string, password: string, ip: string) =>
  env.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: ip });

/** A tRPC batch of `count` calls of one procedure, as httpBatchLink would send it. */
function trpcBatch(procedure: string, count: number, input: unknown, ip = freshIp()) {
  const path = Array.from({ length: count }, () => procedure).join(',');
  const inputs = Object.fromEntries(Array.from({ length: count }, (_, i) => [i, input]));
  return env.app.inject({
    method: 'POST',
    url: `/trpc/${path}?batch=1`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(inputs),
    remoteAddress: ip,
  });
}

type TrpcErrorBody = { error: { message: string; data: { httpStatus: number } } };
const trpcMessages = (body: unknown) =>
  (Array.isArray(body) ? body : [body]).map((entry: TrpcErrorBody) => entry.error?.message);

function expect429(response: Awaited<ReturnType<typeof login>>) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toMatchObject({ error: 'Too Many Requests', statusCode: 429 });
  expect(response.json().message).toMatch(/^Too many .* Please try again in \d+ minutes?\.$/);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('tRPC batches', () => {
  it('refuses a 50-long auth.login batch with 400 and checks no password', async () => {
    const owner = await registered();
    const ip = freshIp();
    const response = await trpcBatch('auth.login', 50, { email: owner.email, password: 'Wrong1234' }, ip);
    expect(response.statusCode, response.body).toBe(400);
    expect(trpcMessages(response.json())[0]).toMatch(/batch/i);
    // Nothing was counted: the owner signs in from that address.
    expect((await login(owner.email, owner.password, ip)).statusCode).toBe(200);
  });

  it('refuses sign-ins inside any batch, even one within the size bound', async () => {
    const owner = await registered();
    const ip = freshIp();
    const response = await trpcBatch('auth.login', 2, { email: owner.email, password: owner.password }, ip);
    expect(response.statusCode, response.body).toBe(400);
    expect(trpcMessages(response.json())[0]).toMatch(/on its own/);
    expect(response.body).not.toContain('token');
  });

  it('answers a 350-long vendors.list batch 400 with a message, and a 10-long one 200', async () => {
    const long = await env.app.inject({
      method: 'GET',
      url: `/trpc/${Array.from({ length: 350 }, () => 'vendors.list').join(',')}?batch=1`,
    });
    expect(long.statusCode).toBe(400);
    expect(long.headers['content-type']).toMatch(/^application\/json/);
    expect(long.body.length).toBeLessThan(2_000);
    expect(trpcMessages(long.json())[0]).toMatch(/batch/i);
    const bounded = await env.app.inject({
      method: 'GET',
      url: `/trpc/${Array.from({ length: 10 }, () => 'vendors.list').join(',')}?batch=1`,
    });
    expect(bounded.statusCode, bounded.body).toBe(200);
    expect(bounded.json()).toHaveLength(10);
  });

  it('sends Retry-After with a tRPC 429', async () => {
    const owner = await registered();
    const ip = freshIp();
    for (let i = 0; i < 10; i++) await login(owner.email, 'Wrong1234', ip);
    const response = await env.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: owner.email, password: owner.password }),
      remoteAddress: ip,
    });
    expect(response.statusCode).toBe(429);
    expect(trpcMessages(response.json())[0]).toMatch(/Too many login attempts/);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('sign-in limits', () => {
  it('checks at most 10 of 30 parallel guesses; the rest are 429', async () => {
    const owner = await registered();
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 30 }, () => login(owner.email, 'Wrong1234', ip)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    const refused = answers.find((answer) => answer.statusCode === 429);
    if (refused) expect429(refused);
    // Even the right password is not checked from there now.
    expect429(await login(owner.email, owner.password, ip));
  });

  it("does not let an attacker's failures lock the owner out from another address", async () => {
    const owner = await registered();
    const attacker = freshIp();
    for (let i = 0; i < 10; i++) expect((await login(owner.email, 'Wrong1234', attacker)).statusCode).toBe(401);
    expect429(await login(owner.email, 'Wrong1234', attacker));
    const fromHome = await login(owner.email, owner.password, freshIp());
    expect(fromHome.statusCode, fromHome.body).toBe(200);
  });

  it('holds every new address once the account ceiling is reached, but not a known device', async () => {
    const owner = await registered();
    const home = freshIp();
    expect((await login(owner.email, owner.password, home)).statusCode).toBe(200);
    // Three attackers, 25 failures in all: the account's ceiling.
    for (const attacker of [freshIp(), freshIp(), freshIp()]) {
      for (let i = 0; i < 10; i++) await login(owner.email, 'Wrong1234', attacker);
    }
    expect429(await login(owner.email, owner.password, freshIp()));
    const fromHome = await login(owner.email, owner.password, home);
    expect(fromHome.statusCode, fromHome.body).toBe(200);
    // That sign-in cleared the ceiling: a new address may try again.
    expect((await login(owner.email, owner.password, freshIp())).statusCode).toBe(200);
  });

  it('clears the (account, address) count on a successful sign-in', async () => {
    const owner = await registered();
    const ip = freshIp();
    for (let i = 0; i < 9; i++) await login(owner.email, 'Wrong1234', ip);
    expect((await login(owner.email, owner.password, ip)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(owner.email, 'Wrong1234', ip)).statusCode).toBe(401);
  });
});

describe('coupon checks', () => {
  const check = (token: string | undefined, code: string, ip: string) =>
    env.app.inject({
      method: 'POST',
      url: '/api/coupons/validate',
      headers: token ? bearer(token) : {},
      payload: { code },
      remoteAddress: ip,
    });

  it('need a signed-in customer: 401 without a token, 403 for a vendor', async () => {
    const anonymous = await check(undefined, 'SAVE10', freshIp());
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(ERROR_MESSAGES.unauthenticated);
    const vendor = vendorInput();
    const made = await env.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: vendor,
      remoteAddress: freshIp(),
    });
    expect((await check(made.json().token, 'SAVE10', freshIp())).statusCode).toBe(403);
  });

  it('stop guessing: per account, then per address', async () => {
    const ip = freshIp();
    const first = await registered();
    const guesses = [];
    for (let i = 0; i < 6; i++) guesses.push(await check(first.token, `GUESS${i}`, ip));
    expect(guesses.slice(0, 5).map((answer) => answer.statusCode)).toEqual([422, 422, 422, 422, 422]);
    expect429(guesses[5] as Awaited<ReturnType<typeof login>>);
    // A second account from the same address gets the address's remaining 3, then 429.
    const second = await registered();
    const more = [];
    for (let i = 0; i < 4; i++) more.push((await check(second.token, `GUESS${i}`, ip)).statusCode);
    expect(more).toEqual([422, 422, 422, 429]);
    expect((await check(second.token, 'GUESS9', freshIp())).statusCode).toBe(422);
  });

  it('are limited over tRPC too', async () => {
    const customer = await registered();
    const ip = freshIp();
    const query = () =>
      env.app.inject({
        method: 'GET',
        url: `/trpc/coupons.check?input=${encodeURIComponent(JSON.stringify({ code: 'NOPE1' }))}`,
        headers: bearer(customer.token),
        remoteAddress: ip,
      });
    expect(
      (
        await env.app.inject({
          method: 'GET',
          url: '/trpc/coupons.check?input=%7B%22code%22%3A%22A1%22%7D',
        })
      ).statusCode,
    ).toBe(401);
    for (let i = 0; i < 5; i++) expect((await query()).statusCode).toBe(422);
    const limited = await query();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('registration and contact', () => {
  it('limit registrations per address, counting refused duplicates too', async () => {
    const ip = freshIp();
    const register = (input: object) =>
      env.app.inject({ method: 'POST', url: '/api/register', payload: input, remoteAddress: ip });
    const input = customerInput();
    const statuses = [];
    statuses.push((await register(input)).statusCode);
    statuses.push((await register(input)).statusCode);
    statuses.push((await register({ ...customerInput(), email: 'not-an-email' })).statusCode);
    statuses.push((await register(customerInput())).statusCode);
    statuses.push((await register(customerInput())).statusCode);
    expect(statuses).toEqual([201, 409, 422, 201, 201]);
    const limited = await register(customerInput());
    expect429(limited);
    expect(limited.json().message).toMatch(/registrations/);
  });

  it('limit contact messages per address, over REST and tRPC alike', async () => {
    const ip = freshIp();
    const message = { name: 'Musa', email: 'musa@example.com', subject: 'Hello', message: 'Lovely caps.' };
    const rest = () => env.app.inject({ method: 'POST', url: '/api/contact', payload: message, remoteAddress: ip });
    expect((await rest()).statusCode).toBeLessThan(300);
    expect((await rest()).statusCode).toBeLessThan(300);
    const viaTrpc = () =>
      env.app.inject({
        method: 'POST',
        url: '/trpc/contact.send',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(message),
        remoteAddress: ip,
      });
    expect((await viaTrpc()).statusCode).toBe(200);
    const limited = await viaTrpc();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect429(await rest());
    expect(
      (await env.app.inject({ method: 'POST', url: '/api/contact', payload: message, remoteAddress: freshIp() }))
        .statusCode,
    ).toBeLessThan(300);
  });
});
