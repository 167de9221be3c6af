import { createServices, JOB_QUEUE_PREFIX, jobDeclarations } from '@caps/api';
import { createTestEnv, type TestEnv, testDialect } from '@caps/api/testing';
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

// The server's recurring jobs with REDIS_URL: two apps on one database and one Redis, as two processes
// would be. They use the app's own queue (caps:bull:jobs), so each dialect's suite has a Redis database of
// its own (9 and 10; the others: 0 operations, 11/12 shared state, 13 cluster, 14 job runner, 15 bench).
const REDIS_URL = `redis://127.0.0.1:6379/${testDialect === 'postgresql' ? 10 : 9}`;
const METRICS_TOKEN = 'jobs-metrics-token';
const EVERY_MINUTE = ['release-expired-checkouts'];

let a: TestEnv;
let b: TestEnv['services'] | null = null;
let admin: Redis;
const apps: FastifyInstance[] = [];

async function appFor(services: TestEnv['services']) {
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent', LOG_LEVEL: 'silent', METRICS_TOKEN });
  const app = await buildApp(config, { services, logger: false });
  await app.ready();
  apps.push(app);
  return app;
}

/** Empties the app's queue in our Redis database (only its keys). */
async function obliterate() {
  const queue = new Queue('jobs', { connection: { url: REDIS_URL }, prefix: JOB_QUEUE_PREFIX });
  await queue.obliterate({ force: true });
  await queue.close();
}

async function metricsOf(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The value of one sample (0 when absent). */
function sample(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

/** Clients BullMQ connected under the app's queue prefix. */
async function queueClients(): Promise<number> {
  return String(await admin.client('LIST'))
    .split('\n')
    .filter((line) => line.includes(` name=${JOB_QUEUE_PREFIX}:`)).length;
}

/** The count once it stops changing: a client that sent QUIT is listed until Redis closes it, just after. */
async function queueClientsSettled(): Promise<number> {
  const deadline = Date.now() + 2_000;
  let count = await queueClients();
  while (count > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    count = await queueClients();
  }
  return count;
}

beforeAll(async () => {
  admin = new Redis(REDIS_URL);
  await obliterate();
  const settings = { redisUrl: REDIS_URL, jobsEnabled: true };
  a = await createTestEnv(settings);
  b = await createServices(a.db.config, { nodeEnv: 'test', uploadDir: a.uploadDir, ...settings });
});
afterAll(async () => {
  for (const app of apps.splice(0)) await app.close();
  await b?.orm.close(true);
  await a?.close();
  await obliterate();
  await admin?.quit();
});

describe('recurring jobs with REDIS_URL', () => {
  it('run a due time once across two server processes, counted in /metrics, and stop with the server', async () => {
    if (!b) throw new Error('no second process');
    const first = await appFor(a.services);
    const second = await appFor(b);

    // A new scheduler's first due time is now: each every-minute job runs once, in one of the two.
    const runs = async (job: string) => {
      const label = `job="${job}",trigger="schedule",outcome="ok"`;
      return (
        sample(await metricsOf(first), 'job_runs_total', label) +
        sample(await metricsOf(second), 'job_runs_total', label)
      );
    };
    const deadline = Date.now() + 15_000;
    while ((await runs('release-expired-checkouts')) === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const job of EVERY_MINUTE) expect(await runs(job)).toBe(1);

    // The queue's depth: one job waiting for its next due time per declared job, seen by both.
    for (const app of [first, second]) {
      const text = await metricsOf(app);
      const queued = ['waiting', 'active', 'delayed'].reduce(
        (sum, state) => sum + sample(text, 'job_queue_jobs', `state="${state}"`),
        0,
      );
      expect(queued).toBe(jobDeclarations(a.services.config).length);
      expect(text).toMatch(/^job_queue_jobs\{state="failed"\} 0$/m);
    }

    expect(await queueClients()).toBeGreaterThan(0);
    for (const app of apps.splice(0)) await app.close();
    expect(await queueClientsSettled()).toBe(0);
  });
});
