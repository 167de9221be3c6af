import { ERROR_MESSAGES, NOTIFICATION_TEXT, PASSWORD_RESET_TTL_MINUTES, VALIDATION_MESSAGES } from '@caps/contracts';
import { describe, expect, it } from 'vitest';
import { afterAnswerSettled } from '../src/after-answer.js';
import { SessionSchema, UserSchema } from '../src/modules/auth/auth.entities.js';
import { newToken, tokenDigest } from '../src/modules/auth/tokens.js';
import {
  EmailMessageSchema,
  NotificationSchema,
  PasswordResetTokenSchema,
} from '../src/modules/notifications/notifications.entities.js';
import { deliverOutbox, REMOVED_TOKEN } from '../src/modules/notifications/outbox.js';
import { FORGOT_PASSWORD_PER_IP_PER_HOUR } from '../src/modules/notifications/password-reset.service.js';
import { makeUser } from './fixtures.js';
import { customerInput, failureOf, vendorInput } from './harness.js';
import { PUBLIC_URL, withSmtpEnv } from './smtp-env.js';

const t = withSmtpEnv();

const em = () => t.env.services.orm.em.fork();
let ipCounter = 0;
/** A fresh address per test, so the per-IP bound of one test never silences another. */
const freshIp = () => `10.1.0.${++ipCounter}`;

/** A registered customer (through the API: a real password) with its first session's token. */
async function registered(overrides: Record<string, unknown> = {}) {
  const input = customerInput(overrides);
  const { token, user } = await t.env.caller().auth.register(input);
  return { email: input.email, password: input.password, token, id: user.id };
}

/** A reset request, and the work it leaves for after its answer, finished. */
async function forgot(email: string, ip = freshIp()) {
  const answer = await t.env.caller(undefined, ip).auth.forgotPassword({ email });
  await afterAnswerSettled(t.env.services);
  return answer;
}
const reset = (token: string, password = 'NewSecret456') =>
  t.env.caller().auth.resetPassword({ token, password, password_confirmation: password });
const signIn = (email: string, password: string) => t.env.caller().auth.login({ email, password });

/** The reset link's token in an email (plain text part), which the database never holds. */
function tokenIn(text: string): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return match[1];
}

/** The reset emails written for an address, oldest first. */
const resetEmails = (to: string) =>
  em().find(EmailMessageSchema, { toAddress: to, kind: 'password_reset' }, { orderBy: { id: 'asc' } });

async function latestResetToken(to: string): Promise<string> {
  const emails = await resetEmails(to);
  const last = emails[emails.length - 1];
  if (!last) throw new Error(`no reset email for ${to}`);
  return tokenIn(last.text);
}

const passwordHashOf = async (id: number) => (await em().findOneOrFail(UserSchema, id)).passwordHash;

