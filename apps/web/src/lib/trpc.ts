// Type-only: the router's type describes the calls, and no server code enters the bundle.
import type { AppRouter } from '@caps/api';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import { readToken } from './auth-storage';

export type { RouterInputs, RouterOutputs } from '@caps/api';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function createTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/trpc',
        transformer: superjson,
        // Read on every request, so a sign-in or sign-out applies to the next call without a rebuild.
        headers() {
          const token = readToken();
          return token ? { Authorization: `Bearer ${token}` } : {};
        },
      }),
    ],
  });
}

export type TrpcClient = ReturnType<typeof createTrpcClient>;
