import {
  type CheckoutResultDto,
  koboToNaira,
  type OrderCreateInput,
  type OrderDto,
  SHIPPING_FEE_KOBO,
} from '@caps/contracts';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../../errors.js';
import type { AuthedContext } from '../../procedures.js';
import { ProductSchema } from '../catalogue/catalogue.entities.js';
import type { Coupon } from '../coupons/coupons.entities.js';
import { discountOf, findApplicableCoupon, type PricedLine } from '../coupons/coupons.service.js';
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

/** How long stock stays reserved for a checkout that has not been paid. */
export const RESERVATION_MINUTES = 30;

interface Line extends PricedLine {
  productId: number;
  productName: string;
  size: string;
}

/** The requested lines, priced from our own data; same product and size asked twice become one line. */
async function priceLines(em: Em, input: CreateInput): Promise<Line[]> {
  const merged = new Map<string, { product_id: number; size: string; quantity: number }>();
  for (const item of input.items) {
    const key = `${item.product_id}|${item.size}`;
    const existing = merged.get(key);
    merged.set(key, { ...item, quantity: (existing?.quantity ?? 0) + item.quantity });
  }
  const ids = [...new Set([...merged.values()].map((i) => i.product_id))];
  const products = await em.find(
    ProductSchema,
    { id: { $in: ids }, archivedAt: null, vendor: { verifiedAt: { $ne: null }, user: { status: 'active' } } },
    { populate: ['vendor'] },
  );
  const byId = new Map(products.map((p) => [p.id, p]));
  return [...merged.values()].map((item) => {
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
    if (item.quantity > product.stock) {
      throw new DomainError(
        'OUT_OF_STOCK',
        product.stock === 0 ? `${product.name} is out of stock` : `Only ${product.stock} left of ${product.name}`,
      );
    }
    return {
      productId: product.id,
      productName: product.name,
      size: item.size,
      quantity: item.quantity,
      unitPriceKobo: product.priceKobo,
      vendorId: product.vendor.id,
    };
  });
}

type StockLine = Pick<Line, 'productId' | 'productName' | 'quantity'>;

/**
 * Takes the stock of every line with conditional updates, so stock never goes below zero. Answers the
 * first line that cannot be had, after giving back what it took, or null when every line was reserved.
 */
async function tryReserveStock(em: Em, lines: StockLine[]): Promise<StockLine | null> {
  const taken: StockLine[] = [];
  for (const line of lines) {
    const result = await em.execute<{ affectedRows: number }>(
      'update products set stock = stock - ? where id = ? and stock >= ?',
      [line.quantity, line.productId, line.quantity],
      'run',
    );
    if (result.affectedRows !== 1) {
      await giveBackStock(em, taken);
      return line;
    }
    taken.push(line);
  }
  return null;
}

async function giveBackStock(em: Em, lines: StockLine[]): Promise<void> {
  for (const line of lines) {
    await em.execute('update products set stock = stock + ? where id = ?', [line.quantity, line.productId], 'run');
  }
}

/** Takes the stock of every line, or none: a line that cannot be had rolls the whole checkout back. */
async function reserveStock(em: Em, lines: Line[]): Promise<void> {
  const short = await tryReserveStock(em, lines);
  if (short) {
    throw new DomainError('OUT_OF_STOCK', `Sorry, ${short.productName} sold out while you were checking out`);
  }
}

async function loadOrders(
  em: Em,
  where: { id?: number | { $in: number[] }; user?: number; checkout?: number },
): Promise<OrderDto[]> {
  const orders = await em.find(OrderSchema, where, {
    populate: ['vendor', 'checkout', 'user'],
    orderBy: { createdAt: 'desc', id: 'desc' },
  });
  if (orders.length === 0) return [];
  const ids = orders.map((o) => o.id);
  const [items, history] = await Promise.all([
    em.find(OrderItemSchema, { order: { $in: ids } }, { populate: ['product'], orderBy: { id: 'asc' } }),
    em.find(OrderStatusChangeSchema, { order: { $in: ids } }, { populate: ['actor'], orderBy: { id: 'asc' } }),
  ]);
  return orders.map((order) =>
    toOrderDto(
      order,
      items.filter((i) => i.order.id === order.id),
      history.filter((h) => h.order.id === order.id),
    ),
  );
}

async function checkoutResult(em: Em, checkout: Checkout): Promise<CheckoutResultDto> {
  const orders = (await loadOrders(em, { checkout: checkout.id })).sort((a, b) => a.id - b.id);
  const first = orders[0];
  if (!first) throw new DomainError('INTERNAL', 'A checkout without orders');
  return { ...first, order_ids: orders.map((o) => o.id), checkout_total: koboToNaira(checkout.totalKobo) };
}

/**
 * Places a checkout: one order per shop, paid together. Prices, the coupon and shipping come from our
 * own data; stock is reserved in the same transaction with conditional updates, so it never goes below
 * zero. With an idempotency key, a retry answers the same orders instead of placing new ones.
 */
