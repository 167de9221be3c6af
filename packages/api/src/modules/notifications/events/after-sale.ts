import { RETURN_REASON_LABELS } from '@caps/contracts';
import type { Services } from '../../../context.js';
import type { Em } from '../../../db/orm.js';
import { RefundSchema } from '../../finance/finance.entities.js';
import { CheckoutSchema } from '../../orders/orders.entities.js';
import { ReturnItemSchema, ReturnRequestSchema } from '../../returns/returns.entities.js';
import { notify } from '../notify.js';
import { refundSentMessage, returnDecisionMessage, returnRequestedMessage } from '../templates/after-sale.js';
import { noticeOf, userRecipient } from './notices.js';

/**
 * The after-sale events (issue 14): returns and refunds. Called with the transaction's `em`, inside the
 * transaction of the change, after it is flushed; reads skip the identity map.
 */

const fresh = { disableIdentityMap: true } as const;

async function loadReturn(em: Em, returnId: number) {
  return em.findOneOrFail(
    ReturnRequestSchema,
    { id: returnId },
    { populate: ['user', 'vendor.user', 'order'], ...fresh },
  );
}

/** A customer asked to return caps: the shop is told which, why, and what they were paid (return_requested). */
export async function returnRequested(em: Em, services: Services, returnId: number): Promise<void> {
  const request = await loadReturn(em, returnId);
  const items = await em.find(
    ReturnItemSchema,
    { returnRequest: returnId },
    { populate: ['orderItem'], orderBy: { id: 'asc' }, ...fresh },
  );
  const rendered = returnRequestedMessage(services.config.publicUrl, {
    ownerName: request.vendor.user.fullName,
    customerName: request.user.fullName,
    orderId: request.order.id,
    reasonLabel: RETURN_REASON_LABELS[request.reason],
    details: request.details,
    items: items.map((item) => ({
      name: item.orderItem.productName,
      size: item.orderItem.size,
      quantity: item.quantity,
      unitPriceKobo: item.orderItem.unitPriceKobo,
      amountKobo: item.amountKobo,
    })),
    amountKobo: items.reduce((sum, item) => sum + item.amountKobo, 0),
  });
  await notify(em, services, [
    noticeOf(`return:${request.id}:requested`, 'return_requested', userRecipient(request.vendor.user), rendered),
  ]);
}

/**
 * A return was approved or rejected (by its shop, or an admin instead of it or overruling it): the customer
 * is told with the note (return_decision). `decision` tells one decision of the return from another (an admin
 * may overrule): the same for every retry of the same decision.
 */
export async function returnDecided(em: Em, services: Services, returnId: number, decision: string): Promise<void> {
  const request = await loadReturn(em, returnId);
  if (request.status !== 'approved' && request.status !== 'rejected') return;
  const rendered = returnDecisionMessage(services.config.publicUrl, {
    customerName: request.user.fullName,
    orderId: request.order.id,
    shopName: request.vendor.shopName,
    approved: request.status === 'approved',
    note: request.decisionNote ?? null,
  });
  await notify(em, services, [
    noticeOf(
      `return:${request.id}:${request.status}:${decision}`,
      'return_decision',
      userRecipient(request.user),
      rendered,
    ),
  ]);
}

/** A refund became processed: its customer is told the amount and the order (refund_sent). */
export async function refundProcessed(em: Em, services: Services, refundId: number): Promise<void> {
  const refund = await em.findOneOrFail(RefundSchema, { id: refundId }, { populate: ['payment'], ...fresh });
  // The customer of the payment: an order's refund and a never-applied payment's alike.
  const checkout = await em.findOneOrFail(
    CheckoutSchema,
    { id: refund.payment.checkout.id },
    { populate: ['user'], ...fresh },
  );
  const rendered = refundSentMessage(services.config.publicUrl, {
    customerName: checkout.user.fullName,
    orderId: refund.order?.id ?? null,
    amountKobo: refund.amountKobo,
    kind: refund.kind,
  });
  await notify(em, services, [
    noticeOf(`refund:${refund.id}:processed`, 'refund_sent', userRecipient(checkout.user), rendered),
  ]);
}
