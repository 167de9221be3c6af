import { randomBytes } from 'node:crypto';
import { CURRENCY, koboToNaira } from '@caps/contracts';
import type { AuthedContext } from '../../access/roles.js';
import type { Context, Services } from '../../context.js';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../../errors.js';
import { CartItemSchema } from '../cart/cart.entities.js';
import { recordPaidOrders } from '../finance/ledger.service.js';
import { applyTransferOutcome } from '../finance/payouts.service.js';
import { applyRefundOutcomesOf } from '../finance/refunds.service.js';
import { checkoutPaid } from '../notifications/events/orders.js';
import { CheckoutSchema, OrderSchema } from '../orders/orders.entities.js';
import {
  assertUnheldLinesOnSale,
  releaseCheckout,
  reviveReleasedCheckout,
  SOLD_OUT_BEFORE_PAYMENT,
  takeUnheldCaps,
} from '../orders/orders.service.js';
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
  // The buyer comes back to our own payment result page on the configured public URL, never to an
  // address a client chose (not even through its Host or X-Forwarded-Host header).
  const { publicUrl } = ctx.services.config;
  const callbackUrl = `${publicUrl}/payment/callback`;
  const order = await ctx.em.findOne(OrderSchema, { id: orderId, user: ctx.user.id }, { populate: ['checkout'] });
  if (!order) throw new DomainError('NOT_FOUND', 'Order not found');
  const checkout = order.checkout;
  if (checkout.paymentStatus === 'paid') throw new DomainError('ALREADY_PAID', 'This order has already been paid.');
  if (checkout.paymentStatus === 'failed' || checkout.expiresAt <= new Date()) {
    throw new DomainError(
      'CHECKOUT_EXPIRED',
      'This checkout has expired and its caps were released. Please check out again.',
    );
  }
  await assertUnheldLinesOnSale(ctx.em, checkout.id);
  const reference = `CAPS-${checkout.id}-${randomBytes(6).toString('hex')}`;
  // Only the newest attempt stays payable: the older pages refuse to take money, and should one still
  // be paid at the provider, the apply step below records it as a duplicate to refund.
  await ctx.em.nativeUpdate(PaymentSchema, { checkout: checkout.id, status: 'pending' }, { status: 'abandoned' });
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
  const url = new URL(authorizationUrl, publicUrl).toString();
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

export const LATE_PAYMENT_MESSAGE =
  'Your payment arrived after the checkout expired and its caps were released. It will be refunded.';
export const DUPLICATE_PAYMENT_MESSAGE =
  'These orders were already paid with another payment. This payment will be refunded.';
export const SOLD_OUT_PAYMENT_MESSAGE =
  'Some caps of this checkout were not held for you and sold out before your payment arrived. It will be refunded.';
const ABANDONED_MESSAGE = 'This payment was replaced by a newer payment for the same orders.';

/** Why a payment that arrived cannot be applied, from the state of its checkout now. */
async function refundMessage(em: Em, checkoutId: number): Promise<string> {
  const checkout = await em.findOneOrFail(CheckoutSchema, { id: checkoutId }, { fields: ['paymentStatus'] });
  if (checkout.paymentStatus === 'paid') return DUPLICATE_PAYMENT_MESSAGE;
  const soldOut = await em.count(OrderSchema, { checkout: checkoutId, cancellationReason: SOLD_OUT_BEFORE_PAYMENT });
  return soldOut > 0 ? SOLD_OUT_PAYMENT_MESSAGE : LATE_PAYMENT_MESSAGE;
}

/**
 * Applies money that arrived for a payment, once per payment and once per checkout, in one transaction.
 * The payment row is claimed first (callback, verify and webhook may race); then the checkout, still
 * unpaid: only then are its orders paid and the cart emptied (the coupon's use was taken at placing). A
 * checkout released after 30 minutes gets its caps and coupon use reserved again if they are all still
 * there; lines placed unheld (past the hold share) take their caps now. Money that cannot be applied (the
 * checkout was already paid by another reference, or its caps or coupon use are gone) is recorded as refund_due.
 */
