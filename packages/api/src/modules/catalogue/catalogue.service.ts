import { nairaToKobo, type PagedProductsDto, type ProductDto, type ProductListQuery } from '@caps/contracts';
import { BaseSqlitePlatform } from '@mikro-orm/knex';
import type { z } from 'zod';
import { type Context, readerEm } from '../../context.js';
import type { Em } from '../../db/orm.js';
import { type ReadFrom, readRows } from '../../db/read.js';
import { DomainError } from '../../errors.js';
import { type ProductRow, toProductDto } from './catalogue.mapper.js';
import { containsPattern, searchTerms } from './catalogue.search.js';
import { LISTED_PRODUCT_SQL } from './listed.js';

type ListQuery = z.output<typeof ProductListQuery>;

/**
 * The catalogue is the hottest read path, so it is written as one parameterised SQL statement (no query
 * builder on the way) and its rows are mapped straight to DTOs. Identifiers are plain snake_case and
 * read the same on SQLite and PostgreSQL.
 */
const PRODUCT_COLUMNS = `p.id, p.vendor_id, p.name, p.description, p.price_kobo, p.stock, p.category, p.sizes, p.images,
  p.rating_average, p.rating_count, p.created_at, v.shop_name`;

/** Products anyone may see: not archived, of a verified shop whose owner is not suspended. */
const PUBLIC_PRODUCTS = `from products p
  join vendors v on v.id = p.vendor_id
  join users u on u.id = v.user_id
  where ${LISTED_PRODUCT_SQL}`;

/**
 * PUBLIC_PRODUCTS for counting on SQLite: the same rows, the joins written as CROSS JOIN, which SQLite takes
 * as the order to join in (products first, then their shop and its owner by primary key). Left to choose,
 * it counted a search of one category from the users' side, through every product of every shop: about
 * 33 ms for the bench's 50,000 caps instead of 12 ms from the category's index, and on SQLite a count
 * holds the whole server while it runs. An inner join with its conditions in `where` is what a cross join
 * is; PostgreSQL plans the two alike and keeps PUBLIC_PRODUCTS.
 */
const PUBLIC_PRODUCTS_COUNTED_ON_SQLITE = `from products p
  cross join vendors v
  cross join users u
  where v.id = p.vendor_id and u.id = v.user_id and ${LISTED_PRODUCT_SQL}`;

const PRICE_BANDS_KOBO = {
  'under-20000': { max: nairaToKobo(20_000) - 1 },
  '20000-50000': { min: nairaToKobo(20_000), max: nairaToKobo(50_000) },
  'over-50000': { min: nairaToKobo(50_000) + 1 },
} as const;

/** The `and ...` conditions of the filters (`terms`: the query's searchTerms), and their parameters. */
function filtersOf(query: ListQuery, terms: string[]): { sql: string; params: (string | number)[] } {
  const conditions: string[] = [];
  const params: (string | number)[] = [];
  if (query.category && query.category !== 'all') {
    conditions.push('p.category = ?');
    params.push(query.category);
  }
  if (query.vendor_id) {
    conditions.push('p.vendor_id = ?');
    params.push(query.vendor_id);
  }
  if (query.price && query.price !== 'all') {
    const band: { min?: number; max?: number } = PRICE_BANDS_KOBO[query.price];
    if (band.min !== undefined) {
      conditions.push('p.price_kobo >= ?');
      params.push(band.min);
    }
    if (band.max !== undefined) {
      conditions.push('p.price_kobo <= ?');
      params.push(band.max);
    }
  }
  // Every word must appear in the name, description, category or shop name (all in search_text).
  for (const term of terms) {
    conditions.push(`p.search_text like ? escape '\\'`);
    params.push(containsPattern(term));
  }
  return { sql: conditions.map((c) => ` and ${c}`).join(''), params };
}

/** The order of a sort key; always ending on the id so pages never overlap. */
function orderOf(query: ListQuery): string {
  const direction = (fallback: 'asc' | 'desc') => query.order ?? fallback;
  switch (query.sort ?? 'newest') {
    case 'price-low':
      return 'p.price_kobo asc, p.id asc';
    case 'price-high':
      return 'p.price_kobo desc, p.id desc';
    case 'price':
      return `p.price_kobo ${direction('asc')}, p.id ${direction('asc')}`;
    case 'rating':
      return `p.rating_average ${direction('desc')}, p.rating_count ${direction('desc')}, p.id desc`;
    case 'name':
      return `p.name ${direction('asc')}, p.id asc`;
    default:
      return `p.created_at ${direction('desc')}, p.id ${direction('desc')}`;
  }
}

