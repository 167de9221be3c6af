import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Vendor } from '@caps/api/testing';
import {
  CheckoutSchema,
  makeUser,
  makeVendor,
  OrderItemSchema,
  OrderSchema,
  ProductSchema,
  sessionTokenFor,
} from '@caps/api/testing';
import { ERROR_MESSAGES, VENDOR_PRODUCT_MESSAGES as M, VALIDATION_MESSAGES } from '@caps/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRestTestEnv, multipart, type RestTestEnv } from './harness.js';

let env: RestTestEnv;
let shopA: Vendor;
let tokenA: string;
let tokenB: string;
let tokenPending: string;
let tokenCustomer: string;
let customerId: number;

beforeAll(async () => {
  env = await createRestTestEnv();
  const em = env.services.orm.em.fork();
  shopA = await makeVendor(em, { shopName: 'Kano Hula House' });
  const shopB = await makeVendor(em, { shopName: 'Lagos Fila Studio' });
  const pending = await makeVendor(em, { shopName: 'Pending Caps', verified: false });
  const customer = await makeUser(em);
  customerId = customer.id;
  tokenA = await sessionTokenFor(env.services, shopA.user.id);
  tokenB = await sessionTokenFor(env.services, shopB.user.id);
  tokenPending = await sessionTokenFor(env.services, pending.user.id);
  tokenCustomer = await sessionTokenFor(env.services, customer.id);
});
afterAll(async () => env?.close());

const productCount = () => env.services.orm.em.fork().count(ProductSchema, {});
const storedFiles = () => readdirSync(env.uploadDir).length;
const stored = (id: number) => env.services.orm.em.fork().findOneOrFail(ProductSchema, id);

const png = () =>
  sharp({ create: { width: 48, height: 48, channels: 3, background: { r: 180, g: 30, b: 40 } } })
    .png()
    .toBuffer();
const image = async (n: number) => ({
  field: `images[${n}]`,
  filename: `cap${n}.png`,
  contentType: 'image/png',
  data: await png(),
});

const fields = (overrides: Record<string, string> = {}): Record<string, string> => ({
  name: 'Abeti Aja Classic',
  description: 'Yoruba abeti aja cap, hand stitched in Ibadan.',
  price: '18500',
  stock: '7',
  category: 'Yoruba Caps',
  'sizes[0]': '57',
  'sizes[1]': ' 58 ',
  'sizes[2]': '57',
  'sizes[3]': 'XL',
  ...overrides,
});

/** The fields with no sizes, to send sizes another way (or none). */
function withoutSizes(): Record<string, string> {
  const base = fields();
  for (const key of ['sizes[0]', 'sizes[1]', 'sizes[2]', 'sizes[3]']) delete base[key];
  return base;
}

async function post(token: string | null, body: ReturnType<typeof multipart>) {
  return env.app.inject({
    method: 'POST',
    url: '/api/products',
    payload: body.payload,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
  });
}

async function createOne(name = 'Abeti Aja Classic', images = 0) {
  const files = await Promise.all(Array.from({ length: images }, (_, n) => image(n)));
  const response = await post(tokenA, multipart(fields({ name }), files));
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; images: string[]; name: string };
}

