import { type CheckoutResultDto, formatKobo, koboToNaira, type OrderCreateInput, type OrderDto } from '@caps/contracts';
import { DeadlockException, LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { z } from 'zod';
import type { AuthedContext } from '../../access/roles.js';
import type { ServicesConfig } from '../../config.js';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../../errors.js';
import { UserSchema } from '../auth/auth.entities.js';
import { ProductSchema } from '../catalogue/catalogue.entities.js';
import { listedProduct } from '../catalogue/listed.js';
import type { Coupon } from '../coupons/coupons.entities.js';
import {
  discountOf,
  findApplicableCoupon,
  giveBackCouponUse,
  type PricedLine,
  reserveCouponUse,
  takeCouponUse,
} from '../coupons/coupons.service.js';
import { checkoutPlaced } from '../notifications/events/orders.js';
import { PaymentSchema } from '../payment/payment.entities.js';
import { afterSaleFieldsOf, loadAfterSale } from './after-sale.js';
import {
  type Checkout,
  CheckoutSchema,
  type Order,
  OrderItemSchema,
  OrderSchema,
  OrderStatusChangeSchema,
} from './orders.entities.js';
import { toOrderDto } from './orders.mapper.js';

type CreateInput = z.output<typeof OrderCreateInput>;

/** The flat shipping of a checkout, in kobo (₦2,000): only the server prices (clients show checkout.quote). */
export const SHIPPING_FEE_KOBO = 200_000;

/** How long stock stays reserved for a checkout that has not been paid. */
export const RESERVATION_MINUTES = 30;

export interface Line extends PricedLine {
  productId: number;
  productName: string;
  shopName: string;
  size: string;
}

/** A line as a checkout or a quote asks for it. */
export interface RequestedLine {
  product_id: number;
  quantity: number;
  size: string;
}

/** The requested lines, priced from our own data; same product and size asked twice become one line. */
async function priceLines(em: Em, items: readonly RequestedLine[]): Promise<Line[]> {
  const merged = new Map<string, RequestedLine>();
  for (const item of items) {
    const key = `${item.product_id}|${item.size}`;
    const existing = merged.get(key);
    merged.set(key, { ...item, quantity: (existing?.quantity ?? 0) + item.quantity });
  }
  const ids = [...new Set([...merged.values()].map((i) => i.product_id))];
  const products = await em.find(ProductSchema, { id: { $in: ids }, ...listedProduct }, { populate: ['vendor'] });
  const byId = new Map(products.map((p) => [p.id, p]));
  const lines: Line[] = [];
  for (const item of merged.values()) {
    const product = byId.get(item.product_id);
    if (!product) throw new DomainError('NOT_FOUND', `Product ${item.product_id} not found`);
    if (!product.sizes.includes(item.size)) {
      throw new DomainError(
        'VALIDATION',
        `${product.name} does not come in size ${item.size}. Sizes: ${product.sizes.join(', ')}`,
        {
          size: [`Choose one of: ${product.sizes.join(', ')}`],
        },
      );
    }
    if (item.quantity > product.stock) throw await outOfStock(em, product, item.quantity);
    lines.push({
      productId: product.id,
      productName: product.name,
      shopName: product.vendor.shopName,
      size: item.size,
      quantity: item.quantity,
      unitPriceKobo: product.priceKobo,
      vendorId: product.vendor.id,
    });
  }
  return lines;
}

/**
 * 409 for more caps than are on sale; when the rest are held by unpaid checkouts, it says they come back, so
 * the buyer knows to try again rather than that the cap is gone.
 */
async function outOfStock(em: Em, product: { id: number; name: string; stock: number }, wanted: number) {
  const held = await heldByUnpaidCheckouts(em, product.id);
  const soon = `${held} more ${held === 1 ? 'is' : 'are'} in unpaid checkouts and go${held === 1 ? 'es' : ''} back on sale if not paid within ${RESERVATION_MINUTES} minutes.`;
  if (product.stock === 0) {
    return new DomainError(
      'OUT_OF_STOCK',
      held > 0 ? `${product.name} is sold out for now: ${soon}` : `${product.name} is out of stock`,
    );
  }
  const left = `Only ${product.stock} left of ${product.name}`;
  return new DomainError('OUT_OF_STOCK', held > 0 && wanted > product.stock ? `${left} now: ${soon}` : left);
}

/** Caps of a product that unpaid checkouts hold now (their held lines; paid and released ones hold none). */
async function heldByUnpaidCheckouts(em: Em, productId: number): Promise<number> {
  const [row] = await em.execute<{ held: number | string | null }[]>(
    `select coalesce(sum(oi.quantity), 0) as held from order_items oi
       join orders o on o.id = oi.order_id
       join checkouts c on c.id = o.checkout_id
      where oi.product_id = ? and oi.held = true and c.payment_status = 'pending'`,
    [productId],
  );
  return Number(row?.held ?? 0);
}

type StockLine = Pick<Line, 'productId' | 'productName' | 'quantity'>;

/** Lines in product order: every transaction takes product rows in the same order, so none waits in a circle. */
const inProductOrder = <T extends StockLine>(lines: T[]): T[] => [...lines].sort((a, b) => a.productId - b.productId);

/**
 * Takes the stock of every line with conditional updates, so stock never goes below zero. Answers the
 * first line that cannot be had, after giving back what it took, or null when every line was reserved.
 */
async function tryReserveStock(em: Em, lines: StockLine[]): Promise<StockLine | null> {
  const taken: StockLine[] = [];
  for (const line of inProductOrder(lines)) {
    if (!(await takeStock(em, line))) {
      await giveBackStock(em, taken);
      return line;
    }
    taken.push(line);
  }
  return null;
}

/** The conditional update that takes a line's caps off sale: false when fewer are on sale. */
async function takeStock(em: Em, line: StockLine): Promise<boolean> {
  const result = await em.execute<{ affectedRows: number }>(
    'update products set stock = stock - ? where id = ? and stock >= ?',
    [line.quantity, line.productId, line.quantity],
    'run',
  );
  return result.affectedRows === 1;
}

async function giveBackStock(em: Em, lines: StockLine[]): Promise<void> {
  for (const line of inProductOrder(lines)) {
    await em.execute('update products set stock = stock + ? where id = ?', [line.quantity, line.productId], 'run');
  }
}

type PlacedLine = Line & { held: boolean };

/**
 * Takes every line's caps off sale with conditional updates (stock never below zero; a line that cannot be
 * had is 409 and rolls the checkout back). A line stays held for the checkout while the cap's unpaid holds,
 * this line included, stay within `sharePercent` of its stock (on sale + held), at least 1 cap; past that its
 * caps go back on sale and the line is placed unheld, to be taken when paid by whoever pays first (issue 25:
 * a few accounts must not hold a whole shop).
 */
async function holdStock(em: Em, lines: Line[], sharePercent: number): Promise<PlacedLine[]> {
  const heldOf = new Map<number, number>();
  const placed: PlacedLine[] = [];
  for (const line of inProductOrder(lines)) {
    if (!(await takeStock(em, line))) {
      throw new DomainError('OUT_OF_STOCK', `Sorry, ${line.productName} sold out while you were checking out`);
    }
    // The product's row is this transaction's until it commits: no other checkout changes its holds meanwhile.
    const held = heldOf.get(line.productId) ?? (await heldByUnpaidCheckouts(em, line.productId));
    const [row] = await em.execute<{ stock: number | string }[]>('select stock from products where id = ?', [
      line.productId,
    ]);
    const stock = Number(row?.stock ?? 0) + line.quantity + held;
    const holdable = Math.max(1, Math.floor((stock * sharePercent) / 100));
    const fits = held + line.quantity <= holdable;
    if (!fits) {
      await em.execute('update products set stock = stock + ? where id = ?', [line.quantity, line.productId], 'run');
    }
    heldOf.set(line.productId, held + (fits ? line.quantity : 0));
    placed.push({ ...line, held: fits });
  }
  return placed;
}

/** The customer's view of orders matching `where`, newest first, with their after-sale state as of `now`. */
export async function loadOrders(
  em: Em,
  where: { id?: number | { $in: number[] }; user?: number; checkout?: number },
  now = new Date(),
): Promise<OrderDto[]> {
  const orders = await em.find(OrderSchema, where, {
    populate: ['vendor', 'checkout', 'user'],
    orderBy: { createdAt: 'desc', id: 'desc' },
  });
  if (orders.length === 0) return [];
  const ids = orders.map((o) => o.id);
  const [items, history, afterSale] = await Promise.all([
    em.find(OrderItemSchema, { order: { $in: ids } }, { populate: ['product'], orderBy: { id: 'asc' } }),
    em.find(OrderStatusChangeSchema, { order: { $in: ids } }, { populate: ['actor'], orderBy: { id: 'asc' } }),
    loadAfterSale(em, orders),
  ]);
  return orders.map((order) =>
    toOrderDto(
      order,
      items.filter((i) => i.order.id === order.id),
      history.filter((h) => h.order.id === order.id),
      afterSaleFieldsOf(order, afterSale, now, 'customer'),
    ),
  );
}

async function checkoutResult(em: Em, checkout: Checkout): Promise<CheckoutResultDto> {
  const orders = (await loadOrders(em, { checkout: checkout.id })).sort((a, b) => a.id - b.id);
  const first = orders[0];
  if (!first) throw new DomainError('INTERNAL', 'A checkout without orders');
  return { ...first, order_ids: orders.map((o) => o.id), checkout_total: koboToNaira(checkout.totalKobo) };
}

type CheckoutLimits = ServicesConfig['checkout'];

/**
 * 429 for a line that would hold more of one cap than an unpaid checkout may: one customer must not keep
 * a product out of stock for everyone (the sizes of a cap count together). Checked before anything is
 * reserved; an older unpaid checkout of the same cap is released when this one is placed, so this one
 * checkout is all the customer holds of it.
 */
function assertHoldableQuantities(lines: Line[], limits: CheckoutLimits): void {
  const perProduct = new Map<number, { name: string; quantity: number }>();
  for (const line of lines) {
    const held = perProduct.get(line.productId) ?? { name: line.productName, quantity: 0 };
    held.quantity += line.quantity;
    perProduct.set(line.productId, held);
  }
  const limit = limits.maxUnpaidQuantityPerProduct;
  for (const { name, quantity } of perProduct.values()) {
    if (quantity > limit) {
      throw new DomainError(
        'UNPAID_CHECKOUT_LIMIT',
        `You can hold at most ${limit} of ${name} in an unpaid checkout. Please order ${limit} or fewer.`,
        undefined,
        RESERVATION_MINUTES * 60,
      );
    }
  }
}

/** The orders of a checkout, priced: one per shop, the coupon's discount, ₦2,000 shipping on the first. */
function priceOrders(lines: Line[], coupon: Coupon | null) {
  const vendorIds = [...new Set(lines.map((l) => l.vendorId))];
  const orders = vendorIds.map((vendorId, index) => {
    const group = lines.filter((l) => l.vendorId === vendorId);
    const subtotal = group.reduce((sum, l) => sum + l.unitPriceKobo * l.quantity, 0);
    const discount = coupon ? discountOf(coupon, group) : 0;
    // One flat ₦2,000 for the checkout, carried by its first order.
    const shipping = index === 0 ? SHIPPING_FEE_KOBO : 0;
    return { vendorId, group, subtotal, discount, shipping, total: subtotal - discount + shipping };
  });
  const sum = (pick: (o: (typeof orders)[number]) => number) => orders.reduce((s, o) => s + pick(o), 0);
  return {
    orders,
    subtotal: sum((o) => o.subtotal),
    discount: sum((o) => o.discount),
    shipping: sum((o) => o.shipping),
    total: sum((o) => o.total),
  };
}

export type PricedCheckout = ReturnType<typeof priceOrders> & { lines: Line[]; coupon: Coupon | null };

/**
 * What a checkout of these lines costs, in kobo: the one pricing of both `checkout.quote` and
 * `orders.create`, so a quote and the checkout placed after it never differ. 404/422/409 for lines that
 * cannot be bought, 'Invalid coupon' (422) for a code that does not apply, 422 past the checkout ceiling.
 * `usesTaken: false` leaves a used-up coupon to checkout's own reservation (see findApplicableCoupon).
 */
export async function priceCheckout(
  em: Em,
  request: { items: readonly RequestedLine[]; coupon_code?: string | null },
  limits: CheckoutLimits,
  { usesTaken }: { usesTaken: boolean },
): Promise<PricedCheckout> {
  const lines = await priceLines(em, request.items);
  const vendorIds = [...new Set(lines.map((l) => l.vendorId))];
  const coupon: Coupon | null = request.coupon_code
    ? await findApplicableCoupon(em, request.coupon_code, vendorIds, 'coupon_code', { usesTaken })
    : null;
  const priced = priceOrders(lines, coupon);
  if (priced.total > limits.maxTotalKobo) {
    const message = `A checkout cannot be more than ${formatKobo(limits.maxTotalKobo)}. Please split your order into smaller ones.`;
    throw new DomainError('CHECKOUT_TOTAL_TOO_HIGH', message, { items: [message] });
  }
  return { ...priced, lines, coupon };
}

/**
 * 429 when the customer already holds as many unpaid checkouts as allowed. Only checkouts within their
 * 30 minutes count (an expired one is about to be released). Retry-After: until the oldest expires.
 */
async function assertRoomForUnpaid(em: Em, userId: number, limits: CheckoutLimits, now: Date): Promise<void> {
  const unpaid = await em.find(
    CheckoutSchema,
    { user: userId, paymentStatus: 'pending', expiresAt: { $gt: now } },
    { fields: ['expiresAt'], orderBy: { expiresAt: 'asc' } },
  );
  const oldest = unpaid[0];
  if (oldest && unpaid.length >= limits.maxUnpaidCheckouts) {
    throw new DomainError(
      'UNPAID_CHECKOUT_LIMIT',
      `You have ${unpaid.length} unpaid checkouts. Pay for one or wait until it expires before placing another.`,
      undefined,
      Math.max(1, Math.ceil((oldest.expiresAt.getTime() - now.getTime()) / 1000)),
    );
  }
}

/**
 * Releases the customer's unpaid checkouts that hold any of these products, as the 30-minute release
 * would (and closes their payment pages): a customer checking out again replaces the older hold instead
 * of adding to it. Call inside the placing transaction.
 */
async function releaseSupersededCheckouts(em: Em, userId: number, productIds: number[]): Promise<void> {
  const holding = await em.find(
    OrderItemSchema,
    { product: { $in: productIds }, order: { user: userId, checkout: { paymentStatus: 'pending' } } },
    { populate: ['order'] },
  );
  const checkoutIds = [...new Set(holding.map((item) => item.order.checkout.id))].sort((a, b) => a - b);
  for (const checkoutId of checkoutIds) {
    if (await releaseCheckout(em, checkoutId)) {
      await em.nativeUpdate(PaymentSchema, { checkout: checkoutId, status: 'pending' }, { status: 'abandoned' });
    }
  }
}

/**
 * Runs a transaction again when PostgreSQL aborted it to break a circular wait. Stock rows are taken in
 * product order, but a checkout that first gives back a superseded hold can still wait in a circle with
 * another customer's checkout, rarely; the aborted one changed nothing and simply runs again.
 */
async function retriedOnDeadlock<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !(error instanceof DeadlockException)) throw error;
    }
  }
}

