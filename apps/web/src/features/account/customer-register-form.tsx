import { CustomerRegisterForm as CustomerRegisterSchema, T } from '@caps/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormAlert, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { PHONE_HINT } from '@/features/account/phone-hint';
import { useAuth } from '@/lib/auth';
import { applyServerFieldErrors, readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';
import { TermsCheckbox } from './terms-checkbox';

const FIELDS = ['full_name', 'email', 'phone', 'password', 'password_confirmation', 'terms_accepted'] as const;

export function CustomerRegisterForm({ isActive }: { isActive: boolean }) {
  const trpc = useTRPC();
  const registration = useMutation(trpc.auth.register.mutationOptions());
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(CustomerRegisterSchema),
    defaultValues: {
      full_name: '',
      email: '',
      phone: '',
      password: '',
      password_confirmation: '',
      terms_accepted: false,
    },
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
      const result = await registration.mutateAsync({ ...values, role: 'customer' });
      signIn(result);
      toast.success(T.registrationSuccess);
      navigate('/', { replace: true });
    } catch (error) {
      const { message, fieldErrors } = readServerError(error, T.registrationFailed);
      setFailure(message);
      applyServerFieldErrors(setError, fieldErrors, FIELDS);
      toast.error(T.registrationFailed, { description: message });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Register">
      <FormAlert message={failure} />
      <FormField label="Full Name" error={errors.full_name?.message}>
        {(field) => <Input {...field} {...register('full_name')} autoComplete="name" aria-required="true" />}
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        {(field) => (
          <Input
            {...field}
            {...register('email')}
            type="email"
            autoComplete="email"
            aria-required="true"
            placeholder="you@example.com"
          />
        )}
      </FormField>
      <FormField label="Phone" error={errors.phone?.message} hint={PHONE_HINT}>
        {(field) => (
          <Input
            {...field}
            {...register('phone')}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            aria-required="true"
            placeholder="+2348012345678"
          />
        )}
      </FormField>
      <FormField
        label="Password"
        error={errors.password?.message}
        hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
      >
        {(field) => (
          <Input
            {...field}
            {...register('password')}
            type="password"
            autoComplete="new-password"
            aria-required="true"
          />
        )}
      </FormField>
      <FormField label="Confirm Password" error={errors.password_confirmation?.message}>
        {(field) => (
          <Input
            {...field}
            {...register('password_confirmation')}
            type="password"
            autoComplete="new-password"
            aria-required="true"
          />
        )}
      </FormField>
      <TermsCheckbox control={control} name="terms_accepted" />
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? (
          <>
            <Spinner /> Creating account...
          </>
        ) : (
          'Create Account'
        )}
      </Button>
    </form>
  );
}
