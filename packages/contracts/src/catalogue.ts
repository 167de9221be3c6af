import { z } from 'zod';
import { CATALOGUE_MAX_PAGE_SIZE, CATALOGUE_PAGE_SIZE, CATEGORIES, PRICE_BANDS, PRODUCT_SORTS } from './constants.js';
import { boundedText, emailField } from './fields.js';
import { requiredOr } from './messages.js';

/**
 * A whole number from a query string or JSON, with a message naming the field. JSON sends a number; a
 * path or query string must be plain decimal digits (leading zeros fine), because Number() would also
 * read '1e2', '0x1', '+1' or ' 1', and /products/1e2 would find product 100.
 */
export const wholeNumber = (field: string, min: number, max: number) => {
  const message = `${field} must be a whole number`;
  // Not sent at all, or a form's field left empty: required, as spec 5 words it, not "must be a whole number".
  const messageOf = requiredOr(message);
  const bounded = z
    .number({ error: messageOf })
    .int(message)
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`);
  return z
    .union([bounded, z.string().regex(/^\d+$/, { error: messageOf })], { error: messageOf })
    .transform(Number)
    .pipe(bounded);
};

/** Column names the older clients send as `sort` with `order`, besides the spec's sort keys. */
export const PRODUCT_SORT_COLUMNS = ['price', 'created_at', 'rating', 'name'] as const;

/** Every `sort` the catalogue takes, each once (the spec's keys and the older clients' columns share two). */
const SORT_CHOICES = [...new Set([...PRODUCT_SORTS, ...PRODUCT_SORT_COLUMNS])];

/** GET /products: filters, sort and page over the whole catalogue, done by the database. */
export const ProductListQuery = z.object({
  category: z
    .enum(['all', ...CATEGORIES], { error: `category must be one of: all, ${CATEGORIES.join(', ')}` })
    .optional(),
  search: z.string().max(200, 'search may be at most 200 characters').optional(),
  vendor_id: wholeNumber('vendor_id', 1, 2_147_483_647).optional(),
  sort: z.enum(SORT_CHOICES, { error: `sort must be one of: ${SORT_CHOICES.join(', ')}` }).optional(),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).optional(),
  price: z.enum(PRICE_BANDS, { error: `price must be one of: ${PRICE_BANDS.join(', ')}` }).optional(),
  page: wholeNumber('page', 1, 100_000).default(1),
  per_page: wholeNumber('per_page', 1, CATALOGUE_MAX_PAGE_SIZE).default(CATALOGUE_PAGE_SIZE),
});
export type ProductListQuery = z.input<typeof ProductListQuery>;

export const IdParam = z.object({ id: wholeNumber('id', 1, 2_147_483_647) });

export const ProductDto = z.object({
  id: z.number().int(),
  vendor_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Naira. */
  price: z.number(),
  images: z.array(z.string()),
  sizes: z.array(z.string()),
  stock: z.number().int(),
  in_stock: z.boolean(),
  category: z.string(),
  vendor: z.object({ id: z.number().int(), shop_name: z.string() }),
  reviews: z.array(z.object({ rating: z.number().int() })),
  rating: z.number(),
  total_reviews: z.number().int(),
  created_at: z.string(),
});
export type ProductDto = z.infer<typeof ProductDto>;

export const PagedProductsDto = z.object({
  data: z.array(ProductDto),
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type PagedProductsDto = z.infer<typeof PagedProductsDto>;

/** A shop as anyone may see it (bank details stay private to the owner and admins). */
export const PublicVendorDto = z.object({
  id: z.number().int(),
  user: z.object({ name: z.string() }),
  shop_name: z.string(),
  shop_description: z.string(),
  address: z.string(),
  phone: z.string(),
  average_rating: z.number(),
  total_reviews: z.number().int(),
  total_products: z.number().int(),
  profile_image: z.string().nullable(),
  cover_image: z.string().nullable(),
  is_verified: z.number().int(),
  verified_at: z.string().nullable(),
  created_at: z.string(),
});
export type PublicVendorDto = z.infer<typeof PublicVendorDto>;

export const ReviewListQuery = z.object({
  product_id: wholeNumber('product_id', 1, 2_147_483_647).optional(),
  vendor_id: wholeNumber('vendor_id', 1, 2_147_483_647).optional(),
});
export type ReviewListQuery = z.input<typeof ReviewListQuery>;

export const ReviewDto = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  /**
   * The reviewer's name. `email` stays for spec 3's review shape and is always empty: the public never sees any
   * part of a reviewer's address (issue 25); admins' reviews (AdminReviewDto) carry it whole.
   */
  user: z.object({ full_name: z.string(), email: z.literal('') }).nullable(),
  product_id: z.number().int().nullable(),
  vendor_id: z.number().int().nullable(),
  rating: z.number().int(),
  comment: z.string(),
  verified_purchase: z.boolean(),
  created_at: z.string(),
});
export type ReviewDto = z.infer<typeof ReviewDto>;

/** The contact form (spec 5: name, email, subject and message, all required). */
/** The contact form (spec 2): Full Name, Email Address, Subject, Message, all required. */
export const ContactMessageForm = z.object({
  name: boundedText(1, 100),
  email: emailField,
  subject: boundedText(1, 200),
  message: boundedText(1, 5000),
});

/** POST /contact: the form's fields; the name may also come as `full_name`. */
export const ContactMessageInput = z.preprocess(
  (value) =>
    typeof value === 'object' && value !== null && !('name' in value) && 'full_name' in value
      ? { ...value, name: (value as { full_name: unknown }).full_name }
      : value,
  ContactMessageForm,
);
export type ContactMessageInput = z.input<typeof ContactMessageForm>;
