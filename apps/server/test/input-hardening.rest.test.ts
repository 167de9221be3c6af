import type { Em } from '@caps/api/testing';
import {
  ContactMessageSchema,
  CouponSchema,
  makeProduct,
  makeUser,
  makeVendor,
  OrderSchema,
  ProductSchema,
  ReportSchema,
  sessionTokenFor,
  UserSchema,
  type Vendor,
  VendorSchema,
} from '@caps/api/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOTYPE_FIELD } from '../src/rest/errors.js';
import { bearer, createRestTestEnv, multipart, type RestTestEnv } from './harness.js';

/**
 * QA findings on raw input: NUL characters, field names that are Object.prototype members, ids that
 * Number() reads but a person would not, repeated and out-of-order multipart fields, and calls whose
 * whole input is in the path. Each refusal is a 422 with a JSON message that changes nothing.
 */

let env: RestTestEnv;
let adminToken: string;
let customerToken: string;
let vendorToken: string;
let shop: Vendor;
let pendingShop: Vendor;
let capId: number;

const fresh = () => env.services.orm.em.fork() as Em;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object | string) =>
  env.app.inject({
    method,
    url: `/api${url}`,
    headers: {
      ...(token ? bearer(token) : {}),
      ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload } : {}),
  });

/** The rows of every table a refused call could have written to. */
async function counts() {
  const em = fresh();
  return {
    products: await em.count(ProductSchema, {}),
    contact: await em.count(ContactMessageSchema, {}),
    coupons: await em.count(CouponSchema, {}),
    orders: await em.count(OrderSchema, {}),
    reports: await em.count(ReportSchema, {}),
  };
}

const product = (overrides: Record<string, unknown> = {}) => ({
  name: 'Abeti Aja Classic',
  description: 'Yoruba abeti aja cap, hand stitched in Ibadan.',
  price: 18500,
  stock: 7,
  category: 'Yoruba Caps',
  sizes: ['57', '58'],
  ...overrides,
});

/** A vendor's multipart POST /products. */
const postForm = (form: ReturnType<typeof multipart>) =>
  env.app.inject({
    method: 'POST',
    url: '/api/products',
    payload: form.payload,
    headers: { ...form.headers, ...bearer(vendorToken) },
  });

/** A valid product as form fields, without sizes (each test sends them its own way). */
const productFields = (name: string): [string, string][] =>
  Object.entries(product({ name, sizes: undefined }))
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, String(v)]);

beforeAll(async () => {
  env = await createRestTestEnv();
  const em = fresh();
  const admin = await makeUser(em, { role: 'admin', fullName: 'Hauwa Admin' });
  adminToken = await sessionTokenFor(env.services, admin.id);
  const customer = await makeUser(em, { fullName: 'Amina Bello', email: 'amina.hardening@example.com' });
  customerToken = await sessionTokenFor(env.services, customer.id);
  shop = await makeVendor(em, { shopName: 'Kano Caps' });
  vendorToken = await sessionTokenFor(env.services, shop.user.id);
  pendingShop = await makeVendor(em, { shopName: 'Waiting Caps', verified: false });
  capId = (await makeProduct(em, shop, { name: 'Zanna Cap', sizes: ['57', '58'] })).id;
});
afterAll(async () => env?.close());

