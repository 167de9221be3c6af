import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { type AppRouter, appRouter, createContext, type Services } from '@caps/api';
import { createTRPCClient, unstable_localLink } from '@trpc/client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestInfo } from '../rest/plugin.js';

/** The most a page may take to render before the visitor gets the app to render it in the browser instead. */
const RENDER_TIMEOUT_MS = 10_000;

type TrpcClient = ReturnType<typeof createTRPCClient<AppRouter>>;

/** The contract of apps/web/src/entry-server.tsx, as built to dist-ssr/entry-server.js. */
interface DocumentSink {
  write(chunk: string): unknown;
  end(): unknown;
  once(event: 'drain', listener: () => void): unknown;
}
interface RenderedPage {
  status: number;
  pipe(sink: DocumentSink): void;
}
interface WebRenderer {
  render(request: {
    url: string;
    origin: string;
    template: string;
    manifest?: Record<string, { file: string; src?: string; name?: string }>;
    trpcClient: TrpcClient;
    signal?: AbortSignal;
    onError?: (error: unknown) => void;
  }): Promise<RenderedPage | null>;
}

/**
 * The rendered pages carry the app's stylesheet in their head instead of a link to it: on a phone's slow link
 * the first paint then waits for the one HTML answer, not for a second round trip (about 10 KB compressed, the
 * whole of Tailwind's output). Pages the browser renders alone (index.html) keep the cached link. A stylesheet
 * whose text could end the <style> element early, or that is not in the build, stays a link.
 */
export function inlineStylesheets(template: string, distDir: string): string {
  return template.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, file: string) => {
    const path = join(distDir, file);
    if (file.includes('..') || !existsSync(path)) return link;
    const css = readFileSync(path, 'utf8');
    return /<\/style/i.test(css) ? link : `<style>${css}</style>`;
  });
}

export interface PageRenderer {
  /**
   * Answers a page request with the server-rendered page; false when the page is not one the server renders
   * (a dashboard) or rendering failed before anything was sent: the caller then sends the app's index.html.
   */
  send(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/**
 * The storefront's server renderer (issue 15), when the web app's server build is there (`npm run build`
 * makes apps/web/dist-ssr beside apps/web/dist). Pages read the catalogue through tRPC in-process, as an
 * anonymous visitor with the request's address (rate limits apply as to the visitor's own calls).
 */
export async function loadPageRenderer(
  services: Services,
  options: { distDir: string; ssrDir: string; production: boolean },
): Promise<PageRenderer | null> {
  const entry = join(options.ssrDir, 'entry-server.js');
  const templateFile = join(options.distDir, 'index.html');
  if (!existsSync(entry) || !existsSync(templateFile)) return null;
  // React chooses its build by process.env.NODE_ENV when the renderer first loads it. A production server may be
  // started without NODE_ENV (`npm start`: config.ts reads unset as production); React would then render with
  // its development build, checking every element and prop: about twice the CPU time per page. A NODE_ENV that
  // is set is left as it is.
  if (options.production && !process.env.NODE_ENV) process.env.NODE_ENV = 'production';
  const renderer = (await import(pathToFileURL(entry).href)) as WebRenderer;
  const template = inlineStylesheets(readFileSync(templateFile, 'utf8'), options.distDir);
  // Which chunk holds each page's module, so a rendered page loads its own with the app (vite build's manifest).
  const manifestFile = join(options.distDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : undefined;
  const origin = services.config.publicUrl;

  return {
    async send(request, reply) {
      const trpcClient = createTRPCClient<AppRouter>({
        links: [
          unstable_localLink({
            router: appRouter,
            createContext: async () => createContext(services, { ...requestInfo(request), authorization: undefined }),
          }),
        ],
      });
      const signal = AbortSignal.timeout(RENDER_TIMEOUT_MS);
      let page: RenderedPage | null;
      try {
        page = await renderer.render({
          url: request.url,
          origin,
          template,
          manifest,
          trpcClient,
          signal,
          onError: (error) => request.log.error({ err: error, url: request.url }, 'error while streaming a page'),
        });
      } catch (error) {
        // Never a blank page: the browser renders the app from index.html instead.
        request.log.error({ err: error, url: request.url }, 'server rendering failed; sending the app instead');
        return false;
      }
      if (!page) return false;
      // Streamed through Fastify (not the raw response), so compression and the other hooks apply.
      const body = new PassThrough();
      page.pipe(body);
      await reply.status(page.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(body);
      return true;
    },
  };
}
