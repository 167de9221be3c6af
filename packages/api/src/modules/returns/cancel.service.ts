import {
  CANCEL_MESSAGES,
  type OrderCancelInput,
  type OrderDto,
  type OrderStatus,
  type VendorOrderCancelInput,
  type VendorOrderDto,
} from '@caps/contracts';
import { LockMode } from '@mikro-orm/core';
import type { z } from 'zod';
import { type AuthedContext, requireVerifiedVendor } from '../../access/roles.js';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../../errors.js';
import { createRefund, sendRefunds } from '../finance/refunds.service.js';
import { orderCancelled } from '../notifications/events/orders.js';
import { CheckoutSchema, type Order, OrderSchema, OrderStatusChangeSchema } from '../orders/orders.entities.js';
import { getOrder, giveBackOrderStock, releaseCheckout } from '../orders/orders.service.js';
import { loadVendorOrders, ORDER_NOT_FOUND } from '../orders/vendor-orders.service.js';
import { PaymentSchema } from '../payment/payment.entities.js';

/**
 * Cancellations before shipping (docs/returns.md "Order statuses", issue 13 "Cancel before shipping"): by
 * the customer (paid or not) and by the shop (a paid order it cannot fulfil, with a reason the customer
 * sees on the order and in its history).
 *
 * A paid order: one transaction makes the conditional status update (on the status read), its history row,
 * gives its caps back and creates the refund of its item money (and of the checkout's shipping when every
 * other order of the checkout is cancelled too) through createRefund, whose ledger entries reverse the
 * shop's pending credit. Cancellations of one checkout take turns on the checkout's row, so the last of two
 * simultaneous ones sees the other and carries the shipping. The refund goes to Paystack after the commit.
 *
 * An unpaid order: its checkout is paid in one payment for all its orders (one per shop), so the unpaid
 * checkout is cancelled whole, as the 30-minute release does it but by the customer: every order
 * cancelled, caps and coupon use given back, the checkout failed (no longer payable), its payment pages
 * closed. Cancelling only one order would leave a checkout whose payment still charges for it. Money that
 * still arrives for it is not applied (the checkout is not revived, as a released one would be): it is
 * `refund_due` and refunded.
 */

type CustomerInput = z.output<typeof OrderCancelInput>;
type VendorInput = z.output<typeof VendorOrderCancelInput>;
type Canceller = 'customer' | 'vendor';

/** Why an order in this status cannot be cancelled, or null when it can (paid or not: checked apart). */
function refusalOf(status: OrderStatus, by: Canceller): string | null {
  switch (status) {
    case 'pending':
    case 'confirmed':
      return null;
    case 'cancelled':
      return CANCEL_MESSAGES.alreadyCancelled;
    case 'shipped':
      return by === 'customer' ? CANCEL_MESSAGES.shipped : CANCEL_MESSAGES.shopShipped;
    case 'delivered':
      return by === 'customer' ? CANCEL_MESSAGES.delivered : CANCEL_MESSAGES.afterDelivery;
    default:
      return CANCEL_MESSAGES.afterDelivery;
  }
}

function notCancellable(message: string): DomainError {
  return new DomainError('ORDER_NOT_CANCELLABLE', message, { id: [message] });
}

/** The refusal for an order whose conditional update found it changed: what it is now, read again. */
async function lostRace(em: Em, orderId: number, by: Canceller): Promise<DomainError> {
  const now = await em.findOne(OrderSchema, { id: orderId }, { fields: ['status'], disableIdentityMap: true });
  const message = now ? refusalOf(now.status, by) : null;
  return message ? notCancellable(message) : new DomainError('CONFLICT', CANCEL_MESSAGES.changedMeanwhile);
}

/**
 * What the cancellation of a paid order (already marked cancelled) refunds: whatever is left of its item
 * money (a goodwill refund may have taken some already), and the checkout's shipping once no order of it
 * is left to ship. Exported for the demo seed.
 */
export async function cancellationRefundOf(
  em: Em,
  orderId: number,
): Promise<{ itemsKobo: number; shippingKobo: number }> {
  const current = await em.findOneOrFail(OrderSchema, { id: orderId }, { disableIdentityMap: true });
  const checkout = await em.findOneOrFail(CheckoutSchema, { id: current.checkout.id }, { disableIdentityMap: true });
  const stillOpen = await em.count(OrderSchema, {
    checkout: checkout.id,
    id: { $ne: orderId },
    status: { $ne: 'cancelled' },
  });
  const itemsKobo = Math.max(0, current.subtotalKobo - current.discountKobo - current.refundedKobo);
  const shippingKobo = stillOpen === 0 ? Math.max(0, checkout.shippingKobo - checkout.shippingRefundedKobo) : 0;
  return { itemsKobo, shippingKobo };
}

/**
 * Cancels a paid order still pending or confirmed and refunds it; answers the ids of the refunds to send
 * (none when nothing is left to refund). `actorId` is the customer or the shop's owner.
 */