describe('POST /api/products', () => {
  it('creates from multipart with two images and three sizes (deduplicated); public list shows it', async () => {
    const before = storedFiles();
    const response = await post(tokenA, multipart(fields(), [await image(0), await image(1)]));
    expect(response.statusCode).toBe(201);
    const product = response.json();
    expect(product).toMatchObject({ name: 'Abeti Aja Classic', price: 18_500, stock: 7, sizes: ['57', '58', 'XL'] });
    expect(product.images).toHaveLength(2);
    expect(product.images[0]).toMatch(/^\/api\/images\/[a-f0-9]{32}\.webp$/);
    // Two pictures, each stored in three sizes (large, middle, thumbnail).
    expect(storedFiles()).toBe(before + 6);
    const list = await env.app.inject({ method: 'GET', url: '/api/products?search=abeti' });
    expect(list.json().data.map((p: { id: number }) => p.id)).toContain(product.id);
    const own = await env.app.inject({ method: 'GET', url: '/api/vendor/products', headers: bearer(tokenA) });
    expect(own.statusCode).toBe(200);
    expect(own.json()[0]).toMatchObject({ id: product.id, archived: false, stock: 7 });
  });

  it('accepts JSON too', async () => {
    const response = await env.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(tokenA),
      payload: { ...fields(), sizes: ['S', 's ', 'S'], price: 1200.5 },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ sizes: ['S', 's'], price: 1200.5 });
  });

  it.each([
    ['price 0', { price: '0' }, VALIDATION_MESSAGES.pricePositive],
    ['price -5', { price: '-5' }, VALIDATION_MESSAGES.pricePositive],
    ['price 1000001', { price: '1000001' }, VALIDATION_MESSAGES.priceMax],
    ['price abc', { price: 'abc' }, VALIDATION_MESSAGES.pricePositive],
    ['price 0.001 (₦0 once rounded to the kobo)', { price: '0.001' }, VALIDATION_MESSAGES.pricePositive],
    ['a blank name', { name: '' }, VALIDATION_MESSAGES.required],
    ['a blank category', { category: '' }, VALIDATION_MESSAGES.required],
    ['a size of 21 characters', { 'sizes[1]': 'x'.repeat(21) }, M.sizeTooLong],
    ['an image URL as a text field', { 'images[0]': 'https://example.com/cap.jpg' }, M.imagesAsFiles],
    ['stock 10001', { stock: '10001' }, VALIDATION_MESSAGES.stockMax],
    ['stock 2.5', { stock: '2.5' }, VALIDATION_MESSAGES.stockNonNegative],
  ])('refuses %s: 422 with the spec message, nothing created', async (_label, override, message) => {
    const before = await productCount();
    const files = storedFiles();
    const response = await post(tokenA, multipart(fields(override), [await image(0)]));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(message);
    expect(await productCount()).toBe(before);
    expect(storedFiles()).toBe(files);
  });

  it('refuses a ₦0 price, 5,000 sizes and image URLs in JSON: 422, nothing created', async () => {
    const before = await productCount();
    const cases = [
      [{ price: 0.001 }, 'price', VALIDATION_MESSAGES.pricePositive],
      [{ sizes: Array.from({ length: 5000 }, (_, n) => `S${n}`) }, 'sizes', M.tooManySizes],
      [{ sizes: JSON.stringify(Array.from({ length: 21 }, (_, n) => `${n}`)) }, 'sizes', M.tooManySizes],
      [{ images: ['https://example.com/cap.jpg'] }, 'images', M.imagesAsFiles],
    ] as const;
    for (const [change, field, message] of cases) {
      const response = await env.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: bearer(tokenA),
        payload: { ...withoutSizes(), sizes: ['57'], ...change },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(message);
      expect(response.json().errors[field]).toContain(message);
    }
    expect(await productCount()).toBe(before);
  });

  it('reads sizes sent as a JSON string (one multipart field or JSON) or as one plain size', async () => {
    const base = withoutSizes();
    const form = await post(tokenA, multipart({ ...base, sizes: '["S", " M ", "S", ""]' }));
    expect(form.statusCode).toBe(201);
    expect(form.json().sizes).toEqual(['S', 'M']);
    for (const [sizes, expected] of [
      ['["57","58"]', ['57', '58']],
      ['XL', ['XL']],
    ] as const) {
      const response = await env.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: bearer(tokenA),
        payload: { ...base, sizes },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().sizes).toEqual(expected);
      expect((await stored(response.json().id)).sizes).toEqual(expected);
    }
  });

  it('refuses no sizes (and blank sizes only)', async () => {
    const before = await productCount();
    const base = withoutSizes();
    const none = await post(tokenA, multipart(base));
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.sizes).toContain(VALIDATION_MESSAGES.sizesRequired);
    const blank = await post(tokenA, multipart({ ...base, 'sizes[0]': '  ' }));
    expect(blank.statusCode).toBe(422);
    expect(blank.json().message).toBe(VALIDATION_MESSAGES.sizesRequired);
    expect(await productCount()).toBe(before);
  });

  it('refuses a 7th image: 422, nothing stored', async () => {
    const before = await productCount();
    const files = storedFiles();
    const seven = await Promise.all([0, 1, 2, 3, 4, 5, 6].map((n) => image(n)));
    const response = await post(tokenA, multipart(fields(), seven));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(M.tooManyImages);
    expect(await productCount()).toBe(before);
    expect(storedFiles()).toBe(files);
  });

  it('refuses a PDF renamed .jpg and an SVG with a script (415), and a 30 MB upload (413)', async () => {
    const before = await productCount();
    const files = storedFiles();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF');
    const renamed = await post(
      tokenA,
      multipart(fields(), [
        await image(0),
        { field: 'images[1]', filename: 'cap.jpg', contentType: 'image/jpeg', data: pdf },
      ]),
    );
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().message).toBe(ERROR_MESSAGES.imageType);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const script = await post(
      tokenA,
      multipart(fields(), [{ field: 'images[0]', filename: 'cap.svg', contentType: 'image/svg+xml', data: svg }]),
    );
    expect(script.statusCode).toBe(415);
    const big = Buffer.concat([await png(), Buffer.alloc(30 * 1024 * 1024)]);
    const huge = await post(
      tokenA,
      multipart(fields(), [{ field: 'images[0]', filename: 'big.png', contentType: 'image/png', data: big }]),
    );
    expect(huge.statusCode).toBe(413);
    expect(await productCount()).toBe(before);
    expect(storedFiles()).toBe(files);
  });

  it('refuses a pending shop (403 with the spec text), a customer (403) and no token (401)', async () => {
    const before = await productCount();
    const pending = await post(tokenPending, multipart(fields()));
    expect(pending.statusCode).toBe(403);
    expect(pending.json().message).toBe(M.shopPending);
    expect((await post(tokenCustomer, multipart(fields()))).statusCode).toBe(403);
    expect((await post(null, multipart(fields()))).statusCode).toBe(401);
    const list = await env.app.inject({ method: 'GET', url: '/api/vendor/products', headers: bearer(tokenCustomer) });
    expect(list.statusCode).toBe(403);
    expect(await productCount()).toBe(before);
  });
});

