import {
  createCaller,
  createContext,
  DomainError,
  fieldErrorsOf,
  type ImageUpload,
  parseOrThrow,
  type RequestInfo,
  type RestBinding,
  type RestCall,
  refuseNul,
  restOperations,
  type Services,
  summaryOf,
} from '@caps/api';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { afterAnswerOf } from '../plugins/after-answer.js';
import { docsPage } from './docs-page.js';
import { buildOpenApi, schemaOf } from './openapi.js';

/**
 * The request facts a context needs, from a Fastify request (shared by tRPC and REST). Nothing of the
 * Host or X-Forwarded-Host headers: a caller chooses those, so absolute URLs come from config.publicUrl.
 */
export function requestInfo(request: FastifyRequest): RequestInfo {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    authorization: request.headers.authorization,
    afterAnswer: afterAnswerOf(request),
    logError: (err, message) => request.log.error({ err }, message),
  };
}

/** One value of a multipart field: `index` is the i of `name[i]`, absent for `name` and `name[]`. */
interface FieldPart {
  index?: number;
  /** Text, or parsed JSON for a part sent as application/json. */
  value: unknown;
}

/** `images[1]` → { name: 'images', index: 1 }; `images[]` → { name: 'images', list: true }; `name` → { name }. */
function parseFieldName(fieldname: string): { name: string; index?: number; list?: boolean } {
  const match = /^(.+)\[(\d*)\]$/.exec(fieldname);
  if (!match?.[1]) return { name: fieldname };
  return match[2] ? { name: match[1], index: Number(match[2]), list: true } : { name: match[1], list: true };
}

/**
 * Parts in the order the client meant: `name[i]` by i (however they arrived), the others in arrival
 * order after them. A repeated index keeps the last part sent, as a repeated JSON key would.
 */
function ordered<T extends { index?: number }>(parts: T[]): T[] {
  const byIndex = new Map<number, T>();
  const rest: T[] = [];
  for (const part of parts) {
    if (part.index === undefined) rest.push(part);
    else byIndex.set(part.index, part);
  }
  return [...[...byIndex.entries()].sort(([a], [b]) => a - b).map(([, part]) => part), ...rest];
}

/**
 * A multipart body that cannot be read (a truncated part, no boundary, a broken header) is the client's
 * fault: 400, like broken JSON. Errors with their own answer (a file too large, our own refusals) keep it.
 */
function unreadable(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('FST_')) return error;
  return new DomainError('BAD_REQUEST', 'The multipart body could not be read.');
}

/**
 * Fields of a multipart body and its files. A name sent once stays a string; a repeated name,
 * `name[]` or `name[i]` becomes a list (sparse indexes close up). Gathered in Maps, because the
 * names are the client's: on a plain object `fields['__proto__'] = ...` would set its prototype.
 */
async function readMultipart(request: FastifyRequest, allowedFiles: readonly string[]) {
  const fieldParts = new Map<string, { list: boolean; parts: FieldPart[] }>();
  const fileParts: (ImageUpload & { index?: number })[] = [];
  try {
    for await (const part of request.parts()) {
      const { name, index, list } = parseFieldName(part.fieldname);
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // Browsers send an empty part for a file input left empty: that is no file.
        if (data.length === 0 && !part.filename) continue;
        if (!allowedFiles.includes(name)) {
          throw new DomainError('VALIDATION', `The field '${part.fieldname}' is not allowed.`, {
            [part.fieldname]: [`The field '${part.fieldname}' is not allowed.`],
          });
        }
        fileParts.push({ field: name, filename: part.filename, data, index });
        continue;
      }
      const entry = fieldParts.get(name) ?? { list: false, parts: [] };
      entry.list ||= Boolean(list) || entry.parts.length > 0;
      entry.parts.push({ index, value: part.value });
      fieldParts.set(name, entry);
    }
  } catch (error) {
    throw unreadable(error);
  }
  const fields = Object.fromEntries(
    [...fieldParts].map(([name, { list, parts }]) => {
      const values = ordered(parts).map((part) => part.value);
      return [name, list ? values : values[0]];
    }),
  );
  // Files keep their fields' arrival order, each field's own files ordered like the fields' lists.
  const fileFields = [...new Set(fileParts.map((file) => file.field))];
  const files: ImageUpload[] = fileFields.flatMap((field) =>
    ordered(fileParts.filter((file) => file.field === field)).map(({ index: _index, ...file }) => file),
  );
  return { fields, files };
}

