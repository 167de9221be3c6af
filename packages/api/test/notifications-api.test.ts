import {
  NOTIFICATION_KIND_INFO,
  NOTIFICATION_TEXT,
  type NotificationKind,
  type NotificationPreferenceDto,
  notificationKindsFor,
} from '@caps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Em } from '../src/db/orm.js';
import type { User } from '../src/modules/auth/auth.entities.js';
import {
  EmailMessageSchema,
  NotificationPreferenceSchema,
  NotificationSchema,
} from '../src/modules/notifications/notifications.entities.js';
import { notify } from '../src/modules/notifications/notify.js';
import { emailLayout, html } from '../src/modules/notifications/templates/layout.js';
import { makeUser } from './fixtures.js';
import { createTestEnv, failureOf, sessionTokenFor, type TestEnv } from './harness.js';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env?.close());

const em = () => env.services.orm.em.fork() as Em;

interface Person {
  user: User;
  token: string;
}
async function person(role: User['role'] = 'customer'): Promise<Person> {
  const user = await makeUser(em(), { role });
  return { user, token: await sessionTokenFor(env.services, user.id) };
}
const as = (who: Person) => env.caller(who.token);

let sequence = 0;
/** Writes one notice (bell and email) for `who`, as an event would, through notify() in a transaction. */
async function notice(who: Person, kind: NotificationKind = 'order_shipped', title = `Notice ${++sequence}`) {
  const event = `test:${++sequence}`;
  await em().transactional((tx) =>
    notify(tx as Em, env.services, [
      {
        event,
        kind,
        recipient: { user: { id: who.user.id, email: who.user.email } },
        inApp: { title, body: `${title} body`, link: `/order/${sequence}` },
        email: emailLayout({
          publicUrl: env.services.config.publicUrl,
          subject: title,
          bodyHtml: html`<p>${title}</p>`,
          bodyText: title,
        }),
      },
    ]),
  );
  // Distinct creation times, so "newest first" has one answer.
  env.clock.advance(1000);
  const row = await em().findOneOrFail(NotificationSchema, { key: { $like: `${event}:%` } });
  return row.id;
}

describe('the bell', () => {
  it('lists only the caller’s own notifications, newest first, paged, with the unread count', async () => {
    const amina = await person();
    const musa = await person();
    const ids = [await notice(amina), await notice(amina), await notice(amina)];
    await notice(musa);

    const all = await as(amina).notifications.list({});
    expect(all.data.map((n) => n.id)).toEqual([...ids].reverse());
    expect(all).toMatchObject({ total: 3, unread_count: 3, current_page: 1, last_page: 1, per_page: 20 });
    expect(all.data[0]).toMatchObject({ kind: 'order_shipped', read: false, read_at: null, link: expect.any(String) });
    expect(new Date(all.data[0]?.created_at ?? '').toISOString()).toBe(all.data[0]?.created_at);

    const page2 = await as(amina).notifications.list({ page: 2, per_page: 2 });
    expect(page2).toMatchObject({ total: 3, last_page: 2, current_page: 2, per_page: 2 });
    expect(page2.data.map((n) => n.id)).toEqual([ids[0]]);

    expect(await as(musa).notifications.unreadCount()).toEqual({ unread_count: 1 });
    expect((await as(musa).notifications.list({})).data).toHaveLength(1);
  });

  it('marks one read (idempotently) and filters unread; another user’s id is 404 and stays unread', async () => {
    const amina = await person();
    const musa = await person();
    const [first, second] = [await notice(amina), await notice(amina)];
    const theirs = await notice(musa);

    const read = await as(amina).notifications.read({ id: first });
    expect(read).toMatchObject({ id: first, read: true, read_at: expect.any(String) });
    env.clock.advance(60_000);
    const again = await as(amina).notifications.read({ id: first });
    expect(again.read_at).toBe(read.read_at);
    expect(await as(amina).notifications.unreadCount()).toEqual({ unread_count: 1 });
    const unread = await as(amina).notifications.list({ unread: true });
    expect(unread.data.map((n) => n.id)).toEqual([second]);
    expect(unread).toMatchObject({ total: 1, unread_count: 1 });

    for (const id of [theirs, 2_000_000_000]) {
      const failure = await failureOf(as(amina).notifications.read({ id }));
      expect(failure).toMatchObject({ code: 'NOT_FOUND', message: NOTIFICATION_TEXT.notificationNotFound });
    }
    expect(await as(musa).notifications.unreadCount()).toEqual({ unread_count: 1 });
    const stored = await em().findOneOrFail(NotificationSchema, theirs);
    expect(stored.readAt).toBeNull();
  });

  it('marks all of the caller’s notifications read, and only theirs', async () => {
    const amina = await person();
    const musa = await person();
    await notice(amina);
    await notice(amina);
    await notice(musa);
    expect(await as(amina).notifications.readAll()).toEqual({ updated: 2, unread_count: 0 });
    expect(await as(amina).notifications.readAll()).toEqual({ updated: 0, unread_count: 0 });
    expect((await as(amina).notifications.list({})).data.every((n) => n.read)).toBe(true);
    expect(await as(musa).notifications.unreadCount()).toEqual({ unread_count: 1 });
  });

  it('refuses bad paging and ids with field messages', async () => {
    const amina = await person();
    expect((await failureOf(as(amina).notifications.list({ per_page: 101 }))).fields.per_page).toEqual([
      'per_page must be between 1 and 100',
    ]);
    expect((await failureOf(as(amina).notifications.list({ page: 0 }))).code).toBe('BAD_REQUEST');
    expect((await failureOf(as(amina).notifications.read({ id: -1 }))).code).toBe('BAD_REQUEST');
  });
});

