import { hash } from 'node:crypto';
import { constants } from 'node:zlib';
import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Answers smaller than this (bytes) go as they are: encoding them would save less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/** Text answers: HTML, JSON (REST, tRPC), XML (sitemaps), scripts and styles, SVG; never images or binaries. */
const TEXT_TYPES =
  /^(?:text\/(?!event-stream)|application\/(?:javascript|(?:[\w.-]+\+)?(?:json|xml))(?:;|$)|image\/svg\+xml)/;

const COMPRESS_OPTIONS: FastifyCompressOptions = {
  encodings: ['br', 'gzip'],
  threshold: COMPRESSION_THRESHOLD,
  // Brotli 4 compresses answers about as well as gzip 9 (and better than gzip 6) at the CPU cost of gzip 6;
  // the build's own files are compressed once, at the best quality (apps/web/scripts/precompress.mjs).
  // A streamed answer (a server-rendered page) is flushed at every chunk written, so the browser gets each
  // part of the page as it is rendered instead of when the compressor's buffer fills or the page ends.
  brotliOptions: {
    flush: constants.BROTLI_OPERATION_FLUSH,
    params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  },
  zlibOptions: { level: 6, flush: constants.Z_SYNC_FLUSH },
  // Other types fall back to mime-db's "compressible" (false for image/webp and application/octet-stream).
  customTypes: (type) => TEXT_TYPES.test(type),
  // Request bodies stay as sent: no compressed uploads to inflate (nor to be bombed with).
  globalDecompression: false,
};

/** The GET answers of the catalogue that carry an ETag: the same for every caller (none reads the token). */
const REVALIDATED_ROUTES = new Set([
  '/api/products',
  '/api/products/:id',
  '/api/vendors',
  '/api/vendors/:id',
  '/robots.txt',
  '/sitemap.xml',
  '/sitemap-pages.xml',
  '/sitemap-shops-:page.xml',
  '/sitemap-products-:page.xml',
]);
/** The same catalogue queries over tRPC (GET /trpc/catalogue.list?input=..., or batched among themselves). */
const REVALIDATED_PROCEDURES = new Set(['catalogue.list', 'catalogue.get', 'vendors.list', 'vendors.get']);

type Done = (error: Error | null, payload?: unknown) => void;
type OnRequest = (request: FastifyRequest, reply: FastifyReply, done: () => void) => void;
type OnSend = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: Done) => void;
type CompressPlugin = (instance: object, options: FastifyCompressOptions, next: (error?: Error) => void) => void;

/**
 * The hooks @fastify/compress adds to each route. It adds them in an onRoute hook, so they would reach routes
 * only: the not-found handler, which answers the web app's pages (index.html, the server-rendered storefront
 * of plugins/ssr.ts), is no route. Its route hooks are taken here, with our options, to run on every answer.
 */
function compressHooks(options: FastifyCompressOptions): { onRequest: OnRequest; onSend: OnSend } {
  let onRoute: ((route: { onRequest?: unknown; onSend?: unknown }) => void) | undefined;
  const collector = {
    decorateReply: () => collector,
    addHook(name: string, hook: typeof onRoute) {
      if (name === 'onRoute') onRoute = hook;
      return collector;
    },
  };
  let failure: Error | undefined;
  (fastifyCompress as unknown as CompressPlugin)(collector, options, (error) => {
    failure = error;
  });
  const route: { onRequest?: unknown; onSend?: unknown } = {};
  onRoute?.(route);
  const [onRequest] = Array.isArray(route.onRequest) ? route.onRequest : [];
  const [onSend] = Array.isArray(route.onSend) ? route.onSend : [];
  if (failure || typeof onRequest !== 'function' || typeof onSend !== 'function') {
    throw new Error('@fastify/compress did not give its route hooks: check plugins/compression.ts against it', {
      cause: failure,
    });
  }
  return { onRequest: onRequest as OnRequest, onSend: onSend as OnSend };
}

const isStream = (payload: unknown): boolean =>
  typeof payload === 'object' && payload !== null && typeof (payload as { pipe?: unknown }).pipe === 'function';

