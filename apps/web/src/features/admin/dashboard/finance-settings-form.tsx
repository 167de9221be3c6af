import {
  type FinanceSettingsDto,
  FinanceSettingsInput,
  MAX_COMMISSION_PERCENT,
  MAX_RETURN_WINDOW_DAYS,
  UI_TEXT,
} from '@caps/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { QueryView } from '@/components/query-view';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/toaster';
import { ADMIN_QUERY_CACHE } from '@/lib/query-cache';
import { formFailure, readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';
import { useAdminFailure, useRefreshAdminData } from './admin-queries';

const FIELDS = ['commission_percent', 'payout_minimum', 'return_window_days'] as const;

type SettingsValues = z.input<typeof FinanceSettingsInput>;

const valuesOf = (settings: FinanceSettingsDto): SettingsValues => ({
  commission_percent: String(settings.commission_percent),
  payout_minimum: String(settings.payout_minimum),
  return_window_days: String(settings.return_window_days),
});

/** The platform's commission, payout minimum and return window (admin.finance.settings / updateSettings). */
export function FinanceSettingsForm() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.admin.finance.settings.queryOptions(undefined, ADMIN_QUERY_CACHE));
  return (
    <QueryView query={settings} loading="Loading settings..." failed="Failed to load settings">
      {(data) => <SettingsForm settings={data} />}
    </QueryView>
  );
}

function SettingsForm({ settings }: { settings: FinanceSettingsDto }) {
  const trpc = useTRPC();
  const refresh = useRefreshAdminData();
  const showFailure = useAdminFailure();
  const update = useMutation(trpc.admin.finance.updateSettings.mutationOptions());
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<SettingsValues, unknown, z.output<typeof FinanceSettingsInput>>({
    resolver: zodResolver(FinanceSettingsInput),
    defaultValues: valuesOf(settings),
  });

  // Saved elsewhere (another admin, another tab): the form shows the values in force.
  useEffect(() => {
    if (!isDirty) reset(valuesOf(settings));
  }, [settings, isDirty, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await update.mutateAsync(values);
      reset(valuesOf(saved));
      toast.success(UI_TEXT.financeSettingsUpdated);
      void refresh();
    } catch (error) {
      const message = showFailure(error, UI_TEXT.financeSettingsUpdateFailed);
      setFailure(formFailure(setError, readServerError(error, message), FIELDS));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Finance settings" className="flex flex-col gap-4">
      <FormAlert message={failure} />
      <div className="grid gap-4 md:grid-cols-3">
        <TextField
          label="Commission (%)"
          hint={`Of each order's items after the shop's own coupon, 0 to ${MAX_COMMISSION_PERCENT}.`}
          error={errors.commission_percent?.message}
          registration={register('commission_percent')}
          inputMode="decimal"
          autoComplete="off"
        />
        <TextField
          label="Payout minimum (₦)"
          hint="A shop is paid when its available balance reaches this."
          error={errors.payout_minimum?.message}
          registration={register('payout_minimum')}
          inputMode="decimal"
          autoComplete="off"
        />
        <TextField
          label="Return window (days)"
          hint={`Days after delivery before a sale is available, 0 to ${MAX_RETURN_WINDOW_DAYS}.`}
          error={errors.return_window_days?.message}
          registration={register('return_window_days')}
          inputMode="numeric"
          autoComplete="off"
        />
      </div>
      <div className="flex justify-end">
        <SubmitButton busy={isSubmitting} label="Save Settings" busyLabel="Saving..." />
      </div>
    </form>
  );
}
