/**
 * The client view of a product (spec 3), built from a server product as the developer test page receives it.
 *
 * The input is read defensively: the test page shows raw server data, and spec 3 allows images and sizes
 * as a list, a JSON string or a single value, so nothing about its shape is taken for granted.
 */

export const UNKNOWN_PRODUCT = 'Unknown Product';
export const UNKNOWN_VENDOR = 'Unknown Vendor';
export const UNKNOWN_SHOP = 'Unknown Shop';
export const UNCATEGORIZED = 'Uncategorized';

/** Where the server serves an uploaded image by its file name (spec 7). */
const IMAGE_ENDPOINT = '/api/images/';

export interface ClientProduct {
  id: string;
  name: string;
  description: string;
  /** Naira. */
  price: number;
  images: string[];
  sizes: string[];
  vendorId: string;
  vendorName: string;
  shopName: string;
  category: string;
  inStock: boolean;
  stockQuantity: number;
  /** Average of the review ratings, 0 without reviews. */
  rating: number;
  totalReviews: number;
  createdAt: string;
}

type Fields = Record<string, unknown>;

function asFields(value: unknown): Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : {};
}

/** A non-blank string, or null. */
function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function numberOf(value: unknown): number | null {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : null;
}

/** A list, a JSON string holding a list, or a single value, as a list of non-blank strings. */
function listOf(value: unknown): string[] {
  let items: unknown[];
  if (Array.isArray(value)) {
    items = value;
  } else if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(trimmed);
        items = Array.isArray(parsed) ? parsed : [];
      } catch {
        items = [];
      }
    } else {
      items = [trimmed];
    }
  } else if (typeof value === 'number') {
    items = [value];
  } else {
    items = [];
  }
  return items.map(textOf).filter((item): item is string => item !== null);
}

/** Spec 3: an image value that is not an address is a file name served from the image endpoint. */
export function imageSource(value: string): string {
  if (/^(https?:|data:|blob:)/i.test(value) || value.startsWith('/')) return value;
  return `${IMAGE_ENDPOINT}${encodeURIComponent(value)}`;
}

function ratingsOf(reviews: unknown): number[] {
  if (!Array.isArray(reviews)) return [];
  return reviews.map((review) => numberOf(asFields(review).rating)).filter((rating) => rating !== null);
}

export function toClientProduct(serverProduct: unknown): ClientProduct {
  const product = asFields(serverProduct);
  const vendor = asFields(product.vendor);
  const owner = asFields(vendor.user);
  const stock = numberOf(product.stock) ?? 0;
  const ratings = ratingsOf(product.reviews);
  const hasReviewList = Array.isArray(product.reviews);
  const rating = hasReviewList
    ? ratings.length > 0
      ? ratings.reduce((sum, value) => sum + value, 0) / ratings.length
      : 0
    : (numberOf(product.rating) ?? 0);

  return {
    id: textOf(product.id) ?? '',
    name: textOf(product.name) ?? UNKNOWN_PRODUCT,
    description: textOf(product.description) ?? '',
    price: numberOf(product.price) ?? 0,
    images: listOf(product.images).map(imageSource),
    sizes: listOf(product.sizes),
    vendorId: textOf(product.vendor_id) ?? textOf(vendor.id) ?? '',
    vendorName: textOf(owner.name) ?? textOf(owner.full_name) ?? textOf(product.vendor_name) ?? UNKNOWN_VENDOR,
    shopName: textOf(vendor.shop_name) ?? textOf(product.shop_name) ?? UNKNOWN_SHOP,
    category: textOf(product.category) ?? UNCATEGORIZED,
    inStock: stock > 0,
    stockQuantity: Math.max(0, Math.floor(stock)),
    rating,
    totalReviews: hasReviewList ? ratings.length : Math.max(0, Math.floor(numberOf(product.total_reviews) ?? 0)),
    createdAt: textOf(product.created_at) ?? '',
  };
}
