import { existsSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { makeVendor, sessionTokenFor } from '@caps/api/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createRestTestEnv, multipart, type RestTestEnv } from './harness.js';

/**
 * GET /api/images/{name} with the local folder: every size the web app's srcset names (large, -md,
 * -thumb), a strong ETag that is the name itself with 304 for If-None-Match, the year-long immutable
 * cache, and the middle size of an image stored before it existed made on first request.
 */

let env: RestTestEnv;
let token: string;
beforeAll(async () => {
  env = await createRestTestEnv();
  const vendor = await makeVendor(env.services.orm.em.fork(), { shopName: 'Kano Hula House' });
  token = await sessionTokenFor(env.services, vendor.user.id);
});
afterAll(async () => env?.close());

/** A 2000x1500 photo: big enough for every size to be smaller than the one above it. */
const photo = () =>
  sharp({
    create: {
      width: 2000,
      height: 1500,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();

/** Creates a product with one picture through the API; answers its product id and stored name. */
async function upload(): Promise<{ id: number; name: string }> {
  const body = multipart(
    {
      name: 'Hula Kano',
      description: 'Hausa hula, hand embroidered.',
      price: '9000',
      stock: '3',
      category: 'Hausa Caps',
      'sizes[0]': '58',
    },
    [{ field: 'images[0]', filename: 'hula.jpg', contentType: 'image/jpeg', data: await photo() }],
  );
  const response = await env.app.inject({
    method: 'POST',
    url: '/api/products',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
  expect(response.statusCode, response.body).toBe(201);
  const url = (response.json().images as string[])[0] ?? '';
  expect(url).toMatch(/^\/api\/images\/[a-f0-9]{32}\.webp$/);
  return { id: response.json().id as number, name: url.replace('/api/images/', '') };
}

const sizesOf = (name: string) => ({
  large: name,
  middle: name.replace('.webp', '-md.webp'),
  thumb: name.replace('.webp', '-thumb.webp'),
});

const get = (name: string, headers: Record<string, string> = {}) =>
  env.app.inject({ method: 'GET', url: `/api/images/${name}`, headers });

describe('GET /api/images/{name}: sizes, ETag and 304', () => {
  it('serves the large, middle and thumbnail sizes with a strong ETag (the name) and the immutable cache', async () => {
    const { name } = await upload();
    const expected = { large: [1600, 1200], middle: [800, 600], thumb: [400, 300] };
    for (const [size, file] of Object.entries(sizesOf(name)) as [keyof typeof expected, string][]) {
      const response = await get(file);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers.etag).toBe(`"${file}"`);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const onDisk = readFileSync(join(env.uploadDir, file));
      expect(Number(response.headers['content-length'])).toBe(onDisk.length);
      expect(response.rawPayload.equals(onDisk)).toBe(true);
      const meta = await sharp(response.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual(expected[size]);
    }
  });

  it('answers If-None-Match naming the tag with 304, an empty body and the same headers, without reading the store', async () => {
    const { name } = await upload();
    const { middle } = sizesOf(name);
    const open = vi.spyOn(env.services.images, 'open');
    try {
      for (const header of [`"${middle}"`, `W/"${middle}"`, `"elsewhere", "${middle}"`, ` "a" ,W/"${middle}" `]) {
        const response = await get(middle, { 'if-none-match': header });
        expect(response.statusCode, header).toBe(304);
        expect(response.rawPayload.length).toBe(0);
        expect(response.headers.etag).toBe(`"${middle}"`);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
      expect(open).not.toHaveBeenCalled();

      // Another tag (another size's, say) gets the picture.
      for (const header of [`"${name}"`, '"nope"', middle]) {
        const response = await get(middle, { 'if-none-match': header });
        expect(response.statusCode, header).toBe(200);
        expect(response.rawPayload.length).toBeGreaterThan(0);
      }
      // `*`: any current picture, so 304 for a stored one and still 404 for one that is not.
      expect((await get(middle, { 'if-none-match': '*' })).statusCode).toBe(304);
      const missing = await get('ffffffffffffffffffffffffffffffff.webp', { 'if-none-match': '*' });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers.etag).toBeUndefined();
    } finally {
      open.mockRestore();
    }
  });

  it('answers 404 JSON without an ETag or a cache for names it did not make or does not hold', async () => {
    const requests: [string, Record<string, string>][] = [
      ['ffffffffffffffffffffffffffffffff-md.webp', {}],
      ['ffffffffffffffffffffffffffffffff-thumb.webp', {}],
      ['0123456789abcdef0123456789abcdef-lg.webp', {}],
      ['0123456789abcdef0123456789abcdef-lg.webp', { 'if-none-match': '"0123456789abcdef0123456789abcdef-lg.webp"' }],
    ];
    for (const [file, headers] of requests) {
      const response = await get(file, headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Image not found', code: 'NOT_FOUND' });
      expect(response.headers.etag).toBeUndefined();
      expect(response.headers['cache-control'] ?? '').not.toContain('immutable');
    }
  });
});

describe('the middle size of an image stored before it existed', () => {
  it('is made from the large size on first request, kept in the folder, and served from it afterwards', async () => {
    const { name } = await upload();
    const { middle } = sizesOf(name);
    unlinkSync(join(env.uploadDir, middle));

    const first = await get(middle);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers.etag).toBe(`"${middle}"`);
    expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 800, 600]);
    expect(existsSync(join(env.uploadDir, middle))).toBe(true);
    expect(readFileSync(join(env.uploadDir, middle)).equals(first.rawPayload)).toBe(true);

    const again = await get(middle);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('is 404 when the large size is gone too', async () => {
    const { name } = await upload();
    const { large, middle } = sizesOf(name);
    unlinkSync(join(env.uploadDir, middle));
    unlinkSync(join(env.uploadDir, large));
    const response = await get(middle);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Image not found' });
  });
});

describe('removing a product', () => {
  it('removes all three sizes of its pictures', async () => {
    const { id, name } = await upload();
    const files = Object.values(sizesOf(name));
    for (const file of files) expect(existsSync(join(env.uploadDir, file))).toBe(true);
    const response = await env.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: bearer(token) });
    expect(response.statusCode).toBeLessThan(300);
    const left = readdirSync(env.uploadDir);
    for (const file of files) expect(left).not.toContain(file);
  });
});
