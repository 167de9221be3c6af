import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { ERROR_MESSAGES, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, sniffImageType } from '@caps/contracts';
import sharp, { type Sharp } from 'sharp';
import type { ServicesConfig } from '../config.js';
import { DomainError, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../errors.js';
import { LocalImageStorage } from './local-storage.js';
import { S3ImageStorage } from './s3-storage.js';
import { type ImageStorage, StorageUnavailableError, type StoredObject, storageCall } from './storage.js';

/** An uploaded file as the HTTP layer hands it over. */
export interface ImageUpload {
  field: string;
  filename: string;
  data: Buffer;
}

/**
 * The sizes every image is stored in, by the longest edge (never enlarged). The web app names them in
 * `srcset` as 400w, 800w and 1600w (apps/web/src/components/product-image.tsx): the thumbnail fits cards
 * in two-column grids and small pictures; the middle size a phone's full-width picture (412 CSS px at
 * a device pixel ratio of 1.75 needs ~720 px: about a fifth of the large size's bytes for a photo);
 * the large one wide screens.
 */
const SIZES = [
  { suffix: '', edge: 1600, quality: 82 },
  { suffix: '-md', edge: 800, quality: 80 },
  { suffix: '-thumb', edge: 400, quality: 78 },
] as const;
const MIDDLE = SIZES[1];
/** Stored names are random: 32 hex digits, optionally -md or -thumb, always .webp. */
const STORED_NAME = /^[a-f0-9]{32}(-md|-thumb)?\.webp$/;

/** Whether a name is one the ImageStore makes (any of its sizes): only those are ever looked up or removed. */
export function isStoredImageName(name: string): boolean {
  return STORED_NAME.test(name);
}

/** The names of every size of a stored image, given the name of any of them: large, middle, thumbnail. */
export function storedSizeNames(name: string): string[] {
  const base = name.replace(/(-md|-thumb)?\.webp$/, '');
  return SIZES.map((size) => `${base}${size.suffix}.webp`);
}

/** The large size's name of a stored image's middle size's name. */
const largeOf = (name: string) => name.replace(/-md\.webp$/, '.webp');

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const resizeTo = (size: (typeof SIZES)[number]) => (image: Sharp) =>
  image
    .resize(size.edge, size.edge, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: size.quality })
    .toBuffer();

/** The answer (503) to any call that needs the image store while it cannot be reached. */
export const IMAGE_STORAGE_UNAVAILABLE = 'Image storage is unavailable, please try again shortly.';

/**
 * A storage failure as the 503 callers answer with, keeping the store's own error as its cause for the
 * server's log; anything else (a bug) as it is.
 */
function unavailable(error: unknown): unknown {
  if (!(error instanceof StorageUnavailableError)) return error;
  return Object.assign(
    new DomainError('SERVICE_UNAVAILABLE', IMAGE_STORAGE_UNAVAILABLE, undefined, UNAVAILABLE_RETRY_AFTER_SECONDS),
    { cause: error },
  );
}

/**
 * Keeps images in a storage (storage.ts: a local folder or an S3-compatible bucket). Every image is checked
 * by content, decoded and re-encoded by sharp (which drops EXIF and GPS data), resized to a large size and a
 * thumbnail, and stored under a random name.
 */
export class ImageStore {
  /** The local upload folder (the local storage's; seed's reset empties it). The S3 storage leaves it unused. */
  readonly dir: string;

  constructor(
    readonly storage: ImageStorage,
    dir: string,
  ) {
    this.dir = resolve(dir);
  }

