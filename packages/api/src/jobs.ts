import type { Services } from './context.js';
import type { Em } from './db/orm.js';
import { runPayouts, settleInFlight } from './modules/finance/payouts.service.js';
import { refundDuePayments, sendPendingRefunds } from './modules/finance/refunds.service.js';
import { deliverOutbox, onEmailsCommitted } from './modules/notifications/outbox.js';
import { releaseExpiredCheckouts } from './modules/orders/orders.service.js';

/**
 * The recurring jobs of the marketplace, declared in this one place: what runs, when, and what it does.
 * The declarations say nothing about how they are run: `startJobs` below runs them in the server's own
 * process on timers; a queue (BullMQ, pg-boss) can take the same list later. Every handler is safe to run
 * twice at once (in two processes, say): the services' conditional updates decide, not the runner.
 */

/** When a job runs: every so many milliseconds, or once a day at an hour (UTC). */
export type JobSchedule = { everyMs: number } | { dailyAtUtcHour: number };

export interface JobDeclaration {
  /** Stable name (a queue's job name, the log's `job`). */
  name: string;
  schedule: JobSchedule;
  /** Does the work once; answers something worth logging, or null when there was nothing to do (not logged). */
  handler(services: Services): Promise<unknown>;
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

/** Milliseconds from `now` to the next `hour`:00 UTC (a whole day when it is that moment now). */
export function msUntilUtcHour(now: Date, hour: number): number {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}

/** What the runner logs through (Fastify's and pino's loggers fit). */
export interface JobLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RunningJobs {
  /** Runs one job now, unless it is running already in this process (then answers false). */
  runNow(name: string): Promise<boolean>;
  /** Stops the timers and waits for runs under way. */
  stop(): Promise<void>;
}

/**
 * Runs the declared jobs in this process on timers. One run of a job at a time here: a tick that finds the
 * previous run still going is skipped (the next tick comes soon enough). The timers do not keep the process
 * alive.
 */
export function startJobs(
  services: Services,
  log: JobLog,
  declarations: JobDeclaration[] = jobDeclarations(services.config),
): RunningJobs {
  const running = new Map<string, Promise<void>>();
  /** Jobs woken while running: they run once more when the run ends. */
  const again = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  const stopWakes: (() => void)[] = [];
  let stopped = false;

  const run = (job: JobDeclaration): Promise<boolean> => {
    if (stopped || running.has(job.name)) return Promise.resolve(false);
    const started = Date.now();
    const done = job
      .handler(services)
      .then(
        (result) => {
          if (result !== null) log.info({ job: job.name, ms: Date.now() - started, result }, 'job done');
        },
        (err: unknown) => log.error({ job: job.name, err }, 'job failed'),
      )
      .finally(() => {
        running.delete(job.name);
        if (again.delete(job.name)) void run(job);
      });
    running.set(job.name, done);
    return done.then(() => true);
  };

  const schedule = (job: JobDeclaration) => {
    if ('everyMs' in job.schedule) {
      const timer = setInterval(() => void run(job), job.schedule.everyMs);
      timer.unref();
      timers.add(timer);
      return;
    }
    const { dailyAtUtcHour } = job.schedule;
    const next = () => {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          void run(job);
          if (!stopped) next();
        },
        msUntilUtcHour(services.clock.now(), dailyAtUtcHour),
      );
      timer.unref();
      timers.add(timer);
    };
    next();
  };

  for (const job of declarations) {
    schedule(job);
    if (job.wake) {
      stopWakes.push(
        job.wake(services, () => {
          if (running.has(job.name)) again.add(job.name);
          else void run(job);
        }),
      );
    }
  }

  return {
    runNow(name) {
      const job = declarations.find((d) => d.name === name);
      if (!job) throw new Error(`No job named ${name}`);
      return run(job);
    },
    async stop() {
      stopped = true;
      for (const stopWake of stopWakes) stopWake();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(running.values());
    },
  };
}
