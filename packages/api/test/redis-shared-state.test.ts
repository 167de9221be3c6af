import { once } from 'node:events';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createContext, type Services } from '../src/context.js';
import { CatalogueTotals, SharedCatalogueTotals } from '../src/modules/catalogue/catalogue-totals.js';
import type { Vendor } from '../src/modules/vendors/vendors.entities.js';
import { MemoryRateLimiter, type RateLimiter, RedisRateLimiter, reserveAll } from '../src/rate-limit.js';
import { REDIS_UNAVAILABLE_MESSAGE, redisUnavailable } from '../src/redis.js';
import { createCaller } from '../src/root.js';
import { createServices, type ServicesConfigOverrides } from '../src/services.js';
import { makeProduct, makeVendor } from './fixtures.js';
import { createTestEnv, customerInput, failureOf, sessionTokenFor, type TestEnv, testDialect } from './harness.js';

// Two "processes" (two sets of services) on one database and one Redis database of this file's own
// (another number per dialect, since both suites may run at once).
const REDIS_URL = `redis://127.0.0.1:6379/${testDialect === 'postgresql' ? 12 : 11}`;
const LIMIT = 3;

let admin: Redis;
let a: TestEnv;
let b: Services;
let plain: Services;

const settings = (redisUrl?: string, uploadDir?: string): ServicesConfigOverrides => ({
  nodeEnv: 'test',
  ...(uploadDir ? { uploadDir } : {}),
  redisUrl,
  login: { maxFailuresPerAccountAndIp: LIMIT, maxFailuresPerAccount: 100, maxFailuresPerIp: 200 },
});

/** A tRPC caller on one process, as a request from `ip` with this token would get. */
const on = (services: Services, token?: string, ip = '127.0.0.1') =>
  createCaller(
    createContext(services, { ip, userAgent: 'vitest', authorization: token ? `Bearer ${token}` : undefined }),
  );

beforeAll(async () => {
  admin = new Redis(REDIS_URL);
  await admin.flushdb();
  a = await createTestEnv(settings(REDIS_URL));
  b = await createServices(a.db.config, settings(REDIS_URL, a.uploadDir));
  // A third process without Redis: what the two above would be without it.
  plain = await createServices(a.db.config, settings(undefined, a.uploadDir));
});
afterAll(async () => {
  await b?.orm.close(true);
  await plain?.orm.close(true);
  await a?.close();
  await admin?.flushdb();
  await admin?.quit();
});

describe('with REDIS_URL', () => {
  it('builds the shared limiter and totals; without it, the in-process ones', () => {
    expect(a.services.rateLimiter).toBeInstanceOf(RedisRateLimiter);
    expect(b.catalogueTotals).toBeInstanceOf(SharedCatalogueTotals);
    expect(plain.rateLimiter).toBeInstanceOf(MemoryRateLimiter);
    expect(plain.catalogueTotals).not.toBeInstanceOf(SharedCatalogueTotals);
  });
});

describe('RedisRateLimiter', () => {
  it('counts before the attempt, refuses at the limit with the wait, gives back a released attempt', async () => {
    const limiter = new RedisRateLimiter(admin, 'caps:rl-unit:');
    const window = 60_000;
    const first = await limiter.reserve('k', 2, window);
    const second = await limiter.reserve('k', 2, window);
    expect([first.allowed, second.allowed]).toEqual([true, true]);
    const refused = await limiter.reserve('k', 2, window);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    await second.release();
    await second.release();
    expect((await limiter.reserve('k', 2, window)).allowed).toBe(true);
    expect((await limiter.reserve('k', 2, window)).allowed).toBe(false);
    // The key lives no longer than its window, under the limiter's prefix.
    const ttl = await admin.pttl('caps:rl-unit:k');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(window);
    await limiter.reset('k');
    expect(await admin.exists('caps:rl-unit:k')).toBe(0);
    expect((await limiter.reserve('k', 2, window)).allowed).toBe(true);
    expect((await limiter.reserve('other', 2, window)).allowed).toBe(true);
    // A limit of 0 takes nothing and names the whole window as the wait.
    expect(await limiter.reserve('none', 0, window)).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
  });

  it('lets no more than the limit through when the attempts race', async () => {
    const limiter = new RedisRateLimiter(admin, 'caps:rl-race:');
    const attempts = await Promise.all(Array.from({ length: 20 }, () => limiter.reserve('k', 7, 60_000)));
    expect(attempts.filter((attempt) => attempt.allowed)).toHaveLength(7);
  });
});

