import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkedOutput } from '../src/checked-output.js';
import { publicProcedure } from '../src/procedures.js';
import type { OperationContext } from '../src/trpc.js';
import { createCallerFactory, router } from '../src/trpc.js';

// A procedure's answer is zod's parse of what its handler returned: unknown keys dropped, a wrong answer a 500.
const Shop = z.object({ id: z.number().int(), shop_name: z.string() });

const shops = router({
  right: publicProcedure.output(checkedOutput(Shop)).query(() => ({ id: 7, shop_name: 'Kufi House', secret: 'x' })),
  wrong: publicProcedure.output(checkedOutput(Shop)).query(() => ({ id: 7.5, shop_name: 'Kufi House' })),
});
const caller = createCallerFactory(shops)({} as OperationContext);

describe('checkedOutput', () => {
  it('answers zod’s copy of the handler’s value, without the keys the schema does not name', async () => {
    expect(await caller.right()).toEqual({ id: 7, shop_name: 'Kufi House' });
  });

  it('refuses an answer its schema refuses, as a server error caused by zod’s own error', async () => {
    const error = await caller.wrong().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe('INTERNAL_SERVER_ERROR');
    expect((error as TRPCError).cause).toBeInstanceOf(z.ZodError);
  });

  it('keeps the schema for the OpenAPI document', () => {
    expect(checkedOutput(Shop).schema).toBe(Shop);
  });
});
