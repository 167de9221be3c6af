import { ADMIN_DETAIL_LIMIT, type AdminOrderSummaryDto, koboToNaira } from '@caps/contracts';
import type { QueryOrderMap } from '@mikro-orm/core';
import type { QueryBuilder } from '@mikro-orm/knex';
import type { Em } from '../../db/orm.js';
import { containsPattern } from '../catalogue/catalogue.search.js';
import { OrderSchema } from '../orders/orders.entities.js';

export interface PageQuery {
  page: number;
  per_page: number;
}

/** The paging fields of a list answer (spec 3 "Paged product list"). */
export function pageOf(total: number, query: PageQuery) {
  return {
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    per_page: query.per_page,
    total,
  };
}

/** Change from `before` to `now` in percent, to one decimal; null when there was nothing before. */
export function percentChange(now: number, before: number): number | null {
  return before === 0 ? null : Math.round(((now - before) / before) * 1000) / 10;
}

/** The newest orders of a customer or of a shop, with their item counts (two queries in all). */
export async function orderSummaries(
  em: Em,
  where: { user: number } | { vendor: number },
): Promise<AdminOrderSummaryDto[]> {
  const orders = await em.find(OrderSchema, where, {
    populate: ['user', 'vendor'],
    orderBy: { createdAt: 'desc', id: 'desc' },
    limit: ADMIN_DETAIL_LIMIT,
  });
  if (orders.length === 0) return [];
  const counts = await em.execute<{ order_id: number; count: number | string }[]>(
    `select order_id, sum(quantity) as count from order_items
      where order_id in (${orders.map(() => '?').join(', ')}) group by order_id`,
    orders.map((order) => order.id),
  );
  const itemCount = new Map(counts.map((row) => [Number(row.order_id), Number(row.count)]));
  return orders.map((order) => ({
    id: order.id,
    status: order.status,
    payment_status: order.paymentStatus,
    total_amount: koboToNaira(order.totalKobo),
    item_count: itemCount.get(order.id) ?? 0,
    vendor: { id: order.vendor.id, shop_name: order.vendor.shopName },
    customer: { id: order.user.id, name: order.user.fullName, email: order.user.email },
    created_at: order.createdAt.toISOString(),
  }));
}

/**
 * A case-insensitive "contains" over some columns, as a raw condition with its parameters, or null
 * for an empty search. The user's own % and _ are taken literally.
 */
export function containsAny(columns: string[], search: string | undefined): [string, string[]] | null {
  const term = search?.trim();
  if (!term) return null;
  const pattern = containsPattern(term);
  return [
    `(${columns.map((column) => `lower(${column}) like ? escape '\\'`).join(' or ')})`,
    columns.map(() => pattern),
  ];
}

/**
 * One page of an admin list, newest first, and its total, from a query builder that already holds
 * the list's filters; `search` is a condition from containsAny.
 */
export async function newestPage<T extends { createdAt: Date; id: number }>(
  qb: QueryBuilder<T>,
  search: [string, string[]] | null,
  query: PageQuery,
): Promise<[T[], ReturnType<typeof pageOf>]> {
  if (search) qb.andWhere(...search);
  const newest = { createdAt: 'desc', id: 'desc' } as QueryOrderMap<T>;
  const [rows, total] = await qb
    .orderBy(newest)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .getResultAndCount();
  return [rows, pageOf(total, query)];
}
