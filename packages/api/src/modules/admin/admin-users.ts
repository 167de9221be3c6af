import {
  ADMIN_TEXT,
  type AdminUserDetailDto,
  type AdminUserDto,
  type AdminUsersQuery,
  ERROR_MESSAGES,
  koboToNaira,
  type PagedAdminUsersDto,
  type UserStatus,
} from '@caps/contracts';
import { LockMode } from '@mikro-orm/core';
import type { z } from 'zod';
import type { AuthedContext } from '../../access/roles.js';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../../errors.js';
import { AddressSchema } from '../addresses/addresses.entities.js';
import { toAddressDto } from '../addresses/addresses.service.js';
import { SessionSchema, type User, UserSchema } from '../auth/auth.entities.js';
import { toUserDto } from '../auth/auth.mapper.js';
import { catalogueChanged } from '../catalogue/catalogue.search.js';
import { shopSuspended } from '../notifications/events/shops.js';
import { VendorSchema } from '../vendors/vendors.entities.js';
import { containsAny, newestPage, orderSummaries } from './admin.mapper.js';
import { type AuditTarget, recordAdminAction } from './audit.js';

type UsersQuery = z.output<typeof AdminUsersQuery>;

/** Paid orders and their total per user, and the shop of each vendor: two grouped queries for a page. */
async function toUserDtos(em: Em, users: User[]): Promise<AdminUserDto[]> {
  if (users.length === 0) return [];
  const ids = users.map((user) => user.id);
  const placeholders = ids.map(() => '?').join(', ');
  const [spending, shops] = await Promise.all([
    em.execute<{ user_id: number; orders: number | string; spent: number | string | null }[]>(
      `select user_id, count(id) as orders, sum(total_kobo) as spent from orders
        where payment_status = 'paid' and user_id in (${placeholders}) group by user_id`,
      ids,
    ),
    em.find(VendorSchema, { user: { $in: ids } }),
  ]);
  const spent = new Map(spending.map((row) => [Number(row.user_id), row]));
  const shopOf = new Map(shops.map((shop) => [shop.user.id, shop]));
  return users.map((user) => {
    const row = spent.get(user.id);
    const kobo = Number(row?.spent ?? 0);
    const shop = shopOf.get(user.id);
    return {
      ...toUserDto(user, null),
      suspended_at: user.suspendedAt?.toISOString() ?? null,
      order_count: Number(row?.orders ?? 0),
      total_spent: koboToNaira(kobo),
      total_spent_kobo: kobo,
      createdAt: user.createdAt.toISOString(),
      joinDate: user.createdAt.toISOString().slice(0, 10),
      totalSpent: koboToNaira(kobo),
      vendor: shop ? { id: shop.id, shop_name: shop.shopName } : null,
    };
  });
}

/** GET /admin/users: every account, newest first, searched by full name or email. */
export async function listUsers(ctx: AuthedContext, query: UsersQuery): Promise<PagedAdminUsersDto> {
  const qb = ctx.em.createQueryBuilder(UserSchema, 'u');
  if (query.role) qb.andWhere({ role: query.role });
  const [users, page] = await newestPage(qb, containsAny(['u.full_name', 'u.email'], query.search), query);
  return { data: await toUserDtos(ctx.em, users), ...page };
}

async function findUser(em: Em, id: number): Promise<User> {
  const user = await em.findOne(UserSchema, { id });
  if (!user) throw new DomainError('NOT_FOUND', ERROR_MESSAGES.userNotFound);
  return user;
}

/** GET /admin/users/{id}: the account with its orders (newest first) and saved addresses. */
export async function getUser(ctx: AuthedContext, id: number): Promise<AdminUserDetailDto> {
  const user = await findUser(ctx.em, id);
  const [[dto], orders, addresses] = await Promise.all([
    toUserDtos(ctx.em, [user]),
    orderSummaries(ctx.em, { user: user.id }),
    ctx.em.find(AddressSchema, { user: user.id }, { orderBy: { isDefault: 'desc', id: 'asc' } }),
  ]);
  return { ...(dto as AdminUserDto), orders, addresses: addresses.map(toAddressDto) };
}

/**
 * Suspends or reinstates an account, audit-logged in the same transaction. A suspended account cannot
 * sign in, its sessions are revoked (and any token left reads as invalid), and a vendor's shop and caps
 * leave the storefront, its owner told why (shop_suspended, with the optional reason, also in the audit
 * entry); reinstating brings them back (the owner signs in again). Asking for the status the account
 * already has changes nothing and records nothing. Admin accounts cannot be suspended.
 */
export async function setAccountStatus(
  ctx: AuthedContext,
  userId: number,
  status: UserStatus,
  target: { type: AuditTarget; id: number },
  reason: string | null = null,
): Promise<void> {
  const changed = await ctx.em.transactional(async (tx) => {
    const em = tx as Em;
    // The account's row is held until commit: two changes at once take turns, the second changes nothing.
    const current = await em.findOne(
      UserSchema,
      { id: userId },
      { lockMode: LockMode.PESSIMISTIC_WRITE, disableIdentityMap: true },
    );
    if (!current) throw new DomainError('NOT_FOUND', ERROR_MESSAGES.userNotFound);
    if (status === 'suspended' && current.id === ctx.user.id) {
      throw new DomainError('FORBIDDEN', ADMIN_TEXT.cannotSuspendSelf);
    }
    if (status === 'suspended' && current.role === 'admin') {
      throw new DomainError('FORBIDDEN', ADMIN_TEXT.cannotSuspendAdmin);
    }
    if (current.status === status) return false;
    const user = await findUser(em, userId);
    const at = new Date();
    user.status = status;
    user.suspendedAt = status === 'suspended' ? at : null;
    if (status === 'suspended') {
      await em.nativeUpdate(SessionSchema, { user: user.id, revokedAt: null }, { revokedAt: at });
    }
    recordAdminAction(
      em,
      ctx,
      `${target.type}.${status === 'suspended' ? 'suspend' : 'reinstate'}`,
      target.type,
      target.id,
      { user_id: user.id, email: user.email, ...(status === 'suspended' ? { reason } : {}) },
    );
    await em.flush();
    const shop = status === 'suspended' ? await em.findOne(VendorSchema, { user: user.id }) : null;
    // The moment of the suspension tells this one from an earlier one (reinstated since).
    if (shop) await shopSuspended(em, ctx.services, shop.id, reason, String(at.getTime()));
    return true;
  });
  if (!changed) return;
  const shop = await ctx.em.findOne(VendorSchema, { user: userId });
  if (shop) await catalogueChanged(ctx, { vendorId: shop.id });
}

/** POST /admin/users/{id}/suspend, with an optional reason told to a shop's owner. */
export async function suspendUser(
  ctx: AuthedContext,
  id: number,
  reason?: string | undefined,
): Promise<AdminUserDetailDto> {
  await setAccountStatus(ctx, id, 'suspended', { type: 'user', id }, reason?.trim() || null);
  return getUser(ctx, id);
}

/** PUT /admin/users/{id}/reinstate. */
export async function reinstateUser(ctx: AuthedContext, id: number): Promise<AdminUserDetailDto> {
  await setAccountStatus(ctx, id, 'active', { type: 'user', id });
  return getUser(ctx, id);
}
