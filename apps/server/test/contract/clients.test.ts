import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type RestOperation, restOperations } from '@caps/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRestTestEnv, type RestTestEnv } from '../harness.js';

/**
 * The OpenAPI document as code generators and linters read it: Redocly's recommended rules pass, names
 * are identifiers, every tag is listed, every number a client may send carries the server's limits, and
 * every example is a body the server accepts.
 */

type JsonSchema = {
  type?: string;
  description?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};
interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema; example?: unknown }> };
  responses: Record<string, { headers?: Record<string, { schema: JsonSchema }> }>;
}
interface Document {
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
}

let env: RestTestEnv;
let served: string;
let document: Document;

beforeAll(async () => {
  env = await createRestTestEnv();
  const answer = await env.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(answer.statusCode).toBe(200);
  served = answer.body;
  document = answer.json() as Document;
});
afterAll(async () => env?.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ where: `${method.toUpperCase()} ${path}`, operation })),
  );

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

/** Runs `redocly lint` on a file with the recommended rules, offline: no usage data, no update check. */
async function redoclyLint(file: string): Promise<LintProblem[]> {
  const cli = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');
  const args = [cli, 'lint', '--extends=recommended', '--format=json', '--max-problems=10000', file];
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      args,
      {
        cwd: dirname(file),
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        },
        maxBuffer: 64 * 1024 * 1024,
      },
      // It exits 1 when it finds errors; the report on stdout says which.
      (error, out) => (out ? resolve(out) : reject(error ?? new Error('redocly lint wrote nothing'))),
    );
  });
  return (JSON.parse(stdout) as { problems: LintProblem[] }).problems;
}

describe('the OpenAPI document for clients', () => {
  it('passes Redocly lint with the recommended rules: no errors (warnings are reported)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'caps-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      await writeFile(file, served);
      const problems = await redoclyLint(file);
      const line = (p: LintProblem) => `${p.ruleId} at ${p.location[0]?.pointer ?? '#'}: ${p.message}`;
      const warnings = problems.filter((p) => p.severity !== 'error');
      if (warnings.length) console.warn(`redocly lint: ${warnings.length} warnings\n${warnings.map(line).join('\n')}`);
      expect(problems.filter((p) => p.severity === 'error').map(line)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names each operation with a camelCase identifier (no hyphens or underscores to rename)', () => {
    for (const { where, operation } of operations()) {
      expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z0-9]*$/);
    }
    expect(document.paths['/notifications/unread-count']?.get?.operationId).toBe('getNotificationsUnreadCount');
    expect(document.paths['/wishlist/{product_id}']?.delete?.operationId).toBe('deleteWishlistProductId');
  });

  it('lists every tag once, with a description, and only tags that operations use', () => {
    const listed = (document.tags ?? []).map((tag) => tag.name);
    expect(new Set(listed).size).toBe(listed.length);
    for (const tag of document.tags ?? []) expect(tag.description, tag.name).toBeTruthy();
    const used = new Set(operations().flatMap(({ operation }) => operation.tags));
    expect([...used].filter((tag) => !listed.includes(tag))).toEqual([]);
    expect(listed.filter((tag) => !used.has(tag))).toEqual([]);
  });

  it('describes each operation: what it does, then who may call it', () => {
    for (const { where, operation } of operations()) {
      expect(operation.description, where).toMatch(/\n\n(Public|Needs)/);
      const binding = restOperations.find((op) => `${op.rest.method} ${op.rest.path}` === where)?.rest;
      expect(operation.description?.startsWith(binding?.description ?? operation.summary), where).toBe(true);
    }
  });

  it('declares the Retry-After header on every 429 answer', () => {
    const limited = operations().filter(({ operation }) => operation.responses['429']);
    expect(limited.length).toBeGreaterThan(3);
    for (const { where, operation } of limited) {
      expect(operation.responses['429']?.headers?.['Retry-After']?.schema, where).toMatchObject({ type: 'integer' });
    }
  });

  it('needs no token for public operations (security: []) and makes the payment callback token optional', () => {
    for (const { where, operation } of operations()) expect(operation.security, where).toBeDefined();
    expect(document.paths['/products']?.get?.security).toEqual([]);
    expect(document.paths['/payment/callback']?.get?.security).toEqual([{}, { bearerAuth: [] }]);
    expect(document.paths['/vendors/{id}/reports']?.get).toMatchObject({ 'x-role': 'vendor-or-admin' });
  });

  it('gives every number a client may send its bounds, and every date field its format', () => {
    /** Numbers whose bound depends on stored data, so no schema can say it: each described in the document. */
    const boundByData = ['POST /admin/orders/{id}/refund application/json.amount'];
    const unbounded: string[] = [];
    const undated: string[] = [];
    const walk = (schema: JsonSchema | undefined, where: string) => {
      if (!schema) return;
      if (schema.type === 'number' || schema.type === 'integer') {
        const low = schema.minimum ?? schema.exclusiveMinimum;
        const high = schema.maximum ?? schema.exclusiveMaximum;
        if (low === undefined || (high === undefined && !boundByData.includes(where))) unbounded.push(where);
      }
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        walk(property, `${where}.${name}`);
        if (/(_at|date)$/.test(name)) {
          const formats = (property.anyOf ?? [property]).map((branch) => branch.format);
          if (!formats.some((format) => format === 'date' || format === 'date-time')) undated.push(`${where}.${name}`);
        }
      }
      walk(schema.items, `${where}[]`);
      for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
        walk(branch, where);
      }
    };
    for (const { where, operation } of operations()) {
      for (const parameter of operation.parameters ?? []) walk(parameter.schema, `${where} ${parameter.name}`);
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
        walk(media.schema, `${where} ${type}`);
      }
    }
    expect(unbounded).toEqual([]);
    expect(undated).toEqual([]);
    // The fields the outside lint found bare (issue 25).
    const body = (path: string, method: string) =>
      document.paths[path]?.[method]?.requestBody?.content['application/json']?.schema.properties ?? {};
    expect(body('/products', 'post').price).toMatchObject({ exclusiveMinimum: 0, maximum: 1_000_000 });
    expect(body('/coupons', 'post').discount).toMatchObject({ type: 'integer', exclusiveMinimum: 0, maximum: 100 });
    expect(body('/admin/settings', 'put').commission_percent).toMatchObject({ minimum: 0, maximum: 50 });
    expect(body('/admin/orders/{id}/refund', 'post').amount?.description).toMatch(/left of the order/);
  });
});

