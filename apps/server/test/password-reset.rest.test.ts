import { afterAnswerSettled, customerInput } from '@caps/api/testing';
import { ERROR_MESSAGES, NOTIFICATION_TEXT, PASSWORD_RESET_TTL_MINUTES } from '@caps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRestTestEnv, type RestTestEnv } from './harness.js';

const PUBLIC_URL = 'https://caps.example.ng';

let env: RestTestEnv;
beforeAll(async () => {
  env = await createRestTestEnv({ publicUrl: PUBLIC_URL });
});
afterAll(async () => env?.close());

let ipCounter = 0;
/** A fresh client address per request group, so the per-IP bound of one test never silences another. */
const freshIp = () => `10.88.0.${++ipCounter}`;

/** A customer registered through the API (a real password), with its session's token. */
async function registered() {
  const input = customerInput();
  const { token } = await env.caller(undefined, freshIp()).auth.register(input);
  return { ...input, token };
}

const post = (url: string, payload: unknown, remoteAddress = freshIp()) =>
  env.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress });
/** A reset request, and the work it leaves for after its answer, finished. */
async function forgot(email: unknown, ip?: string) {
  const response = await post('/api/password/forgot', { email }, ip);
  await afterAnswerSettled(env.services);
  return response;
}
const reset = (token: unknown, password = 'NewSecret456') =>
  post('/api/password/reset', { token, password, password_confirmation: password });
const login = (email: string, password: string) => post('/api/login', { email, password });

/** The outbox rows of one kind for an address, oldest first (read as SQL: both dialects). */
async function outbox(to: string, kind: string): Promise<{ subject: string; text: string; html: string }[]> {
  return env.services.orm.em
    .fork()
    .execute('select subject, text, html from email_outbox where to_address = ? and kind = ? order by id', [to, kind]);
}

async function linkToken(email: string): Promise<string> {
  const rows = await outbox(email, 'password_reset');
  const match = /\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(rows[rows.length - 1]?.text ?? '');
  if (!match?.[1]) throw new Error(`no reset link for ${email}`);
  return match[1];
}

function expectJsonError(response: Awaited<ReturnType<typeof post>>, status: number, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  const body = response.json();
  expect(typeof body.message).toBe('string');
  if (message) expect(body.message).toBe(message);
  expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
  return body;
}

describe('POST /api/password/forgot', () => {
  it('answers an existing and an unknown email with the same 200 and body', async () => {
    const account = await registered();
    const known = await forgot(account.email);
    const unknown = await forgot(`nobody.${Date.now()}@example.com`);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ message: NOTIFICATION_TEXT.forgotAnswer });
    const [email] = await outbox(account.email, 'password_reset');
    expect(email?.subject).toBe('Reset your password');
    expect(email?.text).toMatch(new RegExp(`${PUBLIC_URL}/reset-password\\?token=[A-Za-z0-9_-]{43}`));
  });

  it('replays the timing probe: answers a known and an unknown email before any database work, the same for both', async () => {
    const account = await registered();
    const unknown = `nobody.${Date.now()}@example.com`;
    await afterAnswerSettled(env.services);
    const statements: string[] = [];
    const record = (query: { sql: string }) => statements.push(query.sql);
    const knex = env.services.orm.em.getKnex();
    knex.on('query', record);
    /** The SQL sent from the request's start until its answer arrives, and the answer. */
    const beforeAnswer = async (email: string) => {
      statements.length = 0;
      const [response, sent] = await post('/api/password/forgot', { email }).then((r) => [r, [...statements]] as const);
      await afterAnswerSettled(env.services);
      return { body: `${response.statusCode} ${response.body}`, sent };
    };
    try {
      const known = await beforeAnswer(account.email);
      const stranger = await beforeAnswer(unknown);
      expect(known).toEqual(stranger);
      expect(known.sent.filter((sql) => /users|password_reset|email_outbox/.test(sql))).toEqual([]);
    } finally {
      knex.removeListener('query', record);
    }
    expect(await outbox(account.email, 'password_reset')).toHaveLength(1);
    expect(await outbox(unknown, 'password_reset')).toHaveLength(0);
  });

  it.each([
    ['a malformed email', { email: 'not-an-email' }],
    ['no email', {}],
    ['an email that is not text', { email: 42 }],
    ['an unknown field', { email: 'a@example.com', role: 'admin' }],
  ])('answers %s with 422 and a message', async (_label, body) => {
    const body422 = expectJsonError(await post('/api/password/forgot', body), 422);
    expect(body422.errors).toBeDefined();
  });

  it('answers 50 requests for one email the same and writes at most 3 emails', async () => {
    const account = await registered();
    const ip = freshIp();
    const responses = await Promise.all(Array.from({ length: 50 }, () => forgot(account.email, ip)));
    expect(new Set(responses.map((r) => `${r.statusCode} ${r.body}`))).toEqual(
      new Set([`200 ${JSON.stringify({ message: NOTIFICATION_TEXT.forgotAnswer })}`]),
    );
    expect(await outbox(account.email, 'password_reset')).toHaveLength(3);
  });
});

