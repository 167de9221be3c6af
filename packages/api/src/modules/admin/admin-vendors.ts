import {
  ADMIN_DETAIL_LIMIT,
  type AdminReviewDto,
  type AdminVendorDetailDto,
  type AdminVendorDto,
  type AdminVendorStatus,
  type AdminVendorsQuery,
  ERROR_MESSAGES,
  type PagedAdminVendorsDto,
} from '@caps/contracts';
import type { z } from 'zod';
import type { AuthedContext } from '../../access/roles.js';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../../errors.js';
import { toVendorDto } from '../auth/auth.mapper.js';
import { catalogueChanged } from '../catalogue/catalogue.search.js';
import { percentOfBp } from '../finance/ledger.js';
import { shopVerified } from '../notifications/events/shops.js';
import { ReviewSchema } from '../reviews/reviews.entities.js';
import { toReviewDto } from '../reviews/reviews.service.js';
import { type Vendor, VendorSchema } from '../vendors/vendors.entities.js';
import { statsOf } from '../vendors/vendors.service.js';
import { containsAny, newestPage, orderSummaries } from './admin.mapper.js';
import { setAccountStatus } from './admin-users.js';
import { bankChangesOf, recordAdminAction } from './audit.js';

type VendorsQuery = z.output<typeof AdminVendorsQuery>;

/** Suspended when the owner is; otherwise Verified once verified_at is set, else Pending. */
function statusOf(vendor: Vendor): AdminVendorStatus {
  if (vendor.user.status === 'suspended') return 'Suspended';
  return vendor.verifiedAt ? 'Verified' : 'Pending';
}

/** Expects `user` loaded. Ratings (shop and product reviews) and cap counts come from grouped queries. */
async function toAdminVendorDtos(em: Em, vendors: Vendor[]): Promise<AdminVendorDto[]> {
  const stats = await statsOf(
    em,
    vendors.map((vendor) => vendor.id),
  );
  return vendors.map((vendor) => {
    const stat = stats.get(vendor.id) ?? { average: 0, count: 0, products: 0 };
    return {
      ...toVendorDto(vendor, vendor.user, stat),
      status: statusOf(vendor),
      owner_status: vendor.user.status,
      total_products: stat.products,
      commission_percent:
        vendor.commissionBp === null || vendor.commissionBp === undefined ? null : percentOfBp(vendor.commissionBp),
    };
  });
}

const STATUS_FILTERS: Record<AdminVendorStatus, string> = {
  Verified: `v.verified_at is not null and u.status = 'active'`,
  Pending: `v.verified_at is null and u.status = 'active'`,
  Suspended: `u.status = 'suspended'`,
};

/** GET /admin/vendors: every shop, newest first, searched by shop name or account holder name. */
export async function listVendors(ctx: AuthedContext, query: VendorsQuery): Promise<PagedAdminVendorsDto> {
  const qb = ctx.em.createQueryBuilder(VendorSchema, 'v').joinAndSelect('v.user', 'u');
  if (query.status) qb.andWhere(STATUS_FILTERS[query.status]);
  const search = containsAny(['v.shop_name', 'v.account_holder_name'], query.search);
  const [vendors, page] = await newestPage(qb, search, query);
  return { data: await toAdminVendorDtos(ctx.em, vendors), ...page };
}

async function findVendor(em: Em, id: number): Promise<Vendor> {
  const vendor = await em.findOne(VendorSchema, { id }, { populate: ['user'] });
  if (!vendor) throw new DomainError('NOT_FOUND', ERROR_MESSAGES.vendorNotFound);
  return vendor;
}

async function vendorDto(em: Em, id: number): Promise<AdminVendorDto> {
  const [dto] = await toAdminVendorDtos(em, [await findVendor(em, id)]);
  return dto as AdminVendorDto;
}

/** Reviews of the shop and of its caps, newest first, with the reviewer's full email. */
async function shopReviews(em: Em, vendorId: number): Promise<AdminReviewDto[]> {
  const reviews = await em.find(
    ReviewSchema,
    { $or: [{ vendor: vendorId }, { product: { vendor: vendorId } }] },
    { populate: ['user', 'product'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: ADMIN_DETAIL_LIMIT },
  );
  return reviews.map((review) => ({
    ...toReviewDto(review),
    user: review.user ? { full_name: review.user.fullName, email: review.user.email } : null,
    product_name: review.product?.name ?? null,
  }));
}

/** GET /admin/vendors/{id}: the shop with its real orders, reviews and bank account changes (newest first). */
export async function getVendor(ctx: AuthedContext, id: number): Promise<AdminVendorDetailDto> {
  const dto = await vendorDto(ctx.em, id);
  const [orders, reviews, bankChanges] = await Promise.all([
    orderSummaries(ctx.em, { vendor: id }),
    shopReviews(ctx.em, id),
    bankChangesOf(ctx.em, id),
  ]);
  return { ...dto, orders, reviews, bank_changes: bankChanges };
}

/**
 * POST /admin/vendors/{id}/verify: sets verified_at, so the shop and its caps become public (unless
 * the owner is suspended). Verifying a verified shop answers it unchanged (its first verified_at
 * stays) and records nothing, so a repeated click is harmless.
 */
export async function verifyVendor(ctx: AuthedContext, id: number): Promise<AdminVendorDto> {
  const verified = await ctx.em.transactional(async (em) => {
    const vendor = await findVendor(em, id);
    if (vendor.verifiedAt) return false;
    vendor.verifiedAt = new Date();
    recordAdminAction(em, ctx, 'vendor.verify', 'vendor', vendor.id, { shop_name: vendor.shopName });
    await em.flush();
    // The owner is told (shop_verified) with the change.
    await shopVerified(em, ctx.services, vendor.id);
    return true;
  });
  if (verified) await catalogueChanged(ctx, { vendorId: id });
  return vendorDto(ctx.em, id);
}

/**
 * POST /admin/vendors/{id}/suspend: the owner's account is suspended (see setAccountStatus), the reason is
 * kept in the audit entry's details, and the owner is told it (shop_suspended), all in one transaction.
 * Suspending a suspended shop changes, records and tells nothing.
 */
export async function suspendVendor(
  ctx: AuthedContext,
  id: number,
  reason?: string | undefined,
): Promise<AdminVendorDto> {
  const vendor = await findVendor(ctx.em, id);
  await setAccountStatus(ctx, vendor.user.id, 'suspended', { type: 'vendor', id }, reason?.trim() || null);
  return vendorDto(ctx.em, id);
}

/** POST /admin/vendors/{id}/reinstate: the owner's account is active again. */
export async function reinstateVendor(ctx: AuthedContext, id: number): Promise<AdminVendorDto> {
  const vendor = await findVendor(ctx.em, id);
  await setAccountStatus(ctx, vendor.user.id, 'active', { type: 'vendor', id });
  return vendorDto(ctx.em, id);
}
