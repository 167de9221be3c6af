import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { sniffImageType } from '@caps/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../src/errors.js';
import { createImageStore, IMAGE_STORAGE_UNAVAILABLE, ImageStore, imageUrl } from '../src/images/image-store.js';
import { LocalImageStorage } from '../src/images/local-storage.js';
import { S3ImageStorage } from '../src/images/s3-storage.js';
import { type ImageStorage, StorageUnavailableError } from '../src/images/storage.js';
import { startTestS3, type TestS3 } from './s3.js';

let s3: TestS3;
let localDir: string;

beforeAll(async () => {
  s3 = await startTestS3();
  localDir = mkdtempSync(join(tmpdir(), 'caps-local-images-'));
});
afterAll(async () => {
  await s3?.close();
  if (localDir) rmSync(localDir, { recursive: true, force: true });
});

const bytesOf = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

/** The keys the test bucket holds, read straight from the server (not through the code under test). */
const bucketKeys = async () => [...(await s3.objects()).keys()];

/** A real photo as a phone would send it: a JPEG with EXIF (an orientation and a camera make). */
const photo = () =>
  sharp({ create: { width: 2400, height: 1200, channels: 3, background: { r: 180, g: 30, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'Tecno', Model: 'Camon 20' } } })
    .toBuffer();

const rejectionOf = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
};

describe.each([
  ['S3 (s3rver)', () => new S3ImageStorage(s3.storage)],
  ['local folder', () => new LocalImageStorage(localDir)],
])('image storage: %s', (_kind, make: () => ImageStorage) => {
  it('stores, reads back with its size, and removes; an unknown name is null, removing it is no failure', async () => {
    const storage = make();
    await storage.check();
    const bytes = Buffer.from('RIFF\0\0\0\0WEBP round trip bytes');
    await storage.put('0123456789abcdef0123456789abcdef.webp', bytes, 'image/webp');
    const stored = await storage.get('0123456789abcdef0123456789abcdef.webp');
    expect(stored?.size).toBe(bytes.length);
    expect(await bytesOf(stored!.body)).toEqual(bytes);

    expect(await storage.get('ffffffffffffffffffffffffffffffff.webp')).toBeNull();
    await storage.remove('0123456789abcdef0123456789abcdef.webp');
    expect(await storage.get('0123456789abcdef0123456789abcdef.webp')).toBeNull();
    await storage.remove('0123456789abcdef0123456789abcdef.webp');
  });
});

describe('S3 image storage', () => {
  it('checks the bucket: a missing bucket is an unavailable store, not a missing image', async () => {
    const missing = new S3ImageStorage({ ...s3.storage, bucket: 'no-such-bucket' });
    expect(await rejectionOf(missing.check())).toBeInstanceOf(StorageUnavailableError);
    expect(await rejectionOf(missing.get('0123456789abcdef0123456789abcdef.webp'))).toBeInstanceOf(
      StorageUnavailableError,
    );
  });

  it('fails every call with StorageUnavailableError while the server is down, and works again when it is back', async () => {
    const storage = new S3ImageStorage(s3.storage);
    await storage.put('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp', Buffer.from('kept'), 'image/webp');
    await s3.stop();
    try {
      for (const call of [
        () => storage.check(),
        () => storage.get('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp'),
        () => storage.put('bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.webp', Buffer.from('x'), 'image/webp'),
        () => storage.remove('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp'),
      ]) {
        expect(await rejectionOf(call())).toBeInstanceOf(StorageUnavailableError);
      }
    } finally {
      await s3.start();
    }
    // The same client, no restart: the store is reachable again and still has what it held.
    await storage.check();
    const kept = await storage.get('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp');
    expect(await bytesOf(kept!.body)).toEqual(Buffer.from('kept'));
    await storage.remove('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp');
  });
});

