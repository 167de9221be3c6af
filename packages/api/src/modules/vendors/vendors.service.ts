import { DEFAULT_VENDOR_RATING, type PublicVendorDto } from '@caps/contracts';
import type { Context } from '../../context.js';
import type { Em } from '../../db/orm.js';
import { type ReadFrom, readRows, readWith } from '../../db/read.js';
import { DomainError } from '../../errors.js';
import { imageUrl } from '../../images/image-store.js';
import { VendorSchema } from './vendors.entities.js';

interface VendorRow {
  id: number;
  owner_name: string;
  shop_name: string;
  shop_description: string;
  address: string;
  phone: string;
  profile_image: string | null;
  cover_image: string | null;
  verified_at: string | number | Date | null;
  created_at: string | number | Date;
}

const toIso = (value: string | number | Date) =>
  (value instanceof Date
    ? value
    : new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value)
  ).toISOString();

/**
 * Rating and product count per shop. A shop's rating is the average of its shop reviews and the
 * reviews of its products; 4.5 (spec 9) until the first review.
 */
export async function statsOf(em: Em, vendorIds: number[], from: ReadFrom = 'write') {
  const stats = new Map<number, { average: number; count: number; products: number }>();
  if (vendorIds.length === 0) return stats;
  const placeholders = vendorIds.map(() => '?').join(', ');
  const ratings = await readRows<{ vendor_id: number; average: number | string; count: number | string }[]>(
    em,
    from,
    `select coalesce(r.vendor_id, p.vendor_id) as vendor_id, avg(r.rating) as average, count(r.id) as count
       from reviews r left join products p on p.id = r.product_id
      where coalesce(r.vendor_id, p.vendor_id) in (${placeholders})
      group by coalesce(r.vendor_id, p.vendor_id)`,
    vendorIds,
  );
  const products = await readRows<{ vendor_id: number; count: number | string }[]>(
    em,
    from,
    `select vendor_id, count(id) as count from products where archived_at is null and vendor_id in (${placeholders}) group by vendor_id`,
    vendorIds,
  );
  for (const id of vendorIds) stats.set(id, { average: 0, count: 0, products: 0 });
  for (const row of ratings) {
    const entry = stats.get(Number(row.vendor_id));
    if (entry) Object.assign(entry, { average: Number(row.average), count: Number(row.count) });
  }
  for (const row of products) {
    const entry = stats.get(Number(row.vendor_id));
    if (entry) entry.products = Number(row.count);
  }
  return stats;
}

async function publicVendorRows(em: Em, from: ReadFrom, id?: number): Promise<VendorRow[]> {
  return readWith(em, from, (connection) => {
    const qb = em
      .createQueryBuilder(VendorSchema, 'v', connection)
      .select([
        'v.id',
        'u.full_name as owner_name',
        'v.shop_name',
        'v.shop_description',
        'v.address',
        'v.phone',
        'v.profile_image',
        'v.cover_image',
        'v.verified_at',
        'v.created_at',
      ])
      .join('v.user', 'u')
      .where('v.verified_at is not null')
      .andWhere(`u.status = 'active'`)
      .orderBy({ id: 'asc' });
    if (id !== undefined) qb.andWhere({ id });
    return qb.execute<VendorRow[]>('all', false);
  });
}

async function toDtos(em: Em, from: ReadFrom, rows: VendorRow[]): Promise<PublicVendorDto[]> {
  const stats = await statsOf(
    em,
    rows.map((r) => Number(r.id)),
    from,
  );
  return rows.map((row) => {
    const stat = stats.get(Number(row.id)) ?? { average: 0, count: 0, products: 0 };
    return {
      id: Number(row.id),
      user: { name: row.owner_name },
      shop_name: row.shop_name,
      shop_description: row.shop_description,
      address: row.address,
      phone: row.phone,
      average_rating: stat.count > 0 ? Math.round(stat.average * 10) / 10 : DEFAULT_VENDOR_RATING,
      total_reviews: stat.count,
      total_products: stat.products,
      profile_image: imageUrl(row.profile_image),
      cover_image: imageUrl(row.cover_image),
      is_verified: row.verified_at ? 1 : 0,
      verified_at: row.verified_at ? toIso(row.verified_at) : null,
      created_at: toIso(row.created_at),
    };
  });
}

/**
 * Every verified shop of an active owner, oldest first. Shops are the public catalogue: they are read from a
 * read replica when there are some (db/read.ts).
 */
export async function listVendors(ctx: Context): Promise<PublicVendorDto[]> {
  return toDtos(ctx.em, 'read', await publicVendorRows(ctx.em, 'read'));
}

/** One public shop (read as listVendors reads), or 404. */
export async function getVendor(ctx: Context, id: number): Promise<PublicVendorDto> {
  const [dto] = await toDtos(ctx.em, 'read', await publicVendorRows(ctx.em, 'read', id));
  if (!dto) throw new DomainError('NOT_FOUND', 'Vendor not found');
  return dto;
}
