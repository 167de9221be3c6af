import { afterAnswerSettled, type Services } from '@caps/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The work each request left for after its answer (see packages/api/src/after-answer.ts). */
const waiting = new WeakMap<FastifyRequest, (() => void)[]>();

/** A request's `afterAnswer`: `start` is called once the answer has gone out (or the caller went away). */
export function afterAnswerOf(request: FastifyRequest): (start: () => void) => void {
  return (start) => {
    const starts = waiting.get(request);
    if (starts) starts.push(start);
    else waiting.set(request, [start]);
  };
}

/**
 * Starts the work a request left for after its answer once the answer is sent (onResponse), or the client
 * left first (onRequestAbort), on the next turn of the event loop so the answer is out of our hands first.
 * On close, waits for work in flight before the database goes.
 */
export function installAfterAnswer(app: FastifyInstance, services: Services): void {
  const startWaiting = async (request: FastifyRequest) => {
    const starts = waiting.get(request);
    if (!starts) return;
    waiting.delete(request);
    for (const start of starts) setImmediate(start);
  };
  app.addHook('onResponse', startWaiting);
  app.addHook('onRequestAbort', startWaiting);
  app.addHook('onClose', async () => afterAnswerSettled(services));
}
