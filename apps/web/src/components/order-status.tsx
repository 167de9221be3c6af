import type { OrderStatus, PaymentStatus, RefundStatus, ReturnStatus, StatusChangeDto } from '@caps/contracts';
import { cn } from '@/lib/cn';
import { TONE_CLASSES } from '@/lib/finance-labels';
import { REFUND_STATUS_LABELS, REFUND_STATUS_TONES, RETURN_STATUS_LABELS, RETURN_STATUS_TONES } from '@/lib/returns';

/**
 * Spec 4 badge colours: pending and unknown grey, confirmed yellow, shipped blue, delivered green, cancelled red;
 * after the sale (docs/returns.md): a return asked for orange, returned purple, refunded teal.
 */
const STATUS_STYLES: Record<OrderStatus, string> = {
  pending: 'border-slate-300 bg-slate-100 text-slate-800',
  confirmed: 'border-yellow-300 bg-yellow-100 text-yellow-900',
  shipped: 'border-blue-300 bg-blue-100 text-blue-900',
  delivered: 'border-green-300 bg-green-100 text-green-900',
  cancelled: 'border-red-300 bg-red-100 text-red-900',
  return_requested: 'border-orange-300 bg-orange-100 text-orange-900',
  returned: 'border-purple-300 bg-purple-100 text-purple-900',
  refunded: 'border-teal-300 bg-teal-100 text-teal-900',
  partially_refunded: 'border-teal-300 bg-teal-50 text-teal-900',
};

const UNKNOWN_STYLE = 'border-slate-300 bg-slate-100 text-slate-800';

/** What each status means for the buyer, shown on the order page (a pending one depends on payment). */
const STATUS_MESSAGES: Record<Exclude<OrderStatus, 'pending'>, string> = {
  confirmed: 'The shop has confirmed your order and is preparing it.',
  shipped: 'Your order is on its way to you.',
  delivered: 'Your order has been delivered. Enjoy your cap!',
  cancelled: 'This order was cancelled.',
  return_requested: 'You asked to return items of this order. The shop is reviewing your request.',
  returned: 'The shop has received your returned items. Your refund is on its way.',
  refunded: 'This order has been refunded to your original payment method.',
  partially_refunded: 'Part of this order has been refunded to your original payment method.',
};

/**
 * The order page's sentence for where the order stands. A pending order is either still to be
 * paid or paid and waiting for the shop: saying "payment / confirmation" next to "Payment: Paid"
 * left the buyer guessing which.
 */
export function statusMessage(status: OrderStatus, payment: PaymentStatus): string {
  if (status !== 'pending') return STATUS_MESSAGES[status];
  return payment === 'paid' ? 'Paid. Waiting for the shop to confirm your order.' : 'Waiting for payment';
}

/** What the order page says of an order: a cancelled one says who cancelled it and why. */
export function orderStatusMessage(order: {
  status: OrderStatus;
  payment_status: PaymentStatus;
  cancellation_reason: string | null;
  status_history: StatusChangeDto[];
}): string {
  if (order.status !== 'cancelled') return statusMessage(order.status, order.payment_status);
  const by = order.status_history.findLast((change) => change.to === 'cancelled')?.by.role;
  const reason = order.cancellation_reason?.trim();
  if (by === 'vendor') return reason ? `Cancelled by the shop: ${reason}` : 'Cancelled by the shop.';
  if (by === 'admin') return reason ? `Cancelled by an admin: ${reason}` : 'Cancelled by an admin.';
  if (by === 'customer') return reason ? `You cancelled this order: ${reason}` : 'You cancelled this order.';
  if (by === 'system')
    return reason ? `Cancelled automatically: ${reason}` : 'Cancelled automatically: it was not paid in time.';
  return reason ? `This order was cancelled: ${reason}` : STATUS_MESSAGES.cancelled;
}

const PAYMENT_LABELS: Record<PaymentStatus, string> = { pending: 'Unpaid', paid: 'Paid', failed: 'Payment failed' };

const PAYMENT_STYLES: Record<PaymentStatus, string> = {
  pending: 'text-muted-foreground',
  paid: 'text-green-800',
  failed: 'text-destructive',
};

const CHANGED_BY: Record<StatusChangeDto['by']['role'], string> = {
  customer: 'by the customer',
  vendor: 'by the shop',
  admin: 'by an admin',
  system: 'automatically',
};

/** Who moved an order to a status, in words for either side of the order. */
export function changedBy(change: StatusChangeDto): string {
  return CHANGED_BY[change.by.role];
}

/** The shop's note with a status change (a tracking number, say), under the change in the order's history. */
export function StatusChangeNote({ note, label }: { note: string | null; label: string }) {
  if (!note) return null;
  return (
    <p className="basis-full text-sm break-words whitespace-pre-line">
      <span className="text-muted-foreground">{label}:</span> “{note}”
    </p>
  );
}

/** 'partially_refunded' → 'Partially refunded'. */
export function statusLabel(status: string): string {
  const words = status.replaceAll('_', ' ');
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Unknown';
}

function isOrderStatus(status: string): status is OrderStatus {
  return status in STATUS_STYLES;
}

export function OrderStatusBadge({ status, className }: { status: string; className?: string }) {
  const style = isOrderStatus(status) ? STATUS_STYLES[status] : UNKNOWN_STYLE;
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        style,
        className,
      )}
    >
      {statusLabel(status)}
    </span>
  );
}

const BADGE_CLASS =
  'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

/** A return's state (requested, approved, rejected, received, refunded), in the colours of the finance screens. */
export function ReturnStatusBadge({ status, className }: { status: ReturnStatus; className?: string }) {
  return (
    <span className={cn(BADGE_CLASS, TONE_CLASSES[RETURN_STATUS_TONES[status]], className)}>
      {RETURN_STATUS_LABELS[status]}
    </span>
  );
}

/** A refund's state (pending, processing, processed, failed). */
export function RefundStatusBadge({ status, className }: { status: RefundStatus; className?: string }) {
  return (
    <span className={cn(BADGE_CLASS, TONE_CLASSES[REFUND_STATUS_TONES[status]], className)}>
      {REFUND_STATUS_LABELS[status]}
    </span>
  );
}

export function PaymentStatusText({ status }: { status: PaymentStatus }) {
  return <span className={cn('text-sm font-medium', PAYMENT_STYLES[status])}>{PAYMENT_LABELS[status]}</span>;
}

const dateFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}
