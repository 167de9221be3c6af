import { AdminLoginForm, LoginInput, UI_TEXT, type UserRole } from '@caps/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { EmailField } from '@/components/forms/email-field';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/toaster';
import { useAuth } from '@/lib/auth';
import { applyServerFieldErrors, readServerError } from '@/lib/server-errors';
import { SIGN_IN_PATHS } from '@/lib/sign-in-paths';
import { useTRPC } from '@/lib/trpc';

interface LoginTexts {
  /** The form's accessible name. */
  form: string;
  email: string;
  emailAutoComplete: 'email' | 'username';
  emailPlaceholder: string;
  submit: string;
  success: { title: string; description: string };
  /** The toast of a refused sign-in; the admin page shows the error in the form only. */
  failureToast: boolean;
  /** Where a successful sign-in goes. */
  landing: string;
}

const SHOPPER_TEXTS = {
  form: 'Login',
  email: 'Email',
  emailAutoComplete: 'email',
  emailPlaceholder: 'you@example.com',
  submit: 'Login',
  success: { title: UI_TEXT.loginSuccess, description: UI_TEXT.loginSuccessBody },
  failureToast: true,
} as const;

const TEXTS: Record<UserRole, LoginTexts> = {
  customer: { ...SHOPPER_TEXTS, landing: '/' },
  vendor: { ...SHOPPER_TEXTS, landing: '/vendor/dashboard' },
  admin: {
    form: 'Admin login',
    email: 'Admin Email',
    emailAutoComplete: 'username',
    emailPlaceholder: 'admin@example.com',
    submit: 'Sign In',
    success: { title: UI_TEXT.adminLoginSuccess, description: UI_TEXT.adminLoginSuccessBody },
    failureToast: false,
    landing: '/admin/dashboard',
  },
};

/** Customers and vendors get the email checked as an address; the admin form only asks for both (spec 2). */
const SHOPPER_FIELDS = LoginInput.omit({ intended_role: true });

interface LoginFormProps {
  /** The server refuses accounts of another role, so a vendor cannot sign in on the customer page. */
  accountRole: UserRole;
  /** False while another tab is shown: its errors are cleared (spec 2, switching tabs clears errors). */
  isActive?: boolean;
}

/** Email and password sign-in of every role; they differ only in texts, checks and where they land. */
export function LoginForm({ accountRole, isActive = true }: LoginFormProps) {
  const texts = TEXTS[accountRole];
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
    resolver: zodResolver(accountRole === 'admin' ? AdminLoginForm : SHOPPER_FIELDS),
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
      const result = await login.mutateAsync({ ...values, intended_role: accountRole });
      signIn(result);
      toast.success(texts.success.title, { description: texts.success.description });
      navigate(texts.landing, { replace: true });
    } catch (error) {
      const { message, fieldErrors } = readServerError(error, UI_TEXT.loginFailed);
      setFailure(message);
      applyServerFieldErrors(setError, fieldErrors, ['email', 'password']);
      if (texts.failureToast) toast.error(UI_TEXT.loginFailed, { description: message });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={texts.form}>
      <FormAlert message={failure} />
      <EmailField
        registration={register('email')}
        error={errors.email?.message}
        label={texts.email}
        autoComplete={texts.emailAutoComplete}
        placeholder={texts.emailPlaceholder}
      />
      <TextField
        label="Password"
        error={errors.password?.message}
        registration={register('password')}
        type="password"
        autoComplete="current-password"
        aria-required="true"
      />
      {/* The reset page's "Back to sign in" returns to this page. */}
      <Link
        to="/forgot-password"
        state={{ signInPath: SIGN_IN_PATHS[accountRole] }}
        className="-mt-2 self-end text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        Forgot password?
      </Link>
      <SubmitButton
        busy={isSubmitting}
        label={texts.submit}
        busyLabel="Signing in..."
        size="lg"
        className="mt-2 w-full"
      />
    </form>
  );
}
