import type { Services } from './context.js';

/**
 * The types of the recurring jobs (jobs.ts declares them and picks a runner; job-runner-*.ts run them), in a
 * module of their own so the runners and the declarations do not import each other.
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

/**
 * What started a run: its schedule (a due time), a wake signal, runNow, or a catch-up after a Redis outage
 * during which one of its due times passed.
 */
export type JobTrigger = 'schedule' | 'wake' | 'manual' | 'catchup';

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
