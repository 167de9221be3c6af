import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PostgreSqlPlatform } from '@mikro-orm/postgresql';
import type { Services } from '../context.js';
import { entities } from '../db/entities.js';
import type { Em } from '../db/orm.js';
import { isStoredImageName } from '../images/image-store.js';

/**
 * Empties every table of ours and restarts the ids. MikroORM's clearDatabase() switches off foreign keys
 * with session_replication_role on PostgreSQL, which only a superuser may set; these statements need
 * no more than owning the tables.
 */
export async function emptyDatabase(services: Services): Promise<void> {
  const tables = entities.map((entity) => `"${entity.meta.tableName}"`);
  const em = services.orm.em.fork() as Em;
  if (em.getPlatform() instanceof PostgreSqlPlatform) {
    await em.execute(`TRUNCATE TABLE ${tables.join(', ')} RESTART IDENTITY CASCADE`);
    return;
  }
  await em.transactional(async (tx) => {
    // Checked at commit instead of per row, when nothing is left to point at anything.
    await tx.execute('PRAGMA defer_foreign_keys = ON');
    for (const table of tables) await tx.execute(`DELETE FROM ${table}`);
    await tx.execute(
      `DELETE FROM sqlite_sequence WHERE name IN (${tables.map((t) => `'${t.slice(1, -1)}'`).join(', ')})`,
    );
  });
}

/** Removes the images the ImageStore made (every size); anything else in the folder is not ours to delete. */
export async function removeStoredImages(dir: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return; // No folder yet, nothing stored.
  }
  await Promise.all(names.filter((n) => isStoredImageName(n)).map((n) => rm(join(dir, n), { force: true })));
}
