import { z } from 'zod';
import { ProductDto, wholeNumber } from './catalogue.js';
import { CATEGORIES, MAX_PRODUCT_IMAGES } from './constants.js';
import { boundedText } from './fields.js';
import { VALIDATION_MESSAGES } from './messages.js';
import { nairaToKobo } from './money.js';

/** A cap's sizes: each a short free text (21.5, 58, Small, XL), and no more than a size chart's worth. */
export const MAX_SIZE_LENGTH = 20;
export const MAX_PRODUCT_SIZES = 20;

/** Texts of the vendor's product calls that spec section 5 does not give word for word. */
export const VENDOR_PRODUCT_MESSAGES = {
  tooManyImages: `A cap can have at most ${MAX_PRODUCT_IMAGES} images`,
  sizeTooLong: `Each size may be at most ${MAX_SIZE_LENGTH} characters`,
  tooManySizes: `At most ${MAX_PRODUCT_SIZES} sizes are allowed`,
  imagesAsFiles: 'Images must be uploaded as files: send them as multipart images[0], images[1]...',
  category: `Category must be one of: ${CATEGORIES.join(', ')}`,
  unknownImage: 'keep_images may only name images this cap already has',
  shopPending:
    'Your shop is pending verification. You can add caps, make coupons and fulfil orders once an admin has verified it.',
  deleted: 'Product deleted',
  archived: 'Product archived',
} as const;

/**
 * A number from JSON or a multipart text field; anything that is not a number reads as `message`, and
 * a number goes on to `rules`. The rules sit inside the preprocess (not piped after it) so the OpenAPI
 * document still lists the field as required, and on the number itself so it shows their limits.
 */
const numberFrom = (message: string, rules: (number: z.ZodNumber) => z.ZodType<number, number>) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value),
    rules(z.number({ error: message })),
  );

/**
 * Naira, at most ₦1,000,000. Stored rounded to the kobo (12.346 is ₦12.35), so it must still be at
 * least ₦0.01 once rounded: 0.001 would otherwise be stored, and sold, as ₦0.
 */
export const productPriceField = numberFrom(VALIDATION_MESSAGES.pricePositive, (number) =>
  number
    .positive(VALIDATION_MESSAGES.pricePositive)
    .max(1_000_000, VALIDATION_MESSAGES.priceMax)
    .refine((naira) => nairaToKobo(naira) >= 1, VALIDATION_MESSAGES.pricePositive),
);

/** Whole units in stock, 0..10,000. */
export const productStockField = numberFrom(VALIDATION_MESSAGES.stockNonNegative, (number) =>
  number
    .int(VALIDATION_MESSAGES.stockNonNegative)
    .min(0, VALIDATION_MESSAGES.stockNonNegative)
    .max(10_000, VALIDATION_MESSAGES.stockMax),
);

export const productCategoryField = z.enum(CATEGORIES, {
  error: (issue) =>
    issue.input === undefined || issue.input === '' ? VALIDATION_MESSAGES.required : VENDOR_PRODUCT_MESSAGES.category,
});

/** A list from JSON, from multipart name[i] fields, or a single multipart value. */
const listOf = (value: unknown): unknown => (typeof value === 'string' ? [value] : value);

/**
 * Sizes as spec 3 gives them, a list or a JSON string: a string holding a JSON array ('["S","M"]', from
 * JSON or a single multipart field) is that list; any other string is one size. Numbers (58, 21.5) read as
 * their text.
 */
function sizeList(value: unknown): unknown {
  let list = value;
  if (typeof value === 'string') {
    list = [value];
    if (value.trim().startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(value);
        if (Array.isArray(parsed)) list = parsed;
      } catch {
        // Not JSON after all ('[XL'): one size, checked like any other.
      }
    }
  }
  return Array.isArray(list) ? list.map((size) => (typeof size === 'number' ? String(size) : size)) : list;
}

/** Sizes: trimmed, blank and repeated entries dropped, each at most 20 characters, at least one, at most 20. */
export const productSizesField = z.preprocess(
  sizeList,
  z
    .array(z.string({ error: VALIDATION_MESSAGES.invalidFormat }), { error: VALIDATION_MESSAGES.sizesRequired })
    .transform((sizes) => [...new Set(sizes.map((size) => size.trim()).filter(Boolean))])
    .pipe(
      // The length rule sits on the list, so its message lands on the sizes field rather than on sizes.3.
      z
        .array(z.string())
        .min(1, VALIDATION_MESSAGES.sizesRequired)
        .max(MAX_PRODUCT_SIZES, VENDOR_PRODUCT_MESSAGES.tooManySizes)
        .refine((sizes) => sizes.every((size) => size.length <= MAX_SIZE_LENGTH), VENDOR_PRODUCT_MESSAGES.sizeTooLong),
    ),
);

/** Existing images to keep, by URL or stored name, in their new order; '' (multipart) keeps none. */
export const keepImagesField = z.preprocess(
  (value) => (value === '' ? [] : listOf(value)),
  z.array(z.string().trim().min(1)).max(MAX_PRODUCT_IMAGES, VENDOR_PRODUCT_MESSAGES.tooManyImages),
);

/**
 * Images travel only as uploaded files (multipart images[i]); image URLs or names sent as fields would
 * otherwise be dropped without a word, so they are refused.
 */
const noImageFields = z
  .never({ error: VENDOR_PRODUCT_MESSAGES.imagesAsFiles })
  .optional()
  .describe('Not a field: images are uploaded as multipart files images[i]');

export const CreateVendorProductInput = z.object({
  name: boundedText(3, 100),
  description: boundedText(10, 1000),
  price: productPriceField,
  stock: productStockField,
  category: productCategoryField,
  sizes: z.preprocess((value) => value ?? [], productSizesField),
  images: noImageFields,
});
export type CreateVendorProductInput = z.input<typeof CreateVendorProductInput>;
export type CreateVendorProductData = z.output<typeof CreateVendorProductInput>;

/** Spec 5: an update sends only non-empty fields, so a blank one ('' from a form left empty) counts as not sent. */
const ifSent = <T extends z.ZodType>(field: T) =>
  z.preprocess(
    (value: z.input<T> | undefined) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    field.optional(),
  );

/** Only the fields sent (and not blank) change. */
export const UpdateVendorProductInput = z.object({
  id: wholeNumber('id', 1, 2_147_483_647),
  name: ifSent(boundedText(3, 100)),
  description: ifSent(boundedText(10, 1000)),
  price: ifSent(productPriceField),
  stock: ifSent(productStockField),
  category: ifSent(productCategoryField),
  sizes: ifSent(productSizesField),
  keep_images: keepImagesField.optional(),
  images: noImageFields,
});
export type UpdateVendorProductInput = z.input<typeof UpdateVendorProductInput>;
export type UpdateVendorProductData = z.output<typeof UpdateVendorProductInput>;

/** A product in the vendor's own list: the catalogue shape plus whether it is archived. */
export const VendorProductDto = ProductDto.extend({
  archived: z.boolean(),
  archived_at: z.string().nullable(),
});
export type VendorProductDto = z.infer<typeof VendorProductDto>;