/**
 * What a procedure throws, as the REST error handler answers it: a service's DomainError as itself
 * (status, field errors, Retry-After), an input schema's refusal as the 422 the REST face has always
 * given; anything else stays a TRPCError (a 500 without details).
 */
function restError(error: unknown): unknown {
  if (!(error instanceof TRPCError)) return error;
  const { cause } = error;
  if (cause instanceof DomainError) return cause;
  if (cause instanceof ZodError && error.code === 'BAD_REQUEST') {
    const fieldErrors = fieldErrorsOf(cause);
    return new DomainError('VALIDATION', summaryOf(fieldErrors), fieldErrors);
  }
  return error;
}

/**
 * The raw input of a REST call: query string, body (JSON or multipart fields) and path parameters
 * merged, plus the headers the binding names. Parsing is the procedure's, as over tRPC.
 */
function rawInput(request: FastifyRequest, rest: RestBinding, body: unknown): Record<string, unknown> {
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw new DomainError('BAD_REQUEST', 'The request body must be a JSON object.');
  }
  const raw: Record<string, unknown> = { ...(request.query as object), ...(body as object | undefined) };
  for (const [name, value] of Object.entries(request.params as Record<string, string>)) {
    raw[rest.params?.[name] ?? name] = value;
  }
  for (const [header, field] of Object.entries(rest.headers ?? {})) {
    const value = request.headers[header];
    if (typeof value === 'string' && value.trim()) raw[field] = value.trim();
  }
  return raw;
}

/** The procedure at a dotted tRPC path (`vendorProducts.create`) of a server-side caller. */
function procedureAt(caller: object, name: string): (input: unknown) => Promise<unknown> {
  return name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (
    input: unknown,
  ) => Promise<unknown>;
}

/**
 * Serves every procedure with a REST binding under /api, plus /api/openapi.json and /api/docs. Each
 * request calls the procedure through tRPC's server-side caller: its role check, input parsing, handler
 * and output check, exactly as over /trpc.
 */
export async function restPlugin(app: FastifyInstance, options: { services: Services }) {
  const { services } = options;
  for (const { name, rest, input, output } of restOperations) {
    const success = [rest.status ?? 200, ...(rest.alsoAnswers ?? [])];
    app.route({
      method: rest.method,
      url: `/api${rest.path.replace(/\{(\w+)\}/g, ':$1')}`,
      // The answer is already checked against the output schema; compiled from it, Fastify writes the
      // JSON faster than JSON.stringify does.
      ...(output && { schema: { response: Object.fromEntries(success.map((s) => [s, schemaOf(output, 'output')])) } }),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        let body: unknown = request.body;
        let uploads: ImageUpload[] = [];
        if (request.isMultipart()) {
          const multipart = await readMultipart(request, rest.files ?? []);
          body = multipart.fields;
          uploads = multipart.files;
        }
        const raw = rawInput(request, rest, body);
        if (rest.redirect && input && (request.headers.accept ?? '').includes(rest.redirect.accept)) {
          refuseNul(raw);
          return reply.redirect(rest.redirect.location(parseOrThrow(input, raw) as never), 303);
        }
        const ctx = Object.assign(createContext(services, requestInfo(request)), { rest: { uploads } as RestCall });
        let result: unknown;
        try {
          result = await procedureAt(createCaller(ctx), name)(raw);
        } catch (error) {
          throw restError(error);
        }
        if (result === undefined) return reply.status(rest.status ?? 204).send();
        return reply.status(ctx.rest.status ?? rest.status ?? 200).send(result);
      },
    });
  }

  const document = buildOpenApi(restOperations);
  app.get('/api/openapi.json', async () => document);
  const html = docsPage(document);
  app.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(html));
}
