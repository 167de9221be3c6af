import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Services } from '../src/context.js';
import { dueBetween, JOB_QUEUE_NAME, reconnectDelayMs } from '../src/job-runner-bullmq.js';
import {
  type JobContext,
  type JobDeclaration,
  type JobLog,
  jobDeclarations,
  type RunningJobs,
  type StartJobsOptions,
  startJobs,
} from '../src/jobs.js';
import { createServices } from '../src/services.js';
import { createTestEnv, type TestEnv, testDialect } from './harness.js';

// The job runners on the machine's Redis, in a database number of this file's own (14: 0 operations,
// 11/12 shared state, 13 the cluster tests, 15 bench:capacity); every test has its own
// queue prefix (and the two dialects' suites differ too), so test files and runs never share a queue.
const REDIS_URL = 'redis://127.0.0.1:6379/14';

let env: TestEnv;
/** The same database without REDIS_URL: a process of the two-command start. */
let plain: Services;
let admin: Redis;
let prefix: string;
/** Every prefix a test used, emptied after it. */
const prefixes: string[] = [];
const started: RunningJobs[] = [];

const quiet: JobLog = { info: () => undefined, error: () => undefined, warn: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `predicate` holds (10 s at most: a wait, not a timing assertion). */
async function until(predicate: () => boolean, what: string) {
  const deadline = Date.now() + 10_000;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** A runner as one server process would run it, stopped after the test if the test did not. */
function runner(
  declarations: JobDeclaration[],
  log: JobLog = quiet,
  options: StartJobsOptions = {},
  services = env.services,
) {
  const jobs = startJobs(services, log, declarations, { prefix, ...options });
  started.push(jobs);
  return jobs;
}

/** Clients connected to our Redis database under this test's prefix (BullMQ names them `<prefix>:<queue>`). */
async function queueClients(): Promise<number> {
  const list = await admin.client('LIST');
  return String(list)
    .split('\n')
    .filter((line) => line.includes(` name=${prefix}:`)).length;
}

/** The count once it stops changing: a client that sent QUIT is listed until Redis closes it, just after. */
async function queueClientsSettled(): Promise<number> {
  const deadline = Date.now() + 2_000;
  let count = await queueClients();
  while (count > 0 && Date.now() < deadline) {
    await sleep(50);
    count = await queueClients();
  }
  return count;
}

beforeAll(async () => {
  admin = new Redis(REDIS_URL);
  env = await createTestEnv({ redisUrl: REDIS_URL });
  plain = await createServices(env.db.config, { nodeEnv: 'test', uploadDir: env.uploadDir });
});
afterAll(async () => {
  await plain?.orm.close(true);
  await env?.close();
  await admin?.quit();
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((jobs) => jobs.stop()));
  // Everything this test put on Redis goes (only its prefixes' keys: other tests' queues are left alone).
  for (const used of prefixes.splice(0)) {
    const queue = new Queue(JOB_QUEUE_NAME, { connection: { url: REDIS_URL }, prefix: used });
    await queue.obliterate({ force: true });
    await queue.close();
  }
});

/** Each test's own prefix, set before it runs. */
function newPrefix() {
  prefix = `caps-test:${testDialect}:${randomUUID().slice(0, 8)}`;
  prefixes.push(prefix);
}

describe('with REDIS_URL: BullMQ', () => {
  it('runs each due time of a job once across two runners, not once per runner', async () => {
    newPrefix();
    const EVERY = 250;
    const calls: { runner: string; due: number | undefined; trigger: string | undefined }[] = [];
    const tick = (name: string): JobDeclaration => ({
      name: 'tick',
      schedule: { everyMs: EVERY },
      handler: async (_services, context?: JobContext) => {
        calls.push({ runner: name, due: context?.dueAt?.getTime(), trigger: context?.trigger });
        // Longer than the period: the next due time comes while this run goes on, so the other runner
        // (each runs one at a time) takes it: both runners run, neither runs what the other did.
        await sleep(EVERY + 50);
        return null;
      },
    });
    const a = runner([tick('a')]);
    const b = runner([tick('b')]);
    expect([a.engine, b.engine]).toEqual(['bullmq', 'bullmq']);
    await Promise.all([a.ready, b.ready]);
    const since = Date.now();
    await until(() => calls.length >= 12, 'twelve due times');
    await Promise.all([a.stop(), b.stop()]);
    const elapsed = Date.now() - since;

    expect(calls.every((call) => call.trigger === 'schedule')).toBe(true);
    const dues = calls.map((call) => call.due ?? Number.NaN).sort((x, y) => x - y);
    // Each due time once (two timer runners would make every one twice), and none skipped in between.
    expect(new Set(dues).size).toBe(dues.length);
    const steps = dues.slice(1).map((due, i) => due - (dues[i] as number));
    expect(steps.every((step) => step === EVERY)).toBe(true);
    // As many runs as due times went by (one runner's worth), and both runners took some.
    expect(calls.length).toBeLessThanOrEqual(Math.ceil(elapsed / EVERY) + 2);
    expect(new Set(calls.map((call) => call.runner))).toEqual(new Set(['a', 'b']));
  });

  it('keeps one scheduler per declaration, a daily hour as a UTC cron pattern, and drops undeclared ones', async () => {
    newPrefix();
    const queue = new Queue(JOB_QUEUE_NAME, { connection: { url: REDIS_URL }, prefix });
    try {
      await queue.upsertJobScheduler('old-job', { every: 3_600_000 }, { name: 'old-job' });
      const declared = jobDeclarations({ payoutRunHourUtc: 3 }).map((job) => ({
        ...job,
        handler: async () => null,
      }));
      await runner(declared).ready;
      // A second process starting upserts the same schedulers: nothing doubles, no extra run.
      await runner(declared).ready;
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers.map((s) => s.key).sort()).toEqual(declared.map((job) => job.name).sort());
      const payouts = schedulers.find((s) => s.key === 'run-payouts');
      expect(payouts).toMatchObject({ pattern: '0 3 * * *', tz: 'UTC' });
      const next = new Date(payouts?.next ?? 0);
      expect([next.getUTCHours(), next.getUTCMinutes(), next.getUTCSeconds()]).toEqual([3, 0, 0]);
      expect(next.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
      expect(schedulers.find((s) => s.key === 'deliver-outbox')).toMatchObject({ every: 5_000 });
      // One job per scheduler is waiting for its next due time.
      const counts = await started[0]?.counts();
      expect((counts?.delayed ?? 0) + (counts?.waiting ?? 0) + (counts?.active ?? 0)).toBe(declared.length);
    } finally {
      await queue.close();
    }
  });

  it('retries a failing run of a due time and counts every failed try', async () => {
    newPrefix();
    const tries: { due: number | undefined; attempt: number | undefined }[] = [];
    let failFor = 1;
    const flaky: JobDeclaration = {
      name: 'flaky',
      schedule: { everyMs: 3_600_000 },
      handler: async (_services, context?: JobContext) => {
        tries.push({ due: context?.dueAt?.getTime(), attempt: context?.attempt });
        if (tries.length <= failFor) throw new Error('the provider is down');
        return { ok: true };
      },
    };
    const log = { info: vi.fn(), error: vi.fn(), warn: vi.fn(), ran: vi.fn() };
    const jobs = runner([flaky], log, { attempts: 3, backoffMs: 50 });
    await until(() => tries.length === 2, 'the retry');
    await until(() => log.info.mock.calls.length === 1, 'the run to end');
    expect(tries.map((t) => t.attempt)).toEqual([1, 2]);
    expect(tries[1]?.due).toBe(tries[0]?.due);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'flaky', err: expect.any(Error) }),
      'job failed',
    );
    expect(log.info).toHaveBeenCalledWith(expect.objectContaining({ job: 'flaky', attempt: 2 }), 'job done');
    expect(log.ran.mock.calls.map(([run]) => [run.job, run.ok])).toEqual([
      ['flaky', false],
      ['flaky', true],
    ]);
    await jobs.stop();

    // Failing every try: failed for good after the last, and the queue counts it.
    newPrefix();
    tries.length = 0;
    failFor = Number.POSITIVE_INFINITY;
    log.error.mockClear();
    const failing = runner([flaky], log, { attempts: 2, backoffMs: 50 });
    await until(() => tries.length === 2, 'the second try');
    await until(() => log.error.mock.calls.length === 2, 'both failures');
    let failed = 0;
    const deadline = Date.now() + 10_000;
    while (failed === 0 && Date.now() < deadline) {
      failed = (await failing.counts()).failed;
      await sleep(20);
    }
    expect(failed).toBe(1);
    await sleep(200);
    expect(tries).toHaveLength(2);
  });

  it('stop() waits for the run under way and closes every connection', async () => {
    newPrefix();
    const events: string[] = [];
    const slow: JobDeclaration = {
      name: 'slow',
      schedule: { everyMs: 3_600_000 },
      handler: async () => {
        events.push('run started');
        await sleep(400);
        events.push('run ended');
        return null;
      },
    };
    const jobs = runner([slow]);
    await jobs.ready;
    await until(() => events.length === 1, 'the run to start');
    expect(await queueClients()).toBeGreaterThan(0);
    await jobs.stop();
    events.push('stopped');
    expect(events).toEqual(['run started', 'run ended', 'stopped']);
    expect(await queueClientsSettled()).toBe(0);
  });

  it('runs a woken job and runNow in this process at once, besides its schedule', async () => {
    newPrefix();
    const triggers: string[] = [];
    let wake: () => void = () => undefined;
    const job: JobDeclaration = {
      name: 'woken',
      schedule: { everyMs: 3_600_000 },
      handler: async (_services, context?: JobContext) => {
        triggers.push(context?.trigger ?? '?');
        return null;
      },
      wake: (_services, trigger) => {
        wake = trigger;
        return () => {
          wake = () => undefined;
        };
      },
    };
    const jobs = runner([job]);
    // A new scheduler's first due time is now.
    await until(() => triggers.length === 1, 'the first scheduled run');
    wake();
    await until(() => triggers.length === 2, 'the woken run');
    await sleep(10); // the woken run's end (it answered already)
    expect(await jobs.runNow('woken')).toBe(true);
    expect(triggers).toEqual(['schedule', 'wake', 'manual']);
    await jobs.stop();
    wake();
    await sleep(50);
    expect(triggers).toHaveLength(3);
  });

  it('starts without Redis reachable and stops at once', async () => {
    newPrefix();
    const unreachable = { ...env.services, config: { ...env.services.config, redisUrl: 'redis://127.0.0.1:9/0' } };
    const log = { info: vi.fn(), error: vi.fn(), warn: vi.fn() };
    let ran = false;
    const jobs = runner(
      [
        {
          name: 'never',
          schedule: { everyMs: 100 },
          handler: async () => {
            ran = true;
            return null;
          },
        },
      ],
      log,
      {},
      unreachable,
    );
    expect(jobs.engine).toBe('bullmq');
    await expect(jobs.counts()).rejects.toThrow();
    const stopping = Date.now();
    await jobs.stop();
    expect(Date.now() - stopping).toBeLessThan(2_000);
    expect(ran).toBe(false);
    expect(log.error).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledWith(expect.anything(), expect.stringMatching(/Redis unreachable/));
  });
});

