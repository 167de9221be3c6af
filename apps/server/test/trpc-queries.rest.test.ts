import { answer, appRouter } from '@caps/api';
import { makeProduct, makeReview, makeUser, makeVendor, sessionTokenFor } from '@caps/api/testing';
import { initTRPC, TRPCError } from '@trpc/server';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import superjson from 'superjson';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { trpcOptions } from '../src/plugins/trpc.js';
import { serveTrpc } from '../src/rest/trpc-queries.js';
import { createRestTestEnv, type RestTestEnv } from './harness.js';

// GET requests of queries are answered by rest/trpc-queries.ts instead of tRPC's Fastify adapter. Every
// answer must be the adapter's, byte for byte: each request below goes to the app and to a bare Fastify
// with @trpc/server's own plugin and the same options, and the two answers are compared.

let env: RestTestEnv;
let reference: FastifyInstance;
let customerToken: string;
let productId: number;
let vendorId: number;

const input = (value: unknown) => encodeURIComponent(JSON.stringify({ json: value }));
const batchInput = (values: Record<number, unknown>) =>
  encodeURIComponent(
    JSON.stringify(Object.fromEntries(Object.entries(values).map(([index, value]) => [index, { json: value }]))),
  );

/** What a tRPC answer is made of: status, the headers tRPC sets, the body. */
function essence(response: LightMyRequestResponse) {
  return {
    status: response.statusCode,
    contentType: response.headers['content-type'],
    vary: response.headers.vary,
    retryAfter: response.headers['retry-after'],
    body: response.body,
  };
}

interface Case {
  url: string;
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
}

async function compare({ url, method = 'GET', headers = {} }: Case) {
  const ours = await env.app.inject({ method, url, headers });
  const theirs = await reference.inject({ method, url, headers });
  expect(essence(ours), url).toEqual(essence(theirs));
  return ours;
}

beforeAll(async () => {
  env = await createRestTestEnv({ limits: { couponChecksPerAccount: 3, couponChecksPerIp: 50, trpcMaxBatchSize: 10 } });
  const em = env.services.orm.em.fork();
  const vendor = await makeVendor(em, { shopName: 'Ọ̀ṣọ́ Caps of Kano 🧢' });
  vendorId = vendor.id;
  const product = await makeProduct(em, vendor, {
    name: 'Fìlà "Abetí Ajá" \\ Kano',
    description: 'Line one\nline two\ttabbed, ẹ̀wà, 帽子, 🧢🧢',
  });
  productId = product.id;
  await makeReview(em, product, 5);
  await makeReview(em, product, 3);
  await makeProduct(em, vendor, { name: 'Plain cap', stock: 0 });
  const customer = await makeUser(em, { role: 'customer' });
  customerToken = await sessionTokenFor(env.services, customer.id);

  reference = Fastify({ logger: false, routerOptions: { maxParamLength: 5000 } });
  await reference.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions: trpcOptions(reference, env.services) });
  await reference.ready();
});

