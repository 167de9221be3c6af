import { PAYOUT_STATUSES, type PayoutDto, type PayoutRunDto, type PayoutStatus, UI_TEXT } from '@caps/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Banknote, CheckCircle2, PlayCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { ListPager } from '@/components/list-pager';
import { formatDateTime } from '@/components/order-status';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { StatusPill } from '@/components/ui/status-pill';
import { toast } from '@/components/ui/toaster';
import { naira, PAGE_SIZE, PAYOUT_STATUS_LABELS, PAYOUT_STATUS_TONES, payoutAccount } from '@/lib/finance-labels';
import { ADMIN_QUERY_CACHE } from '@/lib/query-cache';
import { useTRPC } from '@/lib/trpc';
import { useAdminFailure, useRefreshAdminData } from './admin-queries';
import { AdminTable, Cell } from './admin-table';

const isPayoutStatus = (value: string): value is PayoutStatus => PAYOUT_STATUSES.some((status) => status === value);

function PayoutRows({ payouts }: { payouts: PayoutDto[] }) {
  return (
    <AdminTable caption="Payouts" columns={['Shop', 'Amount', 'To', 'Status', 'Reference', 'Created', 'Settled']}>
      {payouts.map((payout) => (
        <tr key={payout.id}>
          <Cell className="font-medium break-words">{payout.shop_name}</Cell>
          <Cell className="font-semibold whitespace-nowrap tabular-nums">{naira(payout.amount)}</Cell>
          <Cell className="break-words">{payoutAccount(payout)}</Cell>
          <Cell>
            <StatusPill tone={PAYOUT_STATUS_TONES[payout.status]}>{PAYOUT_STATUS_LABELS[payout.status]}</StatusPill>
            {payout.failure_reason ? (
              <span className="mt-1 block text-xs text-muted-foreground">{payout.failure_reason}</span>
            ) : null}
          </Cell>
          <Cell className="font-mono text-xs break-all">{payout.reference}</Cell>
          <Cell className="whitespace-nowrap text-muted-foreground">
            <time dateTime={payout.created_at}>{formatDateTime(payout.created_at)}</time>
          </Cell>
          <Cell className="whitespace-nowrap text-muted-foreground">
            {payout.settled_at ? <time dateTime={payout.settled_at}>{formatDateTime(payout.settled_at)}</time> : '—'}
          </Cell>
        </tr>
      ))}
    </AdminTable>
  );
}

/** What a finished run did, said once under the button. */
function RunResult({ result }: { result: PayoutRunDto }) {
  const made =
    result.created === 0
      ? 'No shop was due a payout.'
      : `${result.created} payout${result.created === 1 ? '' : 's'} created, ${naira(result.total_amount)} sent.`;
  const resumed =
    result.resumed > 0 ? ` ${result.resumed} earlier payout${result.resumed === 1 ? '' : 's'} resumed.` : '';
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-card border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900"
    >
      <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        <span className="font-semibold">Payout run finished.</span> {made}
        {resumed} Transfers settle in a moment; their status updates here.
      </p>
    </div>
  );
}

/** Every shop's payouts (admin.finance.payouts) with a status filter, and Run payouts (admin.finance.runPayouts). */
export function FinancePayouts({ payoutMinimum }: { payoutMinimum: number | null }) {
  const trpc = useTRPC();
  const filterId = useId();
  const refresh = useRefreshAdminData();
  const showFailure = useAdminFailure();
  const [status, setStatus] = useState<PayoutStatus | ''>('');
  const [page, setPage] = useState(1);
  const payouts = useQuery({
    ...trpc.admin.finance.payouts.queryOptions(
      status ? { page, per_page: PAGE_SIZE, status } : { page, per_page: PAGE_SIZE },
      ADMIN_QUERY_CACHE,
    ),
    placeholderData: keepPreviousData,
  });
  const run = useMutation(trpc.admin.finance.runPayouts.mutationOptions());
  const [confirming, setConfirming] = useState(false);
  const [runFailure, setRunFailure] = useState<string | null>(null);
  const [result, setResult] = useState<PayoutRunDto | null>(null);

  const startRun = () => {
    setRunFailure(null);
    run.mutate(undefined, {
      onSuccess: (answer) => {
        setResult(answer);
        setConfirming(false);
        toast.success(UI_TEXT.payoutsRun, {
          description: answer.created === 0 ? 'No shop was due a payout.' : `${naira(answer.total_amount)} sent.`,
        });
        void refresh();
      },
      onError: (error) => setRunFailure(showFailure(error, UI_TEXT.payoutsRunFailed)),
    });
  };

  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <CardTitle>Payouts</CardTitle>
          <CardDescription>
            A run pays every verified shop whose available balance reaches the payout minimum. It also runs daily.
          </CardDescription>
        </div>
        <Button
          onClick={() => {
            setRunFailure(null);
            setConfirming(true);
          }}
          disabled={run.isPending}
        >
          <PlayCircle aria-hidden="true" />
          Run payouts
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {result ? <RunResult result={result} /> : null}
        <div className="flex w-full flex-col gap-2 sm:max-w-xs">
          <Label htmlFor={filterId}>Status</Label>
          <Select
            id={filterId}
            value={status}
            onChange={(event) => {
              const next = event.target.value;
              setStatus(isPayoutStatus(next) ? next : '');
              setPage(1);
            }}
          >
            <option value="">All payouts</option>
            {PAYOUT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {PAYOUT_STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
        </div>
        <QueryView
          query={payouts}
          loading="Loading payouts..."
          failed="Failed to load payouts"
          empty={{
            icon: Banknote,
            title: status ? `No ${PAYOUT_STATUS_LABELS[status].toLowerCase()} payouts` : 'No payouts yet',
            when: (data) => data.data.length === 0,
          }}
        >
          {(data) => (
            <>
              <PayoutRows payouts={data.data} />
              <ListPager page={data.current_page} lastPage={data.last_page} onPage={setPage} />
            </>
          )}
        </QueryView>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Run payouts now?"
        description={`Every verified shop whose available balance is at least ${
          payoutMinimum === null ? 'the payout minimum' : naira(payoutMinimum)
        } is paid to its bank account now. Money sent cannot be called back.`}
        confirmLabel="Run payouts"
        onConfirm={startRun}
        pending={run.isPending}
        failure={runFailure}
      />
    </Card>
  );
}
