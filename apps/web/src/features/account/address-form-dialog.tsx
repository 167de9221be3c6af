import { type AddressDto, AddressInput } from '@caps/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AddressFields } from '@/components/forms/address-fields';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { applyServerFieldErrors, readServerError } from '@/lib/server-errors';

const FIELDS = ['full_name', 'address', 'city', 'state', 'postal_code', 'phone'] as const;

export type AddressValues = Pick<AddressInput, (typeof FIELDS)[number]>;

const ADDRESS_NAMES = {
  fullName: 'full_name',
  street: 'address',
  city: 'city',
  state: 'state',
  postalCode: 'postal_code',
  phone: 'phone',
} as const;

const EMPTY: AddressValues = { full_name: '', address: '', city: '', state: '', postal_code: '', phone: '' };

function valuesOf(address: AddressDto | null): AddressValues {
  if (!address) return EMPTY;
  const { full_name, address: street, city, state, postal_code, phone } = address;
  return { full_name, address: street, city, state, postal_code, phone };
}

interface AddressFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The address being edited, or null to add one. */
  address: AddressDto | null;
  /** Sends the values; throws the server's error when they were refused. */
  onSave: (values: AddressValues) => Promise<void>;
  /** Returns true when the error was handled elsewhere (a lost session). */
  onSaveError: (error: unknown) => boolean;
}

/** Add Address / Edit Address: the shipping fields, checked with the server's own rules. */
export function AddressFormDialog({ open, onOpenChange, address, onSave, onSaveError }: AddressFormDialogProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(AddressInput),
    defaultValues: valuesOf(address),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  useEffect(() => {
    if (!open) return;
    reset(valuesOf(address));
    setFailure(null);
  }, [open, address, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSave({
        full_name: values.full_name,
        address: values.address,
        city: values.city,
        state: values.state,
        postal_code: values.postal_code,
        phone: values.phone,
      });
      onOpenChange(false);
    } catch (error) {
      if (onSaveError(error)) return;
      const { message, fieldErrors } = readServerError(error, 'Failed to save the address. Please try again.');
      applyServerFieldErrors(setError, fieldErrors, FIELDS);
      setFailure(message);
    }
  });

  const title = address ? 'Edit Address' : 'Add Address';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Where should we deliver your caps?</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate aria-label={title} className="flex flex-col gap-4">
          <FormAlert message={failure} />
          <AddressFields register={register} errors={errors} names={ADDRESS_NAMES} streetLabel="Street Address" />
          <DialogFooter className="mt-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <SubmitButton busy={isSubmitting} label="Save Address" busyLabel="Saving..." />
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
