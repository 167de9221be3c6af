import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Context, createContext, type Services } from '../src/context.js';
import { openDatabase, ormOptions, parseReadUrls, replicaOptions } from '../src/db/orm.js';
import { replicaConnections } from '../src/db/read.js';
import { ProductSchema } from '../src/modules/catalogue/catalogue.entities.js';
import { getProduct, listProducts } from '../src/modules/catalogue/catalogue.service.js';
import { sitemapCount, sitemapItems } from '../src/modules/catalogue/sitemap.service.js';
import { listVendors } from '../src/modules/vendors/vendors.service.js';
import { createCaller } from '../src/root.js';
import { createServices } from '../src/services.js';
import { makeProduct, makeUser, makeVendor } from './fixtures.js';
import { createTestDatabase, failureOf, sessionTokenFor, type TestDatabase, testDialect } from './harness.js';

describe('DATABASE_READ_URLS (parsing and checking)', () => {
  it('splits on commas and ignores blanks', () => {
    expect(parseReadUrls(undefined)).toEqual([]);
    expect(parseReadUrls('')).toEqual([]);
    expect(parseReadUrls(' postgres://a/db , ,postgresql://b:5433/db,')).toEqual([
      'postgres://a/db',
      'postgresql://b:5433/db',
    ]);
  });

  it.each([
    ['a MySQL URL', 'mysql://u:secret@host/db'],
    ['a host without a scheme', 'replica.internal:5432/caps'],
    ['a URL without a host', 'postgres:///caps'],
    ['a port out of range', 'postgres://u:secret@host:99999/caps'],
  ])('refuses %s, naming the entry but never its content', (_label, bad) => {
    const attempt = () => replicaOptions(['postgres://replica-1/caps', bad]);
    expect(attempt).toThrow(/^DATABASE_READ_URLS entry 2 is not a PostgreSQL URL/);
    try {
      attempt();
    } catch (error) {
      expect((error as Error).message).not.toContain('secret');
    }
  });

  it('makes one MikroORM replica per URL on PostgreSQL, reads on the primary unless asked', () => {
    const options = ormOptions({
      databaseUrl: 'postgres://primary/caps',
      readUrls: ['postgres://replica-1/caps', 'postgresql://u:p@replica-2:5433/caps'],
    });
    expect(options.replicas).toEqual([
      { name: 'read-1', clientUrl: 'postgres://replica-1/caps' },
      { name: 'read-2', clientUrl: 'postgresql://u:p@replica-2:5433/caps' },
    ]);
    expect(options.preferReadReplicas).toBe(false);
  });

  it('is ignored on SQLite, even when it would not parse', () => {
    const options = ormOptions({ sqlitePath: ':memory:', readUrls: ['not a url'] });
    expect(options.replicas ?? []).toEqual([]);
  });

  it('stops the start with the message when an entry is bad', async () => {
    if (testDialect !== 'postgresql') return;
    await expect(
      createServices({ databaseUrl: 'postgres://127.0.0.1:1/none', readUrls: ['http://replica/caps'] }),
    ).rejects.toThrow('DATABASE_READ_URLS entry 1 is not a PostgreSQL URL');
  });
});

/**
 * A "replica" here is a second database with the same schema and other content: whatever a call shows of
 * it was read from the replica, whatever it shows of the primary was read from the primary.
 */