async function applyPayment(
  em: Em,
  services: Services,
  paymentId: number,
  checkoutId: number,
  gatewayResponse: string,
  at: Date,
) {
  return em.transactional(async (tx): Promise<'applied' | 'refund_due' | 'already'> => {
    const t = tx as Em;
    const now = new Date();
    const claimed = await t.execute<{ affectedRows: number }>(
      "update payments set status = 'success', paid_at = ?, gateway_response = ? where id = ? and status in ('pending', 'abandoned')",
      [now, gatewayResponse.slice(0, 255), paymentId],
      'run',
    );
    if (claimed.affectedRows !== 1) return 'already';
    const claimCheckout = () =>
      t.execute<{ affectedRows: number }>(
        "update checkouts set payment_status = 'paid', paid_at = ? where id = ? and payment_status = 'pending'",
        [now, checkoutId],
        'run',
      );
    let paid = (await claimCheckout()).affectedRows === 1;
    if (!paid && (await reviveReleasedCheckout(t, checkoutId))) paid = (await claimCheckout()).affectedRows === 1;
    // Lines placed past the hold share take their caps now; sold out, the checkout is released instead.
    if (paid) paid = await takeUnheldCaps(t, checkoutId);
    if (!paid) {
      await t.execute("update payments set status = 'refund_due' where id = ?", [paymentId], 'run');
      return 'refund_due';
    }
    const checkout = await t.findOneOrFail(CheckoutSchema, { id: checkoutId }, { populate: ['user'] });
    const orders = await t.find(OrderSchema, { checkout: checkout.id });
    for (const order of orders) {
      order.paymentStatus = 'paid';
      order.paidAt = now;
    }
    // The coupon's use was taken when the checkout was placed (or again when a late payment revived it).
    await t.flush();
    // What each shop is owed and what the platform keeps (docs/finance.md "Order paid"), once per order.
    await recordPaidOrders(t, checkout.id, at);
    // A paid checkout empties the buyer's cart.
    await t.nativeDelete(CartItemSchema, { user: checkout.user.id });
    // payment_received, each shop's new_order and low_stock: written with the payment, once per checkout.
    await checkoutPaid(t, services, checkout.id);
    return 'applied';
  });
}

/**
 * Asks the provider about a reference and applies a successful payment, once. Never trusts what a
 * browser or a webhook body says: only the provider's verify answer counts, and only with status
 * success, the exact amount in kobo, NGN and our own reference. Conditional updates of the payment
 * and checkout rows make the callback, the verify call and the webhook safe in any order and any number,
 * and a checkout paid under two references is paid once (the other is to be refunded).
 *
 * `payerId`: the signed-in customer asking. Only the customer whose checkout it is learns anything about a
 * reference (its order ids above all); anyone else's reference reads as unknown. Left out only where the
 * provider itself brings the reference (the webhook, the callback without a token), whose caller is not
 * told the order ids.
 */
