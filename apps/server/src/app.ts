import {
  createServices,
  DomainError,
  SERVICE_UNAVAILABLE_MESSAGE,
  type Services,
  startJobs,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
} from '@caps/api';
import { MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES } from '@caps/contracts';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig, TrustProxy } from './config.js';
import { installAfterAnswer } from './plugins/after-answer.js';
import { installCompression } from './plugins/compression.js';
import { healthPlugin } from './plugins/health.js';
import { imagesPlugin } from './plugins/images.js';
import { installMetrics } from './plugins/metrics.js';
import { paymentsPlugin } from './plugins/payments.js';
import { addSecurityHeaders } from './plugins/security-headers.js';
import { seoFilesPlugin } from './plugins/seo-files.js';
import { loadPageRenderer } from './plugins/ssr.js';
import { trpcPlugin } from './plugins/trpc.js';
import { webPlugin } from './plugins/web.js';
import { errorResponse, installErrorHandler } from './rest/errors.js';
import { restPlugin } from './rest/plugin.js';

/** The answer to a request that arrives once the server has begun to close: another process will take it. */
const shuttingDown = () =>
  new DomainError('SERVICE_UNAVAILABLE', SERVICE_UNAVAILABLE_MESSAGE, undefined, UNAVAILABLE_RETRY_AFTER_SECONDS);

export interface BuildOptions {
  /** Ready services (tests pass their own database); otherwise opened from the config. */
  services?: Services;
  logger?: boolean;
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes the documented function form: Fastify 5 reads a bare
 * number as "trust nothing" (a count cannot tell the proxy from a client that reached the app directly), so
 * a count is for apps that only the proxy can reach (docker/compose.yml publishes no app port).
 */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** The whole HTTP server, without listening: tests drive it with app.inject(). */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const services = options.services ?? (await createServices(config.database, config.services));
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Once closing (SIGTERM), requests still arriving, /readyz included, get 503: a proxy stops sending here.
    // Answered by the onRequest hook below rather than Fastify's own, whose body lacks our error shape's code.
    return503OnClosing: false,
    bodyLimit: 1024 * 1024,
    // tRPC batches put several procedure names in one path segment.
    routerOptions: { maxParamLength: 5000 },
  });
  app.decorate('services', services);
  // JSON as usual, but an empty body (a DELETE sent with a JSON content type) is no body rather than a 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new SyntaxError('The request body is not valid JSON.'), { statusCode: 400 }));
    }
  });
  // JSON sent as text/plain is refused as the wrong content type (415), as XML is, not read as a string.
  app.removeContentTypeParser('text/plain');
  installErrorHandler(app);

  await addSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_PRODUCT_IMAGES + 2, fields: 60, fieldSize: 64 * 1024, parts: 80 },
  });

  // Once closing, every answer closes its connection: a kept-alive connection (Fastify keeps them 72 s)
  // would otherwise hold the shutdown after its request in flight was answered.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    app.log.info('closing: finishing the requests in flight');
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    return reply.status(503).send(errorResponse(shuttingDown()));
  });
  // Before the routes, on the root instance: work a request leaves for after its answer starts there.
  installAfterAnswer(app, services);
  // Before the routes, on the root instance: every answer (the not-found handler's too) is compressed there.
  installCompression(app);
  // Before the routes: its hooks count every request.
  const metrics = installMetrics(app, services, config.metricsToken);
  await app.register(healthPlugin, { services });

  await app.register(trpcPlugin, { services });
  await app.register(imagesPlugin, { services });
  await app.register(paymentsPlugin, { services });
  await app.register(restPlugin, { services });
  await app.register(seoFilesPlugin, { services });
  const renderer = await loadPageRenderer(services, {
    distDir: config.webDistDir,
    ssrDir: config.webSsrDir,
    production: config.services.nodeEnv === 'production',
  });
  await app.register(webPlugin, { distDir: config.webDistDir, renderer });

  // The recurring jobs (packages/api/src/jobs.ts: expired checkouts, payout runs), unless turned off: on
  // BullMQ with REDIS_URL (each due time once across the processes), on timers in this process without.
  const jobs = services.config.jobsEnabled ? startJobs(services, metrics.jobLog(app.log)) : null;
  if (jobs) metrics.watchJobs(jobs);

  app.addHook('onClose', async () => {
    await jobs?.stop();
    if (!options.services) await services.orm.close();
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
