// Type-only: the router's type describes the calls, and no server code enters the bundle.
import type { AppRouter } from '@caps/api';
import { createTRPCClient, httpBatchLink, httpLink, splitLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { readToken } from './auth-storage';

export type { RouterInputs, RouterOutputs } from '@caps/api';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** The server's bound on one batch (TRPC_MAX_BATCH_SIZE, default 10): the app never sends a longer one. */
const MAX_BATCH_ITEMS = 10;

export function createTrpcClient() {
  const options = {
    url: '/trpc',
    // Read on every request, so a sign-in or sign-out applies to the next call without a rebuild.
    headers() {
      const token = readToken();
      return token ? { Authorization: `Bearer ${token}` } : {};
    },
  };
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        // The server refuses these inside a batch (apps/server/src/plugins/trpc.ts): each is counted alone.
        condition: (op) => op.type === 'mutation' || op.path.startsWith('payment.'),
        true: httpLink(options),
        false: httpBatchLink({ ...options, maxItems: MAX_BATCH_ITEMS }),
      }),
    ],
  });
}

export type TrpcClient = ReturnType<typeof createTrpcClient>;