  /**
   * Checks an upload without storing it: its size, its type by content, and its width × height from the
   * header (nothing is decoded), so an image too big to decode cheaply is refused before any is stored.
   * Throws a 4xx DomainError naming the field.
   */
  async check(upload: ImageUpload): Promise<void> {
    const refuse = (code: 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE', message: string) =>
      new DomainError(code, message, { [upload.field]: [message] });
    if (upload.data.length > MAX_IMAGE_BYTES) throw refuse('PAYLOAD_TOO_LARGE', ERROR_MESSAGES.imageTooLarge);
    if (!sniffImageType(upload.data)) throw refuse('UNSUPPORTED_MEDIA_TYPE', ERROR_MESSAGES.imageType);
    let pixels: number;
    try {
      const { width, height } = await sharp(upload.data).metadata();
      pixels = width * height;
    } catch {
      throw refuse('UNSUPPORTED_MEDIA_TYPE', ERROR_MESSAGES.imageType);
    }
    if (!(pixels > 0)) throw refuse('UNSUPPORTED_MEDIA_TYPE', ERROR_MESSAGES.imageType);
    if (pixels > MAX_IMAGE_PIXELS) throw refuse('PAYLOAD_TOO_LARGE', ERROR_MESSAGES.imageTooManyPixels);
  }

  /**
   * Stores an image and returns its name (the large size; the middle size is `<name>-md.webp`, the
   * thumbnail `<name>-thumb.webp`). All sizes are stored or none: a store that fails half-way has what it
   * took removed again, and the call answers 503 (SERVICE_UNAVAILABLE).
   */
  async save(upload: ImageUpload): Promise<string> {
    await this.check(upload);
    const id = randomBytes(16).toString('hex');
    let encoded: Buffer[];
    try {
      // The limit again, for the decoder itself: check read it from the header.
      const source = sharp(upload.data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
      encoded = await Promise.all(SIZES.map((size) => resizeTo(size)(source.clone())));
    } catch {
      throw new DomainError('UNSUPPORTED_MEDIA_TYPE', ERROR_MESSAGES.imageType, {
        [upload.field]: [ERROR_MESSAGES.imageType],
      });
    }
    const name = `${id}.webp`;
    const names = storedSizeNames(name);
    // Settled, not Promise.all: a removal must not overtake a write still under way.
    const writes = await Promise.allSettled(
      names.map((sizeName, index) => this.storage.put(sizeName, encoded[index] as Buffer, 'image/webp')),
    );
    const failed = writes.find((write) => write.status === 'rejected');
    if (failed) {
      // The sizes stored are removed before answering; the failed ones (a write that timed out may still land)
      // in the background, since a store that stopped answering would hold the answer as long again.
      const removals = names.map((sizeName, index) => ({ sizeName, stored: writes[index]?.status === 'fulfilled' }));
      const removeEach = (list: typeof removals) =>
        Promise.allSettled(list.map(({ sizeName }) => this.storage.remove(sizeName)));
      void removeEach(removals.filter((removal) => !removal.stored));
      await removeEach(removals.filter((removal) => removal.stored));
      throw unavailable(failed.reason);
    }
    return name;
  }

  /**
   * Removes a stored image with all its sizes; names we did not make are ignored. Never fails: an image the
   * store could not remove just stays behind, unreferenced, which harms nothing (callers remove images
   * after the rows that named them are gone, or instead of writing them).
   */
  async remove(name: string | null | undefined): Promise<void> {
    if (!name || !STORED_NAME.test(name)) return;
    await Promise.allSettled(storedSizeNames(name).map((sizeName) => this.storage.remove(sizeName)));
  }

  /** Whether a name is one this store makes (any size); anything else is never looked up. */
  isStoredName(name: string): boolean {
    return STORED_NAME.test(name);
  }

  /**
   * A stored image to serve: null for a name we did not make (so no path tricks) or one not stored;
   * a 503 DomainError when the store cannot be reached. The middle size of an image stored before it
   * existed is made from the large size on first request and stored (see middleSize).
   */
  async open(name: string): Promise<StoredObject | null> {
    if (!STORED_NAME.test(name)) return null;
    try {
      const stored = await this.storage.get(name);
      if (stored || !name.endsWith(`${MIDDLE.suffix}.webp`)) return stored;
      const middle = await this.middleSize(name);
      return middle ? { body: Readable.from(middle.bytes), size: middle.bytes.length } : null;
    } catch (error) {
      throw unavailable(error);
    }
  }

  /** Middle sizes being made now, by name: simultaneous first requests share one. */
  private readonly making = new Map<string, Promise<{ bytes: Buffer; stored: boolean } | null>>();

  /**
   * Makes and stores the missing middle size `name` (`<id>-md.webp`) from the large one: null when the
   * large one is not stored either. The web app names the middle size in every srcset, so it must exist
   * for images stored before it did (and for a demo seeded before). A large image sharp cannot read
   * comes back as it is (a bigger picture rather than none); a middle size the store refuses to keep is
   * still served, and made again next time.
   */
  private middleSize(name: string): Promise<{ bytes: Buffer; stored: boolean } | null> {
    const pending = this.making.get(name);
    if (pending) return pending;
    const making = (async () => {
      const large = await this.storage.get(largeOf(name));
      if (!large) return null;
      const bytes = await storageCall('read an image', () => bytesOf(large.body));
      let middle: Buffer;
      try {
        middle = await resizeTo(MIDDLE)(sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }));
      } catch {
        return { bytes, stored: false };
      }
      const stored = await this.storage.put(name, middle, 'image/webp').then(
        () => true,
        () => false,
      );
      return { bytes: middle, stored };
    })().finally(() => this.making.delete(name));
    this.making.set(name, making);
    return making;
  }

  /**
   * Makes the middle size of a stored image (its large size's name) when it is missing, as open does
   * on first request: for stores whose public URL serves the bucket without this server (backfill.ts).
   * Answers what it found: `present`, `made` (and stored), `failed` (made but not stored, or a large size
   * sharp cannot read) or `missing` (no large size either, or a name we did not make).
   */
  async ensureMiddleSize(name: string): Promise<'present' | 'made' | 'failed' | 'missing'> {
    if (!STORED_NAME.test(name)) return 'missing';
    const middleName = storedSizeNames(name)[1] as string;
    try {
      const stored = await this.storage.get(middleName);
      if (stored) {
        stored.body.destroy();
        return 'present';
      }
      const middle = await this.middleSize(middleName);
      if (!middle) return 'missing';
      return middle.stored ? 'made' : 'failed';
    } catch (error) {
      throw unavailable(error);
    }
  }
}

/**
 * The base URL links to stored images start with, when a public URL (or CDN) serves the bucket directly;
 * null: links point at this server's /api/images/. One per process, like the configuration it comes from:
 * createImageStore sets it.
 */
let publicImageBase: string | null = null;

/** The image store of a server's configuration: its storage, and where links to the images point. */
export function createImageStore(config: Pick<ServicesConfig, 'storage' | 'uploadDir'>): ImageStore {
  const { storage } = config;
  const backend = storage.kind === 's3' ? new S3ImageStorage(storage) : new LocalImageStorage(config.uploadDir);
  publicImageBase = backend.publicBaseUrl;
  return new ImageStore(backend, config.uploadDir);
}

/**
 * Public URL of a stored image name: the one place that decides what the API's image values look like.
 * `/api/images/<name>` (spec 3: served by this server), or `<S3_PUBLIC_URL>/<name>` when a public base URL
 * serves the bucket; a value that already is an absolute URL is kept as it is.
 */
export function imageUrl(name: string | null | undefined): string | null {
  if (!name) return null;
  if (/^https?:\/\//.test(name)) return name;
  return publicImageBase && STORED_NAME.test(name) ? `${publicImageBase}/${name}` : `/api/images/${name}`;
}
