import { ForgotPasswordInput } from '@caps/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router-dom';
import { EmailField } from '@/components/forms/email-field';
import { FormAlert } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { formFailure, readServerError } from '@/lib/server-errors';
import { signInPathOf } from '@/lib/sign-in-paths';
import { useTRPC } from '@/lib/trpc';
import { linkClassName, OutcomePanel, PasswordPageShell } from './password-page-shell';

/**
 * /forgot-password: asks for the email and shows the server's answer, which is the same whether or not an
 * account has that address (no one learns which addresses have accounts). The sign-in page that linked here
 * is where "Back to sign in" goes.
 */
export function ForgotPasswordPage() {
  const trpc = useTRPC();
  const signInPath = signInPathOf(useLocation().state);
  const forgot = useMutation(trpc.auth.forgotPassword.mutationOptions());
  const [answer, setAnswer] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ForgotPasswordInput),
    defaultValues: { email: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setAnswer(null);
    try {
      setAnswer((await forgot.mutateAsync(values)).message);
    } catch (error) {
      setFailure(
        formFailure(setError, readServerError(error, 'Failed to send the reset link. Please try again.'), ['email']),
      );
    }
  });

  return (
    <PasswordPageShell
      title="Forgot your password?"
      description="Enter the email of your account and we will send you a link to choose a new password."
    >
      <form onSubmit={onSubmit} noValidate aria-label="Forgot password" className="flex flex-col gap-4">
        {answer ? <OutcomePanel tone="success">{answer}</OutcomePanel> : null}
        <FormAlert message={failure} />
        <EmailField registration={register('email')} error={errors.email?.message} placeholder="you@example.com" />
        <SubmitButton
          busy={isSubmitting}
          label={answer ? 'Send again' : 'Send reset link'}
          busyLabel="Sending..."
          size="lg"
          className="mt-2 w-full"
        />
      </form>
      <p className="mt-6 text-center text-sm">
        Remembered it?{' '}
        <Link to={signInPath} className={linkClassName}>
          Back to sign in
        </Link>
      </p>
    </PasswordPageShell>
  );
}
