import { MikroORM } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migration20261125044829 } from '../src/db/migrations/postgresql/Migration20261125044829.js';
import { Migration20261125044828 } from '../src/db/migrations/sqlite/Migration20261125044828.js';
import type { Em } from '../src/db/orm.js';
import { ormOptions } from '../src/db/orm.js';
import { ProductSchema } from '../src/modules/catalogue/catalogue.entities.js';
import { makeProduct, makeReview, makeVendor } from './fixtures.js';
import { createTestDatabase, createTestEnv, type TestDatabase, type TestEnv, testDialect } from './harness.js';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env?.close());

/** Columns, indexes and foreign keys of every table of a SQLite database, in a comparable form. */
async function sqliteShape(em: Em) {
  const connection = em.getConnection();
  const tables = await connection.execute<{ name: string }[]>(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name != 'mikro_orm_migrations' order by name",
  );
  const shape: Record<string, unknown> = {};
  for (const { name } of tables) {
    // Columns by name: a column added by a later migration comes last, which is no drift.
    const columns = (await connection.execute<{ cid: number; name: string }[]>(`pragma table_info(\`${name}\`)`))
      .map(({ cid: _position, ...column }) => column)
      .sort((a, b) => a.name.localeCompare(b.name));
    const indexes = await connection.execute<{ name: string; unique: number }[]>(`pragma index_list(\`${name}\`)`);
    const indexColumns = await Promise.all(
      indexes
        .filter((i) => !i.name.startsWith('sqlite_autoindex'))
        .map(async (i) => ({
          name: i.name,
          unique: i.unique,
          columns: (await connection.execute<{ name: string }[]>(`pragma index_info(\`${i.name}\`)`)).map(
            (c) => c.name,
          ),
        })),
    );
    const foreignKeys = await connection.execute(`pragma foreign_key_list(\`${name}\`)`);
    const sql = await connection.execute<{ sql: string }[]>(`select sql from sqlite_master where name = ?`, [name]);
    shape[name] = {
      columns,
      indexes: indexColumns.sort((a, b) => a.name.localeCompare(b.name)),
      foreignKeys,
      checks: (sql[0]?.sql.match(/check \([^)]*\)/g) ?? []).sort(),
    };
  }
  return shape;
}

describe(`migrations (${testDialect})`, () => {
  it('bring an empty database exactly to the schema the entities describe', async () => {
    // createTestEnv ran every migration on a fresh database; anything the entities still want is drift.
    if (testDialect === 'postgresql') {
      const diff = (await env.services.orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false, dropTables: true }))
        .split('\n')
        // The trigram index exists on PostgreSQL only (migration-made), so the entities do not declare it.
        .filter((line) => !line.includes('products_search_text_trgm'))
        .join('\n');
      expect(diff.trim(), 'entities and migrations differ: run `npm run migration:create`').toBe('');
      return;
    }
    // MikroORM's SQLite differ reports rebuilds of tables with check constraints even when nothing
    // differs, so on SQLite the migrated schema is compared with one created straight from the entities.
    let fresh: TestDatabase | undefined;
    let orm: MikroORM | undefined;
    try {
      fresh = await createTestDatabase();
      orm = await MikroORM.init(ormOptions(fresh.config));
      await orm.schema.createSchema();
      const fromEntities = await sqliteShape(orm.em.fork() as Em);
      const fromMigrations = await sqliteShape(env.services.orm.em.fork() as Em);
      expect(fromMigrations, 'entities and migrations differ: run `npm run migration:create`').toEqual(fromEntities);
    } finally {
      await orm?.close(true);
      await fresh?.drop();
    }
  });

  it('have nothing pending after start', async () => {
    expect(await env.services.orm.getMigrator().getPendingMigrations()).toEqual([]);
    expect((await env.services.orm.getMigrator().getExecutedMigrations()).length).toBeGreaterThan(0);
  });

  it("fill products.review_ratings from the reviews written before it (each product's ratings, oldest first)", async () => {
    const em = env.services.orm.em.fork() as Em;
    const vendor = await makeVendor(em);
    const rated = await makeProduct(em, vendor);
    const once = await makeProduct(em, vendor);
    const unrated = await makeProduct(em, vendor);
    for (const rating of [5, 2, 4]) await makeReview(em, rated, rating);
    await makeReview(em, once, 3);
    const ids = [rated.id, once.id, unrated.id];
    // As a database migrated before the column was: reviews there, the column empty.
    await em.execute(`update products set review_ratings = null where id in (${ids.join(', ')})`);
    const Backfill = testDialect === 'postgresql' ? Migration20261125044829 : Migration20261125044828;
    const migration = new Backfill(env.services.orm.em.getDriver(), env.services.orm.config);
    await migration.up();
    // Its statements after the `add column`, which the database already has.
    for (const query of migration.getQueries().slice(1)) await em.execute(String(query));
    const rows = await em
      .fork()
      .find(ProductSchema, { id: { $in: ids } }, { orderBy: { id: 'asc' }, fields: ['reviewRatings'] });
    expect(rows.map((row) => row.reviewRatings)).toEqual(['5,2,4', '3', null]);
  });
});
