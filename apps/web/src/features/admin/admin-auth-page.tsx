import { AdminLoginForm, T } from '@caps/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { SignInNotice } from '@/components/sign-in-notice';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';

/** /admin/auth: a real admin sign-in; the server refuses accounts that are not admins. */
export function AdminAuthPage() {
  const trpc = useTRPC();
  const login = useMutation(trpc.auth.login.mutationOptions());
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(AdminLoginForm),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await login.mutateAsync({ ...values, intended_role: 'admin' });
      signIn(result);
      toast.success(T.adminLoginSuccess, { description: T.adminLoginSuccessBody });
      navigate('/admin/dashboard', { replace: true });
    } catch (error) {
      setFailure(readServerError(error, T.loginFailed).message);
    }
  });

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <title>Admin Login | Caps Marketplace</title>
      <Card>
        <CardHeader className="items-center text-center">
          <ShieldCheck className="size-10 text-primary" aria-hidden="true" />
          <h1 className="text-2xl font-bold">Admin Login</h1>
          <CardDescription>Sign in to manage the marketplace.</CardDescription>
        </CardHeader>
        <CardContent>
          <SignInNotice />
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Admin login">
            <FormAlert message={failure} />
            <TextField
              label="Admin Email"
              error={errors.email?.message}
              registration={register('email')}
              type="email"
              autoComplete="username"
              aria-required="true"
              placeholder="admin@example.com"
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
                'Sign In'
              )}
            </Button>
          </form>
          <p className="mt-6 text-center text-sm">
            <Link to="/" className="text-primary underline-offset-4 hover:underline">
              Back to the store
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
