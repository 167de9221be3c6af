import { koboToNaira } from '@caps/contracts';
import { describe, expect, it } from 'vitest';
import { imageUrl } from '../src/images/image-store.js';
import {
  isoDate,
  isoOfMs,
  list,
  type ProductRow,
  sizeList,
  toProductDto,
} from '../src/modules/catalogue/catalogue.mapper.js';

/** The mapper as it was before its fast paths (issue 15): the reference the fast one must equal. */
const reference = {
  list(value: string | string[] | null): string[] {
    if (Array.isArray(value)) return value;
    if (!value) return [];
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? parsed.map(String) : [];
    } catch {
      return [];
    }
  },
  isoDate(value: string | number | Date): string {
    return (
      value instanceof Date ? value : new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value)
    ).toISOString();
  },
  toProductDto(row: ProductRow) {
    const ratings = row.ratings ? row.ratings.split(',').map(Number) : [];
    const ratingCount = Number(row.rating_count);
    return {
      id: Number(row.id),
      vendor_id: Number(row.vendor_id),
      name: row.name,
      description: row.description,
      price: koboToNaira(Number(row.price_kobo)),
      images: reference
        .list(row.images)
        .map((name) => imageUrl(name))
        .filter((url): url is string => url !== null),
      sizes: reference.list(row.sizes),
      stock: Number(row.stock),
      in_stock: Number(row.stock) > 0,
      category: row.category,
      vendor: { id: Number(row.vendor_id), shop_name: row.shop_name },
      reviews: ratings.map((rating) => ({ rating })),
      rating: ratingCount > 0 ? Math.round(Number(row.rating_average) * 10) / 10 : 0,
      total_reviews: ratingCount,
      created_at: reference.isoDate(row.created_at),
    };
  },
};

/** What a call gives: its value, or the error it throws (by class and message). */
function outcome<T>(call: () => T): { value: T } | { error: string } {
  try {
    return { value: call() };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

/** Deterministic pseudo-random numbers. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const EDGE_MS = [
  0,
  1,
  999,
  86_399_999,
  86_400_000,
  951_782_400_000, // 2000-02-29
  951_868_799_999,
  4_107_542_400_000, // 2100-02-28 (not a leap year)
  4_107_628_800_000,
  1_764_028_800_123,
  253_402_300_799_999, // 9999-12-31T23:59:59.999Z
  253_402_300_800_000, // year 10000: six digits
  8.64e15,
  8.64e15 + 1, // invalid
  -1,
  -62_167_219_200_000, // 0000-01-01
  -86_400_001,
  1.5,
  1_764_028_800_123.9,
  -0.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
];

describe('catalogue mapper fast paths equal the plain ones', () => {
  it('writes dates as toISOString does, throwing where it throws', () => {
    const rand = random(7);
    const values: (string | number | Date)[] = [];
    for (const ms of EDGE_MS) values.push(ms, new Date(ms), String(ms));
    for (let i = 0; i < 20_000; i++) {
      // Whole milliseconds over years 1970..9999, and around today.
      const ms = i % 2 ? Math.floor(rand() * 253_402_300_800_000) : 1_764_000_000_000 + Math.floor(rand() * 1e11);
      values.push(ms, new Date(ms), String(ms));
    }
    values.push('2026-11-24T10:00:00.000Z', '2026-11-24 10:00:00', '2026-11-24', 'not a date', '', '00017', '1e3');
    for (const value of values) {
      expect(
        outcome(() => isoDate(value)),
        String(value),
      ).toEqual(outcome(() => reference.isoDate(value)));
    }
    for (const ms of EDGE_MS) {
      expect(outcome(() => isoOfMs(ms))).toEqual(outcome(() => new Date(ms).toISOString()));
    }
  });

  it('reads list columns as before: arrays (PostgreSQL), JSON text (SQLite), anything else as no list', () => {
    const values: (string | string[] | null)[] = [
      null,
      '',
      '[]',
      '["56","57","58"]',
      '["Small", "XL"]',
      '[1, 2.5, "3"]',
      '[null, true, {"a": 1}]',
      '{"a": 1}',
      '"56"',
      '5',
      'not json',
      '[',
      ' [] ',
      [],
      ['56', '57'],
    ];
    for (const value of values) expect(list(value), String(value)).toEqual(reference.list(value));
    // Size lists are remembered by their text: each call still gets a list of its own, equal to list()'s.
    for (let round = 0; round < 3; round++) {
      for (const value of values.filter((value) => typeof value === 'string')) {
        const sizes = sizeList(value);
        expect(sizes, String(value)).toEqual(reference.list(value));
        expect(sizeList(value)).not.toBe(sizes);
        sizes.push('changed by its caller');
      }
    }
  });

  it('maps rows of both databases as before', () => {
    const rand = random(11);
    const rows: ProductRow[] = [];
    const sizes = ['[]', '["56","57","58"]', ['56', '57'], [], '[58, "59"]', null, 'broken'];
    const images = [
      '[]',
      '["abc123.webp","https://cdn.example.com/x.jpg"]',
      ['0123456789abcdef0123456789abcdef.webp'],
      [],
      '["", "b.png"]',
      null,
    ];
    const dates = [1_764_028_800_123, new Date(1_764_028_800_123), '1764028800123', '2026-11-24T10:00:00.000Z'];
    for (let i = 0; i < 500; i++) {
      const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)] as T;
      rows.push({
        id: i % 3 ? i + 1 : String(i + 1),
        vendor_id: i % 2 ? 7 : '7',
        name: `Cap ${i}`,
        description: 'A cap "with" quotes\nand lines',
        price_kobo: i % 4 ? Math.floor(rand() * 1e8) : String(Math.floor(rand() * 1e8)),
        stock: pick([0, 1, 12, '0', '3']),
        category: 'Hausa Caps',
        sizes: pick(sizes),
        images: pick(images),
        rating_average: pick([0, 3.45, 4.95, '2.25']),
        rating_count: pick([0, 3, '5']),
        created_at: pick(dates),
        shop_name: 'Kano Hula House',
        ratings: pick([null, undefined, '', '5', '4,5,3']),
      } as unknown as ProductRow);
    }
    for (const row of rows) expect(toProductDto(row)).toStrictEqual(reference.toProductDto(row));
    // Key order too: it is the order of the JSON written.
    for (const row of rows) {
      expect(JSON.stringify(toProductDto(row))).toBe(JSON.stringify(reference.toProductDto(row)));
    }
  });
});
