import { formatNaira, UI_TEXT } from '@caps/contracts';
import { useQuery } from '@tanstack/react-query';
import { Package, RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '@/components/load-states';
import { formatDate, OrderStatusBadge } from '@/components/order-status';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { useStoredUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useTRPC } from '@/lib/trpc';
import { AUTH_ERROR, retryUnlessDenied, useAuthFailure } from '@/lib/use-auth-failure';

/** Orders: the customer's orders, newest first as the server sends them. */
export function OrdersTab() {
  const trpc = useTRPC();
  const onAuthFailure = useAuthFailure();
  const isCustomer = useStoredUser()?.role === 'customer';
  const orders = useQuery({ ...trpc.orders.list.queryOptions(), enabled: isCustomer, retry: retryUnlessDenied });

  useEffect(() => {
    if (orders.error) onAuthFailure(orders.error, AUTH_ERROR.settings);
  }, [orders.error, onAuthFailure]);

  const refreshing = orders.isFetching && !orders.isPending;

  return (
    <section aria-labelledby="orders-heading" className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="orders-heading" className="text-xl font-semibold">
          My Orders
        </h2>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void orders.refetch()}
          disabled={orders.isFetching}
          aria-busy={refreshing}
        >
          <RefreshCw className={cn(refreshing && 'animate-spin')} aria-hidden="true" />
          Refresh
        </Button>
      </div>
      {!isCustomer ? (
        <EmptyState
          icon={Package}
          title="No orders for this account"
          description="Only customer accounts place orders."
        />
      ) : (
        <QueryView
          query={orders}
          loading="Loading your orders..."
          failed="Failed to load orders"
          failedReason={UI_TEXT.errorLoadingData}
          empty={{
            when: (list) => list.length === 0,
            icon: Package,
            title: 'No orders yet',
            description: 'When you place an order it will appear here.',
            action: (
              <Button asChild>
                <Link to="/">Start Shopping</Link>
              </Button>
            ),
          }}
        >
          {(list) => (
            <ul aria-label="Orders" className="flex flex-col gap-3">
              {list.map((order) => (
                <li
                  key={order.id}
                  className="flex flex-col gap-3 rounded-card border border-border bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="flex min-w-0 flex-col gap-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-semibold">Order #{order.id}</h3>
                      <OrderStatusBadge status={order.status} />
                    </div>
                    <p className="text-sm text-muted-foreground">
                      <time dateTime={order.created_at}>{formatDate(order.created_at)}</time>
                      <span aria-hidden="true"> · </span>
                      <span className="break-words">{order.vendor.shop_name}</span>
                    </p>
                  </div>
                  <div className="flex items-center justify-between gap-4 sm:justify-end">
                    <p className="text-lg font-bold">
                      <span className="sr-only">Total </span>
                      {formatNaira(order.total_amount)}
                    </p>
                    <Button asChild variant="outline" size="sm">
                      <Link to={`/order/${order.id}`} aria-label={`View Details of order #${order.id}`}>
                        View Details
                      </Link>
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      )}
    </section>
  );
}
