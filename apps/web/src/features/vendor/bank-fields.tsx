import { BANKS } from '@caps/contracts';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, TextField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';

type BankField = 'account_holder_name' | 'account_number' | 'bank_name';

interface BankFieldsProps {
  /** Each field's `register(...)`, so any form holding these three fields can use them. */
  registered: Record<BankField, UseFormRegisterReturn>;
  errors: Partial<Record<BankField, string | undefined>>;
}

/** Where a shop's earnings are paid: the registration form and the dashboard's banking form. */
export function BankFields({ registered, errors }: BankFieldsProps) {
  return (
    <>
      <TextField
        label="Account Holder Name"
        error={errors.account_holder_name}
        registration={registered.account_holder_name}
        aria-required="true"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Account Number"
          error={errors.account_number}
          hint="10-digit account number"
          registration={registered.account_number}
          inputMode="numeric"
          maxLength={10}
          autoComplete="off"
          aria-required="true"
        />
        <FormField label="Bank Name" error={errors.bank_name}>
          {(field) => (
            <Select {...field} {...registered.bank_name} aria-required="true">
              <option value="">Select your bank</option>
              {BANKS.map((bank) => (
                <option key={bank} value={bank}>
                  {bank}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
    </>
  );
}
