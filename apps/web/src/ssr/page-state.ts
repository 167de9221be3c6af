import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import superjson from 'superjson';

/** The id of the <script type="application/json"> that carries a server-rendered page's state to the browser. */
export const PAGE_STATE_ID = 'page-state';

/** What a server-rendered page hands the browser so its first render is the server's, without fetching again. */
export interface PageState {
  /** The site's public origin (PUBLIC_URL), for absolute links (canonical, Open Graph) on both sides. */
  origin: string;
  /** The TanStack Query cache the page was rendered from, superjson-encoded (dates stay dates). */
  queries: ReturnType<typeof superjson.serialize>;
}

/** A failed call as the page state keeps it: what the app branches on (errorCodeOf, readServerError). */
interface SerializedError {
  message: string;
  data: unknown;
}

/** The cache to hand over: answers, and failures (a 404 page must render as not found in the browser too). */
export function dehydrateQueries(queryClient: QueryClient): PageState['queries'] {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' || query.state.status === 'error',
    shouldRedactErrors: () => false,
  });
  for (const query of state.queries) {
    const error = query.state.error;
    if (error) {
      const serialized: SerializedError = {
        message: error instanceof Error ? error.message : 'An error occurred',
        data: error instanceof TRPCClientError ? error.data : null,
      };
      (query.state as { error: unknown }).error = serialized;
    }
  }
  return superjson.serialize(state);
}

/** Fills the browser's cache from a page state: answers as they were, failures as tRPC client errors again. */
export function hydrateQueries(queryClient: QueryClient, queries: PageState['queries']): void {
  const state = superjson.deserialize<DehydratedState>(queries);
  for (const query of state.queries) {
    const error = query.state.error as SerializedError | null | undefined;
    if (error) {
      (query.state as { error: unknown }).error = new TRPCClientError(error.message, {
        result: { error: { data: error.data } },
      } as ConstructorParameters<typeof TRPCClientError>[1]);
    }
  }
  hydrate(queryClient, state);
}

/**
 * The page state as the text of a <script type="application/json">: JSON that can never close the script
 * or start a comment (`<` as \u003c), and that survives JavaScript's line separators.
 */
export function pageStateScript(state: PageState): string {
  const json = JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${PAGE_STATE_ID}">${json}</script>`;
}

/** The page state a server-rendered page carries, or null for a page the browser renders alone. */
export function readPageState(): PageState | null {
  const element = document.getElementById(PAGE_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PageState;
  } catch {
    return null;
  }
}