/** The numeric bounds of a top-level input field, from its JSON Schema (a number, or a number branch). */
function boundsOf(schema: JsonSchema): { low?: number; lowInclusive: boolean; high?: number; highInclusive: boolean } {
  const number = (schema.anyOf ?? [schema]).find((branch) => branch.type === 'number' || branch.type === 'integer');
  return {
    low: number?.minimum ?? number?.exclusiveMinimum,
    lowInclusive: number?.minimum !== undefined,
    high: number?.maximum ?? number?.exclusiveMaximum,
    highInclusive: number?.maximum !== undefined,
  };
}

const withInput = restOperations.filter((op): op is RestOperation & { input: z.ZodType } => Boolean(op.input));
const label = (op: RestOperation) => `${op.rest.method} ${op.rest.path}`;

describe.each(withInput.map((op) => [label(op), op] as const))('%s: documented bounds', (_label, op) => {
  it('are the bounds the server enforces: just past one is refused, the bound itself is not', () => {
    const { properties = {} } = z.toJSONSchema(op.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    /** Messages the input schema gives `field` alone when it holds `value` (other fields' issues aside). */
    const refusals = (field: string, value: number) =>
      (op.input.safeParse({ [field]: value }).error?.issues ?? []).filter((issue) => issue.path[0] === field);
    for (const [field, schema] of Object.entries(properties)) {
      const { low, lowInclusive, high, highInclusive } = boundsOf(schema);
      if (low !== undefined) {
        expect(refusals(field, lowInclusive ? low - 1 : low), `${field} below ${low}`).not.toEqual([]);
        if (lowInclusive) expect(refusals(field, low), `${field} at ${low}`).toEqual([]);
      }
      if (high !== undefined) {
        expect(refusals(field, highInclusive ? high + 1 : high), `${field} above ${high}`).not.toEqual([]);
        if (highInclusive) expect(refusals(field, high), `${field} at ${high}`).toEqual([]);
      }
    }
  });
});

const withExample = withInput.filter((op) => op.rest.example);
describe.each(withExample.map((op) => [label(op), op] as const))('%s: body example', (_label, op) => {
  it('is a body the server accepts, shown on the JSON request body', () => {
    expect(op.input.safeParse(op.rest.example).error?.issues ?? []).toEqual([]);
    const media =
      document.paths[op.rest.path]?.[op.rest.method.toLowerCase()]?.requestBody?.content['application/json'];
    expect(media?.example).toEqual(op.rest.example);
  });
});
