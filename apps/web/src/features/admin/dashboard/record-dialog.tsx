import { type AdminOrderSummaryDto, formatNaira } from '@caps/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { ShoppingBag } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/load-states';
import { formatDate, OrderStatusBadge, PaymentStatusText } from '@/components/order-status';
import { QueryView } from '@/components/query-view';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

interface RecordDialogProps<TData> {
  open: boolean;
  onClose: () => void;
  /** The dialog's title while the record loads or cannot be shown, e.g. 'Vendor details'. */
  title: string;
  query: UseQueryResult<TData, unknown>;
  /** Spec 8's lookup message, e.g. 'Vendor not found'. */
  notFound: string;
  /** The record's heading and tabs, once it is loaded. */
  children: (data: TData) => ReactNode;
}

/** The detail dialog of one user or shop; the record brings its own title once loaded. */
export function RecordDialog<TData>({ open, onClose, title, query, notFound, children }: RecordDialogProps<TData>) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-w-3xl">
        {query.isSuccess ? null : (
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription className="sr-only">{title}</DialogDescription>
          </DialogHeader>
        )}
        <QueryView
          query={query}
          loading={`Loading ${title.toLowerCase()}...`}
          failed={`Failed to load ${title.toLowerCase()}`}
          notFound={notFound}
        >
          {children}
        </QueryView>
      </DialogContent>
    </Dialog>
  );
}

/** Label and value pairs of a record's Overview tab. */
export function DetailList({ rows }: { rows: readonly { label: string; value: ReactNode }[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {rows.map((row) => (
        <div key={row.label} className="min-w-0">
          <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{row.label}</dt>
          <dd className="mt-1 text-sm break-words">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The orders of a customer or a shop, newest first; `party` says which side to name on each. */
export function OrderSummaryList({
  orders,
  party,
}: {
  orders: readonly AdminOrderSummaryDto[];
  party: 'customer' | 'vendor';
}) {
  if (orders.length === 0) return <EmptyState icon={ShoppingBag} title="No orders yet" />;
  return (
    <ul className="flex flex-col divide-y divide-border rounded-card border border-border">
      {orders.map((order) => (
        <li key={order.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
          <div className="min-w-0">
            <p className="text-sm font-semibold">
              Order #{order.id} · {order.item_count} {order.item_count === 1 ? 'item' : 'items'}
            </p>
            <p className="text-xs text-muted-foreground">
              {party === 'customer' ? order.customer.name : order.vendor.shop_name} · {formatDate(order.created_at)}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <PaymentStatusText status={order.payment_status} />
            <OrderStatusBadge status={order.status} />
            <span className="text-sm font-semibold tabular-nums">{formatNaira(order.total_amount)}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
