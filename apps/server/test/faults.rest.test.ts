import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createTestDatabase,
  makeProduct,
  makeVendor,
  ProductSchema,
  sessionTokenFor,
  startTestS3,
  type TestDatabase,
  type TestS3,
  testDialect,
} from '@caps/api/testing';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { bearer, multipart } from './harness.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';

// Outages answer fast and clearly (docs/scaling.md, "Faults"): the database and the object store are reached
// through a TCP proxy that can pass, blackhole (accept, then drop every byte) or refuse. A request during an
// outage is answered 503 SERVICE_UNAVAILABLE with Retry-After within the configured timeouts (short here),
// writes nothing, and the next request after the outage works without a restart.

/** A generous bound on any one request: a hanging one fails the test instead of holding it. */
const GUARD_MS = 15_000;

/** The answer to a request, or a failure naming it when it has not come within GUARD_MS. */
async function answered(what: string, request: Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${GUARD_MS} ms`)), GUARD_MS);
  });
  try {
    return await Promise.race([request, guard]);
  } finally {
    clearTimeout(timer);
  }
}

/** A REST answer of the outage: 503, the error shape with its code, JSON, and when to try again. */
function expectUnavailable(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', statusCode: 503 });
  expect(response.json().message).toMatch(/unavailable, please try again shortly\.$/);
}

/** A tRPC answer of the outage: 503 with the error code in data.errorCode, and Retry-After. */
function expectTrpcUnavailable(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['retry-after']).toBe('5');
  const error = response.json().error;
  expect(error.data).toMatchObject({ code: 'SERVICE_UNAVAILABLE', errorCode: 'SERVICE_UNAVAILABLE', httpStatus: 503 });
  expect(error.message).toMatch(/unavailable, please try again shortly\.$/);
}

/** tRPC's catalogue list on its GET path, with an empty input. */
const TRPC_LIST = `/trpc/catalogue.list?input=${encodeURIComponent(JSON.stringify({}))}`;

const SHORT_TIMEOUTS = {
  DB_CONNECT_TIMEOUT_MS: '1000',
  DB_ACQUIRE_TIMEOUT_MS: '1500',
  DB_STATEMENT_TIMEOUT_MS: '1500',
  S3_TIMEOUT_MS: '1500',
};

const folders: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
};

/** An app as main.ts builds it, from the environment: its own services, closed with it. */
async function appFrom(vars: Record<string, string>): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    UPLOAD_DIR: tempDir('caps-uploads-'),
    ...SHORT_TIMEOUTS,
    ...vars,
  });
  const app = await buildApp(config, { logger: false });
  await app.ready();
  return app;
}

/** The database's settings for the app: PostgreSQL through `proxy`, or the SQLite file. */
function databaseVars(db: TestDatabase, proxy?: TcpProxy): Record<string, string> {
  if (db.dialect === 'sqlite') return { SQLITE_PATH: db.config.sqlitePath ?? '' };
  const url = new URL(db.config.databaseUrl ?? '');
  if (proxy) {
    url.hostname = proxy.host;
    url.port = String(proxy.port);
  }
  return { DATABASE_URL: url.toString() };
}

function targetOf(databaseUrl: string) {
  const url = new URL(databaseUrl);
  return { host: url.hostname, port: Number(url.port || 5432) };
}

afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(testDialect === 'postgresql')('PostgreSQL that cannot be reached', () => {
  let db: TestDatabase;
  let proxy: TcpProxy;
  let app: FastifyInstance;
  let productId: number;

  beforeAll(async () => {
    db = await createTestDatabase();
    proxy = await startTcpProxy(targetOf(db.config.databaseUrl ?? ''));
    app = await appFrom(databaseVars(db, proxy));
    const em = app.services.orm.em.fork();
    const vendor = await makeVendor(em, { shopName: 'Gwoza Fault Caps' });
    productId = (await makeProduct(em, vendor, { name: 'Blackhole Zanna' })).id;
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await db?.drop();
  });

  /** The calls of the outage: REST reads and a sign-in, tRPC's query path and a mutation, and the sitemap. */
  async function expectEveryCallUnavailable() {
    const inject = (what: string, options: InjectOptions) => answered(what, app.inject(options));
    const [list, product, login, trpcList, trpcLogin, sitemap] = await Promise.all([
      inject('GET /api/products', { method: 'GET', url: '/api/products' }),
      inject('GET /api/products/{id}', { method: 'GET', url: `/api/products/${productId}` }),
      inject('POST /api/login', {
        method: 'POST',
        url: '/api/login',
        payload: { email: 'amina@example.com', password: 'Secret123' },
      }),
      inject('tRPC catalogue.list', { method: 'GET', url: TRPC_LIST }),
      inject('tRPC auth.login', {
        method: 'POST',
        url: '/trpc/auth.login',
        payload: { email: 'amina@example.com', password: 'Secret123' },
      }),
      inject('GET /sitemap.xml', { method: 'GET', url: '/sitemap.xml' }),
    ]);
    for (const response of [list, product, login, sitemap]) expectUnavailable(response);
    for (const response of [trpcList, trpcLogin]) expectTrpcUnavailable(response);
  }

  async function expectWorking() {
    const list = await answered('GET /api/products', app.inject({ method: 'GET', url: '/api/products' }));
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((product: { id: number }) => product.id)).toContain(productId);
    const trpc = await answered('tRPC catalogue.list', app.inject({ method: 'GET', url: TRPC_LIST }));
    expect(trpc.statusCode).toBe(200);
    expect((await answered('sitemap', app.inject({ method: 'GET', url: '/sitemap.xml' }))).statusCode).toBe(200);
  }

  it('answers 503 with Retry-After on REST, tRPC and the sitemap when it refuses connections; works again after', async () => {
    await expectWorking();
    await proxy.setMode('refuse');
    try {
      await expectEveryCallUnavailable();
    } finally {
      await proxy.setMode('pass');
    }
    await expectWorking();
  });

  it('answers 503 within its timeouts when it stops answering (blackholed), not when the outage ends; works again after', async () => {
    // The pool holds connections made before the outage: their queries meet the statement timeout, new ones the
    // connection timeout, and waiting for either meets the acquire timeout.
    await expectWorking();
    await proxy.setMode('blackhole');
    try {
      await expectEveryCallUnavailable();
      // Still blackholed: the connections made during the outage answer the same way.
      await expectEveryCallUnavailable();
    } finally {
      await proxy.setMode('pass');
    }
    await expectWorking();
  });
});

describe('an object store that stops answering (blackholed)', () => {
  let db: TestDatabase;
  let s3: TestS3;
  let proxy: TcpProxy;
  let app: FastifyInstance;
  let token: string;
  let productId: number;
  let imageUrl: string;

  const png = () =>
    sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 160, g: 40, b: 20 } } })
      .png()
      .toBuffer();

  beforeAll(async () => {
    db = await createTestDatabase();
    s3 = await startTestS3();
    proxy = await startTcpProxy(targetOf(s3.endpoint));
    app = await appFrom({
      ...databaseVars(db),
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: `http://${proxy.host}:${proxy.port}`,
      S3_FORCE_PATH_STYLE: 'true',
    });
    const vendor = await makeVendor(app.services.orm.em.fork(), { shopName: 'Bama Store Caps' });
    token = await sessionTokenFor(app.services, vendor.user.id);
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await s3?.close();
    await db?.drop();
  });

  async function create(name: string) {
    const body = multipart(
      {
        name,
        description: 'Bama cap, hand embroidered.',
        price: '18000',
        stock: '3',
        category: 'Hausa Caps',
        'sizes[0]': '58',
      },
      [{ field: 'images[0]', filename: 'cap.png', contentType: 'image/png', data: await png() }],
    );
    return answered(
      `create ${name}`,
      app.inject({
        method: 'POST',
        url: '/api/products',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(token) },
      }),
    );
  }

  async function replaceImage(id: number) {
    const body = multipart({ name: 'Renamed in the outage' }, [
      { field: 'images[0]', filename: 'new.png', contentType: 'image/png', data: await png() },
    ]);
    return answered(
      'edit',
      app.inject({
        method: 'PUT',
        url: `/api/products/${id}`,
        payload: body.payload,
        headers: { ...body.headers, ...bearer(token) },
      }),
    );
  }

  const products = () => app.services.orm.em.fork().find(ProductSchema, {}, { orderBy: { id: 'asc' } });

  it('answers 503 with Retry-After for uploads and image reads within its timeout, writes nothing, and works again after', async () => {
    const first = await create('Bama Before');
    expect(first.statusCode).toBe(201);
    productId = first.json().id;
    imageUrl = first.json().images[0];
    const before = await products();

    await proxy.setMode('blackhole');
    try {
      const [image, created, edited] = await Promise.all([
        answered('GET image', app.inject({ method: 'GET', url: imageUrl })),
        create('Bama During'),
        replaceImage(productId),
      ]);
      for (const response of [image, created, edited]) {
        expectUnavailable(response);
        expect(response.json().message).toMatch(/^Image storage is unavailable/);
      }
    } finally {
      await proxy.setMode('pass');
    }

    // Nothing was written: no new product, and the edited one kept its name and picture.
    const after = await products();
    expect(after.map((product) => [product.id, product.name, product.images])).toEqual(
      before.map((product) => [product.id, product.name, product.images]),
    );

    // Back without a restart.
    expect((await answered('GET image', app.inject({ method: 'GET', url: imageUrl }))).statusCode).toBe(200);
    const again = await create('Bama After');
    expect(again.statusCode).toBe(201);
    expect((await replaceImage(productId)).statusCode).toBe(200);
  });
});

describe('timeouts configuration', () => {
  it('reads DB_*_TIMEOUT_MS and S3_TIMEOUT_MS, with defaults of a few seconds', () => {
    const defaults = loadConfig({ S3_BUCKET: 'caps-images' });
    expect(defaults.database.timeouts).toEqual({ connectMs: 3_000, acquireMs: 5_000, statementMs: 5_000 });
    expect(defaults.services.storage).toMatchObject({ timeoutMs: 5_000 });
    const set = loadConfig({ S3_BUCKET: 'caps-images', ...SHORT_TIMEOUTS });
    expect(set.database.timeouts).toEqual({ connectMs: 1_000, acquireMs: 1_500, statementMs: 1_500 });
    expect(set.services.storage).toMatchObject({ timeoutMs: 1_500 });
  });
});
