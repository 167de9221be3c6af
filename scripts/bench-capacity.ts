/**
 * npm run bench:capacity — what one server process answers per second of each main call, on PostgreSQL.
 *
 * A scratch database (made from BENCH_DATABASE_URL or TEST_DATABASE_URL, dropped afterwards) gets 50,000 caps
 * across 500 shops (as bench:catalogue seeds them, with stock enough for every checkout) and BENCH_CUSTOMERS
 * (default 6,000) signed-in customers. One server process (the server as `npm start` bundles it, in this
 * process, with the web build's server renderer when apps/web/dist and dist-ssr exist, Redis from
 * BENCH_REDIS_URL, default database 15, and the recurring jobs on as in production) is loaded from a worker
 * thread by BENCH_CONNECTIONS (default 50) keep-alive connections, each sending its next request as soon as
 * the last is answered, for BENCH_DURATION seconds (default 10) a call after a 2 s warm-up:
 *
 * - catalogue list: GET /api/products?search=<word>&category=<category>&sort=<sort>, 60 different filters
 * - product page: GET /api/products/{id} over random caps, and GET /product/{id} (the rendered HTML page)
 * - add to cart: POST /api/cart, random customers and caps
 * - checkout: POST /api/orders, each request a different customer, two caps of one shop (one order)
 * - payment initiate: POST /api/payment/initiate for each order placed
 * - pay: POST /payment-sandbox/checkout/{reference} with the sandbox's success card (its webhook applies it)
 * - payment verify: GET /api/payment/verify?reference= on the paid references, by their payers
 *
 * Every request sends `Accept-Encoding: br, gzip`, as browsers do. For each call it prints requests per second,
 * p50 and p99 latency, the server process's CPU time per request and that of the database's backends serving
 * it (from /proc), the most database connections seen open, and the load average. Then the database's size per
 * 1,000 caps and per 1,000 paid orders (pg_total_relation_size after VACUUM FULL) and the connection pool in
 * use. Figures are printed, never asserted; a call that answers anything but its expected status stops the run.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { createServices, refreshSearchText, SANDBOX_SUCCESS_CARD, Services } from '@caps/api';
import { build } from 'esbuild';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { buildApp } from '../apps/server/src/app.js';
import type { loadConfig } from '../apps/server/src/config.js';

const SHOPS = 500;
const PRODUCTS = 50_000;
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 6_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 2;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const STOCK = 1_000_000;
const CATEGORIES = ['Hausa Caps', 'Yoruba Caps', 'Igbo Caps', 'Modern Caps', 'Traditional Caps'];
const WORDS = ['Kufi', 'Zanna', 'Fila', 'Tagiya', 'Hula', 'Okpu', 'Abeti', 'Gobi', 'Snapback', 'Fula', 'Aja', 'Agbada'];
const COLOURS = ['Red', 'Indigo', 'Forest Green', 'Cream', 'Gold', 'Black', 'White', 'Maroon', 'Sky Blue', 'Purple'];
const SORTS = ['price-low', 'newest', 'rating'];
const ROOT = resolve(import.meta.dirname, '..');

interface Server {
  createServices: typeof createServices;
  refreshSearchText: typeof refreshSearchText;
  buildApp: typeof buildApp;
  loadConfig: typeof loadConfig;
  SANDBOX_SUCCESS_CARD: typeof SANDBOX_SUCCESS_CARD;
}

/** The server bundled by esbuild as apps/server/build.mjs bundles it (see bench-catalogue.ts for why not tsx). */
async function loadServer(): Promise<Server> {
  const entry = `export { createServices, refreshSearchText, SANDBOX_SUCCESS_CARD } from './packages/api/src/index.ts';
export { buildApp } from './apps/server/src/app.ts';
export { loadConfig } from './apps/server/src/config.ts';`;
  const external = new Set<string>();
  for (const file of ['apps/server/package.json', 'packages/api/package.json', 'packages/contracts/package.json']) {
    const pkg = JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as { dependencies?: Record<string, string> };
    for (const name of Object.keys(pkg.dependencies ?? {})) if (!name.startsWith('@caps/')) external.add(name);
  }
  const outdir = join(ROOT, 'node_modules', '.cache', 'bench-capacity');
  mkdirSync(outdir, { recursive: true });
  const outfile = join(outdir, `server-${process.pid}.mjs`);
  await build({
    stdin: { contents: entry, resolveDir: ROOT, loader: 'ts', sourcefile: 'bench-server.ts' },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...external].flatMap((name) => [name, `${name}/*`]),
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  try {
    return (await import(pathToFileURL(outfile).href)) as Server;
  } finally {
    rmSync(outfile, { force: true });
  }
}

/** Deterministic pseudo-random numbers, so every run loads the same requests. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

// ---------------------------------------------------------------------------------------------------------
// The load: a worker thread, so that it does not share the server's event loop.

interface Request {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

interface LoadResult {
  latencies: number[];
  statuses: Record<string, number>;
  elapsedMs: number;
  /** The answer bodies by request index, when asked for. */
  bodies: (string | null)[];
  firstUnexpected: string | null;
}

