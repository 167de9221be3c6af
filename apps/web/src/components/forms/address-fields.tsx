import type { ReactNode } from 'react';
import { type FieldErrors, type FieldValues, get, type Path, type UseFormRegister } from 'react-hook-form';
import { TextField } from '@/components/ui/form-field';
import { PhoneField } from './phone-field';

/** The parts of a delivery address every address form asks for. */
type AddressPart = 'fullName' | 'street' | 'city' | 'state' | 'postalCode' | 'phone';

interface AddressFieldsProps<T extends FieldValues> {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** The form's own name for each part (checkout's schema says postalCode, a saved address postal_code). */
  names: Record<AddressPart, Path<T>>;
  /** The street's label: "Address" at checkout, "Street Address" in the address dialog. */
  streetLabel: string;
  streetPlaceholder?: string;
  /** A field beside the full name (checkout: the email the receipt goes to). */
  besideName?: ReactNode;
}

/** Full name, phone, street, city, state and postal code: checkout's shipping form and the address dialog. */
export function AddressFields<T extends FieldValues>({
  register,
  errors,
  names,
  streetLabel,
  streetPlaceholder,
  besideName,
}: AddressFieldsProps<T>) {
  const bind = (part: AddressPart) => ({
    registration: register(names[part]),
    error: (get(errors, names[part]) as { message?: string } | undefined)?.message,
  });
  const fullName = <TextField label="Full Name" {...bind('fullName')} autoComplete="name" aria-required="true" />;
  return (
    <>
      {besideName ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {fullName}
          {besideName}
        </div>
      ) : (
        fullName
      )}
      <PhoneField {...bind('phone')} />
      <TextField
        label={streetLabel}
        {...bind('street')}
        autoComplete="street-address"
        aria-required="true"
        placeholder={streetPlaceholder}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="City" {...bind('city')} autoComplete="address-level2" aria-required="true" />
        <TextField label="State" {...bind('state')} autoComplete="address-level1" aria-required="true" />
        <TextField label="Postal Code" {...bind('postalCode')} autoComplete="postal-code" aria-required="true" />
      </div>
    </>
  );
}
