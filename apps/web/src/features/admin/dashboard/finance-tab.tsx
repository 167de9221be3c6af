import type { AdminFinanceDto, FinancePeriodDto } from '@caps/contracts';
import { useQuery } from '@tanstack/react-query';
import { Banknote, Hourglass, Send, Wallet } from 'lucide-react';
import { DashboardSection, StatCard, StatGrid } from '@/components/dashboard-section';
import { formatDateTime } from '@/components/order-status';
import { QueryView } from '@/components/query-view';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { naira } from '@/lib/finance-labels';
import { ADMIN_QUERY_CACHE } from '@/lib/query-cache';
import { useTRPC } from '@/lib/trpc';
import { AdminTable, Cell } from './admin-table';
import { FinancePayouts } from './finance-payouts';
import { FinanceRefunds } from './finance-refunds';
import { FinanceReturns } from './finance-returns';
import { FinanceSettingsForm } from './finance-settings-form';
import { FinanceShopTools } from './finance-shop-tools';

const PERIOD_ROWS: readonly { key: keyof FinancePeriodDto; label: string }[] = [
  { key: 'collected', label: 'Collected from buyers' },
  { key: 'commission_earned', label: 'Commission earned' },
  { key: 'shipping_collected', label: 'Shipping collected' },
  { key: 'platform_coupons', label: 'Platform coupons' },
  { key: 'paid_out', label: 'Paid out to shops' },
];

const PERIODS = [
  { key: 'this_month', label: 'This month' },
  { key: 'last_month', label: 'Last month' },
  { key: 'all_time', label: 'All time' },
] as const;

/** A figure of the table; what platform coupons cost shows as money out (and never as '₦-0'). */
function nairaOf(key: keyof FinancePeriodDto, value: number): string {
  if (value === 0) return naira(0);
  return key === 'platform_coupons' ? `−${naira(Math.abs(value))}` : naira(value);
}

function PeriodTable({ data }: { data: AdminFinanceDto }) {
  return (
    <AdminTable caption="Money by period" columns={['Figure', ...PERIODS.map((p) => p.label)]} minWidth="min-w-[36rem]">
      {PERIOD_ROWS.map((row) => (
        <tr key={row.key}>
          <th scope="row" className="px-4 py-3 text-left font-medium">
            {row.label}
          </th>
          {PERIODS.map((period) => {
            const value = data[period.key][row.key];
            return (
              <Cell key={period.key} className="tabular-nums">
                {nairaOf(row.key, value)}
              </Cell>
            );
          })}
        </tr>
      ))}
    </AdminTable>
  );
}

/**
 * Finance: the platform's money (admin.finance.summary), its settings, the payouts and their run, returns and
 * refunds (docs/returns.md), and the per-shop commission and adjustments (docs/finance.md).
 */
export function FinanceTab() {
  const trpc = useTRPC();
  const summary = useQuery(trpc.admin.finance.summary.queryOptions(undefined, ADMIN_QUERY_CACHE));

  return (
    <DashboardSection
      title="Finance"
      description="What buyers paid, what the platform earned and what it owes shops. Figures are in naira, as of now."
    >
      <QueryView query={summary} loading="Loading the finance figures..." failed="Failed to load finance figures">
        {(data) => (
          <>
            <StatGrid label="Owed to shops">
              <li>
                <StatCard
                  label="Owed: pending"
                  value={naira(data.owed_pending)}
                  icon={Hourglass}
                  note="In escrow until delivery and the return window"
                />
              </li>
              <li>
                <StatCard
                  label="Owed: available"
                  value={naira(data.owed_available)}
                  icon={Wallet}
                  note="Due in the next payout run"
                />
              </li>
              <li>
                <StatCard
                  label="In flight"
                  value={naira(data.payouts_in_flight)}
                  icon={Send}
                  note="Payouts sent, outcome not known yet"
                />
              </li>
              <li>
                <StatCard
                  label="Commission this month"
                  value={naira(data.this_month.commission_earned)}
                  icon={Banknote}
                  note={`${naira(data.last_month.commission_earned)} last month`}
                />
              </li>
            </StatGrid>
            <PeriodTable data={data} />
          </>
        )}
      </QueryView>

      <Card>
        <CardHeader>
          <CardTitle>Settings</CardTitle>
          <CardDescription>
            Apply to orders paid and deliveries made from now on; earlier orders keep the rate and window they had.
            {summary.data?.settings.updated_at
              ? ` Last changed ${formatDateTime(summary.data.settings.updated_at)}.`
              : ' The defaults apply until an admin saves.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <FinanceSettingsForm />
        </CardContent>
      </Card>

      <FinancePayouts payoutMinimum={summary.data?.settings.payout_minimum ?? null} />

      <FinanceReturns />

      <FinanceRefunds />

      <FinanceShopTools platformPercent={summary.data?.settings.commission_percent ?? null} />
    </DashboardSection>
  );
}