afterAll(async () => {
  await reference?.close();
  await env?.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('tRPC queries over GET', () => {
  it('answer a catalogue page as tRPC does, without superjson walking it', async () => {
    const serialize = vi.spyOn(superjson, 'serialize');
    const url = `/trpc/catalogue.list?input=${input({ search: 'kano', sort: 'price-low', page: 1 })}`;
    const ours = await env.app.inject({ method: 'GET', url });
    expect(ours.statusCode).toBe(200);
    expect(serialize).not.toHaveBeenCalled();
    const theirs = await reference.inject({ method: 'GET', url });
    expect(serialize).toHaveBeenCalled();
    expect(essence(ours)).toEqual(essence(theirs));
    const page = ours.json().result.data.json;
    expect(page.data.map((cap: { id: number }) => cap.id)).toContain(productId);
  });

  it('answer single calls, batches and their failures as tRPC does', async () => {
    const cases: Case[] = [
      { url: '/trpc/catalogue.list' },
      { url: `/trpc/catalogue.list?input=${input({})}` },
      { url: `/trpc/catalogue.list?input=${input({ search: 'zzzz-nothing' })}` },
      { url: `/trpc/catalogue.list?input=${input({ search: 'Ọ̀ṣọ́ 🧢', per_page: 1 })}` },
      { url: `/trpc/catalogue.get?input=${input({ id: productId })}` },
      { url: `/trpc/catalogue.get?input=${input({ id: String(productId) })}` },
      { url: `/trpc/vendors.list` },
      { url: `/trpc/vendors.get?input=${input({ id: vendorId })}` },
      // With application/json, as some clients send it on a GET: tRPC reads it the same way.
      { url: `/trpc/catalogue.get?input=${input({ id: productId })}`, headers: { 'content-type': 'application/json' } },
      // Failures inside the procedure: not found, input refused, NUL refused, not signed in.
      { url: `/trpc/catalogue.get?input=${input({ id: 999_999 })}` },
      { url: `/trpc/catalogue.list?input=${input({ page: 'x', sort: 'cheapest' })}` },
      { url: `/trpc/catalogue.list?input=${input({ search: 'a\u0000b' })}` },
      { url: '/trpc/auth.me' },
      { url: '/trpc/auth.me', headers: { authorization: `Bearer ${customerToken}` } },
      { url: '/trpc/auth.me', headers: { authorization: 'Bearer not-a-token' } },
      // superjson's meta on the input.
      {
        url: `/trpc/catalogue.list?input=${encodeURIComponent(JSON.stringify({ json: { page: '1' }, meta: { values: { page: ['number'] } } }))}`,
      },
      // Batches: all well, mixed (207), all failing, an input left out.
      {
        url: `/trpc/catalogue.list,vendors.list,catalogue.get?batch=1&input=${batchInput({ 0: { page: 1 }, 2: { id: productId } })}`,
      },
      {
        url: `/trpc/catalogue.get,catalogue.get,auth.me?batch=1&input=${batchInput({ 0: { id: productId }, 1: { id: 999_999 } })}`,
      },
      { url: `/trpc/catalogue.get,auth.me?batch=1&input=${batchInput({ 0: { id: -1 } })}` },
      { url: `/trpc/catalogue.list?batch=1&input=${batchInput({ 0: { search: 'kano' } })}` },
      { url: '/trpc/catalogue.list?batch=1' },
      // Left to tRPC's own handler: no such procedure, a mutation, input that is not JSON, a batch that is
      // too long or holds a call that must travel alone, a batch input that is no object, HEAD, streaming.
      { url: '/trpc/catalogue.nothing' },
      { url: '/trpc/toString' },
      { url: '/trpc/auth.login?input=%7B%7D' },
      { url: '/trpc/catalogue.list?input=%7Bnot-json' },
      { url: `/trpc/catalogue.list?input=${encodeURIComponent(JSON.stringify({ json: {}, meta: { values: 5 } }))}` },
      { url: `/trpc/${Array.from({ length: 11 }, () => 'vendors.list').join(',')}?batch=1` },
      { url: `/trpc/catalogue.list,payment.verify?batch=1&input=${batchInput({ 1: { reference: 'x' } })}` },
      { url: '/trpc/catalogue.list?batch=1&input=%5B1%5D' },
      { url: '/trpc/catalogue.list%2Cvendors.list?batch=1' },
      { url: '/trpc/catalogue.list', method: 'HEAD' },
      { url: '/trpc/catalogue.list', headers: { 'content-type': 'text/plain' } },
      { url: '/trpc/catalogue.list?batch=1', headers: { 'trpc-accept': 'application/jsonl' } },
    ];
    for (const request of cases) await compare(request);
  });

  it('say when to retry a limited query, as tRPC does', async () => {
    // coupons.check counts every check of a customer: the first 3 are refused (422), then 429.
    const url = `/trpc/coupons.check?input=${input({ code: 'NOPE1' })}`;
    const headers = { authorization: `Bearer ${customerToken}` };
    let ours = await env.app.inject({ method: 'GET', url, headers });
    for (let i = 0; i < 10 && ours.statusCode !== 429; i++) {
      ours = await env.app.inject({ method: 'GET', url, headers });
    }
    const theirs = await reference.inject({ method: 'GET', url, headers });
    expect(ours.statusCode).toBe(429);
    expect(Number(ours.headers['retry-after'])).toBeGreaterThan(0);
    // The wait is counted in seconds from each request: the two may be a second apart.
    const withoutWait = (response: LightMyRequestResponse) => ({
      ...essence(response),
      retryAfter: undefined,
      body: response.body.replace(/"retryAfter":\d+/, '"retryAfter":0'),
    });
    expect(withoutWait(ours)).toEqual(withoutWait(theirs));
  });
});

describe('the query path on any router', () => {
  // Answers superjson has to annotate (dates, undefined, maps, repeated objects...), answers that are
  // promises or streams, errors of every kind, a context that fails: the same as tRPC's, on a router of
  // its own with the same transformer.
  const t = initTRPC.context<{ user: string | null }>().create({ transformer: superjson, isDev: false });
  const shared = { id: 1 };
  const router = t.router({
    date: t.procedure.query(() => ({ at: new Date('2026-11-24T10:00:00Z'), list: [1, undefined, 3] })),
    map: t.procedure.query(() => new Map([['a', 1]])),
    repeated: t.procedure.query(() => ({ a: shared, b: shared })),
    negativeZero: t.procedure.query(() => ({ value: -0, nan: Number.NaN })),
    nothing: t.procedure.query(() => undefined),
    nullish: t.procedure.query(() => null),
    text: t.procedure.input(z.object({ value: z.string() })).query(({ input }) => `<${input.value}>`),
    checked: t.procedure
      .output(z.object({ name: z.string(), tags: z.array(z.string()), note: z.string().nullable() }))
      .query(() => ({ name: 'Kufi "Zanna" \u2028 ✓', tags: [], note: null, dropped: true }) as never),
    badOutput: t.procedure.output(z.object({ n: z.number() })).query(() => ({ n: 'x' }) as never),
    // answer()'s check: a proven answer is written without a second walk; the others as zod copies them.
    answered: t.procedure
      .output(
        answer(z.object({ a: z.object({ id: z.number() }).nullable(), b: z.array(z.object({ id: z.number() })) })),
      )
      .query(() => ({ a: { id: 1 }, b: [{ id: 2 }, { id: -3.5 }] })),
    answeredShared: t.procedure
      .output(
        answer(z.object({ a: z.object({ id: z.number() }).nullable(), b: z.array(z.object({ id: z.number() })) })),
      )
      .query(() => ({ a: shared, b: [shared] })),
    answeredNegativeZero: t.procedure
      .output(answer(z.object({ value: z.number(), list: z.array(z.number()) })))
      .query(() => ({ value: -0, list: [-0] })),
    answeredExtra: t.procedure
      .output(answer(z.object({ value: z.number() })))
      .query(() => ({ extra: 1, value: 2 }) as never),
    answeredWrong: t.procedure.output(answer(z.object({ value: z.number() }))).query(() => ({ value: '2' }) as never),
    promised: t.procedure.query(() => ({ later: Promise.resolve(1) })),
    streamed: t.procedure.query(async function* () {
      yield 1;
    }),
    fails: t.procedure.query(() => {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'No.' });
    }),
    crashes: t.procedure.query(() => {
      throw new Error('boom');
    }),
    me: t.procedure.query(({ ctx }) => ctx.user),
    change: t.procedure.mutation(() => 'changed'),
  });
  const options = {
    router,
    createContext: ({ req }: { req: { headers: Record<string, unknown> } }) => {
      if (req.headers['x-fail']) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Context refused.' });
      return { user: typeof req.headers['x-user'] === 'string' ? req.headers['x-user'] : null };
    },
    responseMeta: ({ errors }: { errors: TRPCError[] }) =>
      errors.length ? { headers: { 'x-errors': String(errors.length), 'retry-after': '7' } } : {},
  };
  let ours: FastifyInstance;
  let theirs: FastifyInstance;

  beforeAll(async () => {
    ours = Fastify({ logger: false });
    await ours.register(async (app) => serveTrpc(app, '/trpc', options));
    theirs = Fastify({ logger: false });
    await theirs.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions: options });
  });
  afterAll(async () => {
    await ours?.close();
    await theirs?.close();
  });

  it('gives the same answers', async () => {
    const urls = [
      '/trpc/date',
      '/trpc/map',
      '/trpc/repeated',
      '/trpc/negativeZero',
      '/trpc/nothing',
      '/trpc/nullish',
      `/trpc/text?input=${input({ value: 'a' })}`,
      `/trpc/text?input=${encodeURIComponent(JSON.stringify({ json: { value: 'd' }, meta: { values: { value: ['Date'] } } }))}`,
      '/trpc/text',
      '/trpc/checked',
      '/trpc/badOutput',
      '/trpc/answered',
      '/trpc/answeredShared',
      '/trpc/answeredNegativeZero',
      '/trpc/answeredExtra',
      '/trpc/answeredWrong',
      '/trpc/answered,answeredShared,answeredNegativeZero?batch=1',
      '/trpc/promised',
      '/trpc/streamed',
      '/trpc/fails',
      '/trpc/crashes',
      '/trpc/me',
      `/trpc/date,map,checked,fails,text?batch=1&input=${batchInput({ 4: { value: 'b' } })}`,
      '/trpc/promised,streamed,nullish?batch=1',
      '/trpc/change',
    ];
    for (const url of urls) {
      for (const headers of [{}, { 'x-user': 'Ada' }, { 'x-fail': '1' }]) {
        const a = await ours.inject({ method: 'GET', url, headers });
        const b = await theirs.inject({ method: 'GET', url, headers });
        expect({ ...essence(a), errors: a.headers['x-errors'] }, url).toEqual({
          ...essence(b),
          errors: b.headers['x-errors'],
        });
      }
    }
  });

  it('still takes mutations and POSTed batches to tRPC', async () => {
    for (const request of [
      { method: 'POST' as const, url: '/trpc/change', payload: {} },
      { method: 'POST' as const, url: '/trpc/change?batch=1', payload: { 0: {} } },
      { method: 'POST' as const, url: '/trpc/date', payload: {} },
    ]) {
      const a = await ours.inject(request);
      const b = await theirs.inject(request);
      expect(essence(a), request.url).toEqual(essence(b));
    }
    expect((await ours.inject({ method: 'POST', url: '/trpc/change', payload: {} })).json()).toEqual({
      result: { data: { json: 'changed' } },
    });
  });
});

it('reads the app router the way the query path needs it: flat dotted paths', () => {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
  expect(procedures['catalogue.list']?._def.type).toBe('query');
});
