import {
  type AdjustmentDto,
  AdjustmentInput,
  type AdminVendorDto,
  commissionPercentField,
  MAX_COMMISSION_PERCENT,
  UI_TEXT,
  type VendorCommissionDto,
} from '@caps/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert, TextAreaField, TextField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/toaster';
import { naira } from '@/lib/finance-labels';
import { ADMIN_QUERY_CACHE } from '@/lib/query-cache';
import { applyServerFieldErrors, readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';
import { useAdminFailure, useRefreshAdminData } from './admin-queries';
import { SearchField, useListControls } from './list-controls';

/** Picks one shop from the admin's vendors list (searchable; the first page of matches). */
function ShopPicker({ shop, onPick }: { shop: AdminVendorDto | null; onPick: (shop: AdminVendorDto | null) => void }) {
  const trpc = useTRPC();
  const selectId = useId();
  const list = useListControls();
  const vendors = useQuery({
    ...trpc.admin.vendors.list.queryOptions(list.input, ADMIN_QUERY_CACHE),
    placeholderData: keepPreviousData,
  });
  const matches = vendors.data?.data ?? [];
  // The chosen shop stays selectable while another search is shown.
  const options = shop && !matches.some((v) => v.id === shop.id) ? [shop, ...matches] : matches;

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SearchField
        label="Search shops"
        placeholder="Shop name or account holder"
        value={list.search}
        onChange={list.setSearch}
      />
      <div className="flex flex-col gap-2">
        <Label htmlFor={selectId}>Shop</Label>
        <Select
          id={selectId}
          value={shop ? String(shop.id) : ''}
          aria-busy={vendors.isFetching}
          disabled={vendors.isPending && !shop}
          onChange={(event) => onPick(options.find((v) => String(v.id) === event.target.value) ?? null)}
        >
          <option value="">
            {vendors.isPending
              ? 'Loading shops...'
              : vendors.isError
                ? 'Could not load shops'
                : matches.length === 0
                  ? 'No shop matches'
                  : 'Choose a shop'}
          </option>
          {options.map((vendor) => (
            <option key={vendor.id} value={vendor.id}>
              {vendor.shop_name} ({vendor.status})
            </option>
          ))}
        </Select>
        {vendors.isError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {readServerError(vendors.error, 'Failed to load shops').message}
          </p>
        ) : null}
      </div>
    </div>
  );
}

const CommissionForm = z.object({
  follow_platform: z.boolean(),
  commission_percent: z.string(),
});
type CommissionValues = z.infer<typeof CommissionForm>;

/** A shop's own commission rate, or back to the platform's (admin.finance.setCommission). */
function ShopCommission({ shop, platformPercent }: { shop: AdminVendorDto; platformPercent: number | null }) {
  const trpc = useTRPC();
  const refresh = useRefreshAdminData();
  const showFailure = useAdminFailure();
  const setCommission = useMutation(trpc.admin.finance.setCommission.mutationOptions());
  const [result, setResult] = useState<VendorCommissionDto | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CommissionValues>({
    resolver: zodResolver(
      CommissionForm.superRefine((values, ctx) => {
        if (values.follow_platform) return;
        const parsed = commissionPercentField.safeParse(values.commission_percent.trim());
        if (!parsed.success) {
          ctx.addIssue({
            code: 'custom',
            path: ['commission_percent'],
            message: parsed.error.issues[0]?.message ?? 'Enter a rate',
          });
        }
      }),
    ),
    defaultValues:
      shop.commission_percent === null
        ? { follow_platform: true, commission_percent: '' }
        : { follow_platform: false, commission_percent: String(shop.commission_percent) },
  });
  const follow = useWatch({ control, name: 'follow_platform' });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await setCommission.mutateAsync({
        id: shop.id,
        commission_percent: values.follow_platform ? null : values.commission_percent.trim(),
      });
      setResult(answer);
      toast.success(UI_TEXT.commissionUpdated);
      void refresh();
    } catch (error) {
      const message = showFailure(error, UI_TEXT.commissionUpdateFailed);
      const { fieldErrors } = readServerError(error, message);
      applyServerFieldErrors(setError, fieldErrors, ['commission_percent']);
      if (fieldErrors.commission_percent?.[0] !== message) setFailure(message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Shop commission" className="flex flex-col gap-4">
      <h3 className="text-lg font-semibold">Commission</h3>
      <p className="-mt-2 text-sm text-muted-foreground">
        For this shop's orders paid from now on.{' '}
        {platformPercent === null ? '' : `The platform rate is ${platformPercent}%.`}{' '}
        {shop.commission_percent === null
          ? 'This shop follows it now.'
          : `This shop's own rate now: ${shop.commission_percent}%.`}
      </p>
      <FormAlert message={failure} />
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" className="size-4 accent-primary" {...register('follow_platform')} />
        Follow the platform rate
      </label>
      <TextField
        label="Shop's commission (%)"
        hint={`0 to ${MAX_COMMISSION_PERCENT}, at most 2 decimals.`}
        error={follow ? undefined : errors.commission_percent?.message}
        registration={register('commission_percent')}
        inputMode="decimal"
        autoComplete="off"
        disabled={follow}
      />
      {result && result.vendor_id === shop.id ? (
        <p role="status" className="flex items-center gap-2 text-sm text-green-800">
          <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
          {result.commission_percent === null
            ? `${shop.shop_name} follows the platform rate (${result.effective_percent}%).`
            : `${shop.shop_name} pays ${result.effective_percent}% on its next paid orders.`}
        </p>
      ) : null}
      <div className="flex justify-end">
        <SubmitButton busy={isSubmitting} label="Save Commission" busyLabel="Saving..." />
      </div>
    </form>
  );
}

