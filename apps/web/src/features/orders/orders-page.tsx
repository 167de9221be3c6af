import { formatNaira, type OrderDto } from '@caps/contracts';
import { useQuery } from '@tanstack/react-query';
import { Package } from 'lucide-react';
import { Link } from 'react-router-dom';
import { formatDate, OrderStatusBadge, PaymentStatusText } from '@/components/order-status';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { isUnauthenticated } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';

export function OrdersPage() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <title>My Orders | Caps Marketplace</title>
      <h1 className="mb-6 text-3xl font-bold">My Orders</h1>
      <OrderList />
    </section>
  );
}

function itemCount(order: OrderDto): number {
  return order.items.reduce((sum, item) => sum + item.quantity, 0);
}

function OrderList() {
  const trpc = useTRPC();
  const orders = useQuery(
    trpc.orders.list.queryOptions(undefined, {
      retry: (count, error) => count < 3 && !isUnauthenticated(error),
    }),
  );

  return (
    <QueryView
      query={orders}
      loading="Loading your orders..."
      failed="Failed to load orders"
      failedReason="An error occurred"
      empty={{
        when: (list) => list.length === 0,
        icon: Package,
        title: 'No orders yet',
        description: 'When you buy caps, your orders and their progress show up here.',
        action: (
          <Button asChild>
            <Link to="/browse-caps">Browse Caps</Link>
          </Button>
        ),
      }}
    >
      {(list) => <OrderCards orders={list} />}
    </QueryView>
  );
}

function OrderCards({ orders }: { orders: OrderDto[] }) {
  return (
    <ul aria-label="Orders" className="flex flex-col gap-4">
      {orders.map((order) => (
        <li key={order.id}>
          <article
            aria-labelledby={`order-${order.id}-title`}
            className="flex flex-col gap-4 rounded-card border border-border bg-card p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="flex min-w-0 flex-col gap-1.5">
              <div className="flex flex-wrap items-center gap-2">
                <h2 id={`order-${order.id}-title`} className="text-lg font-semibold">
                  Order #{order.id}
                </h2>
                <OrderStatusBadge status={order.status} />
              </div>
              <p className="text-sm text-muted-foreground">
                {formatDate(order.created_at)} · {order.vendor.shop_name} · {itemCount(order)}{' '}
                {itemCount(order) === 1 ? 'item' : 'items'}
              </p>
              <p className="text-sm">
                Payment: <PaymentStatusText status={order.payment_status} />
              </p>
            </div>
            <div className="flex items-center justify-between gap-4 sm:flex-col sm:items-end">
              <p className="text-lg font-bold">{formatNaira(order.total_amount)}</p>
              <Button asChild variant="outline" size="sm">
                <Link to={`/order/${order.id}`} aria-label={`View details of order #${order.id}`}>
                  View Details
                </Link>
              </Button>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
