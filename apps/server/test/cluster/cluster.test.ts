import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JOB_QUEUE_NAME, JOB_QUEUE_PREFIX, jobDeclarations, SANDBOX_SUCCESS_CARD } from '@caps/api';
import {
  CheckoutSchema,
  createTestDatabase,
  makeProduct,
  makeUser,
  makeVendor,
  OrderItemSchema,
  OrderSchema,
  ProductSchema,
  SessionSchema,
  sessionTokenFor,
  VendorSchema,
} from '@caps/api/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../harness.js';
import { type Cluster, freePort, type ServerProcess, serverProcess, startCluster } from './cluster.js';

/**
 * Issue 16, "Tests": two server processes on one PostgreSQL database, one Redis database and one S3 bucket,
 * driven alternately as a round-robin proxy would. PostgreSQL only (the SQLite run skips the file).
 */

const UNAVAILABLE = 'Service temporarily unavailable, please try again shortly.';
const LOGIN_LIMIT = 4;
const ADDRESS = '3 Lagos Street, Maiduguri, Borno 600001';

let cluster: Cluster;
let vendorToken: string;
let vendorId: number;

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const em = () => cluster.services.orm.em.fork();
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** `count` customers made straight in the database, each with a session token. */
async function buyers(count: number): Promise<{ id: number; token: string }[]> {
  const made = [];
  for (let i = 0; i < count; i++) {
    const user = await makeUser(em());
    made.push({ id: user.id, token: await sessionTokenFor(cluster.services, user.id) });
  }
  return made;
}

async function newCap(stock: number, overrides: Parameters<typeof makeProduct>[2] = {}) {
  const fork = em();
  const vendor = await fork.findOneOrFail(VendorSchema, vendorId);
  return makeProduct(fork, vendor, { stock, sizes: ['58'], ...overrides });
}