/** Plain JavaScript run by the worker: `connections` loops over node:http with keep-alive. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const zlib = require('node:zlib');
const { port, requests, connections, durationMs, cycle, keepBodies, expected } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latencies = [];
const statuses = {};
const bodies = keepBodies ? new Array(requests.length).fill(null) : [];
let firstUnexpected = null;
let next = 0;
const started = performance.now();
const deadline = started + durationMs;
function send(r) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.request({ host: '127.0.0.1', port, method: r.method, path: r.path, headers: r.headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - t0, body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] }));
      res.on('error', (error) => resolve({ status: 0, ms: performance.now() - t0, body: Buffer.from(String(error)) }));
    });
    req.on('error', (error) => resolve({ status: 0, ms: performance.now() - t0, body: Buffer.from(String(error)) }));
    req.end(r.body);
  });
}
function decode(answer) {
  if (answer.encoding === 'br') return zlib.brotliDecompressSync(answer.body);
  if (answer.encoding === 'gzip') return zlib.gunzipSync(answer.body);
  return answer.body;
}
async function loop() {
  while (performance.now() < deadline) {
    const index = next++;
    if (!cycle && index >= requests.length) return;
    const r = requests[index % requests.length];
    const answer = await send(r);
    latencies.push(answer.ms);
    statuses[answer.status] = (statuses[answer.status] || 0) + 1;
    if (answer.status !== expected && firstUnexpected === null)
      firstUnexpected = r.method + ' ' + r.path + ': ' + answer.status + ' ' + decode(answer).toString('utf8').slice(0, 300);
    if (keepBodies) bodies[index] = decode(answer).toString('utf8');
  }
}
Promise.all(Array.from({ length: connections }, loop)).then(() => {
  agent.destroy();
  parentPort.postMessage({ latencies, statuses, elapsedMs: performance.now() - started, bodies, firstUnexpected });
});
`;

function runLoad(
  port: number,
  requests: Request[],
  options: { durationS: number; cycle: boolean; keepBodies?: boolean; expected: number },
): Promise<LoadResult> {
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        port,
        requests,
        connections: CONNECTIONS,
        durationMs: options.durationS * 1000,
        cycle: options.cycle,
        keepBodies: options.keepBodies ?? false,
        expected: options.expected,
      },
    });
    worker.once('message', (result: LoadResult) => {
      void worker.terminate();
      resolvePromise(result);
    });
    worker.once('error', reject);
  });
}

// ---------------------------------------------------------------------------------------------------------
// What the database's backends and this process spend.

/** CPU seconds (user + system) of the given processes, from /proc (those gone since count as 0). */
function cpuSecondsOf(pids: number[]): Map<number, number> {
  const ticks = 100; // USER_HZ: 100 on Linux for every architecture /proc reports in
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / ticks);
    } catch {
      seconds.set(pid, 0);
    }
  }
  return seconds;
}