/**
 * The product's review ratings, oldest first, as one comma-separated column ('4,5,3' or null), kept on the
 * product with its other rating columns (reviews.service.ts, refreshProductRating). Read with the row: a
 * subquery of reviews per product cost a page some 25 µs more on SQLite (preparing and running it), with
 * the same answer.
 */
const SELECT_PRODUCTS = `select ${PRODUCT_COLUMNS}, p.review_ratings as ratings ${PUBLIC_PRODUCTS}`;
const isSqlite = (em: Em) => em.getPlatform() instanceof BaseSqlitePlatform;

/** What a page's statements are made of for one set of filters and one order, the same for every page of it. */
interface ListShape {
  /** The count of the filter set's matches, and its parameters. */
  countSql: string;
  /** A page of the filter set in its order, before the page's `limit ? offset ?` parameters. */
  pageSql: string;
  params: readonly (string | number)[];
  /** The filter set's key in CatalogueTotals. */
  totalKey: string;
}

/** Shapes of the catalogue's recent queries, by their filters and order (see shapeOf). */
const shapes = new Map<string, ListShape>();
/** How many shapes are kept before the map is cleared; exported for the test of its clearing. */
export const SHAPES_KEPT = 1_000;

/**
 * The statements of a catalogue query, made once per set of filters, order and database: building them (the
 * search terms and their patterns, the filters' text, the total's key) was some 8 µs of every page in profiles,
 * the same for every page and every visitor of one search. Remembered in a bounded map, cleared when full.
 */
function shapeOf(query: ListQuery, sqlite: boolean): ListShape {
  // Every field but the search, last, is a number or one of a list of words without '|': no two queries share a key.
  const { category = '', vendor_id = '', price = '', sort = '', order = '', search = '' } = query;
  const key = `${sqlite}|${category}|${vendor_id}|${price}|${sort}|${order}|${search}`;
  const known = shapes.get(key);
  if (known) return known;
  const terms = searchTerms(query.search);
  const filters = filtersOf(query, terms);
  const shape: ListShape = {
    countSql: `select count(*) as total ${sqlite ? PUBLIC_PRODUCTS_COUNTED_ON_SQLITE : PUBLIC_PRODUCTS}${filters.sql}`,
    pageSql: `${SELECT_PRODUCTS}${filters.sql} order by ${orderOf(query)} limit ? offset ?`,
    params: filters.params,
    totalKey: JSON.stringify([query.category ?? 'all', query.vendor_id ?? 0, query.price ?? 'all', terms]),
  };
  if (shapes.size >= SHAPES_KEPT) shapes.clear();
  shapes.set(key, shape);
  return shape;
}

/**
 * One page of the public catalogue with its totals: `{ data, current_page, last_page, per_page, total }`.
 * `from`: 'read' for the public catalogue (a read replica when there are some, db/read.ts), 'write' for a
 * caller that must see the primary.
 */
export async function listProducts(
  ctx: Context,
  query: ListQuery,
  from: ReadFrom = 'write',
): Promise<PagedProductsDto> {
  // Raw statements only: no fork needed unless the request made one (context.ts).
  const em = readerEm(ctx);
  const shape = shapeOf(query, isSqlite(em));
  const counting = ctx.services.catalogueTotals.total(shape.totalKey, () =>
    readRows<{ total: number | string }[]>(em, from, shape.countSql, shape.params).then((r) =>
      Number(r[0]?.total ?? 0),
    ),
  );
  const [total, rows] = await Promise.all([
    counting,
    readRows<ProductRow[]>(em, from, shape.pageSql, [
      ...shape.params,
      query.per_page,
      (query.page - 1) * query.per_page,
    ]),
  ]);
  return {
    data: rows.map((row) => toProductDto(row)),
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    per_page: query.per_page,
    total,
  };
}

/**
 * One public product, or 404. `from`: 'read' for the public product page (a read replica when there are
 * some); the primary by default, for the cart and wishlist, whose checks decide a write.
 */
export async function getProduct(ctx: Context, id: number, from: ReadFrom = 'write'): Promise<ProductDto> {
  const em = readerEm(ctx);
  const rows = await readRows<ProductRow[]>(em, from, `${SELECT_PRODUCTS} and p.id = ?`, [id]);
  const row = rows[0];
  if (!row) throw new DomainError('NOT_FOUND', 'Product not found');
  return toProductDto(row);
}
