import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createContext, readerEm } from '../src/context.js';
import { createCaller } from '../src/root.js';
import { makeProduct, makeUser, makeVendor } from './fixtures.js';
import { createTestEnv, sessionTokenFor, type TestEnv } from './harness.js';

// A request forks its EntityManager only when something uses it: the public catalogue reads (one raw
// statement each) go without, which saves the fork on the hottest path.

let env: TestEnv;
let productId: number;
let token: string;
const info = (authorization?: string) => ({ ip: '127.0.0.1', userAgent: 'vitest', authorization });

beforeAll(async () => {
  env = await createTestEnv();
  const em = env.services.orm.em.fork();
  const vendor = await makeVendor(em);
  productId = (await makeProduct(em, vendor, { name: 'Context Cap' })).id;
  token = await sessionTokenFor(env.services, (await makeUser(em)).id);
});
afterAll(async () => env?.close());
afterEach(() => {
  vi.restoreAllMocks();
});

describe('a request context', () => {
  it('forks once, on first use, and keeps that fork', () => {
    const fork = vi.spyOn(env.services.orm.em, 'fork');
    const ctx = createContext(env.services, info());
    expect(fork).not.toHaveBeenCalled();
    expect(readerEm(ctx)).toBe(env.services.orm.em);
    const own = ctx.em;
    expect(fork).toHaveBeenCalledTimes(1);
    expect(own).not.toBe(env.services.orm.em);
    expect(ctx.em).toBe(own);
    expect(readerEm(ctx)).toBe(own);
    // A copy (as a middleware adding the user makes) carries the same fork.
    expect(readerEm({ ...ctx })).toBe(own);
    expect(fork).toHaveBeenCalledTimes(1);
  });

  it('answers the public catalogue without a fork', async () => {
    const fork = vi.spyOn(env.services.orm.em, 'fork');
    const caller = createCaller(createContext(env.services, info()));
    const page = await caller.catalogue.list({ search: 'context' });
    expect(page.data.map((cap) => cap.id)).toEqual([productId]);
    expect((await caller.catalogue.get({ id: productId })).name).toBe('Context Cap');
    expect(fork).not.toHaveBeenCalled();
  });

  it('forks for what needs entities: who is signed in', async () => {
    const fork = vi.spyOn(env.services.orm.em, 'fork');
    const ctx = createContext(env.services, info(`Bearer ${token}`));
    const state = await ctx.auth();
    expect(state).toBeTruthy();
    expect(fork).toHaveBeenCalledTimes(1);
    expect(await createCaller(ctx).auth.me()).toMatchObject({});
  });
});
