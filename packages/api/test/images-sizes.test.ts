import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMissingMiddleSizes, referencedImageNames } from '../src/images/backfill.js';
import { ImageStore, isStoredImageName, storedSizeNames } from '../src/images/image-store.js';
import { LocalImageStorage } from '../src/images/local-storage.js';
import { type ImageStorage, StorageUnavailableError } from '../src/images/storage.js';
import { VendorSchema } from '../src/modules/vendors/vendors.entities.js';
import { removeStoredImages } from '../src/seed/reset.js';
import { makeProduct, makeVendor } from './fixtures.js';
import { createTestEnv, type TestEnv } from './harness.js';

/**
 * The three stored sizes (large 1600, middle 800, thumbnail 400): saved together or not at all, removed
 * together, and a middle size missing for an image stored before it existed made from the large one.
 */

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'caps-image-sizes-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const bytesOf = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

/** A detailed 2400x1800 photo (noise, so sizes differ in bytes as photos do); made once. */
let photoBytes: Promise<Buffer> | undefined;
const photo = () => {
  photoBytes ??= makePhoto();
  return photoBytes;
};
async function makePhoto(): Promise<Buffer> {
  const width = 2400;
  const height = 1800;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = (i % 3) * 60 + (seed % 64);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const edgesOf = async (bytes: Buffer) => {
  const meta = await sharp(bytes).metadata();
  return [meta.width, meta.height, meta.format];
};

/** A storage in a folder that counts calls and can be told to refuse writes of some names. */
function countingStorage(folder: string, refuse: (name: string) => boolean = () => false) {
  const local = new LocalImageStorage(folder);
  const calls = { get: [] as string[], put: [] as string[] };
  const storage: ImageStorage = {
    kind: 'local',
    publicBaseUrl: null,
    put: (name, bytes) => {
      calls.put.push(name);
      return refuse(name)
        ? Promise.reject(new StorageUnavailableError('store an image', new Error('disk full')))
        : local.put(name, bytes);
    },
    get: (name) => {
      calls.get.push(name);
      return local.get(name);
    },
    remove: (name) => local.remove(name),
    check: () => local.check(),
  };
  return { storage, calls };
}

describe('stored sizes', () => {
  it('names: only the store’s own names in any of its three sizes', () => {
    const id = '0123456789abcdef0123456789abcdef';
    for (const name of [`${id}.webp`, `${id}-md.webp`, `${id}-thumb.webp`]) {
      expect(isStoredImageName(name)).toBe(true);
      expect(storedSizeNames(name)).toEqual([`${id}.webp`, `${id}-md.webp`, `${id}-thumb.webp`]);
    }
    for (const name of [`${id}-lg.webp`, `${id}-md-thumb.webp`, `${id}.png`, `../${id}-md.webp`, 'md.webp']) {
      expect(isStoredImageName(name)).toBe(false);
    }
  });

  it('saves the large, middle and thumbnail sizes, each fitting its edge, and removes all three', async () => {
    const folder = mkdtempSync(join(dir, 'save-'));
    const images = new ImageStore(new LocalImageStorage(folder), folder);
    const name = await images.save({ field: 'images', filename: 'cap.jpg', data: await photo() });
    const [large, middle, thumb] = storedSizeNames(name);
    expect(readdirSync(folder).sort()).toEqual([large, middle, thumb].sort());
    expect(await edgesOf(readFileSync(join(folder, large!)))).toEqual([1600, 1200, 'webp']);
    expect(await edgesOf(readFileSync(join(folder, middle!)))).toEqual([800, 600, 'webp']);
    expect(await edgesOf(readFileSync(join(folder, thumb!)))).toEqual([400, 300, 'webp']);
    // What the middle size is for: a fraction of the large one's bytes.
    const size = (file: string | undefined) => readFileSync(join(folder, file!)).length;
    expect(size(middle)).toBeLessThan(size(large) / 2);
    expect(size(thumb)).toBeLessThan(size(middle));

    // Served as stored, each by its own name.
    expect((await bytesOf((await images.open(middle!))!.body)).equals(readFileSync(join(folder, middle!)))).toBe(true);

    await images.remove(name);
    expect(readdirSync(folder)).toEqual([]);
  });

  it('removes every size whichever size it is given, and the seed reset removes middle sizes too', async () => {
    const folder = mkdtempSync(join(dir, 'remove-'));
    const images = new ImageStore(new LocalImageStorage(folder), folder);
    const name = await images.save({ field: 'images', filename: 'cap.jpg', data: await photo() });
    await images.remove(storedSizeNames(name)[1]);
    expect(readdirSync(folder)).toEqual([]);

    await images.save({ field: 'images', filename: 'cap.jpg', data: await photo() });
    writeFileSync(join(folder, 'keep-me.txt'), 'not ours');
    await removeStoredImages(folder);
    expect(readdirSync(folder)).toEqual(['keep-me.txt']);
  });

  it('stores all sizes or none: a middle size refused leaves nothing behind and answers 503', async () => {
    const folder = mkdtempSync(join(dir, 'refused-'));
    const { storage } = countingStorage(folder, (name) => name.endsWith('-md.webp'));
    const images = new ImageStore(storage, folder);
    await expect(images.save({ field: 'images', filename: 'cap.jpg', data: await photo() })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe('middle size of an image stored before it existed', () => {
  /** An image as stored before the middle size: large and thumbnail only. */
  async function oldImage(folder: string): Promise<string> {
    const images = new ImageStore(new LocalImageStorage(folder), folder);
    const name = await images.save({ field: 'images', filename: 'cap.jpg', data: await photo() });
    unlinkSync(join(folder, storedSizeNames(name)[1]!));
    return name;
  }

  it('is made from the large size on first request, stored, and read from the store afterwards', async () => {
    const folder = mkdtempSync(join(dir, 'old-'));
    const name = await oldImage(folder);
    const middle = storedSizeNames(name)[1]!;
    const { storage, calls } = countingStorage(folder);
    const images = new ImageStore(storage, folder);

    // Requests arriving together make it once.
    const [first, second] = await Promise.all([images.open(middle), images.open(middle)]);
    const bytes = await bytesOf(first!.body);
    expect((await bytesOf(second!.body)).equals(bytes)).toBe(true);
    expect(first!.size).toBe(bytes.length);
    expect(await edgesOf(bytes)).toEqual([800, 600, 'webp']);
    expect(calls.put).toEqual([middle]);
    expect(readFileSync(join(folder, middle)).equals(bytes)).toBe(true);

    calls.get.length = 0;
    const again = await bytesOf((await images.open(middle))!.body);
    expect(again.equals(bytes)).toBe(true);
    expect(calls.get).toEqual([middle]);
    expect(calls.put).toEqual([middle]);
  });

  it('is still served when the store refuses to keep it, and made again next time', async () => {
    const folder = mkdtempSync(join(dir, 'unkept-'));
    const name = await oldImage(folder);
    const middle = storedSizeNames(name)[1]!;
    const { storage, calls } = countingStorage(folder, (file) => file === middle);
    const images = new ImageStore(storage, folder);
    expect(await edgesOf(await bytesOf((await images.open(middle))!.body))).toEqual([800, 600, 'webp']);
    expect(await edgesOf(await bytesOf((await images.open(middle))!.body))).toEqual([800, 600, 'webp']);
    expect(calls.put).toEqual([middle, middle]);
    expect(existsSync(join(folder, middle))).toBe(false);
  });

  it('is the large bytes when the large size cannot be decoded, and nothing when there is no large size', async () => {
    const folder = mkdtempSync(join(dir, 'odd-'));
    const images = new ImageStore(new LocalImageStorage(folder), folder);
    const id = 'abcdefabcdefabcdefabcdefabcdef01';
    writeFileSync(join(folder, `${id}.webp`), 'RIFF....WEBPnot really');
    const served = await bytesOf((await images.open(`${id}-md.webp`))!.body);
    expect(served.toString()).toBe('RIFF....WEBPnot really');
    expect(existsSync(join(folder, `${id}-md.webp`))).toBe(false);

    expect(await images.open('ffffffffffffffffffffffffffffffff-md.webp')).toBeNull();
    // Thumbnails and large sizes are never made up.
    expect(await images.open('ffffffffffffffffffffffffffffffff-thumb.webp')).toBeNull();
  });

  it('answers 503 when the store cannot be read', async () => {
    const storage: ImageStorage = {
      kind: 's3',
      publicBaseUrl: null,
      put: () => Promise.resolve(),
      get: () => Promise.reject(new StorageUnavailableError('read an image', new Error('down'))),
      remove: () => Promise.resolve(),
      check: () => Promise.resolve(),
    };
    const images = new ImageStore(storage, dir);
    await expect(images.open('0123456789abcdef0123456789abcdef-md.webp')).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
  });
});

describe('backfill of middle sizes (for a bucket served by its public URL)', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('makes the middle size of every image a product or shop refers to, once', async () => {
    const { images } = env.services;
    const save = async () => images.save({ field: 'images', filename: 'cap.jpg', data: await photo() });
    const [productA, productB, profile, cover, unreferenced] = await Promise.all([
      save(),
      save(),
      save(),
      save(),
      save(),
    ]);
    const em = env.services.orm.em.fork();
    const vendor = await makeVendor(em);
    em.assign(vendor, { profileImage: profile, coverImage: cover });
    await em.flush();
    await makeProduct(em, vendor, { images: [productA, productB, 'https://example.com/cap.jpg'] });
    await makeProduct(em, vendor, { images: [productA] });
    // Stored before the middle size existed, or its file lost.
    for (const name of [productA, productB, profile, unreferenced])
      unlinkSync(join(env.uploadDir, storedSizeNames(name)[1]!));

    expect(await referencedImageNames(env.services.orm.em.fork())).toEqual(
      new Set([productA, productB, profile, cover]),
    );
    expect(await addMissingMiddleSizes(env.services)).toEqual({ present: 1, made: 3, failed: 0, missing: 0 });
    for (const name of [productA, productB, profile, cover]) {
      expect(await edgesOf(readFileSync(join(env.uploadDir, storedSizeNames(name)[1]!)))).toEqual([800, 600, 'webp']);
    }
    expect(existsSync(join(env.uploadDir, storedSizeNames(unreferenced)[1]!))).toBe(false);
    expect(await addMissingMiddleSizes(env.services)).toEqual({ present: 4, made: 0, failed: 0, missing: 0 });

    // A row naming an image whose files are gone is counted, not fatal.
    const gone = await save();
    await images.remove(gone);
    const shop = await em.findOneOrFail(VendorSchema, vendor.id);
    em.assign(shop, { coverImage: gone });
    await em.flush();
    expect(await addMissingMiddleSizes(env.services)).toEqual({ present: 3, made: 0, failed: 0, missing: 1 });
  });
});
