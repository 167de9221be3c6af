import { z } from 'zod';
import { wholeNumber } from './catalogue.js';
import { addressField, boundedText, personName, phoneField, text } from './fields.js';
import { VALIDATION_MESSAGES } from './messages.js';

/** How many addresses one customer may keep. */
export const MAX_SAVED_ADDRESSES = 10;

/** Texts of the address calls. */
export const ADDRESS_TEXT = {
  postalCode: 'Postal code must be 3 to 10 letters or digits',
  isDefault: 'is_default must be true or false',
  notFound: 'Address not found',
  tooMany: `You can save at most ${MAX_SAVED_ADDRESSES} addresses. Please delete one first.`,
  deleted: 'Address deleted',
} as const;

const addressFields = {
  full_name: personName,
  address: addressField,
  city: boundedText(2, 100),
  state: boundedText(2, 100),
  postal_code: text()
    .trim()
    .min(1, VALIDATION_MESSAGES.required)
    .regex(/^[A-Za-z0-9]{3,10}$/, ADDRESS_TEXT.postalCode),
  phone: phoneField,
  is_default: z.boolean({ error: ADDRESS_TEXT.isDefault }),
};

/** A saved shipping address (spec 3 keeps these locally; here they live on the server). */
export const AddressInput = z.object({ ...addressFields, is_default: addressFields.is_default.optional() }).strict();
export type AddressInput = z.input<typeof AddressInput>;

/** PUT /addresses/{id}: any of the fields; is_default true makes it the default. */
export const UpdateAddressInput = z
  .object({
    id: wholeNumber('id', 1, 2_147_483_647),
    full_name: addressFields.full_name.optional(),
    address: addressFields.address.optional(),
    city: addressFields.city.optional(),
    state: addressFields.state.optional(),
    postal_code: addressFields.postal_code.optional(),
    phone: addressFields.phone.optional(),
    is_default: addressFields.is_default.optional(),
  })
  .strict();
export type UpdateAddressInput = z.input<typeof UpdateAddressInput>;

export const AddressIdInput = z.object({ id: wholeNumber('id', 1, 2_147_483_647) }).strict();
export type AddressIdInput = z.input<typeof AddressIdInput>;

export const AddressDto = z.object({
  id: z.number().int(),
  full_name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  phone: z.string(),
  is_default: z.boolean(),
  created_at: z.string(),
});
export type AddressDto = z.infer<typeof AddressDto>;