describe('ImageStore on S3', () => {
  it('saves a re-encoded photo, its middle size and thumbnail in the bucket and serves them back; remove deletes all', async () => {
    const images = createImageStore({ storage: s3.storage, uploadDir: localDir });
    const name = await images.save({ field: 'images', filename: 'cap.jpg', data: await photo() });
    expect(name).toMatch(/^[a-f0-9]{32}\.webp$/);
    const thumbName = name.replace('.webp', '-thumb.webp');
    const middleName = name.replace('.webp', '-md.webp');
    expect(await bucketKeys()).toEqual([name, middleName, thumbName].sort());

    const large = await bytesOf((await images.open(name))!.body);
    const thumb = await bytesOf((await images.open(thumbName))!.body);
    expect(sniffImageType(large)).toBe('webp');
    const meta = await sharp(large).metadata();
    // Turned upright by its orientation, shrunk to 1600 on the long edge, camera data dropped.
    expect([meta.width, meta.height]).toEqual([800, 1600]);
    expect(meta.exif).toBeUndefined();
    expect(Math.max((await sharp(thumb).metadata()).width ?? 0, (await sharp(thumb).metadata()).height ?? 0)).toBe(400);
    const middle = await sharp(await bytesOf((await images.open(middleName))!.body)).metadata();
    expect([middle.width, middle.height]).toEqual([400, 800]);
    // Only names the store made are looked up at all.
    expect(await images.open('../../etc/passwd')).toBeNull();
    expect(await images.open('ffffffffffffffffffffffffffffffff.webp')).toBeNull();

    await images.remove(name);
    expect(await images.open(name)).toBeNull();
    expect(await bucketKeys()).toEqual([]);
  });

  it('answers 503 and leaves nothing behind when the store fails, even half-way through the sizes', async () => {
    const s3Storage = new S3ImageStorage(s3.storage);
    // The large and middle sizes are written, the thumbnail refused: the others must go again.
    const halfWay: ImageStorage = {
      kind: 's3',
      publicBaseUrl: null,
      put: (name, bytes, type) =>
        name.endsWith('-thumb.webp')
          ? Promise.reject(new StorageUnavailableError('store an image', new Error('disk full')))
          : s3Storage.put(name, bytes, type),
      get: (name) => s3Storage.get(name),
      remove: (name) => s3Storage.remove(name),
      check: () => s3Storage.check(),
    };
    const upload = { field: 'images', filename: 'cap.jpg', data: await photo() };
    const failure = await rejectionOf(new ImageStore(halfWay, localDir).save(upload));
    expect(failure).toBeInstanceOf(DomainError);
    expect(failure).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: IMAGE_STORAGE_UNAVAILABLE });
    expect(await bucketKeys()).toEqual([]);

    const images = createImageStore({ storage: s3.storage, uploadDir: localDir });
    await s3.stop();
    try {
      expect(await rejectionOf(images.save(upload))).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(await rejectionOf(images.open('0123456789abcdef0123456789abcdef.webp'))).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: IMAGE_STORAGE_UNAVAILABLE,
      });
      // Removing is best effort: an image left behind is unreferenced, so it never fails the caller.
      await images.remove('0123456789abcdef0123456789abcdef.webp');
    } finally {
      await s3.start();
    }
    expect(await bucketKeys()).toEqual([]);
  });
});

describe('imageUrl', () => {
  it('links to /api/images/<name> by default and to the public base URL when one serves the bucket', () => {
    createImageStore({ storage: { kind: 'local' }, uploadDir: localDir });
    const name = '0123456789abcdef0123456789abcdef.webp';
    expect(imageUrl(name)).toBe(`/api/images/${name}`);
    expect(imageUrl('https://example.com/cap.png')).toBe('https://example.com/cap.png');
    expect(imageUrl(null)).toBeNull();

    createImageStore({ storage: { ...s3.storage, publicUrl: 'https://cdn.example.com/caps/' }, uploadDir: localDir });
    try {
      expect(imageUrl(name)).toBe(`https://cdn.example.com/caps/${name}`);
      expect(imageUrl('https://example.com/cap.png')).toBe('https://example.com/cap.png');
      // A value the store did not make keeps the spec's form.
      expect(imageUrl('legacy.webp')).toBe('/api/images/legacy.webp');
    } finally {
      createImageStore({ storage: { kind: 'local' }, uploadDir: localDir });
    }
    // S3 without a public base URL: the server streams the bucket, links as today.
    createImageStore({ storage: s3.storage, uploadDir: localDir });
    expect(imageUrl(name)).toBe(`/api/images/${name}`);
  });
});
