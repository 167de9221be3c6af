import { LoginInput, type PublicRole, T } from '@caps/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { applyServerFieldErrors, readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';

const LoginFields = LoginInput.omit({ intended_role: true });

interface LoginFormProps {
  /** The server refuses accounts of another role, so a vendor cannot sign in on the customer page. */
  intendedRole: PublicRole;
  redirectTo: string;
  /** False while another tab is shown: its errors are cleared (spec 2, switching tabs clears errors). */
  isActive: boolean;
}

/** Email and password sign-in for customers and vendors. */
export function LoginForm({ intendedRole, redirectTo, isActive }: LoginFormProps) {
  const trpc = useTRPC();
  const login = useMutation(trpc.auth.login.mutationOptions());
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(LoginFields),
    defaultValues: { email: '', password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  useEffect(() => {
    if (isActive) return;
    clearErrors();
    setFailure(null);
  }, [isActive, clearErrors]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await login.mutateAsync({ ...values, intended_role: intendedRole });
      signIn(result);
      toast.success(T.loginSuccess, { description: T.loginSuccessBody });
      navigate(redirectTo, { replace: true });
    } catch (error) {
      const { message, fieldErrors } = readServerError(error, T.loginFailed);
      setFailure(message);
      applyServerFieldErrors(setError, fieldErrors, ['email', 'password']);
      toast.error(T.loginFailed, { description: message });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Login">
      <FormAlert message={failure} />
      <TextField
        label="Email"
        error={errors.email?.message}
        registration={register('email')}
        type="email"
        autoComplete="email"
        aria-required="true"
        placeholder="you@example.com"
      />
      <TextField
        label="Password"
        error={errors.password?.message}
        registration={register('password')}
        type="password"
        autoComplete="current-password"
        aria-required="true"
      />
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? (
          <>
            <Spinner /> Signing in...
          </>
        ) : (
          'Login'
        )}
      </Button>
    </form>
  );
}
