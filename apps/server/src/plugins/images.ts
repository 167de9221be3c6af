import type { Services } from '@caps/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers carry images as "/api/images/<name>", while spec 3 says an image value not starting with
 * http is a file name served from /api/images/{name}. A client that follows the spec joins the two
 * and asks for /api/images//api/images/<name> (or with the doubled slash folded). Those paths serve
 * the same stored image; the name is still only one the store made, so nothing else is reachable.
 */
const IMAGE_PATHS = ['/api/images/:name', '/api/images/api/images/:name', '/api/images//api/images/:name'];

/**
 * GET /api/images/{name}: stored images only, streamed from the image storage (a local folder or the S3
 * bucket every process shares), cached for a year (names are random and never reused). A store that
 * cannot be reached answers 503 (through the error handler), never a 500.
 */
export async function imagesPlugin(app: FastifyInstance, options: { services: Services }) {
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const { name } = request.params as { name: string };
    const image = await options.services.images.open(name);
    if (!image) {
      return reply
        .status(404)
        .send({ message: 'Image not found', code: 'NOT_FOUND', error: 'Not Found', statusCode: 404 });
    }
    if (image.size !== null) reply.header('content-length', image.size);
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .type('image/webp')
      .send(image.body);
  };
  for (const url of IMAGE_PATHS) app.get(url, serve);
}
