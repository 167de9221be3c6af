import { createServer } from 'node:net';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import sharp from 'sharp';
import { expect } from 'vitest';
import { createRestTestEnv, type RestTestEnv } from '../harness.js';

/**
 * The contract suite talks to the real app LISTENING on a port, with global fetch only, the way an
 * external client does: no app.inject, no shortcuts through Fastify. What it checks answers against is
 * the OpenAPI document the server publishes, fetched over HTTP like any client would.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Answer {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: unknown;
  text: string;
}

export interface CallOptions {
  token?: string;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as multipart/form-data (the boundary is fetch's). */
  form?: FormData;
  /** Sent as is, with the given content type (malformed bodies). */
  raw?: { contentType: string; body: string };
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
}

export interface ContractServer {
  env: RestTestEnv;
  /** http://127.0.0.1:{port} */
  origin: string;
  call(method: Method, path: string, options?: CallOptions): Promise<Answer>;
  close(): Promise<void>;
}

/** A port nothing listens on now, so the server's public URL can be known before it starts. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The app on a fresh test database (SQLite or TEST_DATABASE_URL), listening on a free local port, with
 * that address as its public URL (PUBLIC_URL), as a deployment sets it.
 */
export async function startContractServer(): Promise<ContractServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = await createRestTestEnv({ publicUrl: origin });
  await env.app.listen({ host: '127.0.0.1', port });

  async function call(method: Method, path: string, options: CallOptions = {}): Promise<Answer> {
    const url = new URL(path.startsWith('/api') || path.startsWith('/payment-sandbox') ? path : `/api${path}`, origin);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    } else if (options.raw) {
      headers['content-type'] = options.raw.contentType;
      body = options.raw.body;
    }
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
    return { status: response.status, headers: response.headers, text, body: isJson && text ? JSON.parse(text) : text };
  }

  return {
    env,
    origin,
    call,
    async close() {
      await env.close();
    },
  };
}

type JsonSchema = Record<string, unknown>;
interface Operation {
  security?: unknown[];
  'x-role'?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}
export interface OpenApiDocument {
  openapi: string;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
  paths: Record<string, Record<string, Operation>>;
}

/** A path with its placeholders blanked, so /wishlist/{productId} and /wishlist/{product_id} are one path. */
export const pathShape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

/** The published document, and validators of each documented answer compiled from it with ajv. */
export class OpenApi {
  private readonly ajv: Ajv2020;
  /** By the schema object of the document, which stays the same for the document's life. */
  private readonly compiled = new Map<unknown, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    // OpenAPI 3.1 schemas are JSON Schema 2020-12. Formats are documentation here, not assertions.
    this.ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
  }

  static async load(server: ContractServer): Promise<OpenApi> {
    const answer = await server.call('GET', '/openapi.json');
    expect(answer.status).toBe(200);
    return new OpenApi(answer.body as OpenApiDocument);
  }

  /** The documented operation of a method and path (placeholders may be named differently). */
  operation(method: Method, path: string): Operation | undefined {
    const entry = Object.entries(this.document.paths).find(([documented]) => pathShape(documented) === pathShape(path));
    return entry?.[1][method.toLowerCase()];
  }

  /** Inlines #/components/... references, so each answer's schema compiles on its own. */
  private resolve(schema: unknown): unknown {
    if (Array.isArray(schema)) return schema.map((item) => this.resolve(item));
    if (!schema || typeof schema !== 'object') return schema;
    const ref = (schema as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const target = this.document.components.schemas[ref.slice('#/components/schemas/'.length)];
      if (!target) throw new Error(`The document refers to ${ref}, which it does not define.`);
      return this.resolve(target);
    }
    return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, this.resolve(value)]));
  }

  /** A validator of one of the document's schemas (compiled once). */
  compile(schema: unknown): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(this.resolve(schema) as JsonSchema);
      this.compiled.set(schema, validate);
    }
    return validate;
  }

  /**
   * Fails unless the answer's status is documented for this call and its JSON body matches the
   * documented schema of that status (the message lists ajv's errors).
   */
  expectAnswer(method: Method, path: string, answer: Answer): void {
    const label = `${method} ${path} answered ${answer.status}`;
    const operation = this.operation(method, path);
    if (!operation) throw new Error(`${method} ${path} is not in the OpenAPI document.`);
    const documented = operation.responses[String(answer.status)];
    if (!documented) {
      throw new Error(
        `${label}, a status the document does not list (it lists ${Object.keys(operation.responses).join(', ')}): ${answer.text.slice(0, 300)}`,
      );
    }
    const schema = documented.content?.['application/json']?.schema;
    if (!schema) {
      if (answer.status !== 204 && answer.text !== '' && answer.status < 300) {
        throw new Error(`${label} with a body, but the document describes none.`);
      }
      return;
    }
    const validate = this.compile(schema);
    if (!validate(answer.body)) {
      throw new Error(
        `${label}; the body does not match the documented schema: ${this.ajv.errorsText(validate.errors, { separator: '\n  ' })}\nbody: ${answer.text.slice(0, 600)}`,
      );
    }
  }
}

/** Fails naming every spec 3 field (dotted paths: vendor.shop_name; items.0.product.name) missing from a body. */
export function expectFields(body: unknown, fields: readonly string[], label: string): void {
  const missing = fields.filter((field) => {
    let value: unknown = body;
    for (const part of field.split('.')) {
      if (!value || typeof value !== 'object' || !(part in value)) return true;
      value = (value as Record<string, unknown>)[part];
    }
    return false;
  });
  if (missing.length)
    throw new Error(`${label} lacks the spec 3 fields ${missing.join(', ')}: ${JSON.stringify(body)}`);
}

/** A real PNG picture, as a phone would upload. */
export async function pngFile(name: string, colour = '#b91c1c'): Promise<File> {
  const data = await sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(data)], name, { type: 'image/png' });
}

/** A multipart body of text fields and files, as a browser FormData sends it. */
export function formOf(fields: Record<string, string | number | readonly string[]>, files: Record<string, File> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (!Array.isArray(value)) form.append(name, String(value));
    else for (const [i, item] of value.entries()) form.append(`${name}[${i}]`, String(item));
  }
  for (const [name, file] of Object.entries(files)) form.append(name, file);
  return form;
}
