import type { UserRole } from '@caps/contracts';
import { ERROR_MESSAGES, VENDOR_PRODUCT_MESSAGES } from '@caps/contracts';
import type { Context } from '../context.js';
import { DomainError } from '../errors.js';
import type { Session, User } from '../modules/auth/auth.entities.js';
import type { Vendor } from '../modules/vendors/vendors.entities.js';
import { VendorSchema } from '../modules/vendors/vendors.entities.js';

export interface AuthedContext extends Context {
  user: User;
  session: Session;
}
export interface VendorContext extends AuthedContext {
  vendor: Vendor;
}

/** The signed-in caller, or a 401 that says whether the token was missing or no longer valid. */
export async function requireUser(ctx: Context): Promise<{ user: User; session: Session }> {
  const auth = await ctx.auth();
  if (!auth.user) {
    throw new DomainError(
      'UNAUTHENTICATED',
      auth.reason === 'invalid' ? ERROR_MESSAGES.invalidToken : ERROR_MESSAGES.unauthenticated,
    );
  }
  return auth;
}

export function requireRole(user: User, ...roles: UserRole[]): void {
  if (!roles.includes(user.role)) throw new DomainError('FORBIDDEN', ERROR_MESSAGES.forbidden);
}

/** The caller's shop; every vendor-scoped query filters by its id. */
export async function requireVendor(ctx: AuthedContext): Promise<Vendor> {
  requireRole(ctx.user, 'vendor');
  const vendor = await ctx.em.findOne(VendorSchema, { user: ctx.user.id });
  if (!vendor) throw new DomainError('FORBIDDEN', ERROR_MESSAGES.forbidden);
  return vendor;
}

/**
 * The caller's shop, for a vendor write (caps, coupons, order steps): only a verified shop of an active
 * owner may change what buyers see or pay. A shop still pending verification is refused with the
 * pending-verification message; reads and the shop's own settings (PUT /profile) do not come through here.
 */
export async function requireVerifiedVendor(ctx: AuthedContext): Promise<Vendor> {
  const vendor = await requireVendor(ctx);
  // A suspended owner's tokens stop working already; this keeps the rule should one still arrive here.
  if (ctx.user.status !== 'active') throw new DomainError('SUSPENDED', ERROR_MESSAGES.suspended);
  if (!vendor.verifiedAt) throw new DomainError('SHOP_PENDING', VENDOR_PRODUCT_MESSAGES.shopPending);
  return vendor;
}
