import { type AnyProcedure, getTRPCErrorFromUnknown, TRPCError } from '@trpc/server';
import { core, type z } from 'zod';

/** A built procedure's middleware, called as tRPC calls it; tRPC marks its input checks `_type: 'input'`. */
type Middleware = ((opts: MiddlewareOptions) => Promise<MiddlewareResult>) & { _type?: string };
type MiddlewareResult = { ok: true; data: unknown } | { ok: false; error: TRPCError };
interface NextOptions {
  ctx?: object;
  input?: unknown;
  getRawInput?: () => Promise<unknown>;
}
interface MiddlewareOptions {
  ctx: unknown;
  type: string;
  path: string;
  input: unknown;
  getRawInput: () => Promise<unknown>;
  meta: unknown;
  signal: undefined;
  batchIndex: number;
  /** callProcedure's own: told of an answer that answer()'s proof gave back as it is (see withPlainOutput). */
  onProven?: ((answer: object) => void) | undefined;
  next(opts?: NextOptions): Promise<MiddlewareResult>;
}
interface ProcedureDef {
  middlewares: Middleware[];
  meta: unknown;
  type: string;
  experimental_caller?: boolean;
  /** The parsers given to `.input()`, in order: one input check in `middlewares` each. */
  inputs?: unknown[];
  /** The parser given to `.output()`: one output check in `middlewares`. */
  output?: unknown;
}

const isZodType = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value && typeof (value as z.ZodType).parse === 'function';
/** tRPC's test for inputs it merges (its isObject). */
const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && !Array.isArray(value) && typeof value === 'object';

/**
 * tRPC's input check for a zod schema (createInputMiddleware), parsing synchronously. tRPC parses a zod
 * schema with parseAsync, which skips zod 4's compiled fast path: about 4.5 µs for the catalogue's query
 * instead of 1.5 µs. The same result and the same errors for every schema that parses synchronously
 * (a ZodError, as BAD_REQUEST). A schema with async parts (none has: an async refine, say) makes zod's parse
 * throw $ZodAsyncError; that input and every later one of the schema are then checked by tRPC's own
 * middleware, with parseAsync, as before (the refinements' synchronous parts having run once more, that once).
 */
function withSyncInput(check: Middleware, schema: z.ZodType): Middleware {
  let asynchronous = false;
  const syncInput: Middleware = async (opts) => {
    if (asynchronous) return check(opts);
    const rawInput = await opts.getRawInput();
    let parsed: unknown;
    try {
      parsed = schema.parse(rawInput);
    } catch (cause) {
      if (cause instanceof core.$ZodAsyncError) {
        asynchronous = true;
        return check(opts);
      }
      throw new TRPCError({ code: 'BAD_REQUEST', cause });
    }
    const combined = isObject(opts.input) && isObject(parsed) ? { ...opts.input, ...parsed } : parsed;
    return opts.next({ input: combined });
  };
  syncInput._type = 'input';
  return syncInput;
}

/**
 * tRPC's output check (createOutputMiddleware) for a plain function parser, answer()'s (output-check.ts): the
 * same result and error ('Output validation failed', INTERNAL_SERVER_ERROR, the parser's error as its cause),
 * without tRPC's two key-by-key copies of the result (`_objectSpread2`, defineProperty per key: some 7 µs of a
 * catalogue page in profiles) and without awaiting an answer that is not a promise.
 */
