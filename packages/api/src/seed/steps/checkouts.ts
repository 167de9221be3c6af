import { CURRENCY, type OrderStatus } from '@caps/contracts';
import type { User } from '../../modules/auth/auth.entities.js';
import type { Product } from '../../modules/catalogue/catalogue.entities.js';
import type { Coupon } from '../../modules/coupons/coupons.entities.js';
import {
  CheckoutSchema,
  OrderItemSchema,
  OrderSchema,
  OrderStatusChangeSchema,
} from '../../modules/orders/orders.entities.js';
import { SHIPPING_FEE_KOBO } from '../../modules/orders/orders.service.js';
import { PaymentSchema } from '../../modules/payment/payment.entities.js';
import type { Vendor } from '../../modules/vendors/vendors.entities.js';
import type { CapKind } from '../demo-data/cap-kinds.js';
import { type CheckoutKind, type CheckoutPlan, DEMO_CUSTOMER_PLANS } from '../demo-data/checkouts.js';
import { SHOPS } from '../demo-data/shops.js';
import { DAY, HOUR, MINUTE, type Random } from '../random.js';
import type { SeedRun } from '../run.js';
import type { SeededCoupons, SeededProduct } from './catalogue.js';
import type { SeededCustomer } from './people.js';

export interface OrderLine {
  product: Product;
  kind: CapKind;
  size: string;
  quantity: number;
}

/** A cap that reached its buyer: what reviews may be written about. */
export interface Delivery {
  /** Index into the customers. */
  customer: number;
  line: OrderLine;
  deliveredAt: Date;
  /** Index into the shops. */
  shop: number;
}

function randomCheckoutPlan(rand: Random): CheckoutPlan {
  const kind = rand.weighted<CheckoutKind>([
    ['paid', 78],
    ['failed', 12],
    ['unpaid', 10],
  ]);
  const ageDays =
    kind === 'unpaid'
      ? rand.between(0.02, 0.4)
      : rand.weighted([
          [rand.between(20, 120), 5],
          [rand.between(3, 20), 4],
          [rand.between(0.3, 3), 2],
        ] as const);
  return { ageDays, kind, shops: rand.chance(0.3) ? 2 : 1, target: 'delivered' };
}

/** The furthest status a paid order placed `ageDays` ago has reached, given how fast shops work. */
function statusForAge(rand: Random, ageDays: number): OrderStatus {
  if (ageDays > 14) return 'delivered';
  if (ageDays > 7) return rand.chance(0.55) ? 'delivered' : 'shipped';
  if (ageDays > 3) return rand.chance(0.65) ? 'shipped' : 'confirmed';
  return rand.chance(0.6) ? 'confirmed' : 'pending';
}

const STATUS_STEPS: readonly OrderStatus[] = ['pending', 'confirmed', 'shipped', 'delivered'];

/**
 * Amina's checkouts (every status), then two to five random ones for every other customer: each one
 * order per shop, with its payment, status history and coupon use. Returns the delivered caps.
 */
