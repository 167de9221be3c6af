import {
  type Context,
  createContext,
  DomainError,
  type ImageUpload,
  parseOrThrow,
  requireRole,
  requireUser,
  type Services,
} from '@caps/api';
import type { UserRole } from '@caps/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RestRoute } from './define.js';
import { docsPage } from './docs-page.js';
import { buildOpenApi } from './openapi.js';

/** The request facts a context needs, from a Fastify request (shared by tRPC and REST). */
export function requestInfo(request: FastifyRequest) {
  const publicUrl = process.env.PUBLIC_URL?.replace(/\/+$/, '');
  return {
    origin: publicUrl || `${request.protocol}://${request.host}`,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    authorization: request.headers.authorization,
  };
}

/** Fields of a multipart body (repeated names and name[i] become lists) and its files. */
async function readMultipart(request: FastifyRequest, allowedFiles: readonly string[]) {
  const fields: Record<string, unknown> = {};
  const files: ImageUpload[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      // Browsers send an empty part for a file input left empty: that is no file.
      if (data.length === 0 && !part.filename) continue;
      const field = part.fieldname.replace(/\[\d*\]$/, '');
      if (!allowedFiles.includes(field)) {
        throw new DomainError('VALIDATION', `The field '${part.fieldname}' is not allowed.`, {
          [part.fieldname]: [`The field '${part.fieldname}' is not allowed.`],
        });
      }
      files.push({ field, filename: part.filename, data });
      continue;
    }
    const value = part.value;
    const list = /^(.+)\[(\d*)\]$/.exec(part.fieldname);
    if (list?.[1]) {
      const existing = fields[list[1]];
      const array = Array.isArray(existing) ? existing : [];
      if (list[2] === '') array.push(value);
      else array[Number(list[2])] = value;
      fields[list[1]] = array;
    } else {
      fields[part.fieldname] = value;
    }
  }
  // Sparse lists (sizes[0], sizes[2]) close up.
  for (const [key, value] of Object.entries(fields))
    if (Array.isArray(value)) fields[key] = value.filter((v) => v !== undefined);
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
