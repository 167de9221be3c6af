import type { OrderStatus, PaymentStatus, StatusChangeDto } from '@caps/contracts';
import { cn } from '@/lib/cn';

/** Spec 4 badge colours: pending and unknown grey, confirmed yellow, shipped blue, delivered green, cancelled red. */
const STATUS_STYLES: Record<OrderStatus, string> = {
  pending: 'border-slate-300 bg-slate-100 text-slate-800',
  confirmed: 'border-yellow-300 bg-yellow-100 text-yellow-900',
  shipped: 'border-blue-300 bg-blue-100 text-blue-900',
  delivered: 'border-green-300 bg-green-100 text-green-900',
  cancelled: 'border-red-300 bg-red-100 text-red-900',
};

const UNKNOWN_STYLE = 'border-slate-300 bg-slate-100 text-slate-800';

/** What each status means for the buyer, shown on the order page (a pending one depends on payment). */
const STATUS_MESSAGES: Record<Exclude<OrderStatus, 'pending'>, string> = {
  confirmed: 'The shop has confirmed your order and is preparing it.',
  shipped: 'Your order is on its way to you.',
  delivered: 'Your order has been delivered. Enjoy your cap!',
  cancelled: 'This order was cancelled.',
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

export function statusLabel(status: string): string {
  return status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Unknown';
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
