import { makeProduct, makeUser, makeVendor, sessionTokenFor } from '@caps/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContractServer, OpenApi, pathShape, startContractServer } from './harness.js';
import { type Access, SPEC_CALLS, type SpecCall } from './spec-table.js';

/**
 * The OpenAPI document against spec 7, and the error answers of every call: what an external client
 * gets without a token, with the wrong role, with a bad id, with a broken body, on an unknown path.
 */

let server: ContractServer;
let openApi: OpenApi;
const tokens = {} as Record<'customer' | 'vendor' | 'admin', string>;
let productId: number;

beforeAll(async () => {
  server = await startContractServer();
  openApi = await OpenApi.load(server);
  const em = server.env.services.orm.em.fork();
  const shop = await makeVendor(em, { shopName: 'Contract Caps' });
  productId = (await makeProduct(em, shop)).id;
  tokens.vendor = await sessionTokenFor(server.env.services, shop.user.id);
  tokens.customer = await sessionTokenFor(server.env.services, (await makeUser(em)).id);
  tokens.admin = await sessionTokenFor(server.env.services, (await makeUser(em, { role: 'admin' })).id);
});
afterAll(async () => server?.close());

const label = (call: SpecCall) => `${call.method} ${call.path}`;
const hasId = (call: SpecCall) => call.path.includes('{');
/** The path with its placeholders filled in. */
const concrete = (call: SpecCall, id: string | number) => call.path.replace(/\{[^}]+\}/g, String(id));
const authed = SPEC_CALLS.filter((call) => call.access !== 'public');
/** A signed-in user of another role than the call needs. */
const wrongRole: Partial<Record<Access, 'customer' | 'vendor'>> = {
  customer: 'vendor',
  vendor: 'customer',
  admin: 'vendor',
  'vendor-or-admin': 'customer',
};
/** A signed-in user the call is meant for (an admin where any user, or a shop or an admin, may ask: it may see every shop). */
const rightRole = (call: SpecCall) => {
  if (call.access === 'public') return undefined;
  return tokens[call.access === 'user' || call.access === 'vendor-or-admin' ? 'admin' : call.access];
};

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the bearer scheme and the { message, error } error schema', () => {
    const { document } = openApi;
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.schemas.Error).toMatchObject({
      type: 'object',
      properties: { message: { type: 'string' }, error: { type: 'string' } },
      required: expect.arrayContaining(['message', 'error']),
    });
  });

  it('is well formed: unique operation ids, every path parameter described, every schema compiles', () => {
    const ids = new Set<string>();
    for (const [path, operations] of Object.entries(openApi.document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        const id = (operation as { operationId?: string }).operationId;
        expect(id, where).toBeTruthy();
        expect(ids.has(id as string), `${where} repeats the operation id ${id}`).toBe(false);
        ids.add(id as string);
        const inPath = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        expect(inPath.sort(), where).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
        const schemas = [
          ...(operation.parameters ?? []).map((p) => p.schema),
          ...Object.values(operation.requestBody?.content ?? {}).map((c) => c.schema),
          ...Object.values(operation.responses).flatMap((r) => Object.values(r.content ?? {}).map((c) => c.schema)),
        ];
        for (const schema of schemas) expect(() => openApi.compile(schema), where).not.toThrow();
      }
    }
  });

  it.each(SPEC_CALLS.map((call) => [label(call), call] as const))('documents %s', (_label, call) => {
    const operation = openApi.operation(call.method, call.path);
    if (!operation) throw new Error(`${label(call)} (spec 7) is missing from /api/openapi.json`);
    const success = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
    expect(success.length, 'a success answer').toBeGreaterThan(0);
    for (const [status, response] of success) {
      if (status !== '204') expect(response.content?.['application/json']?.schema, `${status} schema`).toBeDefined();
    }
    const errors = (statuses: number[]) =>
      statuses.map((status) => ({
        status,
        schema: operation.responses[String(status)]?.content?.['application/json']?.schema,
      }));
    const required: number[] = [];
    if (call.access === 'public') {
      // `[]`: no token needed; `[{}, bearer]`: a token is optional and read when sent.
      expect(operation.security, 'a public call needs no token').toEqual(
        call.optionalToken ? [{}, { bearerAuth: [] }] : [],
      );
    } else {
      expect(operation.security).toEqual([{ bearerAuth: [] }]);
      expect(operation['x-role']).toBe(call.access);
      required.push(401);
      if (call.access !== 'user') required.push(403);
    }
    if (call.input) required.push(422);
    if (hasId(call)) required.push(404);
    for (const { status, schema } of errors(required)) {
      expect(schema, `documented error ${status}`).toEqual({ $ref: '#/components/schemas/Error' });
    }
    if (call.multipart) {
      const multipart = operation.requestBody?.content['multipart/form-data'];
      expect(multipart, 'a multipart request body').toBeDefined();
      type Property = { format?: string; type?: string; items?: Property };
      const properties = (multipart?.schema.properties ?? {}) as Record<string, Property>;
      const binary = Object.entries(properties).filter(
        ([, property]) => (property.type === 'array' ? property.items : property)?.format === 'binary',
      );
      expect(binary.length, 'file fields').toBeGreaterThan(0);
      // A cap takes several pictures: images is a list of files.
      if (call.path.startsWith('/products')) expect(properties.images?.items?.format).toBe('binary');
    }
    if (call.input && call.method !== 'GET' && call.method !== 'DELETE' && !hasId(call)) {
      expect(operation.requestBody?.content['application/json'], 'a JSON request body').toBeDefined();
    }
  });

  it('is checked for real: a body missing a documented field, or of a wrong type, fails the check', () => {
    const answer = (body: unknown) => ({ status: 200, headers: new Headers(), body, text: JSON.stringify(body) });
    const vendor = { id: 1, user: { name: 'A' }, shop_name: 'S', shop_description: 'D', address: 'A' };
    expect(() => openApi.expectAnswer('GET', '/vendors/{id}', answer(vendor))).toThrow(/must have required property/);
    expect(() => openApi.expectAnswer('GET', '/vendors', answer({ data: [] }))).toThrow(/must be array/);
    expect(() => openApi.expectAnswer('GET', '/vendors', { ...answer([]), status: 418 })).toThrow(
      /a status the document does not list/,
    );
  });

  it('shows every call on /api/docs, an HTML page that links the document', async () => {
    const page = await server.call('GET', '/docs', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('href="/api/openapi.json"');
    for (const call of SPEC_CALLS) {
      const documented = Object.keys(openApi.document.paths).find((path) => pathShape(path) === pathShape(call.path));
      if (!documented) continue; // the test above names it
      expect(page.text, label(call)).toContain(`<code>/api${documented}</code>`);
    }
  });
});