/**
 * Places a checkout: one order per shop, paid together. Prices, the coupon and shipping come from our
 * own data; stock and the coupon's use are reserved in the same transaction with conditional updates, so
 * stock never goes below zero and a coupon never passes its limit. The customer's row is locked for the
 * transaction, so one customer's checkouts take turns: their older unpaid checkouts of the same caps are
 * released first, then the bounds on unpaid holds apply. With an idempotency key, a retry answers the
 * same orders instead of placing new ones.
 */
export async function placeOrder(
  ctx: AuthedContext,
  input: CreateInput,
  idempotencyKey?: string,
): Promise<CheckoutResultDto> {
  const key = idempotencyKey ?? input.idempotency_key;
  const sameKey = (em: Em) => (key ? em.findOne(CheckoutSchema, { user: ctx.user.id, idempotencyKey: key }) : null);
  const known = await sameKey(ctx.em);
  if (known) return checkoutResult(ctx.em, known);
  const limits = ctx.services.config.checkout;
  // Whether a use is left is decided by the reservation below, after superseded checkouts gave theirs back.
  const priced = await priceCheckout(ctx.em, input, limits, { usesTaken: false });
  const { lines, coupon } = priced;
  assertHoldableQuantities(lines, limits);

  let checkout: Checkout;
  try {
    checkout = await retriedOnDeadlock(() =>
      ctx.em.transactional(async (tx) => {
        const em = tx as Em;
        const now = new Date();
        await em.findOne(UserSchema, { id: ctx.user.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        // The same key sent twice at once: the second waited for the first's lock and answers its checkout.
        const raced = await sameKey(em);
        if (raced) return raced;
        await releaseSupersededCheckouts(em, ctx.user.id, [...new Set(lines.map((l) => l.productId))]);
        await assertRoomForUnpaid(em, ctx.user.id, limits, now);
        const placed = await holdStock(em, lines, limits.unpaidHoldSharePercent);
        const heldOf = (line: Line) => placed.find((p) => p.productId === line.productId && p.size === line.size)?.held;
        if (coupon) await reserveCouponUse(em, coupon, ctx.user.id);
        const made = em.create(CheckoutSchema, {
          user: ctx.user.id,
          idempotencyKey: key ?? null,
          subtotalKobo: priced.subtotal,
          discountKobo: priced.discount,
          shippingKobo: priced.shipping,
          totalKobo: priced.total,
          couponCode: coupon?.code ?? null,
          coupon: coupon?.id ?? null,
          paymentStatus: 'pending',
          expiresAt: new Date(now.getTime() + RESERVATION_MINUTES * 60_000),
        });
        for (const { vendorId, group, subtotal, discount, shipping, total } of priced.orders) {
          const order: Order = em.create(OrderSchema, {
            checkout: made,
            user: ctx.user.id,
            vendor: vendorId,
            status: 'pending',
            paymentStatus: 'pending',
            subtotalKobo: subtotal,
            shippingKobo: shipping,
            discountKobo: discount,
            totalKobo: total,
            coupon: coupon && discount > 0 ? coupon.id : null,
            couponCode: coupon && discount > 0 ? coupon.code : null,
            shippingAddress: input.shipping_address,
            shippingDetails: input.shipping ?? null,
          });
          for (const line of group) {
            em.create(OrderItemSchema, {
              order,
              product: line.productId,
              productName: line.productName,
              size: line.size,
              quantity: line.quantity,
              unitPriceKobo: line.unitPriceKobo,
              held: heldOf(line) ?? true,
            });
          }
          em.create(OrderStatusChangeSchema, { order, fromStatus: null, toStatus: 'pending', actor: ctx.user.id });
        }
        await em.flush();
        // The customer's summary (order_placed) commits with the checkout.
        await checkoutPlaced(em, ctx.services, made.id);
        return made;
      }),
    );
  } catch (error) {
    // The same key sent twice at once: the loser answers the winner's checkout.
    if (key && error instanceof UniqueConstraintViolationException) {
      const existing = await sameKey(ctx.em.fork() as Em);
      if (existing) return checkoutResult(ctx.em.fork() as Em, existing);
    }
    throw error;
  }
  return checkoutResult(ctx.em, checkout);
}

export async function listOrders(ctx: AuthedContext): Promise<OrderDto[]> {
  return loadOrders(ctx.em, { user: ctx.user.id }, ctx.services.clock.now());
}

/** One of the caller's orders; someone else's id is as unknown as a missing one. */
export async function getOrder(ctx: AuthedContext, id: number): Promise<OrderDto> {
  const [order] = await loadOrders(ctx.em, { id, user: ctx.user.id }, ctx.services.clock.now());
  if (!order) throw new DomainError('NOT_FOUND', 'Order not found');
  return order;
}

/**
 * Who cancels an unpaid checkout when it is not the 30-minute release: its customer, with their reason (if
 * any), or the system with a reason the customer reads (userId null).
 */
export interface CancelledBy {
  userId: number | null;
  reason: string | null;
}

/** Why a checkout whose payment arrived was cancelled: an unheld line's caps were sold first (issue 25). */
export const SOLD_OUT_BEFORE_PAYMENT =
  'Sold out before your payment arrived: the caps were not held for this checkout.';

/**
 * Releases one unpaid checkout: failed, its orders cancelled by the system (or by its customer, `by`), its
 * stock and coupon use given back. The conditional update on the checkout makes this safe against a
 * payment arriving at the same time; false when it was no longer unpaid. Call inside a transaction.
 */
export async function releaseCheckout(em: Em, checkoutId: number, by: CancelledBy | null = null): Promise<boolean> {
  const claimed = await em.execute<{ affectedRows: number }>(
    "update checkouts set payment_status = 'failed' where id = ? and payment_status = 'pending'",
    [checkoutId],
    'run',
  );
  if (claimed.affectedRows !== 1) return false;
  const checkout = await em.findOneOrFail(CheckoutSchema, { id: checkoutId }, { fields: ['coupon'] });
  const orders = await em.find(OrderSchema, { checkout: checkoutId });
  // Only held lines took caps; unheld ones take theirs when paid.
  await giveBackStock(em, await stockLinesOf(em, orders, { held: true }));
  if (checkout.coupon) await giveBackCouponUse(em, checkout.coupon.id);
  await moveOrdersAsSystem(em, orders, 'cancelled', 'failed', by);
  return true;
}

/** The system (no user, unless `by`) moves a checkout's orders, each change recorded in their history. */
async function moveOrdersAsSystem(
  em: Em,
  orders: Order[],
  status: 'cancelled' | 'pending',
  paymentStatus: 'failed' | 'pending',
  by: CancelledBy | null = null,
): Promise<void> {
  for (const order of orders) {
    em.create(OrderStatusChangeSchema, {
      order,
      fromStatus: order.status,
      toStatus: status,
      actor: by?.userId ?? null,
    });
    order.status = status;
    order.paymentStatus = paymentStatus;
    if (by || status === 'pending') order.cancellationReason = by?.reason ?? null;
  }
  await em.flush();
}

/** Releases the checkouts not paid within the reservation time (the job run every minute). */
export async function releaseExpiredCheckouts(em: Em, now = new Date()): Promise<number> {
  const expired = await em.find(CheckoutSchema, { paymentStatus: 'pending', expiresAt: { $lt: now } }, { limit: 100 });
  let released = 0;
  for (const checkout of expired) {
    if (await em.transactional((tx) => releaseCheckout(tx as Em, checkout.id))) released += 1;
  }
  return released;
}

async function stockLinesOf(em: Em, orders: Pick<Order, 'id'>[], only: { held?: boolean } = {}): Promise<StockLine[]> {
  const items = await em.find(
    OrderItemSchema,
    { order: { $in: orders.map((o) => o.id) }, ...only },
    { orderBy: { id: 'asc' } },
  );
  return items.map((i) => ({ productId: i.product.id, productName: i.productName, quantity: i.quantity }));
}

/** The caps of a checkout's unheld lines, summed per cap, beside what is on sale of each now. */
async function unheldDemand(em: Em, checkoutId: number) {
  const lines = await stockLinesOf(em, await em.find(OrderSchema, { checkout: checkoutId }), { held: false });
  const perProduct = new Map<number, StockLine>();
  for (const line of lines) {
    const sum = perProduct.get(line.productId) ?? { ...line, quantity: 0 };
    sum.quantity += line.quantity;
    perProduct.set(line.productId, sum);
  }
  return { lines, perProduct };
}

/**
 * 409 before any money moves when an unheld line of the checkout cannot be had now: its caps were sold
 * (or are held) since the checkout was placed. Paying could still lose the race; the payment is then refunded.
 */
export async function assertUnheldLinesOnSale(em: Em, checkoutId: number): Promise<void> {
  const { perProduct } = await unheldDemand(em, checkoutId);
  if (perProduct.size === 0) return;
  const products = await em.find(ProductSchema, { id: { $in: [...perProduct.keys()] } }, { fields: ['stock'] });
  for (const product of products) {
    const wanted = perProduct.get(product.id);
    if (wanted && wanted.quantity > product.stock) {
      throw new DomainError(
        'OUT_OF_STOCK',
        `Sorry, ${wanted.productName} sold out before you paid: it was not held for this checkout. Please check out again.`,
      );
    }
  }
}

/**
 * Takes the caps of a checkout's unheld lines when its payment arrives (the checkout was just claimed as
 * paid in this transaction), with the conditional updates of checkout: whoever pays first gets them. When
 * one is sold out, the checkout is released instead, as an expired one is, with SOLD_OUT_BEFORE_PAYMENT as
 * its orders' reason, and the answer is false (the caller refunds the payment).
 */
export async function takeUnheldCaps(em: Em, checkoutId: number): Promise<boolean> {
  const { lines } = await unheldDemand(em, checkoutId);
  if (!(await tryReserveStock(em, lines))) return true;
  await em.execute("update checkouts set payment_status = 'pending', paid_at = null where id = ?", [checkoutId], 'run');
  await releaseCheckout(em, checkoutId, { userId: null, reason: SOLD_OUT_BEFORE_PAYMENT });
  return false;
}

/** Puts the caps of these orders back on sale (a cancellation). Call in the transaction that cancels them. */
export async function giveBackOrderStock(em: Em, orders: Pick<Order, 'id'>[]): Promise<void> {
  await giveBackStock(em, await stockLinesOf(em, orders));
}

/**
 * A payment succeeded for a checkout that had expired and was released (orders cancelled, stock and coupon
 * use given back): takes its stock and coupon use again with the same conditional updates placeOrder uses.
 * When every line and the use can be had, the checkout is pending again (the caller marks it paid in the
 * same transaction) and its orders go back to pending, recorded as a change by the system; otherwise
 * nothing changes and the answer is false.
 * Call inside a transaction: the conditional update of the checkout keeps a second late payment out.
 */
export async function reviveReleasedCheckout(em: Em, checkoutId: number): Promise<boolean> {
  const claimed = await em.execute<{ affectedRows: number }>(
    "update checkouts set payment_status = 'pending' where id = ? and payment_status = 'failed'",
    [checkoutId],
    'run',
  );
  if (claimed.affectedRows !== 1) return false;
  const orders = await em.find(OrderSchema, { checkout: checkoutId });
  const checkout = await em.findOneOrFail(CheckoutSchema, { id: checkoutId }, { fields: ['coupon'] });
  // Its held lines are taken again here; its unheld ones when the payment is applied (takeUnheldCaps).
  const lines = await stockLinesOf(em, orders, { held: true });
  const refuse = async () => {
    await em.execute("update checkouts set payment_status = 'failed' where id = ?", [checkoutId], 'run');
    return false;
  };
  // Only a checkout the release job cancelled comes back; any other state is left alone, and so is one its
  // customer cancelled (the money is refunded instead).
  const released =
    orders.length > 0 &&
    orders.every((o) => o.status === 'cancelled') &&
    (await em.count(OrderStatusChangeSchema, {
      order: { $in: orders.map((o) => o.id) },
      toStatus: 'cancelled',
      actor: { $ne: null },
    })) === 0;
  if (!released || (await tryReserveStock(em, lines))) return refuse();
  // Its coupon use was given back too: take it again, or give the caps back and refund.
  if (checkout.coupon && !(await takeCouponUse(em, checkout.coupon.id))) {
    await giveBackStock(em, lines);
    return refuse();
  }
  await moveOrdersAsSystem(em, orders, 'pending', 'pending');
  return true;
}
