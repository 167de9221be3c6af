import { PersonalInfoForm, UI_TEXT, type UserDto } from '@caps/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PhoneField } from '@/components/forms/phone-field';
import { ErrorPanel } from '@/components/load-states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert, FormField, TextField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LoadingBlock } from '@/components/ui/spinner';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/toaster';
import { applyServerFieldErrors, readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';
import { AUTH_ERROR, useAuthFailure } from '@/lib/use-auth-failure';
import { useStoreProfile } from '@/lib/use-store-profile';

const FIELDS = ['full_name', 'phone', 'address'] as const;

/** The toasts of a save; the vendor dashboard says 'Account updated!' where /settings says 'Profile updated!'. */
export interface ProfileFormTexts {
  success: string;
  successBody?: string;
  failure: string;
  /** Under the failure title when the server gave no better reason. */
  failureBody?: string;
}

const CUSTOMER_TEXTS: ProfileFormTexts = {
  success: UI_TEXT.profileUpdated,
  successBody: UI_TEXT.profileUpdatedBody,
  failure: UI_TEXT.profileUpdateFailed,
};

/** Profile: name, phone and address editable, email shown but fixed. */
export function ProfileTab() {
  const trpc = useTRPC();
  const onAuthFailure = useAuthFailure();
  const profile = useQuery(trpc.auth.me.queryOptions());

  useEffect(() => {
    if (profile.error) onAuthFailure(profile.error, AUTH_ERROR.settings);
  }, [profile.error, onAuthFailure]);

  if (profile.isPending) return <LoadingBlock label="Loading your profile..." />;
  if (profile.isError) {
    return (
      <ErrorPanel
        title="Failed to load your profile"
        message={readServerError(profile.error, UI_TEXT.errorLoadingData).message}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  }
  return <ProfileForm user={profile.data} />;
}

interface ProfileFormProps {
  user: UserDto;
  texts?: ProfileFormTexts;
  /** Where a refused session goes to sign in again. */
  signInPath?: string;
}

/** Personal information: the customer Profile tab and the vendor Account tab. */
export function ProfileForm({ user, texts = CUSTOMER_TEXTS, signInPath }: ProfileFormProps) {
  const trpc = useTRPC();
  const storeProfile = useStoreProfile();
  const onAuthFailure = useAuthFailure(signInPath);
  const update = useMutation(trpc.auth.updateProfile.mutationOptions());
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(PersonalInfoForm),
    defaultValues: { full_name: user.full_name, phone: user.phone ?? '', address: user.address ?? '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const updated = await update.mutateAsync(values);
      // The header greets by the stored name: keep it in step with the server.
      storeProfile(updated);
      reset({ full_name: updated.full_name, phone: updated.phone ?? '', address: updated.address ?? '' });
      toast.success(texts.success, { description: texts.successBody });
    } catch (error) {
      if (onAuthFailure(error, AUTH_ERROR.profile)) return;
      const { message, fieldErrors } = readServerError(error, texts.failure);
      applyServerFieldErrors(setError, fieldErrors, FIELDS);
      setFailure(message);
      toast.error(texts.failure, { description: message === texts.failure ? texts.failureBody : message });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Personal Information</CardTitle>
        <CardDescription>Update your name, phone number and address.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Profile" className="flex flex-col gap-4">
          <FormAlert message={failure} />
          <TextField
            label="Full Name"
            error={errors.full_name?.message}
            registration={register('full_name')}
            autoComplete="name"
            aria-required="true"
          />
          <FormField label="Email" hint="Your email address cannot be changed.">
            {(field) => <Input {...field} type="email" value={user.email} readOnly className="bg-muted" />}
          </FormField>
          <PhoneField error={errors.phone?.message} registration={register('phone')} />
          <TextField
            label="Address"
            error={errors.address?.message}
            registration={register('address')}
            autoComplete="street-address"
            aria-required="true"
          />
          <div className="mt-2 flex justify-end">
            <SubmitButton busy={isSubmitting} label="Save Changes" busyLabel="Saving..." className="w-full sm:w-auto" />
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
