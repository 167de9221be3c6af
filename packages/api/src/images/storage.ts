import type { Readable } from 'node:stream';

/** A stored object as a reader gets it: its bytes as a stream, and its size when the store says. */
export interface StoredObject {
  body: Readable;
  size: number | null;
}

/**
 * Where image bytes live (docs/scaling.md): a local folder (local-storage.ts, the default) or a bucket of
 * any S3-compatible store (s3-storage.ts). Names are opaque keys here; ImageStore decides which names
 * exist. Every failure to reach the store is a StorageUnavailableError; a missing object is not a failure.
 */
export interface ImageStorage {
  /** `local` or `s3`, for logs and the readiness answer. */
  readonly kind: 'local' | 's3';
  /**
   * The public base URL (or CDN) that serves the stored names directly, without a trailing slash; null
   * when the server serves them itself at /api/images/{name}.
   */
  readonly publicBaseUrl: string | null;
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none by that name. */
  get(name: string): Promise<StoredObject | null>;
  /** Removes the object; removing one that is not there is no failure. */
  remove(name: string): Promise<void>;
  /** Resolves when the store can be read and written; rejects with StorageUnavailableError otherwise. */
  check(): Promise<void>;
}

/** The store could not be reached or refused the call (down, misconfigured, out of space). */
export class StorageUnavailableError extends Error {
  constructor(operation: string, cause: unknown) {
    super(`Image storage failed to ${operation}: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'StorageUnavailableError';
  }
}

/** Runs a call to the store, turning any failure into a StorageUnavailableError naming the operation. */
export async function storageCall<T>(operation: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw error instanceof StorageUnavailableError ? error : new StorageUnavailableError(operation, error);
  }
}
