import { randomBytes } from 'node:crypto';
import { CURRENCY, koboToNaira } from '@caps/contracts';
import type { Context } from '../../context.js';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../../errors.js';
import type { AuthedContext } from '../../procedures.js';
import { CartItemSchema } from '../cart/cart.entities.js';
import { CheckoutSchema, OrderSchema } from '../orders/orders.entities.js';
import { PaymentSchema } from './payment.entities.js';

export interface InitiateResult {
  url: string;
  authorization_url: string;
  reference: string;
  amount: number;
}

export interface VerifyResult {
  success: boolean;
  status: 'paid' | 'pending' | 'failed';
  message: string;
  reference: string;
  order_ids: number[];
  /** Seconds after which asking again may tell more (the payment is still in progress). */
  retry_after?: number;
}

/**
 * POST /payment/initiate {order_id}: one payment for the whole checkout of that order. A new reference
 * each time, so a customer who closed the payment page can start again.
 */
export async function initiatePayment(ctx: AuthedContext, orderId: number): Promise<InitiateResult> {
  // The buyer comes back to our own payment result page, never to an address a client chose.
  const callbackUrl = `${ctx.request.origin ?? ''}/payment/callback`;
  const order = await ctx.em.findOne(OrderSchema, { id: orderId, user: ctx.user.id }, { populate: ['checkout'] });
  if (!order) throw new DomainError('NOT_FOUND', 'Order not found');
  const checkout = order.checkout;
  if (checkout.paymentStatus === 'paid') throw new DomainError('CONFLICT', 'This order has already been paid.');
  if (checkout.paymentStatus === 'failed' || checkout.expiresAt <= new Date()) {
    throw new DomainError('CONFLICT', 'This checkout has expired and its caps were released. Please check out again.');
  }
  const reference = `CAPS-${checkout.id}-${randomBytes(6).toString('hex')}`;
  ctx.em.create(PaymentSchema, {
    checkout,
    reference,
    provider: ctx.services.payments.name,
    amountKobo: checkout.totalKobo,
    currency: CURRENCY,
    status: 'pending',
  });
  await ctx.em.flush();
  const { authorizationUrl } = await ctx.services.payments.initialize({
    email: ctx.user.email,
    amountKobo: checkout.totalKobo,
    reference,
    callbackUrl,
  });
  // The sandbox answers a path on this server; external clients get it as a full address, like Paystack's.
  const url = ctx.request.origin ? new URL(authorizationUrl, ctx.request.origin).toString() : authorizationUrl;
  return {
    url,
    authorization_url: url,
    reference,
    amount: koboToNaira(checkout.totalKobo),
  };
}

async function orderIdsOf(em: Em, checkoutId: number): Promise<number[]> {
  const orders = await em.find(OrderSchema, { checkout: checkoutId }, { fields: ['id'], orderBy: { id: 'asc' } });
  return orders.map((o) => o.id);
}

/**
 * Asks the provider about a reference and applies a successful payment, once. Never trusts what a
 * browser or a webhook body says: only the provider's verify answer counts, and only with status
 * success, the exact amount in kobo, NGN and our own reference. The conditional update of the payment
 * row makes the callback, the verify call and the webhook safe in any order and any number.
 */
export async function verifyPayment(ctx: Pick<Context, 'em' | 'services'>, reference: string): Promise<VerifyResult> {
  const payment = await ctx.em.findOne(PaymentSchema, { reference }, { populate: ['checkout'] });
  if (!payment) throw new DomainError('NOT_FOUND', 'Payment reference not found');
  const orderIds = await orderIdsOf(ctx.em, payment.checkout.id);
  const answer = (status: VerifyResult['status'], message: string, retryAfter?: number): VerifyResult => ({
    success: status === 'paid',
    status,
    message,
    reference,
    order_ids: orderIds,
    ...(retryAfter ? { retry_after: retryAfter } : {}),
  });
  if (payment.status === 'success') return answer('paid', 'Payment successful');

  const verified = await ctx.services.payments.verify(reference);
  if (!verified) return answer('pending', 'The payment provider does not know this payment yet.', 2);
  if (verified.status === 'ongoing' || verified.status === 'pending' || verified.status === 'processing') {
    return answer('pending', 'The payment is still in progress.', 2);
  }
  if (verified.status !== 'success') {
    await ctx.em.nativeUpdate(
      PaymentSchema,
      { id: payment.id, status: 'pending' },
      { status: 'failed', gatewayResponse: verified.gateway_response.slice(0, 255) },
    );
    return answer('failed', `Payment failed: ${verified.gateway_response}`);
  }
  if (verified.reference !== reference || verified.amount !== payment.amountKobo || verified.currency !== CURRENCY) {
    // Someone paid a different amount or currency under our reference: never mark anything paid.
    return answer('failed', 'The payment does not match this order (amount, currency or reference).');
  }

  // Whoever gets here first (this call, the webhook or the callback) applies it; the others find it done.
  await ctx.em.transactional(async (tx) => {
    const em = tx as Em;
    const now = new Date();
    const claimed = await em.execute<{ affectedRows: number }>(
      "update payments set status = 'success', paid_at = ?, gateway_response = ? where id = ? and status = 'pending'",
      [now, verified.gateway_response.slice(0, 255), payment.id],
      'run',
    );
    if (claimed.affectedRows !== 1) return;
    const checkout = await em.findOneOrFail(CheckoutSchema, { id: payment.checkout.id }, { populate: ['user'] });
    checkout.paymentStatus = 'paid';
    checkout.paidAt = now;
    const orders = await em.find(OrderSchema, { checkout: checkout.id }, { populate: ['coupon'] });
    for (const order of orders) {
      order.paymentStatus = 'paid';
      order.paidAt = now;
    }
    // A coupon counts as used once per paid checkout, however many shops' orders it discounted.
    const couponIds = new Set(orders.flatMap((o) => (o.coupon ? [o.coupon.id] : [])));
    for (const couponId of couponIds) {
      await em.execute('update coupons set used_count = used_count + 1 where id = ?', [couponId], 'run');
    }
    await em.flush();
    // A paid checkout empties the buyer's cart.
    await em.nativeDelete(CartItemSchema, { user: checkout.user.id });
  });
  return answer('paid', 'Payment successful');
}

/** POST /payment/webhook: a signed event; charge.success triggers our own verify of its reference. */
export async function handleWebhook(
  ctx: Pick<Context, 'em' | 'services'>,
  rawBody: string,
  signature: string | undefined,
): Promise<{ received: true }> {
  if (!ctx.services.payments.verifySignature(rawBody, signature)) {
    throw new DomainError('UNAUTHENTICATED', 'Invalid webhook signature');
  }
  let event: { event?: unknown; data?: { reference?: unknown } };
  try {
    event = JSON.parse(rawBody);
  } catch {
    throw new DomainError('BAD_REQUEST', 'The webhook body is not valid JSON.');
  }
  const reference = event.data?.reference;
  if (event.event === 'charge.success' && typeof reference === 'string') {
    const known = await ctx.em.count(PaymentSchema, { reference });
    if (known) await verifyPayment(ctx, reference);
  }
  return { received: true };
}
