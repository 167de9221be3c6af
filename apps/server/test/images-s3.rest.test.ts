import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServices, type Services } from '@caps/api';
import {
  makeVendor,
  ProductSchema,
  sessionTokenFor,
  startTestS3,
  type TestS3,
  UserSchema,
  vendorInput,
} from '@caps/api/testing';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { bearer, createRestTestEnv, multipart, type RestTestEnv } from './harness.js';

/**
 * Images in an S3-compatible store (s3rver, started here) shared by two app instances on one database,
 * as two server processes behind a proxy: A takes the upload, B serves it; the store going down answers
 * 503 on both without writing anything, and coming back needs no restart.
 */

let s3: TestS3;
let env: RestTestEnv;
/** A second app: its own Services (and S3 client) on the same database and bucket, and its own empty folder. */
let servicesB: Services;
let appB: FastifyInstance;
let uploadDirB: string;
let token: string;

beforeAll(async () => {
  s3 = await startTestS3();
  env = await createRestTestEnv({ storage: s3.storage });
  uploadDirB = mkdtempSync(join(tmpdir(), 'caps-uploads-b-'));
  servicesB = await createServices(env.db.config, { nodeEnv: 'test', uploadDir: uploadDirB, storage: s3.storage });
  appB = await buildApp(loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent', LOG_LEVEL: 'silent' }), {
    services: servicesB,
    logger: false,
  });
  await appB.ready();
  const vendor = await makeVendor(env.services.orm.em.fork(), { shopName: 'Maiduguri Zanna Caps' });
  token = await sessionTokenFor(env.services, vendor.user.id);
});
afterAll(async () => {
  await appB?.close();
  await servicesB?.orm.close(true);
  await env?.close();
  await s3?.close();
  if (uploadDirB) rmSync(uploadDirB, { recursive: true, force: true });
});

const png = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .png()
    .toBuffer();

