import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Services } from '@caps/api';
import type { FastifyInstance } from 'fastify';

/** GET /api/images/{name}: stored images only, cached for a year (names are random and never reused). */
export async function imagesPlugin(app: FastifyInstance, options: { services: Services }) {
  app.get('/api/images/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    const path = options.services.images.pathOf(name);
    const info = path ? await stat(path).catch(() => null) : null;
    if (!path || !info?.isFile()) {
      return reply.status(404).send({ message: 'Image not found', error: 'Not Found', statusCode: 404 });
    }
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-length', info.size)
      .type('image/webp')
      .send(createReadStream(path));
  });
}