const byKind = (preferences: NotificationPreferenceDto[]) => new Map(preferences.map((p) => [p.kind, p]));

describe('preferences', () => {
  it.each(['customer', 'vendor', 'admin'] as const)(
    'lists every kind a %s receives, on by default, essential ones marked',
    async (role) => {
      const who = await person(role);
      const { preferences } = await as(who).notifications.preferences();
      expect(preferences.map((p) => p.kind)).toEqual(notificationKindsFor(role));
      for (const p of preferences) {
        const info = NOTIFICATION_KIND_INFO[p.kind];
        expect(p).toEqual({
          kind: p.kind,
          label: info.label,
          essential: info.essential,
          email: info.email,
          in_app: info.inApp,
          channels: { email: info.email, in_app: info.inApp },
        });
      }
    },
  );

  it('shows an email-only kind with in_app off', async () => {
    const { preferences } = await as(await person()).notifications.preferences();
    expect(byKind(preferences).get('welcome')).toMatchObject({
      essential: true,
      email: true,
      in_app: false,
      channels: { email: true, in_app: false },
    });
  });

  it('lets a vendor turn new_review email off; GET shows it and the next review is in the app only', async () => {
    const vendor = await person('vendor');
    const answer = await as(vendor).notifications.updatePreferences({
      preferences: [{ kind: 'new_review', email: false }],
    });
    expect(byKind(answer.preferences).get('new_review')).toMatchObject({ email: false, in_app: true });
    const { preferences } = await as(vendor).notifications.preferences();
    expect(byKind(preferences).get('new_review')).toMatchObject({ email: false, in_app: true });
    expect(byKind(preferences).get('low_stock')).toMatchObject({ email: true, in_app: true });

    await notice(vendor, 'new_review');
    expect(await em().count(NotificationSchema, { user: vendor.user.id, kind: 'new_review' })).toBe(1);
    expect(await em().count(EmailMessageSchema, { user: vendor.user.id, kind: 'new_review' })).toBe(0);

    // A later change names in_app only: email stays off.
    await as(vendor).notifications.updatePreferences({ preferences: [{ kind: 'new_review', in_app: false }] });
    const after = byKind((await as(vendor).notifications.preferences()).preferences);
    expect(after.get('new_review')).toMatchObject({ email: false, in_app: false });
    // And back on.
    await as(vendor).notifications.updatePreferences({
      preferences: [{ kind: 'new_review', email: true, in_app: true }],
    });
    expect(byKind((await as(vendor).notifications.preferences()).preferences).get('new_review')).toMatchObject({
      email: true,
      in_app: true,
    });
    expect(await em().count(NotificationPreferenceSchema, { user: vendor.user.id })).toBe(1);
  });

  it.each([
    [
      'turning off an essential kind',
      'customer',
      [{ kind: 'order_shipped', email: false }],
      NOTIFICATION_TEXT.essentialKind,
    ],
    [
      'turning off the in-app of an essential kind',
      'vendor',
      [{ kind: 'new_order', in_app: false }],
      NOTIFICATION_TEXT.essentialKind,
    ],
    [
      'a kind the role does not receive',
      'customer',
      [{ kind: 'new_review', email: false }],
      NOTIFICATION_TEXT.kindNotForRole,
    ],
    ['an admin kind for a vendor', 'vendor', [{ kind: 'new_report', email: false }], NOTIFICATION_TEXT.kindNotForRole],
    [
      'a channel the kind lacks',
      'customer',
      [{ kind: 'welcome', in_app: true }],
      'Welcome to the marketplace is not sent in the app.',
    ],
    [
      'one refused change among allowed ones',
      'vendor',
      [
        { kind: 'new_review', email: false },
        { kind: 'payout_sent', email: false },
      ],
      NOTIFICATION_TEXT.essentialKind,
    ],
    [
      'a kind named twice',
      'vendor',
      [
        { kind: 'low_stock', email: false },
        { kind: 'low_stock', email: true },
      ],
      'Each kind may be named once.',
    ],
  ] as const)('refuses %s with 422 and changes nothing', async (_label, role, changes, message) => {
    const who = await person(role);
    const before = await as(who).notifications.preferences();
    const failure = await failureOf(
      as(who).notifications.updatePreferences({ preferences: changes.map((change) => ({ ...change })) }),
    );
    expect(failure).toMatchObject({ code: 'UNPROCESSABLE_CONTENT', message });
    expect(Object.values(failure.fields).flat()).toContain(message);
    expect(await as(who).notifications.preferences()).toEqual(before);
    expect(await em().count(NotificationPreferenceSchema, { user: who.user.id })).toBe(0);
  });

  it.each([
    ['an unknown kind', { preferences: [{ kind: 'spam', email: false }] }, 'preferences.0.kind'],
    ['no kinds', { preferences: [] }, 'preferences'],
    ['a channel that is not a boolean', { preferences: [{ kind: 'low_stock', email: 'no' }] }, 'preferences.0.email'],
    ['an unknown field', { preferences: [{ kind: 'low_stock', sms: false }] }, 'sms'],
  ])('refuses %s by its input rules', async (_label, input, field) => {
    const vendor = await person('vendor');
    const failure = await failureOf(as(vendor).notifications.updatePreferences(input as never));
    expect(failure.code).toBe('BAD_REQUEST');
    expect(Object.keys(failure.fields)).toContain(field);
    expect(await em().count(NotificationPreferenceSchema, { user: vendor.user.id })).toBe(0);
  });

  it('accepts an essential kind left on (nothing to store)', async () => {
    const customer = await person();
    const answer = await as(customer).notifications.updatePreferences({
      preferences: [{ kind: 'order_shipped', email: true, in_app: true }],
    });
    expect(byKind(answer.preferences).get('order_shipped')).toMatchObject({ email: true, in_app: true });
    expect(await em().count(NotificationPreferenceSchema, { user: customer.user.id })).toBe(0);
  });
});

describe('without a session', () => {
  it('refuses every call with UNAUTHORIZED', async () => {
    const anonymous = env.caller();
    const calls = [
      () => anonymous.notifications.list({}),
      () => anonymous.notifications.unreadCount(),
      () => anonymous.notifications.read({ id: 1 }),
      () => anonymous.notifications.readAll(),
      () => anonymous.notifications.preferences(),
      () => anonymous.notifications.updatePreferences({ preferences: [{ kind: 'low_stock', email: false }] }),
    ];
    for (const call of calls) expect((await failureOf(call())).code).toBe('UNAUTHORIZED');
  });
});
