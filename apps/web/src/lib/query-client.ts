import { type Query, QueryClient } from '@tanstack/react-query';
import { isUnauthenticated } from './server-errors';

const MAX_QUERY_RETRIES = 3;

/**
 * How long answers that came with a server-rendered page count as fresh: the page's first render in the
 * browser uses them without asking again (no second fetch after hydration). After that, spec 9's rule.
 */
const SERVER_RENDERED_FRESH_MS = 30_000;

/** Queries filled from the server-rendered page's state, with the time their answer was made. */
const serverRendered = new WeakMap<Query, number>();

/**
 * Marks the queries just filled from a server-rendered page, so they are not fetched again at once: answers
 * stay fresh a while, and a failure the page was rendered with (a cap that is not there) is not retried on
 * mount; the page's own retry button still asks again.
 */
export function markServerRendered(queryClient: QueryClient): void {
  for (const query of queryClient.getQueryCache().getAll()) {
    serverRendered.set(query, query.state.dataUpdatedAt);
    if (query.state.status === 'error') queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
}

/** Spec 9: stale at once, except an answer that came with the page, fresh until refetched or 30 s old. */
function staleTime(query: Query): number {
  const renderedAt = serverRendered.get(query);
  if (renderedAt === undefined || renderedAt !== query.state.dataUpdatedAt) return 0;
  return SERVER_RENDERED_FRESH_MS;
}

/** Spec 9: general cache retries 3 times, back-off from 1 s doubling to 30 s, garbage collection after 5 minutes. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime,
        gcTime: 5 * 60_000,
        // Asking again will not sign anyone in: a 401 goes straight to the screen that handles it.
        retry: (failureCount, error) => failureCount < MAX_QUERY_RETRIES && !isUnauthenticated(error),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      },
    },
  });
}
