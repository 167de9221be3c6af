import {
  RETURN_REASON_LABELS,
  type RefundDto,
  type RefundKind,
  type RefundStatus,
  type ReturnDto,
  type ReturnStatus,
} from '@caps/contracts';
import { type FinanceTone, naira } from './finance-labels';

/**
 * The words and colours of returns and refunds (docs/returns.md), shared by the order page, the shop's Returns
 * tab and the admin's Finance tab, so all three name a state the same way.
 */

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Received',
  refunded: 'Refunded',
};

export const RETURN_STATUS_TONES: Record<ReturnStatus, FinanceTone> = {
  requested: 'warning',
  approved: 'info',
  rejected: 'danger',
  received: 'info',
  refunded: 'success',
};

export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  processed: 'Processed',
  failed: 'Failed',
};

export const REFUND_STATUS_TONES: Record<RefundStatus, FinanceTone> = {
  pending: 'neutral',
  processing: 'info',
  processed: 'success',
  failed: 'danger',
};

export const REFUND_KIND_LABELS: Record<RefundKind, string> = {
  cancellation: 'Cancellation',
  return: 'Return',
  goodwill: 'Goodwill',
  duplicate_payment: 'Duplicate payment',
  late_payment: 'Late payment',
};

/** "₦2,500 (items ₦2,000 + shipping ₦500)" or just "₦2,000" when no shipping is refunded. */
export function refundSplit(refund: Pick<RefundDto, 'amount' | 'items_amount' | 'shipping_amount'>): string {
  if (refund.shipping_amount === 0) return naira(refund.amount);
  return `${naira(refund.amount)} (items ${naira(refund.items_amount)} + shipping ${naira(refund.shipping_amount)})`;
}

export function returnReasonLabel(reason: ReturnDto['reason']): string {
  return RETURN_REASON_LABELS[reason];
}

/** How many of each order item may still be returned: ordered minus what an open or finished return holds. */
export function returnableQuantities(
  items: readonly { id: number; quantity: number }[],
  returns: readonly Pick<ReturnDto, 'status' | 'items'>[],
): Map<number, number> {
  const left = new Map(items.map((item) => [item.id, item.quantity]));
  for (const request of returns) {
    if (request.status === 'rejected') continue;
    for (const item of request.items) {
      left.set(item.order_item_id, Math.max(0, (left.get(item.order_item_id) ?? 0) - item.quantity));
    }
  }
  return left;
}