export async function placeOrder(
  ctx: AuthedContext,
  input: CreateInput,
  idempotencyKey?: string,
): Promise<CheckoutResultDto> {
  const key = idempotencyKey ?? input.idempotency_key;
  if (key) {
    const existing = await ctx.em.findOne(CheckoutSchema, { user: ctx.user.id, idempotencyKey: key });
    if (existing) return checkoutResult(ctx.em, existing);
  }
  const lines = await priceLines(ctx.em, input);
  const vendorIds = [...new Set(lines.map((l) => l.vendorId))];
  const coupon: Coupon | null = input.coupon_code
    ? await findApplicableCoupon(ctx.em, input.coupon_code, vendorIds)
    : null;

  let checkout: Checkout;
  try {
    checkout = await ctx.em.transactional(async (tx) => {
      const em = tx as Em;
      await reserveStock(em, lines);
      const groups = vendorIds.map((vendorId) => lines.filter((l) => l.vendorId === vendorId));
      const priced = groups.map((group, index) => {
        const subtotal = group.reduce((sum, l) => sum + l.unitPriceKobo * l.quantity, 0);
        const discount = coupon ? discountOf(coupon, group) : 0;
        // One flat ₦2,000 for the checkout, carried by its first order.
        const shipping = index === 0 ? SHIPPING_FEE_KOBO : 0;
        return { group, subtotal, discount, shipping, total: subtotal - discount + shipping };
      });
      const made = em.create(CheckoutSchema, {
        user: ctx.user.id,
        idempotencyKey: key ?? null,
        subtotalKobo: priced.reduce((s, p) => s + p.subtotal, 0),
        discountKobo: priced.reduce((s, p) => s + p.discount, 0),
        shippingKobo: SHIPPING_FEE_KOBO,
        totalKobo: priced.reduce((s, p) => s + p.total, 0),
        couponCode: coupon?.code ?? null,
        paymentStatus: 'pending',
        expiresAt: new Date(Date.now() + RESERVATION_MINUTES * 60_000),
      });
      for (const { group, subtotal, discount, shipping, total } of priced) {
        const order: Order = em.create(OrderSchema, {
          checkout: made,
          user: ctx.user.id,
          vendor: group[0]?.vendorId as number,
          status: 'pending',
          paymentStatus: 'pending',
          subtotalKobo: subtotal,
          shippingKobo: shipping,
          discountKobo: discount,
          totalKobo: total,
          coupon: coupon && discount > 0 ? coupon : null,
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
          });
        }
        em.create(OrderStatusChangeSchema, { order, fromStatus: null, toStatus: 'pending', actor: ctx.user.id });
      }
      await em.flush();
      return made;
    });
  } catch (error) {
    // The same key sent twice at once: the loser answers the winner's checkout.
    if (key && error instanceof UniqueConstraintViolationException) {
      const existing = await ctx.em.fork().findOne(CheckoutSchema, { user: ctx.user.id, idempotencyKey: key });
      if (existing) return checkoutResult(ctx.em.fork() as Em, existing);
    }
    throw error;
  }
  return checkoutResult(ctx.em, checkout);
}

export async function listOrders(ctx: AuthedContext): Promise<OrderDto[]> {
  return loadOrders(ctx.em, { user: ctx.user.id });
}

/** One of the caller's orders; someone else's id is as unknown as a missing one. */
export async function getOrder(ctx: AuthedContext, id: number): Promise<OrderDto> {
  const [order] = await loadOrders(ctx.em, { id, user: ctx.user.id });
  if (!order) throw new DomainError('NOT_FOUND', 'Order not found');
  return order;
}

/**
 * Releases the stock of checkouts not paid within the reservation time and cancels their orders.
 * The conditional update on the checkout makes this safe against a payment arriving at the same time.
 */
export async function releaseExpiredCheckouts(em: Em, now = new Date()): Promise<number> {
  const expired = await em.find(CheckoutSchema, { paymentStatus: 'pending', expiresAt: { $lt: now } }, { limit: 100 });
  let released = 0;
  for (const checkout of expired) {
    await em.transactional(async (tx) => {
      const t = tx as Em;
      const claimed = await t.execute<{ affectedRows: number }>(
        "update checkouts set payment_status = 'failed' where id = ? and payment_status = 'pending'",
        [checkout.id],
        'run',
      );
      if (claimed.affectedRows !== 1) return;
      const orders = await t.find(OrderSchema, { checkout: checkout.id });
      await giveBackStock(t, await stockLinesOf(t, orders));
      for (const order of orders) {
        t.create(OrderStatusChangeSchema, { order, fromStatus: order.status, toStatus: 'cancelled', actor: null });
        order.status = 'cancelled';
        order.paymentStatus = 'failed';
      }
      await t.flush();
      released += 1;
    });
  }
  return released;
}

async function stockLinesOf(em: Em, orders: Order[]): Promise<StockLine[]> {
  const items = await em.find(OrderItemSchema, { order: { $in: orders.map((o) => o.id) } }, { orderBy: { id: 'asc' } });
  return items.map((i) => ({ productId: i.product.id, productName: i.productName, quantity: i.quantity }));
}

/**
 * A payment succeeded for a checkout that had expired and was released (orders cancelled, stock given
 * back): takes its stock again with the same conditional updates placeOrder uses. When every line can be
 * had, the checkout is pending again (the caller marks it paid in the same transaction) and its orders go
 * back to pending, recorded as a change by the system; otherwise nothing changes and the answer is false.
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
  // Only a checkout the release job cancelled comes back; any other state is left alone.
  const released = orders.length > 0 && orders.every((o) => o.status === 'cancelled');
  if (!released || (await tryReserveStock(em, await stockLinesOf(em, orders)))) {
    await em.execute("update checkouts set payment_status = 'failed' where id = ?", [checkoutId], 'run');
    return false;
  }
  for (const order of orders) {
    em.create(OrderStatusChangeSchema, { order, fromStatus: order.status, toStatus: 'pending', actor: null });
    order.status = 'pending';
    order.paymentStatus = 'pending';
  }
  await em.flush();
  return true;
}