describe('reserveAll', () => {
  it('gives back what it counted when another limit cannot be counted (Redis unreachable)', async () => {
    const memory = new MemoryRateLimiter();
    const flaky: RateLimiter = {
      reserve: (key, limit, windowMs) =>
        key === 'down' ? Promise.reject(redisUnavailable()) : memory.reserve(key, limit, windowMs),
      reset: (key) => memory.reset(key),
    };
    const limits = [
      { key: 'up', limit: 1 },
      { key: 'down', limit: 1 },
    ];
    const refused = await reserveAll(flaky, limits, 1, () => 'too many').catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: REDIS_UNAVAILABLE_MESSAGE });
    // 'up' was given back: its one attempt is still there to take.
    expect((await memory.reserve('up', 1, 60_000)).allowed).toBe(true);
  });
});

describe('failed sign-ins across two processes', () => {
  let email: string;
  let password: string;
  beforeAll(async () => {
    const input = customerInput();
    await a.caller().auth.register(input);
    ({ email, password } = input);
  });

  /** Signs in on `process` from `ip` with a wrong password; answers the error code of the refusal. */
  const fail = async (process: Services, ip: string) =>
    (await failureOf(on(process, undefined, ip).auth.login({ email, password: 'Wrong1234' }))).code;

  it('refuses at the same count as one process does', async () => {
    const alone = [];
    for (let i = 0; i <= LIMIT; i++) alone.push(await fail(a.services, '10.16.0.1'));
    const alternating = [];
    for (let i = 0; i <= LIMIT; i++) alternating.push(await fail(i % 2 ? b : a.services, '10.16.0.2'));
    const expected = [...Array(LIMIT).fill('UNAUTHORIZED'), 'TOO_MANY_REQUESTS'];
    expect(alone).toEqual(expected);
    expect(alternating).toEqual(expected);
    // Held on both, whichever the next request reaches.
    expect(await fail(a.services, '10.16.0.2')).toBe('TOO_MANY_REQUESTS');
    const refused = await failureOf(on(b, undefined, '10.16.0.2').auth.login({ email, password }));
    expect(refused.message).toMatch(/Too many login attempts/);
  });

  it('a sign-in that succeeds on one process clears the failures the other counted', async () => {
    const ip = '10.16.0.3';
    expect(await fail(a.services, ip)).toBe('UNAUTHORIZED');
    expect(await fail(a.services, ip)).toBe('UNAUTHORIZED');
    await on(b, undefined, ip).auth.login({ email, password });
    const after = [];
    for (let i = 0; i <= LIMIT; i++) after.push(await fail(i % 2 ? b : a.services, ip));
    expect(after).toEqual([...Array(LIMIT).fill('UNAUTHORIZED'), 'TOO_MANY_REQUESTS']);
  });

  it('without Redis each process counts alone (what the shared limiter fixes)', async () => {
    const ip = '10.16.0.4';
    for (let i = 0; i < LIMIT; i++) expect(await fail(a.services, ip)).toBe('UNAUTHORIZED');
    expect(await fail(plain, ip)).toBe('UNAUTHORIZED');
  });

  it('keeps the attempts in Redis, under the prefix', async () => {
    const keys = await admin.keys('caps:rl:login:*');
    expect(keys).toContain(`caps:rl:login:account-ip:${email}:10.16.0.2`);
  });
});

