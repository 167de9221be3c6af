import type { AddressDto } from '@caps/contracts';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { AddressFields } from '@/components/forms/address-fields';
import { EmailField } from '@/components/forms/email-field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import type { ShippingValues } from './use-checkout';

const SHIPPING_NAMES = {
  fullName: 'fullName',
  street: 'address',
  city: 'city',
  state: 'state',
  postalCode: 'postalCode',
  phone: 'phone',
} as const;

function addressLabel(address: AddressDto): string {
  return `${address.full_name}, ${address.address}, ${address.city}${address.is_default ? ' (default)' : ''}`;
}

interface ShippingFormProps {
  register: UseFormRegister<ShippingValues>;
  errors: FieldErrors<ShippingValues>;
  onSubmit: () => void;
  disabled: boolean;
  savedAddresses: readonly AddressDto[];
  selectedAddress: string;
  onChooseAddress: (value: string) => void;
  onTypeOverAddress: () => void;
}

/** Shipping Details: a saved address to start from, then the delivery fields and the receipt's email. */
export function ShippingForm({
  register,
  errors,
  onSubmit,
  disabled,
  savedAddresses,
  selectedAddress,
  onChooseAddress,
  onTypeOverAddress,
}: ShippingFormProps) {
  return (
    <form
      id="checkout-form"
      onSubmit={onSubmit}
      onChange={(event) => {
        // Typing over a chosen saved address makes it a new address.
        if (selectedAddress && event.target instanceof HTMLInputElement) onTypeOverAddress();
      }}
      noValidate
      aria-label="Shipping details"
      className="rounded-card border border-border bg-card p-5 shadow-sm sm:p-6"
    >
      <h2 className="text-xl font-semibold">Shipping Details</h2>
      <fieldset disabled={disabled} className="mt-4 flex flex-col gap-4">
        <legend className="sr-only">Where should we deliver your caps?</legend>
        {savedAddresses.length > 0 ? (
          <div className="flex flex-col gap-2">
            <Label htmlFor="saved-address">Saved address</Label>
            <Select
              id="saved-address"
              value={selectedAddress}
              onChange={(event) => onChooseAddress(event.target.value)}
            >
              <option value="">Enter a new address</option>
              {savedAddresses.map((address) => (
                <option key={address.id} value={String(address.id)}>
                  {addressLabel(address)}
                </option>
              ))}
            </Select>
          </div>
        ) : null}
        <AddressFields
          register={register}
          errors={errors}
          names={SHIPPING_NAMES}
          streetLabel="Address"
          streetPlaceholder="12 Baga Road"
          besideName={<EmailField registration={register('email')} error={errors.email?.message} />}
        />
      </fieldset>
    </form>
  );
}
