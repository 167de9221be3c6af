/**
 * The server's renderer of the storefront (issue 15): apps/server imports the build of this file
 * (apps/web/dist-ssr/entry-server.js) and calls render() for every page request the web app answers.
 * Pages whose route says `handle.ssr` (routes/router.tsx) are rendered with React's streaming renderer from
 * the data they need, fetched in-process through the tRPC client the server hands over; the query cache
 * travels with the HTML so the browser hydrates without fetching again. Anything else answers null: the
 * server then sends the app's plain index.html, which the browser renders alone.
 */
import { type QueryClient, QueryClient as TanStackQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router-dom';
import { AppRoot } from '@/app-root';
import type { TrpcClient } from '@/lib/trpc';
import { AppRoutes, type RouteHandle, routes } from '@/routes/router';
import { splitDocument } from '@/ssr/document';
import { HttpStatusProvider, type HttpStatusRecorder } from '@/ssr/http-status';
import { dehydrateQueries, pageStateScript } from '@/ssr/page-state';

export interface RenderRequest {
  /** The request's path and query, as asked (`/product/12?ref=x`). */
  url: string;
  /** The public origin (PUBLIC_URL, no trailing slash): canonical and Open Graph links are made from it. */
  origin: string;
  /** The built index.html: its head (styles, the app's script) wraps the rendered page. */
  template: string;
  /** The browser build's manifest (dist/.vite/manifest.json): which chunk holds the page's module. */
  manifest?: BuildManifest;
  /** A tRPC client calling the server's procedures in-process, as an anonymous visitor. */
  trpcClient: TrpcClient;
  /** Aborts the render (the visitor went away, or it took too long). */
  signal?: AbortSignal;
  /** Told of errors inside the page while streaming (the browser then renders those parts itself). */
  onError?: (error: unknown) => void;
}

/** Where the rendered document is written: a Node writable stream, the server's reply. */
export interface DocumentSink {
  write(chunk: string): unknown;
  end(): unknown;
  once(event: 'drain', listener: () => void): unknown;
}

/** The part of Vite's build manifest the renderer reads. */
export type BuildManifest = Record<string, { file: string; src?: string; name?: string }>;

/** The chunk of a page's module: by its source path, or by name when the build merged it into a shared chunk. */
function chunkOf(manifest: BuildManifest | undefined, module: string | undefined): string | null {
  if (!manifest || !module) return null;
  const exact = manifest[module];
  if (exact) return exact.file;
  const name = module.slice(module.lastIndexOf('/') + 1).replace(/\.tsx?$/, '');
  return Object.values(manifest).find((chunk) => chunk.name === name)?.file ?? null;
}

export interface RenderedPage {
  status: number;
  /** Streams the whole HTML document into the sink and ends it. */
  pipe(sink: DocumentSink): void;
}

/** The first script of a rendered page, which loads the app after the page's picture (ssr/boot.ts). */
const BOOT_MODULE = 'src/ssr/boot.ts';

/** Renders before the streamed one find the queries a page needs; each round may reveal more (a product's shop). */
const MAX_DATA_ROUNDS = 4;

interface WantedQuery {
  queryKey: readonly unknown[];
  queryHash: string;
  queryFn?: unknown;
  enabled?: unknown;
}

/**
 * A query client that notes every query a render asks for (useQuery passes its options through
 * defaultQueryOptions), so the renderer can fetch what the page needs and render again.
 */
function collectingQueryClient(): { queryClient: QueryClient; wanted: Map<string, WantedQuery> } {
  const queryClient = new TanStackQueryClient({
    defaultOptions: {
      // Render what was fetched: a failure (a cap that is not there) as a failure, not as loading again.
      queries: {
        retry: false,
        retryOnMount: false,
        staleTime: Number.POSITIVE_INFINITY,
        gcTime: Number.POSITIVE_INFINITY,
      },
    },
  });
  const wanted = new Map<string, WantedQuery>();
  const defaultQueryOptions = queryClient.defaultQueryOptions.bind(queryClient);
  queryClient.defaultQueryOptions = ((options) => {
    const defaulted = defaultQueryOptions(options);
    wanted.set(defaulted.queryHash, defaulted as WantedQuery);
    return defaulted;
  }) as typeof queryClient.defaultQueryOptions;
  return { queryClient, wanted };
}

/** Fetches the wanted queries that are enabled and not yet answered; false when there was nothing to fetch. */
async function fetchWanted(queryClient: QueryClient, wanted: Map<string, WantedQuery>): Promise<boolean> {
  const cache = queryClient.getQueryCache();
  const due = [...wanted.values()].filter((options) => {
    const query = cache.get(options.queryHash);
    if (query && query.state.status !== 'pending') return false;
    if (typeof options.queryFn !== 'function') return false;
    const enabled = typeof options.enabled === 'function' ? options.enabled(query) : options.enabled;
    return enabled !== false;
  });
  if (due.length === 0) return false;
  await Promise.all(
    due.map((options) =>
      queryClient
        .fetchQuery({ ...(options as Parameters<QueryClient['fetchQuery']>[0]), retry: false })
        // A failed query keeps its error in the cache: the page renders its error or not-found state from it.
        .catch(() => undefined),
    ),
  );
  return true;
}

export async function render(request: RenderRequest): Promise<RenderedPage | null> {
  const url = new URL(request.url, 'http://localhost');
  const matches = matchRoutes(routes, url.pathname);
  const handle = matches?.at(-1)?.route.handle as RouteHandle | undefined;
  if (!handle?.ssr) return null;

  // The page's code runs before rendering (it registers the page: routes/router.tsx), so it renders at once.
  await handle.preload?.();

  const { queryClient, wanted } = collectingQueryClient();
  const recorder: HttpStatusRecorder = { status: 200 };
  const app = (): ReactNode => (
    <HttpStatusProvider recorder={recorder}>
      <AppRoot queryClient={queryClient} trpcClient={request.trpcClient} origin={request.origin}>
        <StaticRouter location={url.pathname + url.search}>
          <AppRoutes />
        </StaticRouter>
      </AppRoot>
    </HttpStatusProvider>
  );

  for (let round = 0; round < MAX_DATA_ROUNDS; round++) {
    wanted.clear();
    recorder.status = 200;
    renderToString(app());
    request.signal?.throwIfAborted();
    if (!(await fetchWanted(queryClient, wanted))) break;
  }
  recorder.status = 200;
  const document = splitDocument(request.template);
  const state = pageStateScript({ origin: request.origin, queries: dehydrateQueries(queryClient) });
  const scripts = { page: chunkOf(request.manifest, handle.module), boot: chunkOf(request.manifest, BOOT_MODULE) };

  return new Promise<RenderedPage>((resolve, reject) => {
    const stream = renderToPipeableStream(app(), {
      // Every part is complete when the page streams: keep each Suspense boundary inline in the HTML. React
      // would otherwise send a large one after the rest with an inline <script> to move it in place, which the
      // Content-Security-Policy (script-src 'self') forbids.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        resolve({
          // The not-found pages set 404 while rendering the shell.
          status: recorder.status,
          pipe(sink) {
            stream.pipe(document.writer(sink, state, scripts));
          },
        });
      },
      onShellError: reject,
      onError(error) {
        request.onError?.(error);
      },
    });
    request.signal?.addEventListener('abort', () => stream.abort(request.signal?.reason), { once: true });
  });
}