describe('forgot password', () => {
  it('answers an existing, an unknown and a suspended email exactly alike; only the active account gets a link', async () => {
    const account = await registered();
    const suspended = await registered();
    await em().nativeUpdate(UserSchema, { id: suspended.id }, { status: 'suspended' });
    const unknown = `nobody.${Date.now()}@example.com`;

    const answers = [await forgot(account.email), await forgot(unknown), await forgot(suspended.email)];
    for (const answer of answers) expect(answer).toStrictEqual({ message: NOTIFICATION_TEXT.forgotAnswer });

    expect(await em().count(PasswordResetTokenSchema, { user: account.id })).toBe(1);
    expect(await em().count(PasswordResetTokenSchema, { user: suspended.id })).toBe(0);
    expect(await em().count(EmailMessageSchema, { toAddress: unknown })).toBe(0);
    expect(await resetEmails(suspended.email)).toHaveLength(0);
    const [email] = await resetEmails(account.email);
    expect(email).toMatchObject({ kind: 'password_reset', status: 'pending', user: { id: account.id } });
  });

  it('replays the timing probe: answers a known and an unknown email before any database work, the same for both', async () => {
    const account = await registered();
    const unknown = `nobody.${Date.now()}@example.com`;
    await afterAnswerSettled(t.env.services);
    const statements: string[] = [];
    const record = (query: { sql: string }) => statements.push(query.sql);
    const knex = t.env.services.orm.em.getKnex();
    knex.on('query', record);
    /** The SQL sent from the request's start until its answer arrives. */
    const beforeAnswer = async (email: string) => {
      statements.length = 0;
      const sent = await t.env
        .caller(undefined, freshIp())
        .auth.forgotPassword({ email })
        .then(() => [...statements]);
      await afterAnswerSettled(t.env.services);
      return sent;
    };
    try {
      const known = await beforeAnswer(account.email);
      const stranger = await beforeAnswer(unknown);
      expect(known).toEqual(stranger);
      // Nothing that depends on the email reaches the database before the answer: the lookup comes after.
      expect(known.filter((sql) => /users|password_reset|email_outbox/.test(sql))).toEqual([]);
    } finally {
      knex.removeListener('query', record);
    }
    // The work done after the answer sent the link.
    expect(await em().count(PasswordResetTokenSchema, { user: account.id })).toBe(1);
    expect(await resetEmails(account.email)).toHaveLength(1);
    expect(await em().count(EmailMessageSchema, { toAddress: unknown })).toBe(0);
  });

  it('finds the account whatever the case and spaces of the email, like sign-in', async () => {
    const account = await registered();
    await forgot(`  ${account.email.toUpperCase()} `);
    expect(await resetEmails(account.email)).toHaveLength(1);
  });

  it('stores only the digest of a 256-bit token, valid for one hour', async () => {
    const account = await registered();
    const before = t.env.clock.now().getTime();
    await forgot(account.email);
    const token = await latestResetToken(account.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await em().find(PasswordResetTokenSchema, { user: account.id });
    expect(row?.tokenHash).toBe(tokenDigest(token));
    expect(row?.tokenHash).not.toContain(token);
    const ttl = (row?.expiresAt.getTime() ?? 0) - before;
    expect(ttl).toBeGreaterThanOrEqual(PASSWORD_RESET_TTL_MINUTES * 60_000 - 1000);
    expect(ttl).toBeLessThanOrEqual(PASSWORD_RESET_TTL_MINUTES * 60_000 + 60_000);
  });

  it('refuses a malformed email with the field message and writes nothing', async () => {
    const before = await em().count(PasswordResetTokenSchema, {});
    const failure = await failureOf(forgot('not-an-email'));
    expect(failure.code).toBe('BAD_REQUEST');
    expect(failure.fields.email).toEqual([VALIDATION_MESSAGES.email]);
    expect(await em().count(PasswordResetTokenSchema, {})).toBe(before);
  });

  it('answers 50 requests for one email the same and sends at most the hourly limit', async () => {
    const account = await registered();
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 50 }, () => forgot(account.email, ip)));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toStrictEqual({ message: NOTIFICATION_TEXT.forgotAnswer });
    const limit = t.env.services.config.passwordResetPerEmailPerHour;
    expect(limit).toBe(3);
    expect(await resetEmails(account.email)).toHaveLength(limit);
    expect(await em().count(PasswordResetTokenSchema, { user: account.id })).toBe(limit);
    // From other addresses too: the limit is the email's.
    await forgot(account.email);
    expect(await resetEmails(account.email)).toHaveLength(limit);
  });

  it('goes silent for an address above its hourly bound, whichever emails it names', async () => {
    const ip = freshIp();
    const users = [];
    for (let i = 0; i <= FORGOT_PASSWORD_PER_IP_PER_HOUR; i++) users.push(await makeUser(em()));
    for (const user of users) {
      expect(await forgot(user.email, ip)).toStrictEqual({ message: NOTIFICATION_TEXT.forgotAnswer });
    }
    const sent = await em().count(PasswordResetTokenSchema, { user: { $in: users.map((u) => u.id) } });
    expect(sent).toBe(FORGOT_PASSWORD_PER_IP_PER_HOUR);
    // The last one is not silenced for good: from another address it gets its link.
    const last = users[users.length - 1] as (typeof users)[number];
    await forgot(last.email);
    expect(await em().count(PasswordResetTokenSchema, { user: last.id })).toBe(1);
  });
});

