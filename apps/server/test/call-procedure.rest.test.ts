import { answer } from '@caps/api';
import { PagedProductsDto, ProductListQuery } from '@caps/contracts';
import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callProcedure } from '../src/rest/call-procedure.js';

// Issue 15: callProcedure parses a zod input synchronously (tRPC uses parseAsync, which skips zod's compiled
// fast path). Whatever the input, the outcome must be tRPC's own: the same parsed input, or the same error.

const t = initTRPC.create({ transformer: superjson });
const seen: unknown[] = [];
const router = t.router({
  list: t.procedure.input(ProductListQuery).query(({ input }) => input),
  merged: t.procedure
    .input(z.object({ a: z.string(), keep: z.string().default('kept') }))
    .input(z.object({ b: z.number().int(), a: z.string().transform((a) => a.toUpperCase()) }))
    .query(({ input }) => input),
  asynchronous: t.procedure
    .input(
      z.object({ name: z.string() }).refine(async (value) => {
        seen.push(value);
        return value.name !== 'taken';
      }, 'taken'),
    )
    .query(({ input }) => input),
  scalar: t.procedure.input(z.number().int().min(1)).query(({ input }) => input * 2),
  // An output check made by answer(), as every router of ours has: the answer is the input given.
  page: t.procedure
    .input(z.unknown())
    .output(answer(PagedProductsDto))
    .query(({ input }) => input as never),
  zodOutput: t.procedure
    .input(z.unknown())
    .output(z.object({ n: z.number().int() }))
    .query(({ input }) => input as never),
});
const caller = t.createCallerFactory(router)({});
type Procedure = Parameters<typeof callProcedure>[0];
const procedures = router._def.procedures as unknown as Record<keyof typeof router._def.record, Procedure>;

/** The outcome of a call: its answer, or its error's class, code, message and cause's issues. */
async function outcome(call: () => Promise<unknown>) {
  try {
    return { answer: await call() };
  } catch (error) {
    const e = error as TRPCError;
    return {
      error: e.constructor.name,
      code: e.code,
      message: e.message,
      cause: e.cause?.constructor.name,
      issues: (e.cause as z.ZodError | undefined)?.issues,
    };
  }
}

describe('callProcedure parses inputs and checks outputs as tRPC does', () => {
  const cases: [keyof typeof procedures, unknown][] = [
    ['list', { search: 'kufi', category: 'Hausa Caps', sort: 'price-low', page: '3' }],
    ['list', {}],
    ['list', undefined],
    ['list', { page: '0' }],
    ['list', { page: 'x', per_page: '1000', category: 'Hats', sort: 'cheapest', search: 'x'.repeat(201) }],
    ['list', 'not an object'],
    ['list', { vendor_id: '12', price: 'under-20000', order: 'asc', extra: 'dropped' }],
    ['merged', { a: 'kufi', b: 2 }],
    ['merged', { a: 'kufi', b: 2.5 }],
    ['merged', { b: 2 }],
    ['asynchronous', { name: 'free' }],
    ['asynchronous', { name: 'taken' }],
    ['asynchronous', { name: 5 }],
    ['scalar', 4],
    ['scalar', 0],
    ['scalar', '4'],
    ['page', { data: [], current_page: 1, last_page: 1, per_page: 12, total: 0 }],
    ['page', { data: [], current_page: 1, last_page: 1, per_page: 12, total: 0, extra: 'dropped' }],
    ['page', { data: [{ id: 'x' }], current_page: 1, last_page: 1, per_page: 12, total: 0 }],
    ['page', { current_page: 1.5 }],
    ['page', null],
    ['zodOutput', { n: 2 }],
    ['zodOutput', { n: 2.5 }],
  ];

  it('gives the same answers and the same errors as tRPC’s own caller', async () => {
    for (const [path, input] of cases) {
      const ours = await outcome(() => callProcedure(procedures[path], {}, path, async () => input));
      const theirs = await outcome(() => (caller[path] as (input: unknown) => Promise<unknown>)(input));
      expect(ours, `${path} ${JSON.stringify(input)}`).toEqual(theirs);
      // Keys in the same order too (merged inputs).
      expect(JSON.stringify(ours)).toBe(JSON.stringify(theirs));
    }
  });

  it('leaves a schema with async parts to tRPC’s own check', async () => {
    // The cases above made it known as one: its refinement runs once a call, as under tRPC.
    seen.length = 0;
    const answer = await callProcedure(procedures.asynchronous, {}, 'asynchronous', async () => ({ name: 'free' }));
    expect(answer).toEqual({ name: 'free' });
    expect(seen).toEqual([{ name: 'free' }]);
    const refused = await callProcedure(procedures.asynchronous, {}, 'asynchronous', async () => ({
      name: 'taken',
    })).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCError);
    expect((refused as TRPCError).code).toBe('BAD_REQUEST');
  });
});
