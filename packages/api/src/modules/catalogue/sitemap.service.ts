import type { Em } from '../../db/orm.js';
import { readWith } from '../../db/read.js';
import { VendorSchema } from '../vendors/vendors.entities.js';
import { ProductSchema } from './catalogue.entities.js';
import { listedProduct, listedShop } from './listed.js';

/** What the sitemap lists of a product or a shop page: its id and when it last changed. */
export interface SitemapItem {
  id: number;
  updatedAt: Date;
}

/** The public pages with an id: a listed cap is /product/{id}, a listed shop /shop/{id}. */
export type SitemapKind = 'products' | 'shops';

/**
 * The listed products or shops (listed.ts: exactly what the catalogue and GET /api/vendors show), by id,
 * `limit` of them from `offset`. One query, no entity is loaded: a page of the sitemap holds up to 50,000.
 * Like the catalogue it lists, it is read from a read replica when there are some (db/read.ts).
 */
export async function sitemapItems(em: Em, kind: SitemapKind, offset: number, limit: number): Promise<SitemapItem[]> {
  type Row = { id: number | string; updatedAt: Date | string | number };
  const rows = await readWith(em, 'read', (connection) =>
    kind === 'products'
      ? em
          .createQueryBuilder(ProductSchema, 'p', connection)
          .select(['p.id', 'p.updatedAt'])
          .where(listedProduct)
          .orderBy({ id: 'asc' })
          .limit(limit)
          .offset(offset)
          .execute<Row[]>('all')
      : em
          .createQueryBuilder(VendorSchema, 'v', connection)
          .select(['v.id', 'v.updatedAt'])
          .where(listedShop)
          .orderBy({ id: 'asc' })
          .limit(limit)
          .offset(offset)
          .execute<Row[]>('all'),
  );
  return rows.map((row) => ({ id: Number(row.id), updatedAt: new Date(row.updatedAt) }));
}

/** How many products or shops are listed (read as sitemapItems reads). */
export async function sitemapCount(em: Em, kind: SitemapKind): Promise<number> {
  return readWith(em, 'read', (connectionType) =>
    kind === 'products'
      ? em.count(ProductSchema, listedProduct, { connectionType })
      : em.count(VendorSchema, listedShop, { connectionType }),
  );
}