describe('PUT /api/products/{id}', () => {
  it('changes only the fields sent', async () => {
    const product = await createOne('Fila Gobi Blue');
    const response = await env.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: bearer(tokenA),
      payload: { price: 21000, stock: 0 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Fila Gobi Blue', price: 21_000, stock: 0, in_stock: false });
  });

  it('ignores blank fields, from a form (multipart) or JSON (spec 5: only non-empty fields are sent)', async () => {
    const product = await createOne('Blank Field Cap');
    const blanks = { name: '', description: '', price: '', stock: '', category: '' };
    const form = multipart({ ...blanks, stock: '2' });
    const fromForm = await env.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(tokenA) },
    });
    expect(fromForm.statusCode).toBe(200);
    expect(fromForm.json()).toMatchObject({
      name: 'Blank Field Cap',
      price: 18_500,
      stock: 2,
      category: 'Yoruba Caps',
    });
    const fromJson = await env.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: bearer(tokenA),
      payload: { ...blanks, sizes: '["M","L"]' },
    });
    expect(fromJson.statusCode).toBe(200);
    const row = await stored(product.id);
    expect([row.name, row.description, row.priceKobo, row.stock, row.category, row.sizes]).toEqual([
      'Blank Field Cap',
      fields().description,
      1_850_000,
      2,
      'Yoruba Caps',
      ['M', 'L'],
    ]);
  });

  it('refuses image URLs instead of files and a ₦0 price (422), nothing changed', async () => {
    const product = await createOne('Url Image Cap', 1);
    const before = await stored(product.id);
    for (const payload of [
      { name: 'Renamed Cap', images: ['https://example.com/cap.jpg'] },
      { name: 'Renamed Cap', price: 0.004 },
    ]) {
      const response = await env.app.inject({
        method: 'PUT',
        url: `/api/products/${product.id}`,
        headers: bearer(tokenA),
        payload,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('images' in payload ? M.imagesAsFiles : VALIDATION_MESSAGES.pricePositive);
    }
    const after = await stored(product.id);
    expect([after.name, after.priceKobo, after.images]).toEqual([before.name, before.priceKobo, before.images]);
  });

  it('reorders and removes images with keep_images, appends new ones, deletes dropped files', async () => {
    const product = await createOne('Okpu Agu Red', 3);
    const names = (await stored(product.id)).images as [string, string, string];
    const [first, second, third] = names;
    const body = multipart({ 'keep_images[0]': product.images[2] as string, 'keep_images[1]': first }, [
      await image(0),
    ]);
    const response = await env.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(tokenA) },
    });
    expect(response.statusCode).toBe(200);
    const images: string[] = response.json().images;
    expect(images).toHaveLength(3);
    expect(images.slice(0, 2)).toEqual([`/api/images/${third}`, `/api/images/${first}`]);
    expect(existsSync(join(env.uploadDir, second))).toBe(false);
    expect(existsSync(join(env.uploadDir, first))).toBe(true);
  });

  it('refuses going over 6 images in all (422, unchanged)', async () => {
    const product = await createOne('Six Image Cap', 4);
    const before = (await stored(product.id)).images;
    const body = multipart({}, await Promise.all([0, 1, 2].map((n) => image(n))));
    const response = await env.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(tokenA) },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(M.tooManyImages);
    expect((await stored(product.id)).images).toEqual(before);
  });

  it("answers 404 for another shop's product and changes nothing", async () => {
    const product = await createOne('Guarded Cap');
    const update = await env.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: bearer(tokenB),
      payload: { name: 'Stolen Cap' },
    });
    expect(update.statusCode).toBe(404);
    const remove = await env.app.inject({
      method: 'DELETE',
      url: `/api/products/${product.id}`,
      headers: bearer(tokenB),
    });
    expect(remove.statusCode).toBe(404);
    const row = await stored(product.id);
    expect(row.name).toBe('Guarded Cap');
    expect(row.archivedAt).toBeNull();
  });
});