describe('reset password', () => {
  it('emails a link from PUBLIC_URL through SMTP; the reset signs out everything and tells the account', async () => {
    const account = await registered({ full_name: 'Hauwa Sani' });
    const second = (await signIn(account.email, account.password)).token;
    await forgot(account.email);
    await deliverOutbox(t.env.services);
    const [received] = await t.smtp.waitFor((messages) =>
      messages.some((m) => m.envelopeTo.includes(account.email) && m.subject === 'Reset your password'),
    );
    const message = t.smtp.to(account.email).find((m) => m.subject === 'Reset your password');
    expect(received).toBeDefined();
    if (!message) throw new Error('no reset email');
    expect(message.text).toContain('Hi Hauwa Sani,');
    expect(message.text).toMatch(new RegExp(`${PUBLIC_URL}/reset-password\\?token=[A-Za-z0-9_-]{43}`));
    const token = tokenIn(message.text);
    expect(message.html).toContain(`href="${PUBLIC_URL}/reset-password?token=${token}"`);
    // Once sent, the outbox keeps no usable link: the token lives on as its hash only.
    const [row] = await resetEmails(account.email);
    expect(row?.status).toBe('sent');
    expect(`${row?.text}${row?.html}`).not.toContain(token);
    expect(row?.text).toContain(`/reset-password?token=${REMOVED_TOKEN}`);
    expect(message.text).toContain('valid for 1 hour');

    const answer = await reset(token);
    expect(answer).toStrictEqual({ message: NOTIFICATION_TEXT.resetDone, role: 'customer' });
    expect(await passwordHashOf(account.id)).toMatch(/^\$argon2id\$/);

    // Every session is gone, the old password is refused, the new one signs in.
    for (const old of [account.token, second]) {
      expect((await failureOf(t.env.caller(old).auth.me())).code).toBe('UNAUTHORIZED');
    }
    expect((await failureOf(signIn(account.email, account.password))).message).toBe(ERROR_MESSAGES.invalidCredentials);
    const fresh = await signIn(account.email, 'NewSecret456');
    expect((await t.env.caller(fresh.token).auth.me()).email).toBe(account.email);

    // The account is told: an email and the bell.
    const [notice] = await em().find(NotificationSchema, { user: account.id, kind: 'password_changed' });
    expect(notice).toMatchObject({ title: 'Your password was changed', link: '/settings?tab=security' });
    await deliverOutbox(t.env.services);
    await t.smtp.waitFor(() => t.smtp.to(account.email).some((m) => m.subject === 'Your password was changed'));
    const changed = t.smtp.to(account.email).find((m) => m.subject === 'Your password was changed');
    expect(changed?.text).toContain('with a password reset link');
    expect(changed?.text).toContain(`${PUBLIC_URL}/forgot-password`);

    // The link works once.
    const again = await failureOf(reset(token, 'Another789'));
    expect(again).toMatchObject({ code: 'BAD_REQUEST', message: NOTIFICATION_TEXT.invalidResetToken });
    await signIn(account.email, 'NewSecret456');
  });

  it('refuses an expired link and changes nothing', async () => {
    const account = await registered();
    await forgot(account.email);
    const token = await latestResetToken(account.email);
    const hash = await passwordHashOf(account.id);
    t.env.clock.advance((PASSWORD_RESET_TTL_MINUTES + 1) * 60_000);
    try {
      const failure = await failureOf(reset(token));
      expect(failure).toMatchObject({ code: 'BAD_REQUEST', message: NOTIFICATION_TEXT.invalidResetToken });
    } finally {
      t.env.clock.advance(-(PASSWORD_RESET_TTL_MINUTES + 1) * 60_000);
    }
    expect(await passwordHashOf(account.id)).toBe(hash);
    expect((await t.env.caller(account.token).auth.me()).email).toBe(account.email);
  });

  it.each<[string, () => string, string | null]>([
    ['an unknown well-formed token', () => newToken(), null],
    ['garbage', () => 'not a token at all', null],
    ['a token with a character too many', () => `${newToken()}A`, null],
    ['an overlong token', () => 'A'.repeat(201), NOTIFICATION_TEXT.invalidResetToken],
    ['an empty token', () => '', VALIDATION_MESSAGES.required],
  ])('refuses %s and changes nothing', async (_label, token, fieldMessage) => {
    const account = await registered();
    await forgot(account.email);
    const hash = await passwordHashOf(account.id);
    const failure = await failureOf(reset(token()));
    expect(failure.code).toBe('BAD_REQUEST');
    // Refused by the input's rules (a field message) or by the service (INVALID_RESET_TOKEN).
    if (fieldMessage) expect(failure.fields.token).toEqual([fieldMessage]);
    else expect(failure).toMatchObject({ message: NOTIFICATION_TEXT.invalidResetToken, fields: {} });
    expect(await passwordHashOf(account.id)).toBe(hash);
    expect(await em().count(SessionSchema, { user: account.id, revokedAt: { $ne: null } })).toBe(0);
    // The account's real link still works.
    await reset(await latestResetToken(account.email));
  });

  it('refuses a weak or mismatched new password with the field message and keeps the link usable', async () => {
    const account = await registered();
    await forgot(account.email);
    const token = await latestResetToken(account.email);
    const weak = await failureOf(
      t.env.caller().auth.resetPassword({ token, password: 'abcdefgh', password_confirmation: 'abcdefgh' }),
    );
    expect(weak.code).toBe('BAD_REQUEST');
    expect(weak.fields.password).toContain(VALIDATION_MESSAGES.passwordUpper);
    const mismatch = await failureOf(
      t.env.caller().auth.resetPassword({ token, password: 'NewSecret456', password_confirmation: 'NewSecret457' }),
    );
    expect(mismatch.fields.password_confirmation).toEqual([VALIDATION_MESSAGES.passwordsMismatch]);
    expect(await reset(token)).toMatchObject({ role: 'customer' });
  });

  it('voids every other link of the account once one is used', async () => {
    const account = await registered();
    await forgot(account.email);
    await forgot(account.email);
    const [first, second] = (await resetEmails(account.email)).map((email) => tokenIn(email.text));
    if (!first || !second) throw new Error('expected two links');
    expect(first).not.toBe(second);
    await reset(second);
    expect((await failureOf(reset(first, 'Another789'))).message).toBe(NOTIFICATION_TEXT.invalidResetToken);
    await signIn(account.email, 'NewSecret456');
  });

  it('lets one of two concurrent resets with the same link win', async () => {
    const account = await registered();
    await forgot(account.email);
    const token = await latestResetToken(account.email);
    const outcomes = await Promise.allSettled([reset(token, 'FirstWins111'), reset(token, 'SecondWins222')]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(await em().count(NotificationSchema, { user: account.id, kind: 'password_changed' })).toBe(1);
  });

  it("answers a vendor's reset with the vendor role (the sign-in page to use)", async () => {
    const input = vendorInput();
    await t.env.caller().auth.register(input);
    await forgot(input.email);
    const answer = await reset(await latestResetToken(input.email));
    expect(answer.role).toBe('vendor');
    const [notice] = await em().find(NotificationSchema, { user: { email: input.email }, kind: 'password_changed' });
    expect(notice?.link).toBe('/vendor/dashboard?tab=account');
  });
});

describe('password change in the settings', () => {
  async function changedNotices(account: { id: number; email: string }) {
    const emails = await em().find(EmailMessageSchema, { user: account.id, kind: 'password_changed' });
    const inApp = await em().count(NotificationSchema, { user: account.id, kind: 'password_changed' });
    return { emails, inApp };
  }

  it('PUT /profile/password tells the account by email and in the app, and signs out the other sessions', async () => {
    const account = await registered();
    const other = (await signIn(account.email, account.password)).token;
    await t.env.caller(account.token).auth.changePassword({
      current_password: account.password,
      password: 'Changed789',
      password_confirmation: 'Changed789',
    });
    const { emails, inApp } = await changedNotices(account);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ toAddress: account.email, subject: 'Your password was changed' });
    expect(emails[0]?.text).toContain('in the account settings');
    expect(inApp).toBe(1);
    expect((await failureOf(t.env.caller(other).auth.me())).code).toBe('UNAUTHORIZED');
    expect((await t.env.caller(account.token).auth.me()).email).toBe(account.email);
  });

  it('PUT /profile with a password tells the account; without one, nothing', async () => {
    const account = await registered();
    await t.env.caller(account.token).auth.updateProfile({ full_name: 'Zainab Umar' });
    expect((await changedNotices(account)).emails).toHaveLength(0);
    await t.env.caller(account.token).auth.updateProfile({
      current_password: account.password,
      password: 'Changed789',
      password_confirmation: 'Changed789',
    });
    const { emails, inApp } = await changedNotices(account);
    expect(emails.map((e) => e.toAddress)).toEqual([account.email]);
    expect(emails[0]?.text).toContain('Hi Zainab Umar,');
    expect(inApp).toBe(1);
  });

  it('a wrong current password changes nothing and tells nobody', async () => {
    const account = await registered();
    const failure = await failureOf(
      t.env.caller(account.token).auth.changePassword({
        current_password: 'Wrong1234',
        password: 'Changed789',
        password_confirmation: 'Changed789',
      }),
    );
    expect(failure.code).toBe('UNPROCESSABLE_CONTENT');
    expect(await changedNotices(account)).toEqual({ emails: [], inApp: 0 });
  });
});
