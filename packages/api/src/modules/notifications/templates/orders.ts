import { formatKobo } from '@caps/contracts';
import {
  capsCount,
  facts,
  formatDay,
  type ItemLine,
  itemsTable,
  message,
  orderAmounts,
  paragraph,
  quote,
  type Rendered,
  WEB_PATHS,
} from './parts.js';

/**
 * Messages about orders, from placing to cancelling: order_placed, payment_received, new_order, low_stock,
 * order_confirmed / order_shipped / order_delivered and order_cancelled.
 */

/** Spec 9's rule for shops, told with every new paid order. */
export const DELIVERY_RULE = 'Vendors must deliver to the platform within 48 hours of order confirmation.';
/** Spec 9's delivery and refund times. */
export const DELIVERY_TIME = 'Delivery within Nigeria takes 3-14 business days.';
export const REFUND_TIME = 'Refunds are processed in 5-7 business days.';

/** One shop's order as messages show it. */
export interface OrderView {
  id: number;
  shopName: string;
  items: ItemLine[];
  subtotalKobo: number;
  discountKobo: number;
  shippingKobo: number;
  totalKobo: number;
}

const quantityOf = (order: OrderView) => order.items.reduce((sum, item) => sum + item.quantity, 0);
const orderNumbers = (orders: OrderView[]) => orders.map((o) => `#${o.id}`).join(', ');
const itemsOf = (order: OrderView, title: string | null = null) => itemsTable(title, order.items, orderAmounts(order));

/** Where a customer sees these orders: the one order's page, or the list of orders. */
const customerOrdersLink = (orders: OrderView[], label: string) => {
  const only = orders.length === 1 ? orders[0] : undefined;
  return { label, path: only ? WEB_PATHS.order(only.id) : WEB_PATHS.orders };
};

export interface OrderPlacedData {
  customerName: string;
  orders: OrderView[];
  totals: { subtotalKobo: number; discountKobo: number; shippingKobo: number; totalKobo: number };
  /** How long the caps stay reserved without payment. */
  payWithinMinutes: number;
}

/** order_placed: the checkout's orders by shop, its amounts and the way to pay. */
export function orderPlacedMessage(publicUrl: string, data: OrderPlacedData): Rendered {
  const first = data.orders[0];
  const several = data.orders.length > 1;
  return message({
    publicUrl,
    kind: 'order_placed',
    greetingName: data.customerName,
    subject: several ? `Your orders ${orderNumbers(data.orders)} are placed` : `Your order #${first?.id} is placed`,
    summary: `Thank you for your order of ${formatKobo(data.totals.totalKobo)}. Pay within ${data.payWithinMinutes} minutes to keep your caps reserved.`,
    blocks: [
      ...data.orders.map((order) =>
        itemsTable(`Order #${order.id} from ${order.shopName}`, order.items, [['Items', order.subtotalKobo]]),
      ),
      itemsTable(several ? 'Your checkout' : null, [], orderAmounts(data.totals)),
      paragraph(DELIVERY_TIME),
    ],
    link: first ? { label: 'View and pay', path: WEB_PATHS.order(first.id) } : null,
  });
}

export interface PaymentReceivedData {
  customerName: string;
  orders: OrderView[];
  paidKobo: number;
}

/** payment_received: what was paid and for which orders. */
export function paymentReceivedMessage(publicUrl: string, data: PaymentReceivedData): Rendered {
  return message({
    publicUrl,
    kind: 'payment_received',
    greetingName: data.customerName,
    subject: `Payment of ${formatKobo(data.paidKobo)} received`,
    summary: `We received your payment of ${formatKobo(data.paidKobo)} for order${data.orders.length > 1 ? 's' : ''} ${orderNumbers(data.orders)}. The shops are preparing your caps.`,
    blocks: [
      facts(
        'Paid',
        data.orders.map((order) => [`Order #${order.id} (${order.shopName})`, formatKobo(order.totalKobo)]),
      ),
      paragraph(DELIVERY_TIME),
    ],
    link: customerOrdersLink(data.orders, data.orders.length > 1 ? 'View your orders' : 'View your order'),
  });
}

/** Where an order goes, as its shop sees it. */
export interface ShippingTo {
  fullName?: string | null | undefined;
  phone?: string | null | undefined;
  email?: string | null | undefined;
  address: string;
  city?: string | null | undefined;
  state?: string | null | undefined;
  postalCode?: string | null | undefined;
}

export interface NewOrderData {
  ownerName: string;
  customerName: string;
  order: OrderView;
  shipping: ShippingTo;
}

