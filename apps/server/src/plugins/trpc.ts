import { appRouter, createContext, DomainError, type Services } from '@caps/api';
import { TRPCError } from '@trpc/server';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import { requestInfo } from '../rest/plugin.js';

/**
 * Calls that must travel alone: every mutation (sign-in, registration, checkout...) and every payment
 * call, so one HTTP request is one counted attempt. apps/web/src/lib/trpc.ts sends these unbatched.
 */
function mustTravelAlone(type: string, path: string): boolean {
  return type === 'mutation' || path.startsWith('payment.');
}

/** The options of tRPC's Fastify adapter. */
export function trpcOptions(
  app: FastifyInstance,
  services: Services,
): FastifyTRPCPluginOptions<typeof appRouter>['trpcOptions'] {
  return {
    router: appRouter,
    // Longer batches are 400 before any call runs: one request cannot fan out into hundreds of calls.
    maxBatchSize: services.config.limits.trpcMaxBatchSize,
    createContext: ({ req, info }) => {
      const alone = info.calls.find((call) => mustTravelAlone(info.type, call.path));
      if (info.calls.length > 1 && alone) {
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: `${alone.path} must be sent on its own, not in a batch.`,
        });
      }
      return createContext(services, requestInfo(req));
    },
    responseMeta({ errors }) {
      if (errors.length === 0) return {};
      // tRPC leaves an error found before any call ran (a batch too long, say) as text/plain.
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      // The wait of a 429 as the standard header too, as on REST.
      const wait = Math.max(
        0,
        ...errors.map((error) => (error.cause instanceof DomainError ? (error.cause.retryAfter ?? 0) : 0)),
      );
      if (wait > 0) headers['retry-after'] = String(wait);
      return { headers };
    },
    onError({ error, path }) {
      if (error.code === 'INTERNAL_SERVER_ERROR')
        app.log.error({ err: error.cause ?? error, path }, 'tRPC call failed');
    },
  };
}

/** tRPC at /trpc/:path, served by tRPC's own Fastify adapter (its body parsers stay inside this plugin). */
export async function trpcPlugin(app: FastifyInstance, options: { services: Services }) {
  await app.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions: trpcOptions(app, options.services) });
}
