import type { AnyProcedure } from '@trpc/server';
import type { z } from 'zod';
import type { Access, OperationMeta, RestBinding } from './rest-binding.js';
import { appRouter } from './root.js';

/** One procedure of the app router that is also served under /api, with what its definition says. */
export interface RestOperation {
  /** The tRPC path, e.g. `vendorProducts.create`. */
  name: string;
  procedure: AnyProcedure;
  rest: RestBinding;
  /** The role builder's own `meta.access`, set beside its check, so the document states the enforced role. */
  access: Access;
  input: z.ZodType | undefined;
  output: z.ZodType | undefined;
}

/** What trpc-to-openapi reads of a procedure too: its input parsers and its output parser. */
interface ParsersDef {
  inputs: readonly unknown[];
  output?: unknown;
}

/** tRPC types `procedures` as the nested record; at run time it is flat: dotted path → procedure. */
const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;

/** Every operation of the app router with a REST binding, in the router's order. */
export const restOperations: RestOperation[] = Object.entries(procedures).flatMap(([name, built]) => {
  const meta = built._def.meta as OperationMeta | undefined;
  const rest = meta?.rest;
  if (!rest) return [];
  const def = built._def as unknown as ParsersDef;
  return [
    {
      name,
      procedure: built,
      rest,
      access: meta.access ?? 'public',
      input: def.inputs[0] as z.ZodType | undefined,
      // checkedOutput carries its schema.
      output: ((def.output as { schema?: z.ZodType } | undefined)?.schema ?? def.output) as z.ZodType | undefined,
    },
  ];
});
