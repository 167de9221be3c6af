import { makeUser, sessionTokenFor, vendorInput } from '@caps/api/testing';
import { NOTIFICATION_TEXT, notificationKindsFor } from '@caps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRestTestEnv, type RestTestEnv } from './harness.js';

let env: RestTestEnv;
beforeAll(async () => {
  env = await createRestTestEnv();
});
afterAll(async () => env?.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  env.app.inject({
    method,
    url: `/api${url}`,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

function expectJsonError(response: Awaited<ReturnType<typeof call>>, status: number, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(typeof body.message).toBe('string');
  if (message) expect(body.message).toBe(message);
  return body;
}

async function signedIn(role: 'customer' | 'vendor' | 'admin') {
  const user = await makeUser(env.services.orm.em.fork(), { role });
  return { user, token: await sessionTokenFor(env.services, user.id) };
}

/** Registers a vendor over REST: the vendor's bell gets shop_pending, every active admin's a new shop. */
async function registerVendor(shopName: string) {
  const response = await env.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { ...vendorInput({ shop_name: shopName }), terms_accepted: true },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().token as string;
}

interface Item {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  read: boolean;
}

describe('the bell over REST', () => {
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let vendorToken: string;
  beforeAll(async () => {
    admin = await signedIn('admin');
    vendorToken = await registerVendor('Kanem Caps');
    env.clock.advance(1000);
    await registerVendor('Baga Road Caps');
  });

  it('lists the caller’s own notifications newest first with the unread count', async () => {
    const response = await call('GET', '/notifications', admin.token);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 2, unread_count: 2, current_page: 1, last_page: 1, per_page: 20 });
    expect(body.data.map((n: Item) => n.body)).toEqual([
      expect.stringContaining('Baga Road Caps'),
      expect.stringContaining('Kanem Caps'),
    ]);
    expect(body.data[0]).toMatchObject({
      kind: 'shop_awaiting_verification',
      link: '/admin/dashboard?tab=vendors',
      read: false,
      read_at: null,
    });

    const vendor = (await call('GET', '/notifications', vendorToken)).json();
    expect(vendor.data.map((n: Item) => n.kind)).toEqual(['shop_pending']);

    const paged = (await call('GET', '/notifications?page=2&per_page=1', admin.token)).json();
    expect(paged).toMatchObject({ total: 2, last_page: 2, current_page: 2, per_page: 1 });
    expect(paged.data[0].body).toContain('Kanem Caps');
    expect((await call('GET', '/notifications/unread-count', admin.token)).json()).toEqual({ unread_count: 2 });
  });

  it('answers another user’s notification id with 404 and leaves it unread', async () => {
    const [theirs] = (await call('GET', '/notifications', vendorToken)).json().data as Item[];
    if (!theirs) throw new Error('the vendor has a notification');
    expectJsonError(
      await call('POST', `/notifications/${theirs.id}/read`, admin.token),
      404,
      NOTIFICATION_TEXT.notificationNotFound,
    );
    expectJsonError(
      await call('POST', '/notifications/999999/read', admin.token),
      404,
      NOTIFICATION_TEXT.notificationNotFound,
    );
    expect((await call('GET', '/notifications/unread-count', vendorToken)).json()).toEqual({ unread_count: 1 });
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])('refuses the id %s with a 4xx JSON message', async (id) => {
    const response = await call('POST', `/notifications/${id}/read`, admin.token);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(typeof response.json().message).toBe('string');
  });

  it('refuses bad paging with 422', async () => {
    expectJsonError(await call('GET', '/notifications?per_page=1000', admin.token), 422);
    expectJsonError(await call('GET', '/notifications?unread=maybe', admin.token), 422);
  });

  it('marks one read, then all, and filters unread', async () => {
    const [newest, oldest] = (await call('GET', '/notifications', admin.token)).json().data as Item[];
    if (!newest || !oldest) throw new Error('two notifications');
    const read = await call('POST', `/notifications/${oldest.id}/read`, admin.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: oldest.id, read: true, read_at: expect.any(String) });
    const unread = (await call('GET', '/notifications?unread=true', admin.token)).json();
    expect(unread.data.map((n: Item) => n.id)).toEqual([newest.id]);
    expect(unread.unread_count).toBe(1);

    const all = await call('POST', '/notifications/read-all', admin.token);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ updated: 1, unread_count: 0 });
    expect((await call('GET', '/notifications/unread-count', admin.token)).json()).toEqual({ unread_count: 0 });
    // The vendor's own stays unread.
    expect((await call('GET', '/notifications/unread-count', vendorToken)).json()).toEqual({ unread_count: 1 });
  });
});

describe('preferences over REST', () => {
  it('GET lists the role’s kinds', async () => {
    for (const role of ['customer', 'vendor', 'admin'] as const) {
      const { token } = await signedIn(role);
      const response = await call('GET', '/notification-preferences', token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().preferences.map((p: { kind: string }) => p.kind)).toEqual(notificationKindsFor(role));
    }
  });

  it('PUT turns new_review email off for a vendor, and GET shows it', async () => {
    const { token } = await signedIn('vendor');
    const response = await call('PUT', '/notification-preferences', token, {
      preferences: [{ kind: 'new_review', email: false }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const find = (body: { preferences: { kind: string }[] }) => body.preferences.find((p) => p.kind === 'new_review');
    expect(find(response.json())).toMatchObject({ email: false, in_app: true, essential: false });
    expect(find((await call('GET', '/notification-preferences', token)).json())).toMatchObject({
      email: false,
      in_app: true,
    });
  });

  it.each([
    ['vendor', 'an essential kind turned off', [{ kind: 'new_order', email: false }], NOTIFICATION_TEXT.essentialKind],
    ['customer', 'new_review for a customer', [{ kind: 'new_review', email: false }], NOTIFICATION_TEXT.kindNotForRole],
    ['vendor', 'an unknown kind', [{ kind: 'gossip', email: false }], 'kind must be a known kind of message'],
    [
      'vendor',
      'a valid change with a refused one',
      [
        { kind: 'low_stock', email: false },
        { kind: 'payout_failed', in_app: false },
      ],
      NOTIFICATION_TEXT.essentialKind,
    ],
    ['vendor', 'an empty list', [], 'preferences must name at least one kind'],
  ] as const)('a %s: %s is 422 with a message and changes nothing', async (role, _label, preferences, message) => {
    const { token } = await signedIn(role);
    const before = (await call('GET', '/notification-preferences', token)).body;
    expectJsonError(await call('PUT', '/notification-preferences', token, { preferences }), 422, message);
    expect((await call('GET', '/notification-preferences', token)).body).toBe(before);
  });

  it('refuses a body that is no list with 422', async () => {
    const { token } = await signedIn('vendor');
    expectJsonError(await call('PUT', '/notification-preferences', token, { preferences: 'all off' }), 422);
    expectJsonError(await call('PUT', '/notification-preferences', token, {}), 422);
  });
});

describe('without a valid token', () => {
  const routes: [Method, string, unknown?][] = [
    ['GET', '/notifications'],
    ['GET', '/notifications/unread-count'],
    ['POST', '/notifications/1/read'],
    ['POST', '/notifications/read-all'],
    ['GET', '/notification-preferences'],
    ['PUT', '/notification-preferences', { preferences: [{ kind: 'low_stock', email: false }] }],
  ];

  it.each(routes)('%s %s is 401 with a JSON message', async (method, url, payload) => {
    expectJsonError(await call(method, url, undefined, payload), 401);
    expectJsonError(await call(method, url, 'x'.repeat(43), payload), 401);
  });
});
