import { formatNaira, UI_TEXT, type VendorDashboardDto } from '@caps/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Activity,
  CreditCard,
  Package,
  PackagePlus,
  ShoppingBag,
  Star,
  Store,
  TrendingDown,
  TrendingUp,
  Truck,
  Wallet,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { DashboardSection, StatCard, StatGrid } from '@/components/dashboard-section';
import { EmptyState, ErrorPanel } from '@/components/load-states';
import { formatDateTime } from '@/components/order-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadingBlock } from '@/components/ui/spinner';
import { DASHBOARD_CACHE } from '@/lib/query-cache';
import { readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';
import { dashboardTabHref } from './dashboard-tabs';
import { useForgetRefusedSession } from './use-vendor-profile';

type Growth = VendorDashboardDto['growth'];
type ActivityType = VendorDashboardDto['recent_activity'][number]['type'];

const ACTIVITY_ICONS = {
  order_placed: ShoppingBag,
  order_paid: CreditCard,
  status_changed: Truck,
  review: Star,
} as const;

/** This month's paid sales against last month's: a percentage when there is something to compare with. */
function growthFigure(growth: Growth): { value: string; note: string; icon: typeof TrendingUp } {
  if (growth.percent === null) {
    return {
      value: '—',
      note:
        growth.this_month > 0 ? `No sales last month; ${formatNaira(growth.this_month)} this month` : 'No sales yet',
      icon: TrendingUp,
    };
  }
  const sign = growth.percent > 0 ? '+' : '';
  return {
    value: `${sign}${growth.percent}%`,
    note: `${formatNaira(growth.this_month)} this month vs ${formatNaira(growth.last_month)} last month`,
    icon: growth.percent < 0 ? TrendingDown : TrendingUp,
  };
}

function activityIcon(type: ActivityType) {
  return ACTIVITY_ICONS[type];
}

const QUICK_ACTIONS = [
  { tab: 'products', label: 'Add New Cap', icon: PackagePlus },
  { tab: 'orders', label: 'View Orders', icon: ShoppingBag },
  { tab: 'shop', label: 'Shop Settings', icon: Store },
] as const;

/** Overview: the shop's figures from its paid orders, what happened lately, and shortcuts. */
export function OverviewTab() {
  const trpc = useTRPC();
  const dashboard = useQuery(trpc.vendor.dashboard.queryOptions(undefined, DASHBOARD_CACHE));
  useForgetRefusedSession(dashboard.error);

  return (
    <DashboardSection title="Overview" description="How your shop is doing. Orders and revenue count paid orders.">
      {dashboard.isPending ? (
        <LoadingBlock label="Loading your figures..." />
      ) : dashboard.isError ? (
        <ErrorPanel
          title="Failed to load dashboard"
          message={readServerError(dashboard.error, UI_TEXT.errorLoadingData).message}
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      ) : (
        <OverviewFigures data={dashboard.data} />
      )}
      <Card>
        <CardHeader>
          <CardTitle>Quick Actions</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 sm:grid-cols-3">
          {QUICK_ACTIONS.map(({ tab, label, icon: Icon }) => (
            <Button key={tab} asChild variant={tab === 'products' ? 'default' : 'outline'} className="justify-start">
              <Link to={dashboardTabHref(tab)} replace>
                <Icon aria-hidden="true" />
                {label}
              </Link>
            </Button>
          ))}
        </CardContent>
      </Card>
    </DashboardSection>
  );
}

function OverviewFigures({ data }: { data: VendorDashboardDto }) {
  const growth = growthFigure(data.growth);
  return (
    <>
      <StatGrid label="Shop figures">
        <li>
          <StatCard label="Total Products" value={data.total_products} icon={Package} note="Caps on sale" />
        </li>
        <li>
          <StatCard
            label="Total Orders"
            value={data.total_orders}
            icon={ShoppingBag}
            note={`${data.pending_orders} pending, ${data.completed_orders} completed`}
          />
        </li>
        <li>
          <StatCard
            label="Total Revenue"
            value={formatNaira(data.total_revenue)}
            icon={Wallet}
            note="From paid orders"
          />
        </li>
        <li>
          <StatCard label="Growth" value={growth.value} icon={growth.icon} note={growth.note} />
        </li>
      </StatGrid>
      <Card>
        <CardHeader>
          <CardTitle>Recent Activity</CardTitle>
        </CardHeader>
        <CardContent>
          {data.recent_activity.length === 0 ? (
            <EmptyState
              icon={Activity}
              title="No activity yet"
              description="Orders, payments, status changes and reviews of your shop will show here."
            />
          ) : (
            <ul aria-label="Recent activity" className="flex flex-col divide-y divide-border">
              {data.recent_activity.map((activity) => {
                const Icon = activityIcon(activity.type);
                return (
                  <li
                    key={`${activity.type}-${activity.at}-${activity.message}`}
                    className="flex items-start gap-3 py-3 first:pt-0 last:pb-0"
                  >
                    <span className="grid size-8 shrink-0 place-items-center rounded-full bg-muted text-muted-foreground">
                      <Icon className="size-4" aria-hidden="true" />
                    </span>
                    <div className="min-w-0">
                      <p className="text-sm font-medium break-words">{activity.message}</p>
                      <time dateTime={activity.at} className="text-xs text-muted-foreground">
                        {formatDateTime(activity.at)}
                      </time>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
    </>
  );
}
