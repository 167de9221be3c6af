import { constants, createReadStream } from 'node:fs';
import { access, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type ImageStorage, type StoredObject, storageCall } from './storage.js';

const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/** Images as files in one folder (UPLOAD_DIR): one process, or processes sharing a disk. */
export class LocalImageStorage implements ImageStorage {
  readonly kind = 'local';
  readonly publicBaseUrl = null;
  readonly dir: string;

  constructor(dir: string) {
    this.dir = resolve(dir);
  }

  put(name: string, bytes: Buffer): Promise<void> {
    return storageCall('store an image', async () => {
      await mkdir(this.dir, { recursive: true });
      await writeFile(join(this.dir, name), bytes);
    });
  }

  get(name: string): Promise<StoredObject | null> {
    return storageCall('read an image', async () => {
      const path = join(this.dir, name);
      const info = await stat(path).catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      return info?.isFile() ? { body: createReadStream(path), size: info.size } : null;
    });
  }

  remove(name: string): Promise<void> {
    return storageCall('remove an image', () => rm(join(this.dir, name), { force: true }));
  }

  check(): Promise<void> {
    return storageCall('open the upload folder', async () => {
      await mkdir(this.dir, { recursive: true });
      await access(this.dir, constants.R_OK | constants.W_OK);
    });
  }
}