describe('a catalogue change through one process', () => {
  let shop: Vendor;
  let token: string;
  let edited: number;
  const query = () => ({ vendor_id: shop.id, category: 'Igbo Caps' as const, page: 1, per_page: 12 });
  const search = { search: 'borno sky', page: 1, per_page: 12 };

  beforeAll(async () => {
    const em = a.services.orm.em.fork();
    shop = await makeVendor(em, { shopName: 'Shared State Caps' });
    token = await sessionTokenFor(a.services, shop.user.id);
    await makeProduct(em, shop, { name: 'Igbo Red Cap', category: 'Igbo Caps' });
    edited = (await makeProduct(em, shop, { name: 'Plain Hausa Cap', category: 'Hausa Caps' })).id;
    // The tests below count on both processes hearing each other, which starts with the connection.
    for (const totals of [a.services.catalogueTotals, b.catalogueTotals]) {
      await vi.waitFor(() => expect(totals instanceof SharedCatalogueTotals && totals.listening).toBe(true));
    }
  });

  it("shows on the other process's next request, whose totals were remembered", async () => {
    // B and the process without Redis count and remember the totals.
    for (const process of [b, plain]) {
      expect((await on(process).catalogue.list(query())).total).toBe(1);
      expect((await on(process).catalogue.list(search)).total).toBe(0);
    }
    // A cap written behind the services' back shows that they remember: the rows are new, the total is not.
    await makeProduct(a.services.orm.em.fork(), shop, { name: 'Igbo Blue Cap', category: 'Igbo Caps' });
    const remembered = await on(b).catalogue.list(query());
    expect(remembered.data).toHaveLength(2);
    expect(remembered.total).toBe(1);

    // The vendor edits a cap through A: into the category, and a name the search finds.
    await on(a.services, token).vendorProducts.update({ id: edited, name: 'Borno Sky Cap', category: 'Igbo Caps' });

    const list = await on(b).catalogue.list(query());
    expect(list.total).toBe(3);
    expect(list.data.map((p) => p.name)).toContain('Borno Sky Cap');
    const found = await on(b).catalogue.list(search);
    expect(found.total).toBe(1);
    expect(found.data.map((p) => p.id)).toEqual([edited]);
    expect((await on(b).catalogue.get({ id: edited })).name).toBe('Borno Sky Cap');
    // Without Redis the other process keeps its totals until they expire.
    expect((await on(plain).catalogue.list(query())).total).toBe(1);
    expect((await on(plain).catalogue.list(search)).total).toBe(0);
  });

  it('and the other way round: B changes, A forgets', async () => {
    expect((await on(a.services).catalogue.list(query())).total).toBe(3);
    await on(b, token).vendorProducts.update({ id: edited, category: 'Hausa Caps' });
    expect((await on(a.services).catalogue.list(query())).total).toBe(2);
  });
});

describe('SharedCatalogueTotals on a loaded machine', () => {
  it('listens when its connection was ready before it was made (createServices awaits in between)', async () => {
    const publisher = new Redis(REDIS_URL);
    const subscriber = new Redis(REDIS_URL);
    try {
      await Promise.all([once(publisher, 'ready'), once(subscriber, 'ready')]);
      const totals = new SharedCatalogueTotals(publisher, subscriber);
      await vi.waitFor(() => expect(totals.listening).toBe(true), { timeout: 5_000, interval: 50 });
      totals.get('k');
      totals.set('k', 7);
      expect(totals.get('k')).toBe(7);
    } finally {
      publisher.disconnect();
      subscriber.disconnect();
    }
  });

  it('listens after its subscription timed out on a live connection, and hears changes then', async () => {
    // What a stalled server gives: SUBSCRIBE reaches Redis, but its answer comes after the command timeout.
    const publisher = new Redis(REDIS_URL);
    const subscriber = new Redis(REDIS_URL);
    const subscribe = subscriber.subscribe.bind(subscriber);
    vi.spyOn(subscriber, 'subscribe').mockImplementationOnce((...channels: (string | Buffer)[]) =>
      subscribe(...channels).then(() => Promise.reject(new Error('Command timed out'))),
    );
    const otherConnections = [new Redis(REDIS_URL), new Redis(REDIS_URL)] as const;
    const other = new SharedCatalogueTotals(...otherConnections);
    const totals = new SharedCatalogueTotals(publisher, subscriber);
    try {
      // It remembers totals again (it only does while listening) without waiting for a reconnection.
      await vi.waitFor(
        () => {
          totals.get('k');
          totals.set('k', 7);
          expect(totals.get('k')).toBe(7);
        },
        { timeout: 5_000, interval: 50 },
      );
      expect(subscriber.subscribe).toHaveBeenCalledTimes(2);
      // And it hears another process's change: the other waits for its answer, then the total is gone.
      await vi.waitFor(() => expect(other.listening).toBe(true), { timeout: 5_000, interval: 50 });
      await other.changed();
      expect(totals.get('k')).toBeUndefined();
    } finally {
      for (const connection of [publisher, subscriber, ...otherConnections]) connection.disconnect();
    }
  });
});

describe('CatalogueTotals', () => {
  it('does not keep a total counted while the catalogue changed', async () => {
    const totals = new CatalogueTotals();
    expect(totals.get('k')).toBeUndefined();
    await totals.changed();
    totals.set('k', 5);
    expect(totals.get('k')).toBeUndefined();
    totals.set('k', 6);
    expect(totals.get('k')).toBe(6);
  });
});
