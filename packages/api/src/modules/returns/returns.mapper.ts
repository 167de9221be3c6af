import { koboToNaira, type ReturnDto } from '@caps/contracts';
import type { Em } from '../../db/orm.js';
import type { User } from '../auth/auth.entities.js';
import { toRefundDto } from '../finance/refunds.service.js';
import { type ReturnItem, ReturnItemSchema, type ReturnRequest } from './returns.entities.js';

/**
 * Returns as the API shows them (ReturnDto of packages/contracts/src/returns.ts), for the return calls and
 * the order answers. Money is naira.
 */

/** What a return's answer needs loaded with it (pass to `populate`). */
export const RETURN_POPULATE = [
  'order',
  'vendor',
  'user',
  'decidedBy',
  'refund',
  'refund.payment',
  'refund.initiatedBy',
] as const;

const actorOf = (user: Pick<User, 'id' | 'fullName' | 'role'> | null | undefined) =>
  user ? { user_id: user.id, name: user.fullName, role: user.role } : null;

/** A return (RETURN_POPULATE loaded) with its items (orderItem loaded), oldest line first. */
export function toReturnDto(request: ReturnRequest, items: ReturnItem[]): ReturnDto {
  return {
    id: request.id,
    order_id: request.order.id,
    shop: { id: request.vendor.id, shop_name: request.vendor.shopName },
    customer: { id: request.user.id, name: request.user.fullName, email: request.user.email },
    status: request.status,
    reason: request.reason,
    details: request.details,
    items: items.map((item) => ({
      order_item_id: item.orderItem.id,
      product_id: item.orderItem.product.id,
      product_name: item.orderItem.productName,
      size: item.orderItem.size,
      quantity: item.quantity,
      amount: koboToNaira(item.amountKobo),
    })),
    includes_shipping: request.includesShipping,
    decision_note: request.decisionNote ?? null,
    decided_by: actorOf(request.decidedBy),
    decided_at: request.decidedAt?.toISOString() ?? null,
    received_at: request.receivedAt?.toISOString() ?? null,
    restocked: request.restocked ?? null,
    refund: request.refund ? toRefundDto(request.refund) : null,
    created_at: request.createdAt.toISOString(),
    updated_at: request.updatedAt.toISOString(),
  };
}

/** The answers of these returns (RETURN_POPULATE loaded), in their order: their items in one query. */
export async function toReturnDtos(em: Em, requests: ReturnRequest[]): Promise<ReturnDto[]> {
  if (requests.length === 0) return [];
  const items = await em.find(
    ReturnItemSchema,
    { returnRequest: { $in: requests.map((r) => r.id) } },
    { populate: ['orderItem'], orderBy: { id: 'asc' } },
  );
  return requests.map((request) =>
    toReturnDto(
      request,
      items.filter((item) => item.returnRequest.id === request.id),
    ),
  );
}
