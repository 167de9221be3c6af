import type { Context, Services } from './context.js';

/**
 * Work a request leaves for after its answer (a password reset's account lookup), so the time of the answer
 * cannot tell what the work found. Tracked per server, so tests and a closing server can wait for it.
 */

const running = new WeakMap<Services, Set<Promise<void>>>();

/**
 * Runs `task` once this request's answer has been sent: when the HTTP host says so (`request.afterAnswer`,
 * Fastify's onResponse), else (a caller without HTTP: tests, scripts) on the next turn of the event loop,
 * after the caller has its answer. A failure goes to `request.logError`; the answer is already out.
 */
export function runAfterAnswer(ctx: Pick<Context, 'services' | 'request'>, what: string, task: () => Promise<void>) {
  let tasks = running.get(ctx.services);
  if (!tasks) {
    tasks = new Set();
    running.set(ctx.services, tasks);
  }
  let start = () => {};
  const started = new Promise<void>((resolve) => {
    start = resolve;
  });
  const run: Promise<void> = started
    .then(task)
    .catch((error: unknown) => ctx.request.logError?.(error, `${what} failed after the answer`))
    .finally(() => tasks.delete(run));
  tasks.add(run);
  if (ctx.request.afterAnswer) ctx.request.afterAnswer(start);
  else setImmediate(start);
}

/** Waits until the work left for after the answers of this server's requests has finished. */
export async function afterAnswerSettled(services: Services): Promise<void> {
  const tasks = running.get(services);
  while (tasks && tasks.size > 0) await Promise.allSettled([...tasks]);
}
