import type { Access, RestBinding, RestOperation } from '@caps/api';
import { ErrorDto } from '@caps/contracts';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

export function schemaOf(type: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(type, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** The error body as errors.ts sends it: `statusCode` repeats the HTTP status for clients that log bodies. */
const ErrorBodySchema = ErrorDto.extend({ statusCode: z.number().int() });

const ERROR_TEXT: Record<number, string> = {
  400: 'Malformed request: the body is not valid JSON, or not a JSON object',
  401: 'Missing, malformed, expired or revoked bearer token',
  403: 'Signed in, but not allowed',
  404: 'Not found',
  409: 'Conflicts with existing data',
  413: 'The body or an uploaded file is too large (an image: over 5 MB or over 25 megapixels)',
  415: 'Unsupported file or body type',
  422: 'Validation failed: `message` names the first problem, `errors` lists every field',
  429: 'Too many attempts; see the Retry-After header',
};

/** The document's tags in the order a reader meets them; every operation's tag is one of these. */
export const TAGS = [
  { name: 'Accounts', description: 'Registration, sign-in and sign-out, the profile and passwords.' },
  { name: 'Catalogue', description: 'Caps, shops and reviews as any visitor sees them: no token needed.' },
  { name: 'Cart', description: "The signed-in customer's cart: lines of a cap, a size and a quantity." },
  { name: 'Wishlist', description: 'Caps a customer keeps for later.' },
  { name: 'Addresses', description: "A customer's saved delivery addresses and the default one." },
  { name: 'Coupons', description: "Checking a coupon before checkout, and a shop's own coupons." },
  { name: 'Orders', description: "Checkout, a customer's orders, cancelling and returns." },
  { name: 'Payment', description: 'Paying for a checkout with the payment provider, and verifying the payment.' },
  { name: 'Reviews', description: 'Reviews of caps by customers who bought them.' },
  { name: 'Reports', description: 'Reports of shops by customers, and their handling by admins.' },
  { name: 'Notifications', description: "In-app notifications and each account's message preferences." },
  { name: 'Vendor', description: "A shop's own caps, orders, returns, dashboard, balance and payouts." },
  { name: 'Banks', description: 'The bank list and account-name checks for shops paid by bank transfer.' },
  { name: 'Contact', description: 'The contact form.' },
  {
    name: 'Admin',
    description: 'Running the marketplace: accounts, shops, caps, reports, finance, returns and emails.',
  },
] as const;

/** `GET /notifications/unread-count` → `getNotificationsUnreadCount`: camelCase, as code generators name methods. */
export function operationIdOf(method: RestBinding['method'], path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method.toLowerCase() + words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join('');
}

const ACCESS_TEXT: Record<Access, string> = {
  public: 'Public: no token needed.',
  user: 'Needs a bearer token of any signed-in account.',
  customer: 'Needs the bearer token of a customer account.',
  vendor: 'Needs the bearer token of a vendor account (its own shop).',
  admin: 'Needs the bearer token of an admin account.',
  'vendor-or-admin': 'Needs the bearer token of a vendor account or an admin account.',
};

/** Who may call, in OpenAPI's words: `[]` none needed, `[{}, bearer]` a token optional, `[bearer]` required. */
function securityOf(access: Access, route: RestBinding) {
  if (access !== 'public') return { security: [{ bearerAuth: [] }], 'x-role': access };
  return { security: route.optionalToken ? [{}, { bearerAuth: [] }] : [] };
}

/** The summary (or the binding's longer description), then who may call it. */
function descriptionOf(access: Access, route: RestBinding): string {
  const who = route.optionalToken ? `Public; a bearer token is optional: ${route.optionalToken}` : ACCESS_TEXT[access];
  return `${route.description ?? route.summary}\n\n${who}`;
}

const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 0 } },
};

