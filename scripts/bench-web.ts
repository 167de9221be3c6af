/**
 * npm run bench:web — Lighthouse 12 mobile on the storefront, as a new user on a phone sees it.
 *
 * Builds the app (skip with BENCH_SKIP_BUILD=1), starts the BUILT server (apps/server/dist/main.js, or the file
 * BENCH_SERVER names) on a free port with a scratch SQLite database and upload folder in a temporary folder (the
 * server seeds the demo data on its first start), finds the first product of the catalogue's first page and the first
 * verified shop through the REST API, then runs Lighthouse in its default mobile configuration (simulated
 * throttling, formFactor mobile) on `/`, `/browse-caps`, `/product/{id}` and `/shop/{id}`: BENCH_RUNS times each
 * (default 3), every run in a new Chromium with an empty profile, pages taken in turn so a busy moment of the
 * machine does not land on one page. The run with the median performance score is the page's figure.
 *
 * Prints the scores, the metrics, the bytes transferred, the JavaScript a page loads before it is interactive (and
 * its gzip size, the issue's 100 KB target), the LCP element with its phases and the audits that did not pass, then
 * the machine. Full JSON reports (and the median run's HTML report) go to bench-results/lighthouse/<time>/.
 * Nothing is asserted: the exit code is 0 unless the tool itself failed (build, server, Chromium or Lighthouse).
 *
 * Settings: BENCH_RUNS (3), BENCH_SKIP_BUILD=1, BENCH_SERVER (path of the built server's main.js), BENCH_PAGES
 * (comma list of home, browse, product, shop), CHROME_PATH (/usr/bin/chromium), BENCH_OUT (bench-results/lighthouse).
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type LaunchedChrome, launch } from 'chrome-launcher';
import lighthouse, { generateReport, type RunnerResult } from 'lighthouse';

type Lhr = RunnerResult['lhr'];
type AuditResult = Lhr['audits'][string];

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Math.max(1, Number.parseInt(process.env.BENCH_RUNS ?? '3', 10) || 3);
const SKIP_BUILD = process.env.BENCH_SKIP_BUILD === '1' || process.env.BENCH_SKIP_BUILD === 'true';
const SERVER_ENTRY = resolve(process.env.BENCH_SERVER ?? join(ROOT, 'apps/server/dist/main.js'));
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const OUT_ROOT = resolve(process.env.BENCH_OUT ?? join(ROOT, 'bench-results/lighthouse'));
const CATEGORIES = ['performance', 'accessibility', 'seo', 'best-practices'] as const;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
/** The issue's target for a storefront page's initial JavaScript, gzip. */
const INITIAL_JS_TARGET = 100 * 1024;
const READY_TIMEOUT_MS = 300_000;

/** Everything started here, so it can be stopped however the run ends. */
const running = { server: undefined as ChildProcess | undefined, chrome: undefined as LaunchedChrome | undefined };
let scratch: string | undefined;
/** Set by SIGINT/SIGTERM: the run stops at the next step and cleans up. */
let stopSignal: string | undefined;

function checkStopped() {
  if (stopSignal) throw new Error(`stopped by ${stopSignal}`);
}

function log(message: string) {
  console.log(message);
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The server's output, kept to show when it fails. */
function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no output)';
  }
}

async function startServer(dir: string): Promise<{ origin: string; logFile: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const logFile = join(dir, 'server.log');
  const out = createWriteStream(logFile);
  // A clean environment: a DATABASE_URL, REDIS_URL or S3_BUCKET of the caller's shell must not receive the demo data.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    LANG: process.env.LANG,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
    SQLITE_PATH: join(dir, 'caps.sqlite'),
    UPLOAD_DIR: join(dir, 'uploads'),
    SEED_DEMO_DATA: 'true',
    // The recurring jobs (outbox, payouts) would only add noise to the timings of a read-only storefront.
    JOBS_ENABLED: 'false',
    LOG_LEVEL: 'warn',
  };
  const server = spawn(process.execPath, [SERVER_ENTRY], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.server = server;
  server.stdout?.pipe(out);
  server.stderr?.pipe(out);
  const started = Date.now();
  let exited: string | undefined;
  server.once('exit', (code, signal) => {
    exited = `exited with ${signal ?? code}`;
  });
  while (Date.now() - started < READY_TIMEOUT_MS) {
    checkStopped();
    if (exited) throw new Error(`the server ${exited} before it was ready:\n${tail(logFile)}`);
    try {
      const response = await fetch(`${origin}/readyz`);
      if (response.ok) {
        log(`server ready on ${origin} in ${((Date.now() - started) / 1000).toFixed(1)} s (demo data seeded)`);
        return { origin, logFile };
      }
    } catch {
      // not listening yet (it seeds before it listens)
    }
    await sleep(500);
  }
  throw new Error(`the server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${tail(logFile)}`);
}