class DatabaseWatch {
  private maxConnections = 0;
  private timer: NodeJS.Timeout | undefined;
  private before = new Map<number, number>();
  private sampling: Promise<void> | undefined;
  constructor(
    private readonly admin: pg.Client,
    private readonly dbName: string,
    /** The benchmark's own connection to the database, not the server's. */
    private readonly ownPid: number,
  ) {}

  private async backends(): Promise<number[]> {
    const { rows } = await this.admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and pid <> $2',
      [this.dbName, this.ownPid],
    );
    return rows.map((row) => Number(row.pid));
  }

  async start() {
    this.maxConnections = 0;
    this.before = cpuSecondsOf(await this.backends());
    this.timer = setInterval(() => {
      if (this.sampling) return;
      this.sampling = this.backends()
        .then((pids) => {
          this.maxConnections = Math.max(this.maxConnections, pids.length);
          for (const pid of pids) if (!this.before.has(pid)) this.before.set(pid, 0);
        })
        .catch(() => undefined)
        .finally(() => {
          this.sampling = undefined;
        });
    }, 250);
  }

  /** The backends' CPU seconds since start (those opened meanwhile from 0) and the most connections seen. */
  async stop(): Promise<{ cpuSeconds: number; maxConnections: number }> {
    clearInterval(this.timer);
    await this.sampling;
    const pids = await this.backends();
    for (const pid of pids) if (!this.before.has(pid)) this.before.set(pid, 0);
    const after = cpuSecondsOf([...this.before.keys()]);
    let cpuSeconds = 0;
    for (const [pid, start] of this.before) {
      // A backend that closed meanwhile reads 0 now: its time since start is lost (rare; pool connections stay).
      cpuSeconds += Math.max(0, (after.get(pid) ?? 0) - start);
    }
    return { cpuSeconds, maxConnections: Math.max(this.maxConnections, pids.length) };
  }
}

// ---------------------------------------------------------------------------------------------------------

const server = await loadServer();

