import { DOMAIN_ERRORS } from '@caps/api';
import {
  customerInput,
  makeProduct,
  type Product,
  ProductSchema,
  placeOrder,
  VendorSchema,
  vendorInput,
} from '@caps/api/testing';
import { ERROR_CODES, type ErrorCode, errorCodeForStatus } from '@caps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRestTestEnv, type RestTestEnv } from './harness.js';

// Each failure a client tells apart reaches it as a stable code next to the message: `code` in a
// REST error body, `data.errorCode` in a tRPC error. The statuses are the ones of the table.
let env: RestTestEnv;
const fresh = () => env.services.orm.em.fork();

let ipCounter = 0;
/** A fresh client address, so the per-IP limits of one test do not reach another. */
const freshIp = () => `10.91.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

interface Account {
  id: number;
  token: string;
  email: string;
  password: string;
}

async function register(input: Record<string, unknown>): Promise<Account> {
  const response = await env.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: input,
    remoteAddress: freshIp(),
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json();
  return { id: body.user.id, token: body.token, email: input.email as string, password: input.password as string };
}

const rest = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: Record<string, unknown>) =>
  env.app.inject({
    method,
    url: `/api${url}`,
    headers: token ? bearer(token) : {},
    remoteAddress: freshIp(),
    ...(payload === undefined ? {} : { payload }),
  });

/** One tRPC call over HTTP, as the web client sends it (JSON, unbatched). */
async function trpc(kind: 'query' | 'mutation', path: string, input: unknown, token?: string) {
  const headers = { 'content-type': 'application/json', ...(token ? bearer(token) : {}) };
  const response =
    kind === 'query'
      ? await env.app.inject({
          method: 'GET',
          url:
            input === undefined ? `/trpc/${path}` : `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
          headers,
          remoteAddress: freshIp(),
        })
      : await env.app.inject({
          method: 'POST',
          url: `/trpc/${path}`,
          headers,
          payload: JSON.stringify(input),
          remoteAddress: freshIp(),
        });
  const error = response.json().error as
    | { message: string; data: { errorCode: ErrorCode; httpStatus: number; code: string } }
    | undefined;
  return { status: response.statusCode, error };
}

/** Expects a REST error answer with this status and code, and the usual body around them. */
function expectRestCode(response: Awaited<ReturnType<typeof rest>>, status: number, code: ErrorCode) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ code, statusCode: status, message: expect.any(String) });
}

function expectTrpcCode(answer: Awaited<ReturnType<typeof trpc>>, status: number, code: ErrorCode) {
  expect(answer.status, JSON.stringify(answer.error)).toBe(status);
  expect(answer.error?.data).toMatchObject({ errorCode: code, httpStatus: status });
}

let kano: Account & { shopId: number };
let amina: Account;
let cap: Product;
let lastOne: Product;
beforeAll(async () => {
  env = await createRestTestEnv({
    login: { maxFailuresPerAccountAndIp: 3, maxFailuresPerAccount: 50, maxFailuresPerIp: 200 },
  });
  const vendor = await register(vendorInput({ shop_name: 'Kano Codes House' }));
  const em = fresh();
  const shop = await em.findOneOrFail(VendorSchema, { user: vendor.id });
  shop.verifiedAt = new Date();
  await em.flush();
  kano = { ...vendor, shopId: shop.id };
  cap = await makeProduct(em, shop, { name: 'Zanna Codes', stock: 20 });
  lastOne = await makeProduct(em, shop, { name: 'Last One Cap', stock: 1 });
  amina = await register(customerInput());
});
afterAll(async () => env?.close());