async function cancelPaidOrder(
  ctx: AuthedContext,
  order: Order,
  by: Canceller,
  reason: string | null,
  at: Date,
): Promise<number[]> {
  const from = order.status;
  return ctx.em.fork().transactional(async (tx) => {
    const em = tx as Em;
    // One cancellation of a checkout at a time: the second waits here and then sees the first.
    await em.findOne(CheckoutSchema, { id: order.checkout.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const changed = await em.nativeUpdate(
      OrderSchema,
      { id: order.id, status: from, paymentStatus: 'paid' },
      { status: 'cancelled', cancellationReason: reason, updatedAt: at },
    );
    if (changed !== 1) throw await lostRace(em, order.id, by);
    em.create(OrderStatusChangeSchema, {
      order: order.id,
      fromStatus: from,
      toStatus: 'cancelled',
      actor: ctx.user.id,
    });
    await em.flush();
    await giveBackOrderStock(em, [order]);

    const { itemsKobo, shippingKobo } = await cancellationRefundOf(em, order.id);
    const refundKobo = itemsKobo + shippingKobo;
    const refund =
      refundKobo === 0
        ? null
        : await createRefund(em, {
            orderId: order.id,
            itemsKobo,
            shippingKobo,
            kind: 'cancellation',
            reason,
            initiatedById: ctx.user.id,
            at,
          });
    // The other side of the order is told (order_cancelled), with the refund, in the same transaction.
    await orderCancelled(em, ctx.services, { orderId: order.id, by, refundKobo });
    return refund ? [refund.id] : [];
  });
}

/** Cancels the unpaid checkout of `order` whole, as its customer (see the top of this file). */
async function cancelUnpaidCheckout(ctx: AuthedContext, order: Order, reason: string | null): Promise<void> {
  await ctx.em.fork().transactional(async (tx) => {
    const em = tx as Em;
    const checkoutId = order.checkout.id;
    if (!(await releaseCheckout(em, checkoutId, { userId: ctx.user.id, reason }))) {
      const checkout = await em.findOne(
        CheckoutSchema,
        { id: checkoutId },
        { fields: ['paymentStatus'], disableIdentityMap: true },
      );
      if (checkout?.paymentStatus === 'paid') throw new DomainError('CONFLICT', CANCEL_MESSAGES.paidMeanwhile);
      throw notCancellable(CANCEL_MESSAGES.alreadyCancelled);
    }
    // Its payment pages close; money that still arrives is refunded (see reviveReleasedCheckout).
    await em.nativeUpdate(PaymentSchema, { checkout: checkoutId, status: 'pending' }, { status: 'abandoned' });
  });
}

/**
 * POST /orders/{id}/cancel: the caller's own order (someone else's is 404), still pending or confirmed.
 * Answers the order as it is after the cancellation, with its refund.
 */
export async function cancelAsCustomer(ctx: AuthedContext, input: CustomerInput): Promise<OrderDto> {
  const order = await ctx.em.fork().findOne(OrderSchema, { id: input.id, user: ctx.user.id });
  if (!order) throw new DomainError('NOT_FOUND', ORDER_NOT_FOUND);
  const refusal = refusalOf(order.status, 'customer');
  if (refusal) throw notCancellable(refusal);
  const reason = input.reason ? input.reason : null;
  const at = ctx.services.clock.now();
  if (order.paymentStatus === 'paid') {
    const refundIds = await cancelPaidOrder(ctx, order, 'customer', reason, at);
    await sendRefunds(ctx.services, refundIds);
  } else {
    await cancelUnpaidCheckout(ctx, order, reason);
  }
  return getOrder({ ...ctx, em: ctx.em.fork() as Em }, order.id);
}

/**
 * POST /vendor/orders/{id}/cancel: a paid order of the caller's verified shop (another shop's is 404),
 * still pending or confirmed, with the reason the customer is shown. Answers the shop's view of it.
 */
export async function cancelAsShop(ctx: AuthedContext, input: VendorInput): Promise<VendorOrderDto> {
  const vendor = await requireVerifiedVendor(ctx);
  const order = await ctx.em.fork().findOne(OrderSchema, { id: input.id, vendor: vendor.id });
  if (!order) throw new DomainError('NOT_FOUND', ORDER_NOT_FOUND);
  const refusal = refusalOf(order.status, 'vendor');
  if (refusal) throw notCancellable(refusal);
  if (order.paymentStatus !== 'paid') throw notCancellable(CANCEL_MESSAGES.shopUnpaid);
  const refundIds = await cancelPaidOrder(ctx, order, 'vendor', input.reason, ctx.services.clock.now());
  await sendRefunds(ctx.services, refundIds);
  const [updated] = await loadVendorOrders(ctx.em.fork() as Em, vendor.id, { id: order.id }, ctx.services.clock.now());
  if (!updated) throw new DomainError('NOT_FOUND', ORDER_NOT_FOUND);
  return updated;
}
