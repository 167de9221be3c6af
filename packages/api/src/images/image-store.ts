import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ERROR_MESSAGES, MAX_IMAGE_BYTES } from '@caps/contracts';
import sharp from 'sharp';
import { DomainError } from '../errors.js';

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

/**
 * Keeps images on disk. Every image is checked by content, decoded and re-encoded by sharp (which
 * drops EXIF and GPS data), resized to a large size and a thumbnail, and stored under a random name.
 */
export class ImageStore {
  readonly dir: string;

  constructor(dir: string) {
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

  /** Stores an image and returns its name (the large size; the thumbnail is `<name>-thumb.webp`). */
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
    await mkdir(this.dir, { recursive: true });
    await Promise.all([
      writeFile(join(this.dir, `${id}.webp`), large),
      writeFile(join(this.dir, `${id}-thumb.webp`), thumb),
    ]);
    return `${id}.webp`;
  }

  async remove(name: string | null | undefined): Promise<void> {
    if (!name || !STORED_NAME.test(name)) return;
    await Promise.all([
      rm(join(this.dir, name), { force: true }),
      rm(join(this.dir, name.replace(/\.webp$/, '-thumb.webp')), { force: true }),
    ]);
  }

  /** The file path of a stored image, or null for any name we did not make (so no path tricks). */
  pathOf(name: string): string | null {
    return STORED_NAME.test(name) ? join(this.dir, name) : null;
  }
}

/** Public URL of a stored image name. */
export function imageUrl(name: string | null | undefined): string | null {
  if (!name) return null;
  return /^https?:\/\//.test(name) ? name : `/api/images/${name}`;
}
