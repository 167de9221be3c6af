import { formatNaira, type OrderDto } from '@caps/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CreditCard, MapPin, PackageX, Star, Undo2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorPanel } from '@/components/load-states';
import {
  changedBy,
  formatDate,
  formatDateTime,
  OrderStatusBadge,
  orderStatusMessage,
  PaymentStatusText,
  StatusChangeNote,
  statusLabel,
} from '@/components/order-status';
import { ProductImage } from '@/components/product-image';
import { Button } from '@/components/ui/button';
import { LoadingBlock, Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { isNotFoundError, parseRecordId, retryUnlessNotFound } from '@/lib/query-errors';
import { isUnauthenticated, readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';
import { RefundList, ReturnProgress } from './after-sale';
import { CancelOrderDialog } from './cancel-order-dialog';
import { ReturnRequestDialog } from './return-request-dialog';
import { ReviewDialog } from './review-dialog';
import { usePayOrder } from './use-pay-order';

/** Spec 9: the order page shows at most 3 extra pictures. */
const EXTRA_IMAGES = 3;
/** Spec 9: order queries stay fresh 5 minutes and are kept 10. */
const ORDER_STALE_MS = 5 * 60_000;
const ORDER_GC_MS = 10 * 60_000;
/** docs/returns.md: reviews stay open for an order that was delivered, whatever happened after. */
const REVIEWABLE: ReadonlySet<OrderDto['status']> = new Set([
  'delivered',
  'return_requested',
  'returned',
  'refunded',
  'partially_refunded',
]);
/** While a refund is on its way, the order is read again this often (the provider settles it in the background). */
const REFUND_POLL_MS = 5_000;

export function OrderDetailPage() {
  const { orderId } = useParams();
  const id = parseRecordId(orderId);
  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <title>{`Order ${id ? `#${id}` : 'Details'} | Caps Marketplace`}</title>
      <Button asChild variant="ghost" size="sm" className="-ml-3 mb-4">
        <Link to="/settings">
          <ArrowLeft aria-hidden="true" /> Back to Account
        </Link>
      </Button>
      <OrderDetail id={id} />
    </section>
  );
}

function OrderDetail({ id }: { id: number | null }) {
  const trpc = useTRPC();
  const order = useQuery(
    trpc.orders.get.queryOptions(
      { id: id ?? 0 },
      {
        enabled: id !== null,
        staleTime: ORDER_STALE_MS,
        gcTime: ORDER_GC_MS,
        retry: (count, error) => retryUnlessNotFound(count, error) && !isUnauthenticated(error),
        refetchInterval: (query) => (refundInFlight(query.state.data) ? REFUND_POLL_MS : false),
      },
    ),
  );
  if (id === null || order.isError) {
    const message =
      id === null || isNotFoundError(order.error)
        ? 'This order does not exist, or it is not one of yours.'
        : readServerError(order.error, 'An error occurred').message;
    return (
      <>
        <h1 className="sr-only">Order Details</h1>
        <ErrorPanel
          title="Error Loading Order"
          message={message}
          onRetry={() => void order.refetch()}
          retrying={order.isFetching}
        />
      </>
    );
  }
  if (order.isPending) return <LoadingBlock label="Loading order..." />;
  return <OrderView order={order.data} />;
}

/** Whether a refund of the order is still to be settled by the payment provider. */
function refundInFlight(order: OrderDto | undefined): boolean {
  return order?.refunds.some((refund) => refund.status === 'pending' || refund.status === 'processing') ?? false;
}

/** Pictures of the order beyond each item's main one, up to 3. */
function extraImages(order: OrderDto): { src: string; alt: string }[] {
  return order.items
    .flatMap((item) => item.product.images.slice(1).map((src) => ({ src, alt: item.product.name })))
    .slice(0, EXTRA_IMAGES);
}

function OrderView({ order }: { order: OrderDto }) {
  const trpc = useTRPC();
  const delivered = REVIEWABLE.has(order.status);
  const mine = useQuery(trpc.reviews.mine.queryOptions(undefined, { enabled: delivered, staleTime: ORDER_STALE_MS }));
  const reviewed = new Set((mine.data ?? []).flatMap((review) => (review.product_id ? [review.product_id] : [])));
  const [reviewing, setReviewing] = useState<{ productId: number; name: string } | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [returning, setReturning] = useState(false);
  const { pay, isPending: paying } = usePayOrder();
  const unpaid = order.status === 'pending' && order.payment_status !== 'paid';
  const extras = extraImages(order);

  const payNow = async () => {
    try {
      await pay(order.id);
    } catch (error) {
      toast.error('Payment Error', { description: readServerError(error, 'Please try again.').message });
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">Order #{order.id}</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Placed {formatDate(order.created_at)} · {order.vendor.shop_name}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {order.can_request_return ? (
            <Button size="lg" variant="outline" onClick={() => setReturning(true)}>
              <Undo2 aria-hidden="true" /> Request Return
            </Button>
          ) : null}
          {order.can_cancel ? (
            <Button size="lg" variant="outline" onClick={() => setCancelling(true)}>
              <PackageX aria-hidden="true" /> Cancel Order
            </Button>
          ) : null}
          {unpaid ? (
            <Button size="lg" onClick={() => void payNow()} disabled={paying} aria-busy={paying}>
              {paying ? <Spinner /> : <CreditCard aria-hidden="true" />} Pay now
            </Button>
          ) : null}
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="flex flex-col gap-6">
          <Panel title="Status">
            <div className="flex flex-wrap items-center gap-3">
              <OrderStatusBadge status={order.status} />
              <span className="text-sm">
                Payment: <PaymentStatusText status={order.payment_status} />
              </span>
            </div>
            <p className="mt-3 text-sm">{orderStatusMessage(order)}</p>
            {order.can_request_return && order.return_window_ends_at ? (
              <p className="mt-1 text-sm text-muted-foreground">
                Returns are possible until{' '}
                <time dateTime={order.return_window_ends_at}>{formatDateTime(order.return_window_ends_at)}</time>.
              </p>
            ) : null}
            {order.status_history.length > 0 ? (
              <ol aria-label="Status history" className="mt-4 flex flex-col gap-3 border-l-2 border-border pl-4">
                {order.status_history.map((change) => (
                  <li key={`${change.to}-${change.at}`} className="relative text-sm">
                    <span
                      aria-hidden="true"
                      className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full bg-primary"
                    />
                    <span className="font-medium">{statusLabel(change.to)}</span>
                    <span className="text-muted-foreground">
                      {' '}
                      · {changedBy(change)} · {formatDateTime(change.at)}
                    </span>
                    <StatusChangeNote note={change.note} label="Note from the shop" />
                  </li>
                ))}
              </ol>
            ) : null}
          </Panel>

          <Panel title="Items">
            <ul className="flex flex-col divide-y divide-border">
              {order.items.map((item) => (
                <li key={item.id} className="flex flex-wrap items-center gap-4 py-4 first:pt-0 last:pb-0">
                  <Link
                    to={`/product/${item.product_id}`}
                    className="size-20 shrink-0 overflow-hidden rounded-lg bg-muted"
                    tabIndex={-1}
                    aria-hidden="true"
                  >
                    <ProductImage src={item.product.images[0]} alt={item.product.name} thumbnail loading="eager" />
                  </Link>
                  <div className="min-w-0 flex-1">
                    <Link to={`/product/${item.product_id}`} className="font-semibold hover:underline">
                      {item.product.name}
                    </Link>
                    <p className="text-sm text-muted-foreground">
                      {item.size ? `Size ${item.size} · ` : ''}Qty {item.quantity} · {formatNaira(item.price)} each
                    </p>
                    <p className="text-sm font-semibold">{formatNaira(item.price * item.quantity)}</p>
                  </div>
                  {delivered ? (
                    <div className="w-full sm:w-auto">
                      {reviewed.has(item.product_id) ? (
                        <Button variant="outline" size="sm" disabled>
                          <Star aria-hidden="true" className="fill-current" /> Reviewed
                        </Button>
                      ) : (
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={mine.isPending}
                          onClick={() => setReviewing({ productId: item.product_id, name: item.product.name })}
                          aria-label={`Write Review for ${item.product.name}`}
                        >
                          <Star aria-hidden="true" /> Write Review
                        </Button>
                      )}
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          </Panel>

          {order.returns.length > 0 ? (
            <Panel title="Returns">
              <div className="flex flex-col gap-6 divide-y divide-border">
                {order.returns.map((request) => (
                  <div key={request.id} className="pt-6 first:pt-0">
                    <ReturnProgress request={request} />
                  </div>
                ))}
              </div>
            </Panel>
          ) : null}

          {extras.length > 0 ? (
            <Panel title="More Photos">
              <ul className="grid grid-cols-3 gap-3">
                {extras.map((image) => (
                  <li key={image.src} className="aspect-square overflow-hidden rounded-lg bg-muted">
                    <ProductImage src={image.src} alt={image.alt} thumbnail />
                  </li>
                ))}
              </ul>
            </Panel>
          ) : null}
        </div>

        <div className="flex flex-col gap-6">
          <Panel title="Order Summary">
            <dl className="flex flex-col gap-2 text-sm">
              <Row label="Subtotal" value={formatNaira(order.subtotal)} />
              {order.discount > 0 ? (
                <Row
                  label={`Discount${order.coupon_code ? ` (${order.coupon_code})` : ''}`}
                  value={`-${formatNaira(order.discount)}`}
                />
              ) : null}
              <Row label="Shipping" value={formatNaira(order.shipping_cost)} />
              <div className="flex justify-between border-t border-border pt-2 text-base font-bold">
                <dt>Total</dt>
                <dd>{formatNaira(order.total_amount)}</dd>
              </div>
            </dl>
            {order.paid_at ? (
              <p className="mt-3 text-sm text-muted-foreground">Paid {formatDateTime(order.paid_at)}</p>
            ) : null}
          </Panel>
          {order.refunds.length > 0 ? (
            <Panel title="Refunds">
              <p className="mb-3 text-sm">
                Refunded: <span className="font-semibold">{formatNaira(order.refunded_amount)}</span> of{' '}
                {formatNaira(order.total_amount)}
              </p>
              <RefundList refunds={order.refunds} />
            </Panel>
          ) : null}
          <Panel title="Shipping Address">
            <div className="flex gap-3 text-sm">
              <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              {order.shipping_details ? (
                <address className="not-italic">
                  <span className="font-medium">{order.shipping_details.fullName}</span>
                  <br />
                  {order.shipping_details.address}
                  <br />
                  {order.shipping_details.city}, {order.shipping_details.state} {order.shipping_details.postalCode}
                  <br />
                  {order.shipping_details.phone}
                </address>
              ) : (
                <address className="not-italic">{order.shipping_address}</address>
              )}
            </div>
          </Panel>
        </div>
      </div>

      <CancelOrderDialog order={order} open={cancelling} onOpenChange={setCancelling} />
      <ReturnRequestDialog order={order} open={returning} onOpenChange={setReturning} />
      <ReviewDialog
        productId={reviewing?.productId ?? 0}
        productName={reviewing?.name ?? ''}
        open={reviewing !== null}
        onOpenChange={(open) => {
          if (!open) setReviewing(null);
        }}
      />
    </div>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-card border border-border bg-card p-5 shadow-sm sm:p-6">
      <h2 className="mb-4 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
