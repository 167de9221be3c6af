import type { Services } from '@caps/api';
import type { FastifyInstance } from 'fastify';

/** The longest one readiness check may take before it counts as failed. */
export const CHECK_TIMEOUT_MS = 1_500;

type CheckResult = 'ok' | 'unreachable' | 'not_configured';

/** Resolves with `call`'s outcome, or rejects after `ms` (the timer does not keep the process alive). */
function withTimeout<T>(call: () => Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([call(), timeout]).finally(() => clearTimeout(timer));
}

/** 'ok' when `call` settles well within the time limit, else 'unreachable'. */
async function check(call: () => Promise<unknown>): Promise<CheckResult> {
  try {
    await withTimeout(call, CHECK_TIMEOUT_MS);
    return 'ok';
  } catch {
    return 'unreachable';
  }
}

const checkDatabase = (services: Services) => check(() => services.orm.em.getConnection().execute('select 1'));

/**
 * Redis, when REDIS_URL is set, through the services' own connection: the rate limiter forgets a key no
 * limit uses (one DEL). Its calls wait for a connection being made and fail fast while Redis is down.
 */
async function checkRedis(services: Services): Promise<CheckResult> {
  if (!services.config.redisUrl) return 'not_configured';
  return check(() => services.rateLimiter.reset('readyz-probe'));
}

/**
 * GET /healthz (the process answers, and its database) and GET /readyz (database, Redis and image storage
 * reachable: a proxy sends traffic only to a ready process). Once the app begins to close (SIGTERM,
 * main.ts), Fastify answers every request, /readyz included, 503 (return503OnClosing, app.ts).
 */
export async function healthPlugin(app: FastifyInstance, options: { services: Services }) {
  const { services } = options;

  app.get('/healthz', async (_request, reply) => {
    if ((await checkDatabase(services)) === 'ok') return { status: 'ok', database: 'ok' };
    return reply.status(503).send({ status: 'error', database: 'unreachable', message: 'Database unreachable' });
  });

  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const [database, redis, storage] = await Promise.all([
      checkDatabase(services),
      checkRedis(services),
      check(() => services.images.storage.check()),
    ]);
    const checks = { database, redis, storage };
    const failing = Object.entries(checks)
      .filter(([, result]) => result === 'unreachable')
      .map(([name]) => name);
    if (failing.length === 0) return { status: 'ok', checks };
    return reply.status(503).send({ status: 'error', checks, message: `Unreachable: ${failing.join(', ')}` });
  });
}