describe('the table of codes', () => {
  it('has one entry per published code, and each generic code is the one of its status', () => {
    expect(Object.keys(DOMAIN_ERRORS).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ['BAD_REQUEST', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'] as const) {
      expect(errorCodeForStatus(DOMAIN_ERRORS[code].http)).toBe(code);
    }
    for (const code of ['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'VALIDATION', 'TOO_MANY_REQUESTS'] as const) {
      expect(errorCodeForStatus(DOMAIN_ERRORS[code].http)).toBe(code);
    }
    expect(errorCodeForStatus(500)).toBe('INTERNAL');
  });

  it('is documented: the OpenAPI error schema requires `code`, one of the published codes', async () => {
    const document = (await env.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const error = document.components.schemas.Error;
    expect(error.required).toContain('code');
    expect([...error.properties.code.enum].sort()).toEqual([...ERROR_CODES].sort());
  });
});

describe('specific codes over REST (body.code) and tRPC (data.errorCode)', () => {
  it('INVALID_COUPON: 422', async () => {
    expectRestCode(await rest('POST', '/coupons/validate', amina.token, { code: 'NOSUCHCODE' }), 422, 'INVALID_COUPON');
    expectTrpcCode(await trpc('query', 'coupons.check', { code: 'NOSUCHCODE' }, amina.token), 422, 'INVALID_COUPON');
  });

  it('ALREADY_REVIEWED: 409 for a second review of one cap', async () => {
    const bola = await register(customerInput());
    await placeOrder(fresh(), bola.id, cap);
    const review = { product_id: cap.id, rating: 5, comment: 'Lovely embroidery, fits well and arrived on time.' };
    expect((await rest('POST', '/reviews', bola.token, review)).statusCode).toBe(201);
    expectRestCode(await rest('POST', '/reviews', bola.token, review), 409, 'ALREADY_REVIEWED');
    expectTrpcCode(await trpc('mutation', 'reviews.create', review, bola.token), 409, 'ALREADY_REVIEWED');
  });

  it('NOT_DELIVERED: 403 for a review without a delivered order', async () => {
    const review = { product_id: cap.id, rating: 4, comment: 'Looks lovely in the pictures, I have not got it.' };
    expectRestCode(await rest('POST', '/reviews', amina.token, review), 403, 'NOT_DELIVERED');
  });

  it('OUT_OF_STOCK: 409 for more caps than are left', async () => {
    const line = { product_id: lastOne.id, quantity: 2, size: '58' };
    expectRestCode(await rest('POST', '/cart', amina.token, line), 409, 'OUT_OF_STOCK');
    expectTrpcCode(await trpc('mutation', 'cart.add', line, amina.token), 409, 'OUT_OF_STOCK');
    expect((await fresh().findOneOrFail(ProductSchema, { id: lastOne.id })).stock).toBe(1);
  });

  it('EMAIL_TAKEN: 409 for a second account with one email', async () => {
    const again = customerInput({ email: amina.email });
    expectRestCode(await rest('POST', '/register', undefined, again), 409, 'EMAIL_TAKEN');
    expect((await rest('POST', '/register', undefined, again)).json().errors).toEqual({ email: [expect.any(String)] });
    expectTrpcCode(await trpc('mutation', 'auth.register', again), 409, 'EMAIL_TAKEN');
  });

  it('SHOP_PENDING: 403 for a shop not verified yet', async () => {
    const pending = await register(vendorInput({ shop_name: 'Pending Codes Caps' }));
    const coupon = { code: 'NEW20', discount: 20, usage_limit: 10, expires_at: '2999-01-01' };
    expectRestCode(await rest('POST', '/coupons', pending.token, coupon), 403, 'SHOP_PENDING');
    expectTrpcCode(await trpc('mutation', 'coupons.create', coupon, pending.token), 403, 'SHOP_PENDING');
  });

  it('INVALID_CREDENTIALS: 401, then TOO_MANY_REQUESTS: 429 with Retry-After', async () => {
    const wrong = { email: kano.email, password: 'not-the-password-1' };
    const ip = freshIp();
    const login = () => env.app.inject({ method: 'POST', url: '/api/login', payload: wrong, remoteAddress: ip });
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await login();
      expect(answer.statusCode, answer.body).toBe(401);
      expect(answer.json().code).toBe('INVALID_CREDENTIALS');
    }
    const limited = await login();
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const other = customerInput();
    expectTrpcCode(
      await trpc('mutation', 'auth.login', { email: other.email, password: other.password }),
      401,
      'INVALID_CREDENTIALS',
    );
  });
});

describe('generic codes for every other failure', () => {
  it('VALIDATION: 422 with the field messages', async () => {
    const response = await rest('POST', '/register', undefined, { email: 'not-an-email' });
    expectRestCode(response, 422, 'VALIDATION');
    expect(response.json().errors).toBeDefined();
    const answer = await trpc('mutation', 'cart.add', { product_id: cap.id, quantity: 0, size: '58' }, amina.token);
    expect(answer.error?.data.errorCode).toBe('VALIDATION');
  });

  it('BAD_REQUEST: 400 for a malformed JSON body', async () => {
    const response = await env.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", ',
    });
    expectRestCode(response, 400, 'BAD_REQUEST');
  });

  it('UNSUPPORTED_MEDIA_TYPE: 415 for a body that is neither JSON nor multipart', async () => {
    const response = await env.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login email="a@b.c"/>',
    });
    expectRestCode(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('NOT_FOUND: 404 for a missing cap, and for an unknown API path', async () => {
    expectRestCode(await rest('GET', '/products/987654'), 404, 'NOT_FOUND');
    expectRestCode(await rest('GET', '/no-such-route'), 404, 'NOT_FOUND');
    expectTrpcCode(await trpc('query', 'catalogue.get', { id: 987654 }), 404, 'NOT_FOUND');
  });

  it('UNAUTHENTICATED: 401 without a token; FORBIDDEN: 403 for the wrong role', async () => {
    expectRestCode(await rest('GET', '/cart'), 401, 'UNAUTHENTICATED');
    expectTrpcCode(await trpc('query', 'cart.list', undefined), 401, 'UNAUTHENTICATED');
    expectRestCode(await rest('GET', '/cart', kano.token), 403, 'FORBIDDEN');
    expectTrpcCode(await trpc('query', 'cart.list', undefined, kano.token), 403, 'FORBIDDEN');
  });
});
