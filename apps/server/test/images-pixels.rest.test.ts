import { readdirSync } from 'node:fs';
import {
  makeProduct,
  makeVendor,
  ProductSchema,
  sessionTokenFor,
  UserSchema,
  VendorSchema,
  vendorInput,
} from '@caps/api/testing';
import { ERROR_MESSAGES, MAX_IMAGE_PIXELS } from '@caps/contracts';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createRestTestEnv, multipart, type RestTestEnv } from './harness.js';

/*
 * Issue 25, "also seen": a 40-megapixel PNG of 128 KB was accepted and decoded whole (two parallel
 * anonymous vendor registrations with two each took 2 s each). Images are bounded in pixels, refused from
 * their header before anything is decoded or stored, and a registration is counted against the per-IP
 * limit before any of its images is looked at.
 */

const REGISTER_LIMIT = 2;
let env: RestTestEnv;
let vendorToken: string;
let productId: number;
/** 8000 × 5000 of one colour: 40 megapixels in about 128 KB of PNG. */
let huge: Buffer;

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 30, b: 40 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();

beforeAll(async () => {
  env = await createRestTestEnv({ limits: { registerPerIp: REGISTER_LIMIT } });
  const em = env.services.orm.em.fork();
  const vendor = await makeVendor(em, { shopName: 'Maiduguri Zanna Caps' });
  vendorToken = await sessionTokenFor(env.services, vendor.user.id);
  productId = (await makeProduct(em, vendor, { priceNaira: 9_000, stock: 5 })).id;
  huge = await solid(8000, 5000);
});
afterAll(async () => env?.close());
afterEach(() => vi.restoreAllMocks());

let ipCounter = 0;
const freshIp = () => `10.88.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const storedFiles = () => readdirSync(env.uploadDir).length;
const file = (field: string, data: Buffer) => ({ field, filename: `${field}.png`, contentType: 'image/png', data });
const small = () => solid(64, 64);

function expectTooManyPixels(response: { statusCode: number; json(): { message: string; errors?: object } }) {
  expect(response.statusCode).toBe(413);
  expect(response.json().message).toBe(ERROR_MESSAGES.imageTooManyPixels);
}

function registerVendor(files: ReturnType<typeof file>[], ip = freshIp()) {
  const body = multipart({ ...(vendorInput() as Record<string, string>), terms_accepted: 'true' }, files);
  return env.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: body.payload,
    headers: body.headers,
    remoteAddress: ip,
  });
}

describe('a 40-megapixel image is refused on every upload path, nothing written', () => {
  it('is 40 megapixels in a small file', () => {
    expect(huge.length).toBeLessThan(256 * 1024);
    expect(8000 * 5000).toBeGreaterThan(MAX_IMAGE_PIXELS);
  });

  it('vendor registration (alone, and after an image that would fit)', async () => {
    const users = await env.services.orm.em.fork().count(UserSchema, {});
    const files = storedFiles();
    expectTooManyPixels(await registerVendor([file('profile_image', huge)]));
    const second = await registerVendor([file('profile_image', await small()), file('cover_image', huge)]);
    expectTooManyPixels(second);
    expect(second.json().errors).toEqual({ cover_image: [ERROR_MESSAGES.imageTooManyPixels] });
    expect(await env.services.orm.em.fork().count(UserSchema, {})).toBe(users);
    expect(storedFiles()).toBe(files);
  });

  it('product create and edit', async () => {
    const products = await env.services.orm.em.fork().count(ProductSchema, {});
    const files = storedFiles();
    const created = multipart(
      {
        name: 'Zanna Bukar Cap',
        description: 'Hand woven in Maiduguri.',
        price: '15000',
        stock: '3',
        category: 'Yoruba Caps',
        'sizes[0]': '58',
      },
      [file('images[0]', await small()), file('images[1]', huge)],
    );
    expectTooManyPixels(
      await env.app.inject({
        method: 'POST',
        url: '/api/products',
        payload: created.payload,
        headers: { ...created.headers, ...bearer(vendorToken) },
      }),
    );
    expect(await env.services.orm.em.fork().count(ProductSchema, {})).toBe(products);

    const before = await env.services.orm.em.fork().findOneOrFail(ProductSchema, productId);
    const edited = multipart({ name: 'Renamed Cap' }, [file('images[0]', huge)]);
    expectTooManyPixels(
      await env.app.inject({
        method: 'PUT',
        url: `/api/products/${productId}`,
        payload: edited.payload,
        headers: { ...edited.headers, ...bearer(vendorToken) },
      }),
    );
    const after = await env.services.orm.em.fork().findOneOrFail(ProductSchema, productId);
    expect([after.name, after.images]).toEqual([before.name, before.images]);
    expect(storedFiles()).toBe(files);
  });

  it('shop images in the profile', async () => {
    const files = storedFiles();
    const vendor = await env.services.orm.em.fork().findOneOrFail(VendorSchema, { shopName: 'Maiduguri Zanna Caps' });
    const body = multipart({ shop_name: 'Renamed Shop' }, [
      file('profile_image', await small()),
      file('cover_image', huge),
    ]);
    expectTooManyPixels(
      await env.app.inject({
        method: 'PUT',
        url: '/api/profile',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(vendorToken) },
      }),
    );
    const after = await env.services.orm.em.fork().findOneOrFail(VendorSchema, vendor.id);
    expect([after.shopName, after.profileImage, after.coverImage]).toEqual([
      vendor.shopName,
      vendor.profileImage,
      vendor.coverImage,
    ]);
    expect(storedFiles()).toBe(files);
  });
});

describe('the bound', () => {
  it('takes a 24-megapixel phone photo (5712 × 4284) and refuses one pixel row over 25 megapixels', async () => {
    await expect(
      env.services.images.check({ field: 'images', filename: 'phone.png', data: await solid(5712, 4284) }),
    ).resolves.toBeUndefined();
    await expect(
      env.services.images.check({ field: 'images', filename: 'over.png', data: await solid(5000, 5001) }),
    ).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: ERROR_MESSAGES.imageTooManyPixels });
  });

  it('is read from the header: a 40-megapixel header with no pixel data after it is too large, not broken', async () => {
    // Decoding this would fail (415); only a check of the header answers 413.
    const headerOnly = huge.subarray(0, 1024);
    expect((await sharp(headerOnly).metadata()).width).toBe(8000);
    expectTooManyPixels(await registerVendor([file('profile_image', headerOnly)]));
  });
});

describe('registrations with images are limited before an image is looked at', () => {
  it('counts a refused registration, and refuses the one over the limit without checking its images', async () => {
    const ip = freshIp();
    expectTooManyPixels(await registerVendor([file('profile_image', huge)], ip));
    expect((await registerVendor([file('profile_image', await small())], ip)).statusCode).toBe(201);
    const check = vi.spyOn(env.services.images, 'check');
    const save = vi.spyOn(env.services.images, 'save');
    const files = storedFiles();
    const limited = await registerVendor([file('profile_image', huge), file('cover_image', huge)], ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/registrations/);
    expect(check).not.toHaveBeenCalled();
    expect(save).not.toHaveBeenCalled();
    expect(storedFiles()).toBe(files);
  });
});
