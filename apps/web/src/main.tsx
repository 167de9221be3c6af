import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoot } from '@/app-root';
import { createQueryClient, markServerRendered } from '@/lib/query-client';
import { createTrpcClient } from '@/lib/trpc';
import { AppRoutes } from '@/routes/router';
import { hydrateQueries, readPageState } from '@/ssr/page-state';
import './index.css';

/**
 * A server-rendered page is hydrated at once: the query cache starts from the answers the server rendered
 * with, so nothing is fetched twice, and the page's code has already run (it is loaded with this module and
 * registers its page: routes/router.tsx, renderedPage), so React takes the page while this module runs,
 * before DOMContentLoaded. Any other page (the dashboards, or a page the server could not render) is rendered
 * here from scratch.
 */
function start(): void {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('The page has no #root element.');
  const pageState = readPageState();
  const queryClient = createQueryClient();
  if (pageState) {
    hydrateQueries(queryClient, pageState.queries);
    markServerRendered(queryClient);
  }
  const app = (
    <AppRoot
      queryClient={queryClient}
      trpcClient={createTrpcClient()}
      origin={pageState?.origin ?? window.location.origin}
    >
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppRoot>
  );
  if (!pageState) {
    createRoot(rootElement).render(app);
    return;
  }
  // Hydration as a transition: React does it in slices of a few milliseconds and lets the phone's main thread
  // breathe in between, instead of one long task of the whole page. A click or a key press on a part not yet
  // hydrated makes React finish that part at once and then handle it (selective hydration): nothing is lost.
  startTransition(() => {
    hydrateRoot(rootElement, app);
  });
}

start();