function withPlainOutput(parser: (value: unknown) => unknown): Middleware {
  // REST and the tRPC query path only write answers as JSON: answer()'s check for that (output-check.ts). It
  // gives back an object or array as it is only when its proof holds (zod's parse copies every one): such
  // an answer is written as JSON exactly as zod's copy would be, and superjson would leave it as it is.
  const answerCheck = parser as { proof?: unknown; jsonCheck?: (value: unknown) => unknown };
  const proves = answerCheck.proof !== undefined;
  const parse = answerCheck.jsonCheck ?? parser;
  const output: Middleware = async ({ next, onProven }) => {
    const result = await next();
    if (!result.ok) return result;
    try {
      const parsed = parse(result.data);
      const data = isThenable(parsed) ? await parsed : parsed;
      if (proves && onProven && data === result.data && typeof data === 'object' && data !== null) onProven(data);
      return { ...result, data };
    } catch (cause) {
      throw new TRPCError({ message: 'Output validation failed', code: 'INTERNAL_SERVER_ERROR', cause });
    }
  };
  output._type = 'output';
  return output;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

/**
 * Whether tRPC calls an output parser as it is (getParseFn): a function with neither `assert` nor
 * `~standard`, as answer() makes. tRPC would call a zod schema's parseAsync instead: left to tRPC.
 */
const isPlainParser = (parser: unknown): parser is (value: unknown) => unknown =>
  typeof parser === 'function' &&
  !('~standard' in parser) &&
  typeof (parser as { assert?: unknown }).assert !== 'function';

/** Each procedure's middleware chain as callProcedure runs it: its own, zod input checks parsing synchronously. */
const chains = new Map<AnyProcedure, Middleware[]>();

function chainOf(procedure: AnyProcedure, def: ProcedureDef): Middleware[] {
  let chain = chains.get(procedure);
  if (chain) return chain;
  let input = 0;
  let outputs = 0;
  chain = def.middlewares.map((middleware) => {
    if (middleware._type === 'output') {
      outputs++;
      return isPlainParser(def.output) ? withPlainOutput(def.output) : middleware;
    }
    if (middleware._type !== 'input') return middleware;
    const schema = def.inputs?.[input++];
    return isZodType(schema) ? withSyncInput(middleware, schema) : middleware;
  });
  // Input checks and parsers that do not pair up one to one, or more than one output check (tRPC keeps the
  // last parser only): tRPC's chain as it is.
  if (input !== (def.inputs?.length ?? 0) || outputs > 1) chain = def.middlewares;
  chains.set(procedure, chain);
  return chain;
}

/**
 * Calls a procedure as its own function does (tRPC's callRecursive): each middleware of its chain in
 * turn (role checks, input parse, output check, handler), a throw becoming a failed result, `next()`
 * passing on a context merged with what it adds, or an input. The same calls with the same options (and
 * `onProven`, called with an answer that answer()'s proof gave back as it is),
 * only without tRPC's compiled object spreads, which copy every middleware's options key by key with
 * defineProperty, twice a middleware: some 4 % of the server's time on a catalogue page; a zod input is
 * parsed synchronously (withSyncInput), and answer()'s output check is called without tRPC's copies of the
 * result (withPlainOutput). Used by the
 * REST adapter and by the tRPC query path (rest/trpc-queries.ts); no procedure reads `signal`.
 */
export async function callProcedure(
  procedure: AnyProcedure,
  ctx: unknown,
  path: string,
  getRawInput: () => Promise<unknown>,
  batchIndex = 0,
  onProven?: (answer: object) => void,
): Promise<unknown> {
  const def = procedure._def as unknown as ProcedureDef;
  const { meta, type, experimental_caller } = def;
  if (experimental_caller) {
    return procedure({ ctx, getRawInput, path, type: type as 'query', signal: undefined, batchIndex });
  }
  const middlewares = chainOf(procedure, def);
  const step = async (
    index: number,
    ctx: unknown,
    input: unknown,
    getRawInput: () => Promise<unknown>,
  ): Promise<MiddlewareResult> => {
    try {
      return await (middlewares[index] as Middleware)({
        ctx,
        type,
        path,
        input,
        getRawInput,
        meta,
        signal: undefined,
        batchIndex,
        onProven,
        next: (next) =>
          step(
            index + 1,
            next?.ctx ? { ...(ctx as object), ...next.ctx } : ctx,
            next && 'input' in next ? next.input : input,
            next?.getRawInput ?? getRawInput,
          ),
      });
    } catch (cause) {
      return { ok: false, error: getTRPCErrorFromUnknown(cause) };
    }
  };
  const result = await step(0, ctx, undefined, getRawInput);
  if (!result) {
    throw new TRPCError({
      code: 'INTERNAL_SERVER_ERROR',
      message: 'No result from middlewares - did you forget to `return next()`?',
    });
  }
  if (!result.ok) throw result.error;
  return result.data;
}
