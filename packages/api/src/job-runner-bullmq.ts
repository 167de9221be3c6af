import { type Job, Queue, type RepeatOptions, Worker } from 'bullmq';
import type { Services } from './context.js';
import { LocalRuns, runHandler, startWakes } from './job-runner-timers.js';
import type { JobCounts, JobDeclaration, JobLog, JobSchedule, RunningJobs } from './job-types.js';
import { REDIS_PREFIX } from './redis.js';

/** The one queue of the recurring jobs; its keys are `<prefix>:jobs:*`. */
export const JOB_QUEUE_NAME = 'jobs';
/** The queue's key prefix: under the app's `caps:`, like every other key of the app. */
export const JOB_QUEUE_PREFIX = `${REDIS_PREFIX}bull`;

export interface BullmqJobsOptions {
  /** The queue's key prefix (tests give each runner pair its own); JOB_QUEUE_PREFIX by default. */
  prefix?: string;
  /** Tries of one due time's run before it counts as failed for good (3 by default). */
  attempts?: number;
  /** Wait before the first retry, doubling for each next one (10 s by default). */
  backoffMs?: number;
  /** The longest stop() waits for a run under way and a clean close (7 s, within the server's 10 s). */
  stopLimitMs?: number;
}

/** BullMQ's repeat options for a declared schedule: `every` as is, a daily hour as a cron pattern in UTC. */
export function repeatOf(schedule: JobSchedule): RepeatOptions {
  if ('everyMs' in schedule) return { every: schedule.everyMs };
  return { pattern: `0 ${schedule.dailyAtUtcHour} * * *`, tz: 'UTC' };
}

/** The due time of a scheduled job: the scheduler names it `repeat:<scheduler>:<due millis>`. */
function dueOf(job: Job): Date | null {
  const millis = job.opts.prevMillis ?? Number(job.id?.split(':').pop());
  return Number.isFinite(millis) && millis > 0 ? new Date(millis) : null;
}

/**
 * ioredis's wait before its next reconnection attempt: at most a second, so the queue is back within a
 * second of Redis (BullMQ's own default grows to 20 s and left jobs idle that long after an outage).
 */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(200 * attempt, 1_000);
}

/** Whether a due time of `schedule` passed between `from` and `to` (a Redis outage). */
export function dueBetween(schedule: JobSchedule, from: Date, to: Date): boolean {
  const span = to.getTime() - from.getTime();
  if ('everyMs' in schedule) return span >= schedule.everyMs;
  const due = new Date(from);
  due.setUTCHours(schedule.dailyAtUtcHour, 0, 0, 0);
  if (due.getTime() <= from.getTime()) due.setUTCDate(due.getUTCDate() + 1);
  return due.getTime() <= to.getTime();
}

/** Resolves after `ms`, without keeping the process alive; `cancel` clears the timer. */
function pause(ms: number): { done: Promise<void>; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const done = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  return { done, cancel: () => clearTimeout(timer) };
}

/**
 * The runner of several processes (REDIS_URL): the declared jobs on one BullMQ queue. Every process
 * upserts one job scheduler per declaration (the same id, so the last upsert wins and nothing doubles) and
 * runs a Worker; the scheduler makes one job per due time (`repeat:<name>:<due millis>`, an id Redis holds
 * once), and whichever worker takes it runs it: once per due time across the cluster. A run that fails is
 * retried (`attempts`, exponential backoff) and every failed try is logged ('job failed', counted in the
 * metrics). A process killed during a run leaves its job stalled; another worker runs it again after
 * BullMQ's lock runs out (30 s): the handlers are safe to run twice.
 *
 * Wakes (the outbox woken when emails commit) and runNow run the handler here at once, outside the queue:
 * the work is in this process's hands already, with no round trip through Redis, and it works while Redis
 * is down; the handlers are safe to run alongside a scheduled run elsewhere.
 *
 * Redis down: the server starts anyway (readiness reports Redis); the schedulers and the worker wait for
 * it and pick up when it is back, upserting the schedulers again on every reconnection. Schedulers no
 * longer declared (a job renamed or removed) are removed.
 */
