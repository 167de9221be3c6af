import { formatNaira, type VendorOrderDto } from '@caps/contracts';
import {
  changedBy,
  formatDate,
  formatDateTime,
  OrderStatusBadge,
  PaymentStatusText,
  StatusChangeNote,
  statusLabel,
} from '@/components/order-status';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { OrderActions, OrderItemsList } from './order-parts';

interface OrderDetailsDialogProps {
  /** The order shown; null keeps the dialog closed. */
  order: VendorOrderDto | null;
  onOpenChange: (open: boolean) => void;
  advancing: boolean;
  advanceDisabled: boolean;
  onAdvance: (note: string) => void;
}

function DetailsBlock({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-1">
      <h3 className="text-sm font-semibold text-muted-foreground">{title}</h3>
      {children}
    </section>
  );
}

/** View Details: who ordered, where it goes, the shop's lines and the order's history. */
export function OrderDetailsDialog({
  order,
  onOpenChange,
  advancing,
  advanceDisabled,
  onAdvance,
}: OrderDetailsDialogProps) {
  return (
    <Dialog open={order !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        {order ? (
          <>
            <DialogHeader>
              <DialogTitle>Order #{order.id}</DialogTitle>
              <DialogDescription className="flex flex-wrap items-center gap-2">
                <span>Placed {formatDate(order.created_at)}</span>
                <OrderStatusBadge status={order.status} />
                <PaymentStatusText status={order.payment_status} />
              </DialogDescription>
            </DialogHeader>
            <div className="flex flex-col gap-5">
              <DetailsBlock title="Customer">
                <p className="font-medium break-words">{order.user.full_name}</p>
                <p className="text-sm break-words">
                  <a href={`mailto:${order.user.email}`} className="text-primary underline-offset-4 hover:underline">
                    {order.user.email}
                  </a>
                </p>
              </DetailsBlock>
              <DetailsBlock title="Shipping Address">
                <p className="text-sm break-words whitespace-pre-line">{order.shipping_address}</p>
              </DetailsBlock>
              <DetailsBlock title="Items">
                <OrderItemsList order={order} />
                <p className="flex justify-between border-t border-border pt-2 font-semibold">
                  <span>
                    Order total <span className="font-normal text-muted-foreground">(with delivery and discounts)</span>
                  </span>
                  <span>{formatNaira(order.total_amount)}</span>
                </p>
              </DetailsBlock>
              <DetailsBlock title="Status History">
                {order.status_history.length ? (
                  <ol className="flex flex-col gap-1 text-sm">
                    {order.status_history.map((change) => (
                      <li key={`${change.at}-${change.to}`} className="flex flex-wrap justify-between gap-x-3">
                        <span>
                          {change.from
                            ? `${statusLabel(change.from)} → ${statusLabel(change.to)}`
                            : `Placed as ${statusLabel(change.to)}`}{' '}
                          <span className="text-muted-foreground">{changedBy(change)}</span>
                        </span>
                        <time dateTime={change.at} className="text-muted-foreground">
                          {formatDateTime(change.at)}
                        </time>
                        <StatusChangeNote note={change.note} label="Your note to the customer" />
                      </li>
                    ))}
                  </ol>
                ) : (
                  <p className="text-sm text-muted-foreground">No status changes yet.</p>
                )}
              </DetailsBlock>
              <OrderActions
                order={order}
                advancing={advancing}
                advanceDisabled={advanceDisabled}
                onAdvance={onAdvance}
              />
            </div>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
