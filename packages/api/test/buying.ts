import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';
import { DomainError } from '../src/errors.js';
import { SessionSchema, type User } from '../src/modules/auth/auth.entities.js';
import { newToken, tokenDigest } from '../src/modules/auth/tokens.js';
import { ProductSchema } from '../src/modules/catalogue/catalogue.entities.js';
import { CouponSchema } from '../src/modules/coupons/coupons.entities.js';
import { CheckoutSchema, OrderSchema } from '../src/modules/orders/orders.entities.js';
import { releaseExpiredCheckouts } from '../src/modules/orders/orders.service.js';
import { SANDBOX_SUCCESS_CARD } from '../src/modules/payment/sandbox.js';
import { makeUser } from './fixtures.js';
import type { TestEnv } from './harness.js';

/** Steps of buying shared by the checkout-limit tests: a customer, a checkout, a sandbox payment. */
export function buying(getEnv: () => TestEnv) {
  const fresh = () => getEnv().services.orm.em.fork();

  /** A signed-in customer made straight in the database (argon2 for every buyer would be slow). */
  async function customer(overrides: Partial<User> = {}): Promise<{ token: string; userId: number }> {
    const em = fresh();
    const user = await makeUser(em, { role: 'customer', ...overrides });
    const token = newToken();
    em.create(SessionSchema, { user, tokenHash: tokenDigest(token), expiresAt: new Date(Date.now() + 3_600_000) });
    await em.flush();
    return { token, userId: user.id };
  }

  const shipping = { shipping_address: '12 Baga Road, Maiduguri, Borno 600001' };

  function place(
    token: string,
    items: { product_id: number; quantity: number; size: string }[],
    couponCode?: string,
    idempotencyKey?: string,
  ) {
    return getEnv()
      .caller(token)
      .orders.create({
        ...shipping,
        items,
        ...(couponCode ? { coupon_code: couponCode } : {}),
        ...(idempotencyKey ? { idempotency_key: idempotencyKey } : {}),
      });
  }

  /** Starts a payment for the order's checkout and pays it with the sandbox's success card, then verifies. */
  async function payFor(token: string, orderId: number) {
    const payment = await initiate(token, orderId);
    return payReference(token, payment.reference);
  }

  const initiate = (token: string, orderId: number) => getEnv().caller(token).payment.initiate({ order_id: orderId });

  /** Pays a reference at the sandbox and verifies it as the payer. */
  async function payReference(token: string, reference: string) {
    const sandbox = getEnv().services.sandbox;
    if (!sandbox) throw new Error('the tests run on the sandbox');
    await sandbox.pay(reference, SANDBOX_SUCCESS_CARD);
    return getEnv().caller(token).payment.verify({ reference });
  }

  const stockOf = async (id: number) => (await fresh().findOneOrFail(ProductSchema, { id })).stock;
  const usedCount = async (id: number) => (await fresh().findOneOrFail(CouponSchema, { id })).usedCount;

  /** Paid orders that carry this coupon's discount. */
  const discountedPaidOrders = (couponId: number) =>
    fresh().count(OrderSchema, { coupon: couponId, paymentStatus: 'paid', discountKobo: { $gt: 0 } });

  /** The checkout's 30 minutes run out and the release job gives its caps back. */
  async function expireAndRelease(checkoutId: number) {
    await fresh().nativeUpdate(CheckoutSchema, { id: checkoutId }, { expiresAt: new Date(Date.now() - 60_000) });
    await releaseExpiredCheckouts(fresh());
    expect((await fresh().findOneOrFail(CheckoutSchema, { id: checkoutId })).paymentStatus).toBe('failed');
  }

  return {
    fresh,
    customer,
    place,
    initiate,
    payFor,
    payReference,
    stockOf,
    usedCount,
    discountedPaidOrders,
    expireAndRelease,
  };
}

/** The DomainError behind a failed tRPC call (fails the test when the call succeeds or fails otherwise). */
export async function domainFailure(call: Promise<unknown>): Promise<DomainError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCError && error.cause instanceof DomainError) return error.cause;
    throw error;
  }
  throw new Error('expected the call to fail');
}
