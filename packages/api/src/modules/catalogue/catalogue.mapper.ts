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

/**
 * A list column: PostgreSQL gives the array, SQLite its JSON text. Anything but a JSON array is no list;
 * items are strings. The common shapes cost no copy: `[]` is not parsed, and a parsed array of strings
 * is kept as it is (`map(String)` would copy it unchanged).
 */
export function list(value: string | string[] | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value) return [];
  if (value === '[]') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  for (let i = 0; i < parsed.length; i++) {
    if (typeof parsed[i] !== 'string') return parsed.map(String);
  }
  return parsed as string[];
}

/** Size lists read so far, by their JSON text: a catalogue has few (`["56","57","58"]`), read on every row. */
const sizeLists = new Map<string, readonly string[]>();
const SIZE_LISTS_KEPT = 256;

/**
 * `list()` of a sizes column, without parsing a text met before: a copy of the list it gave (the strings are
 * shared, the array is the caller's own). JSON.parse of a row's sizes was about a tenth of mapping a page.
 */
export function sizeList(value: string | string[] | null): string[] {
  if (typeof value !== 'string') return list(value);
  const known = sizeLists.get(value);
  if (known) return known.slice();
  const parsed = list(value);
  if (sizeLists.size >= SIZE_LISTS_KEPT) sizeLists.clear();
  sizeLists.set(value, parsed.slice());
  return parsed;
}

const DAY_MS = 86_400_000;
/** 10000-01-01T00:00:00.000Z: from there on toISOString writes six-digit years. */
const YEAR_10000_MS = 253_402_300_800_000;
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));

/** `YYYY-MM-DDT` of a day counted from 1970-01-01 (0 ≤ day), proleptic Gregorian (H. Hinnant's civil_from_days). */
function dayPrefix(day: number): string {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1_460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const dayOfMonth = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${TWO_DIGITS[month]}-${TWO_DIGITS[dayOfMonth]}T`;
}

/** The last day written, and its prefix: the rows of a page are mostly of a few days. */
let lastDay = -1;
let lastPrefix = '';

/**
 * `new Date(ms).toISOString()`, written by hand for whole milliseconds from 1970 to 9999 (the catalogue's
 * dates): V8's toISOString costs about 0.7 µs a date, most of a page's mapping. Anything else (negative,
 * fractional, out of range, NaN) is left to toISOString itself, which throws as it always did.
 */
export function isoOfMs(ms: number): string {
  if (!(ms >= 0 && ms < YEAR_10000_MS) || !Number.isInteger(ms)) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS);
  if (day !== lastDay) {
    lastPrefix = dayPrefix(day);
    lastDay = day;
  }
  let rest = ms - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1_000);
  rest -= seconds * 1_000;
  return `${lastPrefix}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${THREE_DIGITS[rest]}Z`;
}

/** Whether a string is only ASCII digits (a SQLite date kept as milliseconds, read as text). */
function isDigits(value: string): boolean {
  if (value.length === 0) return false;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/** A date column as ISO 8601: a Date (PostgreSQL), milliseconds (SQLite), as digits or any date text. */
export function isoDate(value: string | number | Date): string {
  if (value instanceof Date) return isoOfMs(value.getTime());
  // isoOfMs leaves a fractional or out-of-range number to toISOString, which truncates or throws as before.
  if (typeof value === 'number') return isoOfMs(value);
  if (isDigits(value)) return isoOfMs(Number(value));
  return new Date(value).toISOString();
}

const ratingsOfRow = (row: ProductRow): number[] => (row.ratings ? row.ratings.split(',').map(Number) : []);

/** The public URLs of a row's images (names that give none are left out). */
function imageUrls(value: string | string[]): string[] {
  const names = list(value);
  const urls: string[] = [];
  for (const name of names) {
    const url = imageUrl(name);
    if (url !== null) urls.push(url);
  }
  return urls;
}

/**
 * Raw row to the spec's server shape of a product; its review ratings are `ratings` when given, else the
 * row's own `ratings` column.
 */
export function toProductDto(row: ProductRow, ratings: number[] = ratingsOfRow(row)): ProductDto {
  const ratingCount = Number(row.rating_count);
  const vendorId = Number(row.vendor_id);
  const stock = Number(row.stock);
  return {
    id: Number(row.id),
    vendor_id: vendorId,
    name: row.name,
    description: row.description,
    price: koboToNaira(Number(row.price_kobo)),
    images: imageUrls(row.images),
    sizes: sizeList(row.sizes),
    stock,
    in_stock: stock > 0,
    category: row.category,
    vendor: { id: vendorId, shop_name: row.shop_name },
    reviews: ratings.map((rating) => ({ rating })),
    rating: ratingCount > 0 ? Math.round(Number(row.rating_average) * 10) / 10 : 0,
    total_reviews: ratingCount,
    created_at: isoDate(row.created_at),
  };
}