async function upload(app: FastifyInstance, name: string) {
  const body = multipart(
    {
      name,
      description: 'Zanna Bukar cap, hand embroidered.',
      price: '21000',
      stock: '4',
      category: 'Hausa Caps',
      'sizes[0]': '58',
    },
    [{ field: 'images[0]', filename: 'cap.png', contentType: 'image/png', data: await png() }],
  );
  return app.inject({
    method: 'POST',
    url: '/api/products',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
}

const productCount = () => env.services.orm.em.fork().count(ProductSchema, {});
const nameOf = (url: string) => url.replace('/api/images/', '');

describe('images in S3-compatible storage, two app instances', () => {
  let imageUrl: string;

  it('stores an upload through A in the bucket (not on disk) and serves the same bytes from A and from B', async () => {
    const response = await upload(env.app, 'Zanna Bukar Blue');
    expect(response.statusCode).toBe(201);
    imageUrl = (response.json().images as string[])[0] ?? '';
    expect(imageUrl).toMatch(/^\/api\/images\/[a-f0-9]{32}\.webp$/);
    const name = nameOf(imageUrl);
    const thumb = name.replace('.webp', '-thumb.webp');
    const middle = name.replace('.webp', '-md.webp');

    const stored = await s3.objects();
    expect([...stored.keys()]).toEqual([name, middle, thumb].sort());
    expect(readdirSync(env.uploadDir)).toEqual([]);

    for (const app of [env.app, appB]) {
      for (const key of [name, middle, thumb]) {
        const image = await app.inject({ method: 'GET', url: `/api/images/${key}` });
        expect(image.statusCode).toBe(200);
        expect(image.headers['content-type']).toBe('image/webp');
        expect(image.headers['cache-control']).toContain('immutable');
        expect(image.headers.etag).toBe(`"${key}"`);
        expect(Number(image.headers['content-length'])).toBe(stored.get(key)!.length);
        expect(image.rawPayload.equals(stored.get(key)!)).toBe(true);
      }
    }
    expect(readdirSync(uploadDirB)).toEqual([]);
    // Unknown and made-up names are 404 as with the local folder.
    for (const url of ['/api/images/ffffffffffffffffffffffffffffffff.webp', '/api/images/..%2F..%2Fetc%2Fpasswd']) {
      const missing = await appB.inject({ method: 'GET', url });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ message: 'Image not found', code: 'NOT_FOUND' });
    }
  });

  it('answers 503 JSON while the store is down: no image served, no upload half-written; works again when it is back', async () => {
    const productsBefore = await productCount();
    const keysBefore = [...(await s3.objects()).keys()];
    const [product] = await env.services.orm.em.fork().find(ProductSchema, {}, { orderBy: { id: 'asc' }, limit: 1 });
    const email = vendorInput().email;
    await s3.stop();
    try {
      for (const app of [env.app, appB]) {
        const image = await app.inject({ method: 'GET', url: imageUrl });
        expect(image.statusCode).toBe(503);
        expect(image.headers['content-type']).toContain('application/json');
        expect(image.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', statusCode: 503 });
        expect(image.json().message).toMatch(/^Image storage is unavailable/);
        // A name the store never made is still refused without asking the store.
        expect((await app.inject({ method: 'GET', url: '/api/images/.env' })).statusCode).toBe(404);
      }

      const created = await upload(appB, 'Zanna Bukar Green');
      expect(created.statusCode).toBe(503);
      expect(created.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(created.json().message).toMatch(/^Image storage is unavailable/);

      const changed = multipart({ name: 'Renamed while down' }, [
        { field: 'images[0]', filename: 'more.png', contentType: 'image/png', data: await png() },
      ]);
      const updated = await env.app.inject({
        method: 'PUT',
        url: `/api/products/${product!.id}`,
        payload: changed.payload,
        headers: { ...changed.headers, ...bearer(token) },
      });
      expect(updated.statusCode).toBe(503);
      expect(updated.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });

      const shop = multipart({ ...(vendorInput({ email }) as Record<string, string>), terms_accepted: 'true' }, [
        { field: 'profile_image', filename: 'me.png', contentType: 'image/png', data: await png() },
      ]);
      const registered = await appB.inject({
        method: 'POST',
        url: '/api/register',
        payload: shop.payload,
        headers: shop.headers,
      });
      expect(registered.statusCode).toBe(503);
      expect(registered.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      await s3.start();
    }
    const em = env.services.orm.em.fork();
    expect(await productCount()).toBe(productsBefore);
    const unchanged = await em.findOneOrFail(ProductSchema, product!.id);
    expect(unchanged.name).toBe(product!.name);
    expect(unchanged.images).toEqual(product!.images);
    expect(await em.count(UserSchema, { email })).toBe(0);
    expect([...(await s3.objects()).keys()]).toEqual(keysBefore);

    // Back without restarting either app: B serves the image again and A takes uploads again.
    const image = await appB.inject({ method: 'GET', url: imageUrl });
    expect(image.statusCode).toBe(200);
    const created = await upload(env.app, 'Zanna Bukar Green');
    expect(created.statusCode).toBe(201);
    const served = await appB.inject({ method: 'GET', url: created.json().images[0] });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });
});

describe('storage configuration', () => {
  it('reads S3_* from the environment; without S3_BUCKET images stay in the upload folder', () => {
    expect(loadConfig({}).services.storage).toEqual({ kind: 'local' });
    expect(
      loadConfig({
        S3_BUCKET: 'caps-images',
        S3_ENDPOINT: 'http://minio:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_URL: 'https://cdn.example.com/caps',
      }).services.storage,
    ).toEqual({
      kind: 's3',
      bucket: 'caps-images',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.com/caps',
      timeoutMs: 5_000,
    });
    expect(loadConfig({ S3_BUCKET: 'caps-images', S3_REGION: 'eu-west-1' }).services.storage).toEqual({
      kind: 's3',
      bucket: 'caps-images',
      endpoint: undefined,
      region: 'eu-west-1',
      forcePathStyle: false,
      publicUrl: undefined,
      timeoutMs: 5_000,
    });
  });
});
