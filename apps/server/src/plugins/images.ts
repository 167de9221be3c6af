import type { Services } from '@caps/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers carry images as "/api/images/<name>", while spec 3 says an image value not starting with
 * http is a file name served from /api/images/{name}. A client that follows the spec joins the two
 * and asks for /api/images//api/images/<name> (or with the doubled slash folded). Those paths serve
 * the same stored image; the name is still only one the store made, so nothing else is reachable.
 */
const IMAGE_PATHS = ['/api/images/:name', '/api/images/api/images/:name', '/api/images//api/images/:name'];

/** Stored names are random and never reused, so whoever caches them (a CDN, a browser) may keep them forever. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Whether an If-None-Match header names this entity tag, with the weak comparison RFC 9110 asks for
 * there (a W/ prefix is ignored). `*` (any current representation) is the caller's to check.
 */
function namesTag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/**
 * GET /api/images/{name}: stored images only, streamed from the image storage (a local folder or the S3
 * bucket every process shares), cached for a year. Every size the web app's srcset names is served:
 * a middle size (`-md`) missing for an image stored before that size existed is made on first request.
 * A store that cannot be reached answers 503 (through the error handler), never a 500.
 *
 * The strong ETag is the name itself: names are random and never reused, so a name always means the same
 * bytes. A revalidation naming it (If-None-Match) answers 304 without reading the store at all.
 */
export async function imagesPlugin(app: FastifyInstance, options: { services: Services }) {
  const { images } = options.services;
  const notFound = (reply: FastifyReply) =>
    reply.status(404).send({ message: 'Image not found', code: 'NOT_FOUND', error: 'Not Found', statusCode: 404 });

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const { name } = request.params as { name: string };
    if (!images.isStoredName(name)) return notFound(reply);
    const etag = `"${name}"`;
    const ifNoneMatch = request.headers['if-none-match'];
    if (namesTag(ifNoneMatch, etag)) {
      return reply.status(304).header('etag', etag).header('cache-control', CACHE_CONTROL).send();
    }
    const image = await images.open(name);
    if (!image) return notFound(reply);
    reply.header('etag', etag).header('cache-control', CACHE_CONTROL);
    if (ifNoneMatch?.trim() === '*') {
      image.body.destroy();
      return reply.status(304).send();
    }
    if (image.size !== null) reply.header('content-length', image.size);
    return reply.header('x-content-type-options', 'nosniff').type('image/webp').send(image.body);
  };
  for (const url of IMAGE_PATHS) app.get(url, serve);
}