describe('a NUL character anywhere in the input', () => {
  type Who = 'public' | 'customer' | 'vendor' | 'admin';
  const tokenOf = (who: Who) =>
    ({ public: undefined, customer: customerToken, vendor: vendorToken, admin: adminToken })[who];
  // Bodies are built when the test runs, once the fixtures' ids exist.
  const refusals: [string, Method, string, Who, () => object | string | undefined, string[]][] = [
    ['public search', 'GET', '/products?search=%00', 'public', () => undefined, ['search']],
    ['a public path id', 'GET', '/products/1%00', 'public', () => undefined, ['id']],
    ['admin search', 'GET', '/admin/users?search=a%00b', 'admin', () => undefined, ['search']],
    [
      'the public contact form',
      'POST',
      '/contact',
      'public',
      () => ({ name: 'Musa', email: 'musa@example.com', subject: 'Hello', message: 'When\u0000 will it arrive?' }),
      ['message'],
    ],
    [
      'a vendor product, nested in a list too',
      'POST',
      '/products',
      'vendor',
      () => product({ name: 'Nul\u0000Cap', sizes: ['57', 'S\u0000'] }),
      ['name', 'sizes.1'],
    ],
    ['a vendor coupon', 'POST', '/coupons', 'vendor', () => ({ code: 'SAVE\u000010', discount: 10 }), ['code']],
    [
      'a customer report',
      'POST',
      '/reports',
      'customer',
      () => ({ vendor_id: shop.id, reason: 'Scam/Fraud', description: 'Never delivered \u0000 my order.' }),
      ['description'],
    ],
    [
      'a customer order',
      'POST',
      '/orders',
      'customer',
      () => ({
        shipping_address: '12 Test Street\u0000, Maiduguri',
        items: [{ product_id: capId, quantity: 1, size: '57' }],
      }),
      ['shipping_address'],
    ],
    [
      'a coupon check, deep in its items',
      'POST',
      '/coupons/validate',
      'customer',
      () => ({ code: 'SAVE10', items: [{ product_id: capId, quantity: 1, size: '5\u00007' }] }),
      ['items.0.size'],
    ],
    [
      'a field name',
      'POST',
      '/contact',
      'public',
      () => '{"name":"Musa","email":"musa@example.com","subject":"Hi","message":"Hello there","x\\u0000":"1"}',
      ['x\u0000'],
    ],
  ];

  it.each(refusals)('is refused with 422 Invalid format: %s', async (_label, method, url, who, payload, fields) => {
    const before = await counts();
    const response = await call(method, url, tokenOf(who), payload());
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json() as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe('Invalid format');
    expect(Object.keys(body.errors).sort()).toEqual(fields);
    for (const field of fields) expect(body.errors[field]).toEqual(['Invalid format']);
    expect(await counts()).toEqual(before);
  });

  it('is refused in a multipart field before any product is stored', async () => {
    const before = await counts();
    const response = await postForm(multipart([...productFields('Nul\u0000Cap'), ['sizes[0]', '57']]));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ message: 'Invalid format', errors: { name: ['Invalid format'] } });
    expect(await counts()).toEqual(before);
  });
});

