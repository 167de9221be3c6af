import { formatKobo, type RefundKind } from '@caps/contracts';
import { REFUND_TIME } from './orders.js';
import { capsCount, type ItemLine, itemsTable, message, paragraph, quote, type Rendered, WEB_PATHS } from './parts.js';

/** Messages after the sale: return_requested (to the shop), return_decision and refund_sent (to the customer). */

export interface ReturnRequestedData {
  ownerName: string;
  customerName: string;
  orderId: number;
  reasonLabel: string;
  details: string;
  /** The caps asked back, each with what the customer paid for them. */
  items: ItemLine[];
  amountKobo: number;
}

/** return_requested: which caps of which order, why, and what it may refund. */
export function returnRequestedMessage(publicUrl: string, data: ReturnRequestedData): Rendered {
  const quantity = data.items.reduce((sum, item) => sum + item.quantity, 0);
  return message({
    publicUrl,
    kind: 'return_requested',
    greetingName: data.ownerName,
    subject: `Return requested for order #${data.orderId}`,
    summary: `${data.customerName} asked to return ${capsCount(quantity)} of order #${data.orderId} (${data.reasonLabel}). Approve or reject the return.`,
    blocks: [
      quote("The customer's words", data.details),
      itemsTable('Caps to return', data.items, [['Paid for them', data.amountKobo, { bold: true }]]),
    ],
    link: { label: 'Open your returns', path: WEB_PATHS.vendorReturns },
  });
}

export interface ReturnDecisionData {
  customerName: string;
  orderId: number;
  shopName: string;
  approved: boolean;
  note: string | null;
}

/** return_decision: approved (send the caps back) or rejected, with the note of whoever decided. */
export function returnDecisionMessage(publicUrl: string, data: ReturnDecisionData): Rendered {
  return message({
    publicUrl,
    kind: 'return_decision',
    greetingName: data.customerName,
    subject: data.approved
      ? `Your return for order #${data.orderId} was approved`
      : `Your return for order #${data.orderId} was not approved`,
    summary: data.approved
      ? `Your return for order #${data.orderId} from ${data.shopName} was approved. Send the caps back; you are refunded once they arrive.`
      : `Your return for order #${data.orderId} from ${data.shopName} was not approved.`,
    blocks: [quote('Note', data.note)],
    link: { label: 'View your order', path: WEB_PATHS.order(data.orderId) },
  });
}

export interface RefundSentData {
  customerName: string;
  /** null: the refund of a payment that was never applied to an order (paid late or twice). */
  orderId: number | null;
  amountKobo: number;
  kind: RefundKind;
}

/** Why a refund was made, as its customer is told (an admin's own reason stays in the admin's records). */
const REFUND_KIND_TEXT: Record<RefundKind, string> = {
  cancellation: 'The order was cancelled.',
  return: 'Your return was received.',
  goodwill: 'A goodwill refund from the marketplace.',
  duplicate_payment: 'The orders had already been paid with another payment.',
  late_payment: 'The payment arrived after the checkout expired and its caps were released.',
};

/** refund_sent: the refund went through at the payment provider. */
export function refundSentMessage(publicUrl: string, data: RefundSentData): Rendered {
  const amount = formatKobo(data.amountKobo);
  const what = data.orderId === null ? 'your payment' : `order #${data.orderId}`;
  return message({
    publicUrl,
    kind: 'refund_sent',
    greetingName: data.customerName,
    subject: `Your refund of ${amount} was sent`,
    summary: `We sent your refund of ${amount} for ${what} back to the card or account you paid with.`,
    blocks: [
      paragraph(REFUND_KIND_TEXT[data.kind]),
      paragraph(`${REFUND_TIME} Your bank may take that long to show it.`),
    ],
    link:
      data.orderId === null
        ? { label: 'View your orders', path: WEB_PATHS.orders }
        : { label: 'View your order', path: WEB_PATHS.order(data.orderId) },
  });
}
