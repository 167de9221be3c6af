import type { Services } from '../../../context.js';
import type { Em } from '../../../db/orm.js';
import { ProductSchema } from '../../catalogue/catalogue.entities.js';
import { CheckoutSchema, type Order, OrderItemSchema, OrderSchema } from '../../orders/orders.entities.js';
import { type Notice, notify } from '../notify.js';
import {
  lowStockMessage,
  newOrderMessage,
  type OrderView,
  orderCancelledMessage,
  orderPlacedMessage,
  orderProgressMessage,
  type ProgressStatus,
  paymentReceivedMessage,
} from '../templates/orders.js';
import { noticeOf, userRecipient } from './notices.js';

/**
 * The order events (issue 14). Each is called with the transaction's `em`, inside the transaction of the
 * change that causes it, after that change is flushed: its messages commit with the change or not at all.
 * Reads skip the identity map, so they see what the transaction wrote with native updates too.
 */

/** A cap with this many left or fewer after a sale tells its shop (low_stock). */
export const LOW_STOCK_AT = 2;

const fresh = { disableIdentityMap: true } as const;

/** The orders matching `where` (oldest first) with their customer, shop and owner, and their lines. */
async function loadOrders(
  em: Em,
  where: { id: number } | { checkout: number },
): Promise<{ order: Order; view: OrderView; productIds: number[] }[]> {
  const orders = await em.find(OrderSchema, where, {
    populate: ['user', 'vendor.user'],
    orderBy: { id: 'asc' },
    ...fresh,
  });
  if (orders.length === 0) return [];
  const items = await em.find(
    OrderItemSchema,
    { order: { $in: orders.map((o) => o.id) } },
    { orderBy: { id: 'asc' }, ...fresh },
  );
  return orders.map((order) => {
    const lines = items.filter((item) => item.order.id === order.id);
    return {
      order,
      productIds: [...new Set(lines.map((item) => item.product.id))],
      view: {
        id: order.id,
        shopName: order.vendor.shopName,
        items: lines.map((item) => ({
          name: item.productName,
          size: item.size,
          quantity: item.quantity,
          unitPriceKobo: item.unitPriceKobo,
        })),
        subtotalKobo: order.subtotalKobo,
        discountKobo: order.discountKobo,
        shippingKobo: order.shippingKobo,
        totalKobo: order.totalKobo,
      },
    };
  });
}

async function loadOrder(em: Em, orderId: number) {
  const [loaded] = await loadOrders(em, { id: orderId });
  if (!loaded) throw new Error(`Order ${orderId} not found for its message`);
  return loaded;
}

async function loadCheckout(em: Em, checkoutId: number) {
  const checkout = await em.findOneOrFail(CheckoutSchema, { id: checkoutId }, { populate: ['user'], ...fresh });
  return { checkout, orders: await loadOrders(em, { checkout: checkoutId }) };
}

/** A checkout was placed: its customer gets the summary of its orders by shop and the way to pay (order_placed). */
export async function checkoutPlaced(em: Em, services: Services, checkoutId: number): Promise<void> {
  const { checkout, orders } = await loadCheckout(em, checkoutId);
  const rendered = orderPlacedMessage(services.config.publicUrl, {
    customerName: checkout.user.fullName,
    orders: orders.map((o) => o.view),
    totals: checkout,
    payWithinMinutes: Math.max(1, Math.round((checkout.expiresAt.getTime() - checkout.createdAt.getTime()) / 60_000)),
  });
  await notify(em, services, [
    noticeOf(`checkout:${checkout.id}:placed`, 'order_placed', userRecipient(checkout.user), rendered),
  ]);
}

/**
 * A checkout's payment was applied (its orders are paid): the customer is told (payment_received), each
 * shop gets its new paid order (new_order), and each cap of those orders with LOW_STOCK_AT or fewer left
 * tells its shop (low_stock). A webhook and a verify applying it both write these once (same events).
 */
export async function checkoutPaid(em: Em, services: Services, checkoutId: number): Promise<void> {
  const { publicUrl } = services.config;
  const { checkout, orders } = await loadCheckout(em, checkoutId);
  const notices: Notice[] = [
    noticeOf(
      `checkout:${checkout.id}:paid`,
      'payment_received',
      userRecipient(checkout.user),
      paymentReceivedMessage(publicUrl, {
        customerName: checkout.user.fullName,
        orders: orders.map((o) => o.view),
        paidKobo: checkout.totalKobo,
      }),
    ),
  ];
  const productIds = [...new Set(orders.flatMap((o) => o.productIds))];
  const low = productIds.length
    ? await em.find(ProductSchema, { id: { $in: productIds }, stock: { $lte: LOW_STOCK_AT } }, fresh)
    : [];
  for (const { order, view, productIds: ofOrder } of orders) {
    const owner = userRecipient(order.vendor.user);
    const details = order.shippingDetails;
    notices.push(
      noticeOf(
        `order:${order.id}:paid`,
        'new_order',
        owner,
        newOrderMessage(publicUrl, {
          ownerName: order.vendor.user.fullName,
          customerName: order.user.fullName,
          order: view,
          shipping: { ...details, address: details?.address ?? order.shippingAddress },
        }),
      ),
    );
    for (const product of low.filter((p) => ofOrder.includes(p.id))) {
      notices.push(
        noticeOf(
          `order:${order.id}:low_stock:${product.id}`,
          'low_stock',
          owner,
          lowStockMessage(publicUrl, {
            ownerName: order.vendor.user.fullName,
            productId: product.id,
            productName: product.name,
            stock: product.stock,
          }),
        ),
      );
    }
  }
  await notify(em, services, notices);
}

/** The shop moved a paid order a step on (order_confirmed, order_shipped, order_delivered), with its note. */
export async function orderProgressed(
  em: Em,
  services: Services,
  orderId: number,
  status: ProgressStatus,
  note: string | null,
): Promise<void> {
  const { order, view } = await loadOrder(em, orderId);
  const rendered = orderProgressMessage(services.config.publicUrl, {
    customerName: order.user.fullName,
    order: view,
    status,
    note,
    returnUntil: status === 'delivered' ? order.returnWindowEndsAt : null,
  });
  await notify(em, services, [
    noticeOf(`order:${order.id}:${status}`, `order_${status}`, userRecipient(order.user), rendered),
  ]);
}

/**
 * A paid order was cancelled (already marked, its reason stored): the other side of the order is told,
 * the customer when the shop cancelled, the shop when the customer did, with what is refunded.
 */
export async function orderCancelled(
  em: Em,
  services: Services,
  cancellation: { orderId: number; by: 'customer' | 'vendor'; refundKobo: number },
): Promise<void> {
  const { order, view } = await loadOrder(em, cancellation.orderId);
  const to = cancellation.by === 'vendor' ? ('customer' as const) : ('vendor' as const);
  const recipient = to === 'customer' ? order.user : order.vendor.user;
  const rendered = orderCancelledMessage(services.config.publicUrl, {
    to,
    recipientName: recipient.fullName,
    customerName: order.user.fullName,
    order: view,
    reason: order.cancellationReason ?? null,
    refundKobo: cancellation.refundKobo,
  });
  await notify(em, services, [
    noticeOf(`order:${order.id}:cancelled`, 'order_cancelled', userRecipient(recipient), rendered),
  ]);
}
