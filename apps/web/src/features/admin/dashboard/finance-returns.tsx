import { RETURN_STATUSES, type ReturnDto, type ReturnStatus, UI_TEXT } from '@caps/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import { ListPager } from '@/components/list-pager';
import { formatDateTime, ReturnStatusBadge } from '@/components/order-status';
import { QueryView } from '@/components/query-view';
import { type ReturnAction, ReturnActionDialog } from '@/components/return-dialogs';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toaster';
import { naira, PAGE_SIZE } from '@/lib/finance-labels';
import { ADMIN_QUERY_CACHE } from '@/lib/query-cache';
import { RETURN_STATUS_LABELS, returnReasonLabel } from '@/lib/returns';
import { readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';
import { useAdminFailure, useRefreshAdminData } from './admin-queries';
import { AdminTable, Cell } from './admin-table';

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

/** What an admin may do with a return: decide (or overrule the shop) until it is received, then receive it. */
function actionsOf(request: ReturnDto): ReturnAction[] {
  switch (request.status) {
    case 'requested':
      return ['approve', 'reject'];
    case 'approved':
      return ['receive', 'reject'];
    case 'rejected':
      return ['approve'];
    default:
      return [];
  }
}

const ACTION_LABELS: Record<ReturnAction, string> = {
  approve: 'Approve',
  reject: 'Reject',
  receive: 'Mark Received',
};

function ReturnRows({
  returns,
  onAction,
}: {
  returns: ReturnDto[];
  onAction: (request: ReturnDto, action: ReturnAction) => void;
}) {
  return (
    <AdminTable
      caption="Returns"
      columns={['Return', 'Shop', 'Customer', 'Reason', 'Items', 'Status', 'Requested', 'Actions']}
      minWidth="min-w-[60rem]"
    >
      {returns.map((request) => (
        <tr key={request.id}>
          <Cell className="font-medium whitespace-nowrap">
            #{request.id}
            <span className="block text-xs text-muted-foreground">Order #{request.order_id}</span>
          </Cell>
          <Cell className="break-words">{request.shop.shop_name}</Cell>
          <Cell className="break-words">
            {request.customer.name}
            <span className="block text-xs break-all text-muted-foreground">{request.customer.email}</span>
          </Cell>
          <Cell>
            {returnReasonLabel(request.reason)}
            {request.includes_shipping ? (
              <span className="block text-xs text-muted-foreground">Shipping refunded</span>
            ) : null}
          </Cell>
          <Cell className="whitespace-nowrap tabular-nums">
            {request.items.reduce((sum, item) => sum + item.quantity, 0)} ·{' '}
            {naira(request.items.reduce((sum, item) => sum + item.amount, 0))}
          </Cell>
          <Cell>
            <ReturnStatusBadge status={request.status} />
            {request.decided_by ? (
              <span className="mt-1 block text-xs text-muted-foreground">
                by {request.decided_by.name} ({request.decided_by.role})
              </span>
            ) : null}
          </Cell>
          <Cell className="whitespace-nowrap text-muted-foreground">
            <time dateTime={request.created_at}>{formatDateTime(request.created_at)}</time>
          </Cell>
          <Cell>
            <div className="flex flex-wrap gap-2">
              {actionsOf(request).map((action) => (
                <Button
                  key={action}
                  size="sm"
                  variant={action === 'reject' ? 'outline' : 'default'}
                  onClick={() => onAction(request, action)}
                  aria-label={`${ACTION_LABELS[action]} return #${request.id}`}
                >
                  {ACTION_LABELS[action]}
                </Button>
              ))}
            </div>
          </Cell>
        </tr>
      ))}
    </AdminTable>
  );
}

/**
 * Every return (admin.returns.list) with a status filter: an admin decides one, overrules the shop's decision
 * while the caps are not received, and marks it received (docs/returns.md).
 */
export function FinanceReturns() {
  const trpc = useTRPC();
  const filterId = useId();
  const refresh = useRefreshAdminData();
  const showFailure = useAdminFailure();
  const [status, setStatus] = useState<ReturnStatus | ''>('');
  const [page, setPage] = useState(1);
  const returns = useQuery({
    ...trpc.admin.returns.list.queryOptions(
      status ? { page, per_page: PAGE_SIZE, status } : { page, per_page: PAGE_SIZE },
      ADMIN_QUERY_CACHE,
    ),
    placeholderData: keepPreviousData,
  });
  const decide = useMutation(trpc.admin.returns.decide.mutationOptions());
  const receive = useMutation(trpc.admin.returns.receive.mutationOptions());
  const [acting, setActing] = useState<{ request: ReturnDto; action: ReturnAction } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [noteError, setNoteError] = useState<string | null>(null);

  const handlers = (action: ReturnAction) => ({
    onSuccess: () => {
      toast.success(SUCCESS[action]);
      setActing(null);
      void refresh();
    },
    onError: (error: unknown) => {
      const message = showFailure(error, FAILURE[action]);
      setFailure(message);
      setNoteError(readServerError(error, message).fieldErrors.note?.[0] ?? null);
      void refresh();
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

  return (
    <Card>
      <CardHeader>
        <CardTitle>Returns</CardTitle>
        <CardDescription>
          Customers' return requests of every shop. An admin may decide one or overrule the shop until the caps are
          received; marking a return received makes its refund.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex w-full flex-col gap-2 sm:max-w-xs">
          <Label htmlFor={filterId}>Return status</Label>
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
          empty={{
            icon: Undo2,
            title: status ? `No ${RETURN_STATUS_LABELS[status].toLowerCase()} returns` : 'No returns yet',
            when: (data) => data.data.length === 0,
          }}
        >
          {(data) => (
            <>
              <ReturnRows
                returns={data.data}
                onAction={(request, action) => {
                  setFailure(null);
                  setNoteError(null);
                  setActing({ request, action });
                }}
              />
              <ListPager page={data.current_page} lastPage={data.last_page} onPage={setPage} />
            </>
          )}
        </QueryView>
      </CardContent>
      <ReturnActionDialog
        request={acting?.request ?? null}
        action={acting?.action ?? null}
        onOpenChange={(next) => (next ? undefined : setActing(null))}
        onConfirm={confirm}
        pending={decide.isPending || receive.isPending}
        failure={failure}
        noteError={noteError}
        actor="admin"
        showFacts
      />
    </Card>
  );
}