const AdjustmentForm = AdjustmentInput.omit({ id: true });
type AdjustmentValues = z.input<typeof AdjustmentForm>;

/** Adds to or takes from a shop's available balance, with a reason (admin.finance.adjust). */
function ShopAdjustment({ shop }: { shop: AdminVendorDto }) {
  const trpc = useTRPC();
  const refresh = useRefreshAdminData();
  const showFailure = useAdminFailure();
  const adjust = useMutation(trpc.admin.finance.adjust.mutationOptions());
  const [result, setResult] = useState<AdjustmentDto | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AdjustmentValues, unknown, z.output<typeof AdjustmentForm>>({
    resolver: zodResolver(AdjustmentForm),
    defaultValues: { amount: '', reason: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await adjust.mutateAsync({ id: shop.id, ...values });
      setResult(answer);
      reset({ amount: '', reason: '' });
      toast.success(UI_TEXT.adjustmentRecorded);
      void refresh();
    } catch (error) {
      const message = showFailure(error, UI_TEXT.adjustmentFailed);
      const { fieldErrors } = readServerError(error, message);
      applyServerFieldErrors(setError, fieldErrors, ['amount', 'reason']);
      if (fieldErrors.amount?.[0] !== message && fieldErrors.reason?.[0] !== message) setFailure(message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Balance adjustment" className="flex flex-col gap-4">
      <h3 className="text-lg font-semibold">Adjustment</h3>
      <p className="-mt-2 text-sm text-muted-foreground">
        Adds to (or, negative, takes from) the shop's available balance. It is in the shop's ledger and the audit log.
      </p>
      <FormAlert message={failure} />
      <TextField
        label="Amount (₦)"
        hint="For example 1500 or -250.50"
        error={errors.amount?.message}
        registration={register('amount')}
        inputMode="decimal"
        autoComplete="off"
        aria-required="true"
      />
      <TextAreaField
        label="Reason"
        error={errors.reason?.message}
        registration={register('reason')}
        rows={2}
        aria-required="true"
      />
      {result && result.entry.amount !== 0 ? (
        <p role="status" className="flex items-center gap-2 text-sm text-green-800">
          <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
          Recorded. {shop.shop_name} now has {naira(result.balance.available)} available.
        </p>
      ) : null}
      <div className="flex justify-end">
        <SubmitButton busy={isSubmitting} label="Record Adjustment" busyLabel="Saving..." />
      </div>
    </form>
  );
}

/** Per-shop commission and adjustments, for a shop picked from the vendors list. */
export function FinanceShopTools({ platformPercent }: { platformPercent: number | null }) {
  const [shop, setShop] = useState<AdminVendorDto | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Shop commission and adjustments</CardTitle>
        <CardDescription>Pick a shop to give it its own commission rate or to correct its balance.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <ShopPicker shop={shop} onPick={setShop} />
        {shop ? (
          // Keyed by shop: a new pick starts with empty forms and no earlier result.
          <div key={shop.id} className="grid gap-6 border-t border-border pt-6 lg:grid-cols-2">
            <ShopCommission shop={shop} platformPercent={platformPercent} />
            <ShopAdjustment shop={shop} />
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">No shop chosen yet.</p>
        )}
      </CardContent>
    </Card>
  );
}
