import { VALIDATION_MESSAGES, VendorRegisterForm, vendorShopFields } from '@caps/contracts';
import { z } from 'zod';

/**
 * The bank part of the vendor forms as the picker fills it: the bank is chosen from the bank list by its code
 * (any bank of the list, not only the spec's eight names), and its name travels beside it.
 */
export const bankChoiceFields = {
  account_holder_name: vendorShopFields.account_holder_name,
  account_number: vendorShopFields.account_number,
  bank_code: z.string().trim().min(1, VALIDATION_MESSAGES.bankName),
  bank_name: z.string().trim(),
};

/** The dashboard's banking form. */
export const BankingFormSchema = z.object(bankChoiceFields);
export type BankingFormValues = z.input<typeof BankingFormSchema>;

const { bank_name: _namedBank, ...registerFields } = VendorRegisterForm.shape;

/** Vendor registration: the contract's form with the bank chosen from the list (by code). */
export const VendorRegisterFormSchema = z
  .object({ ...registerFields, ...bankChoiceFields })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: VALIDATION_MESSAGES.passwordsMismatch,
  });
export type VendorRegisterFormValues = z.input<typeof VendorRegisterFormSchema>;
