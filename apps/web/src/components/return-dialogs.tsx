import { RETURNS_TEXT, type ReturnDto } from '@caps/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { formatDateTime, RefundStatusBadge, ReturnStatusBadge } from '@/components/order-status';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError, FormAlert } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { naira } from '@/lib/finance-labels';
import { refundSplit, returnReasonLabel } from '@/lib/returns';

/**
 * What the shop's Returns tab and the admin's Finance tab show of a return and ask before acting on one:
 * approve, reject with a note, mark received with or without putting the caps back in stock.
 */

/** A return's facts: who, why, which caps, and what happened so far. */
export function ReturnFacts({ request, showShop = false }: { request: ReturnDto; showShop?: boolean }) {
  const itemsTotal = request.items.reduce((sum, item) => sum + item.amount, 0);
  return (
    <div className="flex flex-col gap-3 text-sm">
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">Customer</dt>
        <dd className="break-words">
          {request.customer.name} ({request.customer.email})
        </dd>
        {showShop ? (
          <>
            <dt className="text-muted-foreground">Shop</dt>
            <dd className="break-words">{request.shop.shop_name}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Reason</dt>
        <dd>
          {returnReasonLabel(request.reason)}
          {request.includes_shipping ? ' · the refund includes shipping (seller at fault)' : ''}
        </dd>
        <dt className="text-muted-foreground">Details</dt>
        <dd className="break-words whitespace-pre-line">{request.details}</dd>
        {request.decision_note ? (
          <>
            <dt className="text-muted-foreground">Decision note</dt>
            <dd className="break-words">{request.decision_note}</dd>
          </>
        ) : null}
        {request.decided_at ? (
          <>
            <dt className="text-muted-foreground">Decided</dt>
            <dd>
              {formatDateTime(request.decided_at)}
              {request.decided_by ? ` by ${request.decided_by.name} (${request.decided_by.role})` : ''}
            </dd>
          </>
        ) : null}
        {request.received_at ? (
          <>
            <dt className="text-muted-foreground">Received</dt>
            <dd>
              {formatDateTime(request.received_at)}
              {request.restocked === true ? ' · back in stock' : request.restocked === false ? ' · not restocked' : ''}
            </dd>
          </>
        ) : null}
        {request.refund ? (
          <>
            <dt className="text-muted-foreground">Refund</dt>
            <dd className="flex flex-wrap items-center gap-2">
              {refundSplit(request.refund)} <RefundStatusBadge status={request.refund.status} />
            </dd>
          </>
        ) : null}
      </dl>
      <ul aria-label={`Items of return #${request.id}`} className="flex flex-col divide-y divide-border">
        {request.items.map((item) => (
          <li key={item.order_item_id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5">
            <span className="min-w-0 font-medium break-words">{item.product_name}</span>
            <span className="text-muted-foreground">
              Size {item.size} · Qty {item.quantity} · {naira(item.amount)}
            </span>
          </li>
        ))}
        <li className="flex justify-between gap-3 py-1.5 font-semibold">
          <span>Items paid</span>
          <span className="tabular-nums">{naira(itemsTotal)}</span>
        </li>
      </ul>
    </div>
  );
}

export type ReturnAction = 'approve' | 'reject' | 'receive';

interface ReturnActionDialogProps {
  request: ReturnDto | null;
  action: ReturnAction | null;
  onOpenChange: (open: boolean) => void;
  /** approve: {}, reject: { note }, receive: { restock }. */
  onConfirm: (input: { note?: string; restock?: boolean }) => void;
  pending: boolean;
  /** The server's reason when the action failed (kept in the dialog while the toast says it failed). */
  failure: string | null;
  /** A field message from the server (the note). */
  noteError?: string | null;
  /** Whose words: "the shop" or "an admin" (in the texts about the customer). */
  actor: 'shop' | 'admin';
  /** Shows the return's facts in the dialog (the admin's table has no room for them). */
  showFacts?: boolean;
}

const TITLES: Record<ReturnAction, string> = {
  approve: 'Approve this return?',
  reject: 'Reject this return?',
  receive: 'Mark the return received?',
};

const CONFIRM_LABELS: Record<ReturnAction, string> = {
  approve: 'Approve Return',
  reject: 'Reject Return',
  receive: 'Mark Received',
};

/** One dialog for the three steps; Cancel has the focus first where no field is asked for. */
export function ReturnActionDialog({
  request,
  action,
  onOpenChange,
  onConfirm,
  pending,
  failure,
  noteError = null,
  actor,
  showFacts = false,
}: ReturnActionDialogProps) {
  const open = request !== null && action !== null;
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent role="alertdialog" className="max-w-lg">
        {request && action ? (
          <ActionBody
            key={`${request.id}-${action}`}
            request={request}
            action={action}
            onConfirm={onConfirm}
            pending={pending}
            failure={failure}
            noteError={noteError}
            actor={actor}
            showFacts={showFacts}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function describe(request: ReturnDto, action: ReturnAction, actor: 'shop' | 'admin'): string {
  const items = request.items.reduce((sum, item) => sum + item.amount, 0);
  const shipping = request.includes_shipping ? ' plus the order’s shipping share' : '';
  switch (action) {
    case 'approve':
      return `The customer is told to send the caps of order #${request.order_id} back. The refund (${naira(items)}${shipping}) is made when ${actor === 'shop' ? 'you mark' : 'the return is marked'} them received.`;
    case 'reject':
      return 'The order goes back to delivered and no refund is made. The customer sees your note.';
    case 'receive':
      return `The refund of ${naira(items)}${shipping} goes to the customer's original payment method now. This cannot be undone.`;
  }
}

function ActionBody({
  request,
  action,
  onConfirm,
  pending,
  failure,
  noteError,
  actor,
  showFacts,
}: Omit<ReturnActionDialogProps, 'request' | 'action' | 'onOpenChange'> & {
  request: ReturnDto;
  action: ReturnAction;
}) {
  const noteId = useId();
  const restockId = useId();
  const [note, setNote] = useState('');
  const [restock, setRestock] = useState(true);
  const [localError, setLocalError] = useState<string | null>(null);
  useEffect(() => {
    if (noteError) setLocalError(noteError);
  }, [noteError]);
  const shownNoteError = localError ?? undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (action === 'reject') {
      if (note.trim().length === 0) {
        setLocalError(RETURNS_TEXT.noteRequired);
        return;
      }
      setLocalError(null);
      onConfirm({ note: note.trim() });
    } else if (action === 'approve') {
      onConfirm(note.trim() ? { note: note.trim() } : {});
    } else {
      onConfirm({ restock });
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={TITLES[action]}>
      <DialogHeader>
        <DialogTitle>{TITLES[action]}</DialogTitle>
        <DialogDescription>
          Return #{request.id} of order #{request.order_id}: {describe(request, action, actor)}
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-4">
        {showFacts ? (
          <ReturnFacts request={request} showShop />
        ) : (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <ReturnStatusBadge status={request.status} />
            <span className="text-muted-foreground">
              {returnReasonLabel(request.reason)} · {request.customer.name}
            </span>
          </div>
        )}
        {action === 'receive' ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Are the caps back in stock?</legend>
            <label className="flex items-start gap-2 text-sm" htmlFor={`${restockId}-yes`}>
              <input
                id={`${restockId}-yes`}
                type="radio"
                name={restockId}
                className="mt-0.5 size-4 accent-primary"
                checked={restock}
                onChange={() => setRestock(true)}
              />
              <span>Yes, put them back in stock: they can be sold again.</span>
            </label>
            <label className="flex items-start gap-2 text-sm" htmlFor={`${restockId}-no`}>
              <input
                id={`${restockId}-no`}
                type="radio"
                name={restockId}
                className="mt-0.5 size-4 accent-primary"
                checked={!restock}
                onChange={() => setRestock(false)}
              />
              <span>No, they cannot be sold again (damaged or used).</span>
            </label>
          </fieldset>
        ) : (
          <div className="flex flex-col gap-2">
            <Label htmlFor={noteId}>{action === 'reject' ? 'Note to the customer' : 'Note (optional)'}</Label>
            <Textarea
              id={noteId}
              rows={3}
              maxLength={500}
              value={note}
              aria-required={action === 'reject'}
              aria-invalid={Boolean(shownNoteError)}
              aria-describedby={shownNoteError ? `${noteId}-error` : undefined}
              placeholder={action === 'reject' ? 'Why the return cannot be accepted' : 'Return instructions'}
              onChange={(event) => setNote(event.target.value)}
            />
            <FieldError id={`${noteId}-error`} message={shownNoteError} />
          </div>
        )}
        <FormAlert message={failure && failure !== shownNoteError ? failure : null} />
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button
          type="submit"
          variant={action === 'reject' ? 'destructive' : 'default'}
          disabled={pending}
          aria-busy={pending}
        >
          {pending ? <Spinner /> : null}
          {CONFIRM_LABELS[action]}
        </Button>
      </DialogFooter>
    </form>
  );
}