/** A port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A redis-server of this test's own on `port`, without persistence: resolves when it accepts connections. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
  return child;
}

async function stopRedis(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

describe('with REDIS_URL: Redis restarted empty', () => {
  it('puts the schedulers back when Redis is back, and the jobs run again without a restart', async () => {
    newPrefix();
    const port = await freePort();
    let redis: ChildProcess | null = await startRedis(port);
    try {
      const own = { ...env.services, config: { ...env.services.config, redisUrl: `redis://127.0.0.1:${port}/0` } };
      const dues: number[] = [];
      const log = { info: vi.fn(), error: vi.fn(), warn: vi.fn() };
      const jobs = runner(
        [
          {
            name: 'tick',
            schedule: { everyMs: 200 },
            handler: async (_services, context?: JobContext) => {
              dues.push(context?.dueAt?.getTime() ?? Number.NaN);
              return null;
            },
          },
        ],
        log,
        {},
        own,
      );
      await jobs.ready;
      await until(() => dues.length >= 2, 'two runs');
      await stopRedis(redis);
      redis = null;
      // Down long enough for a reconnection attempt (a second apart) to fail.
      await sleep(1_500);
      const before = dues.length;
      // Back on the same port, with nothing in it: no scheduler, no queue.
      redis = await startRedis(port);
      await until(() => dues.length >= before + 3, 'three runs after Redis came back');
      expect(log.warn).toHaveBeenCalledWith(expect.anything(), expect.stringMatching(/Redis unreachable/));
      expect(log.info).toHaveBeenCalledWith({}, 'job queue: Redis reachable again');
      expect(log.error).not.toHaveBeenCalled();
      await jobs.stop();
    } finally {
      await stopRedis(redis);
    }
  });
});

describe('with REDIS_URL: after an outage (issue 26.6)', () => {
  it('reconnects within a second of each attempt, and knows which due times an outage skipped', () => {
    // BullMQ's default waits grow to 20 s between attempts: the probe saw jobs idle 18.4 s after Redis was back.
    for (let attempt = 1; attempt <= 50; attempt++) expect(reconnectDelayMs(attempt)).toBeLessThanOrEqual(1_000);
    const at = (iso: string) => new Date(iso);
    expect(dueBetween({ everyMs: 5_000 }, at('2026-01-01T10:00:00Z'), at('2026-01-01T10:00:06Z'))).toBe(true);
    expect(dueBetween({ everyMs: 60_000 }, at('2026-01-01T10:00:00Z'), at('2026-01-01T10:00:06Z'))).toBe(false);
    expect(dueBetween({ dailyAtUtcHour: 8 }, at('2026-01-01T07:59:00Z'), at('2026-01-01T08:01:00Z'))).toBe(true);
    expect(dueBetween({ dailyAtUtcHour: 8 }, at('2026-01-01T08:01:00Z'), at('2026-01-01T09:00:00Z'))).toBe(false);
    expect(dueBetween({ dailyAtUtcHour: 8 }, at('2026-01-01T09:00:00Z'), at('2026-01-02T08:00:00Z'))).toBe(true);
  });

  it('runs once, as soon as Redis is back, each job whose due time passed during the outage', async () => {
    newPrefix();
    const port = await freePort();
    let redis: ChildProcess | null = await startRedis(port);
    try {
      const own = { ...env.services, config: { ...env.services.config, redisUrl: `redis://127.0.0.1:${port}/0` } };
      const triggers: string[] = [];
      const log = { info: vi.fn(), error: vi.fn(), warn: vi.fn() };
      const jobs = runner(
        [
          {
            // Like the outbox: due every 2 s, so an outage of several seconds skips due times.
            name: 'deliver',
            schedule: { everyMs: 2_000 },
            handler: async (_services, context?: JobContext) => {
              triggers.push(context?.trigger ?? 'none');
              return null;
            },
          },
          {
            name: 'daily',
            schedule: { dailyAtUtcHour: (new Date().getUTCHours() + 12) % 24 },
            handler: async (_services, context?: JobContext) => {
              triggers.push(`daily:${context?.trigger ?? 'none'}`);
              return null;
            },
          },
        ],
        log,
        {},
        own,
      );
      await jobs.ready;
      await until(() => triggers.includes('schedule'), 'a first scheduled run');
      await stopRedis(redis);
      redis = null;
      await until(
        () => log.warn.mock.calls.some((call) => /Redis unreachable/.test(String(call[1]))),
        'the outage to be noticed',
      );
      await sleep(4_500);
      const before = triggers.length;
      redis = await startRedis(port);
      await until(() => triggers.slice(before).includes('catchup'), 'the catch-up run after Redis came back');
      await sleep(300);
      // Once, not once per skipped due time; the daily job's hour did not pass and it does not run.
      expect(triggers.slice(before).filter((t) => t === 'catchup')).toHaveLength(1);
      expect(triggers.some((t) => t.startsWith('daily:'))).toBe(false);
      expect(log.error).not.toHaveBeenCalled();
      await jobs.stop();
    } finally {
      await stopRedis(redis);
    }
  });
});

describe('without REDIS_URL: timers in the process', () => {
  it('runs the declared jobs on timers, and stops', async () => {
    newPrefix();
    let calls = 0;
    const jobs = runner(
      [
        {
          name: 'tick',
          schedule: { everyMs: 100 },
          handler: async () => {
            calls += 1;
            return null;
          },
        },
      ],
      quiet,
      {},
      plain,
    );
    expect(jobs.engine).toBe('timers');
    await until(() => calls >= 3, 'three ticks');
    await jobs.stop();
    const after = calls;
    await sleep(250);
    expect(calls).toBe(after);
    expect(await queueClientsSettled()).toBe(0);
  });
});
