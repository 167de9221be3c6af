import type { Services } from '../context.js';
import type { Em } from '../db/orm.js';
import { ProductSchema } from '../modules/catalogue/catalogue.entities.js';
import { VendorSchema } from '../modules/vendors/vendors.entities.js';
import { isStoredImageName } from './image-store.js';

/** How many rows are read at a time. */
const BATCH = 200;

/** What a backfill found, by count of stored images (each counted once however many rows name it). */
export interface MiddleSizeBackfill {
  present: number;
  made: number;
  failed: number;
  missing: number;
}

/** Every stored image name the database refers to: products' pictures, shops' profile and cover images. */
export async function referencedImageNames(em: Em): Promise<Set<string>> {
  const names = new Set<string>();
  const keep = (name: string | null | undefined) => {
    if (name && isStoredImageName(name)) names.add(name);
  };
  for (let lastId = 0; ; ) {
    const rows = await em.find(
      ProductSchema,
      { id: { $gt: lastId } },
      { fields: ['id', 'images'], orderBy: { id: 'asc' }, limit: BATCH },
    );
    for (const row of rows) for (const name of row.images) keep(name);
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) break;
    lastId = last.id;
  }
  for (let lastId = 0; ; ) {
    const rows = await em.find(
      VendorSchema,
      { id: { $gt: lastId } },
      { fields: ['id', 'profileImage', 'coverImage'], orderBy: { id: 'asc' }, limit: BATCH },
    );
    for (const row of rows) {
      keep(row.profileImage);
      keep(row.coverImage);
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) break;
    lastId = last.id;
  }
  return names;
}

/**
 * Makes the middle size (`<id>-md.webp`) of every referenced image stored before that size existed.
 * The server makes a missing middle size itself on its first request at /api/images/, but when a public
 * URL (S3_PUBLIC_URL, a CDN) serves the bucket, browsers ask the bucket and never this server: run this
 * once after upgrading such a deployment. Safe to run again or in two processes at once (it only adds
 * files that are missing, with the same bytes); one image at a time, to keep memory small.
 */
export async function addMissingMiddleSizes(services: Pick<Services, 'orm' | 'images'>): Promise<MiddleSizeBackfill> {
  const names = await referencedImageNames(services.orm.em.fork() as Em);
  const found: MiddleSizeBackfill = { present: 0, made: 0, failed: 0, missing: 0 };
  for (const name of names) found[await services.images.ensureMiddleSize(name)] += 1;
  return found;
}
