import { ResetPasswordInput, type UserRole } from '@caps/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import { NewPasswordFields } from '@/components/forms/new-password-fields';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorCodeOf } from '@/lib/error-code';
import { formFailure, readServerError } from '@/lib/server-errors';
import { SIGN_IN_PATHS } from '@/lib/sign-in-paths';
import { useTRPC } from '@/lib/trpc';
import { linkClassName, OutcomePanel, PasswordPageShell } from './password-page-shell';

const FIELDS = ['password', 'password_confirmation'] as const;
const FAILED = 'Failed to reset the password. Please try again.';
const MISSING_TOKEN =
  'This password reset link is incomplete: it has no token. Open the link from the email again, or request a new one.';

/** Where the account signs in after the reset, by the role the server answered. */
const SIGN_IN_LABELS: Record<UserRole, string> = {
  customer: 'Go to Login',
  vendor: 'Go to the vendor login',
  admin: 'Go to the admin login',
};

function RequestNewLink() {
  return (
    <Link to="/forgot-password" className={linkClassName}>
      Request a new link
    </Link>
  );
}

function ResetForm({ token }: { token: string }) {
  const trpc = useTRPC();
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());
  const [done, setDone] = useState<{ message: string; role: UserRole } | null>(null);
  const [invalidLink, setInvalidLink] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ResetPasswordInput),
    defaultValues: { token, password: '', password_confirmation: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      setDone(await reset.mutateAsync(values));
    } catch (error) {
      const failed = readServerError(error, FAILED);
      const tokenError = failed.fieldErrors.token?.[0];
      if (errorCodeOf(error) === 'INVALID_RESET_TOKEN' || tokenError) setInvalidLink(tokenError ?? failed.message);
      else setFailure(formFailure(setError, failed, FIELDS));
    }
  });

  if (done) {
    return (
      <OutcomePanel tone="success">
        <p>{done.message}</p>
        <Button asChild className="mt-1 self-start">
          <Link to={SIGN_IN_PATHS[done.role]} replace>
            {SIGN_IN_LABELS[done.role]}
          </Link>
        </Button>
      </OutcomePanel>
    );
  }
  // A token the form itself refuses (far too long) is as invalid as one the server does not know.
  const linkError = invalidLink ?? errors.token?.message ?? null;
  if (linkError) {
    return (
      <OutcomePanel tone="error">
        <p>{linkError}</p>
        <RequestNewLink />
      </OutcomePanel>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Reset password" className="flex flex-col gap-4">
      <FormAlert message={failure} />
      <NewPasswordFields
        label="New Password"
        confirmLabel="Confirm Password"
        password={register('password')}
        confirmation={register('password_confirmation')}
        errors={{ password: errors.password?.message, confirmation: errors.password_confirmation?.message }}
      />
      <SubmitButton
        busy={isSubmitting}
        label="Set new password"
        busyLabel="Saving..."
        size="lg"
        className="mt-2 w-full"
      />
    </form>
  );
}

/**
 * /reset-password?token=: the emailed link's page. Sets a new password with the registration rules; the server
 * then signs out every session of the account. An unknown, used or expired link says so, with the way to a
 * new one.
 */
export function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  return (
    <PasswordPageShell title="Choose a new password" description="Your new password replaces the old one everywhere.">
      {token ? (
        <ResetForm key={token} token={token} />
      ) : (
        <OutcomePanel tone="error">
          <p>{MISSING_TOKEN}</p>
          <RequestNewLink />
        </OutcomePanel>
      )}
    </PasswordPageShell>
  );
}
