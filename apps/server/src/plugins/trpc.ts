import { appRouter, createContext, type Services } from '@caps/api';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import { requestInfo } from '../rest/plugin.js';

export async function trpcPlugin(app: FastifyInstance, options: { services: Services }) {
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }) => createContext(options.services, requestInfo(req)),
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          app.log.error({ err: error.cause ?? error, path }, 'tRPC call failed');
      },
    },
  } satisfies FastifyTRPCPluginOptions<typeof appRouter>);
}