async function stopServer() {
  const server = running.server;
  running.server = undefined;
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((done) => server.once('exit', () => done()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 12_000);
  await exited;
  clearTimeout(timer);
}

function stopChrome() {
  const chrome = running.chrome;
  running.chrome = undefined;
  if (!chrome) return;
  try {
    chrome.kill();
  } catch {
    // already gone
  }
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return response.json();
}

/** The first product of the catalogue's first page and the first verified shop. */
async function pickIds(origin: string): Promise<{ productId: number; shopId: number }> {
  const products = (await getJson(`${origin}/api/products`)) as { data?: { id: number }[] };
  const vendors = (await getJson(`${origin}/api/vendors`)) as { id: number; verified_at: string | null }[];
  const productId = products.data?.[0]?.id;
  const shopId = vendors.find((vendor) => vendor.verified_at !== null)?.id;
  if (!productId || !shopId) throw new Error('the demo data has no listed product or no verified shop');
  return { productId, shopId };
}

interface Page {
  name: string;
  path: string;
}

interface Run {
  lhr: Lhr;
  file: string;
}

async function runLighthouse(url: string, profileDir: string): Promise<{ lhr: Lhr; report: string }> {
  checkStopped();
  mkdirSync(profileDir, { recursive: true });
  running.chrome = await launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    userDataDir: profileDir,
    handleSIGINT: false,
    logLevel: 'silent',
  });
  try {
    checkStopped();
    const result = await lighthouse(url, {
      port: running.chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError)
      throw new Error(
        `Lighthouse failed on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`,
      );
    const report = Array.isArray(result.report) ? result.report.join('') : result.report;
    return { lhr: result.lhr, report };
  } finally {
    stopChrome();
  }
}

// ---------------------------------------------------------------- reading a report

function score(lhr: Lhr, category: string): number | null {
  return lhr.categories[category]?.score ?? null;
}

function numeric(lhr: Lhr, audit: string): number | undefined {
  return lhr.audits[audit]?.numericValue;
}

/** Rows of a table (or of the tables in a list) in an audit's details. */
function rows(audit: AuditResult | undefined, index = 0): Record<string, unknown>[] {
  const details = audit?.details as { type?: string; items?: unknown[] } | undefined;
  if (!details?.items) return [];
  if (details.type === 'list') {
    const table = details.items[index] as { items?: Record<string, unknown>[] } | undefined;
    return table?.items ?? [];
  }
  return details.items as Record<string, unknown>[];
}

function resourceBytes(lhr: Lhr, type: string): number | undefined {
  const row = rows(lhr.audits['resource-summary']).find((item) => item.resourceType === type);
  return typeof row?.transferSize === 'number' ? row.transferSize : undefined;
}

interface Script {
  url: string;
  transferSize: number;
  resourceSize: number;
  startMs: number;
  initial: boolean;
}

/**
 * The page's scripts (network-requests, resourceType Script). Initial: requested before the page's observed load
 * event, or before its observed LCP when that is later (a client-rendered page paints after its route chunk; a
 * server-rendered one hydrates with the scripts its HTML names). Lighthouse never clicks, so later scripts are ones
 * the page fetched on its own once loaded.
 */
