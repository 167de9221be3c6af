import { formatNaira, UI_TEXT, VendorOrderCancelInput, type VendorOrderDto } from '@caps/contracts';
import { useMutation } from '@tanstack/react-query';
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
import { useTRPC } from '@/lib/trpc';
import { toastFailure } from './failure-toast';
import { useRefreshShopData } from './use-refresh-shop-data';

interface OrderCancelDialogProps {
  order: VendorOrderDto | null;
  onOpenChange: (open: boolean) => void;
}

/** The shop cancels a paid order it cannot fulfil: the customer is refunded and sees the reason. */
export function OrderCancelDialog({ order, onOpenChange }: OrderCancelDialogProps) {
  const [pending, setPending] = useState(false);
  return (
    <Dialog open={order !== null} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent role="alertdialog" className="max-w-md">
        {order ? (
          <>
            <DialogHeader>
              <DialogTitle>Cancel order #{order.id}?</DialogTitle>
              <DialogDescription>
                {order.user.full_name} is refunded what they paid for it (order total {formatNaira(order.total_amount)})
                to the original payment method and sees your reason. The caps go back into stock. This cannot be undone.
              </DialogDescription>
            </DialogHeader>
            <CancelForm key={order.id} order={order} onDone={() => onOpenChange(false)} onPending={setPending} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CancelForm({
  order,
  onDone,
  onPending,
}: {
  order: VendorOrderDto;
  onDone: () => void;
  onPending: (pending: boolean) => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshShopData();
  const reasonId = useId();
  const errorId = `${reasonId}-error`;
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const cancel = useMutation(trpc.vendor.cancelOrder.mutationOptions());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = VendorOrderCancelInput.safeParse({ id: order.id, reason });
    if (!parsed.success) {
      setFieldError(parsed.error.issues.find((issue) => issue.path[0] === 'reason')?.message);
      return;
    }
    setFieldError(undefined);
    onPending(true);
    cancel.mutate(parsed.data, {
      onSuccess: async () => {
        onPending(false);
        toast.success(UI_TEXT.orderCancelled, { description: `Order #${order.id} was cancelled.` });
        onDone();
        await refresh();
      },
      onError: async (error) => {
        onPending(false);
        const { message, fieldErrors } = toastFailure(UI_TEXT.orderCancelFailed, error);
        const reasonError = fieldErrors.reason?.[0];
        if (reasonError) setFieldError(reasonError);
        else setFailure(message);
        // The customer may have cancelled it, or it moved on meanwhile.
        await refresh();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Cancel order" className="flex flex-col gap-4">
      <FormAlert message={failure} />
      <div className="flex flex-col gap-2">
        <Label htmlFor={reasonId}>Reason for the customer</Label>
        <Textarea
          id={reasonId}
          value={reason}
          rows={3}
          maxLength={500}
          aria-required="true"
          aria-invalid={Boolean(fieldError)}
          aria-describedby={fieldError ? errorId : undefined}
          placeholder="For example: this size is sold out"
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
