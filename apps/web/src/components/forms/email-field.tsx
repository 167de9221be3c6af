import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/form-field';

interface EmailFieldProps {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  label?: string;
  placeholder?: string;
  /** 'username' where the email names an account to sign in to (the admin login). */
  autoComplete?: 'email' | 'username';
}

/** The required email field of every form that asks for one. */
export function EmailField({
  registration,
  error,
  label = 'Email',
  placeholder,
  autoComplete = 'email',
}: EmailFieldProps) {
  return (
    <TextField
      label={label}
      error={error}
      registration={registration}
      type="email"
      autoComplete={autoComplete}
      aria-required="true"
      placeholder={placeholder}
    />
  );
}