describe('DELETE /api/products/{id}', () => {
  it('archives an ordered product, which leaves the public catalogue', async () => {
    const product = await createOne('Ordered Fila');
    const em = env.services.orm.em.fork();
    const checkout = em.create(CheckoutSchema, {
      user: customerId,
      subtotalKobo: 1_850_000,
      discountKobo: 0,
      shippingKobo: 0,
      totalKobo: 1_850_000,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const order = em.create(OrderSchema, {
      checkout,
      user: customerId,
      vendor: shopA.id,
      subtotalKobo: 1_850_000,
      shippingKobo: 0,
      discountKobo: 0,
      totalKobo: 1_850_000,
      shippingAddress: '1 Test Street, Ibadan',
    });
    em.create(OrderItemSchema, {
      order,
      product: product.id,
      productName: product.name,
      size: '57',
      quantity: 1,
      unitPriceKobo: 1_850_000,
    });
    await em.flush();
    const response = await env.app.inject({
      method: 'DELETE',
      url: `/api/products/${product.id}`,
      headers: bearer(tokenA),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: M.archived });
    expect((await stored(product.id)).archivedAt).not.toBeNull();
    const list = await env.app.inject({ method: 'GET', url: '/api/products?search=ordered%20fila' });
    expect(list.json().data.map((p: { id: number }) => p.id)).not.toContain(product.id);
    expect((await env.app.inject({ method: 'GET', url: `/api/products/${product.id}` })).statusCode).toBe(404);
    const own = await env.app.inject({ method: 'GET', url: '/api/vendor/products', headers: bearer(tokenA) });
    expect(own.json().find((p: { id: number }) => p.id === product.id)).toMatchObject({ archived: true });
  });

  it('deletes an unordered product and its image files', async () => {
    const product = await createOne('Loose Cap', 1);
    const [name] = (await stored(product.id)).images as [string];
    const response = await env.app.inject({
      method: 'DELETE',
      url: `/api/products/${product.id}`,
      headers: bearer(tokenA),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: M.deleted });
    expect(await env.services.orm.em.fork().findOne(ProductSchema, product.id)).toBeNull();
    expect(existsSync(join(env.uploadDir, name))).toBe(false);
  });
});