export async function verifyPayment(
  ctx: Pick<Context, 'em' | 'services'>,
  reference: string,
  payerId?: number,
): Promise<VerifyResult> {
  if (!reference)
    throw new DomainError('VALIDATION', 'reference is required', { reference: ['reference is required'] });
  const payment = await ctx.em.findOne(
    PaymentSchema,
    payerId === undefined ? { reference } : { reference, checkout: { user: payerId } },
    { populate: ['checkout'] },
  );
  if (!payment) throw new DomainError('NOT_FOUND', 'Payment reference not found');
  const checkoutId = payment.checkout.id;
  const orderIds = await orderIdsOf(ctx.em, checkoutId);
  const answer = (status: VerifyResult['status'], message: string, retryAfter?: number): VerifyResult => ({
    success: status === 'paid',
    status,
    message,
    reference,
    order_ids: orderIds,
    ...(retryAfter ? { retry_after: retryAfter } : {}),
  });
  if (payment.status === 'success') return answer('paid', 'Payment successful');
  if (payment.status === 'refund_due') return answer('failed', await refundMessage(ctx.em, checkoutId));

  const verified = await ctx.services.payments.verify(reference);
  const abandoned = payment.status === 'abandoned';
  if (!verified) {
    if (abandoned) return answer('failed', ABANDONED_MESSAGE);
    return answer('pending', 'The payment provider does not know this payment yet.', 2);
  }
  if (verified.status === 'ongoing' || verified.status === 'pending' || verified.status === 'processing') {
    if (abandoned) return answer('failed', ABANDONED_MESSAGE);
    return answer('pending', 'The payment is still in progress.', 2);
  }
  if (verified.status !== 'success') {
    await ctx.em.nativeUpdate(
      PaymentSchema,
      { id: payment.id, status: 'pending' },
      { status: 'failed', gatewayResponse: verified.gateway_response.slice(0, 255) },
    );
    return answer('failed', abandoned ? ABANDONED_MESSAGE : `Payment failed: ${verified.gateway_response}`);
  }
  if (verified.reference !== reference || verified.amount !== payment.amountKobo || verified.currency !== CURRENCY) {
    // Someone paid a different amount or currency under our reference: never mark anything paid.
    return answer('failed', 'The payment does not match this order (amount, currency or reference).');
  }

  // Whoever gets here first (this call, the webhook or the callback) applies it; the others find it done.
  const outcome = await applyPayment(
    ctx.em,
    ctx.services,
    payment.id,
    checkoutId,
    verified.gateway_response,
    ctx.services.clock.now(),
  );
  if (outcome === 'applied') return answer('paid', 'Payment successful');
  // Someone else claimed this payment first: answer what they recorded.
  const stored = await ctx.em.fork().findOneOrFail(PaymentSchema, { id: payment.id }, { fields: ['status'] });
  if (stored.status === 'success') return answer('paid', 'Payment successful');
  return answer('failed', await refundMessage(ctx.em.fork() as Em, checkoutId));
}

/**
 * Asks the provider about each payment of a checkout that may still have taken money (pending, or replaced
 * by a newer attempt) and applies a success. Throws when the provider cannot be asked.
 */
async function verifyOpenPaymentsOf(ctx: Pick<Context, 'em' | 'services'>, checkoutId: number): Promise<void> {
  const open = await ctx.em.find(
    PaymentSchema,
    { checkout: checkoutId, status: { $in: ['pending', 'abandoned'] } },
    { fields: ['reference'], orderBy: { id: 'asc' } },
  );
  for (const payment of open) await verifyPayment(ctx, payment.reference);
}

/**
 * The release job: an unpaid checkout gives its caps and coupon use back after 30 minutes, but only once the
 * provider has said that none of its payments succeeded. A payment taken just before a crash (its webhook
 * never applied) is applied here instead of being cancelled. A checkout whose payments cannot be checked
 * now (the provider unreachable) keeps its hold until the next run. Answers how many were released.
 */
export async function releaseExpiredCheckoutsVerified(
  services: Services,
): Promise<{ released: number; unverified: number }> {
  const em = services.orm.em.fork() as Em;
  const expired = await em.find(
    CheckoutSchema,
    { paymentStatus: 'pending', expiresAt: { $lt: services.clock.now() } },
    { fields: ['id'], orderBy: { id: 'asc' }, limit: 100 },
  );
  let released = 0;
  let unverified = 0;
  for (const { id } of expired) {
    try {
      await verifyOpenPaymentsOf({ em: em.fork() as Em, services }, id);
    } catch {
      unverified += 1;
      continue;
    }
    if (await em.fork().transactional((tx) => releaseCheckout(tx as Em, id))) released += 1;
  }
  return { released, unverified };
}

/** How long a payment may stay unconfirmed before the server asks the provider itself. */
export const VERIFY_PENDING_AFTER_MS = 5 * 60_000;
/** Paystack keeps a transaction payable for about a day; later ones are not asked about again. */
const VERIFY_PENDING_FOR_MS = 24 * 3_600_000;

/**
 * A lost webhook (a crash, an outage) must not leave money unapplied: payments still pending after five
 * minutes are verified with the provider (a success is applied, or refunded when its caps are gone).
 * Answers how many were asked about, and how many could not be.
 */
