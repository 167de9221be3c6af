import {
  CANCEL_MESSAGES,
  formatKobo,
  koboToNaira,
  type OrderStatus,
  VENDOR_NEXT_STATUS,
  type VendorAdvanceOrderInput,
  type VendorDashboardDto,
  type VendorOrderDto,
} from '@caps/contracts';
import type { z } from 'zod';
import { type AuthedContext, requireVendor, requireVerifiedVendor } from '../../access/roles.js';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../../errors.js';
import { ProductSchema } from '../catalogue/catalogue.entities.js';
import { RefundSchema } from '../finance/finance.entities.js';
import { financeSettings } from '../finance/ledger.js';
import { scheduleRelease } from '../finance/ledger.service.js';
import { orderProgressed } from '../notifications/events/orders.js';
import { ReviewSchema } from '../reviews/reviews.entities.js';
import { afterSaleFieldsOf, loadAfterSale } from './after-sale.js';
import { type Order, OrderItemSchema, OrderSchema, OrderStatusChangeSchema } from './orders.entities.js';
import { toStatusChangeDto } from './orders.mapper.js';

type AdvanceInput = z.output<typeof VendorAdvanceOrderInput>;

export const ORDER_NOT_FOUND = 'Order not found';
const RECENT_ACTIVITY = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The shop's orders matching `where`, newest first, in the vendor view of spec 3, with their after-sale state. */
export async function loadVendorOrders(
  em: Em,
  vendorId: number,
  where: { id?: number } = {},
  now = new Date(),
): Promise<VendorOrderDto[]> {
  const orders = await em.find(
    OrderSchema,
    { ...where, vendor: vendorId },
    { populate: ['user'], orderBy: { createdAt: 'desc', id: 'desc' } },
  );
  if (orders.length === 0) return [];
  const ids = orders.map((o) => o.id);
  const [items, history, afterSale] = await Promise.all([
    em.find(OrderItemSchema, { order: { $in: ids } }, { orderBy: { id: 'asc' } }),
    em.find(OrderStatusChangeSchema, { order: { $in: ids } }, { populate: ['actor'], orderBy: { id: 'asc' } }),
    loadAfterSale(em, orders),
  ]);
  return orders.map((order) => ({
    id: order.id,
    status: order.status,
    payment_status: order.paymentStatus,
    total_amount: koboToNaira(order.totalKobo),
    shipping_address: order.shippingAddress,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    user: { full_name: order.user.fullName, email: order.user.email },
    orderItems: items
      .filter((item) => item.order.id === order.id)
      .map((item) => ({
        id: item.id,
        quantity: item.quantity,
        price: koboToNaira(item.unitPriceKobo),
        size: item.size,
        product: { id: item.product.id, name: item.productName },
      })),
    status_history: history.filter((change) => change.order.id === order.id).map(toStatusChangeDto),
    ...afterSaleFieldsOf(order, afterSale, now, 'vendor'),
  }));
}

/** GET /vendor/orders: every order of the caller's shop, newest first. */
export async function listVendorOrders(ctx: AuthedContext): Promise<VendorOrderDto[]> {
  const vendor = await requireVendor(ctx);
  return loadVendorOrders(ctx.em, vendor.id, {}, ctx.services.clock.now());
}

/** Why `order` cannot go to `to`, or null when it is the one allowed step. */
function refusal(order: Order, to: OrderStatus): string | null {
  if (order.status === 'delivered') return 'This order has already been delivered; its status can no longer change.';
  if (order.status === 'cancelled') return 'This order was cancelled; its status can no longer change.';
  // Returns and refunds move an order after delivery; the shop has no step there.
  if (!(order.status in VENDOR_NEXT_STATUS)) {
    return `This order is ${order.status.replace('_', ' ')}; the shop has no status step for it.`;
  }
  if (to === 'cancelled') return CANCEL_MESSAGES.shopUseCancel;
  if (order.paymentStatus !== 'paid') return 'Only paid orders can be confirmed, shipped or delivered.';
  const steps: Partial<Record<string, OrderStatus>> = VENDOR_NEXT_STATUS;
  const next = steps[order.status];
  if (to !== next) return `An order can only move from ${order.status} to ${next}.`;
  return null;
}

/**
 * PUT /vendor/orders/{id}/status: one step forward (pending → confirmed → shipped → delivered), for a
 * paid order of the caller's shop, with the shop's optional note to the customer (kept on the history row
 * and told in the message of the step). The update is conditional on the status read, so two clicks at
 * once advance the order once; the loser gets a 409.
 */
export async function advanceOrder(ctx: AuthedContext, input: AdvanceInput): Promise<VendorOrderDto> {
  const vendor = await requireVerifiedVendor(ctx);
  const order = await ctx.em.fork().findOne(OrderSchema, { id: input.id, vendor: vendor.id });
  if (!order) throw new DomainError('NOT_FOUND', ORDER_NOT_FOUND);
  const reason = refusal(order, input.status);
  if (reason) throw new DomainError('INVALID_STATUS_CHANGE', reason, { status: [reason] });
  const from = order.status;
  await ctx.em.fork().transactional(async (tx) => {
    const em = tx as Em;
    const changed = await em.nativeUpdate(
      OrderSchema,
      { id: order.id, vendor: vendor.id, status: from, paymentStatus: 'paid' },
      { status: input.status, updatedAt: new Date() },
    );
    if (changed !== 1) {
      throw new DomainError('CONFLICT', 'This order was updated at the same time. Please refresh and try again.');
    }
    em.create(OrderStatusChangeSchema, {
      order: order.id,
      fromStatus: from,
      toStatus: input.status,
      actor: ctx.user.id,
      note: input.note || null,
    });
    await em.flush();
    // Delivered: the shop's credit for the order is released when the return window has passed, and
    // until then the customer may ask for a return.
    if (input.status === 'delivered') {
      const deliveredAt = ctx.services.clock.now();
      const { returnWindowDays } = await financeSettings(em);
      await em.nativeUpdate(
        OrderSchema,
        { id: order.id },
        { returnWindowEndsAt: new Date(deliveredAt.getTime() + returnWindowDays * DAY_MS) },
      );
      await scheduleRelease(em, { id: order.id, vendorId: vendor.id }, deliveredAt);
    }
    // The customer hears of the step, with the shop's note, in the same transaction.
    if (input.status === 'confirmed' || input.status === 'shipped' || input.status === 'delivered') {
      await orderProgressed(em, ctx.services, order.id, input.status, input.note || null);
    }
  });
  const [updated] = await loadVendorOrders(ctx.em.fork() as Em, vendor.id, { id: order.id }, ctx.services.clock.now());
  if (!updated) throw new DomainError('NOT_FOUND', ORDER_NOT_FOUND);
  return updated;
}

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));

