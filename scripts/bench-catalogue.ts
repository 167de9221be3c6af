/**
 * npm run bench:catalogue — the catalogue's cost against the cheapest possible answer.
 *
 * For PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, a scratch database is created and dropped)
 * and SQLite (a temporary file): seeds 50,000 caps across 500 shops, starts the real server, adds a plain
 * Fastify route answering the same 12 rows from one hand-written SQL query, and loads with autocannon
 * (50 connections) the plain route, the REST call and the tRPC query as the web client sends it
 * (the input as JSON): BENCH_ROUNDS rounds (default 3) of runs of BENCH_DURATION seconds
 * (default 5) in the order plain, REST, tRPC, tRPC, REST, plain, so that whatever else the machine does
 * weighs on each alike. Prints requests per second, p99 latency and CPU time of the server's thread per
 * request of each, and the ratios of REST and tRPC to the plain route, round by round (the mean of two runs
 * each), averaged. Figures are printed, never asserted. BENCH_KEEP=1 keeps both databases (PostgreSQL's
 * scratch database, SQLite's file) for a look afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { createServices, refreshSearchText, Services } from '@caps/api';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import pg from 'pg';
import type { buildApp } from '../apps/server/src/app.js';
import type { loadConfig } from '../apps/server/src/config.js';

const SHOPS = 500;
const PRODUCTS = 50_000;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const QUERY = { search: 'kufi', category: 'Hausa Caps', sort: 'price-low', page: 3 } as const;
const CATEGORIES = ['Hausa Caps', 'Yoruba Caps', 'Igbo Caps', 'Modern Caps', 'Traditional Caps'];
const WORDS = ['Kufi', 'Zanna', 'Fila', 'Tagiya', 'Hula', 'Okpu', 'Abeti', 'Gobi', 'Snapback', 'Fula', 'Aja', 'Agbada'];
const COLOURS = ['Red', 'Indigo', 'Forest Green', 'Cream', 'Gold', 'Black', 'White', 'Maroon', 'Sky Blue', 'Purple'];

interface Server {
  createServices: typeof createServices;
  refreshSearchText: typeof refreshSearchText;
  buildApp: typeof buildApp;
  loadConfig: typeof loadConfig;
}

/**
 * The server as `npm start` runs it: bundled by esbuild as apps/server/build.mjs bundles it (the workspace
 * packages inside, npm packages external). Not through tsx, whose transform keeps every function's name
 * by wrapping each closure as it is made (`__name(fn, ...)`, a defineProperty), a cost the built server
 * does not pay. BENCH_TSX=1 loads the sources through tsx instead.
 */
async function loadServer(): Promise<Server> {
  const root = resolve(import.meta.dirname, '..');
  const entry = `export { createServices, refreshSearchText } from './packages/api/src/index.ts';
export { buildApp } from './apps/server/src/app.ts';
export { loadConfig } from './apps/server/src/config.ts';`;
  if (process.env.BENCH_TSX) {
    const [api, app, config] = await Promise.all([
      import('@caps/api'),
      import('../apps/server/src/app.js'),
      import('../apps/server/src/config.js'),
    ]);
    return { ...api, buildApp: app.buildApp, loadConfig: config.loadConfig };
  }
  const external = new Set<string>();
  for (const file of ['apps/server/package.json', 'packages/api/package.json', 'packages/contracts/package.json']) {
    const pkg = JSON.parse(readFileSync(join(root, file), 'utf8')) as { dependencies?: Record<string, string> };
    for (const name of Object.keys(pkg.dependencies ?? {})) if (!name.startsWith('@caps/')) external.add(name);
  }
  // Inside the repository, so that the bundle's imports of npm packages find node_modules.
  const outdir = join(root, 'node_modules', '.cache', 'bench-catalogue');
  mkdirSync(outdir, { recursive: true });
  const outfile = join(outdir, `server-${process.pid}.mjs`);
  await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'bench-server.ts' },
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

const server = await loadServer();

