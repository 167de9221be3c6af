import { koboToNaira, type ProductDto } from '@caps/contracts';
import { imageUrl } from '../../images/image-store.js';

/** A product row as the catalogue query selects it (snake_case columns, JSON as text on SQLite). */
export interface ProductRow {
  id: number;
  vendor_id: number;
  name: string;
  description: string;
  price_kobo: number;
  stock: number;
  category: string;
  sizes: string | string[];
  images: string | string[];
  rating_average: number;
  rating_count: number;
  created_at: string | number | Date;
  shop_name: string;
  /** The review ratings, oldest first, comma-separated ('4,5,3'); null without reviews (catalogue queries). */
  ratings?: string | null;
}

function list(value: string | string[] | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

function isoDate(value: string | number | Date): string {
  return (
    value instanceof Date ? value : new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value)
  ).toISOString();
}

const ratingsOfRow = (row: ProductRow): number[] => (row.ratings ? row.ratings.split(',').map(Number) : []);

/**
 * Raw row to the spec's server shape of a product; its review ratings are `ratings` when given, else the
 * row's own `ratings` column.
 */
export function toProductDto(row: ProductRow, ratings: number[] = ratingsOfRow(row)): ProductDto {
  const ratingCount = Number(row.rating_count);
  return {
    id: Number(row.id),
    vendor_id: Number(row.vendor_id),
    name: row.name,
    description: row.description,
    price: koboToNaira(Number(row.price_kobo)),
    images: list(row.images)
      .map((name) => imageUrl(name))
      .filter((url): url is string => url !== null),
    sizes: list(row.sizes),
    stock: Number(row.stock),
    in_stock: Number(row.stock) > 0,
    category: row.category,
    vendor: { id: Number(row.vendor_id), shop_name: row.shop_name },
    reviews: ratings.map((rating) => ({ rating })),
    rating: ratingCount > 0 ? Math.round(Number(row.rating_average) * 10) / 10 : 0,
    total_reviews: ratingCount,
    created_at: isoDate(row.created_at),
  };
}