/**
 * GET /vendor/dashboard. The order counts are over every order of the shop, so they match the list of
 * GET /vendor/orders; revenue and growth come from paid orders only, less what was refunded of them
 * (cancellations, returns, goodwill; a failed refund gave nothing back), kobo-exact, each order in the
 * month it was paid.
 */
export async function dashboard(ctx: AuthedContext, now = new Date()): Promise<VendorDashboardDto> {
  const vendor = await requireVendor(ctx);
  const em = ctx.em;
  const [totalProducts, orders, refunds] = await Promise.all([
    em.count(ProductSchema, { vendor: vendor.id, archivedAt: null }),
    em.find(
      OrderSchema,
      { vendor: vendor.id },
      { fields: ['status', 'paymentStatus', 'totalKobo', 'paidAt', 'createdAt'] },
    ),
    em.find(
      RefundSchema,
      { order: { vendor: vendor.id }, status: { $ne: 'failed' } },
      { fields: ['order', 'amountKobo'] },
    ),
  ]);
  const refunded = new Map<number, number>();
  for (const refund of refunds) {
    if (refund.order) refunded.set(refund.order.id, (refunded.get(refund.order.id) ?? 0) + refund.amountKobo);
  }
  const paid = orders.filter((o) => o.paymentStatus === 'paid');
  const thisMonth = monthStart(now.getUTCFullYear(), now.getUTCMonth());
  const nextMonth = monthStart(now.getUTCFullYear(), now.getUTCMonth() + 1);
  const lastMonth = monthStart(now.getUTCFullYear(), now.getUTCMonth() - 1);
  let revenue = 0;
  let thisMonthKobo = 0;
  let lastMonthKobo = 0;
  for (const order of paid) {
    const kept = order.totalKobo - (refunded.get(order.id) ?? 0);
    revenue += kept;
    const at = order.paidAt ?? order.createdAt;
    if (at >= thisMonth && at < nextMonth) thisMonthKobo += kept;
    else if (at >= lastMonth && at < thisMonth) lastMonthKobo += kept;
  }
  const percent =
    lastMonthKobo === 0 ? null : Math.round(((thisMonthKobo - lastMonthKobo) / lastMonthKobo) * 1000) / 10;
  return {
    total_products: totalProducts,
    total_orders: orders.length,
    total_revenue: koboToNaira(revenue),
    pending_orders: orders.filter((o) => o.status === 'pending').length,
    completed_orders: orders.filter((o) => o.status === 'delivered').length,
    growth: { this_month: koboToNaira(thisMonthKobo), last_month: koboToNaira(lastMonthKobo), percent },
    recent_activity: await recentActivity(em, vendor.id),
  };
}

type Activity = VendorDashboardDto['recent_activity'][number];

async function recentActivity(em: Em, vendorId: number): Promise<Activity[]> {
  const [placed, paid, changes, reviews] = await Promise.all([
    em.find(OrderSchema, { vendor: vendorId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: RECENT_ACTIVITY }),
    em.find(
      OrderSchema,
      { vendor: vendorId, paymentStatus: 'paid', paidAt: { $ne: null } },
      { orderBy: { paidAt: 'desc', id: 'desc' }, limit: RECENT_ACTIVITY },
    ),
    em.find(
      OrderStatusChangeSchema,
      { order: { vendor: vendorId }, fromStatus: { $ne: null } },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: RECENT_ACTIVITY },
    ),
    em.find(
      ReviewSchema,
      { vendor: vendorId },
      { populate: ['product'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: RECENT_ACTIVITY },
    ),
  ]);
  const events: { activity: Activity; at: Date }[] = [
    ...placed.map((o) => ({
      at: o.createdAt,
      activity: {
        type: 'order_placed' as const,
        message: `Order #${o.id} placed (${formatKobo(o.totalKobo)})`,
        at: '',
      },
    })),
    ...paid.map((o) => ({
      at: o.paidAt ?? o.createdAt,
      activity: { type: 'order_paid' as const, message: `Order #${o.id} paid (${formatKobo(o.totalKobo)})`, at: '' },
    })),
    ...changes.map((c) => ({
      at: c.createdAt,
      activity: {
        type: 'status_changed' as const,
        message: `Order #${c.order.id} moved from ${c.fromStatus} to ${c.toStatus}`,
        at: '',
      },
    })),
    ...reviews.map((r) => ({
      at: r.createdAt,
      activity: {
        type: 'review' as const,
        message: r.product
          ? `New ${r.rating}-star review of ${r.product.name}`
          : `New ${r.rating}-star review of your shop`,
        at: '',
      },
    })),
  ];
  return events
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, RECENT_ACTIVITY)
    .map(({ activity, at }) => ({ ...activity, at: at.toISOString() }));
}