function scripts(lhr: Lhr): Script[] {
  const audit = lhr.audits['network-requests'];
  const debug = (audit?.details as { debugData?: { networkStartTimeTs?: number } } | undefined)?.debugData;
  const metrics = rows(lhr.audits.metrics)[0] ?? {};
  const startTs = debug?.networkStartTimeTs;
  const loadTs = typeof metrics.observedLoadTs === 'number' ? metrics.observedLoadTs : undefined;
  const lcpTs =
    typeof metrics.observedLargestContentfulPaintTs === 'number' ? metrics.observedLargestContentfulPaintTs : undefined;
  const cutoffMs =
    startTs !== undefined && (loadTs !== undefined || lcpTs !== undefined)
      ? (Math.max(loadTs ?? 0, lcpTs ?? 0) - startTs) / 1000
      : Number.POSITIVE_INFINITY;
  return rows(audit)
    .filter((item) => item.resourceType === 'Script')
    .map((item) => {
      const startMs = typeof item.rendererStartTime === 'number' ? item.rendererStartTime : 0;
      return {
        url: String(item.url),
        transferSize: typeof item.transferSize === 'number' ? item.transferSize : 0,
        resourceSize: typeof item.resourceSize === 'number' ? item.resourceSize : 0,
        startMs,
        initial: startMs <= cutoffMs,
      };
    });
}

/** Requests Lighthouse saw leave the machine (there must be none: the machine has no internet). */
function outsideRequests(lhr: Lhr, origin: string): string[] {
  return rows(lhr.audits['network-requests'])
    .map((item) => String(item.url))
    .filter((url) => /^(https?|wss?):/.test(url) && !url.startsWith(origin));
}

const gzipCache = new Map<string, number>();
/** The gzip size (level 9, as a build-time precompression would store it) of a script, fetched once. */
async function gzipBytes(url: string): Promise<number | undefined> {
  const cached = gzipCache.get(url);
  if (cached !== undefined) return cached;
  try {
    const response = await fetch(url);
    if (!response.ok) return undefined;
    const body = Buffer.from(await response.arrayBuffer());
    const size = gzipSync(body, { level: 9 }).length;
    gzipCache.set(url, size);
    return size;
  } catch {
    return undefined;
  }
}

interface Failing {
  category: string;
  id: string;
  title: string;
  score: number;
  displayValue: string | undefined;
  savings: string;
  weight: number;
  /** What the audit points at: its first items (URL, element or issue), with the waste when it gives one. */
  items: string[];
}

/** The first few things an audit names, shortened to one line each. */
function auditItems(audit: AuditResult, origin: string): string[] {
  const out: string[] = [];
  for (const item of rows(audit).slice(0, 3)) {
    const node = item.node as { snippet?: string } | undefined;
    const subject =
      typeof item.url === 'string'
        ? shortUrl(item.url, origin)
        : node?.snippet
          ? node.snippet.replace(/\s+/g, ' ')
          : typeof item.issueType === 'string'
            ? item.issueType
            : typeof item.groupLabel === 'string'
              ? item.groupLabel
              : typeof item.label === 'string'
                ? item.label
                : undefined;
    if (!subject) continue;
    const waste = [
      typeof item.totalBytes === 'number' ? `${kb(item.totalBytes)} total` : '',
      typeof item.wastedBytes === 'number' ? `${kb(item.wastedBytes)} wasted` : '',
      typeof item.wastedMs === 'number' ? `${ms(item.wastedMs)} wasted` : '',
      typeof item.duration === 'number' ? ms(item.duration) : '',
      typeof item.score === 'number' && audit.id === 'layout-shifts' ? `shift ${item.score.toFixed(3)}` : '',
    ].filter(Boolean);
    const line = `${subject.length > 110 ? `${subject.slice(0, 107)}...` : subject}${waste.length ? ` (${waste.join(', ')})` : ''}`;
    out.push(line);
  }
  return out;
}

