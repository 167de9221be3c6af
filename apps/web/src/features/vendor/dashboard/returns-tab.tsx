import { RETURN_STATUSES, type ReturnDto, type ReturnStatus, UI_TEXT } from '@caps/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Check, PackageCheck, RefreshCw, Undo2, X } from 'lucide-react';
import { useId, useState } from 'react';
import { DashboardSection } from '@/components/dashboard-section';
import { formatDate, ReturnStatusBadge } from '@/components/order-status';
import { QueryView } from '@/components/query-view';
import { type ReturnAction, ReturnActionDialog, ReturnFacts } from '@/components/return-dialogs';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toaster';
import { cn } from '@/lib/cn';
import { PAGE_SIZE } from '@/lib/finance-labels';
import { DASHBOARD_CACHE } from '@/lib/query-cache';
import { RETURN_STATUS_LABELS } from '@/lib/returns';
import { useTRPC } from '@/lib/trpc';
import { toastFailure } from './failure-toast';
import { Pager } from './finance-table';
import { useRefreshShopData } from './use-refresh-shop-data';
import { useForgetRefusedSession } from './use-vendor-profile';

const isReturnStatus = (value: string): value is ReturnStatus => RETURN_STATUSES.some((status) => status === value);

const SUCCESS: Record<ReturnAction, string> = {
  approve: UI_TEXT.returnApproved,
  reject: UI_TEXT.returnRejected,
  receive: UI_TEXT.returnReceived,
};
const FAILURE: Record<ReturnAction, string> = {
  approve: UI_TEXT.returnDecisionFailed,
  reject: UI_TEXT.returnDecisionFailed,
  receive: UI_TEXT.returnReceiveFailed,
};

/** Returns: the customers' return requests of the shop, newest first; approve or reject, then mark received. */
export function ReturnsTab() {
  const trpc = useTRPC();
  const filterId = useId();
  const refresh = useRefreshShopData();
  const [status, setStatus] = useState<ReturnStatus | ''>('');
  const [page, setPage] = useState(1);
  const returns = useQuery({
    ...trpc.vendor.returns.queryOptions(
      status ? { page, per_page: PAGE_SIZE, status } : { page, per_page: PAGE_SIZE },
      DASHBOARD_CACHE,
    ),
    placeholderData: keepPreviousData,
  });
  useForgetRefusedSession(returns.error);
  const decide = useMutation(trpc.vendor.decideReturn.mutationOptions());
  const receive = useMutation(trpc.vendor.receiveReturn.mutationOptions());
  const [acting, setActing] = useState<{ request: ReturnDto; action: ReturnAction } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [noteError, setNoteError] = useState<string | null>(null);

  const open = (request: ReturnDto, action: ReturnAction) => {
    setFailure(null);
    setNoteError(null);
    setActing({ request, action });
  };

  const handlers = (action: ReturnAction) => ({
    onSuccess: async () => {
      toast.success(SUCCESS[action]);
      setActing(null);
      await refresh();
    },
    onError: async (error: unknown) => {
      const { message, fieldErrors } = toastFailure(FAILURE[action], error);
      setFailure(message);
      setNoteError(fieldErrors.note?.[0] ?? null);
      // Someone (an admin) may have decided it meanwhile: show where it really is.
      await refresh();
    },
  });

  const confirm = ({ note, restock }: { note?: string; restock?: boolean }) => {
    if (!acting) return;
    const { request, action } = acting;
    setFailure(null);
    setNoteError(null);
    if (action === 'receive') {
      receive.mutate({ id: request.id, restock: restock ?? false }, handlers(action));
    } else {
      const decision = action === 'approve' ? 'approved' : 'rejected';
      decide.mutate(note ? { id: request.id, decision, note } : { id: request.id, decision }, handlers(action));
    }
  };

  const refreshing = returns.isFetching && !returns.isPending;

  return (
    <DashboardSection
      title="Returns"
      description="Customers may ask to return caps until the return window of a delivered order ends. Approve or reject each request; when the caps reach you, mark the return received and the refund is made."
      actions={
        <Button
          variant="outline"
          onClick={() => void returns.refetch()}
          disabled={returns.isFetching}
          aria-busy={refreshing}
        >
          <RefreshCw className={cn(refreshing && 'animate-spin')} aria-hidden="true" />
          Refresh
        </Button>
      }
    >
      <div className="flex w-full flex-col gap-2 sm:max-w-xs">
        <Label htmlFor={filterId}>Status</Label>
        <Select
          id={filterId}
          value={status}
          onChange={(event) => {
            const next = event.target.value;
            setStatus(isReturnStatus(next) ? next : '');
            setPage(1);
          }}
        >
          <option value="">All returns</option>
          {RETURN_STATUSES.map((value) => (
            <option key={value} value={value}>
              {RETURN_STATUS_LABELS[value]}
            </option>
          ))}
        </Select>
      </div>
      <QueryView
        query={returns}
        loading="Loading returns..."
        failed="Failed to load returns"
        failedReason={UI_TEXT.errorLoadingData}
        empty={{
          icon: Undo2,
          title: status ? `No ${RETURN_STATUS_LABELS[status].toLowerCase()} returns` : 'No returns yet',
          description: status ? undefined : 'When a customer asks to return caps of your shop, the request shows here.',
          when: (data) => data.data.length === 0,
        }}
      >
        {(data) => (
          <>
            <ul aria-label="Returns" className="flex flex-col gap-4">
              {data.data.map((request) => (
                <li key={request.id}>
                  <ReturnCard request={request} onAction={(action) => open(request, action)} />
                </li>
              ))}
            </ul>
            <Pager label="Returns pages" page={data.current_page} lastPage={data.last_page} onPage={setPage} />
          </>
        )}
      </QueryView>
      <ReturnActionDialog
        request={acting?.request ?? null}
        action={acting?.action ?? null}
        onOpenChange={(next) => (next ? undefined : setActing(null))}
        onConfirm={confirm}
        pending={decide.isPending || receive.isPending}
        failure={failure}
        noteError={noteError}
        actor="shop"
      />
    </DashboardSection>
  );
}

function ReturnCard({ request, onAction }: { request: ReturnDto; onAction: (action: ReturnAction) => void }) {
  const headingId = useId();
  const noteId = useId();
  return (
    <Card role="group" aria-labelledby={headingId} className="flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-semibold">
          Return #{request.id} · Order #{request.order_id}
        </h3>
        <ReturnStatusBadge status={request.status} />
        <span className="text-sm text-muted-foreground">
          <time dateTime={request.created_at}>{formatDate(request.created_at)}</time>
        </span>
      </div>
      <ReturnFacts request={request} />
      <span id={noteId} hidden>
        Return #{request.id}
      </span>
      {request.status === 'requested' || request.status === 'approved' ? (
        <div className="flex flex-wrap justify-end gap-2">
          {request.status === 'requested' ? (
            <>
              <Button variant="outline" size="sm" onClick={() => onAction('reject')} aria-describedby={noteId}>
                <X aria-hidden="true" />
                Reject
              </Button>
              <Button size="sm" onClick={() => onAction('approve')} aria-describedby={noteId}>
                <Check aria-hidden="true" />
                Approve
              </Button>
            </>
          ) : (
            <Button size="sm" onClick={() => onAction('receive')} aria-describedby={noteId}>
              <PackageCheck aria-hidden="true" />
              Mark Received
            </Button>
          )}
        </div>
      ) : null}
    </Card>
  );
}
