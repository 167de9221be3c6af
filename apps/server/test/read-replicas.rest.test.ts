import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@caps/api';
import { createTestDatabase, makeProduct, makeVendor, type TestDatabase, testDialect } from '@caps/api/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

describe('DATABASE_READ_URLS in the configuration', () => {
  it('is a comma-separated list, blanks ignored; unset is none', () => {
    expect(loadConfig({}).database.readUrls).toEqual([]);
    expect(
      loadConfig({ DATABASE_READ_URLS: ' postgres://r1:5432/caps,, postgresql://u:p@r2/caps ,' }).database.readUrls,
    ).toEqual(['postgres://r1:5432/caps', 'postgresql://u:p@r2/caps']);
  });

  it('stops the server from starting when an entry is not a PostgreSQL URL', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
      DATABASE_READ_URLS: 'postgres://replica/caps,replica-2/caps',
      WEB_DIST_DIR: '/nonexistent',
    });
    await expect(buildApp(config, { logger: false })).rejects.toThrow(
      'DATABASE_READ_URLS entry 2 is not a PostgreSQL URL',
    );
  });
});

/** The server started from its environment, with a "replica" that is a second database of other content. */
describe.skipIf(testDialect !== 'postgresql')('read replicas over HTTP (PostgreSQL)', () => {
  let primary: TestDatabase;
  let replica: TestDatabase;
  let app: FastifyInstance;
  let uploadDir: string;

  const seed = async (db: TestDatabase, shopName: string, capName: string) => {
    const orm = await openDatabase(db.config);
    try {
      const shop = await makeVendor(orm.em.fork(), { shopName });
      await makeProduct(orm.em.fork(), shop, { name: capName });
    } finally {
      await orm.close(true);
    }
  };

  beforeAll(async () => {
    primary = await createTestDatabase();
    replica = await createTestDatabase();
    await seed(replica, 'Replica Caps House', 'Replica cap');
    await seed(primary, 'Primary Caps House', 'Primary cap');
    uploadDir = mkdtempSync(join(tmpdir(), 'caps-replicas-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      UPLOAD_DIR: uploadDir,
      JOBS_ENABLED: 'false',
      SEED_DEMO_DATA: 'false',
      DATABASE_URL: primary.config.databaseUrl,
      // The replica, and one that is down (nothing listens on port 1).
      DATABASE_READ_URLS: `${replica.config.databaseUrl},postgres://postgres@127.0.0.1:1/caps`,
    });
    app = await buildApp(config, { logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await primary?.drop();
    await replica?.drop();
    if (uploadDir) rmSync(uploadDir, { recursive: true, force: true });
  });

  it('answers the public catalogue from a replica, or from the primary when the chosen one is down', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 16; i += 1) {
      const list = await app.inject({ method: 'GET', url: '/api/products' });
      expect(list.statusCode).toBe(200);
      for (const product of list.json().data as { name: string }[]) seen.add(product.name);
      const shops = await app.inject({ method: 'GET', url: '/api/vendors' });
      expect(shops.statusCode).toBe(200);
      for (const shop of shops.json() as { shop_name: string }[]) seen.add(shop.shop_name);
    }
    // Each request went to one of the two replicas at random: the live one's content, or the primary's.
    expect([...seen].sort()).toEqual(['Primary Caps House', 'Primary cap', 'Replica Caps House', 'Replica cap']);
  });

  it('stays ready with a replica down: the catalogue reads the primary instead', async () => {
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
  });
});
