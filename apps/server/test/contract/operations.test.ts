import { type RestOperation, restOperations } from '@caps/api';
import { makeUser, makeVendor, sessionTokenFor } from '@caps/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, createRestTestEnv, type RestTestEnv } from '../harness.js';

/**
 * One definition per operation: every REST route is a procedure with a REST binding, and the OpenAPI
 * document says what the procedure says (role, input, output). A hand-written route, or a document
 * that drifts from the procedure behind it, fails here.
 */

let env: RestTestEnv;
let document: OpenApiDocument;
const tokens = {} as Record<'customer' | 'vendor' | 'admin', string>;

interface OpenApiOperation {
  security?: unknown[];
  'x-role'?: string;
  parameters?: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: { properties?: object; required?: string[] } }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

/** Routes that are no operation: the document itself, its page, stored images and the provider's webhook. */
const INFRASTRUCTURE = [/^\/api\/openapi\.json$/, /^\/api\/docs$/, /^\/api\/images\//, /^\/api\/payment\/webhook$/];

/** `METHOD /api/path/:param` of every route Fastify serves under /api, read from its route tree. */
function apiRoutes(app: RestTestEnv['app']): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│\s]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] as string).length / 4;
    stack.length = depth;
    stack.push(match[2] as string);
    const path = stack.join('');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD' && path.startsWith('/api/')) found.push(`${method} ${path}`);
    }
  }
  return found;
}

const fastifyPath = (op: RestOperation) => `/api${op.rest.path.replace(/\{(\w+)\}/g, ':$1')}`;
const label = (op: RestOperation) => `${op.rest.method} ${op.rest.path} (${op.name})`;
const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
};

beforeAll(async () => {
  env = await createRestTestEnv();
  document = (await env.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDocument;
  const em = env.services.orm.em.fork();
  tokens.customer = await sessionTokenFor(env.services, (await makeUser(em)).id);
  tokens.vendor = await sessionTokenFor(env.services, (await makeVendor(em, { shopName: 'Agreement Caps' })).user.id);
  tokens.admin = await sessionTokenFor(env.services, (await makeUser(em, { role: 'admin' })).id);
});
afterAll(async () => env?.close());

describe('every REST route is an operation', () => {
  it('each /api route Fastify serves, infrastructure aside, is a procedure with that REST binding', () => {
    const bound = new Set(restOperations.map((op) => `${op.rest.method} ${fastifyPath(op)}`));
    const routes = apiRoutes(env.app).filter(
      (route) => !INFRASTRUCTURE.some((re) => re.test(route.split(' ')[1] ?? '')),
    );
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((route) => !bound.has(route))).toEqual([]);
    expect([...bound].filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('each documented call is an operation, once', () => {
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const bound = restOperations.map((op) => `${op.rest.method} ${op.rest.path}`);
    expect(new Set(bound).size).toBe(bound.length);
    expect(documented.sort()).toEqual([...bound].sort());
  });
});

describe.each(restOperations.map((op) => [label(op), op] as const))('%s', (_label, op) => {
  const documented = () => {
    const operation = document.paths[op.rest.path]?.[op.rest.method.toLowerCase()];
    if (!operation) throw new Error(`${label(op)} is not in /api/openapi.json`);
    return operation;
  };

  it('documents the role the procedure enforces', async () => {
    const operation = documented();
    if (op.access === 'public') {
      expect(operation.security).toEqual(op.rest.optionalToken ? [{}, { bearerAuth: [] }] : []);
      expect(operation['x-role']).toBeUndefined();
      if (!op.rest.optionalToken) return;
      // The optional token is read when sent: a made-up one is refused, where no token is not.
      const url = fastifyPath(op).replace(/:\w+/g, '1');
      const anonymous = await env.app.inject({ method: op.rest.method, url });
      expect(anonymous.statusCode, anonymous.body).not.toBe(401);
      const madeUp = await env.app.inject({ method: op.rest.method, url, headers: bearer('not-a-real-token') });
      expect(madeUp.statusCode, madeUp.body).toBe(401);
      return;
    }
    expect(operation.security).toEqual([{ bearerAuth: [] }]);
    expect(operation['x-role']).toBe(op.access);
    const url = fastifyPath(op).replace(/:\w+/g, '1');
    const anonymous = await env.app.inject({ method: op.rest.method, url });
    expect(anonymous.statusCode, anonymous.body).toBe(401);
    if (op.access === 'user') return;
    const other = op.access === 'customer' ? 'vendor' : 'customer';
    const wrongRole = await env.app.inject({ method: op.rest.method, url, headers: bearer(tokens[other]) });
    expect(wrongRole.statusCode, wrongRole.body).toBe(403);
  });

  it("documents the procedure's input schema as its parameters and body", () => {
    const operation = documented();
    const input = op.input ? jsonSchema(op.input, 'input') : { properties: {}, required: [] };
    const properties = (input.properties ?? {}) as Record<string, unknown>;
    const placeholders = [...op.rest.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
    const fields = placeholders.map((name) => op.rest.params?.[name] ?? name);
    const parameters = operation.parameters ?? [];
    placeholders.forEach((name, i) => {
      const parameter = parameters.find((p) => p.in === 'path' && p.name === name);
      expect(parameter?.schema, `path ${name}`).toEqual(properties[fields[i] as string] ?? { type: 'integer' });
    });
    const rest = Object.fromEntries(Object.entries(properties).filter(([name]) => !fields.includes(name)));
    if (op.rest.method === 'GET' || op.rest.method === 'DELETE') {
      const query = Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema]));
      expect(query).toEqual(rest);
      return;
    }
    const body = operation.requestBody?.content['application/json']?.schema;
    expect(body?.properties ?? {}).toEqual(rest);
    const required = ((input.required as string[] | undefined) ?? []).filter((name) => !fields.includes(name));
    expect([...(body?.required ?? [])].sort()).toEqual(required.sort());
    for (const field of op.rest.files ?? []) {
      expect(operation.requestBody?.content['multipart/form-data']?.schema.properties, field).toHaveProperty(field);
    }
  });

  it("documents the procedure's output schema for every success status", () => {
    const operation = documented();
    const success = Object.entries(operation.responses).filter(([status]) => /^2/.test(status));
    expect(success.map(([status]) => Number(status)).sort()).toEqual(
      [op.rest.status ?? 200, ...(op.rest.alsoAnswers ?? [])].sort(),
    );
    if (!op.output) throw new Error(`${label(op)} has no output schema`);
    for (const [, response] of success) {
      expect(response.content?.['application/json']?.schema).toEqual(jsonSchema(op.output, 'output'));
    }
  });
});
