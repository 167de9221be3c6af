import { formatNaira, type OrderDto, UI_TEXT } from '@caps/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
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
import { toast } from '@/components/ui/toaster';
import { readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';

const REASON_MAX = 500;

interface CancelOrderDialogProps {
  order: OrderDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Asks before the customer cancels an order that has not shipped; a reason is optional. */
export function CancelOrderDialog({ order, open, onOpenChange }: CancelOrderDialogProps) {
  const paid = order.payment_status === 'paid';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>Cancel order #{order.id}?</DialogTitle>
          <DialogDescription>
            {paid
              ? `The shop will not send it, and ${formatNaira(order.cancel_refund_amount)} is refunded to your original payment method${order.cancel_refund_amount > order.subtotal - order.discount ? ', shipping included' : ''}.`
              : 'The shop will not send it, and you will not be asked to pay. The other unpaid orders of the same checkout are cancelled with it, as they were to be paid together.'}{' '}
            This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        {open ? <CancelForm order={order} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CancelForm({ order, onDone }: { order: OrderDto; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const reasonId = useId();
  const errorId = `${reasonId}-error`;
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const cancel = useMutation(trpc.orders.cancel.mutationOptions());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setFieldError(undefined);
    const trimmed = reason.trim();
    cancel.mutate(trimmed ? { id: order.id, reason: trimmed } : { id: order.id }, {
      onSuccess: async (updated) => {
        queryClient.setQueryData(trpc.orders.get.queryKey({ id: order.id }), updated);
        toast.success(UI_TEXT.orderCancelled, {
          description:
            updated.refunds.length > 0
              ? `Your refund of ${formatNaira(updated.refunded_amount)} is on its way.`
              : `Order #${order.id} was cancelled.`,
        });
        onDone();
        await Promise.all([
          queryClient.invalidateQueries(trpc.orders.pathFilter()),
          queryClient.invalidateQueries(trpc.catalogue.pathFilter()),
        ]);
      },
      onError: async (error) => {
        const { message, fieldErrors } = readServerError(error, 'Please try again.');
        toast.error(UI_TEXT.orderCancelFailed, { description: message });
        const reasonError = fieldErrors.reason?.[0];
        if (reasonError) setFieldError(reasonError);
        else setFailure(message);
        // The shop may have shipped it meanwhile: show where the order really is.
        await queryClient.invalidateQueries(trpc.orders.get.queryFilter({ id: order.id }));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Cancel order" className="flex flex-col gap-4">
      <FormAlert message={failure} />
      <div className="flex flex-col gap-2">
        <Label htmlFor={reasonId}>Reason (optional)</Label>
        <Textarea
          id={reasonId}
          value={reason}
          rows={3}
          maxLength={REASON_MAX}
          aria-invalid={Boolean(fieldError)}
          aria-describedby={fieldError ? errorId : undefined}
          placeholder="For example: I ordered the wrong size"
          onChange={(event) => setReason(event.target.value)}
        />
        <FieldError id={errorId} message={fieldError} />
      </div>
      <DialogFooter className="mt-2">
        <DialogClose asChild>
          <Button variant="outline" disabled={cancel.isPending}>
            Keep Order
          </Button>
        </DialogClose>
        <Button type="submit" variant="destructive" disabled={cancel.isPending} aria-busy={cancel.isPending}>
          {cancel.isPending ? <Spinner /> : null}
          Cancel Order
        </Button>
      </DialogFooter>
    </form>
  );
}