const checkout = (server: ServerProcess, token: string, productId: number, key?: string) =>
  server.fetch(
    '/api/orders',
    json(
      { shipping_address: ADDRESS, items: [{ product_id: productId, quantity: 1, size: '58' }] },
      { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    ),
  );

const stockOf = async (productId: number) => (await em().findOneOrFail(ProductSchema, productId)).stock;

/** The caps of `productId` that orders still hold: paid, or unpaid and not released (cancelled). */
async function heldBy(productId: number): Promise<number> {
  const items = await em().find(
    OrderItemSchema,
    { product: productId, order: { status: { $ne: 'cancelled' }, paymentStatus: { $in: ['paid', 'pending'] } } },
    { populate: ['order'] },
  );
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

describe.skipIf(process.env.TEST_DIALECT !== 'postgresql')('two server processes on one database and Redis', () => {
  beforeAll(async () => {
    cluster = await startCluster({
      env: {
        LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: String(LOGIN_LIMIT),
        LOGIN_MAX_FAILURES_PER_ACCOUNT: '100',
        LOGIN_MAX_FAILURES_PER_IP: '1000',
      },
    });
    const vendor = await makeVendor(em(), { shopName: 'Cluster Caps of Kano' });
    vendorId = vendor.id;
    vendorToken = await sessionTokenFor(cluster.services, vendor.user.id);
  }, 180_000);
  afterAll(async () => {
    await cluster?.close();
  }, 60_000);

  it('sells a cap of stock 5 to exactly 5 of 50 buyers spread over both processes', async () => {
    const cap = await newCap(5, { name: 'Last Five Fila' });
    const people = await buyers(50);
    const answers = await Promise.all(
      people.map(async (buyer, n) => {
        const response = await checkout(cluster.pick(n), buyer.token, cap.id);
        return { status: response.status, body: (await response.json()) as { id?: number; message?: string } };
      }),
    );
    const placed = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(placed).toHaveLength(5);
    // Every other buyer hears the cap is gone (409 with a message), never a server error.
    for (const answer of refused) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(409);
      expect(answer.body.message).toMatch(/out of stock|sold out|Only \d+ left/);
    }
    expect(await stockOf(cap.id)).toBe(0);
    const items = await em().find(OrderItemSchema, { product: cap.id }, { populate: ['order'] });
    expect(items.map((item) => item.quantity)).toEqual([1, 1, 1, 1, 1]);
    expect(new Set(items.map((item) => item.order.user.id)).size).toBe(5);
    expect(items.map((item) => item.order.id).sort()).toEqual(placed.map((answer) => answer.body.id).sort());
  });

  it('counts failed sign-ins across both processes: the limit comes at the same attempt as on one', async () => {
    const register = async () => {
      const input = {
        full_name: 'Hauwa Musa',
        email: `hauwa.${Date.now()}.${Math.random().toString(16).slice(2)}@example.com`,
        phone: '+2348031234567',
        password: 'Secret123',
        password_confirmation: 'Secret123',
      };
      const response = await cluster.a.fetch('/api/register', json(input));
      expect(response.status, await response.clone().text()).toBe(201);
      return input;
    };
    const attempts = async (email: string, servers: (n: number) => ServerProcess) => {
      const codes: number[] = [];
      for (let n = 0; n < LOGIN_LIMIT + 2; n++) {
        codes.push((await servers(n).fetch('/api/login', json({ email, password: 'Wrong1234' }))).status);
      }
      return codes;
    };
    const [alone, spread] = [await register(), await register()];
    const onOne = await attempts(alone.email, () => cluster.a);
    const onTwo = await attempts(spread.email, cluster.pick);
    const expected = [...Array<number>(LOGIN_LIMIT).fill(401), 429, 429];
    expect(onOne).toEqual(expected);
    expect(onTwo).toEqual(expected);
    // Held on both: even the right password waits, whichever process it reaches.
    for (const server of [cluster.a, cluster.b]) {
      const response = await server.fetch('/api/login', json({ email: spread.email, password: spread.password }));
      expect(response.status).toBe(429);
      expect(((await response.json()) as { message: string }).message).toMatch(/Too many login attempts/);
    }
  });

  it("shows a vendor's edit through A in B's search, totals and product page on the next request", async () => {
    // Three Igbo caps, so a total of 4 afterwards cannot come from the rows of a page of 2.
    for (const name of ['Isiagu Red', 'Isiagu Gold', 'Okpu Agu']) await newCap(3, { name, category: 'Igbo Caps' });
    const cap = await newCap(3, { name: 'Dala Blue Kube', category: 'Hausa Caps', priceKobo: 12_000_00 });
    const get = async (server: ServerProcess, path: string) => {
      const response = await server.fetch(path);
      expect(response.status, path).toBe(200);
      return (await response.json()) as { total: number; data: { id: number; name: string }[] };
    };
    const productPage = async (server: ServerProcess) => {
      const response = await server.fetch(`/api/products/${cap.id}`);
      expect(response.status).toBe(200);
      return (await response.json()) as Record<string, unknown>;
    };
    const igbo = '/api/products?category=Igbo%20Caps&per_page=2';
    const search = '/api/products?search=Zuma%20Rock&per_page=2';
    // B counts (and remembers) both totals before the change.
    expect((await get(cluster.b, igbo)).total).toBe(3);
    expect((await get(cluster.b, search)).total).toBe(0);
    expect((await productPage(cluster.b)).name).toBe('Dala Blue Kube');

    const edit = await cluster.a.fetch(`/api/products/${cap.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...bearer(vendorToken) },
      body: JSON.stringify({ name: 'Zuma Rock Kube', category: 'Igbo Caps', price: 15_500 }),
    });
    expect(edit.status, await edit.clone().text()).toBe(200);

    expect((await get(cluster.b, igbo)).total).toBe(4);
    const found = await get(cluster.b, search);
    expect(found.total).toBe(1);
    expect(found.data.map((row) => row.id)).toEqual([cap.id]);
    expect(await productPage(cluster.b)).toMatchObject({
      name: 'Zuma Rock Kube',
      category: 'Igbo Caps',
      price: 15_500,
    });
    // And back again the other way: B's change, A's next answer.
    const back = await cluster.b.fetch(`/api/products/${cap.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...bearer(vendorToken) },
      body: JSON.stringify({ category: 'Hausa Caps' }),
    });
    expect(back.status).toBe(200);
    expect((await get(cluster.a, igbo)).total).toBe(3);
  });

  it('serves from B an image uploaded through A (S3 mode)', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 160, g: 40, b: 30 } } })
      .png()
      .toBuffer();
    const body = multipart(
      {
        name: 'Ankara Patch Cap',
        description: 'Patchwork cap, hand stitched in Kano.',
        price: '9000',
        stock: '4',
        category: 'Modern Caps',
        'sizes[0]': '58',
      },
      [{ field: 'images[0]', filename: 'cap.png', contentType: 'image/png', data: png }],
    );
    const created = await cluster.a.fetch('/api/products', {
      method: 'POST',
      headers: { ...body.headers, ...bearer(vendorToken) },
      body: body.payload,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id, images } = (await created.json()) as { id: number; images: string[] };
    const url = images[0] ?? '';
    expect(url).toMatch(/^\/api\/images\/[a-f0-9]{32}\.webp$/);
    const name = url.replace('/api/images/', '');
    const stored = await cluster.s3.objects();
    for (const key of [name, name.replace('.webp', '-md.webp'), name.replace('.webp', '-thumb.webp')]) {
      const image = await cluster.b.fetch(`/api/images/${key}`);
      expect(image.status, key).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
      const bytes = Buffer.from(await image.arrayBuffer());
      expect(stored.get(key)?.equals(bytes), key).toBe(true);
    }
    const page = (await (await cluster.b.fetch(`/api/products/${id}`)).json()) as { images: string[] };
    expect(page.images).toEqual(images);
  });

  it("pays through B's sandbox page a payment initiated on A, and verifies it on A", async () => {
    const cap = await newCap(3, { name: 'Sandbox Zanna', priceKobo: 7_500_00 });
    const [buyer] = await buyers(1);
    if (!buyer) throw new Error('no buyer');
    const placed = await checkout(cluster.a, buyer.token, cap.id);
    expect(placed.status).toBe(201);
    const order = (await placed.json()) as { id: number; order_ids: number[] };
    const initiated = await cluster.a.fetch('/api/payment/initiate', json({ order_id: order.id }, bearer(buyer.token)));
    expect(initiated.status, await initiated.clone().text()).toBe(200);
    const { reference, url } = (await initiated.json()) as { reference: string; url: string };
    const path = `/payment-sandbox/checkout/${encodeURIComponent(reference)}`;
    expect(url).toBe(`${cluster.a.baseUrl}${path}`);

    // B knows the transaction A started: its hosted page offers it and takes the card.
    const page = await cluster.b.fetch(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('₦9,500');
    const paid = await cluster.b.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `card_number=${SANDBOX_SUCCESS_CARD}`,
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/payment/callback?trxref=${reference}&reference=${reference}`);

    // A verifies it with the provider (the sandbox, in the database): paid, once.
    const verify = () =>
      cluster.a.fetch(`/api/payment/verify?reference=${reference}`, { headers: bearer(buyer.token) });
    expect(await (await verify()).json()).toMatchObject({ success: true, status: 'paid', order_ids: order.order_ids });
    expect(await (await verify()).json()).toMatchObject({ success: true, status: 'paid' });
    expect((await em().findOneOrFail(OrderSchema, order.id)).paymentStatus).toBe('paid');
    // And the page is closed on both now.
    for (const server of [cluster.a, cluster.b]) expect((await server.fetch(path)).status).toBe(409);
  });

  it('runs the release job and every other job once per due time, not once per process', async () => {
    // An unpaid checkout that expired a minute ago: the next release run gives its cap back.
    const cap = await newCap(3, { name: 'Expired Hold Kufi' });
    const [buyer] = await buyers(1);
    if (!buyer) throw new Error('no buyer');
    expect((await checkout(cluster.b, buyer.token, cap.id)).status).toBe(201);
    await em().nativeUpdate(CheckoutSchema, { user: buyer.id }, { expiresAt: new Date(Date.now() - 60_000) });
    expect(await stockOf(cap.id)).toBe(2);

    // One schedule per declared job on the queue both processes share (each process declares them all).
    // BullMQ keeps a queue's job schedulers in the sorted set <prefix>:<queue>:repeat, by scheduler id.
    const declared = jobDeclarations({ payoutRunHourUtc: 8 }).map((job) => job.name);
    const schedulers = await cluster.redis.zrange(`${JOB_QUEUE_PREFIX}:${JOB_QUEUE_NAME}:repeat`, '0', '-1');
    expect(schedulers.sort()).toEqual([...declared].sort());

    // The release job runs every minute: wait for the run that releases our checkout, then a little more
    // for a second process's run of the same due time, if there were one.
    const runs = () =>
      [...cluster.a.jobRuns, ...cluster.b.jobRuns].filter((run) => run.job === 'release-expired-checkouts');
    const releasedOne = (run: { result?: unknown }) =>
      (run.result as { released?: number } | undefined)?.released === 1;
    const deadline = Date.now() + 75_000;
    while (Date.now() < deadline && !runs().some(releasedOne)) await sleep(250);
    await sleep(4_000);
    const released = runs();
    expect(released.filter(releasedOne), JSON.stringify(released)).toHaveLength(1);
    expect(released.every((run) => run.msg === 'job done' && run.trigger === 'schedule')).toBe(true);
    // Once per due time across the pair: no due time was run by both.
    const dues = released.map((run) => run.due);
    expect(dues.every((due) => typeof due === 'string')).toBe(true);
    expect(new Set(dues).size, JSON.stringify(released)).toBe(dues.length);
    // And no job of any kind ran twice for one due time.
    const all = [...cluster.a.jobRuns, ...cluster.b.jobRuns].filter((run) => run.trigger === 'schedule');
    const keys = all.map((run) => `${run.job} ${run.due}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(await stockOf(cap.id)).toBe(3);
    expect((await em().findOneOrFail(CheckoutSchema, { user: buyer.id })).paymentStatus).toBe('failed');
  }, 100_000);

  it('two processes started at once on an empty database both come up (migrations under a lock)', async () => {
    // Two replicas' first start (the compose file's production profile): without the lock, both ran the
    // first migration and one crashed on its duplicate objects.
    const empty = await createTestDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'caps-cluster-empty-'));
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: empty.config.databaseUrl ?? '',
      SEED_DEMO_DATA: 'false',
      JOBS_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      UPLOAD_DIR: dir,
      WEB_DIST_DIR: join(dir, 'no-web-build'),
    };
    const pair = [serverProcess('A0', await freePort(), env), serverProcess('B0', await freePort(), env)];
    try {
      await Promise.all(pair.map((server) => server.start()));
      for (const server of pair) {
        expect((await server.fetch('/readyz')).status).toBe(200);
        expect((await server.fetch('/api/products')).status).toBe(200);
      }
    } finally {
      await Promise.all(pair.map((server) => server.kill('SIGTERM')));
      await empty.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('with Redis gone: /readyz 503 and sign-in 503 on both, catalogue still right; both recover without a restart', async () => {
    const register = {
      full_name: 'Ladi Kwali',
      email: `ladi.${Date.now()}@example.com`,
      phone: '+2348031234567',
      password: 'Secret123',
      password_confirmation: 'Secret123',
    };
    expect((await cluster.b.fetch('/api/register', json(register))).status).toBe(201);
    const login = (server: ServerProcess) =>
      server.fetch('/api/login', json({ email: register.email, password: register.password }));
    const sessions = () => em().count(SessionSchema, {});
    const cap = await newCap(2, { name: 'Yoruba Fila Abeti', category: 'Yoruba Caps' });
    const yoruba = async (server: ServerProcess) =>
      ((await (await server.fetch('/api/products?category=Yoruba%20Caps')).json()) as { total: number }).total;
    expect(await yoruba(cluster.b)).toBe(1);

    await cluster.redisGate.cut();
    try {
      const before = await sessions();
      for (const server of [cluster.a, cluster.b]) {
        const ready = await server.fetch('/readyz');
        expect(ready.status, server.name).toBe(503);
        expect(await ready.json()).toMatchObject({ checks: { database: 'ok', redis: 'unreachable', storage: 'ok' } });
        const refused = await login(server);
        expect(refused.status, server.name).toBe(503);
        expect(refused.headers.get('content-type')).toMatch(/application\/json/);
        expect(await refused.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE });
      }
      // Refused means refused: no session was written by either.
      expect(await sessions()).toBe(before);
      // The catalogue needs no Redis, and B does not answer a total from before A's change.
      const moved = await cluster.a.fetch(`/api/products/${cap.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...bearer(vendorToken) },
        body: JSON.stringify({ category: 'Modern Caps' }),
      });
      expect(moved.status).toBe(200);
      expect(await yoruba(cluster.b)).toBe(0);
    } finally {
      await cluster.redisGate.restore();
    }

    // Back: each process reconnects by itself (ioredis retries at most a second apart).
    for (const server of [cluster.a, cluster.b]) {
      const deadline = Date.now() + 15_000;
      let status = 0;
      while (Date.now() < deadline) {
        status = (await server.fetch('/readyz')).status;
        if (status === 200) break;
        await new Promise((wait) => setTimeout(wait, 250));
      }
      expect(status, `${server.name} ready again`).toBe(200);
      expect((await login(server)).status, server.name).toBe(200);
    }
    // And the catalogue's change signal works again across the pair.
    expect(await yoruba(cluster.b)).toBe(0);
    const back = await cluster.a.fetch(`/api/products/${cap.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...bearer(vendorToken) },
      body: JSON.stringify({ category: 'Yoruba Caps' }),
    });
    expect(back.status).toBe(200);
    expect(await yoruba(cluster.b)).toBe(1);
  });

  it('with the bucket gone: /readyz 503 and images 503 on both, uploads refused whole; back without a restart', async () => {
    const [name] = [...(await cluster.s3.objects()).keys()];
    if (!name) throw new Error('the image test stored nothing');
    const products = await em().count(ProductSchema, {});
    const upload = async (server: ServerProcess) => {
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 9, g: 9, b: 9 } } })
        .png()
        .toBuffer();
      const body = multipart(
        {
          name: 'Down Store Cap',
          description: 'Uploaded while the store is down.',
          price: '5000',
          stock: '1',
          category: 'Modern Caps',
          'sizes[0]': '58',
        },
        [{ field: 'images[0]', filename: 'cap.png', contentType: 'image/png', data: png }],
      );
      return server.fetch('/api/products', {
        method: 'POST',
        headers: { ...body.headers, ...bearer(vendorToken) },
        body: body.payload,
      });
    };
    await cluster.s3.stop();
    try {
      for (const server of [cluster.a, cluster.b]) {
        const ready = await server.fetch('/readyz');
        expect(ready.status, server.name).toBe(503);
        expect(await ready.json()).toMatchObject({ checks: { database: 'ok', redis: 'ok', storage: 'unreachable' } });
        const image = await server.fetch(`/api/images/${name}`);
        expect(image.status).toBe(503);
        expect(((await image.json()) as { message: string }).message).toMatch(/^Image storage is unavailable/);
        const refused = await upload(server);
        expect(refused.status).toBe(503);
        expect(await refused.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      }
      expect(await em().count(ProductSchema, {})).toBe(products);
    } finally {
      await cluster.s3.start();
    }
    for (const server of [cluster.a, cluster.b]) {
      expect((await server.fetch('/readyz')).status, server.name).toBe(200);
      expect((await server.fetch(`/api/images/${name}`)).status, server.name).toBe(200);
    }
  });

  it('kill -9 of B in the middle of checkouts: every checkout complete or absent, stock matches what orders hold', async () => {
    const INITIAL = 30;
    const cap = await newCap(INITIAL, { name: 'Crash Test Tagiya' });
    const people = await buyers(40);
    let killed: Promise<void> | null = null;
    const first = await Promise.all(
      people.map(async (buyer, n) => {
        const server = cluster.pick(n);
        const key = `crash-${buyer.id}`;
        try {
          const response = await checkout(server, buyer.token, cap.id, key);
          // B's first answer: the rest of its requests are still in flight. Kill it now.
          if (server === cluster.b && !killed) killed = cluster.b.kill('SIGKILL');
          return { buyer, key, server: server.name, status: response.status };
        } catch {
          return { buyer, key, server: server.name, status: 0 };
        }
      }),
    );
    await killed;
    expect(killed, 'B answered at least once before it was killed').not.toBeNull();
    const lost = first.filter((answer) => answer.status === 0);
    // The kill really cut requests short (else this proves nothing), and only B's.
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.every((answer) => answer.server === 'B')).toBe(true);
    for (const answer of first.filter((answer) => answer.status !== 0)) expect([201, 409]).toContain(answer.status);

    // Whatever B committed or not, the database holds whole checkouts only.
    const checkouts = await em().find(CheckoutSchema, {}, { populate: ['user'] });
    for (const row of checkouts) {
      const orders = await em().find(OrderSchema, { checkout: row.id });
      expect(orders.length, `checkout ${row.id} has orders`).toBeGreaterThan(0);
      for (const order of orders) {
        expect(await em().count(OrderItemSchema, { order: order.id }), `order ${order.id} has items`).toBeGreaterThan(
          0,
        );
      }
    }
    expect(await stockOf(cap.id)).toBe(INITIAL - (await heldBy(cap.id)));

    // A client retries what was cut short on A, with the same key: one checkout per buyer, never two.
    for (const answer of lost) {
      const retry = await checkout(cluster.a, answer.buyer.token, cap.id, answer.key);
      expect([200, 201, 409]).toContain(retry.status);
    }
    const items = await em().find(OrderItemSchema, { product: cap.id }, { populate: ['order'] });
    const perBuyer = new Map<number, number>();
    for (const item of items) perBuyer.set(item.order.user.id, (perBuyer.get(item.order.user.id) ?? 0) + 1);
    expect([...perBuyer.values()].every((count) => count === 1)).toBe(true);
    expect(await stockOf(cap.id)).toBe(INITIAL - (await heldBy(cap.id)));
    expect(await heldBy(cap.id)).toBe(Math.min(INITIAL, people.length));

    // B comes back on the same database and Redis and serves at once.
    await cluster.b.start();
    const page = await cluster.b.fetch(`/api/products/${cap.id}`);
    expect(((await page.json()) as { stock: number }).stock).toBe(0);
  });
});
