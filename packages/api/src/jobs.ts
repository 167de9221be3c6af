import type { Services } from './context.js';
import { type BullmqJobsOptions, startBullmqJobs } from './job-runner-bullmq.js';
import { startTimerJobs } from './job-runner-timers.js';
import type { JobDeclaration, JobLog, RunningJobs } from './job-types.js';
import { runPayouts, settleInFlight } from './modules/finance/payouts.service.js';
import { refundDuePayments, sendPendingRefunds } from './modules/finance/refunds.service.js';
import { deliverOutbox, onEmailsCommitted } from './modules/notifications/outbox.js';
import { releaseExpiredCheckoutsVerified, verifyPendingPayments } from './modules/payment/payment.service.js';

export { msUntilUtcHour } from './job-runner-timers.js';
export type {
  JobContext,
  JobCounts,
  JobDeclaration,
  JobLog,
  JobRunReport,
  JobSchedule,
  JobTrigger,
  RunningJobs,
} from './job-types.js';

/**
 * The recurring jobs of the marketplace, declared in this one place: what runs, when, and what it does.
 * The declarations say nothing about how they are run: `startJobs` below hands them to a runner, BullMQ
 * with REDIS_URL (once per due time across the processes), timers in the process without. Every handler is
 * safe to run twice at once (in two processes, say): the services' conditional updates decide, not the runner.
 */

const MINUTE = 60_000;

export function jobDeclarations(config: Pick<Services['config'], 'payoutRunHourUtc'>): JobDeclaration[] {
  return [
    {
      // Unpaid checkouts give their reserved stock and coupon use back after 30 minutes, once the provider
      // has said none of their payments succeeded (a payment whose webhook was lost is applied instead).
      name: 'release-expired-checkouts',
      schedule: { everyMs: MINUTE },
      handler: (services) => releaseExpiredCheckoutsVerified(services),
    },
    {
      // Payments unconfirmed after 5 minutes are verified with the provider: a lost webhook loses no money.
      name: 'verify-pending-payments',
      schedule: { everyMs: 2 * MINUTE },
      handler: (services) => verifyPendingPayments(services),
    },
    {
      // The sandbox posts again the webhook events that got no 2xx, as Paystack does (sandbox only).
      name: 'sandbox-webhooks',
      schedule: { everyMs: 30_000 },
      handler: async (services) => {
        const delivered = (await services.sandbox?.deliverDueWebhooks()) ?? 0;
        return delivered > 0 ? { delivered } : null;
      },
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
