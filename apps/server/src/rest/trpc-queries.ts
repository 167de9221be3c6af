import {
  type AnyProcedure,
  type AnyRouter,
  getErrorShape,
  getTRPCErrorFromUnknown,
  type inferRouterContext,
  TRPCError,
  transformTRPCResponse,
} from '@trpc/server';
import { type FastifyTRPCPluginOptions, fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCode, type TRPCRequestInfo } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callProcedure } from './call-procedure.js';
import { answerSerializer, isPlainJson, type Serializer } from './serializer.js';

type TrpcOptions<TRouter extends AnyRouter> = FastifyTRPCPluginOptions<TRouter>['trpcOptions'];
type Call = TRPCRequestInfo['calls'][number];
/** `proven`: the answer is one answer()'s proof gave back as it is, plain JSON (call-procedure.ts, withPlainOutput). */
type Outcome = { ok: true; data: unknown; proven?: boolean } | { ok: false; error: TRPCError };
/** One item of a tRPC answer before the transformer: a result, or an error's shape. */
type Item = { result: { data: unknown } } | { error: ReturnType<typeof getErrorShape> };

/** info.signal for createContext: no procedure reads it, and a query is answered whole. */
const NEVER_ABORTED = new AbortController().signal;

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && !Array.isArray(value) && typeof value === 'object';
const isAsyncIterable = (value: unknown): boolean => isObject(value) && Symbol.asyncIterator in value;
const isPromise = (value: unknown): boolean => isObject(value) && typeof value.then === 'function';
const isZodType = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;
/** tRPC's test for an answer that only a streaming link can carry. */
const isDataStream = (value: unknown): boolean =>
  isObject(value) &&
  (isAsyncIterable(value) || Object.values(value).some(isPromise) || Object.values(value).some(isAsyncIterable));

/** tRPC's refusal of an answer that only a streaming link can carry (made when needed: an Error is costly). */
const streamedAnswer = () =>
  new TRPCError({
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
  });

/** The request's URL as tRPC's node adapter builds it (createURL); it throws where that one does. */
function requestUrl(request: FastifyRequest): URL {
  const { headers, socket } = request.raw;
  const encrypted = headers[':scheme'] === 'https' || (socket && 'encrypted' in socket && socket.encrypted);
  const host = headers.host ?? (headers[':authority'] as string | undefined) ?? 'localhost';
  return new URL(request.raw.url ?? '', `${encrypted ? 'https:' : 'http:'}//${host}`);
}

/**
 * GET requests of queries, answered the way tRPC's Fastify adapter answers them, byte for byte (body,
 * status, the headers tRPC sets, responseMeta's), with the same options (createContext, responseMeta,
 * onError, maxBatchSize), but without what that adapter costs per request on this path: a fetch Request
 * built from the Node request, a fetch Response piped back through a web stream, per-call abort signals,
 * and above all superjson's walk of the answer (~170 µs for a catalogue page of 12 caps, several times the
 * cost of everything else). An answer that superjson would leave as it is (isPlainJson: no dates, no
 * undefined, no repeated objects...) is written as `{"json": ...}` directly, with a serializer compiled
 * from the procedure's output schema (serializer.ts); any other goes through superjson as before. An answer
 * that answer()'s proof gave back as it is is plain JSON already: it is not walked again.
 *
 * The handler returns false, having done nothing, for every request it does not take on: another method,
 * a content type or streaming accept header, a path that is not a query, input that does not parse,
 * a context that cannot be made. tRPC's own handler answers those. From running the first procedure on,
 * it answers everything itself, errors included, with tRPC's own getErrorShape and status rules.
 */