async function seed(services: Services) {
  const connection = services.orm.em.getConnection();
  const now = new Date().toISOString();
  const rand = random(42);
  for (let start = 0; start < SHOPS; start += 100) {
    const params: unknown[] = [];
    const rows: string[] = [];
    for (let i = start; i < start + 100; i++) {
      rows.push('(?, ?, ?, ?, ?, ?, ?)');
      params.push(`bench-vendor-${i}@example.com`, 'x', `Owner ${i}`, 'vendor', 'active', now, now);
    }
    await connection.execute(
      `insert into users (email, password_hash, full_name, role, status, created_at, updated_at) values ${rows.join(', ')}`,
      params,
    );
  }
  const vendorRows: string[] = [];
  const vendorParams: unknown[] = [];
  for (let i = 0; i < SHOPS; i++) {
    vendorRows.push('((select id from users where email = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    vendorParams.push(
      `bench-vendor-${i}@example.com`,
      `${WORDS[i % WORDS.length]} House ${i}`,
      'Handmade caps from northern Nigeria.',
      '1 Market Road, Maiduguri',
      '+2348030000000',
      `Owner ${i}`,
      '0123456789',
      'Zenith Bank',
      now,
      now,
      now,
    );
  }
  await connection.execute(
    `insert into vendors (user_id, shop_name, shop_description, address, phone, account_holder_name, account_number, bank_name, verified_at, created_at, updated_at) values ${vendorRows.join(', ')}`,
    vendorParams,
  );
  const vendorIds = (await connection.execute<{ id: number }[]>('select id from vendors order by id')).map((r) =>
    Number(r.id),
  );
  const base = Date.now();
  for (let start = 0; start < PRODUCTS; start += 500) {
    const rows: string[] = [];
    const params: unknown[] = [];
    for (let i = start; i < Math.min(PRODUCTS, start + 500); i++) {
      const word = WORDS[Math.floor(rand() * WORDS.length)] as string;
      const colour = COLOURS[Math.floor(rand() * COLOURS.length)] as string;
      rows.push('(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
      params.push(
        vendorIds[i % vendorIds.length],
        `${word} Cap ${colour} ${i}`,
        `A ${colour.toLowerCase()} ${word.toLowerCase()} cap, hand stitched and finished in Maiduguri.`,
        Math.round(3000 + rand() * 117_000) * 100,
        STOCK,
        CATEGORIES[Math.floor(rand() * CATEGORIES.length)],
        JSON.stringify(['56', '57', '58']),
        JSON.stringify([`${randomBytes(16).toString('hex')}.webp`]),
        Math.round(rand() * 50) / 10,
        Math.floor(rand() * 20),
        new Date(base - i * 60_000).toISOString(),
        new Date(base - i * 60_000).toISOString(),
      );
    }
    await connection.execute(
      `insert into products (vendor_id, name, description, price_kobo, stock, category, sizes, images, rating_average, rating_count, created_at, updated_at) values ${rows.join(', ')}`,
      params,
    );
  }
  await server.refreshSearchText(services.orm.em.fork());
  // Customers, each with a session made as sign-in makes one (only the token's SHA-256 is stored).
  const tokens: { userId: number; token: string }[] = [];
  for (let start = 0; start < CUSTOMERS; start += 500) {
    const rows: string[] = [];
    const params: unknown[] = [];
    for (let i = start; i < Math.min(CUSTOMERS, start + 500); i++) {
      rows.push('(?, ?, ?, ?, ?, ?, ?)');
      params.push(`bench-customer-${i}@example.com`, 'x', `Customer ${i}`, 'customer', 'active', now, now);
    }
    const inserted = await connection.execute<{ id: number }[]>(
      `insert into users (email, password_hash, full_name, role, status, created_at, updated_at) values ${rows.join(', ')} returning id`,
      params,
    );
    const sessionRows: string[] = [];
    const sessionParams: unknown[] = [];
    for (const row of inserted) {
      const token = randomBytes(32).toString('base64url');
      tokens.push({ userId: Number(row.id), token });
      sessionRows.push('(?, ?, ?, ?, ?)');
      const expires = new Date(Date.now() + 86_400_000).toISOString();
      sessionParams.push(row.id, createHash('sha256').update(token).digest('hex'), now, now, expires);
    }
    await connection.execute(
      `insert into sessions (user_id, token_hash, created_at, last_used_at, expires_at) values ${sessionRows.join(', ')}`,
      sessionParams,
    );
  }
  // Compact tables and fresh statistics, as a live database would have after autovacuum.
  await connection.execute('vacuum (full, analyze)');
  const productIds = (await connection.execute<{ id: number }[]>('select id from products order by id')).map((r) =>
    Number(r.id),
  );
  return { tokens, productIds };
}

interface TableSize {
  name: string;
  bytes: number;
}

async function tableSizes(admin: pg.Client): Promise<TableSize[]> {
  const { rows } = await admin.query<{ name: string; bytes: string }>(
    `select c.relname as name, pg_total_relation_size(c.oid) as bytes
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
  );
  return rows.map((row) => ({ name: row.name, bytes: Number(row.bytes) }));
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

interface CallFigures {
  label: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  serverCpuMs: number;
  dbCpuMs: number;
  maxConnections: number;
  load: number;
}

async function main() {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
  const dbName = `caps_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // Redis: a database of the benchmark's own, emptied before and after. One holding anything but the app's
  // keys (`caps:`, a former run's job queue) is someone else's: refused.
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  let foreign = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'COUNT', 1000);
    foreign += keys.filter((key) => !key.startsWith('caps:')).length;
    cursor = next;
  } while (cursor !== '0');
  if (foreign > 0) {
    redis.disconnect();
    await admin.end();
    throw new Error(`Redis ${redisUrl} holds keys that are not the app's: choose another database (BENCH_REDIS_URL)`);
  }
  await redis.flushdb();
  await admin.query(`create database ${dbName}`);
  const uploadDir = mkdtempSync(join(tmpdir(), 'caps-capacity-up-'));
  let services: Services | undefined;
  let app: Awaited<ReturnType<typeof server.buildApp>> | undefined;
  let dbClient: pg.Client | undefined;
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    dbClient = new pg.Client({ connectionString: url.toString() });
    const jobsEnabled = process.env.BENCH_JOBS !== 'false';
    services = await server.createServices(
      { databaseUrl: url.toString() },
      { uploadDir, nodeEnv: 'production', redisUrl, jobsEnabled },
    );
    const seeded = Date.now();
    const { tokens, productIds } = await seed(services);
    console.log(
      `seeded ${PRODUCTS.toLocaleString('en')} caps across ${SHOPS} shops and ${CUSTOMERS.toLocaleString('en')} ` +
        `signed-in customers in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
    );
    // Dropping the database at the end (with force) ends this connection: not an error worth a crash.
    dbClient.on('error', () => undefined);
    await dbClient.connect();
    const afterSeed = await tableSizes(dbClient);

    const webDist = join(ROOT, 'apps/web/dist');
    const webSsr = join(ROOT, 'apps/web/dist-ssr');
    const rendered = existsSync(join(webDist, 'index.html')) && existsSync(join(webSsr, 'entry-server.js'));
    app = await server.buildApp(
      server.loadConfig({
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: rendered ? webDist : '/nonexistent',
        WEB_SSR_DIR: rendered ? webSsr : '/nonexistent',
      }),
      { services, logger: false },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const ownPid = Number((await dbClient.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid);
    const watch = new DatabaseWatch(admin, dbName, ownPid);
    const figures: CallFigures[] = [];
    const rand = random(7);
    const pick = <T>(values: T[]): T => values[Math.floor(rand() * values.length)] as T;
    const browser = { 'accept-encoding': 'br, gzip', accept: 'application/json' };
    const as = (token: string) => ({ ...browser, authorization: `Bearer ${token}` });
    const json = (token: string) => ({ ...as(token), 'content-type': 'application/json' });

    /** A warm-up, then the measured run; figures of the measured one. */
    async function measure(
      label: string,
      requests: Request[],
      options: { cycle: boolean; expected: number; keepBodies?: boolean; warmup?: Request[] },
    ): Promise<LoadResult> {
      const warmup = options.warmup ?? (options.cycle ? requests : []);
      if (warmup.length > 0) {
        const result = await runLoad(port, warmup, {
          durationS: WARMUP_S,
          cycle: options.cycle,
          expected: options.expected,
        });
        if (result.firstUnexpected) throw new Error(`${label} (warm-up): ${result.firstUnexpected}`);
      }
      await watch.start();
      const cpuBefore = process.cpuUsage();
      const result = await runLoad(port, requests, { durationS: DURATION_S, ...options });
      const cpu = process.cpuUsage(cpuBefore);
      const database = await watch.stop();
      if (result.firstUnexpected) throw new Error(`${label}: ${result.firstUnexpected}`);
      const sorted = [...result.latencies].sort((a, b) => a - b);
      const count = sorted.length;
      const entry: CallFigures = {
        label,
        requests: count,
        rps: count / (result.elapsedMs / 1000),
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        serverCpuMs: (cpu.user + cpu.system) / 1000 / count,
        dbCpuMs: (database.cpuSeconds * 1000) / count,
        maxConnections: database.maxConnections,
        load: loadavg()[0] as number,
      };
      figures.push(entry);
      console.log(
        `  ${label.padEnd(34)} ${entry.rps.toFixed(0).padStart(5)} req/s  p50 ${entry.p50.toFixed(1).padStart(6)} ms` +
          `  p99 ${entry.p99.toFixed(1).padStart(6)} ms  CPU/req server ${entry.serverCpuMs.toFixed(2)} ms, PostgreSQL ` +
          `${entry.dbCpuMs.toFixed(2)} ms  (${count} requests, ${entry.maxConnections} DB connections, load ${entry.load.toFixed(2)})`,
      );
      return result;
    }

    console.log(
      `\nloading with ${CONNECTIONS} connections, ${DURATION_S} s a call after a ${WARMUP_S} s warm-up` +
        ` (load average before: ${loadavg()
          .map((value) => value.toFixed(2))
          .join(' ')})`,
    );

    // Catalogue list: 60 filter sets (a word of the names, a category, three sorts).
    const lists: Request[] = [];
    for (const word of WORDS)
      for (const [index, category] of CATEGORIES.entries()) {
        const query = new URLSearchParams({ search: word.toLowerCase(), category, sort: SORTS[index % 3] as string });
        lists.push({ method: 'GET', path: `/api/products?${query}`, headers: browser });
      }
    await measure('catalogue list GET /api/products', lists, { cycle: true, expected: 200 });

    const pages: Request[] = Array.from({ length: 5_000 }, () => ({
      method: 'GET',
      path: `/api/products/${pick(productIds)}`,
      headers: browser,
    }));
    await measure('product GET /api/products/{id}', pages, { cycle: true, expected: 200 });

    if (rendered) {
      const html = pages.map((page) => ({
        method: 'GET' as const,
        path: page.path.replace('/api/products/', '/product/'),
        headers: { ...browser, accept: 'text/html' },
      }));
      for (const page of html.slice(0, 3)) {
        const started = performance.now();
        const probe = await fetch(`http://127.0.0.1:${port}${page.path}`, { headers: page.headers });
        const body = await probe.text();
        if (!probe.ok || !/ Cap [A-Z]/.test(body)) throw new Error(`${page.path} is not a rendered product page`);
        console.log(`  one request to ${page.path}: ${(performance.now() - started).toFixed(1)} ms`);
      }
      await measure('product page GET /product/{id} (HTML)', html, { cycle: true, expected: 200 });
    } else {
      console.log('  (no apps/web/dist + dist-ssr: the rendered product page is not measured; npm run build)');
    }

    const adds: Request[] = Array.from({ length: 20_000 }, () => ({
      method: 'POST',
      path: '/api/cart',
      headers: json(pick(tokens).token),
      body: JSON.stringify({ product_id: pick(productIds), quantity: 1, size: '57' }),
    }));
    await measure('add to cart POST /api/cart', adds, { cycle: true, expected: 201 });

    // Checkout: every request a customer of its own (one unpaid checkout each), two caps of one shop (caps i and
    // i + 500 share a shop), so one order of two lines. The first few hundred customers are the warm-up's.
    const before = await tableSizes(dbClient);
    const checkoutOf = (customer: { token: string }): Request => {
      const first = Math.floor(rand() * (PRODUCTS - SHOPS));
      return {
        method: 'POST',
        path: '/api/orders',
        headers: json(customer.token),
        body: JSON.stringify({
          shipping_address: '7 Damboa Road, Maiduguri, Borno 600001',
          items: [
            { product_id: productIds[first], quantity: 1, size: '57' },
            { product_id: productIds[first + SHOPS], quantity: 2, size: '58' },
          ],
        }),
      };
    };
    const warmupCustomers = tokens.slice(0, 300);
    const checkoutCustomers = tokens.slice(300);
    const warmedUp = await runLoad(port, warmupCustomers.map(checkoutOf), {
      durationS: WARMUP_S,
      cycle: false,
      expected: 201,
      keepBodies: true,
    });
    if (warmedUp.firstUnexpected) throw new Error(`checkout (warm-up): ${warmedUp.firstUnexpected}`);
    const checkoutRequests = checkoutCustomers.map(checkoutOf);
    const placed = await measure('checkout POST /api/orders', checkoutRequests, {
      cycle: false,
      expected: 201,
      keepBodies: true,
    });
    if (placed.bodies.filter(Boolean).length >= checkoutRequests.length)
      console.log('  (every customer checked out before the time was up: raise BENCH_CUSTOMERS)');
    // Every order placed, the warm-up's too, is paid for: the sizes per 1,000 orders are of paid orders.
    const orders: { token: string; orderId: number }[] = [];
    warmedUp.bodies.forEach((body, index) => {
      if (body)
        orders.push({
          token: warmupCustomers[index]?.token as string,
          orderId: (JSON.parse(body) as { id: number }).id,
        });
    });
    placed.bodies.forEach((body, index) => {
      if (body)
        orders.push({
          token: checkoutCustomers[index]?.token as string,
          orderId: (JSON.parse(body) as { id: number }).id,
        });
    });

    const initiated = await measure(
      'payment initiate POST /api/payment/initiate',
      orders.map(({ token, orderId }) => ({
        method: 'POST',
        path: '/api/payment/initiate',
        headers: json(token),
        body: JSON.stringify({ order_id: orderId }),
      })),
      { cycle: false, expected: 200, keepBodies: true },
    );
    const references: { token: string; reference: string }[] = [];
    initiated.bodies.forEach((body, index) => {
      if (body)
        references.push({
          token: orders[index]?.token as string,
          reference: (JSON.parse(body) as { reference: string }).reference,
        });
    });

    const card = `card_number=${server.SANDBOX_SUCCESS_CARD}`;
    const paid = await measure(
      'pay POST /payment-sandbox/checkout/{ref}',
      references.map(({ reference }) => ({
        method: 'POST',
        path: `/payment-sandbox/checkout/${reference}`,
        headers: { ...browser, 'content-type': 'application/x-www-form-urlencoded' },
        body: card,
      })),
      { cycle: false, expected: 303, keepBodies: true },
    );
    const paidReferences = references.filter((_, index) => paid.bodies[index] !== null);
    // The sandbox's webhook applies each payment in this process: wait until all are.
    const waitStarted = Date.now();
    let applied = 0;
    while (Date.now() - waitStarted < 60_000) {
      const { rows } = await dbClient.query<{ n: string }>(
        `select count(*) as n from payments where status = 'success'`,
      );
      applied = Number(rows[0]?.n ?? 0);
      if (applied >= paidReferences.length) break;
      await new Promise((done) => setTimeout(done, 250));
    }
    console.log(
      `  (${paidReferences.length} payments made, ${applied} applied by the webhook ${((Date.now() - waitStarted) / 1000).toFixed(1)} s after the run)`,
    );

    await measure(
      'payment verify GET /api/payment/verify',
      paidReferences.map(({ token, reference }) => ({
        method: 'GET',
        path: `/api/payment/verify?reference=${reference}`,
        headers: as(token),
      })),
      { cycle: true, expected: 200 },
    );

    // Sizes: compact again, then what the paid orders added to each table.
    await app.close();
    app = undefined;
    await dbClient.query('vacuum (full, analyze)');
    const after = await tableSizes(dbClient);
    const { rows: counted } = await dbClient.query<{ orders: string; paid: string; lines: string }>(
      `select (select count(*) from orders) as orders, (select count(*) from orders where payment_status = 'paid') as paid,
              (select count(*) from order_items) as lines`,
    );
    const orderCount = Number(counted[0]?.orders ?? 0);
    const paidCount = Number(counted[0]?.paid ?? 0);
    const pool = services.orm.config.get('pool') as { min?: number; max?: number } | undefined;
    const { rows: settings } = await admin.query<{ name: string; setting: string; unit: string | null }>(
      `select name, setting, unit from pg_settings where name in ('max_connections', 'shared_buffers', 'server_version')`,
    );
    const { rows: productIndexes } = await dbClient.query<{ name: string; bytes: string }>(
      `select indexrelid::regclass::text as name, pg_relation_size(indexrelid) as bytes from pg_index
        where indrelid = 'products'::regclass order by 2 desc`,
    );
    await dbClient.end();
    dbClient = undefined;

    // The table.
    console.log(
      `\nPer-process throughput, one server process (${cpus()[0]?.model.trim()}, ${cpus().length} cores), ` +
        `PostgreSQL ${settings.find((s) => s.name === 'server_version')?.setting}, ${CONNECTIONS} connections, ${DURATION_S} s a call:\n`,
    );
    console.log(
      '| call | req/s | p50 ms | p99 ms | server CPU ms/req | PostgreSQL CPU ms/req | DB connections | requests | load 1 min |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const f of figures) {
      console.log(
        `| ${f.label} | ${f.rps.toFixed(0)} | ${f.p50.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.serverCpuMs.toFixed(2)} | ` +
          `${f.dbCpuMs.toFixed(2)} | ${f.maxConnections} | ${f.requests} | ${f.load.toFixed(2)} |`,
      );
    }

    const products = after.find((t) => t.name === 'products')?.bytes ?? 0;
    const seededProducts = afterSeed.find((t) => t.name === 'products')?.bytes ?? 0;
    console.log(
      `\nDatabase size (pg_total_relation_size: table, indexes and TOAST, after VACUUM FULL):\n` +
        `  products: ${mib(seededProducts)} for ${PRODUCTS.toLocaleString('en')} caps = ${kib((seededProducts / PRODUCTS) * 1000)} per 1,000 caps` +
        ` (${kib((products / PRODUCTS) * 1000)} per 1,000 after the run's stock updates)\n` +
        `  products' indexes: ${productIndexes.map((i) => `${i.name} ${kib(Number(i.bytes))}`).join(', ')}\n` +
        `  shops: vendors ${kib(afterSeed.find((t) => t.name === 'vendors')?.bytes ?? 0)} for ${SHOPS}; ` +
        `users + sessions ${kib((afterSeed.find((t) => t.name === 'users')?.bytes ?? 0) + (afterSeed.find((t) => t.name === 'sessions')?.bytes ?? 0))} ` +
        `for ${(SHOPS + CUSTOMERS).toLocaleString('en')} accounts`,
    );
    let orderBytes = 0;
    const grown: string[] = [];
    for (const table of after) {
      if (table.name === 'products' || table.name === 'cart_items') continue;
      const delta = table.bytes - (before.find((t) => t.name === table.name)?.bytes ?? 0);
      if (delta <= 0) continue;
      orderBytes += delta;
      grown.push(`${table.name} ${kib(delta)}`);
    }
    console.log(
      `  orders: ${orderCount} placed (${paidCount} paid, ${counted[0]?.lines} lines) added ${mib(orderBytes)} = ` +
        `${mib((orderBytes / Math.max(1, orderCount)) * 1000)} per 1,000 orders\n    by table: ${grown.join(', ')}`,
    );
    console.log(
      `\nConnection pool: MikroORM pool ${JSON.stringify(pool ?? {})} per process (knex/tarn); PostgreSQL ` +
        `max_connections ${settings.find((s) => s.name === 'max_connections')?.setting}, shared_buffers ` +
        `${settings.find((s) => s.name === 'shared_buffers')?.setting} x 8kB; Redis ${redisUrl}; jobs ${jobsEnabled ? 'on' : 'off'}` +
        `\nload average at the end: ${loadavg()
          .map((value) => value.toFixed(2))
          .join(' ')}`,
    );
  } finally {
    if (dbClient) await dbClient.end().catch(() => undefined);
    if (app) await app.close();
    if (services) await services.orm.close(true);
    rmSync(uploadDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP) console.log(`kept database ${dbName}`);
    else await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    await redis.flushdb();
    redis.disconnect();
  }
}

await main();
// Everything is closed by now; a handle still open (a connection the app's close left behind) would keep the
// process alive: say so and end.
setTimeout(() => {
  console.log('note: something the app opened was still open 5 s after it closed; exiting');
  process.exit(0);
}, 5_000).unref();