describe('POST /api/password/reset', () => {
  it('resets with the emailed link: 200 with the role, sessions gone, old password refused, account told', async () => {
    const account = await registered();
    await forgot(account.email);
    const token = await linkToken(account.email);
    const response = await reset(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: NOTIFICATION_TEXT.resetDone, role: 'customer' });

    const profile = await env.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(account.token) });
    expectJsonError(profile, 401);
    expectJsonError(await login(account.email, account.password), 401, ERROR_MESSAGES.invalidCredentials);
    const fresh = await login(account.email, 'NewSecret456');
    expect(fresh.statusCode).toBe(200);

    const [changed] = await outbox(account.email, 'password_changed');
    expect(changed?.subject).toBe('Your password was changed');
    const bell = await env.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: bearer(fresh.json().token),
    });
    expect(bell.json().data.map((n: { kind: string }) => n.kind)).toEqual(['password_changed']);

    // Used once: the same link again is 400 with the code.
    const again = expectJsonError(await reset(token, 'Another789'), 400, NOTIFICATION_TEXT.invalidResetToken);
    expect(again.code).toBe('INVALID_RESET_TOKEN');
  });

  it('refuses an expired link with 400', async () => {
    const account = await registered();
    await forgot(account.email);
    const token = await linkToken(account.email);
    env.clock.advance((PASSWORD_RESET_TTL_MINUTES + 1) * 60_000);
    try {
      expectJsonError(await reset(token), 400, NOTIFICATION_TEXT.invalidResetToken);
    } finally {
      env.clock.advance(-(PASSWORD_RESET_TTL_MINUTES + 1) * 60_000);
    }
    expect((await login(account.email, account.password)).statusCode).toBe(200);
  });

  it.each([
    ['a random well-formed token', 'x'.repeat(43), 400],
    ['garbage', '<script>', 400],
    ['an empty token', '', 422],
    ['a token that is not text', 12345, 422],
    ['an overlong token', 'a'.repeat(5000), 422],
  ])('refuses %s with a JSON message and changes nothing', async (_label, token, status) => {
    const account = await registered();
    await forgot(account.email);
    expectJsonError(await reset(token), status);
    expect((await login(account.email, account.password)).statusCode).toBe(200);
    const profile = await env.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(account.token) });
    expect(profile.statusCode).toBe(200);
  });

  it('refuses mismatched or weak passwords with 422 and keeps the link usable', async () => {
    const account = await registered();
    await forgot(account.email);
    const token = await linkToken(account.email);
    const mismatch = await post('/api/password/reset', {
      token,
      password: 'NewSecret456',
      password_confirmation: 'Other456A',
    });
    expect(expectJsonError(mismatch, 422).errors.password_confirmation).toBeDefined();
    expectJsonError(await reset(token, 'short'), 422);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('voids the other link when one is used', async () => {
    const account = await registered();
    await forgot(account.email);
    const first = await linkToken(account.email);
    await forgot(account.email);
    const second = await linkToken(account.email);
    expect((await reset(second)).statusCode).toBe(200);
    expectJsonError(await reset(first), 400, NOTIFICATION_TEXT.invalidResetToken);
  });
});

describe('password change in the settings', () => {
  it.each([
    ['PUT', '/api/profile/password'],
    ['PUT', '/api/profile'],
  ] as const)('%s %s with a password emails the account’s address', async (method, url) => {
    const account = await registered();
    const response = await env.app.inject({
      method,
      url,
      headers: bearer(account.token),
      payload: { current_password: account.password, password: 'Changed789', password_confirmation: 'Changed789' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const emails = await outbox(account.email, 'password_changed');
    expect(emails).toHaveLength(1);
    expect(emails[0]?.text).toContain('in the account settings');
  });
});
