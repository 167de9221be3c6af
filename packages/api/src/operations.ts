import type { AnyProcedure } from '@trpc/server';
import type { z } from 'zod';
import {
  adminProcedure,
  authedProcedure,
  customerProcedure,
  vendorOrAdminProcedure,
  vendorProcedure,
} from './procedures.js';
import type { Access, OperationMeta, RestBinding } from './rest-binding.js';
import { appRouter } from './root.js';

/** One procedure of the app router that is also served under /api, with what its definition says. */
export interface RestOperation {
  /** The tRPC path, e.g. `vendorProducts.create`. */
  name: string;
  procedure: AnyProcedure;
  rest: RestBinding;
  /** Read from the procedure's middleware chain, so the document cannot claim another role. */
  access: Access;
  input: z.ZodType | undefined;
  output: z.ZodType | undefined;
}

/** What tRPC keeps of a procedure at run time beyond its typed `_def`. */
interface BuiltDef {
  middlewares: readonly unknown[];
  inputs: readonly unknown[];
  output?: unknown;
}

const ROLE_BUILDERS = [
  ['customer', customerProcedure],
  ['vendor', vendorProcedure],
  ['admin', adminProcedure],
  ['vendor-or-admin', vendorOrAdminProcedure],
  ['user', authedProcedure],
] as const;

/**
 * The role a procedure demands: the role builder whose last middleware (the check it adds) is in the
 * procedure's chain. Nothing is restated, so the OpenAPI role is the role that is enforced.
 */
function accessOf(procedure: AnyProcedure): Access {
  const chain = (procedure._def as unknown as BuiltDef).middlewares;
  for (const [access, builder] of ROLE_BUILDERS) {
    if (chain.includes(builder._def.middlewares.at(-1))) return access;
  }
  return 'public';
}

/** tRPC types `procedures` as the nested record; at run time it is flat: dotted path → procedure. */
const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;

/** Every operation of the app router with a REST binding, in the router's order. */
export const restOperations: RestOperation[] = Object.entries(procedures).flatMap(([name, built]) => {
  const rest = (built._def.meta as OperationMeta | undefined)?.rest;
  if (!rest) return [];
  const def = built._def as unknown as BuiltDef;
  return [
    {
      name,
      procedure: built,
      rest,
      access: accessOf(built),
      input: def.inputs[0] as z.ZodType | undefined,
      // A checker made by answer() carries its schema.
      output: ((def.output as { schema?: z.ZodType } | undefined)?.schema ?? def.output) as z.ZodType | undefined,
    },
  ];
});
