import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { SiteProvider } from '@/lib/site-context';
import { TRPCProvider, type TrpcClient } from '@/lib/trpc';

interface AppRootProps {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  /** The public origin (PUBLIC_URL) absolute links are made from. */
  origin: string;
  /** The router: the browser's BrowserRouter, or the server's StaticRouter. */
  children: ReactNode;
}

/** Everything around the router, the same in the browser and in the server's render, so hydration matches. */
export function AppRoot({ queryClient, trpcClient, origin, children }: AppRootProps) {
  return (
    <StrictMode>
      <SiteProvider origin={origin}>
        <QueryClientProvider client={queryClient}>
          <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
            {children}
            <Toaster />
          </TRPCProvider>
        </QueryClientProvider>
      </SiteProvider>
    </StrictMode>
  );
}
