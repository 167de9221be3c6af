import { type AuthedContext, requireRole, requireUser, requireVendor, type VendorContext } from './access/roles.js';
import { baseProcedure } from './trpc.js';

// Each builder names its role in `meta.access` beside the check that enforces it: the OpenAPI document reads it.
export const publicProcedure = baseProcedure.meta({ access: 'public' });

export const authedProcedure = baseProcedure.meta({ access: 'user' }).use(async ({ ctx, next }) => {
  const { user, session } = await requireUser(ctx);
  return next({ ctx: { ...ctx, user, session } satisfies AuthedContext });
});

export const customerProcedure = authedProcedure.meta({ access: 'customer' }).use(({ ctx, next }) => {
  requireRole(ctx.user, 'customer');
  return next({ ctx });
});

export const vendorProcedure = authedProcedure.meta({ access: 'vendor' }).use(async ({ ctx, next }) => {
  const vendor = await requireVendor(ctx);
  return next({ ctx: { ...ctx, vendor } satisfies VendorContext });
});

export const adminProcedure = authedProcedure.meta({ access: 'admin' }).use(({ ctx, next }) => {
  requireRole(ctx.user, 'admin');
  return next({ ctx });
});

/** A shop's owner or an admin; which shop an owner may see is the service's check. */
export const vendorOrAdminProcedure = authedProcedure.meta({ access: 'vendor-or-admin' }).use(({ ctx, next }) => {
  requireRole(ctx.user, 'vendor', 'admin');
  return next({ ctx });
});
