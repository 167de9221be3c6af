import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from '@/components/ui/toaster';
import { isUnauthenticated } from '@/lib/server-errors';
import { createTrpcClient, TRPCProvider } from '@/lib/trpc';
import { router } from '@/routes/router';
import './index.css';

const MAX_QUERY_RETRIES = 3;

/** Spec 9: general cache retries 3 times, back-off from 1 s doubling to 30 s, garbage collection after 5 minutes. */
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 0,
      gcTime: 5 * 60_000,
      // Asking again will not sign anyone in: a 401 goes straight to the screen that handles it.
      retry: (failureCount, error) => failureCount < MAX_QUERY_RETRIES && !isUnauthenticated(error),
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
    },
  },
});
const trpcClient = createTrpcClient();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element.');

createRoot(rootElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </TRPCProvider>
    </QueryClientProvider>
  </StrictMode>,
);