export function trpcQueryHandler<TRouter extends AnyRouter>(trpcOptions: TrpcOptions<TRouter>) {
  const router = trpcOptions.router;
  const config = router._def._config;
  const transformer = config.transformer;
  /** tRPC types `procedures` as the nested record; at run time it is flat: dotted path → procedure. */
  const procedures = router._def.procedures as unknown as Record<string, AnyProcedure>;
  const batching = (trpcOptions.allowBatching ?? trpcOptions.batching?.enabled ?? true) !== false;
  const serializers = new Map<AnyProcedure, Serializer>();
  const serializerOf = (procedure: AnyProcedure): Serializer => {
    let serializer = serializers.get(procedure);
    if (!serializer) {
      // A checker made by answer() carries its schema (operations.ts reads it the same way); another
      // kind of output check, or none, leaves the answer to JSON.stringify.
      const output = (procedure._def as { output?: { schema?: unknown } }).output;
      const schema = output?.schema ?? output;
      serializer = isZodType(schema) ? answerSerializer(schema) : JSON.stringify;
      serializers.set(procedure, serializer);
    }
    return serializer;
  };

  /** The JSON text of one answer item, as JSON.stringify(transformTRPCResponse(config, item)) writes it. */
  const itemText = (item: Item, procedure: AnyProcedure, proven: boolean): string => {
    if ('result' in item && (proven || isPlainJson(item.result.data))) {
      return `{"result":{"data":{"json":${serializerOf(procedure)(item.result.data)}}}}`;
    }
    return JSON.stringify(transformTRPCResponse(config, item as never));
  };

  return async function answerQueries(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (request.method !== 'GET') return false;
    const { headers } = request;
    // tRPC reads a GET as JSON with no content type or with application/json; streaming is asked for with
    // trpc-accept (or accept: application/jsonl).
    const contentType = headers['content-type']?.toLowerCase().split(';', 1)[0]?.trim();
    if (contentType !== undefined && contentType !== 'application/json') return false;
    if (headers['trpc-accept'] !== undefined) return false;
    if (headers.accept?.includes('application/jsonl')) return false;

    let url: URL;
    let paths: string[];
    try {
      url = requestUrl(request);
      paths = [decodeURIComponent((request.params as { path: string }).path)];
    } catch {
      return false;
    }
    const params = url.searchParams;
    if (params.has('connectionParams')) return false;
    const isBatchCall = params.get('batch') === '1';
    if (isBatchCall) {
      paths = (paths[0] as string).split(',');
      const max = trpcOptions.maxBatchSize;
      if (!batching || (typeof max === 'number' && paths.length > max)) return false;
    }
    const found: AnyProcedure[] = [];
    for (const path of paths) {
      const procedure = Object.hasOwn(procedures, path) ? procedures[path] : undefined;
      if (typeof procedure !== 'function' || procedure._def.type !== 'query') return false;
      found.push(procedure);
    }

    // The inputs as tRPC reads them: `input` is JSON (superjson's envelope; by index for a batch).
    const inputs: Record<number, unknown> = Object.create(null);
    try {
      const text = params.get('input');
      const parsed: unknown = text ? JSON.parse(text) : undefined;
      if (parsed !== undefined && !isBatchCall) inputs[0] = transformer.input.deserialize(parsed);
      else if (parsed !== undefined) {
        if (!isObject(parsed)) return false;
        for (const index of paths.keys()) {
          if (parsed[index] !== undefined) inputs[index] = transformer.input.deserialize(parsed[index]);
        }
      }
    } catch {
      return false;
    }
    // tRPC reads every input of a request on the first getRawInput; result() holds them from then on.
    let inputsRead = false;
    const calls: Call[] = paths.map((path, index) => ({
      batchIndex: index,
      path,
      procedure: found[index] as AnyProcedure,
      getRawInput: async () => {
        inputsRead = true;
        return inputs[index];
      },
      result: () => (inputsRead ? inputs[index] : undefined),
    }));
    const info: TRPCRequestInfo = {
      accept: null,
      type: 'query',
      isBatchCall,
      calls,
      connectionParams: null,
      signal: NEVER_ABORTED,
      url,
    };
    let ctx: inferRouterContext<TRouter> | undefined;
    try {
      ctx = await trpcOptions.createContext?.({ req: request, res: reply, info });
    } catch {
      return false;
    }

    const onError = (error: TRPCError, path: string | undefined, input: unknown) =>
      trpcOptions.onError?.({ error, path, input, ctx, type: 'query', req: request });
    const shape = (error: TRPCError, path: string | undefined, input: unknown) =>
      getErrorShape({ config, ctx, error, input, path, type: 'query' });

    const run = async (call: Call): Promise<Outcome> => {
      let provenAnswer: object | undefined;
      try {
        const data = await callProcedure(
          found[call.batchIndex] as AnyProcedure,
          ctx,
          call.path,
          call.getRawInput,
          call.batchIndex,
          (answer) => {
            provenAnswer = answer;
          },
        );
        return { ok: true, data, proven: provenAnswer !== undefined && data === provenAnswer };
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        onError(error, call.path, call.result());
        return { ok: false, error };
      }
    };
    const outcomes = isBatchCall ? await Promise.all(calls.map(run)) : [await run(calls[0] as Call)];

    let items: Item[];
    let errors: TRPCError[];
    let body: string;
    const first = outcomes[0] as Outcome;
    if (!isBatchCall && first.ok && isDataStream(first.data)) {
      // tRPC throws this one for a single call, and answers it as a request-level failure.
      const streamed = streamedAnswer();
      onError(streamed, undefined, undefined);
      items = [{ error: shape(streamed, undefined, undefined) }];
      errors = [streamed];
      body = JSON.stringify(transformTRPCResponse(config, items[0] as never));
    } else {
      const settled = outcomes.map(
        (outcome): Outcome =>
          outcome.ok && isDataStream(outcome.data) ? { ok: false, error: streamedAnswer() } : outcome,
      );
      items = settled.map((outcome, index) =>
        outcome.ok
          ? { result: { data: outcome.data } }
          : { error: shape(outcome.error, paths[index], (calls[index] as Call).result()) },
      );
      errors = settled.flatMap((outcome) => (outcome.ok ? [] : [outcome.error]));
      const texts = items.map((item, index) => {
        const outcome = settled[index] as Outcome;
        return itemText(item, found[index] as AnyProcedure, outcome.ok && outcome.proven === true);
      });
      body = isBatchCall ? `[${texts.join(',')}]` : (texts[0] as string);
    }

    let status = getHTTPStatusCode(items as never);
    const meta =
      trpcOptions.responseMeta?.({
        ctx,
        info,
        paths,
        data: items as never,
        errors,
        eagerGeneration: false,
        type: 'query',
      }) ?? {};
    if (meta.status) status = meta.status;
    if (meta.headers) {
      // As tRPC merges them into its Headers, which Fastify then copies onto the reply.
      const merged = new Headers([
        ['vary', 'trpc-accept, accept'],
        ['content-type', 'application/json'],
      ]);
      if (meta.headers instanceof Headers) {
        for (const [name, value] of meta.headers.entries()) merged.append(name, value);
      } else {
        for (const [name, value] of Object.entries(meta.headers)) {
          if (Array.isArray(value)) for (const item of value) merged.append(name, item);
          else if (typeof value === 'string') merged.set(name, value);
        }
      }
      for (const [name, value] of merged) reply.header(name, value);
    } else {
      reply.header('content-type', 'application/json');
      reply.header('vary', 'trpc-accept, accept');
    }
    // A Buffer, because Fastify would add `; charset=utf-8` to the content type of a string.
    reply.code(status).send(Buffer.from(body));
    return true;
  };
}

/**
 * tRPC at `${prefix}/:path`, as @trpc/server's Fastify plugin serves it (the same route, the same body
 * parsing: JSON text and multipart streams left to tRPC), except that GET requests of queries are answered
 * by trpcQueryHandler; whatever it does not take on goes to tRPC's own handler. Register it in a plugin of
 * its own: the body parsers it sets are for these routes only.
 */
export function serveTrpc<TRouter extends AnyRouter>(
  app: FastifyInstance,
  prefix: string,
  trpcOptions: TrpcOptions<TRouter>,
): void {
  const answerQueries = trpcQueryHandler(trpcOptions);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.removeContentTypeParser('multipart/form-data');
  app.addContentTypeParser('multipart/form-data', {}, (_request, payload, done) => done(null, payload));
  app.all(`${prefix}/:path`, async (request, reply) => {
    if (await answerQueries(request, reply)) return reply;
    const { path } = request.params as { path: string };
    await fastifyRequestHandler({ ...trpcOptions, req: request, res: reply, path });
  });
}
