import { CustomerRegisterForm as CustomerRegisterSchema, UI_TEXT } from '@caps/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { EmailField } from '@/components/forms/email-field';
import { NewPasswordFields } from '@/components/forms/new-password-fields';
import { PhoneField } from '@/components/forms/phone-field';
import { TermsCheckbox } from '@/components/forms/terms-checkbox';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/toaster';
import { useAuth } from '@/lib/auth';
import { applyServerFieldErrors, readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';

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
      toast.success(UI_TEXT.registrationSuccess);
      navigate('/', { replace: true });
    } catch (error) {
      const { message, fieldErrors } = readServerError(error, UI_TEXT.registrationFailed);
      setFailure(message);
      applyServerFieldErrors(setError, fieldErrors, FIELDS);
      toast.error(UI_TEXT.registrationFailed, { description: message });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Register">
      <FormAlert message={failure} />
      <TextField
        label="Full Name"
        error={errors.full_name?.message}
        registration={register('full_name')}
        autoComplete="name"
        aria-required="true"
      />
      <EmailField registration={register('email')} error={errors.email?.message} placeholder="you@example.com" />
      <PhoneField error={errors.phone?.message} registration={register('phone')} />
      <NewPasswordFields
        label="Password"
        confirmLabel="Confirm Password"
        password={register('password')}
        confirmation={register('password_confirmation')}
        errors={{ password: errors.password?.message, confirmation: errors.password_confirmation?.message }}
      />
      <TermsCheckbox control={control} name="terms_accepted" />
      <SubmitButton
        busy={isSubmitting}
        label="Create Account"
        busyLabel="Creating account..."
        size="lg"
        className="mt-2 w-full"
      />
    </form>
  );
}