describe.skipIf(testDialect !== 'postgresql')('read replicas (PostgreSQL)', () => {
  let primary: TestDatabase;
  let replica: TestDatabase;
  let services: Services;
  let vendorToken: string;
  let customerToken: string;
  let primaryProductId: number;
  /** A product id the replica has and the primary has not. */
  let replicaOnlyId: number;
  let replicaShopId: number;

  const rowsOf = async (db: TestDatabase, sql: string) => {
    const client = new pg.Client({ connectionString: db.config.databaseUrl });
    await client.connect();
    try {
      return (await client.query(sql)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  };
  const caller = (token?: string) =>
    createCaller(
      createContext(services, { ip: '127.0.0.1', userAgent: 'vitest', authorization: token && `Bearer ${token}` }),
    );

  beforeAll(async () => {
    primary = await createTestDatabase();
    replica = await createTestDatabase();
    // The replica's content: one shop "Replica Caps House" with three caps named "Replica cap N".
    const replicaOrm = await openDatabase(replica.config);
    try {
      const em = replicaOrm.em.fork();
      const shop = await makeVendor(em, { shopName: 'Replica Caps House' });
      replicaShopId = shop.id;
      for (const n of [1, 2, 3]) replicaOnlyId = (await makeProduct(em, shop, { name: `Replica cap ${n}` })).id;
    } finally {
      await replicaOrm.close(true);
    }
    services = await createServices(
      { databaseUrl: primary.config.databaseUrl, readUrls: [replica.config.databaseUrl as string] },
      { nodeEnv: 'test' },
    );
    // The primary's: one shop "Primary Caps House" with one cap "Primary cap", and a customer.
    const em = services.orm.em.fork();
    const shop = await makeVendor(em, { shopName: 'Primary Caps House' });
    primaryProductId = (await makeProduct(em, shop, { name: 'Primary cap', stock: 5 })).id;
    vendorToken = await sessionTokenFor(services, shop.user.id);
    customerToken = await sessionTokenFor(services, (await makeUser(em)).id);
    expect(replicaOnlyId).toBeGreaterThan(primaryProductId);
  });
  afterAll(async () => {
    await services?.orm.close(true);
    await primary?.drop();
    await replica?.drop();
  });

  it('has one replica connection, on the replica database', () => {
    const connections = replicaConnections(services.orm);
    expect(connections).toHaveLength(1);
    expect(connections[0]?.getConnectionOptions().database).toBe(
      new URL(replica.config.databaseUrl as string).pathname.slice(1),
    );
  });

  it('serves the public catalogue list, its total and search from the replica', async () => {
    const page = await caller().catalogue.list({ per_page: 12 });
    expect(page.data.map((p) => p.name).sort()).toEqual(['Replica cap 1', 'Replica cap 2', 'Replica cap 3']);
    expect(page.total).toBe(3);
    const found = await caller().catalogue.list({ search: 'replica cap 2' });
    expect(found.data.map((p) => p.name)).toEqual(['Replica cap 2']);
    expect((await caller().catalogue.list({ search: 'primary' })).total).toBe(0);
  });

  it('serves the public product page from the replica', async () => {
    expect((await caller().catalogue.get({ id: replicaOnlyId })).name).toBe('Replica cap 3');
    // The same id on both: the replica's cap is shown.
    expect((await caller().catalogue.get({ id: primaryProductId })).name).toMatch(/^Replica cap/);
  });

  it('serves the shops and the sitemap from the replica', async () => {
    expect((await caller().vendors.list()).map((s) => s.shop_name)).toEqual(['Replica Caps House']);
    const shop = await caller().vendors.get({ id: replicaShopId });
    expect(shop).toMatchObject({ shop_name: 'Replica Caps House', total_products: 3 });
    const em = services.orm.em.fork();
    expect(await sitemapCount(em, 'products')).toBe(3);
    expect((await sitemapItems(em, 'products', 0, 10)).map((i) => i.id)).toContain(replicaOnlyId);
  });

  it("reads a vendor's own caps from the primary, also right after a write", async () => {
    const own = await caller(vendorToken).vendorProducts.list();
    expect(own.map((p) => p.name)).toEqual(['Primary cap']);
    const created = await caller(vendorToken).vendorProducts.create({
      name: 'Written cap',
      description: 'Written through the API, read back at once.',
      price: 12_000,
      stock: 4,
      category: 'Hausa Caps',
      sizes: ['58'],
    });
    expect((await caller(vendorToken).vendorProducts.list()).map((p) => p.name)).toContain('Written cap');
    const updated = await caller(vendorToken).vendorProducts.update({ id: created.id, stock: 9 });
    expect(updated.stock).toBe(9);
    expect((await caller(vendorToken).vendorProducts.list()).find((p) => p.id === created.id)?.stock).toBe(9);
    // The write went to the primary only.
    expect(await rowsOf(primary, `select stock from products where name = 'Written cap'`)).toEqual([{ stock: 9 }]);
    expect(await rowsOf(replica, `select id from products where name = 'Written cap'`)).toEqual([]);
  });

  it('checks a cart addition against the primary, where the cap and its stock are', async () => {
    const cart = caller(customerToken).cart;
    const added = await cart.add({ product_id: primaryProductId, quantity: 5, size: '58' });
    expect(added).toMatchObject({ quantity: 5 });
    // The replica's cap does not exist on the primary: 404, though the public page shows it.
    expect((await failureOf(cart.add({ product_id: replicaOnlyId, quantity: 1, size: '58' }))).code).toBe('NOT_FOUND');
    expect(await rowsOf(primary, 'select quantity from cart_items')).toEqual([{ quantity: 5 }]);
    expect(await rowsOf(replica, 'select id from cart_items')).toEqual([]);
  });

  it('reads the primary when the replica is down', async () => {
    // A second process whose replica refuses connections (nothing listens on port 1).
    const down = await createServices(
      { databaseUrl: primary.config.databaseUrl, readUrls: ['postgres://postgres@127.0.0.1:1/caps'] },
      { nodeEnv: 'test' },
    );
    try {
      const on = createCaller(createContext(down, { ip: '127.0.0.1', userAgent: 'vitest' }));
      expect((await on.catalogue.list({})).data.map((p) => p.name)).toContain('Primary cap');
      expect((await on.catalogue.get({ id: primaryProductId })).name).toBe('Primary cap');
      expect((await on.vendors.list()).map((s) => s.shop_name)).toEqual(['Primary Caps House']);
      expect(await sitemapCount(down.orm.em.fork(), 'products')).toBe(2);
    } finally {
      await down.orm.close(true);
    }
  });

  it('never touches the replica inside a transaction, and does outside one', async () => {
    const [connection] = replicaConnections(services.orm);
    if (!connection) throw new Error('no replica connection');
    const onReplica = vi.spyOn(connection, 'execute');
    try {
      const seen = await services.orm.em.fork().transactional(async (em) => {
        const ctx: Context = { ...createContext(services, { ip: '127.0.0.1' }), em };
        const page = await listProducts(ctx, { page: 1, per_page: 12, search: 'cap' }, 'read');
        const product = await getProduct(ctx, primaryProductId, 'read');
        const shops = await listVendors(ctx);
        const count = await sitemapCount(em, 'products');
        const items = await sitemapItems(em, 'shops', 0, 10);
        // A write in the same transaction is seen by its own reads.
        await em.nativeUpdate(ProductSchema, { id: primaryProductId }, { name: 'Primary cap (renamed)' });
        const after = await getProduct(ctx, primaryProductId, 'read');
        return { page, product, shops, count, items, after };
      });
      expect(onReplica).not.toHaveBeenCalled();
      expect(seen.page.data.map((p) => p.name)).not.toContain('Replica cap 1');
      expect(seen.page.data.map((p) => p.name)).toContain('Primary cap');
      expect(seen.product.name).toBe('Primary cap');
      expect(seen.shops.map((s) => s.shop_name)).toEqual(['Primary Caps House']);
      expect(seen.count).toBe(2);
      expect(seen.items).toHaveLength(1);
      expect(seen.after.name).toBe('Primary cap (renamed)');
      // The control: the same read outside a transaction goes to the replica.
      await caller().catalogue.get({ id: replicaOnlyId });
      expect(onReplica).toHaveBeenCalled();
    } finally {
      onReplica.mockRestore();
    }
  });
});
