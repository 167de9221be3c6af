/** Business constants of the marketplace (spec sections 3, 4, 5 and 9). */

export const CATEGORIES = ['Hausa Caps', 'Yoruba Caps', 'Igbo Caps', 'Modern Caps', 'Traditional Caps'] as const;
export type Category = (typeof CATEGORIES)[number];

export const BANKS = [
  'Access Bank',
  'First Bank Nigeria',
  'Guaranty Trust Bank',
  'United Bank for Africa',
  'Zenith Bank',
  'Fidelity Bank',
  'Sterling Bank',
  'Ecobank',
] as const;
export type Bank = (typeof BANKS)[number];

export const USER_ROLES = ['customer', 'vendor', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Roles a person may pick when registering or signing in through the public forms. */
export const PUBLIC_ROLES = ['customer', 'vendor'] as const;
export type PublicRole = (typeof PUBLIC_ROLES)[number];

export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** The spec's five, then the after-sale ones of issue 13 (docs/returns.md). */
export const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'shipped',
  'delivered',
  'cancelled',
  'return_requested',
  'returned',
  'refunded',
  'partially_refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const REPORT_REASONS = [
  'Fake products',
  'Poor quality',
  'Misleading information',
  'Poor customer service',
  'Inappropriate content',
  'Scam/Fraud',
  'Other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ['pending', 'reviewed', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const CURRENCY = 'NGN';
export const DEFAULT_VENDOR_RATING = 4.5;

export const FEATURED_CAPS = 8;
export const FEATURED_SHOPS = 4;
export const RECOMMENDED_PRODUCTS = 4;
export const CARD_SIZES_SHOWN = 3;
export const CATALOGUE_PAGE_SIZE = 12;
export const CATALOGUE_MAX_PAGE_SIZE = 100;
export const CATALOGUE_PAGE_LINKS = 5;

export const PRICE_BANDS = ['all', 'under-20000', '20000-50000', 'over-50000'] as const;
export type PriceBand = (typeof PRICE_BANDS)[number];

export const PRODUCT_SORTS = ['newest', 'price-low', 'price-high', 'rating', 'name'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Images: accepted content types and limits for uploads. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/**
 * The most pixels an image may have (width × height), read from its header before it is decoded: 25
 * megapixels takes a phone's 12 MP photo and the 24 MP one recent iPhones save (5712 × 4284), while
 * decoding stays bounded (a 128 KB PNG can claim 40 MP and cost seconds of CPU to decode).
 */
export const MAX_IMAGE_PIXELS = 25_000_000;
export const MAX_PRODUCT_IMAGES = 6;

export const MIN_PASSWORD_LENGTH = 8;

export const CONTACT = {
  phone: '+234 803 000 0000',
  email: 'support@capsmarket.ng',
  city: 'Maiduguri',
  country: 'Nigeria',
} as const;
