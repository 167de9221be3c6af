import { type AuthedContext, requireRole, requireUser, requireVendor, type VendorContext } from './access/roles.js';
import { baseProcedure } from './trpc.js';

export const publicProcedure = baseProcedure;

export const authedProcedure = baseProcedure.use(async ({ ctx, next }) => {
  const { user, session } = await requireUser(ctx);
  return next({ ctx: { ...ctx, user, session } satisfies AuthedContext });
});

export const customerProcedure = authedProcedure.use(({ ctx, next }) => {
  requireRole(ctx.user, 'customer');
  return next({ ctx });
});

export const vendorProcedure = authedProcedure.use(async ({ ctx, next }) => {
  const vendor = await requireVendor(ctx);
  return next({ ctx: { ...ctx, vendor } satisfies VendorContext });
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  requireRole(ctx.user, 'admin');
  return next({ ctx });
});

/** A shop's owner or an admin; which shop an owner may see is the service's check. */
export const vendorOrAdminProcedure = authedProcedure.use(({ ctx, next }) => {
  requireRole(ctx.user, 'vendor', 'admin');
  return next({ ctx });
});