export function seedCheckouts(
  run: SeedRun,
  customers: readonly SeededCustomer[],
  vendors: readonly Vendor[],
  products: readonly SeededProduct[],
  { save10, vendorCoupons }: SeededCoupons,
): Delivery[] {
  const { em, rand, now, at, count } = run;
  const verifiedShops = SHOPS.flatMap((shop, index) => (shop.verified ? [index] : []));
  const productsOf = (shop: number, before: Date) =>
    products.filter((p) => p.planned.shop === shop && p.planned.createdAt < before);
  const delivered: Delivery[] = [];
  let paymentCounter = 0;

  const placeCheckout = (customerIndex: number, checkoutPlan: CheckoutPlan) => {
    const customer = customers[customerIndex]!;
    const placedAt = at(checkoutPlan.ageDays * DAY);
    const shops = [...(checkoutPlan.firstShop === undefined ? [] : [checkoutPlan.firstShop])];
    while (shops.length < checkoutPlan.shops) {
      const shop = rand.pick(verifiedShops);
      if (!shops.includes(shop)) shops.push(shop);
    }
    const groups = shops
      .map((shop) => {
        const available = productsOf(shop, placedAt);
        const lines: OrderLine[] = rand
          .sample(
            available,
            rand.weighted([
              [1, 6],
              [2, 3],
              [3, 1],
            ] as const),
          )
          .map((p) => ({
            product: p.entity,
            kind: p.planned.kind,
            size: rand.pick(p.planned.sizes),
            quantity: rand.weighted([
              [1, 15],
              [2, 4],
              [3, 1],
            ] as const),
          }));
        return { shop, lines };
      })
      .filter((group) => group.lines.length > 0);
    if (groups.length === 0) return;

    // One coupon per checkout: the platform's SAVE10 on everything, or a shop's own on its order.
    let coupon: { entity: Coupon; shop: number | null } | null = null;
    if (checkoutPlan.kind === 'paid' && rand.chance(0.2)) coupon = { entity: save10, shop: null };
    else if (checkoutPlan.kind === 'paid' && groups.length === 1 && rand.chance(0.3)) {
      const usable = vendorCoupons.find(
        (c) =>
          c.shop === groups[0]!.shop &&
          c.entity.createdAt < placedAt &&
          (c.entity.expiresAt == null || c.entity.expiresAt > placedAt),
      );
      if (usable) coupon = { entity: usable.entity, shop: usable.shop };
    }
    if (coupon) coupon.entity.usedCount += 1;

    const paid = checkoutPlan.kind === 'paid';
    const paidAt = paid ? new Date(placedAt.getTime() + rand.int(2, 10) * MINUTE) : null;
    const orders = groups.map((group, index) => {
      const subtotalKobo = group.lines.reduce((sum, line) => sum + line.product.priceKobo * line.quantity, 0);
      const applies = coupon !== null && (coupon.shop === null || coupon.shop === group.shop);
      const discountKobo = applies ? Math.round((subtotalKobo * coupon!.entity.discountPercent) / 100) : 0;
      const shippingKobo = index === 0 ? SHIPPING_FEE_KOBO : 0;
      return { group, subtotalKobo, discountKobo, shippingKobo, totalKobo: subtotalKobo + shippingKobo - discountKobo };
    });
    const sum = (pick: (o: (typeof orders)[number]) => number) => orders.reduce((total, o) => total + pick(o), 0);

    const checkout = em.create(CheckoutSchema, {
      user: customer.user,
      idempotencyKey: null,
      subtotalKobo: sum((o) => o.subtotalKobo),
      discountKobo: sum((o) => o.discountKobo),
      shippingKobo: sum((o) => o.shippingKobo),
      totalKobo: sum((o) => o.totalKobo),
      couponCode: coupon?.entity.code ?? null,
      // The checkout holds the coupon's use, as checkout does: per-customer limits count it.
      coupon: coupon?.entity ?? null,
      paymentStatus: paid ? 'paid' : checkoutPlan.kind === 'failed' ? 'failed' : 'pending',
      // An unpaid demo checkout stays payable for a day, so it is still pending when someone looks.
      expiresAt: checkoutPlan.kind === 'unpaid' ? new Date(now + DAY) : new Date(placedAt.getTime() + 30 * MINUTE),
      paidAt,
      createdAt: placedAt,
    });
    count('checkouts');

    if (checkoutPlan.kind !== 'unpaid') {
      paymentCounter += 1;
      em.create(PaymentSchema, {
        checkout,
        reference: `CAPS-DEMO-${String(paymentCounter).padStart(5, '0')}-${rand.int(0, 0xffffff).toString(16).padStart(6, '0')}`,
        provider: 'sandbox',
        amountKobo: checkout.totalKobo,
        currency: CURRENCY,
        status: paid ? 'success' : 'failed',
        gatewayResponse: paid ? 'Approved' : 'Declined',
        paidAt,
        createdAt: new Date(placedAt.getTime() + MINUTE),
        updatedAt: paidAt ?? new Date(placedAt.getTime() + 3 * MINUTE),
      });
      count('payments');
    }

    for (const order of orders) {
      const vendorUser = vendors[order.group.shop]!.user;
      // Walk the order forward step by step; each step takes shop-like time and must be in the past.
      const changes: { from: OrderStatus | null; to: OrderStatus; at: Date; actor: User | null }[] = [
        { from: null, to: 'pending', at: placedAt, actor: customer.user },
      ];
      if (checkoutPlan.kind === 'failed') {
        changes.push({ from: 'pending', to: 'cancelled', at: new Date(placedAt.getTime() + 31 * MINUTE), actor: null });
      } else if (paid) {
        const target =
          checkoutPlan.target === 'delivered' ? statusForAge(rand, checkoutPlan.ageDays) : checkoutPlan.target;
        const stepDelays = [rand.between(2, 20) * HOUR, rand.between(1, 2) * DAY, rand.between(2, 5) * DAY];
        let time = paidAt!.getTime();
        for (let step = 1; step <= STATUS_STEPS.indexOf(target ?? 'pending'); step += 1) {
          time += stepDelays[step - 1]!;
          if (time > now - 10 * MINUTE) break;
          changes.push({
            from: STATUS_STEPS[step - 1]!,
            to: STATUS_STEPS[step]!,
            at: new Date(time),
            actor: vendorUser,
          });
        }
      }
      const last = changes[changes.length - 1]!;
      const entity = em.create(OrderSchema, {
        checkout,
        user: customer.user,
        vendor: vendors[order.group.shop]!,
        status: last.to,
        paymentStatus: checkout.paymentStatus,
        subtotalKobo: order.subtotalKobo,
        shippingKobo: order.shippingKobo,
        discountKobo: order.discountKobo,
        totalKobo: order.totalKobo,
        coupon: order.discountKobo > 0 ? coupon!.entity : null,
        couponCode: order.discountKobo > 0 ? coupon!.entity.code : null,
        shippingAddress: [
          customer.details.address,
          customer.details.city,
          customer.details.state,
          customer.details.postalCode,
        ].join(', '),
        shippingDetails: customer.details,
        paidAt,
        createdAt: placedAt,
        updatedAt: last.at,
      });
      count('orders');
      count(`orders.${last.to}`);
      for (const change of changes) {
        em.create(OrderStatusChangeSchema, {
          order: entity,
          fromStatus: change.from,
          toStatus: change.to,
          actor: change.actor,
          createdAt: change.at,
        });
      }
      for (const line of order.group.lines) {
        em.create(OrderItemSchema, {
          order: entity,
          product: line.product,
          productName: line.product.name,
          size: line.size,
          quantity: line.quantity,
          unitPriceKobo: line.product.priceKobo,
        });
        count('orderItems');
        if (last.to === 'delivered')
          delivered.push({ customer: customerIndex, line, deliveredAt: last.at, shop: order.group.shop });
      }
    }
  };

  for (const checkoutPlan of DEMO_CUSTOMER_PLANS) placeCheckout(0, checkoutPlan);
  for (let customerIndex = 1; customerIndex < customers.length; customerIndex += 1) {
    const checkouts = rand.int(2, 5);
    for (let i = 0; i < checkouts; i += 1) placeCheckout(customerIndex, randomCheckoutPlan(rand));
  }

  return delivered;
}