export function startBullmqJobs(
  services: Services,
  log: JobLog,
  declarations: JobDeclaration[],
  options: BullmqJobsOptions = {},
): RunningJobs {
  const url = services.config.redisUrl;
  if (!url) throw new Error('The BullMQ job runner needs REDIS_URL');
  const prefix = options.prefix ?? JOB_QUEUE_PREFIX;
  const attempts = options.attempts ?? 3;
  const backoffMs = options.backoffMs ?? 10_000;
  const stopLimitMs = options.stopLimitMs ?? 7_000;
  const byName = new Map(declarations.map((job) => [job.name, job]));
  const runs = new LocalRuns(services, log);

  // Redis unreachable: said once per outage, not on every reconnection attempt; not a job failure.
  let unreachable = false;
  let downSince = new Date();
  const warn = (details: object, message: string) =>
    log.warn ? log.warn(details, message) : log.info(details, message);
  const onRedisError = (err: Error) => {
    if (unreachable || stopped) return;
    unreachable = true;
    downSince = new Date();
    warn({ err: err.message }, 'job queue: Redis unreachable, scheduled jobs wait for it');
  };
  const onRedisReady = () => {
    if (!unreachable) return;
    unreachable = false;
    log.info({}, 'job queue: Redis reachable again');
    // BullMQ's schedulers skip the due times that passed meanwhile: each job that missed one runs once now.
    const back = new Date();
    for (const job of declarations) {
      if (!stopped && dueBetween(job.schedule, downSince, back)) void runs.run(job, 'catchup');
    }
  };

  // The queue's own commands (schedulers, counts) fail at once while Redis is down, rather than waiting.
  const queue = new Queue(JOB_QUEUE_NAME, {
    connection: { url, enableOfflineQueue: false, retryStrategy: reconnectDelayMs },
    prefix,
  });
  queue.on('error', onRedisError);
  const worker = new Worker(
    JOB_QUEUE_NAME,
    async (job: Job) => {
      const declaration = byName.get(job.name);
      if (!declaration) {
        // A scheduler of another version of the app (a rolling deploy): that version runs it.
        warn({ job: job.name }, 'job not declared here: skipped');
        return;
      }
      const context = { trigger: 'schedule' as const, dueAt: dueOf(job), attempt: job.attemptsMade + 1 };
      await runHandler(services, log, declaration, context, true);
    },
    // Every job at once: a long payout run does not hold the outbox's next delivery back.
    { connection: { url, retryStrategy: reconnectDelayMs }, prefix, concurrency: Math.max(1, declarations.length) },
  );
  worker.on('error', onRedisError);

  let stopped = false;
  /** One scheduler per declaration (upserts: the same ones again change nothing), none for anything else. */
  const schedule = async () => {
    for (const job of declarations) {
      await queue.upsertJobScheduler(job.name, repeatOf(job.schedule), {
        name: job.name,
        opts: {
          attempts,
          backoff: { type: 'exponential', delay: backoffMs },
          // A short history to look at (and ids of done due times that stay taken), not an ever-growing one.
          removeOnComplete: { count: 100 },
          removeOnFail: { count: 1000 },
        },
      });
    }
    for (const scheduler of await queue.getJobSchedulers()) {
      if (!byName.has(scheduler.key)) await queue.removeJobScheduler(scheduler.key);
    }
  };
  const ready = (async () => {
    const client = await queue.client;
    // Every reconnection upserts the schedulers again: a Redis that came back empty (restarted without
    // persistence, failed over to a fresh replica) would otherwise run no job until the next start.
    client.on('ready', () => {
      onRedisReady();
      if (stopped) return;
      schedule().catch((err: unknown) => warn({ err }, 'job queue: could not upsert the job schedulers'));
    });
    await schedule();
    await worker.waitUntilReady();
  })();
  // A failure here (Redis gone during the upserts) is logged; the reconnection upserts again.
  ready.catch((err: unknown) => {
    if (!stopped) warn({ err }, 'job queue: could not set up the job schedulers');
  });

  const stopWakes = startWakes(services, declarations, runs);

  return {
    engine: 'bullmq',
    ready,
    runNow(name) {
      const job = byName.get(name);
      if (!job) throw new Error(`No job named ${name}`);
      return runs.run(job, 'manual');
    },
    async counts(): Promise<JobCounts> {
      const limit = pause(1_000);
      try {
        const counts = await Promise.race([
          queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed'),
          limit.done.then(() => Promise.reject(new Error('job queue counts timed out'))),
        ]);
        return {
          waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
          active: counts.active ?? 0,
          delayed: counts.delayed ?? 0,
          failed: counts.failed ?? 0,
        };
      } finally {
        limit.cancel();
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      stopWakes();
      // Waits for the runs under way (the worker's and this process's own), then closes the connections.
      const closing = Promise.all([runs.stop(), worker.close().then(() => queue.close())]);
      const limit = pause(stopLimitMs);
      const closed = closing.then(
        () => true,
        (err: unknown) => {
          log.error({ err }, 'job queue: stopping failed');
          return true;
        },
      );
      const inTime = await Promise.race([closed, limit.done.then(() => false)]);
      limit.cancel();
      if (!inTime) {
        log.error({ limitMs: stopLimitMs }, 'job queue: did not stop in time, disconnecting');
        // Not awaited: a connection that never came up would keep this waiting.
        void Promise.allSettled([worker.disconnect(), queue.disconnect()]);
      }
    },
  };
}
