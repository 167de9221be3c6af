import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { authService, openDatabase } from '@caps/api';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's chromium; the browser tests drive it through playwright-core (no downloaded browsers). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const SERVER_ENTRY = process.env.E2E_SERVER_ENTRY ?? join(REPO_ROOT, 'apps/server/dist/main.js');
const WEB_DIST_DIR = join(REPO_ROOT, 'apps/web/dist');
const SCREENSHOT_DIR = join(REPO_ROOT, 'screenshots');
const STARTUP_TIMEOUT_MS = 30_000;
/** Seeding the demo data draws and encodes ~240 images: allow for it on a busy 2-core machine. */
const DEMO_STARTUP_TIMEOUT_MS = 120_000;

/**
 * Whether the browser suites can run. In CI a missing chromium fails the run; on a developer machine the
 * suites are skipped with a warning, so the rest of the tests stay usable.
 */
export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  if (process.env.CI === 'true') {
    throw new Error(`CI=true but ${CHROMIUM_PATH} is missing: the browser tests may not be skipped in CI.`);
  }
  console.warn(`${CHROMIUM_PATH} not found: skipping the browser tests (apt-get install chromium to run them).`);
  return false;
}

export interface AdminAccount {
  email: string;
  password: string;
}

export interface E2eEnv {
  baseUrl: string;
  admin: AdminAccount;
  browser: Browser;
  /** Uncaught exceptions of every page opened with newPage, for tests that assert a clean run. */
  pageErrors: Error[];
  /** A fresh browser context (own localStorage) and page, 1280x800 unless told otherwise. */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  /** Saves a full-page PNG to /screenshots when SCREENSHOTS=1; otherwise does nothing. */
  screenshot(page: Page, name: string): Promise<void>;
  /**
   * Moves the server's clock of the money rules (escrow release, payout pauses) forward by `ms`; only with
   * the `clock` option (the server reads the offset from CLOCK_OFFSET_FILE on every call).
   */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(
  baseUrl: string,
  server: ChildProcess,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`The server exited with code ${server.exitCode} before it was ready:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 150));
  }
  throw new Error(`The server did not answer /healthz within ${timeoutMs} ms:\n${output()}`);
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((done) => server.once('exit', () => done()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

export interface E2eOptions {
  /**
   * Start on the demo data (shops, caps, orders...) as `npm start` does; the admin is then the demo
   * admin. Without it the database is empty but for one admin.
   */
  demoData?: boolean;
  /** Give the server a clock the test can move (advanceClock), through CLOCK_OFFSET_FILE in the temp dir. */
  clock?: boolean;
  /** More environment for the server, over the defaults (SMTP_URL of a test SMTP server, say). */
  env?: Record<string, string>;
  /**
   * The host of the server's PUBLIC_URL, on the same port; 127.0.0.1 (the browser's) by default. `localhost`
   * makes PUBLIC_URL another origin for the same site, as a deployment opened on its bare address is.
   */
  publicHost?: string;
}

/** Starts the built server on a free port with its own database, and a headless chromium. */
export async function startE2eEnv(options: E2eOptions = {}): Promise<E2eEnv> {
  for (const [path, build] of [
    [SERVER_ENTRY, 'cd apps/server && node build.mjs'],
    [join(WEB_DIST_DIR, 'index.html'), 'cd apps/web && npx vite build'],
  ] as const) {
    if (!existsSync(path)) throw new Error(`${path} is missing: build it first (${build}).`);
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'caps-e2e-'));
  const sqlitePath = join(dataDir, 'caps.sqlite');
  const uploadDir = join(dataDir, 'uploads');
  const clockFile = options.clock ? join(dataDir, 'clock-offset-ms') : null;
  let clockOffsetMs = 0;
  if (clockFile) writeFileSync(clockFile, '0');
  const admin: AdminAccount = options.demoData
    ? { email: 'admin@capsmarket.ng', password: 'Admin123!' }
    : { email: 'admin@e2e.test', password: 'Admin123!' };

  if (!options.demoData) {
    // The admin goes straight into the database, as the create-admin command would; demo data stays off.
    const orm = await openDatabase({ sqlitePath });
    try {
      await authService.createAdmin(orm.em.fork(), admin);
    } finally {
      await orm.close();
    }
  }

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The address the browser uses, as a deployment sets it: payment URLs are built from it.
      PUBLIC_URL: `http://${options.publicHost ?? '127.0.0.1'}:${port}`,
      SQLITE_PATH: sqlitePath,
      UPLOAD_DIR: uploadDir,
      WEB_DIST_DIR,
      SEED_DEMO_DATA: options.demoData ? 'true' : 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...(clockFile ? { CLOCK_OFFSET_FILE: clockFile } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output = `${output}${chunk.toString()}`.slice(-20_000);
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);

  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const pageErrors: Error[] = [];
  try {
    await waitForHealth(baseUrl, server, () => output, options.demoData ? DEMO_STARTUP_TIMEOUT_MS : STARTUP_TIMEOUT_MS);
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    });
  } catch (error) {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const launched = browser;

  return {
    baseUrl,
    admin,
    browser: launched,
    pageErrors,
    async newPage(viewport = { width: 1280, height: 800 }) {
      const context = await launched.newContext({ baseURL: baseUrl, viewport });
      context.setDefaultTimeout(15_000);
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error));
      return page;
    },
    async screenshot(page, name) {
      if (process.env.SCREENSHOTS !== '1') return;
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      // From the top, or the sticky header is drawn where the page was last scrolled to.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
    },
    advanceClock(ms) {
      if (!clockFile) throw new Error('advanceClock needs startE2eEnv({ clock: true })');
      clockOffsetMs += ms;
      // Written aside and renamed, so the server never reads a half-written number.
      writeFileSync(`${clockFile}.next`, String(clockOffsetMs));
      renameSync(`${clockFile}.next`, clockFile);
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await launched.close().catch(() => undefined);
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
