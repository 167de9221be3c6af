import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { ERROR_MESSAGES, MAX_IMAGE_BYTES } from '@caps/contracts';
import sharp from 'sharp';
import type { ServicesConfig } from '../config.js';
import { DomainError } from '../errors.js';
import { LocalImageStorage } from './local-storage.js';
import { S3ImageStorage } from './s3-storage.js';
import { type ImageStorage, StorageUnavailableError, type StoredObject } from './storage.js';

/** An uploaded file as the HTTP layer hands it over. */
export interface ImageUpload {
  field: string;
  filename: string;
  data: Buffer;
}

const LARGE_EDGE = 1600;
const THUMB_EDGE = 400;
/** Stored names are random: 32 hex digits, optionally -thumb, always .webp. */
const STORED_NAME = /^[a-f0-9]{32}(-thumb)?\.webp$/;

/** The kind of image by its first bytes, whatever its name or declared type says. */
export function sniffImageType(data: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (data.length >= 12 && data.toString('ascii', 0, 4) === 'RIFF' && data.toString('ascii', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

/** The answer (503) to any call that needs the image store while it cannot be reached. */
export const IMAGE_STORAGE_UNAVAILABLE = 'Image storage is unavailable, please try again shortly.';

/**
 * A storage failure as the 503 callers answer with, keeping the store's own error as its cause for the
 * server's log; anything else (a bug) as it is.
 */
function unavailable(error: unknown): unknown {
  if (!(error instanceof StorageUnavailableError)) return error;
  return Object.assign(new DomainError('SERVICE_UNAVAILABLE', IMAGE_STORAGE_UNAVAILABLE), { cause: error });
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

  /** Checks an upload without storing it; throws a 4xx DomainError naming the field. */
  check(upload: ImageUpload): void {
    if (upload.data.length > MAX_IMAGE_BYTES) {
      throw new DomainError('PAYLOAD_TOO_LARGE', ERROR_MESSAGES.imageTooLarge, {
        [upload.field]: [ERROR_MESSAGES.imageTooLarge],
      });
    }
    if (!sniffImageType(upload.data)) {
      throw new DomainError('UNSUPPORTED_MEDIA_TYPE', ERROR_MESSAGES.imageType, {
        [upload.field]: [ERROR_MESSAGES.imageType],
      });
    }
  }

  /**
   * Stores an image and returns its name (the large size; the thumbnail is `<name>-thumb.webp`). Both sizes
   * are stored or neither: a store that fails half-way has what it took removed again, and the call answers
   * 503 (SERVICE_UNAVAILABLE).
   */
  async save(upload: ImageUpload): Promise<string> {
    this.check(upload);
    const id = randomBytes(16).toString('hex');
    let large: Buffer;
    let thumb: Buffer;
    try {
      const source = sharp(upload.data, { limitInputPixels: 40_000_000, failOn: 'error' }).rotate();
      [large, thumb] = await Promise.all([
        source
          .clone()
          .resize(LARGE_EDGE, LARGE_EDGE, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer(),
        source
          .clone()
          .resize(THUMB_EDGE, THUMB_EDGE, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 78 })
          .toBuffer(),
      ]);
    } catch {
      throw new DomainError('UNSUPPORTED_MEDIA_TYPE', ERROR_MESSAGES.imageType, {
        [upload.field]: [ERROR_MESSAGES.imageType],
      });
    }
    const name = `${id}.webp`;
    // Settled, not Promise.all: a removal must not overtake a write still under way.
    const writes = await Promise.allSettled([
      this.storage.put(name, large, 'image/webp'),
      this.storage.put(thumbnailOf(name), thumb, 'image/webp'),
    ]);
    const failed = writes.find((write) => write.status === 'rejected');
    if (failed) {
      await this.remove(name);
      throw unavailable(failed.reason);
    }
    return name;
  }

  /**
   * Removes a stored image and its thumbnail; names we did not make are ignored. Never fails: an image the
   * store could not remove just stays behind, unreferenced, which harms nothing (callers remove images
   * after the rows that named them are gone, or instead of writing them).
   */
  async remove(name: string | null | undefined): Promise<void> {
    if (!name || !STORED_NAME.test(name)) return;
    await Promise.allSettled([this.storage.remove(name), this.storage.remove(thumbnailOf(name))]);
  }

  /**
   * A stored image to serve: null for a name we did not make (so no path tricks) or one not stored;
   * a 503 DomainError when the store cannot be reached.
   */
  async open(name: string): Promise<StoredObject | null> {
    if (!STORED_NAME.test(name)) return null;
    try {
      return await this.storage.get(name);
    } catch (error) {
      throw unavailable(error);
    }
  }
}

/** The thumbnail's name of a stored image's name. */
function thumbnailOf(name: string): string {
  return name.replace(/\.webp$/, '-thumb.webp');
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
