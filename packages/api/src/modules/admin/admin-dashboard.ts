import { type AdminActivityDto, type AdminDashboardDto, formatKobo, koboToNaira } from '@caps/contracts';
import { raw } from '@mikro-orm/core';
import type { AuthedContext } from '../../access/roles.js';
import type { Em } from '../../db/orm.js';
import { UserSchema } from '../auth/auth.entities.js';
import { ProductSchema } from '../catalogue/catalogue.entities.js';
import { listedShop } from '../catalogue/listed.js';
import { OrderSchema } from '../orders/orders.entities.js';
import { ReportSchema } from '../reports/reports.entities.js';
import { VendorSchema } from '../vendors/vendors.entities.js';
import { percentChange } from './admin.mapper.js';

const RECENT_ACTIVITY = 10;

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));
const roundMs = (ms: number) => Math.round(ms * 10) / 10;

function stat(value: number, lastMonth: number) {
  return { value, last_month: lastMonth, change_percent: percentChange(value, lastMonth) };
}

/** Kobo of paid orders paid (or, without a payment time, placed) in [from, to). */
async function revenueBetween(em: Em, from: Date, to: Date): Promise<number> {
  const rows = await em
    .createQueryBuilder(OrderSchema, 'o')
    .select(raw('coalesce(sum(o.total_kobo), 0) as total'))
    .where({
      paymentStatus: 'paid',
      $or: [{ paidAt: { $gte: from, $lt: to } }, { paidAt: null, createdAt: { $gte: from, $lt: to } }],
    })
    .execute<{ total: number | string }[]>('all', false);
  return Number(rows[0]?.total ?? 0);
}

/**
 * The four stat cards. "Last month" is the figure as it stood at the start of this month (UTC), worked
 * out from the timestamps: caps created before it and not archived before it; shops verified before it
 * whose owner is active or was suspended only since; accounts created before it. Revenue compares this
 * calendar month with the last one.
 */
async function figures(em: Em, now: Date) {
  const thisMonth = monthStart(now.getUTCFullYear(), now.getUTCMonth());
  const nextMonth = monthStart(now.getUTCFullYear(), now.getUTCMonth() + 1);
  const lastMonth = monthStart(now.getUTCFullYear(), now.getUTCMonth() - 1);
  const [products, productsBefore, vendors, vendorsBefore, users, usersBefore, revenue, revenueBefore] =
    await Promise.all([
      em.count(ProductSchema, { archivedAt: null }),
      em.count(ProductSchema, {
        createdAt: { $lt: thisMonth },
        $or: [{ archivedAt: null }, { archivedAt: { $gte: thisMonth } }],
      }),
      em.count(VendorSchema, listedShop),
      em.count(VendorSchema, {
        verifiedAt: { $lt: thisMonth },
        user: { $or: [{ status: 'active' }, { suspendedAt: { $gte: thisMonth } }] },
      }),
      em.count(UserSchema, {}),
      em.count(UserSchema, { createdAt: { $lt: thisMonth } }),
      revenueBetween(em, thisMonth, nextMonth),
      revenueBetween(em, lastMonth, thisMonth),
    ]);
  return {
    total_products: stat(products, productsBefore),
    active_vendors: stat(vendors, vendorsBefore),
    total_users: stat(users, usersBefore),
    monthly_revenue: stat(koboToNaira(revenue), koboToNaira(revenueBefore)),
  };
}

/** The latest orders, registrations and reports, merged newest first. */
async function recentActivity(em: Em): Promise<AdminActivityDto[]> {
  const newest = { orderBy: { createdAt: 'desc', id: 'desc' }, limit: RECENT_ACTIVITY } as const;
  const [orders, users, reports] = await Promise.all([
    em.find(OrderSchema, {}, { ...newest, populate: ['user', 'vendor'] }),
    em.find(UserSchema, {}, newest),
    em.find(ReportSchema, {}, { ...newest, populate: ['vendor'] }),
  ]);
  const events: { at: Date; type: AdminActivityDto['type']; message: string }[] = [
    ...orders.map((order) => ({
      at: order.createdAt,
      type: 'order' as const,
      message: `Order #${order.id} placed by ${order.user.fullName} at ${order.vendor.shopName} (${formatKobo(order.totalKobo)})`,
    })),
    ...users.map((user) => ({
      at: user.createdAt,
      type: 'registration' as const,
      message: `New ${user.role} registered: ${user.fullName}`,
    })),
    ...reports.map((report) => ({
      at: report.createdAt,
      type: 'report' as const,
      message: `${report.vendor.shopName} reported: ${report.reason}`,
    })),
  ];
  return events
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, RECENT_ACTIVITY)
    .map(({ at, ...event }) => ({ ...event, at: at.toISOString() }));
}

/** GET /admin/dashboard: stat cards with their change from last month, recent activity and system status. */
export async function dashboard(ctx: AuthedContext, now = new Date()): Promise<AdminDashboardDto> {
  const started = performance.now();
  const { em } = ctx;
  // A failed ping means no figure below could be read either, so it fails the call (500) rather than
  // answering made-up figures; database_ok is true whenever the dashboard answers at all.
  await em.execute('select 1');
  const databaseMs = performance.now() - started;
  const [cards, activity, pendingVendors, openReports] = await Promise.all([
    figures(em, now),
    recentActivity(em),
    em.count(VendorSchema, { verifiedAt: null, user: { status: 'active' } }),
    em.count(ReportSchema, { status: { $in: ['pending', 'reviewed'] } }),
  ]);
  return {
    ...cards,
    recent_activity: activity,
    system_status: {
      database_ok: true,
      database_ms: roundMs(databaseMs),
      response_ms: roundMs(performance.now() - started),
      pending_vendors: pendingVendors,
      open_reports: openReports,
    },
  };
}
