import { type LedgerEntryDto, type PayoutDto, UI_TEXT, type VendorBalanceDto } from '@caps/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Banknote,
  CalendarClock,
  CheckCircle2,
  Hourglass,
  PauseCircle,
  RefreshCw,
  ScrollText,
  Wallet,
} from 'lucide-react';
import { useState } from 'react';
import { DashboardSection, StatCard, StatGrid } from '@/components/dashboard-section';
import { ErrorPanel } from '@/components/load-states';
import { formatDate, formatDateTime } from '@/components/order-status';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadingBlock } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { LEDGER_BUCKET_LABELS, LEDGER_KIND_LABELS, naira, PAGE_SIZE, payoutAccount } from '@/lib/finance-labels';
import { DASHBOARD_CACHE } from '@/lib/query-cache';
import { readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';
import { MoneyCell, MoneyTable, Pager, PayoutStatusBadge, SignedAmount } from './finance-table';
import { useForgetRefusedSession } from './use-vendor-profile';

/**
 * Earnings: what the shop is owed and was paid (docs/finance.md). A sale is pending until the order is
 * delivered and the return window has passed, then available; payouts send the available balance to the bank.
 */
export function EarningsTab() {
  const trpc = useTRPC();
  const balance = useQuery(trpc.vendor.balance.queryOptions(undefined, DASHBOARD_CACHE));
  const [ledgerPage, setLedgerPage] = useState(1);
  const [payoutsPage, setPayoutsPage] = useState(1);
  const ledger = useQuery({
    ...trpc.vendor.ledger.queryOptions({ page: ledgerPage, per_page: PAGE_SIZE }, DASHBOARD_CACHE),
    placeholderData: keepPreviousData,
  });
  const payouts = useQuery({
    ...trpc.vendor.payouts.queryOptions({ page: payoutsPage, per_page: PAGE_SIZE }, DASHBOARD_CACHE),
    placeholderData: keepPreviousData,
  });
  useForgetRefusedSession(balance.error ?? ledger.error ?? payouts.error);

  const fetching = balance.isFetching || ledger.isFetching || payouts.isFetching;
  const refreshing = fetching && !balance.isPending;

  return (
    <DashboardSection
      title="Earnings"
      description="Sales are pending until the order is delivered and the return window has passed; then they are available and paid to your bank."
      actions={
        <Button
          variant="outline"
          onClick={() => void Promise.all([balance.refetch(), ledger.refetch(), payouts.refetch()])}
          disabled={fetching}
          aria-busy={refreshing}
        >
          <RefreshCw className={cn(refreshing && 'animate-spin')} aria-hidden="true" />
          Refresh
        </Button>
      }
    >
      {balance.isPending ? (
        <LoadingBlock label="Loading your balance..." />
      ) : balance.isError ? (
        <ErrorPanel
          title="Failed to load your balance"
          message={readServerError(balance.error, UI_TEXT.errorLoadingData).message}
          onRetry={() => void balance.refetch()}
          retrying={balance.isFetching}
        />
      ) : (
        <BalanceFigures balance={balance.data} />
      )}

      <Card>
        <CardHeader>
          <CardTitle>Payouts</CardTitle>
          <CardDescription>Transfers of your available balance to your bank account.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <QueryView
            query={payouts}
            loading="Loading your payouts..."
            failed="Failed to load payouts"
            failedReason={UI_TEXT.errorLoadingData}
            empty={{
              icon: Banknote,
              title: 'No payouts yet',
              description: 'When your available balance reaches the payout minimum, it is sent to your bank.',
              when: (page) => page.data.length === 0,
            }}
          >
            {(page) => (
              <>
                <PayoutsTable payouts={page.data} />
                <Pager
                  label="Payout pages"
                  page={page.current_page}
                  lastPage={page.last_page}
                  onPage={setPayoutsPage}
                />
              </>
            )}
          </QueryView>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Ledger</CardTitle>
          <CardDescription>Every movement of your shop's money, newest first.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <QueryView
            query={ledger}
            loading="Loading your ledger..."
            failed="Failed to load the ledger"
            failedReason={UI_TEXT.errorLoadingData}
            empty={{
              icon: ScrollText,
              title: 'No money movements yet',
              description: 'Paid orders of your shop will show here.',
              when: (page) => page.data.length === 0,
            }}
          >
            {(page) => (
              <>
                <LedgerTable entries={page.data} />
                <Pager label="Ledger pages" page={page.current_page} lastPage={page.last_page} onPage={setLedgerPage} />
              </>
            )}
          </QueryView>
        </CardContent>
      </Card>
    </DashboardSection>
  );
}

function BalanceFigures({ balance }: { balance: VendorBalanceDto }) {
  const pausedUntil = balance.payouts_paused_until;
  return (
    <>
      {pausedUntil ? (
        <div
          role="status"
          className="flex items-start gap-3 rounded-card border border-amber-300 bg-warning px-4 py-3 text-sm text-warning-foreground"
        >
          <PauseCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            <span className="font-semibold">Payouts are paused until {formatDateTime(pausedUntil)}.</span> Your bank
            details changed recently; for your safety no money is sent until then. Your balance keeps counting.
          </p>
        </div>
      ) : null}
      <StatGrid label="Balance">
        <li>
          <StatCard
            label="Pending"
            value={naira(balance.pending)}
            icon={Hourglass}
            note="Waiting for delivery and the return window"
          />
        </li>
        <li>
          <StatCard
            label="Available"
            value={naira(balance.available)}
            icon={Wallet}
            note="Paid to your bank in the next payout"
          />
        </li>
        <li>
          <StatCard
            label="Paid out"
            value={naira(balance.paid_out)}
            icon={CheckCircle2}
            note="Sent to your bank so far"
          />
        </li>
        <li>
          <StatCard
            label="Next release"
            value={balance.next_release_at ? formatDate(balance.next_release_at) : '—'}
            icon={CalendarClock}
            note={
              balance.next_release_at
                ? `Pending money becomes available on ${formatDateTime(balance.next_release_at)}`
                : 'Nothing is waiting to be released'
            }
          />
        </li>
      </StatGrid>
    </>
  );
}

function LedgerTable({ entries }: { entries: LedgerEntryDto[] }) {
  return (
    <MoneyTable caption="Ledger" columns={['Date', 'Entry', 'Amount', 'Balance', 'Order']}>
      {entries.map((entry) => {
        const later = new Date(entry.effective_at).getTime() > new Date(entry.created_at).getTime() + 60_000;
        return (
          <tr key={entry.id}>
            <MoneyCell className="whitespace-nowrap text-muted-foreground">
              <time dateTime={entry.created_at}>{formatDate(entry.created_at)}</time>
              {later ? (
                <span className="block text-xs">
                  counts from <time dateTime={entry.effective_at}>{formatDate(entry.effective_at)}</time>
                </span>
              ) : null}
            </MoneyCell>
            <MoneyCell>
              <span className="font-medium">{LEDGER_KIND_LABELS[entry.kind]}</span>
              {entry.reason ? <span className="block text-xs text-muted-foreground">{entry.reason}</span> : null}
            </MoneyCell>
            <MoneyCell>
              <SignedAmount amount={entry.amount} />
            </MoneyCell>
            <MoneyCell>{LEDGER_BUCKET_LABELS[entry.bucket]}</MoneyCell>
            <MoneyCell className="tabular-nums">
              {entry.order_id !== null
                ? `#${entry.order_id}`
                : entry.payout_id !== null
                  ? `Payout ${entry.payout_id}`
                  : '—'}
            </MoneyCell>
          </tr>
        );
      })}
    </MoneyTable>
  );
}

function PayoutsTable({ payouts }: { payouts: PayoutDto[] }) {
  return (
    <MoneyTable caption="Payouts" columns={['Created', 'Amount', 'To', 'Status', 'Settled', 'Reference']}>
      {payouts.map((payout) => (
        <tr key={payout.id}>
          <MoneyCell className="whitespace-nowrap text-muted-foreground">
            <time dateTime={payout.created_at}>{formatDateTime(payout.created_at)}</time>
          </MoneyCell>
          <MoneyCell className="font-semibold whitespace-nowrap tabular-nums">{naira(payout.amount)}</MoneyCell>
          <MoneyCell className="break-words">{payoutAccount(payout)}</MoneyCell>
          <MoneyCell>
            <PayoutStatusBadge status={payout.status} />
            {payout.failure_reason ? (
              <span className="mt-1 block text-xs text-muted-foreground">{payout.failure_reason}</span>
            ) : null}
          </MoneyCell>
          <MoneyCell className="whitespace-nowrap text-muted-foreground">
            {payout.settled_at ? <time dateTime={payout.settled_at}>{formatDateTime(payout.settled_at)}</time> : '—'}
          </MoneyCell>
          <MoneyCell className="font-mono text-xs break-all">{payout.reference}</MoneyCell>
        </tr>
      ))}
    </MoneyTable>
  );
}
