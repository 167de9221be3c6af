import type { Services } from './context.js';
import type { JobContext, JobDeclaration, JobLog, JobTrigger, RunningJobs } from './job-types.js';

/** Milliseconds from `now` to the next `hour`:00 UTC (a whole day when it is that moment now). */
export function msUntilUtcHour(now: Date, hour: number): number {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}

/**
 * Runs one job's handler once: times it, logs what it answered ('job done', unless null) or how it failed
 * ('job failed', which the metrics count), and reports every run to `log.ran`. Answers whether it worked;
 * with `rethrow` the failure is thrown again after being logged (a queue retries it).
 */
export async function runHandler(
  services: Services,
  log: JobLog,
  job: JobDeclaration,
  context: JobContext,
  rethrow = false,
): Promise<boolean> {
  const started = Date.now();
  const where = {
    job: job.name,
    trigger: context.trigger,
    ...(context.dueAt ? { due: context.dueAt.toISOString() } : {}),
    ...(context.attempt > 1 ? { attempt: context.attempt } : {}),
  };
  try {
    const result = await job.handler(services, context);
    const ms = Date.now() - started;
    if (result !== null) log.info({ ...where, ms, result }, 'job done');
    else log.debug?.({ ...where, ms }, 'job ran');
    log.ran?.({ ...context, job: job.name, ms, ok: true });
    return true;
  } catch (err) {
    const ms = Date.now() - started;
    log.error({ ...where, ms, err }, 'job failed');
    log.ran?.({ ...context, job: job.name, ms, ok: false });
    if (rethrow) throw err;
    return false;
  }
}

/**
 * The runs this process starts by itself (a timer's tick, a wake, runNow): one run of a job at a time; a
 * wake during a run makes one more run after it; stop() waits for the runs under way.
 */
export class LocalRuns {
  private readonly running = new Map<string, Promise<void>>();
  /** Jobs woken while running: they run once more when the run ends. */
  private readonly again = new Set<string>();
  private stopped = false;

  constructor(
    private readonly services: Services,
    private readonly log: JobLog,
  ) {}

  /** Runs `job` now, unless it is running here already or the runner stopped (then answers false). */
  run(job: JobDeclaration, trigger: JobTrigger, dueAt: Date | null = null): Promise<boolean> {
    if (this.stopped || this.running.has(job.name)) return Promise.resolve(false);
    const done = runHandler(this.services, this.log, job, { trigger, dueAt, attempt: 1 })
      .then(() => undefined)
      .finally(() => {
        this.running.delete(job.name);
        if (this.again.delete(job.name)) void this.run(job, 'wake');
      });
    this.running.set(job.name, done);
    return done.then(() => true);
  }

  /** A wake: runs the job now, or once more after the run under way. */
  wake(job: JobDeclaration): void {
    if (this.stopped) return;
    if (this.running.has(job.name)) this.again.add(job.name);
    else void this.run(job, 'wake');
  }

  /** Jobs running now. */
  get active(): number {
    return this.running.size;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.again.clear();
    await Promise.all(this.running.values());
  }
}

/** Starts every declared wake signal on `runs`; answers a function that stops them all. */
export function startWakes(services: Services, declarations: JobDeclaration[], runs: LocalRuns): () => void {
  const stops = declarations.flatMap((job) => (job.wake ? [job.wake(services, () => runs.wake(job))] : []));
  return () => {
    for (const stop of stops) stop();
  };
}

/**
 * The runner without Redis: the declared jobs run in this process on timers. One run of a job at a time
 * here: a tick that finds the previous run still going is skipped (the next tick comes soon enough). The
 * timers do not keep the process alive. Several processes each run every job (the handlers are safe to run
 * twice at once); with REDIS_URL the BullMQ runner (job-runner-bullmq.ts) runs each due time once.
 */
export function startTimerJobs(services: Services, log: JobLog, declarations: JobDeclaration[]): RunningJobs {
  const runs = new LocalRuns(services, log);
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  const schedule = (job: JobDeclaration) => {
    if ('everyMs' in job.schedule) {
      const timer = setInterval(() => void runs.run(job, 'schedule'), job.schedule.everyMs);
      timer.unref();
      timers.add(timer);
      return;
    }
    const { dailyAtUtcHour } = job.schedule;
    const next = () => {
      const wait = msUntilUtcHour(services.clock.now(), dailyAtUtcHour);
      const dueAt = new Date(services.clock.now().getTime() + wait);
      const timer = setTimeout(() => {
        timers.delete(timer);
        void runs.run(job, 'schedule', dueAt);
        if (!stopped) next();
      }, wait);
      timer.unref();
      timers.add(timer);
    };
    next();
  };

  for (const job of declarations) schedule(job);
  const stopWakes = startWakes(services, declarations, runs);

  return {
    engine: 'timers',
    ready: Promise.resolve(),
    runNow(name) {
      const job = declarations.find((d) => d.name === name);
      if (!job) throw new Error(`No job named ${name}`);
      return runs.run(job, 'manual');
    },
    async counts() {
      return { waiting: 0, active: runs.active, delayed: 0, failed: 0 };
    },
    async stop() {
      stopped = true;
      stopWakes();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await runs.stop();
    },
  };
}
