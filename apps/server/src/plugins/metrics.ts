import { createHash, timingSafeEqual } from 'node:crypto';
import type { JobLog, RunningJobs, Services } from '@caps/api';
import { EMAIL_STATUSES } from '@caps/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** The routes where a 401 is a failed sign-in: REST and tRPC (a batch with one failing call answers 207). */
const LOGIN_ROUTES = new Set(['/api/login', '/trpc/auth.login']);

const PAYMENT_OUTCOMES = ['pending', 'success', 'failed', 'abandoned', 'refund_due'] as const;

/** The route pattern of a request (never its raw URL, so the labels stay few); 'unmatched' for a 404. */
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';

/** Rows counted by one column: `select <column>, count(*) from <table> group by <column>`. */
async function countBy(services: Services, table: string, column: string): Promise<Map<string, number>> {
  const rows = await services.orm.em
    .getConnection()
    .execute<{ key: string; n: number | string }[]>(
      `select ${column} as key, count(*) as n from ${table} group by ${column}`,
    );
  return new Map(rows.map((row) => [String(row.key), Number(row.n)]));
}

/** Fills a gauge with one value per known label value (0 for those absent), read from the database. */
function setCounts(gauge: Gauge<string>, label: string, known: readonly string[], counts: Map<string, number>) {
  for (const value of known) gauge.set({ [label]: value }, counts.get(value) ?? 0);
}

/** Constant-time comparison of a presented token with the configured one (hashes: equal lengths). */
function sameToken(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

export interface Metrics {
  registry: Registry;
  /** Wraps the jobs' logger so that job runs and failed tries are counted. */
  jobLog(log: JobLog): JobLog;
  /** The running jobs whose queue depth /metrics reports. */
  watchJobs(jobs: RunningJobs): void;
}

const JOB_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/**
 * Prometheus metrics of this process in a Registry of its own (several apps in one test process do not
 * collide), and GET /metrics serving them to `Authorization: Bearer <METRICS_TOKEN>` only; without a token
 * configured the path is not served (404). Installed on the root instance before the routes, so its
 * hooks see every request.
 */
export function installMetrics(app: FastifyInstance, services: Services, token: string | undefined): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: 'http_requests_in_flight',
    help: 'HTTP requests being answered now.',
    registers: [registry],
  });
  const loginFailures = new Counter({
    name: 'login_failures_total',
    help: 'Sign-ins refused for a wrong email or password (401).',
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'job_failures_total',
    help: 'Runs of a recurring job that failed, by job.',
    labelNames: ['job'],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Runs of a recurring job in this process, by job, trigger (schedule, wake, manual) and outcome (ok, failed).',
    labelNames: ['job', 'trigger', 'outcome'],
    registers: [registry],
  });
  let watchedJobs: RunningJobs | null = null;
  new Gauge({
    name: 'job_queue_jobs',
    help: 'Jobs of the recurring jobs queue by state (BullMQ: the queue of the whole cluster; timers: runs in this process).',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset();
      if (!watchedJobs) return;
      // Redis down: no samples rather than a failed scrape (/readyz says why).
      const counts = await watchedJobs.counts().catch(() => null);
      if (!counts) return;
      for (const state of JOB_STATES) this.set({ state }, counts[state]);
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections of the pool, by state (used, free, pending acquisitions).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const knexPool = services.orm.em.getConnection().getKnex().client.pool;
      if (!knexPool) return;
      this.set({ state: 'used' }, knexPool.numUsed());
      this.set({ state: 'free' }, knexPool.numFree());
      this.set({ state: 'pending' }, knexPool.numPendingAcquires());
    },
  });
  new Gauge({
    name: 'email_outbox_messages',
    help: 'Messages of the email outbox by status (pending: the queue to deliver; failed: given up).',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      setCounts(this, 'status', EMAIL_STATUSES, await countBy(services, 'email_outbox', 'status'));
    },
  });
  new Gauge({
    name: 'payments_total',
    help: 'Payment attempts by outcome, read from the payments table.',
    labelNames: ['outcome'],
    registers: [registry],
    async collect() {
      setCounts(this, 'outcome', PAYMENT_OUTCOMES, await countBy(services, 'payments', 'status'));
    },
  });

  const started = new WeakMap<FastifyRequest, bigint>();
  app.addHook('onRequest', async (request) => {
    started.set(request, process.hrtime.bigint());
    inFlight.inc();
  });
  app.addHook('onResponse', async (request, reply) => {
    inFlight.dec();
    const route = routeOf(request);
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    const start = started.get(request);
    if (start !== undefined) duration.observe(labels, Number(process.hrtime.bigint() - start) / 1e9);
    if (reply.statusCode === 401 && LOGIN_ROUTES.has(request.url.split('?')[0] ?? '')) loginFailures.inc();
  });

  app.get('/metrics', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!token) return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND', statusCode: 404 });
    const header = request.headers.authorization ?? '';
    const presented = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameToken(presented, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ message: 'A valid metrics token is required', code: 'UNAUTHORIZED', statusCode: 401 });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });

  return {
    registry,
    watchJobs: (jobs) => {
      watchedJobs = jobs;
    },
    jobLog: (log) => ({
      info: (details, message) => log.info(details, message),
      warn: (details, message) => (log.warn ? log.warn(details, message) : log.info(details, message)),
      debug: (details, message) => log.debug?.(details, message),
      ran: (run) => {
        jobRuns.inc({ job: run.job, trigger: run.trigger, outcome: run.ok ? 'ok' : 'failed' });
        log.ran?.(run);
      },
      error: (details, message) => {
        // A failed run names its job; other trouble of the runner (a stop that took too long) does not.
        const job = (details as { job?: unknown }).job;
        if (typeof job === 'string') jobFailures.inc({ job });
        log.error(details, message);
      },
    }),
  };
}
