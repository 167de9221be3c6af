import {
  type Context,
  createContext,
  DomainError,
  type ImageUpload,
  parseOrThrow,
  type RequestInfo,
  refuseNul,
  requireRole,
  requireUser,
  type Services,
} from '@caps/api';
import type { UserRole } from '@caps/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RestRoute } from './define.js';
import { docsPage } from './docs-page.js';
import { buildOpenApi } from './openapi.js';

/**
 * The request facts a context needs, from a Fastify request (shared by tRPC and REST). Nothing of the
 * Host or X-Forwarded-Host headers: a caller chooses those, so absolute URLs come from config.publicUrl.
 */
export function requestInfo(request: FastifyRequest): RequestInfo {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    authorization: request.headers.authorization,
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

async function authorize(ctx: Context, auth: RestRoute['auth']): Promise<Context> {
  if (auth === 'public') return ctx;
  const { user, session } = await requireUser(ctx);
  if (auth !== 'user') requireRole(user, auth as UserRole);
  return Object.assign(ctx, { user, session });
}

/** Registers the REST table under /api, plus /api/openapi.json and /api/docs. */
export async function restPlugin(app: FastifyInstance, options: { services: Services; routes: RestRoute[] }) {
  const { services, routes } = options;
  for (const definition of routes) {
    const url = `/api${definition.path.replace(/\{(\w+)\}/g, ':$1')}`;
    app.route({
      method: definition.method,
      url,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const ctx = createContext(services, requestInfo(request));
        const authed = await authorize(ctx, definition.auth);
        let body: unknown = request.body;
        let files: ImageUpload[] = [];
        if (request.isMultipart()) {
          const multipart = await readMultipart(request, definition.files ?? []);
          body = multipart.fields;
          files = multipart.files;
        }
        const raw = {
          ...(request.query as Record<string, unknown>),
          ...(body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}),
          ...(request.params as Record<string, unknown>),
        };
        if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
          throw new DomainError('BAD_REQUEST', 'The request body must be a JSON object.');
        }
        // Also for calls without an input schema: nothing holding U+0000 is ever passed on.
        refuseNul(raw);
        const input = definition.input ? parseOrThrow(definition.input, raw) : undefined;
        // biome-ignore lint/suspicious/noExplicitAny: the table holds routes of every auth and input type; each was typed where it was defined.
        const result = await definition.handler(authed as any, input, { files, request, reply });
        if (reply.sent) return reply;
        if (result === undefined) return reply.status(definition.status ?? 204).send();
        return reply.status(definition.status ?? 200).send(result);
      },
    });
  }

  const document = buildOpenApi(routes);
  app.get('/api/openapi.json', async () => document);
  const html = docsPage(document);
  app.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(html));
}
