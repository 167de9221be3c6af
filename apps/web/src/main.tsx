import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router-dom';
import { AppRoot } from '@/app-root';
import { createQueryClient, markServerRendered } from '@/lib/query-client';
import { createTrpcClient } from '@/lib/trpc';
import { routes } from '@/routes/router';
import { hydrateQueries, readPageState } from '@/ssr/page-state';
import './index.css';

/**
 * A server-rendered page is hydrated: its lazy route modules are loaded first (the router would otherwise
 * show its loading fallback, not the server's HTML), and the query cache starts from the answers the server
 * rendered with, so nothing is fetched twice. Any other page (the dashboards, or a page the server could not
 * render) is rendered here from scratch.
 */
async function loadLazyRoutes(matched: RouteObject[]): Promise<void> {
  await Promise.all(
    matched.map(async (route) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

function start(): void {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('The page has no #root element.');
  const pageState = readPageState();
  const queryClient = createQueryClient();
  const render = () => {
    const router = createBrowserRouter(routes);
    const app = (
      <AppRoot
        queryClient={queryClient}
        trpcClient={createTrpcClient()}
        origin={pageState?.origin ?? window.location.origin}
      >
        <RouterProvider router={router} />
      </AppRoot>
    );
    if (pageState) hydrateRoot(rootElement, app);
    else createRoot(rootElement).render(app);
  };
  if (!pageState) {
    render();
    return;
  }
  hydrateQueries(queryClient, pageState.queries);
  markServerRendered(queryClient);
  // The server-rendered pages are ready to hydrate at once (routes/router.tsx, renderedPage): React takes the
  // page while this module runs, before DOMContentLoaded. Any other matched route's code is loaded first.
  const lazyRoutes = (matchRoutes(routes, window.location) ?? [])
    .map((match) => match.route)
    .filter((route) => typeof route.lazy === 'function');
  if (lazyRoutes.length === 0) render();
  else void loadLazyRoutes(lazyRoutes).then(render);
}

start();
