import { koboToNaira, type RefundDto, type ReturnDto } from '@caps/contracts';
import type { Em } from '../../db/orm.js';
import { LedgerEntrySchema, type Refund, RefundSchema } from '../finance/finance.entities.js';
import { toRefundDto } from '../finance/refunds.service.js';
import {
  type ReturnItem,
  ReturnItemSchema,
  type ReturnRequest,
  ReturnRequestSchema,
} from '../returns/returns.entities.js';
import { RETURN_POPULATE, toReturnDto } from '../returns/returns.mapper.js';
import { type Order, OrderSchema } from './orders.entities.js';

/**
 * What an order answer carries of its after-sale state (docs/returns.md): its cancellation reason, its
 * refunds and returns, the return window and what its reader may still do. Read for a page of orders in
 * three queries, whatever the number of orders.
 */

export interface AfterSaleFields {
  cancellation_reason: string | null;
  refunded_amount: number;
  return_window_ends_at: string | null;
  can_cancel: boolean;
  cancel_refund_amount: number;
  can_request_return: boolean;
  refunds: RefundDto[];
  returns: ReturnDto[];
}

/** The refunds and returns of some orders, by order id. */
export interface AfterSaleRows {
  refunds: Map<number, Refund[]>;
  returns: Map<number, { request: ReturnRequest; items: ReturnItem[] }[]>;
  /**
   * The release time of delivered orders without a return window of their own (delivered before the window
   * was recorded on the order, as the demo seed's): the returns service takes it as their window.
   */
  releases: Map<number, Date>;
  /**
   * The shipping a cancellation now would refund, by order id: the checkout's shipping left, for a paid
   * order that is the last open one of its checkout (0 for the others).
   */
  shippingOnCancel: Map<number, number>;
}

type AfterSaleOrder = Pick<Order, 'id' | 'status' | 'returnWindowEndsAt' | 'paymentStatus' | 'checkout'>;

const CANCELLABLE: readonly string[] = ['pending', 'confirmed'];

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const id = key(row);
    const group = groups.get(id);
    if (group) group.push(row);
    else groups.set(id, [row]);
  }
  return groups;
}

/** The refunds (oldest first) and returns (newest first) of these orders, with what their answers show. */
export async function loadAfterSale(em: Em, orders: AfterSaleOrder[]): Promise<AfterSaleRows> {
  if (orders.length === 0) {
    return { refunds: new Map(), returns: new Map(), releases: new Map(), shippingOnCancel: new Map() };
  }
  const orderIds = orders.map((o) => o.id);
  const windowless = orders.filter((o) => o.status === 'delivered' && !o.returnWindowEndsAt);
  const cancellable = orders.filter((o) => CANCELLABLE.includes(o.status) && o.paymentStatus === 'paid');
  const checkoutIds = [...new Set(cancellable.map((o) => o.checkout.id))];
  const [refunds, requests, releases, siblings] = await Promise.all([
    em.find(
      RefundSchema,
      { order: { $in: orderIds } },
      { populate: ['payment', 'initiatedBy'], orderBy: { createdAt: 'asc', id: 'asc' } },
    ),
    em.find(
      ReturnRequestSchema,
      { order: { $in: orderIds } },
      { populate: RETURN_POPULATE, orderBy: { createdAt: 'desc', id: 'desc' } },
    ),
    windowless.length === 0
      ? []
      : em.find(
          LedgerEntrySchema,
          { key: { $in: windowless.map((o) => `order:${o.id}:release:available`) } },
          { fields: ['orderId', 'effectiveAt'] },
        ),
    checkoutIds.length === 0
      ? []
      : em.find(
          OrderSchema,
          { checkout: { $in: checkoutIds } },
          {
            fields: ['id', 'status', 'checkout.shippingKobo', 'checkout.shippingRefundedKobo'],
            populate: ['checkout'],
          },
        ),
  ]);
  const shippingOnCancel = new Map<number, number>();
  for (const order of cancellable) {
    const checkout = siblings.filter((o) => o.checkout.id === order.checkout.id);
    const othersOpen = checkout.some((o) => o.id !== order.id && o.status !== 'cancelled');
    const left = checkout[0] ? checkout[0].checkout.shippingKobo - checkout[0].checkout.shippingRefundedKobo : 0;
    shippingOnCancel.set(order.id, othersOpen ? 0 : Math.max(0, left));
  }
  const items =
    requests.length === 0
      ? []
      : await em.find(
          ReturnItemSchema,
          { returnRequest: { $in: requests.map((r) => r.id) } },
          { populate: ['orderItem'], orderBy: { id: 'asc' } },
        );
  const itemsByRequest = groupBy(items, (item) => item.returnRequest.id);
  const withItems = requests.map((request) => ({ request, items: itemsByRequest.get(request.id) ?? [] }));
  return {
    refunds: groupBy(refunds, (refund) => refund.order?.id ?? 0),
    returns: groupBy(withItems, (entry) => entry.request.order.id),
    releases: new Map(releases.map((entry) => [entry.orderId ?? 0, entry.effectiveAt])),
    shippingOnCancel,
  };
}

/** Whether the customer (any order not yet shipped) or the shop (a paid one) may cancel the order now. */
export function canCancel(order: Pick<Order, 'status' | 'paymentStatus'>, reader: 'customer' | 'vendor'): boolean {
  if (!CANCELLABLE.includes(order.status)) return false;
  return reader === 'vendor' ? order.paymentStatus === 'paid' : order.paymentStatus !== 'failed';
}

/**
 * Until when a return may be requested: while delivered and the window has not passed, else null. An order
 * delivered before its window was recorded has its credit's release time as window, as in requestReturn.
 */
export function returnWindowOf(order: AfterSaleOrder, rows: AfterSaleRows, now: Date): Date | null {
  const ends = order.returnWindowEndsAt ?? rows.releases.get(order.id) ?? null;
  return order.status === 'delivered' && ends !== null && now <= ends ? ends : null;
}

/** The after-sale fields of one order answer, for its customer or its shop. */
export function afterSaleFieldsOf(
  order: Order,
  rows: AfterSaleRows,
  now: Date,
  reader: 'customer' | 'vendor',
): AfterSaleFields {
  const refunds = rows.refunds.get(order.id) ?? [];
  const windowEnds = returnWindowOf(order, rows, now);
  const itemsLeft = order.subtotalKobo - order.discountKobo - order.refundedKobo;
  return {
    cancellation_reason: order.cancellationReason ?? null,
    refunded_amount: koboToNaira(
      refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amountKobo, 0),
    ),
    return_window_ends_at: windowEnds?.toISOString() ?? null,
    can_cancel: canCancel(order, reader),
    cancel_refund_amount:
      canCancel(order, reader) && order.paymentStatus === 'paid'
        ? koboToNaira(itemsLeft + (rows.shippingOnCancel.get(order.id) ?? 0))
        : 0,
    can_request_return: windowEnds !== null && itemsLeft > 0,
    refunds: refunds.map(toRefundDto),
    returns: (rows.returns.get(order.id) ?? []).map(({ request, items }) => toReturnDto(request, items)),
  };
}
