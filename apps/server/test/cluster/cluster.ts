import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { createServices, type Services } from '@caps/api';
import { createTestDatabase, startTestS3, type TestDatabase, type TestS3 } from '@caps/api/testing';
import { Redis } from 'ioredis';

/**
 * Two real server processes (apps/server/src/main.ts through tsx's loader, so no build is needed) on one
 * fresh PostgreSQL database, one Redis database and one S3-compatible bucket (s3rver, started here), on
 * different ports: what N replicas behind a proxy are. The tests drive them over HTTP as a client would.
 *
 * Redis is the machine's own (REDIS_URL of the tests, default 127.0.0.1:6379) on a database number only
 * these tests use, reached through a TCP gate in this process, so a test can take Redis away from both
 * servers and give it back without touching the Redis that other test files share.
 */

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
const SERVER_ENTRY = 'apps/server/src/main.ts';
/** A start migrates nothing (the database is migrated here first) but loads every module through tsx. */
const STARTUP_TIMEOUT_MS = 60_000;
/** The Redis database number of these tests (others: 0 operations, 11/12 the api package's shared-state tests). */
export const CLUSTER_REDIS_DB = 13;
const REDIS_TARGET = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * A TCP forwarder to Redis on a fixed port. `cut()` closes it and every connection through it (Redis is
 * down: connections refused), `restore()` listens again on the same port (Redis is back).
 */
export class RedisGate {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  private constructor(readonly port: number) {}

  static async open(): Promise<RedisGate> {
    const gate = new RedisGate(await freePort());
    await gate.restore();
    return gate;
  }

  get up(): boolean {
    return this.server !== null;
  }

  async restore(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      const upstream = tcpConnect(Number(REDIS_TARGET.port || 6379), REDIS_TARGET.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    server.listen(this.port, '127.0.0.1');
    await once(server, 'listening');
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    const closed = once(server, 'close');
    server.close();
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await closed;
  }
}

/** A run of a recurring job as the server logged it ('job done' or 'job failed'; pino's JSON lines). */
export interface JobRunLog {
  job: string;
  trigger: string;
  /** The due time of a scheduled run (ISO), when the runner knows it. */
  due?: string;
  result?: unknown;
  msg: string;
}

export interface ServerProcess {
  name: string;
  port: number;
  baseUrl: string;
  /** The child process (null between a kill and a restart). */
  child: ChildProcess | null;
  /** The last 20,000 characters the process printed. */
  output(): string;
  /** Every job run this process logged since the test began, across restarts. */
  jobRuns: JobRunLog[];
  /** fetch() against this process: a path (/api/...) and the usual init. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** Sends the signal and waits for the process to exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Starts the process again (same port and environment) and waits until it is ready. */
  start(): Promise<void>;
}

export interface ClusterOptions {
  /** More environment for both servers (limits, say). */
  env?: Record<string, string>;
}

export interface Cluster {
  a: ServerProcess;
  b: ServerProcess;
  /** A then B then A...: the n-th request of a round-robin proxy. */
  pick(n: number): ServerProcess;
  /** The test's own services on the same database (no Redis): fixtures and checks straight on the rows. */
  services: Services;
  db: TestDatabase;
  s3: TestS3;
  redisGate: RedisGate;
  /** A connection of this process to the cluster's Redis database (not through the gate), and its URL. */
  redis: Redis;
  redisUrl: string;
  close(): Promise<void>;
}

async function waitUntilReady(server: ServerProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const child = server.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Server ${server.name} exited before it was ready:\n${server.output()}`);
    }
    try {
      if ((await fetch(`${server.baseUrl}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`Server ${server.name} was not ready within ${timeoutMs} ms:\n${server.output()}`);
}

