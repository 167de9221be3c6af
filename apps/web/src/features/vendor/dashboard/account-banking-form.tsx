import { UI_TEXT, type UserDto, vendorShopFields } from '@caps/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { useTRPC } from '@/lib/trpc';
import { useAuthFailure } from '@/lib/use-auth-failure';
import { useStoreProfile } from '@/lib/use-store-profile';
import { BankFields } from '../bank-fields';
import { VENDOR_SIGN_IN_PATH } from './account-profile-loader';
import { reportSaveFailure } from './account-save-failure';

/** The bank fields with the registration's rules (spec 5: holder name, a listed bank, 10 digits). */
const BankingSchema = z.object({
  account_holder_name: vendorShopFields.account_holder_name,
  account_number: vendorShopFields.account_number,
  bank_name: vendorShopFields.bank_name,
});
const FIELDS = ['account_holder_name', 'account_number', 'bank_name'] as const;

/**
 * Banking details: where the shop's earnings are paid. Spec 2 lists bank fields under both Shop
 * Settings and Account Settings, so both tabs render this one form, with its own Save and toasts.
 */
export function BankingForm({ user }: { user: UserDto }) {
  const trpc = useTRPC();
  const storeProfile = useStoreProfile();
  const onAuthFailure = useAuthFailure(VENDOR_SIGN_IN_PATH);
  const update = useMutation(trpc.auth.updateProfile.mutationOptions());
  const [failure, setFailure] = useState<string | null>(null);
  const vendor = user.vendor;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(BankingSchema),
    defaultValues: {
      account_holder_name: vendor?.account_holder_name ?? '',
      account_number: vendor?.account_number ?? '',
      bank_name: vendor?.bank_name ?? '',
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const updated = await update.mutateAsync(values);
      storeProfile(updated);
      reset({
        account_holder_name: updated.vendor?.account_holder_name ?? values.account_holder_name,
        account_number: updated.vendor?.account_number ?? values.account_number,
        bank_name: updated.vendor?.bank_name ?? values.bank_name,
      });
      toast.success(UI_TEXT.bankingUpdated);
    } catch (error) {
      if (onAuthFailure(error, 'Please log in again to update your banking details')) return;
      setFailure(reportSaveFailure(error, UI_TEXT.bankingUpdateFailed, setError, FIELDS));
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Banking Information</CardTitle>
        <CardDescription>Where your earnings are paid.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Banking details" className="flex flex-col gap-4">
          <FormAlert message={failure} />
          <BankFields
            registered={{
              account_holder_name: register('account_holder_name'),
              account_number: register('account_number'),
              bank_name: register('bank_name'),
            }}
            errors={{
              account_holder_name: errors.account_holder_name?.message,
              account_number: errors.account_number?.message,
              bank_name: errors.bank_name?.message,
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
