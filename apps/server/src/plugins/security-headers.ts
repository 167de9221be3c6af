import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

type HeaderValue = number | string | string[];

/**
 * The headers @fastify/helmet sets with these options, read once from a throwaway instance: the same
 * names (in helmet's spelling and order) and values. They depend on nothing of the request, since no
 * directive is a function and CSP nonces are off.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, HeaderValue][]> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  let headers: [string, HeaderValue][] = [];
  probe.get('/', (_request, reply) => {
    // Names as helmet spells them (Node keeps the case it was given; @types/node lacks this method).
    const raw = reply.raw as typeof reply.raw & { getRawHeaderNames(): string[] };
    headers = raw.getRawHeaderNames().map((name) => [name, raw.getHeader(name) as HeaderValue]);
    return '';
  });
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  if (headers.length === 0) throw new Error('helmet set no headers');
  return headers;
}

/**
 * Helmet's security headers on every response (routes, 404s, errors, files), as @fastify/helmet would
 * set them, but computed once: the plugin rebuilds its middlewares (and parses the CSP directives) on
 * every request, a few per cent of the server's time on a catalogue page. Added to the root instance,
 * so the hook runs for everything registered after it.
 */
export async function addSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions) {
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