/**
 * tRPC answers with a fetch Response. A whole one (not a streamed batch) is read into a Buffer, status and
 * headers onto the reply, so that it is hashed for its ETag and, when small, sent uncompressed like others.
 */
async function unwrapResponse(reply: FastifyReply, response: Response): Promise<unknown> {
  const streamed =
    response.headers.has('transfer-encoding') || response.headers.get('content-type')?.startsWith('text/event-stream');
  if (streamed) return response;
  reply.code(response.status);
  for (const [name, value] of response.headers) reply.header(name, value);
  return response.body ? Buffer.from(await response.arrayBuffer()) : null;
}

function revalidated(request: FastifyRequest, reply: FastifyReply): boolean {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return false;
  const route = request.routeOptions.url;
  if (route === '/trpc/:path') {
    const { path } = request.params as { path: string };
    return path.split(',').every((procedure) => REVALIDATED_PROCEDURES.has(procedure));
  }
  return route !== undefined && REVALIDATED_ROUTES.has(route);
}

/**
 * `W/"..."` of the answer's bytes: weak, since each content-coding of the same JSON has other bytes. SHA-1 in
 * one call (crypto.hash), the same value as createHash('sha1').update(body).digest() without the Hash
 * object, a stream, that createHash builds for every answer.
 */
const etagOf = (body: string | Buffer) => `W/"${hash('sha1', body, 'base64url')}"`;

/** If-None-Match holds this ETag (weak comparison, RFC 9110 13.1.2) or is `*`. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.slice(2);
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === opaque || trimmed === `W/${opaque}`;
  });
}

/**
 * How answers travel (issue 15), on the root instance before the routes so that every answer passes here
 * once, the not-found handler's included:
 * - the catalogue's GET answers (REVALIDATED_ROUTES) get an ETag and `Cache-Control: no-cache`, and a request
 *   whose If-None-Match holds it gets 304 with no body;
 * - text answers of at least COMPRESSION_THRESHOLD bytes, buffered or streamed, are compressed with
 *   @fastify/compress (brotli 4 or gzip, as Accept-Encoding prefers; `Vary: accept-encoding`). Answers already
 *   encoded (the build's precompressed files), images, 204/304 and files smaller than the threshold are not.
 * Request bodies are never decompressed.
 */
export function installCompression(app: FastifyInstance): void {
  const compress = compressHooks(COMPRESS_OPTIONS);
  // reply.compress(payload), as @fastify/compress gives it to a route, on every reply: declared empty (null, as
  // the plugin itself does), set by its onRequest hook.
  app.decorateReply('compress', null as unknown as FastifyReply['compress']);
  app.addHook('onRequest', compress.onRequest);

  const deliver = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: Done) => {
    if (payload === null || payload === undefined || reply.statusCode === 204 || reply.statusCode === 304) {
      return done(null, payload);
    }
    if ((typeof payload === 'string' || Buffer.isBuffer(payload)) && revalidated(request, reply)) {
      // Hashed and sent as the same bytes: a string would be encoded for the hash, then again (after being
      // copied behind the headers' text) when written; the length header is the same either way.
      if (typeof payload === 'string') payload = Buffer.from(payload);
      const etag = etagOf(payload as Buffer);
      reply.header('etag', etag);
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
      if (matches(request.headers['if-none-match'], etag)) {
        reply.code(304);
        return done(null, '');
      }
    }
    // A file sent as it is on disk (too small to have been precompressed): its length is known.
    if (isStream(payload) && Number(reply.getHeader('content-length')) < COMPRESSION_THRESHOLD) {
      return done(null, payload);
    }
    // Its done() without a payload means "unchanged": ours, which may differ from Fastify's (a Response read).
    compress.onSend(request, reply, payload, (error, compressed) =>
      done(error, compressed === undefined ? payload : compressed),
    );
  };

  app.addHook('onSend', (request, reply, payload, done) => {
    if (payload instanceof Response) {
      unwrapResponse(reply, payload).then((body) => deliver(request, reply, body, done), done);
    } else {
      deliver(request, reply, payload, done);
    }
  });
}
