import { BANK_CHANGE_PAYOUT_PAUSE_HOURS, type BankDto, UI_TEXT, type UserDto } from '@caps/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/toaster';
import { useTRPC } from '@/lib/trpc';
import { useAuthFailure } from '@/lib/use-auth-failure';
import { useBankAccountCheck } from '@/lib/use-bank-account';
import { useStoreProfile } from '@/lib/use-store-profile';
import { BankFields } from '../bank-fields';
import { BankingFormSchema, type BankingFormValues } from '../bank-form-schema';
import { VENDOR_SIGN_IN_PATH } from './account-profile-loader';
import { reportSaveFailure } from './account-save-failure';
import { useRefreshShopData } from './use-refresh-shop-data';

const FIELDS = ['account_holder_name', 'account_number', 'bank_code', 'bank_name'] as const;

function valuesOf(vendor: UserDto['vendor']): BankingFormValues {
  return {
    account_holder_name: vendor?.account_holder_name ?? '',
    account_number: vendor?.account_number ?? '',
    bank_code: vendor?.bank_code ?? '',
    bank_name: vendor?.bank_name ?? '',
  };
}

/**
 * Banking details: where the shop's earnings are paid. Spec 2 lists bank fields under both Shop
 * Settings and Account Settings, so both tabs render this one form, with its own Save and toasts.
 */
export function BankingForm({ user }: { user: UserDto }) {
  const trpc = useTRPC();
  const storeProfile = useStoreProfile();
  const onAuthFailure = useAuthFailure(VENDOR_SIGN_IN_PATH);
  const refreshShopData = useRefreshShopData();
  const update = useMutation(trpc.auth.updateProfile.mutationOptions());
  const [failure, setFailure] = useState<string | null>(null);
  /** Sending was stopped because the bank did not confirm the account; said until it does. */
  const [blocked, setBlocked] = useState(false);
  const vendor = user.vendor;
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(BankingFormSchema),
    defaultValues: valuesOf(vendor),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [bankCode, accountNumber] = useWatch({ control, name: ['bank_code', 'account_number'] });
  const account = useBankAccountCheck(
    { bank_code: bankCode, account_number: accountNumber },
    vendor?.bank_code
      ? {
          bank_code: vendor.bank_code,
          account_number: vendor.account_number,
          account_name: vendor.resolved_account_name,
        }
      : null,
  );
  const chooseBank = useCallback(
    (bank: BankDto | null) => {
      setValue('bank_code', bank?.code ?? '', { shouldDirty: true, shouldValidate: Boolean(errors.bank_code) });
      setValue('bank_name', bank?.name ?? '', { shouldDirty: true });
    },
    [setValue, errors.bank_code],
  );

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setBlocked(false);
    // Saved only once the bank knows the account; its name is shown under the number.
    if ((await account.ensureResolved()) === null) {
      setBlocked(true);
      return;
    }
    try {
      const updated = await update.mutateAsync(values);
      storeProfile(updated);
      reset(updated.vendor ? valuesOf(updated.vendor) : values);
      toast.success(UI_TEXT.bankingUpdated);
      // A bank change pauses payouts: the Earnings tab says until when.
      void refreshShopData();
    } catch (error) {
      if (onAuthFailure(error, 'Please log in again to update your banking details')) return;
      setFailure(reportSaveFailure(error, UI_TEXT.bankingUpdateFailed, setError, FIELDS));
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Banking Information</CardTitle>
        <CardDescription>
          Where your earnings are paid. A change of bank details pauses payouts for {BANK_CHANGE_PAYOUT_PAUSE_HOURS}{' '}
          hours.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Banking details" className="flex flex-col gap-4">
          <FormAlert
            message={failure ?? (blocked && account.check.status !== 'resolved' ? UI_TEXT.bankAccountUnverified : null)}
          />
          <BankFields
            registered={{
              account_holder_name: register('account_holder_name'),
              account_number: register('account_number'),
            }}
            bankCode={bankCode}
            onBankChange={chooseBank}
            savedBankName={vendor?.bank_code ? undefined : vendor?.bank_name}
            account={account}
            errors={{
              account_holder_name: errors.account_holder_name?.message,
              account_number: errors.account_number?.message,
              bank_code: errors.bank_code?.message ?? errors.bank_name?.message,
            }}
          />
          <div className="mt-2 flex justify-end">
            <SubmitButton busy={isSubmitting} label="Save Banking Details" busyLabel="Saving..." />
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