export async function verifyPendingPayments(services: Services): Promise<{ checked: number; unreachable: number }> {
  const now = services.clock.now().getTime();
  const em = services.orm.em.fork() as Em;
  const pending = await em.find(
    PaymentSchema,
    {
      status: 'pending',
      createdAt: { $lt: new Date(now - VERIFY_PENDING_AFTER_MS), $gt: new Date(now - VERIFY_PENDING_FOR_MS) },
    },
    { fields: ['reference'], orderBy: { id: 'asc' }, limit: 100 },
  );
  let unreachable = 0;
  for (const payment of pending) {
    try {
      await verifyPayment({ em: em.fork() as Em, services }, payment.reference);
    } catch {
      unreachable += 1;
    }
  }
  return { checked: pending.length, unreachable };
}

/** Whether a reference may still take money: the newest attempt of an unpaid checkout (the sandbox page asks). */
export async function isPayable(ctx: Pick<Context, 'em'>, reference: string): Promise<boolean> {
  const payment = await ctx.em.findOne(PaymentSchema, { reference }, { populate: ['checkout'] });
  return payment?.status === 'pending' && payment.checkout.paymentStatus === 'pending';
}

const TRANSFER_EVENTS = new Set(['transfer.success', 'transfer.failed', 'transfer.reversed']);
const REFUND_EVENTS = new Set(['refund.pending', 'refund.processing', 'refund.processed', 'refund.failed']);

/** A JSON object (not an array, not null). */
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A webhook body as Paystack sends every event: an object with the event's name and its data object. Anything
 * else (null, an array, a string, no data...) is BAD_REQUEST (400), before anything is read or changed.
 */
function webhookEventOf(rawBody: string): { event: string; data: Record<string, unknown> } {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new DomainError('BAD_REQUEST', 'The webhook body is not valid JSON.');
  }
  if (!isObject(body) || typeof body.event !== 'string' || body.event === '' || !isObject(body.data)) {
    throw new DomainError('BAD_REQUEST', 'The webhook body must be an object with an event name and a data object.');
  }
  return { event: body.event, data: body.data };
}

/**
 * POST /payment/webhook: a signed event; charge.success triggers our own verify of its reference, and
 * transfer.success / transfer.failed / transfer.reversed our own verify of a payout's transfer.
 */
export async function handleWebhook(
  ctx: Pick<Context, 'em' | 'services'>,
  rawBody: string,
  signature: string | undefined,
): Promise<{ received: true }> {
  if (!ctx.services.payments.verifySignature(rawBody, signature)) {
    throw new DomainError('UNAUTHENTICATED', 'Invalid webhook signature');
  }
  const { event, data } = webhookEventOf(rawBody);
  const reference = typeof data.reference === 'string' && data.reference !== '' ? data.reference : null;
  if ((event === 'charge.success' || TRANSFER_EVENTS.has(event)) && reference === null) {
    throw new DomainError('BAD_REQUEST', `The ${event} event has no reference.`);
  }
  if (event === 'charge.success' && reference !== null) {
    const known = await ctx.em.count(PaymentSchema, { reference });
    if (known) await verifyPayment(ctx, reference);
  }
  // A payout's transfer settled: our own verify of the reference decides, never the body (unknown ones: 200).
  if (TRANSFER_EVENTS.has(event) && reference !== null) {
    await applyTransferOutcome(ctx, reference);
  }
  // A refund moved on: GET /refund/{id} (or the transaction's refunds) decides, never the body.
  if (REFUND_EVENTS.has(event)) {
    const { id, transaction_reference: transaction } = data;
    const refundId = (typeof id === 'string' && id !== '') || typeof id === 'number' ? String(id) : null;
    const transactionReference = typeof transaction === 'string' && transaction !== '' ? transaction : null;
    if (refundId === null && transactionReference === null) {
      throw new DomainError('BAD_REQUEST', `The ${event} event has neither a refund id nor a transaction reference.`);
    }
    await applyRefundOutcomesOf(ctx, { refundId, transactionReference });
  }
  return { received: true };
}
