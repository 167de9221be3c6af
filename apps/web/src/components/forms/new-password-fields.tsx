import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/form-field';

interface NewPasswordFieldsProps {
  /** 'Password' when registering, 'New Password' when changing it. */
  label: string;
  confirmLabel: string;
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  errors: { password?: string | undefined; confirmation?: string | undefined };
}

/** The new password and its confirmation, shared by both sign-up forms and the security tab. */
export function NewPasswordFields({ label, confirmLabel, password, confirmation, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label={label}
        error={errors.password}
        hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
        registration={password}
        type="password"
        autoComplete="new-password"
        aria-required="true"
      />
      <TextField
        label={confirmLabel}
        error={errors.confirmation}
        registration={confirmation}
        type="password"
        autoComplete="new-password"
        aria-required="true"
      />
    </>
  );
}
