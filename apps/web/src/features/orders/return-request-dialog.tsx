import {
  type OrderDto,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type ReturnReason,
  ReturnRequestInput,
  SELLER_FAULT_REASONS,
  UI_TEXT,
} from '@caps/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { formatDateTime } from '@/components/order-status';
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
import { FieldError, FormAlert, FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import { naira } from '@/lib/finance-labels';
import { returnableQuantities } from '@/lib/returns';
import { readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';

interface ReturnRequestDialogProps {
  order: OrderDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Asks to return some or all caps of a delivered order, within the return window. */
export function ReturnRequestDialog({ order, open, onOpenChange }: ReturnRequestDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Request a return</DialogTitle>
          <DialogDescription>
            Choose the caps to send back and tell the shop why.
            {order.return_window_ends_at
              ? ` Returns of this order are possible until ${formatDateTime(order.return_window_ends_at)}.`
              : ''}
          </DialogDescription>
        </DialogHeader>
        {open ? <ReturnForm order={order} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

type Field = 'items' | 'reason' | 'details';
type FieldMessages = Partial<Record<Field, string>>;

/** 0 (not returned) up to what may still be returned of a line. */
function quantityChoices(max: number): number[] {
  return Array.from({ length: max + 1 }, (_, quantity) => quantity);
}

const isReason = (value: string): value is ReturnReason => RETURN_REASONS.some((reason) => reason === value);

/** The server's (or the contract's) messages per field: `items.0.quantity` counts as the items' message. */
function messagesByField(fieldErrors: Record<string, string[] | undefined>): FieldMessages {
  const messages: FieldMessages = {};
  for (const [path, list] of Object.entries(fieldErrors)) {
    const message = list?.[0];
    if (!message) continue;
    const field = path.split('.')[0];
    if ((field === 'items' || field === 'reason' || field === 'details') && !messages[field]) messages[field] = message;
  }
  return messages;
}

function ReturnForm({ order, onDone }: { order: OrderDto; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const itemsId = useId();
  const left = returnableQuantities(order.items, order.returns);
  const returnable = order.items.filter((item) => (left.get(item.id) ?? 0) > 0);
  // A single line is the usual case: it starts with all of its caps chosen.
  const [quantities, setQuantities] = useState<Record<number, number>>(() =>
    returnable.length === 1 && returnable[0] ? { [returnable[0].id]: left.get(returnable[0].id) ?? 0 } : {},
  );
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const request = useMutation(trpc.orders.requestReturn.mutationOptions());

  const chosen = returnable
    .map((item) => ({ order_item_id: item.id, quantity: quantities[item.id] ?? 0 }))
    .filter((item) => item.quantity > 0);
  // Item prices before the order's discount; the refund is of what was paid for them.
  const listPrice = returnable.reduce((sum, item) => sum + item.price * (quantities[item.id] ?? 0), 0);
  const paidShare = order.subtotal > 0 ? (order.subtotal - order.discount) / order.subtotal : 1;
  const refundEstimate = Math.round(listPrice * paidShare * 100) / 100;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const input = { id: order.id, items: chosen, reason, details };
    const parsed = ReturnRequestInput.safeParse(input);
    if (!parsed.success) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        fieldErrors[path] = [...(fieldErrors[path] ?? []), issue.message];
      }
      setErrors(messagesByField(fieldErrors));
      return;
    }
    setErrors({});
    request.mutate(parsed.data, {
      onSuccess: async () => {
        toast.success(UI_TEXT.returnRequested, { description: 'The shop will review your request.' });
        onDone();
        await queryClient.invalidateQueries(trpc.orders.pathFilter());
      },
      onError: async (error) => {
        const { message, fieldErrors } = readServerError(error, 'Please try again.');
        toast.error(UI_TEXT.returnRequestFailed, { description: message });
        const byField = messagesByField(fieldErrors);
        setErrors(byField);
        if (!Object.values(byField).includes(message)) setFailure(message);
        // The window may have closed, or another return opened meanwhile: show the order as it is.
        await queryClient.invalidateQueries(trpc.orders.get.queryFilter({ id: order.id }));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Request a return" className="flex flex-col gap-5">
      <FormAlert message={failure} />
      <fieldset
        className="flex flex-col gap-3"
        aria-describedby={errors.items ? `${itemsId}-error` : undefined}
        aria-invalid={Boolean(errors.items)}
      >
        <legend className="mb-2 text-sm font-medium">Items to return</legend>
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
          {returnable.map((item) => {
            const max = left.get(item.id) ?? 0;
            const selectId = `${itemsId}-${item.id}`;
            return (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
                <label htmlFor={selectId} className="min-w-0 flex-1 text-sm">
                  <span className="block font-medium break-words">{item.product.name}</span>
                  <span className="text-muted-foreground">
                    {item.size ? `Size ${item.size} · ` : ''}
                    {naira(item.price)} each · up to {max}
                  </span>
                  <span className="sr-only"> (quantity to return)</span>
                </label>
                <Select
                  id={selectId}
                  className="w-24"
                  value={String(quantities[item.id] ?? 0)}
                  onChange={(event) =>
                    setQuantities((current) => ({ ...current, [item.id]: Number(event.target.value) }))
                  }
                >
                  {quantityChoices(max).map((quantity) => (
                    <option key={quantity} value={quantity}>
                      {quantity}
                    </option>
                  ))}
                </Select>
              </li>
            );
          })}
        </ul>
        <FieldError id={`${itemsId}-error`} message={errors.items} />
      </fieldset>

      <FormField label="Reason" error={errors.reason}>
        {(field) => (
          <Select
            {...field}
            value={reason}
            aria-required="true"
            onChange={(event) => setReason(isReason(event.target.value) ? event.target.value : '')}
          >
            <option value="">Choose a reason</option>
            {RETURN_REASONS.map((value) => (
              <option key={value} value={value}>
                {RETURN_REASON_LABELS[value]}
              </option>
            ))}
          </Select>
        )}
      </FormField>

      <FormField
        label="Details"
        error={errors.details}
        hint="What is wrong with the caps? 10 to 1000 characters; the shop reads this."
      >
        {(field) => (
          <Textarea
            {...field}
            value={details}
            rows={4}
            maxLength={1000}
            aria-required="true"
            onChange={(event) => setDetails(event.target.value)}
          />
        )}
      </FormField>

      <p className="rounded-lg bg-muted/60 px-3 py-2 text-sm" aria-live="polite">
        {chosen.length === 0
          ? 'Choose the quantity of at least one item.'
          : `Refund for the items: about ${naira(refundEstimate)}${
              reason && SELLER_FAULT_REASONS.includes(reason)
                ? ', plus your shipping, since the shop is at fault.'
                : reason
                  ? '. Return shipping is yours to pay.'
                  : '.'
            }`}
      </p>

      <DialogFooter className="mt-0">
        <DialogClose asChild>
          <Button variant="outline" disabled={request.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={request.isPending} aria-busy={request.isPending}>
          {request.isPending ? <Spinner /> : null}
          Request Return
        </Button>
      </DialogFooter>
    </form>
  );
}
