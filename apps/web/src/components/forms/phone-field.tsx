import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/form-field';
import { PHONE_HINT } from './phone-hint';

/** The contact phone of every form that asks for one, with the country-code hint and example. */
export function PhoneField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  return (
    <TextField
      label="Phone"
      error={error}
      hint={PHONE_HINT}
      registration={registration}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      aria-required="true"
      placeholder="+2348012345678"
    />
  );
}
