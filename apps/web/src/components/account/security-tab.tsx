import { SecurityForm, UI_TEXT } from '@caps/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { NewPasswordFields } from '@/components/forms/new-password-fields';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/toaster';
import { formFailure, readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';
import { AUTH_ERROR, useAuthFailure } from '@/lib/use-auth-failure';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/**
 * Security: change the password; the server checks the current one. Also the vendor Account tab's
 * password form, whose refused session signs in again at `signInPath` and whose rules are `schema`'s
 * (spec 5: the account form says 'Passwords do not match', the Security tab 'New passwords do not match.').
 */
export function SecurityTab({
  signInPath,
  schema = SecurityForm,
}: {
  signInPath?: string;
  schema?: typeof SecurityForm;
} = {}) {
  const trpc = useTRPC();
  const onAuthFailure = useAuthFailure(signInPath);
  const changePassword = useMutation(trpc.auth.changePassword.mutationOptions());
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await changePassword.mutateAsync(values);
      reset(EMPTY);
      toast.success(UI_TEXT.passwordChanged, { description: UI_TEXT.passwordChangedBody });
    } catch (error) {
      if (onAuthFailure(error, AUTH_ERROR.password)) return;
      const failed = readServerError(error, UI_TEXT.passwordChangeFailed);
      // A message that sits under its field needs no second copy above the form.
      setFailure(formFailure(setError, failed, FIELDS));
      const { message } = failed;
      toast.error(UI_TEXT.passwordChangeFailed, {
        description: message === UI_TEXT.passwordChangeFailed ? undefined : message,
      });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>Other devices are signed out when your password changes.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Change password" className="flex flex-col gap-4">
          <FormAlert message={failure} />
          <TextField
            label="Current Password"
            error={errors.current_password?.message}
            registration={register('current_password')}
            type="password"
            autoComplete="current-password"
            aria-required="true"
          />
          <NewPasswordFields
            label="New Password"
            confirmLabel="Confirm New Password"
            password={register('password')}
            confirmation={register('password_confirmation')}
            errors={{ password: errors.password?.message, confirmation: errors.password_confirmation?.message }}
          />
          <div className="mt-2 flex justify-end">
            <SubmitButton
              busy={isSubmitting}
              label="Update Password"
              busyLabel="Updating..."
              className="w-full sm:w-auto"
            />
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