/** The OpenAPI 3.1 document of the operations with a REST binding: paths, inputs, answers, roles, errors. */
export function buildOpenApi(operations: RestOperation[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { rest: route, access, input, output } of operations) {
    const placeholders = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
    /** The input field each placeholder fills. */
    const pathFields = placeholders.map((name) => route.params?.[name] ?? name);
    const inputSchema = input ? schemaOf(input, 'input') : undefined;
    const properties = (inputSchema?.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((inputSchema?.required as string[] | undefined) ?? []);
    const parameters: unknown[] = placeholders.map((name, i) => ({
      name,
      in: 'path',
      required: true,
      schema: properties[pathFields[i] as string] ?? { type: 'integer' },
    }));
    let requestBody: unknown;
    if (route.method === 'GET' || route.method === 'DELETE') {
      for (const [name, schema] of Object.entries(properties)) {
        if (pathFields.includes(name)) continue;
        parameters.push({ name, in: 'query', required: required.has(name), schema });
      }
    } else if (inputSchema) {
      const bodyProps = Object.fromEntries(Object.entries(properties).filter(([k]) => !pathFields.includes(k)));
      const bodyRequired = [...required].filter((k) => !pathFields.includes(k));
      const bodySchema = { ...inputSchema, properties: bodyProps, required: bodyRequired };
      const content: Record<string, unknown> = {
        'application/json': { schema: bodySchema, ...(route.example ? { example: route.example } : {}) },
      };
      if (route.files?.length) {
        const file = { type: 'string', format: 'binary', description: 'JPEG, PNG or WebP, at most 5 MB' };
        const fileProps = Object.fromEntries(
          route.files.map((f) => [
            f,
            route.fileLists?.includes(f)
              ? { type: 'array', items: file, description: `Sent as ${f}[0], ${f}[1]... or ${f} repeated` }
              : file,
          ]),
        );
        content['multipart/form-data'] = {
          schema: { ...bodySchema, additionalProperties: undefined, properties: { ...bodyProps, ...fileProps } },
        };
      }
      // A call whose input is all in the path (POST /admin/vendors/{id}/verify) takes no body (spec 7:
      // payload none); one whose body fields are all optional works without a body as well.
      if (Object.keys(bodyProps).length || route.files?.length) {
        requestBody = { required: bodyRequired.length > 0, content };
      }
    }
    const status = route.status ?? (output ? 200 : 204);
    const success = output
      ? { description: 'Success', content: { 'application/json': { schema: schemaOf(output, 'output') } } }
      : { description: 'Success' };
    const responses: Record<string, unknown> = {};
    for (const code of [status, ...(route.alsoAnswers ?? [])].sort()) responses[String(code)] = success;
    if (route.redirect) {
      responses['303'] = {
        description: route.redirect.description,
        headers: { Location: { description: 'Where to go next', schema: { type: 'string' } } },
      };
    }
    const errorStatuses = new Set<number>([...(route.errors ?? [])]);
    // Any POST or PUT may carry a body: a broken one is 400, one over the size limit 413, one that is
    // neither JSON nor multipart 415.
    if (route.method === 'POST' || route.method === 'PUT') {
      errorStatuses.add(400);
      errorStatuses.add(413);
      errorStatuses.add(415);
    }
    if (input) errorStatuses.add(422);
    if (access !== 'public') errorStatuses.add(401);
    if (access !== 'public' && access !== 'user') errorStatuses.add(403);
    if (placeholders.length) errorStatuses.add(404);
    for (const code of [...errorStatuses].sort()) {
      responses[String(code)] = {
        description: ERROR_TEXT[code] ?? 'Error',
        ...(code === 429 ? { headers: RETRY_AFTER } : {}),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    paths[route.path] ??= {};
    (paths[route.path] as Record<string, unknown>)[route.method.toLowerCase()] = {
      summary: route.summary,
      description: descriptionOf(access, route),
      tags: [route.tag],
      operationId: operationIdOf(route.method, route.path),
      ...securityOf(access, route),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Caps marketplace REST API',
      version: '1.0.0',
      description:
        'The documented calls of the marketplace for external clients. Bodies are JSON unless multipart is listed. ' +
        'Errors answer `{ "message": ..., "error": ... }` with a 4xx status. Money is in naira at this edge.',
    },
    servers: [{ url: '/api' }],
    tags: TAGS,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'Token from /login or /register' },
      },
      schemas: { Error: schemaOf(ErrorBodySchema, 'output') },
    },
    paths,
  };
}
