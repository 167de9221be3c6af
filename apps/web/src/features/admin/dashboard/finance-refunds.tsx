import { GoodwillRefundInput, REFUND_STATUSES, type RefundDto, type RefundStatus, UI_TEXT } from '@caps/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, ReceiptText } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ListPager } from '@/components/list-pager';
import { formatDateTime, RefundStatusBadge } from '@/components/order-status';
import { QueryView } from '@/components/query-view';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert, TextAreaField, TextField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/toaster';
import { naira, PAGE_SIZE } from '@/lib/finance-labels';
import { ADMIN_QUERY_CACHE } from '@/lib/query-cache';
import { REFUND_KIND_LABELS, REFUND_STATUS_LABELS } from '@/lib/returns';
import { applyServerFieldErrors, readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';
import { useAdminFailure, useRefreshAdminData } from './admin-queries';
import { AdminTable, Cell } from './admin-table';

const isRefundStatus = (value: string): value is RefundStatus => REFUND_STATUSES.some((status) => status === value);

function RefundRows({ refunds }: { refunds: RefundDto[] }) {
  return (
    <AdminTable
      caption="Refunds"
      columns={['Refund', 'Kind', 'Amount', 'Status', 'Payment', 'Dates']}
      minWidth="min-w-[56rem]"
    >
      {refunds.map((refund) => (
        <tr key={refund.id}>
          <Cell className="font-medium whitespace-nowrap">
            #{refund.id}
            <span className="block text-xs text-muted-foreground">
              {refund.order_id === null ? 'Whole payment' : `Order #${refund.order_id}`}
            </span>
          </Cell>
          <Cell>
            {REFUND_KIND_LABELS[refund.kind]}
            {refund.reason ? (
              <span className="block max-w-56 text-xs break-words text-muted-foreground">{refund.reason}</span>
            ) : null}
          </Cell>
          <Cell className="whitespace-nowrap tabular-nums">
            <span className="font-semibold">{naira(refund.amount)}</span>
            <span className="block text-xs text-muted-foreground">
              Items {naira(refund.items_amount)}
              {refund.shipping_amount > 0 ? ` · Shipping ${naira(refund.shipping_amount)}` : ''}
            </span>
          </Cell>
          <Cell>
            <RefundStatusBadge status={refund.status} />
            {refund.failure_reason ? (
              <span className="mt-1 block text-xs text-muted-foreground">{refund.failure_reason}</span>
            ) : null}
          </Cell>
          <Cell className="font-mono text-xs break-all">
            {refund.payment_reference}
            {refund.provider_reference ? (
              <span className="block text-muted-foreground">Paystack {refund.provider_reference}</span>
            ) : null}
          </Cell>
          <Cell className="text-muted-foreground">
            <span className="block whitespace-nowrap">
              Started <time dateTime={refund.created_at}>{formatDateTime(refund.created_at)}</time>
            </span>
            <span className="block text-xs">
              {refund.initiated_by ? `by ${refund.initiated_by.name} (${refund.initiated_by.role})` : 'automatically'}
            </span>
            {refund.processed_at ? (
              <span className="block whitespace-nowrap">
                Processed <time dateTime={refund.processed_at}>{formatDateTime(refund.processed_at)}</time>
              </span>
            ) : null}
          </Cell>
        </tr>
      ))}
    </AdminTable>
  );
}

const GoodwillForm = GoodwillRefundInput;
type GoodwillValues = z.input<typeof GoodwillForm>;

/** A goodwill refund of an order (admin.refunds.goodwill): never more than what is left of it. */
function GoodwillRefund() {
  const trpc = useTRPC();
  const refresh = useRefreshAdminData();
  const showFailure = useAdminFailure();
  const goodwill = useMutation(trpc.admin.refunds.goodwill.mutationOptions());
  const [result, setResult] = useState<RefundDto | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<GoodwillValues, unknown, z.output<typeof GoodwillForm>>({
    resolver: zodResolver(GoodwillForm),
    defaultValues: { id: '', amount: '', reason: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setResult(null);
    try {
      const answer = await goodwill.mutateAsync(values);
      setResult(answer);
      reset({ id: '', amount: '', reason: '' });
      toast.success(UI_TEXT.goodwillRefundCreated, { description: `${naira(answer.amount)} to the buyer.` });
      void refresh();
    } catch (error) {
      const message = showFailure(error, UI_TEXT.goodwillRefundFailed);
      const { fieldErrors } = readServerError(error, message);
      applyServerFieldErrors(setError, fieldErrors, ['id', 'amount', 'reason']);
      // "… more than what is left of the order (₦X)" stays in view, with what is left.
      if (![fieldErrors.id?.[0], fieldErrors.amount?.[0], fieldErrors.reason?.[0]].includes(message)) {
        setFailure(message);
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Goodwill refund" className="flex flex-col gap-4">
      <h3 className="text-lg font-semibold">Goodwill refund</h3>
      <p className="-mt-2 text-sm text-muted-foreground">
        Refunds part of a paid order to the buyer's original payment method: its items first, then its shipping. Never
        more than what is left of the order; audited.
      </p>
      <FormAlert message={failure} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Order number"
          hint="For example 42 (without #)"
          error={errors.id?.message}
          registration={register('id')}
          inputMode="numeric"
          autoComplete="off"
          aria-required="true"
        />
        <TextField
          label="Refund amount (₦)"
          hint="For example 1500 or 250.50"
          error={errors.amount?.message}
          registration={register('amount')}
          inputMode="decimal"
          autoComplete="off"
          aria-required="true"
        />
      </div>
      <TextAreaField
        label="Reason"
        error={errors.reason?.message}
        registration={register('reason')}
        rows={2}
        aria-required="true"
      />
      {result ? (
        <p role="status" className="flex items-center gap-2 text-sm text-green-800">
          <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
          Refund #{result.id} of {naira(result.amount)} for order #{result.order_id} created (
          {REFUND_STATUS_LABELS[result.status].toLowerCase()}).
        </p>
      ) : null}
      <div className="flex justify-end">
        <SubmitButton busy={isSubmitting} label="Refund" busyLabel="Refunding..." />
      </div>
    </form>
  );
}

/** Every refund (admin.refunds.list) with a status filter, and the goodwill refund. */
export function FinanceRefunds() {
  const trpc = useTRPC();
  const filterId = useId();
  const [status, setStatus] = useState<RefundStatus | ''>('');
  const [page, setPage] = useState(1);
  const refunds = useQuery({
    ...trpc.admin.refunds.list.queryOptions(
      status ? { page, per_page: PAGE_SIZE, status } : { page, per_page: PAGE_SIZE },
      ADMIN_QUERY_CACHE,
    ),
    placeholderData: keepPreviousData,
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Refunds</CardTitle>
        <CardDescription>
          Money sent back to buyers: cancellations, returns, goodwill and payments that came too late or twice. Paystack
          settles each in a moment; a failed one gives its amount back to the order.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="flex w-full flex-col gap-2 sm:max-w-xs">
          <Label htmlFor={filterId}>Refund status</Label>
          <Select
            id={filterId}
            value={status}
            onChange={(event) => {
              const next = event.target.value;
              setStatus(isRefundStatus(next) ? next : '');
              setPage(1);
            }}
          >
            <option value="">All refunds</option>
            {REFUND_STATUSES.map((value) => (
              <option key={value} value={value}>
                {REFUND_STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
        </div>
        <QueryView
          query={refunds}
          loading="Loading refunds..."
          failed="Failed to load refunds"
          empty={{
            icon: ReceiptText,
            title: status ? `No ${REFUND_STATUS_LABELS[status].toLowerCase()} refunds` : 'No refunds yet',
            when: (data) => data.data.length === 0,
          }}
        >
          {(data) => (
            <>
              <RefundRows refunds={data.data} />
              <ListPager page={data.current_page} lastPage={data.last_page} onPage={setPage} />
            </>
          )}
        </QueryView>
        <div className="border-t border-border pt-6">
          <GoodwillRefund />
        </div>
      </CardContent>
    </Card>
  );
}
