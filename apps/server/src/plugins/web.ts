import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { PageRenderer } from './ssr.js';

const API_PREFIXES = ['/api', '/trpc', '/healthz', '/readyz', '/metrics', '/payment-sandbox'];

/**
 * Serves the built web app and answers any other GET that wants HTML with index.html, so that
 * client routes (/product/12, /vendor/dashboard?tab=orders) survive a reload. API paths get JSON 404s.
 */
export async function webPlugin(app: FastifyInstance, options: { distDir: string; renderer?: PageRenderer | null }) {
  const hasWeb = existsSync(join(options.distDir, 'index.html'));
  if (hasWeb) {
    const assetsDir = join(options.distDir, 'assets');
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      // The .br and .gz copies beside a file (apps/web/scripts/precompress.mjs) are sent in its place when the
      // request's Accept-Encoding takes them, with Content-Encoding and `Vary: accept-encoding`; they get no
      // route of their own. /robots.txt and the sitemaps are the server's own (plugins/seo-files.ts).
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz', 'robots.txt', 'sitemap*.xml'],
      // ETag and Last-Modified come from @fastify/send, so `no-cache` files are revalidated with a 304.
      setHeaders(res, path) {
        // Vite names assets by content hash: they never change, so they may be cached for a year.
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
    // Assets written after the server started (a rebuild), by exact name; a missing one is a 404, not the page.
    app.get('/assets/*', (request, reply) => {
      const name = (request.params as { '*': string })['*'];
      if (!/^\w[\w.-]*$/.test(name) || /\.(br|gz)$/.test(name) || !existsSync(join(assetsDir, name))) {
        return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND', error: 'Not Found', statusCode: 404 });
      }
      return reply.sendFile(name, assetsDir);
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
    if (hasWeb && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      const file = path.slice(1);
      if (/^[\w.-]+\.(ico|png|svg|webmanifest|txt)$/.test(file) && existsSync(join(options.distDir, file))) {
        return reply.sendFile(file);
      }
      // Storefront pages come rendered (plugins/ssr.ts); the others, or a render that failed, get the app.
      if (options.renderer && (await options.renderer.send(request, reply))) return reply;
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND', error: 'Not Found', statusCode: 404 });
  });
}
