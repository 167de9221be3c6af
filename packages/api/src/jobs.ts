import type { Services } from './context.js';
import type { Em } from './db/orm.js';
import { type BullmqJobsOptions, startBullmqJobs } from './job-runner-bullmq.js';
import { startTimerJobs } from './job-runner-timers.js';
import { runPayouts, settleInFlight } from './modules/finance/payouts.service.js';
import { refundDuePayments, sendPendingRefunds } from './modules/finance/refunds.service.js';
import { deliverOutbox, onEmailsCommitted } from './modules/notifications/outbox.js';
import { releaseExpiredCheckouts } from './modules/orders/orders.service.js';

export { msUntilUtcHour } from './job-runner-timers.js';

/**
 * The recurring jobs of the marketplace, declared in this one place: what runs, when, and what it does.
 * The declarations say nothing about how they are run: `startJobs` below hands them to a runner, BullMQ
 * with REDIS_URL (once per due time across the processes), timers in the process without. Every handler is
 * safe to run twice at once (in two processes, say): the services' conditional updates decide, not the runner.
 */

/** When a job runs: every so many milliseconds, or once a day at an hour (UTC). */
export type JobSchedule = { everyMs: number } | { dailyAtUtcHour: number };

export interface JobDeclaration {
  /** Stable name (a queue's job name, the log's `job`). */
  name: string;
  schedule: JobSchedule;
  /** Does the work once; answers something worth logging, or null when there was nothing to do (not logged). */
  /** `context` says what started the run; callers outside a runner (tests) may leave it out. */
  handler(services: Services, context?: JobContext): Promise<unknown>;
  /**
   * A signal that runs the job now, besides its schedule: it calls `trigger` when there is work (an email
   * committed); answers a function that stops it. A trigger during a run makes one more run after it.
   */
  wake?(services: Services, trigger: () => void): () => void;
}

const MINUTE = 60_000;

export function jobDeclarations(config: Pick<Services['config'], 'payoutRunHourUtc'>): JobDeclaration[] {
  return [
    {
      // Unpaid checkouts give their reserved stock and coupon use back after 30 minutes.
      name: 'release-expired-checkouts',
      schedule: { everyMs: MINUTE },
      handler: (services) => releaseExpiredCheckouts(services.orm.em.fork() as Em),
    },
    {
      // Pays every eligible shop its available balance (docs/finance.md "Payouts").
      name: 'run-payouts',
      schedule: { dailyAtUtcHour: config.payoutRunHourUtc },
      handler: async (services) => {
        const run = await runPayouts(services, { trigger: 'schedule' });
        return { created: run.created, resumed: run.resumed, total_amount: run.total_amount };
      },
    },
    {
      // Sends payouts a crash left unsent and asks Paystack about those still in flight (a lost webhook).
      name: 'settle-payouts',
      schedule: { everyMs: 10 * MINUTE },
      handler: async (services) => ({ payouts: (await settleInFlight(services)).length }),
    },
    {
      // Sends refunds a crash or Paystack's trouble left pending (2 minutes or more), and asks Paystack about
      // those processing for 10 minutes or more (a lost webhook) (docs/returns.md).
      name: 'send-refunds',
      schedule: { everyMs: 5 * MINUTE },
      handler: (services) => sendPendingRefunds(services),
    },
    {
      // Refunds whole every payment that arrived but could not be applied (late or second payments).
      name: 'refund-due-payments',
      schedule: { everyMs: 10 * MINUTE },
      handler: async (services) => ({ refunds: (await refundDuePayments(services)).length }),
    },
    {
      // Sends the emails of the outbox (docs/notifications.md): at once after the transaction that wrote one
      // commits in this process, and every 5 seconds for the rest (other processes' emails, retries, leases
      // run out after a crash). Without SMTP_URL it does nothing: emails are kept.
      name: 'deliver-outbox',
      schedule: { everyMs: 5_000 },
      handler: async (services) => {
        const run = await deliverOutbox(services);
        return run.claimed > 0 ? run : null;
      },
      wake: onEmailsCommitted,
    },
  ];
}

/** What started a run: its schedule (a due time), a wake signal, or runNow. */
export type JobTrigger = 'schedule' | 'wake' | 'manual';

/** What a handler is told about its run (handlers may ignore it). */
export interface JobContext {
  trigger: JobTrigger;
  /** The due time a scheduled run is for, when the runner knows it (BullMQ always; timers for daily jobs). */
  dueAt: Date | null;
  /** 1 for the first try of a due time, 2 for its first retry (BullMQ), and so on. */
  attempt: number;
}

/** One finished run, as `JobLog.ran` hears of it (the metrics count runs by job, trigger and outcome). */
export interface JobRunReport extends JobContext {
  job: string;
  ms: number;
  ok: boolean;
}

/** What the runner logs through (Fastify's and pino's loggers fit). */
export interface JobLog {
  info(details: object, message: string): void;
  /** A run that failed ('job failed', with `job`): the metrics count these. */
  error(details: object, message: string): void;
  /** Trouble that is not a job's failure (Redis unreachable); `info` when absent. */
  warn?(details: object, message: string): void;
  /** Every run that answered null ('job ran', with `job`, `trigger`, `due`): quiet by default. */
  debug?(details: object, message: string): void;
  /** Hears of every finished run, whatever it answered. */
  ran?(run: JobRunReport): void;
}

/** Jobs in the queue by state (the BullMQ queue's, across the cluster; timers: only `active`, this process's). */
export interface JobCounts {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

export interface RunningJobs {
  /** Which runner runs them: BullMQ with REDIS_URL, in-process timers without. */
  engine: 'timers' | 'bullmq';
  /** Resolves once the schedules are in place (BullMQ: upserted on Redis; waits while Redis is down). */
  ready: Promise<void>;
  /** Runs one job now in this process, unless it is running already here by runNow or a wake (then false). */
  runNow(name: string): Promise<boolean>;
  /** The queue's depth; rejects when it cannot be read (Redis down) within a second. */
  counts(): Promise<JobCounts>;
  /** Stops scheduling here and waits for the runs under way, then closes the queue's connections. */
  stop(): Promise<void>;
}

export interface StartJobsOptions extends BullmqJobsOptions {
  /** The runner, when not the one the config picks (REDIS_URL: BullMQ, otherwise timers). */
  engine?: RunningJobs['engine'];
}

/**
 * Runs the declared jobs: on BullMQ when REDIS_URL is set (each due time once across every process,
 * job-runner-bullmq.ts), otherwise on timers in this process (job-runner-timers.ts), as the two-command
 * start on SQLite always did.
 */
export function startJobs(
  services: Services,
  log: JobLog,
  declarations: JobDeclaration[] = jobDeclarations(services.config),
  options: StartJobsOptions = {},
): RunningJobs {
  const engine = options.engine ?? (services.config.redisUrl ? 'bullmq' : 'timers');
  return engine === 'bullmq'
    ? startBullmqJobs(services, log, declarations, options)
    : startTimerJobs(services, log, declarations);
}