/** Deterministic pseudo-random numbers, so both databases get the same catalogue. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function seed(services: Services, isPg: boolean) {
  const connection = services.orm.em.getConnection();
  const now = Date.now();
  const rand = random(42);
  const date = (ms: number) => (isPg ? new Date(ms).toISOString() : ms);
  for (let start = 0; start < SHOPS; start += 100) {
    const users: unknown[] = [];
    const rows: string[] = [];
    for (let i = start; i < start + 100; i++) {
      rows.push('(?, ?, ?, ?, ?, ?, ?)');
      users.push(`bench-vendor-${i}@example.com`, 'x', `Owner ${i}`, 'vendor', 'active', date(now), date(now));
    }
    await connection.execute(
      `insert into users (email, password_hash, full_name, role, status, created_at, updated_at) values ${rows.join(', ')}`,
      users,
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
      date(now),
      date(now),
      date(now),
    );
  }
  await connection.execute(
    `insert into vendors (user_id, shop_name, shop_description, address, phone, account_holder_name, account_number, bank_name, verified_at, created_at, updated_at) values ${vendorRows.join(', ')}`,
    vendorParams,
  );
  const vendorIds = (await connection.execute<{ id: number }[]>('select id from vendors order by id')).map((r) =>
    Number(r.id),
  );
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
        Math.floor(rand() * 50),
        CATEGORIES[Math.floor(rand() * CATEGORIES.length)],
        JSON.stringify(['56', '57', '58']),
        JSON.stringify([]),
        Math.round(rand() * 50) / 10,
        Math.floor(rand() * 20),
        date(now - i * 60_000),
        date(now - i * 60_000),
      );
    }
    await connection.execute(
      `insert into products (vendor_id, name, description, price_kobo, stock, category, sizes, images, rating_average, rating_count, created_at, updated_at) values ${rows.join(', ')}`,
      params,
    );
  }
  await server.refreshSearchText(services.orm.em.fork());
  // Fresh statistics, as a live database would have, so the planner sees 50,000 rows and not an empty table.
  await connection.execute('analyze');
  if (process.env.BENCH_EXPLAIN) {
    const like = `%${QUERY.search}%`;
    const plan = await connection.execute(`explain ${isPg ? 'analyze ' : 'query plan '}${PLAIN_SQL}`, [
      QUERY.category,
      like,
    ]);
    console.log(plan);
  }
}

/** The same page as the catalogue answers, from one hand-written query: the floor to compare against. */
const PLAIN_SQL = `
  select p.id, p.vendor_id, p.name, p.description, p.price_kobo, p.stock, p.category, p.sizes, p.images,
         p.rating_average, p.rating_count, p.created_at, v.shop_name
    from products p join vendors v on v.id = p.vendor_id join users u on u.id = v.user_id
   where p.archived_at is null and v.verified_at is not null and u.status = 'active' and p.category = ?
     and p.search_text like ? escape '\\'
   order by p.price_kobo asc, p.id asc limit 12 offset 24`;

interface Figures {
  rps: number;
  p99: number;
  /**
   * Microseconds of CPU the server's thread spent per request answered: what a request costs the one thread
   * that serves it, far steadier than req/s on a shared machine, where other processes take turns on the
   * cores. The load comes from a worker thread and is not in it; PostgreSQL's own work is not either.
   * Linux only (/proc); elsewhere the event loop's active time, which also counts time spent waiting for a core.
   */
  cpuUs: number;
}

/** CPU time of this process's main thread (the server's), in ms; its event loop's active time without /proc. */
function serverThreadMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in ticks of 10 ms.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return performance.eventLoopUtilization().active;
  }
}

/**
 * BENCH_PROFILE=<dir>: a CPU profile of the server's thread during each run, `<dir>/<label>-<n>.cpuprofile`
 * (open it in Chrome's DevTools, or sum its samples by function). The profiler slows everything down:
 * figures of a profiled run are not comparable with others.
 */
const PROFILE_DIR = process.env.BENCH_PROFILE;
let profiled = 0;