describe('error answers', () => {
  it.each(authed.map((call) => [label(call), call] as const))('%s without a token is 401', async (_label, call) => {
    const answer = await server.call(call.method, concrete(call, productId));
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ message: expect.any(String), error: 'Unauthorized' });
    openApi.expectAnswer(call.method, call.path, answer);
  });

  it.each(authed.map((call) => [label(call), call] as const))(
    '%s with a revoked or made-up token is 401',
    async (_label, call) => {
      const answer = await server.call(call.method, concrete(call, productId), { token: 'not-a-real-token' });
      expect(answer.status).toBe(401);
      openApi.expectAnswer(call.method, call.path, answer);
    },
  );

  const roleBound = authed.filter((call) => wrongRole[call.access]);
  it.each(roleBound.map((call) => [label(call), call] as const))('%s with the wrong role is 403', async (_l, call) => {
    const role = wrongRole[call.access] as 'customer' | 'vendor';
    const answer = await server.call(call.method, concrete(call, productId), { token: tokens[role] });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ message: expect.any(String), error: 'Forbidden' });
    openApi.expectAnswer(call.method, call.path, answer);
  });

  it('GET /vendors/{id}/reports of another shop is 403 for a customer', async () => {
    const answer = await server.call('GET', '/vendors/1/reports', { token: tokens.customer });
    expect(answer.status).toBe(403);
    openApi.expectAnswer('GET', '/vendors/{id}/reports', answer);
  });

  const withId = SPEC_CALLS.filter(hasId);
  it.each(withId.map((call) => [label(call), call] as const))(
    '%s with the id abc is a documented 4xx',
    async (_label, call) => {
      const body = call.method === 'POST' || call.method === 'PUT' ? { json: {} } : {};
      const answer = await server.call(call.method, concrete(call, 'abc'), { token: rightRole(call), ...body });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body).toMatchObject({ message: expect.any(String), error: expect.any(String) });
      openApi.expectAnswer(call.method, call.path, answer);
    },
  );

  // Removing a cap that is not on the wishlist is documented as idempotent (200), not 404.
  const lookups = withId.filter((call) => call.path !== '/wishlist/{productId}');
  it.each(lookups.map((call) => [label(call), call] as const))(
    '%s with an id that does not exist is 404',
    async (_label, call) => {
      const body = call.method === 'POST' || call.method === 'PUT' ? { json: validBodies[call.path] ?? {} } : {};
      const answer = await server.call(call.method, concrete(call, 999_999), { token: rightRole(call), ...body });
      expect(answer.status).toBe(404);
      openApi.expectAnswer(call.method, call.path, answer);
    },
  );

  const withBody = SPEC_CALLS.filter((call) => (call.method === 'POST' || call.method === 'PUT') && call.input);
  it.each(withBody.map((call) => [label(call), call] as const))(
    '%s with a malformed JSON body is 400 with a message',
    async (_label, call) => {
      const answer = await server.call(call.method, concrete(call, productId), {
        token: rightRole(call),
        raw: { contentType: 'application/json', body: '{"name": "Fila",' },
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ message: 'The request body is not valid JSON.', error: 'Bad Request' });
      openApi.expectAnswer(call.method, call.path, answer);
    },
  );

  it.each(withBody.map((call) => [label(call), call] as const))(
    '%s with an empty JSON object names exactly the documented required fields',
    async (_label, call) => {
      const operation = openApi.operation(call.method, call.path);
      if (!operation) throw new Error(`${label(call)} is not documented`);
      const answer = await server.call(call.method, concrete(call, productId), { token: rightRole(call), json: {} });
      expect(answer.status, answer.text).toBeLessThan(500);
      openApi.expectAnswer(call.method, call.path, answer);
      const schema = operation.requestBody?.content['application/json']?.schema;
      const documented = [...((schema?.required as string[] | undefined) ?? [])].sort();
      if (answer.status !== 422) {
        // Nothing required: the call may succeed with no fields at all.
        expect(documented, answer.text).toEqual([]);
        return;
      }
      const named = Object.keys((answer.body as { errors?: Record<string, unknown> }).errors ?? {}).sort();
      expect(named, `the fields the server asks for vs the documented required ones`).toEqual(documented);
    },
  );

  const oddIds = ['-1', '0', '1.5', '99999999999999999999', '%20'];
  it.each(withId.map((call) => [label(call), call] as const))(
    '%s with odd ids (negative, zero, fraction, huge, blank) is a documented 4xx',
    async (_label, call) => {
      for (const id of oddIds) {
        const body = call.method === 'POST' || call.method === 'PUT' ? { json: validBodies[call.path] ?? {} } : {};
        const answer = await server.call(call.method, concrete(call, id), { token: rightRole(call), ...body });
        expect(answer.status, `${id}: ${answer.text}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${id}: ${answer.text}`).toBeLessThan(500);
        openApi.expectAnswer(call.method, call.path, answer);
      }
    },
  );

  it('answers bad query values with a documented 422, repeated or not', async () => {
    for (const query of ['page=abc', 'per_page=100000', 'sort=sideways', 'page=1&page=2', 'vendor_id=-4']) {
      const answer = await server.call('GET', `/products?${query}`);
      expect(answer.status, `${query}: ${answer.text}`).toBe(422);
      openApi.expectAnswer('GET', '/products', answer);
    }
    for (const query of ['product_id=abc', 'product_id=1&product_id=2']) {
      const answer = await server.call('GET', `/reviews?${query}`);
      expect(answer.status, `${query}: ${answer.text}`).toBe(422);
      openApi.expectAnswer('GET', '/reviews', answer);
    }
    for (const query of ['', 'reference=', `reference=${'x'.repeat(65)}`, 'reference=a&reference=b']) {
      const answer = await server.call('GET', `/payment/verify?${query}`, { token: tokens.customer });
      expect(answer.status, `${query}: ${answer.text}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${query}: ${answer.text}`).toBeLessThan(500);
      openApi.expectAnswer('GET', '/payment/verify', answer);
    }
  });

  it('refuses a file sent to a call that takes none, and a field of the wrong type, with 422', async () => {
    const form = new FormData();
    form.append('product_id', String(productId));
    form.append('size', '57');
    form.append('photo', new File([new Uint8Array([1, 2, 3])], 'x.png', { type: 'image/png' }));
    const file = await server.call('POST', '/cart', { token: tokens.customer, form });
    expect(file.status).toBe(422);
    openApi.expectAnswer('POST', '/cart', file);
    for (const json of [
      { product_id: [productId], size: '57' },
      { product_id: { id: 1 } },
      { product_id: productId, size: 57, quantity: 'two' },
    ]) {
      const answer = await server.call('POST', '/cart', { token: tokens.customer, json });
      expect(answer.status, answer.text).toBe(422);
      openApi.expectAnswer('POST', '/cart', answer);
    }
    const cart = await server.call('GET', '/cart', { token: tokens.customer });
    expect(cart.body).toEqual([]);
  });

  it('answers an unknown path under /api with a JSON 404', async () => {
    for (const [method, path] of [
      ['GET', '/no-such-call'],
      ['POST', '/products/1/nope'],
      ['DELETE', '/vendor'],
    ] as const) {
      const answer = await server.call(method, path, { token: tokens.customer });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.body).toMatchObject({ message: expect.any(String), error: 'Not Found' });
    }
  });

  it('refuses a body that is not a JSON object (400) or neither JSON nor multipart (415), changing nothing', async () => {
    for (const [contentType, body, status] of [
      ['text/plain', 'product_id=1', 415],
      ['text/plain', '{"product_id": 1, "quantity": 1, "size": "56"}', 415],
      ['application/json', '[{"product_id": 1}]', 400],
      ['application/xml', '<cart><product_id>1</product_id></cart>', 415],
    ] as const) {
      const answer = await server.call('POST', '/cart', { token: tokens.customer, raw: { contentType, body } });
      expect(answer.status, contentType).toBe(status);
      openApi.expectAnswer('POST', '/cart', answer);
    }
    const cart = await server.call('GET', '/cart', { token: tokens.customer });
    expect(cart.body).toEqual([]);
  });
});

/** Well-formed bodies for the {id} calls that take one, so an unknown id is what they trip on. */
const validBodies: Record<string, unknown> = {
  '/products/{id}': { name: 'Renamed cap' },
  '/vendor/orders/{id}/status': { status: 'confirmed' },
  '/coupons/{id}': { discount: 15 },
  '/cart/{id}': { quantity: 2 },
  '/reports/{id}/status': { status: 'reviewed' },
};