/** new_order: a paid order for the shop, with its caps, amounts, address and the delivery rule. */
export function newOrderMessage(publicUrl: string, data: NewOrderData): Rendered {
  const { order, shipping } = data;
  return message({
    publicUrl,
    kind: 'new_order',
    greetingName: data.ownerName,
    subject: `New paid order #${order.id}: ${capsCount(quantityOf(order))} (${formatKobo(order.totalKobo)})`,
    title: `New paid order #${order.id}`,
    summary: `${data.customerName} paid for order #${order.id} at ${order.shopName}: ${capsCount(quantityOf(order))}, ${formatKobo(order.totalKobo)}. Confirm it and prepare the caps.`,
    blocks: [
      itemsOf(order, 'Caps ordered'),
      facts('Ship to', [
        ['Name', shipping.fullName],
        ['Phone', shipping.phone],
        ['Email', shipping.email],
        ['Address', shipping.address],
        ['City', shipping.city],
        ['State', shipping.state],
        ['Postal code', shipping.postalCode],
      ]),
      paragraph(DELIVERY_RULE),
    ],
    link: { label: 'Open your orders', path: WEB_PATHS.vendorOrders },
  });
}

export interface LowStockData {
  ownerName: string;
  productId: number;
  productName: string;
  stock: number;
}

/** low_stock: a cap with 2 or fewer left after a sale. */
export function lowStockMessage(publicUrl: string, data: LowStockData): Rendered {
  const left = data.stock === 0 ? 'is sold out' : `has only ${data.stock} left`;
  return message({
    publicUrl,
    kind: 'low_stock',
    greetingName: data.ownerName,
    subject: `Low stock: ${data.productName} ${left}`,
    summary: `After a sale, ${data.productName} ${left}. Add stock so customers can keep buying it.`,
    link: { label: 'Update your stock', path: WEB_PATHS.vendorProducts },
  });
}

export type ProgressStatus = 'confirmed' | 'shipped' | 'delivered';

export interface OrderProgressData {
  customerName: string;
  order: OrderView;
  status: ProgressStatus;
  /** The shop's note with this step (a tracking number, say). */
  note: string | null;
  /** Delivered: until when a return may be asked for. */
  returnUntil?: Date | null | undefined;
}

const PROGRESS = {
  confirmed: {
    subject: (o: OrderView) => `Your order #${o.id} is confirmed`,
    summary: (o: OrderView) => `${o.shopName} confirmed your order #${o.id} and is preparing your caps.`,
    label: 'View your order',
  },
  shipped: {
    subject: (o: OrderView) => `Your order #${o.id} has shipped`,
    summary: (o: OrderView) => `${o.shopName} shipped your order #${o.id}. ${DELIVERY_TIME}`,
    label: 'Track your order',
  },
  delivered: {
    subject: (o: OrderView) => `Your order #${o.id} was delivered`,
    summary: (o: OrderView) =>
      `Your order #${o.id} from ${o.shopName} was delivered. Tell other customers what you think of your caps.`,
    label: 'Review your caps',
  },
} as const;

/** order_confirmed, order_shipped, order_delivered: the step, the shop's note, and (delivered) the review link. */
export function orderProgressMessage(publicUrl: string, data: OrderProgressData): Rendered {
  const { order } = data;
  const step = PROGRESS[data.status];
  return message({
    publicUrl,
    kind: `order_${data.status}`,
    greetingName: data.customerName,
    subject: step.subject(order),
    summary: step.summary(order),
    blocks: [
      quote(`A note from ${order.shopName}`, data.note),
      itemsOf(order),
      data.returnUntil
        ? paragraph(`Not what you expected? You can ask for a return until ${formatDay(data.returnUntil)}.`)
        : null,
    ],
    link: { label: step.label, path: WEB_PATHS.order(order.id) },
  });
}

export interface OrderCancelledData {
  /** Who is told: the customer (the shop cancelled) or the shop (the customer cancelled). */
  to: 'customer' | 'vendor';
  recipientName: string;
  customerName: string;
  order: OrderView;
  reason: string | null;
  /** What the cancellation refunds to the customer (0: nothing). */
  refundKobo: number;
}

/** order_cancelled: told to the other side of the order, with the reason and the refund. */
export function orderCancelledMessage(publicUrl: string, data: OrderCancelledData): Rendered {
  const { order } = data;
  const refund = data.refundKobo > 0 ? formatKobo(data.refundKobo) : null;
  if (data.to === 'customer') {
    return message({
      publicUrl,
      kind: 'order_cancelled',
      greetingName: data.recipientName,
      subject: `Your order #${order.id} was cancelled by ${order.shopName}`,
      summary: `${order.shopName} cancelled your order #${order.id}.${refund ? ` We are refunding ${refund} to you. ${REFUND_TIME}` : ''}`,
      blocks: [quote(`The reason ${order.shopName} gave`, data.reason), itemsOf(order)],
      link: { label: 'View your order', path: WEB_PATHS.order(order.id) },
    });
  }
  return message({
    publicUrl,
    kind: 'order_cancelled',
    greetingName: data.recipientName,
    subject: `Order #${order.id} was cancelled by the customer`,
    summary: `${data.customerName} cancelled order #${order.id}. Its caps are back in your stock; do not ship it.${refund ? ` ${refund} is refunded to the customer.` : ''}`,
    blocks: [quote("The customer's reason", data.reason), itemsOf(order)],
    link: { label: 'Open your orders', path: WEB_PATHS.vendorOrders },
  });
}