async function load(url: string, label = 'run'): Promise<Figures> {
  const session = PROFILE_DIR ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  // The load comes from a worker thread, so it does not share the server's event loop.
  const before = serverThreadMs();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, workers: 1 });
  const busyMs = serverThreadMs() - before;
  if (session && PROFILE_DIR) {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(PROFILE_DIR, { recursive: true });
    const file = join(PROFILE_DIR, `${label}-${++profiled}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`  profile of ${result.requests.total} requests: ${file}`);
    session.disconnect();
  }
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpuUs: (busyMs * 1000) / Math.max(1, result.requests.total),
  };
}

/** Two runs of one route: requests per second and p99 averaged. */
function mean(a: Figures, b: Figures): Figures {
  return { rps: (a.rps + b.rps) / 2, p99: (a.p99 + b.p99) / 2, cpuUs: (a.cpuUs + b.cpuUs) / 2 };
}

/** The ids of a page, from a REST body, a tRPC body ({ result: { data: { json } } }) or the plain route's. */
async function pageIds(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const body = (await response.json()) as {
    data?: { id: number }[];
    result?: { data: { data: { id: number }[] } };
  };
  const rows = body.result ? body.result.data.data : (body.data ?? []);
  return JSON.stringify(rows.map((row) => Number(row.id)));
}

async function run(name: string, database: { databaseUrl?: string; sqlitePath?: string }) {
  const uploadDir = mkdtempSync(join(tmpdir(), 'caps-bench-up-'));
  const services = await server.createServices(database, { uploadDir, nodeEnv: 'production' });
  const seeded = Date.now();
  await seed(services, Boolean(database.databaseUrl));
  console.log(
    `${name}: seeded ${PRODUCTS} caps across ${SHOPS} shops in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
  );
  const app = await server.buildApp(server.loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' }), {
    services,
    logger: false,
  });
  const like = `%${QUERY.search}%`;
  app.get('/bench/plain', async () => {
    const rows = await services.orm.em.getConnection().execute(PLAIN_SQL, [QUERY.category, like]);
    return { data: rows };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const urls = {
    plain: `${base}/bench/plain`,
    rest: `${base}/api/products?${new URLSearchParams({ ...QUERY, page: String(QUERY.page) })}`,
    // As the web client sends a query: the input as JSON.
    trpc: `${base}/trpc/catalogue.list?input=${encodeURIComponent(JSON.stringify(QUERY))}`,
  };
  const expected = await pageIds(urls.plain);
  for (const url of [urls.rest, urls.trpc]) {
    if ((await pageIds(url)) !== expected) throw new Error(`${url} and the plain query answer different rows`);
  }
  for (const url of Object.values(urls)) {
    const started = performance.now();
    await fetch(url);
    console.log(`  one request to ${url.replace(base, '')}: ${(performance.now() - started).toFixed(1)} ms`);
  }
  await load(urls.plain); // warm-up
  await load(urls.rest);
  await load(urls.trpc);
  // Rounds of A B C C B A: whatever else the machine does weighs on every side alike, and each round's
  // ratios compare runs a few seconds apart.
  const rounds: { plain: Figures; rest: Figures; trpc: Figures }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const plainA = await load(urls.plain, `${name}-plain`);
    const restA = await load(urls.rest, `${name}-rest`);
    const trpcA = await load(urls.trpc, `${name}-trpc`);
    const trpcB = await load(urls.trpc, `${name}-trpc`);
    const restB = await load(urls.rest, `${name}-rest`);
    const plainB = await load(urls.plain, `${name}-plain`);
    rounds.push({ plain: mean(plainA, plainB), rest: mean(restA, restB), trpc: mean(trpcA, trpcB) });
  }
  await app.close();
  await services.orm.close(true);
  rmSync(uploadDir, { recursive: true, force: true });

  const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const overall = (side: 'plain' | 'rest' | 'trpc'): Figures => ({
    rps: average(rounds.map((r) => r[side].rps)),
    p99: average(rounds.map((r) => r[side].p99)),
    cpuUs: average(rounds.map((r) => r[side].cpuUs)),
  });
  const line = (label: string, side: 'plain' | 'rest' | 'trpc') => {
    const f = overall(side);
    const each = rounds.map((r) => `${r[side].rps.toFixed(0)}/${r[side].p99.toFixed(0)}`).join(', ');
    return `${label.padEnd(34)} ${f.rps.toFixed(0).padStart(6)} req/s, p99 ${f.p99.toFixed(1).padStart(5)} ms, ${f.cpuUs.toFixed(0)} µs CPU a request  (rounds: ${each})`;
  };
  /** Each round's ratio to the plain route of the same round, averaged over the rounds. */
  const ratios = (side: 'rest' | 'trpc') => {
    const rps = rounds.map((r) => r[side].rps / r.plain.rps);
    const p99 = rounds.map((r) => r[side].p99 / r.plain.p99);
    const range = (values: number[]) => `${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)}`;
    // The plain route's CPU a request over ours: the req/s ratio if the server's thread were the only limit.
    const cpu = rounds.map((r) => r.plain.cpuUs / r[side].cpuUs);
    return `    ratio to plain: req/s ${average(rps).toFixed(2)} (${range(rps)}), p99 ${average(p99).toFixed(2)} (${range(p99)}), CPU ${average(cpu).toFixed(2)} (${range(cpu)})`;
  };
  console.log(
    `${name}: the catalogue page search=kufi&category=Hausa Caps&sort=price-low&page=3, ${ROUNDS} rounds of ` +
      `${DURATION_S} s runs (req/s and p99 of each round: the mean of its two runs), load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n` +
      `${line('  plain Fastify + 1 SQL query', 'plain')}\n` +
      `${line('  REST  GET /api/products', 'rest')}\n${ratios('rest')}\n` +
      `${line('  tRPC  GET /trpc/catalogue.list', 'trpc')}\n${ratios('trpc')}`,
  );
}

const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `caps_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
// BENCH_SQLITE_ONLY=1 skips PostgreSQL, as BENCH_POSTGRES_ONLY=1 skips SQLite (while iterating).
if (!process.env.BENCH_SQLITE_ONLY) {
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    await run('PostgreSQL', { databaseUrl: url.toString() });
  } finally {
    if (process.env.BENCH_KEEP) console.log(`kept database ${dbName}`);
    else await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}
const dir = mkdtempSync(join(tmpdir(), 'caps-bench-'));
if (!process.env.BENCH_POSTGRES_ONLY)
  try {
    await run('SQLite', { sqlitePath: join(dir, 'bench.sqlite') });
  } finally {
    if (process.env.BENCH_KEEP) console.log(`kept ${join(dir, 'bench.sqlite')}`);
    else rmSync(dir, { recursive: true, force: true });
  }