export function serverProcess(name: string, port: number, env: Record<string, string>): ServerProcess {
  let output = '';
  const server: ServerProcess = {
    name,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    child: null,
    output: () => output,
    jobRuns: [],
    fetch: (path, init) => fetch(`${server.baseUrl}${path}`, init),
    async kill(signal) {
      const child = server.child;
      if (!child) return;
      server.child = null;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(force);
    },
    async start() {
      if (server.child) throw new Error(`Server ${name} is running already`);
      const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
        cwd: REPO_ROOT,
        env: { ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const collect = (chunk: Buffer) => {
        output = `${output}${chunk.toString()}`.slice(-20_000);
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      if (child.stdout) {
        createInterface({ input: child.stdout }).on('line', (line) => {
          if (!line.startsWith('{') || !line.includes('"job"')) return;
          try {
            const entry = JSON.parse(line) as Partial<JobRunLog>;
            if (typeof entry.job === 'string' && (entry.msg === 'job done' || entry.msg === 'job failed')) {
              server.jobRuns.push(entry as JobRunLog);
            }
          } catch {
            // Not a log line of ours.
          }
        });
      }
      server.child = child;
      await waitUntilReady(server, STARTUP_TIMEOUT_MS);
    },
  };
  return server;
}

/**
 * Starts the pair. The database is created and migrated here before either server starts, so the servers'
 * start is quick (two processes starting at once on an empty database migrate under a lock: a test of its own).
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const db = await createTestDatabase();
  const testUploadDir = mkdtempSync(join(tmpdir(), 'caps-cluster-test-'));
  const uploadDirs = [mkdtempSync(join(tmpdir(), 'caps-cluster-a-')), mkdtempSync(join(tmpdir(), 'caps-cluster-b-'))];
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await Promise.resolve(step()).catch(() => undefined);
  };
  cleanups.push(() => db.drop());
  cleanups.push(() => {
    for (const dir of [testUploadDir, ...uploadDirs]) rmSync(dir, { recursive: true, force: true });
  });
  try {
    const services = await createServices(db.config, { nodeEnv: 'test', uploadDir: testUploadDir });
    cleanups.push(() => services.orm.close(true));
    const s3 = await startTestS3();
    cleanups.push(() => s3.close());
    const redisUrl = `redis://${REDIS_TARGET.host}/${CLUSTER_REDIS_DB}`;
    const redis = new Redis(redisUrl, { lazyConnect: true });
    await redis.connect();
    cleanups.push(() => redis.quit());
    // Only this database: what an earlier run left (limits, job schedules) would change what the servers do.
    await redis.flushdb();
    cleanups.push(() => redis.flushdb());
    const redisGate = await RedisGate.open();
    cleanups.push(() => redisGate.cut());

    const [portA, portB] = [await freePort(), await freePort()];
    const databaseUrl = db.config.databaseUrl;
    if (!databaseUrl) throw new Error('The cluster tests need PostgreSQL (TEST_DIALECT=postgresql)');
    const common: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      // One public address for both, as behind a proxy (payment links are built from it).
      PUBLIC_URL: `http://127.0.0.1:${portA}`,
      DATABASE_URL: databaseUrl,
      REDIS_URL: `redis://127.0.0.1:${redisGate.port}/${CLUSTER_REDIS_DB}`,
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      // s3rver's fixed key pair (startTestS3 sets the same in this process).
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      SEED_DEMO_DATA: 'false',
      // Every line held at checkout: these tests count stock taken across processes when a checkout is placed
      // (the hold share, which leaves lines unheld until paid, has its own: api/unpaid-holds.test.ts).
      UNPAID_HOLD_SHARE_PERCENT: '100',
      WEB_DIST_DIR: join(testUploadDir, 'no-web-build'),
      // info: the job runs ('job done') are what the jobs test reads.
      LOG_LEVEL: 'info',
      ...options.env,
    };
    const a = serverProcess('A', portA, { ...common, UPLOAD_DIR: uploadDirs[0] ?? '' });
    const b = serverProcess('B', portB, { ...common, UPLOAD_DIR: uploadDirs[1] ?? '' });
    cleanups.push(
      () => a.kill('SIGTERM'),
      () => b.kill('SIGTERM'),
    );
    await Promise.all([a.start(), b.start()]);
    return {
      a,
      b,
      pick: (n) => (n % 2 === 0 ? a : b),
      services,
      db,
      s3,
      redisGate,
      redis,
      redisUrl,
      close: cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
