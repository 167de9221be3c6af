import { type AdminActivityDto, type AdminDashboardDto, formatNaira } from '@caps/contracts';
import { useQuery } from '@tanstack/react-query';
import { Activity, Banknote, Flag, type LucideIcon, Package, ShoppingBag, Store, UserPlus, Users } from 'lucide-react';
import { DashboardSection, StatCard, StatGrid } from '@/components/dashboard-section';
import { EmptyState } from '@/components/load-states';
import { formatDateTime } from '@/components/order-status';
import { QueryView } from '@/components/query-view';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { StatusPill } from '@/components/ui/status-pill';
import { ADMIN_QUERY_CACHE } from '@/lib/query-cache';
import { useTRPC } from '@/lib/trpc';

const countFormat = new Intl.NumberFormat('en-NG');
const percentFormat = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

/** '+12.5% from last month', or why there is no percentage (nothing to compare with last month). */
function changeNote(changePercent: number | null): string {
  return changePercent === null
    ? 'No figure for last month'
    : `${percentFormat.format(changePercent)}% from last month`;
}

const formatCount = (value: number) => countFormat.format(value);

/** The four stat cards of spec 2, in order. */
const FIGURES = [
  { key: 'total_products', label: 'Total Products', icon: Package, format: formatCount },
  { key: 'active_vendors', label: 'Active Vendors', icon: Store, format: formatCount },
  { key: 'total_users', label: 'Total Users', icon: Users, format: formatCount },
  { key: 'monthly_revenue', label: 'Monthly Revenue', icon: Banknote, format: formatNaira },
] as const;

const ACTIVITY_ICONS: Record<AdminActivityDto['type'], LucideIcon> = {
  order: ShoppingBag,
  registration: UserPlus,
  report: Flag,
};

function RecentActivity({ items }: { items: AdminActivityDto[] }) {
  if (items.length === 0) return <EmptyState icon={Activity} title="No recent activity" />;
  return (
    <ul aria-label="Recent activity" className="flex flex-col divide-y divide-border">
      {items.map((item) => {
        const Icon = ACTIVITY_ICONS[item.type];
        return (
          <li key={`${item.type}-${item.at}-${item.message}`} className="flex items-start gap-3 py-3">
            <span className="grid size-8 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <p className="text-sm break-words">{item.message}</p>
              <p className="text-xs text-muted-foreground">
                <time dateTime={item.at}>{formatDateTime(item.at)}</time>
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function SystemStatus({ status }: { status: AdminDashboardDto['system_status'] }) {
  const rows = [
    {
      label: 'System Health',
      value: status.database_ok ? (
        <StatusPill tone="success">Healthy</StatusPill>
      ) : (
        <StatusPill tone="danger">Database unreachable</StatusPill>
      ),
    },
    { label: 'Server Response', value: `${Math.round(status.response_ms)} ms` },
    {
      label: 'Pending Reviews',
      value: (
        <StatusPill tone={status.pending_vendors > 0 ? 'warning' : 'success'}>
          {countFormat.format(status.pending_vendors)}
        </StatusPill>
      ),
    },
    {
      label: 'Reported Issues',
      value: (
        <StatusPill tone={status.open_reports > 0 ? 'danger' : 'success'}>
          {countFormat.format(status.open_reports)}
        </StatusPill>
      ),
    },
  ];
  return (
    <dl className="flex flex-col divide-y divide-border">
      {rows.map((row) => (
        <div key={row.label} className="flex items-center justify-between gap-3 py-3">
          <dt className="text-sm font-medium">{row.label}</dt>
          <dd className="text-sm font-semibold tabular-nums">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Overview: the marketplace's figures against last month, what happened lately and how the system is. */
export function OverviewTab() {
  const trpc = useTRPC();
  const dashboard = useQuery(trpc.admin.dashboard.queryOptions(undefined, ADMIN_QUERY_CACHE));

  return (
    <DashboardSection title="Overview" description="The marketplace at a glance, from live data.">
      <QueryView query={dashboard} loading="Loading the overview..." failed="Failed to load dashboard">
        {(data) => (
          <>
            <StatGrid label="Marketplace figures">
              {FIGURES.map(({ key, label, icon, format }) => (
                <li key={key}>
                  <StatCard
                    label={label}
                    icon={icon}
                    value={format(data[key].value)}
                    note={changeNote(data[key].change_percent)}
                  />
                </li>
              ))}
            </StatGrid>
            <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
              <Card>
                <CardHeader>
                  <CardTitle>Recent Activity</CardTitle>
                </CardHeader>
                <CardContent>
                  <RecentActivity items={data.recent_activity} />
                </CardContent>
              </Card>
              <Card className="self-start">
                <CardHeader>
                  <CardTitle>System Status</CardTitle>
                </CardHeader>
                <CardContent>
                  <SystemStatus status={data.system_status} />
                </CardContent>
              </Card>
            </div>
          </>
        )}
      </QueryView>
    </DashboardSection>
  );
}