describe('a field named after an Object.prototype member', () => {
  const names = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'];

  it.each(names)('%s is an unknown field (422), in a query string, a JSON body and a form', async (name) => {
    const before = await counts();
    const expected = {
      message: `The field '${name}' is not allowed.`,
      errors: { [name]: [`The field '${name}' is not allowed.`] },
    };

    const query = await call('GET', `/admin/users?${name}=1`, adminToken);
    expect(query.statusCode, query.body).toBe(422);
    expect(query.json()).toMatchObject(expected);

    // Raw JSON text: a `__proto__` key in an object literal would set the prototype instead.
    const json = await call(
      'POST',
      '/orders',
      customerToken,
      `{"shipping_address":"12 Test Street, Maiduguri","items":[{"product_id":${capId},"quantity":1,"size":"57"}],"${name}":"x"}`,
    );
    expect(json.statusCode, json.body).toBe(422);
    expect(json.json()).toMatchObject(expected);

    // In a form (a vendor's PUT /profile, whose fields are a closed list), name[0] reaches the
    // adapter's own list assembly, which must neither write to __proto__ nor drop the field.
    const putForm = (fields: [string, string][]) => {
      const form = multipart(fields);
      return env.app.inject({
        method: 'PUT',
        url: '/api/profile',
        payload: form.payload,
        headers: { ...form.headers, ...bearer(vendorToken) },
      });
    };
    const listed = await putForm([
      ['shop_description', 'Changed by a refused form.'],
      [`${name}[0]`, 'y'],
    ]);
    expect(listed.statusCode, listed.body).toBe(422);
    expect(listed.json()).toMatchObject(expected);
    // A plain `toString` field is stopped by @fastify/multipart itself, which does not say which field.
    const plain = await putForm([
      ['shop_description', 'Changed by a refused form.'],
      [name, 'x'],
    ]);
    expect(plain.statusCode, plain.body).toBe(422);
    expect(plain.json().message).toBe(PROTOTYPE_FIELD);
    const vendor = await fresh().findOneOrFail(VendorSchema, shop.id);
    expect(vendor.shopDescription).not.toBe('Changed by a refused form.');
    expect(await counts()).toEqual(before);
  });

  it('a validation message is the spec text alone; the field is named in errors', async () => {
    const response = await call('POST', '/contact', undefined, {
      email: 'musa@example.com',
      subject: 'Hi',
      message: 'Hello there',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('This field is required');
    expect(response.json().errors.name).toEqual(['This field is required']);
  });
});

describe('ids are plain decimal digits', () => {
  /** Ways of writing a real id that Number() reads as that id. */
  const odd: [string, (id: number) => string][] = [
    ['exponent', (id) => `${id}e0`],
    ['hexadecimal', (id) => `0x${id.toString(16)}`],
    ['plus sign', (id) => `%2B${id}`],
    ['leading space', (id) => `%20${id}`],
    ['trailing space', (id) => `${id}%20`],
    ['decimal point', (id) => `${id}.0`],
  ];

  it.each(odd)('%s is not an id, for the public, a customer, a vendor and the admin', async (_label, write) => {
    const before = await counts();
    for (const [method, url, token] of [
      ['GET', `/products/${write(capId)}`, undefined],
      ['GET', `/vendors/${write(shop.id)}`, undefined],
      ['POST', '/wishlist', customerToken],
      ['DELETE', `/wishlist/${write(capId)}`, customerToken],
      ['PUT', `/products/${write(capId)}`, vendorToken],
      ['POST', `/admin/vendors/${write(pendingShop.id)}/verify`, adminToken],
    ] as [Method, string, string | undefined][]) {
      const payload = url === '/wishlist' ? { product_id: decodeURIComponent(write(capId)) } : undefined;
      const response = await call(method, url, token, payload);
      expect(response.statusCode, `${method} ${url} ${response.body}`).toBe(422);
      expect(response.json().message, url).toMatch(/^(id|product_id) must be a whole number$/);
    }
    expect(await counts()).toEqual(before);
    const pending = await fresh().findOneOrFail(VendorSchema, pendingShop.id);
    expect(pending.verifiedAt).toBeNull();
    const cap = await fresh().findOneOrFail(ProductSchema, capId);
    expect(cap.name).toBe('Zanna Cap');
  });

  it('leading zeros and JSON numbers are fine; so are page numbers written as digits only', async () => {
    const padded = await call('GET', `/products/00${capId}`);
    expect(padded.statusCode, padded.body).toBe(200);
    expect(padded.json().id).toBe(capId);
    const added = await call('POST', '/wishlist', customerToken, { product_id: capId });
    expect(added.statusCode, added.body).toBeLessThan(300);
    expect((await call('GET', '/products?page=01&per_page=5')).statusCode).toBe(200);
    for (const page of ['1e0', '0x1', '+1', '1.5']) {
      const response = await call('GET', `/products?page=${encodeURIComponent(page)}`);
      expect(response.statusCode, page).toBe(422);
      expect(response.json()).toMatchObject({
        message: 'page must be a whole number',
        errors: { page: ['page must be a whole number'] },
      });
    }
  });
});

describe('multipart lists', () => {
  const png = (width: number) =>
    sharp({ create: { width, height: width, channels: 3, background: { r: 180, g: 30, b: 40 } } })
      .png()
      .toBuffer();

  it('a repeated plain field is a list, in the order sent', async () => {
    const response = await postForm(
      multipart([...productFields('Repeated Sizes Cap'), ['sizes', 'S'], ['sizes', 'M'], ['sizes', 'L']]),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().sizes).toEqual(['S', 'M', 'L']);
  });

  it('name[i] is ordered by i, not by arrival, and sparse indexes close up', async () => {
    const response = await postForm(
      multipart([...productFields('Indexed Sizes Cap'), ['sizes[5]', 'XL'], ['sizes[1]', 'M'], ['sizes[0]', 'S']]),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().sizes).toEqual(['S', 'M', 'XL']);
  });

  it('images[1] sent before images[0] ends second', async () => {
    const form = multipart(
      [...productFields('Ordered Images Cap'), ['sizes[0]', '57']],
      [
        { field: 'images[1]', filename: 'second.png', contentType: 'image/png', data: await png(64) },
        { field: 'images[0]', filename: 'first.png', contentType: 'image/png', data: await png(32) },
      ],
    );
    const response = await postForm(form);
    expect(response.statusCode, response.body).toBe(201);
    const images = response.json().images as string[];
    expect(images).toHaveLength(2);
    const widths = [];
    for (const url of images) {
      const image = await env.app.inject({ method: 'GET', url });
      expect(image.statusCode).toBe(200);
      widths.push((await sharp(image.rawPayload).metadata()).width);
    }
    expect(widths).toEqual([32, 64]);
  });
});

describe('calls whose whole input is the path', () => {
  const pathOnly = [
    '/admin/vendors/{id}/verify',
    '/admin/users/{id}/reinstate',
    '/admin/contact-messages/{id}/handled',
  ];

  it('document no request body; a call that takes a body documents 413', async () => {
    const document = (await call('GET', '/openapi.json')).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    };
    for (const path of pathOnly) {
      expect(document.paths[path]?.post, path).toBeDefined();
      expect(document.paths[path]?.post?.requestBody, path).toBeUndefined();
    }
    // Suspensions take an optional reason: a body that may be left out.
    for (const path of ['/admin/users/{id}/suspend', '/admin/vendors/{id}/suspend']) {
      expect(document.paths[path]?.post?.requestBody, path).toMatchObject({ required: false });
    }
    for (const [path, method] of [
      ['/products', 'post'],
      ['/products/{id}', 'put'],
      ['/contact', 'post'],
    ] as const) {
      const operation = document.paths[path]?.[method];
      expect(operation?.requestBody, path).toBeDefined();
      expect(operation?.responses['413'], path).toBeDefined();
    }
  });

  it('work with no body and no content type, and with an empty JSON object', async () => {
    const em = fresh();
    const first = await makeVendor(em, { shopName: 'No Body Caps', verified: false });
    const second = await makeVendor(em, { shopName: 'Empty Body Caps', verified: false });
    const bare = await env.app.inject({
      method: 'POST',
      url: `/api/admin/vendors/${first.id}/verify`,
      headers: bearer(adminToken),
    });
    expect(bare.statusCode, bare.body).toBe(200);
    const empty = await call('POST', `/admin/vendors/${second.id}/verify`, adminToken, {});
    expect(empty.statusCode, empty.body).toBe(200);
    const user = await makeUser(em, { email: 'suspend.me@example.com' });
    const suspended = await env.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/suspend`,
      headers: bearer(adminToken),
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const reinstated = await call('POST', `/admin/users/${user.id}/reinstate`, adminToken, {});
    expect(reinstated.statusCode, reinstated.body).toBe(200);
    const verified = await fresh().find(VendorSchema, { id: [first.id, second.id] });
    expect(verified.every((vendor) => vendor.verifiedAt !== null)).toBe(true);
  });
});

describe('a broken multipart body', () => {
  /** A truncated part (no closing boundary), and a multipart content type without a boundary. */
  const broken = [
    {
      contentType: 'multipart/form-data; boundary=x',
      payload: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nabc',
    },
    { contentType: 'multipart/form-data', payload: 'hello' },
    {
      contentType: 'multipart/form-data; boundary=x',
      payload:
        '--x\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    },
  ];
  const routes: [Method, string, () => string | undefined][] = [
    ['POST', '/register', () => undefined],
    ['PUT', '/profile', () => vendorToken],
    ['POST', '/products', () => vendorToken],
    ['PUT', '/products/{id}', () => vendorToken],
    ['POST', '/cart', () => customerToken],
    ['POST', '/contact', () => undefined],
  ];

  it.each(routes.map(([method, path, token]) => [`${method} ${path}`, method, path, token] as const))(
    '%s answers 400 with the JSON error shape and stores nothing',
    async (_label, method, path, token) => {
      const em = fresh();
      const before = { ...(await counts()), users: await em.count(UserSchema, {}) };
      const vendorBefore = await em.findOneOrFail(VendorSchema, { id: shop.id });
      for (const { contentType, payload } of broken) {
        const answer = await env.app.inject({
          method,
          url: `/api${path.replace('{id}', String(capId))}`,
          headers: { 'content-type': contentType, ...(token() ? bearer(token() as string) : {}) },
          payload,
        });
        expect(answer.statusCode, `${contentType}: ${answer.body}`).toBe(400);
        expect(answer.headers['content-type']).toMatch(/^application\/json/);
        expect(answer.json()).toEqual({
          message: expect.any(String),
          error: 'Bad Request',
          statusCode: 400,
          ...(answer.json().code ? { code: expect.any(String) } : {}),
        });
      }
      const after = fresh();
      expect({ ...(await counts()), users: await after.count(UserSchema, {}) }).toEqual(before);
      const vendorAfter = await after.findOneOrFail(VendorSchema, { id: shop.id });
      expect(vendorAfter.shopName).toBe(vendorBefore.shopName);
    },
  );
});

describe('the same refusals over tRPC on HTTP', () => {
  const trpc = (procedure: string, input: string, token?: string) =>
    env.app.inject({
      method: 'POST',
      url: `/trpc/${procedure}`,
      headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
      payload: input,
    });
  type TrpcError = { error: { message: string; data: { httpStatus: number; fieldErrors?: unknown } } };

  it('a NUL is the 422 Invalid format, with the field named', async () => {
    const before = await counts();
    const response = await trpc(
      'contact.send',
      '{"name":"Musa","email":"musa@example.com","subject":"Hi","message":"Hel\\u0000lo"}',
    );
    expect(response.statusCode, response.body).toBe(422);
    const { error } = response.json() as TrpcError;
    expect(error.message).toBe('Invalid format');
    expect(error.data).toMatchObject({ httpStatus: 422, fieldErrors: { message: ['Invalid format'] } });
    expect(await counts()).toEqual(before);
  });

  it('a field named toString is not allowed, not a server error', async () => {
    const before = await counts();
    const response = await trpc(
      'orders.create',
      `{"shipping_address":"12 Test Street, Maiduguri","items":[{"product_id":${capId},"quantity":1,"size":"57"}],"toString":"1","__proto__":"x"}`,
      customerToken,
    );
    expect(response.statusCode, response.body).toBe(400);
    const { error } = response.json() as TrpcError;
    expect(error.message).toBe("The field 'toString' is not allowed.");
    // Parsed as plain JSON, `__proto__` is an own key like any other, and refused by name too.
    expect(error.data.fieldErrors).toEqual(
      Object.fromEntries([
        ['toString', ["The field 'toString' is not allowed."]],
        ['__proto__', ["The field '__proto__' is not allowed."]],
      ]),
    );
    expect(await counts()).toEqual(before);
  });
});

describe('a lone UTF-16 surrogate anywhere in the input', () => {
  // Raw JSON text: "\ud800" is valid JSON, but the string it makes has no UTF-8 form.
  const contact = (message: string, extra = '') =>
    `{"name":"Musa","email":"musa@example.com","subject":"Hi","message":"${message}"${extra}}`;

  it.each([
    ['a high surrogate alone', contact('Hello \\ud800 there'), ['message']],
    ['a low surrogate alone', contact('Hello \\udc00 there'), ['message']],
    ['a pair the wrong way round', contact('Hello \\udc00\\ud800 there'), ['message']],
    ['a field name', contact('Hello there', ',"x\\ud800":"1"'), ['x\ud800']],
  ])('is refused with 422 Invalid format: %s', async (_label, payload, fields) => {
    const before = await counts();
    const response = await call('POST', '/contact', undefined, payload);
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json() as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe('Invalid format');
    expect(Object.keys(body.errors)).toEqual(fields);
    expect(await counts()).toEqual(before);
  });

  it('is refused deep in a vendor coupon and a customer order', async () => {
    const before = await counts();
    const coupon = await call(
      'POST',
      '/coupons',
      vendorToken,
      '{"code":"LONE1","description":"Sale \\ud83d","discount":10,"usage_limit":5,"expires_at":"2030-01-01"}',
    );
    expect(coupon.statusCode, coupon.body).toBe(422);
    expect(coupon.json().errors).toEqual({ description: ['Invalid format'] });
    const order = await call(
      'POST',
      '/orders',
      customerToken,
      `{"shipping_address":"12 Test Street, Maiduguri","items":[{"product_id":${capId},"quantity":1,"size":"57\\udfff"}]}`,
    );
    expect(order.statusCode, order.body).toBe(422);
    expect(order.json().errors).toEqual({ 'items.0.size': ['Invalid format'] });
    expect(await counts()).toEqual(before);
  });

  it('a well-formed pair (an emoji) is text like any other', async () => {
    const response = await call('POST', '/contact', undefined, contact('Lovely caps \\ud83d\\ude00'));
    expect(response.statusCode, response.body).toBeLessThan(300);
  });

  it('is refused over tRPC too', async () => {
    const before = await counts();
    const response = await env.app.inject({
      method: 'POST',
      url: '/trpc/contact.send',
      headers: { 'content-type': 'application/json' },
      payload: contact('Hel\\ud800lo'),
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error).toMatchObject({
      message: 'Invalid format',
      data: { httpStatus: 422, fieldErrors: { message: ['Invalid format'] } },
    });
    expect(await counts()).toEqual(before);
  });
});

describe('messages that say what is wrong, once', () => {
  const line = () => ({ product_id: capId, quantity: 1, size: '57' });

  it('too many order lines read as such, at checkout and in the coupon check', async () => {
    const before = await counts();
    const items = Array.from({ length: 1000 }, line);
    const order = await call('POST', '/orders', customerToken, {
      shipping_address: '12 Test Street, Maiduguri',
      items,
    });
    expect(order.statusCode, order.body).toBe(422);
    expect(order.json()).toMatchObject({
      message: 'At most 50 items per order',
      errors: { items: ['At most 50 items per order'] },
    });
    const check = await call('POST', '/coupons/validate', customerToken, { code: 'SAVE10', items });
    expect(check.statusCode, check.body).toBe(422);
    expect(check.json().errors).toEqual({ items: ['At most 50 items per order'] });
    expect(await counts()).toEqual(before);
  });

  it('a field gets each message once', async () => {
    const before = await counts();
    for (const price of ['abc', -5, 0, true]) {
      const response = await call('POST', '/products', vendorToken, product({ name: 'Once Cap', price }));
      expect(response.statusCode, response.body).toBe(422);
      const messages = response.json().errors.price as string[];
      expect(messages, String(price)).toEqual([...new Set(messages)]);
      expect(messages).toContain('Price must be a positive number');
    }
    expect(await counts()).toEqual(before);
  });

  it('a blank required text is only "This field is required"', async () => {
    const before = await counts();
    const report = await call('POST', '/reports', customerToken, {
      vendor_id: shop.id,
      reason: 'Scam/Fraud',
      description: '   ',
    });
    expect(report.statusCode, report.body).toBe(422);
    expect(report.json().errors).toEqual({ description: ['This field is required'] });
    const message = await call('POST', '/contact', undefined, {
      name: 'Musa',
      email: 'musa@example.com',
      subject: ' ',
      message: 'Hello there',
    });
    expect(message.json().errors).toEqual({ subject: ['This field is required'] });
    expect(await counts()).toEqual(before);
  });

  it('the coupon check names the field the client sent: code', async () => {
    const response = await call('POST', '/coupons/validate', customerToken, { code: 'NOSUCHCODE' });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual(
      expect.objectContaining({ message: 'Invalid coupon', errors: { code: ['Invalid coupon'] } }),
    );
    // Checkout's own field is still coupon_code.
    const order = await call('POST', '/orders', customerToken, {
      shipping_address: '12 Test Street, Maiduguri',
      coupon_code: 'NOSUCHCODE',
      items: [line()],
    });
    expect(order.statusCode, order.body).toBe(422);
    expect(order.json().errors).toEqual({ coupon_code: ['Invalid coupon'] });
  });
});

describe('vendor coupons', () => {
  const coupon = (overrides: Record<string, unknown> = {}) => ({
    code: 'KANO10',
    discount: 10,
    usage_limit: 50,
    expires_at: '2030-01-31',
    ...overrides,
  });

  it('may not take a platform coupon’s code, which would replace its discount at checkout', async () => {
    const em = fresh();
    em.create(CouponSchema, { vendor: null, code: 'SAVE10', discountPercent: 10, usedCount: 0 });
    await em.flush();
    const before = await counts();
    const expected = {
      message: 'This code is reserved by the platform.',
      errors: { code: ['This code is reserved by the platform.'] },
    };
    const created = await call('POST', '/coupons', vendorToken, coupon({ code: 'SAVE10' }));
    expect(created.statusCode, created.body).toBe(409);
    expect(created.json()).toMatchObject(expected);
    expect(await counts()).toEqual(before);

    const own = await call('POST', '/coupons', vendorToken, coupon({ code: 'KANOOWN' }));
    expect(own.statusCode, own.body).toBe(201);
    const renamed = await call('PUT', `/coupons/${own.json().id}`, vendorToken, { code: 'SAVE10' });
    expect(renamed.statusCode, renamed.body).toBe(409);
    expect(renamed.json()).toMatchObject(expected);
    expect((await fresh().findOneOrFail(CouponSchema, own.json().id)).code).toBe('KANOOWN');

    // The platform's 10% is what a customer of this shop gets.
    const check = await call('POST', '/coupons/validate', customerToken, {
      code: 'SAVE10',
      items: [{ product_id: capId, quantity: 1, size: '57' }],
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ vendor_id: null, discount: 10 });
  });

  it.each([
    ['discount true', { discount: true }, 'discount', 'Discount must be a positive number'],
    ['discount "0x10"', { discount: '0x10' }, 'discount', 'Discount must be a positive number'],
    ['discount " 1"', { discount: ' 1' }, 'discount', 'Discount must be a positive number'],
    ['usage_limit "1e3"', { usage_limit: '1e3' }, 'usage_limit', 'Usage limit must be a positive number'],
    ['usage_limit []', { usage_limit: [] }, 'usage_limit', 'Usage limit must be a positive number'],
    ['expires_at 2030-02-30', { expires_at: '2030-02-30' }, 'expires_at', 'expires_at must be a valid date'],
    ['expires_at 2030-04-31', { expires_at: '2030-04-31' }, 'expires_at', 'expires_at must be a valid date'],
    ['expires_at 30/01/2030', { expires_at: '30/01/2030' }, 'expires_at', 'expires_at must be a valid date'],
  ])('refuses %s', async (_label, overrides, field, message) => {
    const before = await counts();
    const created = await call('POST', '/coupons', vendorToken, coupon({ code: 'LOOSE1', ...overrides }));
    expect(created.statusCode, created.body).toBe(422);
    expect(created.json()).toMatchObject({ message, errors: { [field]: [message] } });
    expect(await counts()).toEqual(before);
  });

  it('takes plain decimal text and real dates, the way a form sends them', async () => {
    const created = await call(
      'POST',
      '/coupons',
      vendorToken,
      coupon({ code: 'PLAIN20', discount: '20', usage_limit: '1000', expires_at: '2032-02-29' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ discount: 20, usage_limit: 1000, expires_at: '2032-02-29T00:00:00.000Z' });
    const updated = await call('PUT', `/coupons/${created.json().id}`, vendorToken, {
      discount: true,
      expires_at: '2031-02-29',
    });
    expect(updated.statusCode, updated.body).toBe(422);
    expect(Object.keys(updated.json().errors).sort()).toEqual(['discount', 'expires_at']);
    const stored = await fresh().findOneOrFail(CouponSchema, created.json().id);
    expect([stored.discountPercent, stored.expiresAt?.toISOString()]).toEqual([20, '2032-02-29T00:00:00.000Z']);
  });
});
