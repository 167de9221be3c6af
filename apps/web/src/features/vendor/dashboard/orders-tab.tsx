import { formatNaira, UI_TEXT, type VendorOrderDto } from '@caps/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, RefreshCw, ShoppingBag, Wallet } from 'lucide-react';
import { useId, useState } from 'react';
import { DashboardSection, StatCard, StatGrid } from '@/components/dashboard-section';
import { noteInput } from '@/components/forms/note-field';
import { EmptyState, ErrorPanel } from '@/components/load-states';
import { formatDate, OrderStatusBadge, PaymentStatusText } from '@/components/order-status';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingBlock } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { cn } from '@/lib/cn';
import { DASHBOARD_CACHE } from '@/lib/query-cache';
import { readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';
import { toastFailure } from './failure-toast';
import { nextStepOf } from './order-advance';
import { OrderCancelDialog } from './order-cancel-dialog';
import { OrderDetailsDialog } from './order-details-dialog';
import { OrderActions, OrderItemsList } from './order-parts';
import { useRefreshShopData } from './use-refresh-shop-data';
import { useForgetRefusedSession } from './use-vendor-profile';

/** Orders: the shop's orders, newest first, with their figures and the one step each may take. */
export function OrdersTab() {
  const trpc = useTRPC();
  const refresh = useRefreshShopData();
  const orders = useQuery(trpc.vendor.orders.queryOptions(undefined, DASHBOARD_CACHE));
  const figures = useQuery(trpc.vendor.dashboard.queryOptions(undefined, DASHBOARD_CACHE));
  useForgetRefusedSession(orders.error ?? figures.error);
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<VendorOrderDto | null>(null);
  const advance = useMutation(trpc.vendor.advanceOrder.mutationOptions());

  const advanceOrder = (order: VendorOrderDto, note: string) => {
    const step = nextStepOf(order);
    if (!step) return;
    advance.mutate(
      { id: order.id, status: step.status, ...noteInput('note', note) },
      {
        onSuccess: async () => {
          toast.success('Order status updated!');
          await refresh();
        },
        onError: async (error) => {
          toastFailure('Failed to update order status', error);
          // Someone else may have moved it meanwhile: show where it really is.
          await refresh();
        },
      },
    );
  };

  const refreshing = orders.isFetching && !orders.isPending;
  const details = orders.data?.find((order) => order.id === detailsId) ?? null;
  const advancingId = advance.isPending ? advance.variables?.id : undefined;

  return (
    <DashboardSection
      title="Orders"
      description="Orders of your shop, newest first. Paid orders can be moved on one step at a time."
      actions={
        <Button
          variant="outline"
          onClick={() => void Promise.all([orders.refetch(), figures.refetch()])}
          disabled={orders.isFetching}
          aria-busy={refreshing}
        >
          <RefreshCw className={cn(refreshing && 'animate-spin')} aria-hidden="true" />
          Refresh
        </Button>
      }
    >
      {figures.data ? (
        <StatGrid label="Order figures">
          <li>
            <StatCard
              label="Total Orders"
              value={figures.data.total_orders}
              icon={ShoppingBag}
              note="All orders of your shop"
            />
          </li>
          <li>
            <StatCard label="Pending" value={figures.data.pending_orders} icon={Clock} note="Not yet confirmed" />
          </li>
          <li>
            <StatCard label="Completed" value={figures.data.completed_orders} icon={CheckCircle2} note="Delivered" />
          </li>
          <li>
            <StatCard
              label="Total Revenue"
              value={formatNaira(figures.data.total_revenue)}
              icon={Wallet}
              note="From paid orders"
            />
          </li>
        </StatGrid>
      ) : figures.isError ? (
        <ErrorPanel
          title="Failed to load order figures"
          message={readServerError(figures.error, UI_TEXT.errorLoadingData).message}
          onRetry={() => void figures.refetch()}
          retrying={figures.isFetching}
        />
      ) : null}
      {orders.isPending ? (
        <LoadingBlock label="Loading your orders..." />
      ) : orders.isError ? (
        <ErrorPanel
          title="Failed to load orders"
          message={readServerError(orders.error, UI_TEXT.errorLoadingData).message}
          onRetry={() => void orders.refetch()}
          retrying={orders.isFetching}
        />
      ) : orders.data.length === 0 ? (
        <EmptyState
          icon={ShoppingBag}
          title="No orders yet"
          description="When a customer buys one of your caps, the order will appear here."
        />
      ) : (
        <ul aria-label="Orders" className="flex flex-col gap-4">
          {orders.data.map((order) => (
            <li key={order.id}>
              <OrderCard
                order={order}
                advancing={advancingId === order.id}
                advanceDisabled={advance.isPending}
                onAdvance={(note) => advanceOrder(order, note)}
                onDetails={() => setDetailsId(order.id)}
                onCancel={() => setCancelling(order)}
              />
            </li>
          ))}
        </ul>
      )}
      <OrderDetailsDialog
        order={details}
        onOpenChange={(open) => (open ? undefined : setDetailsId(null))}
        advancing={details !== null && advancingId === details.id}
        advanceDisabled={advance.isPending}
        onAdvance={(note) => (details ? advanceOrder(details, note) : undefined)}
      />
      <OrderCancelDialog order={cancelling} onOpenChange={(open) => (open ? undefined : setCancelling(null))} />
    </DashboardSection>
  );
}

interface OrderCardProps {
  order: VendorOrderDto;
  advancing: boolean;
  advanceDisabled: boolean;
  onAdvance: (note: string) => void;
  onDetails: () => void;
  onCancel: () => void;
}

function OrderCard({ order, advancing, advanceDisabled, onAdvance, onDetails, onCancel }: OrderCardProps) {
  const headingId = useId();
  return (
    <Card role="group" aria-labelledby={headingId} className="flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={headingId} className="font-semibold">
              Order #{order.id}
            </h3>
            <OrderStatusBadge status={order.status} />
            <PaymentStatusText status={order.payment_status} />
          </div>
          <p className="mt-1 text-sm text-muted-foreground">
            <time dateTime={order.created_at}>{formatDate(order.created_at)}</time>
            <span aria-hidden="true"> · </span>
            <span className="break-words">{order.user.full_name}</span>
          </p>
        </div>
        <p className="text-lg font-bold">
          <span className="sr-only">Total </span>
          {formatNaira(order.total_amount)}
        </p>
      </div>
      <OrderItemsList order={order} />
      <AfterSaleNote order={order} />
      <OrderActions
        order={order}
        advancing={advancing}
        advanceDisabled={advanceDisabled}
        onAdvance={onAdvance}
        onDetails={onDetails}
        onCancel={onCancel}
      />
    </Card>
  );
}

/** The text as a sentence: a full stop added unless it already ends with one (or with ! or ?). */
function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** Why the order was cancelled, and what was refunded of it, when either applies. */
function AfterSaleNote({ order }: { order: VendorOrderDto }) {
  const reason = order.status === 'cancelled' ? order.cancellation_reason?.trim() : '';
  if (!reason && order.refunded_amount === 0) return null;
  return (
    <p className="text-sm text-muted-foreground">
      {reason ? <>Cancelled: {asSentence(reason)} </> : null}
      {order.refunded_amount > 0 ? <>Refunded to the customer: {formatNaira(order.refunded_amount)}.</> : null}
    </p>
  );
}
