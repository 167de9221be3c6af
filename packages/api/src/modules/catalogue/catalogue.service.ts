import { nairaToKobo, type PagedProductsDto, type ProductDto, type ProductListQuery } from '@caps/contracts';
import type { QueryBuilder } from '@mikro-orm/knex';
import type { z } from 'zod';
import type { Context } from '../../context.js';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../../errors.js';
import { ReviewSchema } from '../reviews/reviews.entities.js';
import { type Product, ProductSchema } from './catalogue.entities.js';
import { type ProductRow, toProductDto } from './catalogue.mapper.js';

type ListQuery = z.output<typeof ProductListQuery>;

const PRODUCT_COLUMNS = [
  'p.id',
  'p.vendor_id',
  'p.name',
  'p.description',
  'p.price_kobo',
  'p.stock',
  'p.category',
  'p.sizes',
  'p.images',
  'p.rating_average',
  'p.rating_count',
  'p.created_at',
  'v.shop_name',
];

/** Products anyone may see: not archived, of a verified shop whose owner is not suspended. */
function publicProducts(em: Em): QueryBuilder<Product> {
  return em
    .createQueryBuilder(ProductSchema, 'p')
    .join('p.vendor', 'v')
    .join('v.user', 'u')
    .where({ archivedAt: null })
    .andWhere('v.verified_at is not null')
    .andWhere(`u.status = 'active'`);
}

/** `like` pattern for a term, with the user's own % and _ taken literally. */
function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const PRICE_BANDS_KOBO = {
  'under-20000': { max: nairaToKobo(20_000) - 1 },
  '20000-50000': { min: nairaToKobo(20_000), max: nairaToKobo(50_000) },
  'over-50000': { min: nairaToKobo(50_000) + 1 },
} as const;

function applyFilters(qb: QueryBuilder<Product>, query: ListQuery): void {
  if (query.category && query.category !== 'all') qb.andWhere({ category: query.category });
  if (query.vendor_id) qb.andWhere({ vendor: query.vendor_id });
  if (query.price && query.price !== 'all') {
    const band: { min?: number; max?: number } = PRICE_BANDS_KOBO[query.price];
    if (band.min !== undefined) qb.andWhere({ priceKobo: { $gte: band.min } });
    if (band.max !== undefined) qb.andWhere({ priceKobo: { $lte: band.max } });
  }
  // Every word must appear in the name, description, category or shop name; extra spaces are ignored.
  const terms = (query.search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
  for (const term of terms) {
    const pattern = containsPattern(term);
    qb.andWhere(
      `(lower(p.name) like ? escape '\\' or lower(p.description) like ? escape '\\' or lower(p.category) like ? escape '\\' or lower(v.shop_name) like ? escape '\\')`,
      [pattern, pattern, pattern, pattern],
    );
  }
}

function applySort(qb: QueryBuilder<Product>, query: ListQuery): void {
  const direction = (fallback: 'asc' | 'desc') => query.order ?? fallback;
  switch (query.sort ?? 'newest') {
    case 'price-low':
      qb.orderBy({ priceKobo: 'asc', id: 'asc' });
      break;
    case 'price-high':
      qb.orderBy({ priceKobo: 'desc', id: 'desc' });
      break;
    case 'price':
      qb.orderBy({ priceKobo: direction('asc'), id: direction('asc') });
      break;
    case 'rating':
      qb.orderBy({ ratingAverage: direction('desc'), ratingCount: direction('desc'), id: 'desc' });
      break;
    case 'name':
      qb.orderBy({ name: direction('asc'), id: 'asc' });
      break;
    default:
      qb.orderBy({ createdAt: direction('desc'), id: direction('desc') });
  }
}

/** Review ratings of these products, by product id (one query for the whole page). */
async function ratingsOf(em: Em, productIds: number[]): Promise<Map<number, number[]>> {
  const byProduct = new Map<number, number[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await em
    .createQueryBuilder(ReviewSchema, 'r')
    .select(['r.product_id', 'r.rating'])
    .where({ product: { $in: productIds } })
    .orderBy({ id: 'asc' })
    .execute<{ product_id: number; rating: number }[]>('all', false);
  for (const row of rows) {
    const id = Number(row.product_id);
    const list = byProduct.get(id) ?? [];
    list.push(Number(row.rating));
    byProduct.set(id, list);
  }
  return byProduct;
}

async function toDtos(em: Em, rows: ProductRow[]): Promise<ProductDto[]> {
  const ratings = await ratingsOf(
    em,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((row) => toProductDto(row, ratings.get(Number(row.id)) ?? []));
}

/** One page of the public catalogue with its totals: `{ data, current_page, last_page, per_page, total }`. */
export async function listProducts(ctx: Context, query: ListQuery): Promise<PagedProductsDto> {
  const filtered = publicProducts(ctx.em);
  applyFilters(filtered, query);
  const total = await filtered.clone().getCount('p.id');
  const page = filtered.clone().select(PRODUCT_COLUMNS);
  applySort(page, query);
  const rows = await page
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .execute<ProductRow[]>('all', false);
  return {
    data: await toDtos(ctx.em, rows),
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    per_page: query.per_page,
    total,
  };
}

/** One public product, or 404. */
export async function getProduct(ctx: Context, id: number): Promise<ProductDto> {
  const rows = await publicProducts(ctx.em)
    .select(PRODUCT_COLUMNS)
    .andWhere({ id })
    .execute<ProductRow[]>('all', false);
  const row = rows[0];
  if (!row) throw new DomainError('NOT_FOUND', 'Product not found');
  const [dto] = await toDtos(ctx.em, [row]);
  return dto as ProductDto;
}
