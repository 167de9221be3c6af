import { z } from 'zod';
import { ProductDto } from './catalogue.js';
import { CATEGORIES, MAX_PRODUCT_IMAGES } from './constants.js';
import { boundedText } from './fields.js';
import { V } from './messages.js';

/** Texts of the vendor's product calls that spec section 5 does not give word for word. */
export const VENDOR_PRODUCT_MESSAGES = {
  tooManyImages: `A cap can have at most ${MAX_PRODUCT_IMAGES} images`,
  sizeTooLong: 'Each size may be at most 20 characters',
  category: `Category must be one of: ${CATEGORIES.join(', ')}`,
  unknownImage: 'keep_images may only name images this cap already has',
  shopPending: 'Your shop is pending verification. You can add caps once an admin has verified it.',
  deleted: 'Product deleted',
  archived: 'Product archived',
} as const;

/**
 * A number from JSON or a multipart text field; anything that is not a number reads as `message`, and
 * a number goes on to `rules`. The rules sit inside the preprocess (not piped after it) so the OpenAPI
 * document still lists the field as required.
 */
const numberFrom = (message: string, rules: z.ZodType<number, number>) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value),
    z.number({ error: message }).finite(message).pipe(rules),
  );

/** Naira: positive, at most ₦1,000,000. */
export const productPriceField = numberFrom(
  V.pricePositive,
  z.number().positive(V.pricePositive).max(1_000_000, V.priceMax),
);

/** Whole units in stock, 0..10,000. */
export const productStockField = numberFrom(
  V.stockNonNegative,
  z.number().int(V.stockNonNegative).min(0, V.stockNonNegative).max(10_000, V.stockMax),
);

export const productCategoryField = z.enum(CATEGORIES, {
  error: (issue) => (issue.input === undefined || issue.input === '' ? V.required : VENDOR_PRODUCT_MESSAGES.category),
});

/** A list from JSON, from multipart name[i] fields, or a single multipart value. */
const listOf = (value: unknown): unknown => (typeof value === 'string' ? [value] : value);

/** Sizes: trimmed, blank and repeated entries dropped, each at most 20 characters, at least one. */
export const productSizesField = z.preprocess(
  listOf,
  z
    .array(z.string({ error: V.sizesRequired }), { error: V.sizesRequired })
    .transform((sizes) => [...new Set(sizes.map((size) => size.trim()).filter(Boolean))])
    .pipe(z.array(z.string().max(20, VENDOR_PRODUCT_MESSAGES.sizeTooLong)).min(1, V.sizesRequired)),
);

/** Existing images to keep, by URL or stored name, in their new order; '' (multipart) keeps none. */
export const keepImagesField = z.preprocess(
  (value) => (value === '' ? [] : listOf(value)),
  z.array(z.string().trim().min(1)).max(MAX_PRODUCT_IMAGES, VENDOR_PRODUCT_MESSAGES.tooManyImages),
);

export const CreateVendorProductInput = z.object({
  name: boundedText(3, 100),
  description: boundedText(10, 1000),
  price: productPriceField,
  stock: productStockField,
  category: productCategoryField,
  sizes: z.preprocess((value) => value ?? [], productSizesField),
});
export type CreateVendorProductInput = z.input<typeof CreateVendorProductInput>;
export type CreateVendorProductData = z.output<typeof CreateVendorProductInput>;

/** Only the fields sent change. */
export const UpdateVendorProductInput = z.object({
  id: z.coerce.number({ error: 'id must be a whole number' }).int('id must be a whole number').min(1),
  name: boundedText(3, 100).optional(),
  description: boundedText(10, 1000).optional(),
  price: productPriceField.optional(),
  stock: productStockField.optional(),
  category: productCategoryField.optional(),
  sizes: productSizesField.optional(),
  keep_images: keepImagesField.optional(),
});
export type UpdateVendorProductInput = z.input<typeof UpdateVendorProductInput>;
export type UpdateVendorProductData = z.output<typeof UpdateVendorProductInput>;

/** A product in the vendor's own list: the catalogue shape plus whether it is archived. */
export const VendorProductDto = ProductDto.extend({
  archived: z.boolean(),
  archived_at: z.string().nullable(),
});
export type VendorProductDto = z.infer<typeof VendorProductDto>;
