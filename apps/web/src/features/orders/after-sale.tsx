import type { RefundDto, RefundStatus, ReturnDto } from '@caps/contracts';
import { Check, Circle, X } from 'lucide-react';
import { formatDate, formatDateTime, RefundStatusBadge, ReturnStatusBadge } from '@/components/order-status';
import { REFUND_BUSINESS_DAYS } from '@/features/info/returns-page';
import { cn } from '@/lib/cn';
import { naira } from '@/lib/finance-labels';
import { REFUND_KIND_LABELS, refundSplit, returnReasonLabel } from '@/lib/returns';

/** What a refund's status means for the buyer. */
const REFUND_STATUS_NOTES: Record<RefundStatus, string> = {
  pending: 'Being prepared: it is sent to the payment provider shortly.',
  processing: 'Sent to the payment provider; waiting for its confirmation.',
  processed: `Refunded to your original payment method. Banks take up to ${REFUND_BUSINESS_DAYS} business days to show it.`,
  failed: 'The payment provider could not make this refund. Our support team will contact you.',
};

type StepState = 'done' | 'current' | 'upcoming' | 'stopped';

interface ReturnStep {
  title: string;
  state: StepState;
  text: string;
  /** When the step was reached (ISO), if it was. */
  at: string | null;
}

/**
 * A return along the four steps of the /returns page (request, review, inspection, refund) in the order they
 * happen here: the shop approves before the caps travel back, and inspects them once they arrive.
 */
function returnSteps(request: ReturnDto): ReturnStep[] {
  const rejected = request.status === 'rejected';
  const decided = request.status !== 'requested';
  const received = request.status === 'received' || request.status === 'refunded';
  const refund = request.refund;
  const note = request.decision_note ? ` Note from the shop: “${request.decision_note}”` : '';
  const count = request.items.reduce((sum, item) => sum + item.quantity, 0);
  let refundState: StepState = 'upcoming';
  if (refund?.status === 'processed') refundState = 'done';
  else if (refund?.status === 'failed') refundState = 'stopped';
  else if (received) refundState = 'current';
  return [
    {
      title: 'Submit a request',
      state: 'done',
      text: `You asked to return ${count} item${count === 1 ? '' : 's'}: ${returnReasonLabel(request.reason)}.`,
      at: request.created_at,
    },
    {
      title: 'Review and approval',
      state: rejected ? 'stopped' : decided ? 'done' : 'current',
      text: rejected
        ? `Your return was not approved.${note}`
        : decided
          ? `Approved. Send the items back to the shop in their original condition, with tags and packaging.${note}`
          : 'The shop reviews your request. Once it is approved, you send the items back.',
      at: request.decided_at,
    },
    {
      title: 'Inspection',
      state: rejected ? 'upcoming' : received ? 'done' : decided ? 'current' : 'upcoming',
      text: rejected
        ? 'Not needed: the items stay with you.'
        : received
          ? 'The shop received your items and inspected them.'
          : 'The shop inspects the items once they reach it.',
      at: request.received_at,
    },
    {
      title: 'Refund',
      state: rejected ? 'upcoming' : refundState,
      text: refund
        ? `${refundSplit(refund)}. ${REFUND_STATUS_NOTES[refund.status]}`
        : rejected
          ? 'No refund: this return was not approved.'
          : `Your refund goes to the original payment method within ${REFUND_BUSINESS_DAYS} business days${
              request.includes_shipping ? ', with your shipping' : ''
            }.`,
      at: refund?.processed_at ?? null,
    },
  ];
}

const STEP_STATE_WORDS: Record<StepState, string> = {
  done: 'done',
  current: 'in progress',
  upcoming: 'not yet',
  stopped: 'stopped',
};

function StepMarker({ state, index }: { state: StepState; index: number }) {
  const base = 'flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold';
  if (state === 'done')
    return (
      <span className={cn(base, 'border-primary bg-primary text-primary-foreground')} aria-hidden="true">
        <Check className="size-4" />
      </span>
    );
  if (state === 'stopped')
    return (
      <span className={cn(base, 'border-destructive bg-destructive text-white')} aria-hidden="true">
        <X className="size-4" />
      </span>
    );
  if (state === 'current')
    return (
      <span className={cn(base, 'border-primary bg-card text-primary')} aria-hidden="true">
        {index + 1}
      </span>
    );
  return (
    <span className={cn(base, 'border-border bg-card text-muted-foreground')} aria-hidden="true">
      <Circle className="size-3" />
    </span>
  );
}

/** One return of the order: its items, and where it stands along the four steps. */
export function ReturnProgress({ request }: { request: ReturnDto }) {
  const steps = returnSteps(request);
  return (
    <article aria-label={`Return #${request.id}`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">Return #{request.id}</h3>
        <ReturnStatusBadge status={request.status} />
        <span className="text-sm text-muted-foreground">Requested {formatDate(request.created_at)}</span>
      </div>
      <ul aria-label={`Items of return #${request.id}`} className="flex flex-col gap-1 text-sm">
        {request.items.map((item) => (
          <li key={item.order_item_id} className="flex flex-wrap justify-between gap-x-3">
            <span className="font-medium break-words">
              {item.product_name} · Size {item.size} · Qty {item.quantity}
            </span>
            <span className="tabular-nums">{naira(item.amount)}</span>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">
        <span className="font-medium text-foreground">Your details:</span> {request.details}
      </p>
      <ol aria-label={`Progress of return #${request.id}`} className="flex flex-col gap-4">
        {steps.map((step, index) => (
          <li key={step.title} className="flex gap-3" aria-current={step.state === 'current' ? 'step' : undefined}>
            <StepMarker state={step.state} index={index} />
            <div className="min-w-0 pt-1">
              <p className={cn('font-semibold', step.state === 'upcoming' && 'text-muted-foreground')}>
                <span className="sr-only">
                  Step {index + 1} ({STEP_STATE_WORDS[step.state]}):{' '}
                </span>
                {step.title}
                {step.at ? (
                  <span className="font-normal text-muted-foreground">
                    {' '}
                    · <time dateTime={step.at}>{formatDateTime(step.at)}</time>
                  </span>
                ) : null}
              </p>
              <p className="mt-0.5 text-sm text-muted-foreground">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </article>
  );
}

/** The order's refunds, newest first: amount, its items/shipping split, kind, status and dates. */
export function RefundList({ refunds }: { refunds: RefundDto[] }) {
  const sorted = [...refunds].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <ul aria-label="Refund records" className="flex flex-col divide-y divide-border">
      {sorted.map((refund) => (
        <li key={refund.id} className="flex flex-col gap-1 py-3 text-sm first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-base font-semibold tabular-nums">{naira(refund.amount)}</span>
            <RefundStatusBadge status={refund.status} />
          </div>
          <p className="text-muted-foreground">
            {REFUND_KIND_LABELS[refund.kind]} · Items {naira(refund.items_amount)}
            {refund.shipping_amount > 0 ? ` · Shipping ${naira(refund.shipping_amount)}` : ''}
          </p>
          <p className="text-muted-foreground">
            Started <time dateTime={refund.created_at}>{formatDateTime(refund.created_at)}</time>
            {refund.processed_at ? (
              <>
                {' '}
                · Processed <time dateTime={refund.processed_at}>{formatDateTime(refund.processed_at)}</time>
              </>
            ) : null}
          </p>
          <p>{REFUND_STATUS_NOTES[refund.status]}</p>
        </li>
      ))}
    </ul>
  );
}