/** Audits of the four categories with a score below 1 (metrics and hidden duplicates left out). */
function failingAudits(lhr: Lhr, origin: string): Failing[] {
  const seen = new Set<string>();
  const out: Failing[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      if (ref.group === 'metrics' || ref.group === 'hidden' || seen.has(ref.id)) continue;
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'manual') continue;
      seen.add(ref.id);
      const metricSavings = Object.entries(audit.metricSavings ?? {})
        .flatMap(([metric, value]) => (typeof value === 'number' && value > 0 ? [[metric, value] as const] : []))
        .map(([metric, value]) =>
          metric === 'CLS' ? `${metric} ${value.toFixed(3)}` : `${metric} ${Math.round(value)} ms`,
        );
      out.push({
        category,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue,
        savings: metricSavings.join(', '),
        weight: ref.weight,
        items: auditItems(audit, origin),
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------- printing

const kb = (bytes: number | undefined) => (bytes === undefined ? '-' : `${(bytes / 1024).toFixed(1)} KB`);
const ms = (value: number | undefined) => (value === undefined ? '-' : `${Math.round(value)} ms`);
const sec = (value: number | undefined) => (value === undefined ? '-' : `${(value / 1000).toFixed(2)} s`);
const sc = (value: number | null) => (value === null ? '-' : value.toFixed(2));

function table(header: string[], body: string[][]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...body.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

function shortUrl(url: string, origin: string): string {
  return url.startsWith(origin) ? url.slice(origin.length) : url;
}

function chromiumVersion(): string {
  try {
    // Debian's wrapper script may complain on stderr; the version is on stdout.
    return execFileSync(CHROME_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return `unknown (${CHROME_PATH})`;
  }
}

function lighthouseVersion(): string {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

// ---------------------------------------------------------------- main

async function cleanup() {
  stopChrome();
  await stopServer();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
}

async function main(): Promise<number> {
  const allPages: Page[] = [
    { name: 'home', path: '/' },
    { name: 'browse', path: '/browse-caps' },
    { name: 'product', path: '/product/{product}' },
    { name: 'shop', path: '/shop/{shop}' },
  ];
  const wanted = process.env.BENCH_PAGES?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const pages = wanted ? allPages.filter((page) => wanted.includes(page.name)) : allPages;
  if (pages.length === 0) throw new Error(`BENCH_PAGES names none of ${allPages.map((p) => p.name).join(', ')}`);

  if (SKIP_BUILD) log('BENCH_SKIP_BUILD: using the existing build');
  else {
    log('building (npm run build)...');
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`npm run build failed (${build.signal ?? build.status})`);
  }

  const dir = mkdtempSync(join(tmpdir(), 'caps-bench-web-'));
  scratch = dir;
  const startLoad = loadavg()[0] ?? 0;
  const { origin, logFile } = await startServer(dir);
  const { productId, shopId } = await pickIds(origin);
  for (const page of pages)
    page.path = page.path.replace('{product}', String(productId)).replace('{shop}', String(shopId));
  log(`pages: ${pages.map((page) => page.path).join('  ')} (product ${productId}, shop ${shopId})`);
  // Once through each page and its data, so the first Lighthouse run does not meet a cold server.
  for (const page of pages) await fetch(`${origin}${page.path}`).then((r) => r.arrayBuffer());

  const outDir = join(OUT_ROOT, new Date().toISOString().replace(/[:.]/g, '-'));
  mkdirSync(outDir, { recursive: true });

  const runs = new Map<string, Run[]>(pages.map((page) => [page.name, []]));
  const failures: string[] = [];
  for (let i = 1; i <= RUNS; i++) {
    for (const page of pages) {
      checkStopped();
      const url = `${origin}${page.path}`;
      const started = Date.now();
      try {
        const { lhr, report } = await runLighthouse(url, join(dir, `profile-${page.name}-${i}`));
        const file = join(outDir, `${page.name}-${i}.json`);
        writeFileSync(file, report);
        runs.get(page.name)?.push({ lhr, file });
        log(
          `  ${page.name} run ${i}/${RUNS}: performance ${sc(score(lhr, 'performance'))} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
        );
      } catch (err) {
        checkStopped();
        const message = err instanceof Error ? err.message : String(err);
        failures.push(`${page.name} run ${i}: ${message}`);
        log(`  ${page.name} run ${i}/${RUNS}: FAILED ${message}`);
      }
    }
  }

  // The median run of each page by performance score.
  const medians = new Map<string, Run>();
  for (const page of pages) {
    const list = [...(runs.get(page.name) ?? [])].sort(
      (a, b) => (score(a.lhr, 'performance') ?? 0) - (score(b.lhr, 'performance') ?? 0),
    );
    const median = list[Math.floor((list.length - 1) / 2)];
    if (median) medians.set(page.name, median);
  }

  log('');
  log(
    `Lighthouse ${lighthouseVersion()} mobile (default: simulated throttling, formFactor mobile), median of ${RUNS} run(s) by performance score`,
  );
  log('');
  const body: string[][] = [];
  for (const page of pages) {
    const run = medians.get(page.name);
    if (!run) {
      body.push([page.path, 'failed']);
      continue;
    }
    const { lhr } = run;
    body.push([
      page.path,
      sc(score(lhr, 'performance')),
      sc(score(lhr, 'accessibility')),
      sc(score(lhr, 'seo')),
      sc(score(lhr, 'best-practices')),
      sec(numeric(lhr, 'first-contentful-paint')),
      sec(numeric(lhr, 'largest-contentful-paint')),
      (numeric(lhr, 'cumulative-layout-shift') ?? 0).toFixed(3),
      ms(numeric(lhr, 'total-blocking-time')),
      sec(numeric(lhr, 'speed-index')),
      kb(resourceBytes(lhr, 'total')),
      kb(resourceBytes(lhr, 'script')),
    ]);
  }
  log(
    table(
      ['page', 'perf', 'a11y', 'seo', 'best-pr', 'FCP', 'LCP', 'CLS', 'TBT', 'SI', 'transferred', 'JS transferred'],
      body,
    ),
  );
  log(
    'targets: performance >= 0.95, accessibility, SEO, best practices 1.00; LCP <= 2.0 s, CLS <= 0.02, TBT <= 150 ms',
  );

  log('');
  log('every run: performance score, LCP, TBT and the CPU benchmark index Lighthouse measured at its start');
  log('(simulated throttling scales the CPU time it observed: a busy machine, low index, gives lower scores)');
  for (const page of pages) {
    const list = runs.get(page.name) ?? [];
    const perf = list.map((run) => score(run.lhr, 'performance') ?? 0);
    const spread = perf.length ? Math.max(...perf) - Math.min(...perf) : 0;
    const each = list.map(
      ({ lhr }) =>
        `${sc(score(lhr, 'performance'))} (LCP ${sec(numeric(lhr, 'largest-contentful-paint'))}, TBT ${ms(numeric(lhr, 'total-blocking-time'))}, index ${Math.round(lhr.environment.benchmarkIndex)})`,
    );
    const median = medians.get(page.name);
    log(
      `  ${page.path.padEnd(16)} spread ${spread.toFixed(2)}: ${each.join('; ')}${median ? `; median ${basename(median.file)}` : ''}`,
    );
  }
  const warnings = new Set([...medians.values()].flatMap((run) => run.lhr.runWarnings));
  for (const warning of warnings) log(`  Lighthouse warned: ${warning}`);
  const busiest = Math.max(startLoad, loadavg()[0] ?? 0);
  if (busiest > cpus().length)
    log(
      `  the machine was busy (load average ${busiest.toFixed(1)} on ${cpus().length} cores): TBT, LCP and the scores come out worse than on an idle machine; run again when it is idle before recording figures`,
    );

  log('');
  log(
    `initial JavaScript (scripts requested before the observed load event or LCP, whichever is later); target <= ${INITIAL_JS_TARGET / 1024} KB gzip:`,
  );
  for (const page of pages) {
    const run = medians.get(page.name);
    if (!run) continue;
    const list = scripts(run.lhr);
    const initial = list.filter((script) => script.initial);
    const later = list.filter((script) => !script.initial);
    const gzips = await Promise.all(initial.map((script) => gzipBytes(script.url)));
    const gzipTotal = gzips.reduce<number>((sum, size) => sum + (size ?? 0), 0);
    const wire = initial.reduce((sum, script) => sum + script.transferSize, 0);
    const raw = initial.reduce((sum, script) => sum + script.resourceSize, 0);
    log(
      `  ${page.path}: ${initial.length} scripts, ${kb(gzipTotal)} gzip (${gzipTotal <= INITIAL_JS_TARGET ? 'within' : 'over'} the 100 KB target), ${kb(wire)} transferred, ${kb(raw)} uncompressed${later.length ? `; ${later.length} later scripts ${kb(later.reduce((sum, s) => sum + s.transferSize, 0))} transferred` : ''}`,
    );
    const ordered = initial
      .map((script, i) => ({ script, gzip: gzips[i] }))
      .sort((a, b) => b.script.transferSize - a.script.transferSize);
    for (const { script, gzip } of ordered.slice(0, 6))
      log(
        `      ${kb(script.transferSize).padStart(9)} sent  ${kb(gzip).padStart(9)} gzip  ${shortUrl(script.url, origin)}`,
      );
    if (ordered.length > 6) log(`      ... and ${ordered.length - 6} smaller`);
  }

  log('');
  log('largest contentful paint: the element and where its time goes (simulated):');
  for (const page of pages) {
    const run = medians.get(page.name);
    if (!run) continue;
    const element = rows(run.lhr.audits['largest-contentful-paint-element'], 0)[0]?.node as
      | { snippet?: string; selector?: string; nodeLabel?: string }
      | undefined;
    const phases = rows(run.lhr.audits['largest-contentful-paint-element'], 1)
      .map((row) => `${String(row.phase)} ${ms(typeof row.timing === 'number' ? row.timing : undefined)}`)
      .join(', ');
    const lcpImage = run.lhr.audits['prioritize-lcp-image'];
    log(`  ${page.path}: ${sec(numeric(run.lhr, 'largest-contentful-paint'))}`);
    log(
      `      element: ${element?.snippet ?? '-'}${element?.nodeLabel ? ` ("${element.nodeLabel.slice(0, 60)}")` : ''}`,
    );
    if (phases) log(`      phases: ${phases}`);
    if (lcpImage && lcpImage.scoreDisplayMode !== 'notApplicable' && lcpImage.score !== null && lcpImage.score < 1)
      log(`      ${lcpImage.title}${lcpImage.displayValue ? ` (${lcpImage.displayValue})` : ''}`);
  }

  log('');
  log('audits not passed (score < 1) on the median run, with the estimated savings Lighthouse gives:');
  for (const page of pages) {
    const run = medians.get(page.name);
    if (!run) continue;
    const failing = failingAudits(run.lhr, origin);
    log(`  ${page.path}: ${failing.length === 0 ? 'none' : ''}`);
    for (const audit of failing) {
      log(
        `      [${audit.category}] ${audit.title} (${audit.id}, score ${audit.score.toFixed(2)}${audit.displayValue ? `; ${audit.displayValue}` : ''}${audit.savings ? `; saves ${audit.savings}` : ''})`,
      );
      for (const item of audit.items) log(`          ${item}`);
    }
    const outside = outsideRequests(run.lhr, origin);
    if (outside.length)
      log(`      requests outside the app's server (there is no internet here): ${outside.join(', ')}`);
  }

  // The median run of each page as an HTML report too, to open in a browser.
  for (const [name, run] of medians)
    writeFileSync(join(outDir, `${name}-median.html`), generateReport(run.lhr, 'html'));

  const someLhr = [...medians.values()][0]?.lhr;
  log('');
  log('machine:');
  log(
    `  CPU: ${cpus()[0]?.model ?? 'unknown'}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GB memory`,
  );
  log(`  load average (1 min) at the start: ${startLoad.toFixed(2)}, at the end: ${(loadavg()[0] ?? 0).toFixed(2)}`);
  const indexes = [...runs.values()].flat().map((run) => Math.round(run.lhr.environment.benchmarkIndex));
  log(
    `  Lighthouse CPU benchmark index: ${indexes.length ? `${Math.min(...indexes)}-${Math.max(...indexes)}` : '-'} (higher is faster; it falls when other work shares the CPU)`,
  );
  log(`  browser: ${chromiumVersion()} (${CHROME_PATH}; ${someLhr?.environment.hostUserAgent ?? ''})`);
  log(`  Lighthouse ${lighthouseVersion()}, Node ${process.version}`);
  log(`  reports: ${outDir}`);
  if (failures.length) {
    log('');
    log(`${failures.length} Lighthouse run(s) failed:`);
    for (const failure of failures) log(`  ${failure}`);
    log(`server output:\n${tail(logFile)}`);
    return 1;
  }
  return 0;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (stopSignal) return;
    stopSignal = signal;
    log(`\n${signal}: stopping the server and Chromium`);
    // Ends the Lighthouse run in progress; the run loop then stops and the finally below cleans up.
    stopChrome();
    // Should a step not return, clean up anyway.
    setTimeout(() => void cleanup().finally(() => process.exit(130)), 20_000).unref();
  });
// Last resort if the process ends some other way: never leave a server or a browser behind.
process.on('exit', () => {
  running.chrome?.process.kill('SIGKILL');
  running.server?.kill('SIGKILL');
});

let code = 1;
try {
  code = await main();
} catch (err) {
  if (stopSignal) code = 130;
  else console.error(`bench:web failed: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  await cleanup();
}
process.exit(code);
