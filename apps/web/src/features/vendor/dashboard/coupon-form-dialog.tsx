import { CouponCreateInput, type CouponUpdateInput, UI_TEXT, type VendorCouponDto } from '@caps/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
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
import { FormAlert, FormField, TextField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/toaster';
import { useTRPC } from '@/lib/trpc';
import { useAuthFailure } from '@/lib/use-auth-failure';
import { VENDOR_SIGN_IN_PATH } from './account-profile-loader';
import { reportSaveFailure } from './account-save-failure';

type CouponFormValues = z.input<typeof CouponCreateInput>;
type CouponFormData = z.output<typeof CouponCreateInput>;

const FIELDS = ['code', 'description', 'discount', 'usage_limit', 'per_customer_limit', 'expires_at'] as const;

/** yyyy-mm-dd of a moment in the vendor's own time zone, as a date input holds it. */
function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A coupon chosen to expire on a day stays usable through that whole day, in the vendor's time zone. */
function endOfDay(day: string): string {
  const end = new Date(`${day}T23:59:59.999`);
  return Number.isNaN(end.getTime()) ? day : end.toISOString();
}

function valuesOf(coupon: VendorCouponDto | null): CouponFormValues {
  if (!coupon)
    return { code: '', description: '', discount: '', usage_limit: '', per_customer_limit: '', expires_at: '' };
  return {
    code: coupon.code,
    description: coupon.description ?? '',
    discount: String(coupon.discount),
    usage_limit: coupon.usage_limit === null ? '' : String(coupon.usage_limit),
    per_customer_limit: coupon.per_customer_limit === null ? '' : String(coupon.per_customer_limit),
    expires_at: coupon.expires_at ? localDate(new Date(coupon.expires_at)) : '',
  };
}

/** What an edit sends: only the fields the vendor changed, so an untouched past expiry is not re-checked. */
function changesOf(coupon: VendorCouponDto, data: CouponFormData): Omit<CouponUpdateInput, 'id'> {
  const before = valuesOf(coupon);
  return {
    ...(data.code === coupon.code ? {} : { code: data.code }),
    ...((data.description ?? '') === before.description ? {} : { description: data.description ?? null }),
    ...(data.discount === coupon.discount ? {} : { discount: data.discount }),
    ...(data.usage_limit === coupon.usage_limit ? {} : { usage_limit: data.usage_limit }),
    ...((data.per_customer_limit ?? null) === coupon.per_customer_limit
      ? {}
      : { per_customer_limit: data.per_customer_limit ?? null }),
    ...(data.expires_at === before.expires_at ? {} : { expires_at: endOfDay(data.expires_at) }),
  };
}

interface CouponFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The coupon being edited, or null to create one. */
  coupon: VendorCouponDto | null;
}

/** Create Coupon / Edit Coupon, checked with the server's own rules and messages (spec 5). */
export function CouponFormDialog({ open, onOpenChange, coupon }: CouponFormDialogProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const onAuthFailure = useAuthFailure(VENDOR_SIGN_IN_PATH);
  const create = useMutation(trpc.coupons.create.mutationOptions());
  const update = useMutation(trpc.coupons.update.mutationOptions());
  const [failure, setFailure] = useState<string | null>(null);
  const editing = coupon !== null;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CouponFormValues, unknown, CouponFormData>({
    resolver: zodResolver(CouponCreateInput),
    defaultValues: valuesOf(coupon),
    // Checked on submit, then as the vendor corrects: a message appearing on blur moves the buttons
    // under a pointer that is about to click them, and the click is lost.
    mode: 'onSubmit',
  });

  // Filled afresh each time the dialog opens (for another coupon, or empty); a failed save keeps everything.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the dialog opens or its coupon changes, on purpose.
  useEffect(() => {
    if (!open) return;
    reset(valuesOf(coupon));
    setFailure(null);
  }, [open, coupon?.id, reset]);

  const onSubmit = handleSubmit(async (data) => {
    setFailure(null);
    try {
      if (coupon) {
        await update.mutateAsync({ id: coupon.id, ...changesOf(coupon, data) });
      } else {
        await create.mutateAsync({ ...data, expires_at: endOfDay(data.expires_at) });
      }
      await queryClient.invalidateQueries({ queryKey: trpc.coupons.list.queryKey() });
      toast.success(editing ? UI_TEXT.couponUpdated : UI_TEXT.couponCreated);
      onOpenChange(false);
    } catch (error) {
      if (onAuthFailure(error, 'Please log in again to manage your coupons')) return;
      setFailure(
        reportSaveFailure(error, editing ? UI_TEXT.couponUpdateFailed : UI_TEXT.couponCreateFailed, setError, FIELDS),
      );
    }
  });

  // Codes are upper case (spec: 'SAVE10'): 'save5' is shown and kept as 'SAVE5' as it is typed, not refused.
  const codeField = register('code');
  const upperCaseCode = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const { selectionStart, selectionEnd } = input;
    input.value = input.value.toUpperCase();
    // Rewriting the value moves the caret to the end; put it back where the user was typing.
    input.setSelectionRange(selectionStart, selectionEnd);
    return codeField.onChange(event);
  };
  const title = editing ? 'Edit Coupon' : 'Create Coupon';
  return (
    <Dialog open={open} onOpenChange={(next) => (isSubmitting ? undefined : onOpenChange(next))}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {editing ? 'Change the terms of this coupon.' : "A discount code for your shop's caps."}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate aria-label={title} className="flex flex-col gap-4">
          <FormAlert message={failure} />
          <FormField
            label="Coupon Code"
            error={errors.code?.message}
            hint="3-20 uppercase letters and numbers, e.g. SAVE10."
          >
            {(field) => (
              <Input
                {...field}
                {...codeField}
                onChange={upperCaseCode}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={20}
                className="font-mono"
                placeholder="SAVE10"
                aria-required="true"
              />
            )}
          </FormField>
          <TextField
            label="Description"
            error={errors.description?.message}
            hint="Optional."
            registration={register('description')}
            autoComplete="off"
            maxLength={255}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Discount (%)"
              error={errors.discount?.message}
              hint="1 to 100."
              registration={register('discount')}
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              step={1}
              aria-required="true"
            />
            <TextField
              label="Usage Limit"
              error={errors.usage_limit?.message}
              hint="How many orders may use it."
              registration={register('usage_limit')}
              type="number"
              inputMode="numeric"
              min={1}
              max={10_000}
              step={1}
              aria-required="true"
            />
          </div>
          <TextField
            label="Uses per Customer"
            error={errors.per_customer_limit?.message}
            hint="Optional. 1 means once per buyer; blank means no limit."
            registration={register('per_customer_limit')}
            type="number"
            inputMode="numeric"
            min={1}
            max={10_000}
            step={1}
          />
          <TextField
            label="Expiry Date"
            error={errors.expires_at?.message}
            hint="Usable until the end of this day."
            registration={register('expires_at')}
            type="date"
            min={localDate(new Date())}
            aria-required="true"
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={isSubmitting}>
                Cancel
              </Button>
            </DialogClose>
            <SubmitButton
              busy={isSubmitting}
              label={editing ? 'Save Changes' : 'Create Coupon'}
              busyLabel="Saving..."
              className=""
            />
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
