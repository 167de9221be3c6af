import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { type ImageStorage, type StoredObject, storageCall } from './storage.js';

/** Where the bucket is; credentials come from the SDK's default chain (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY...). */
export interface S3StorageOptions {
  bucket: string;
  /** A store other than AWS (MinIO, Cloudflare R2, a test server); AWS itself when absent. */
  endpoint?: string | undefined;
  region: string;
  /** Bucket in the path (http://host/bucket/key) instead of the host name: MinIO and local servers need it. */
  forcePathStyle: boolean;
  /** Public base URL (or CDN) of the bucket's objects; without it the server streams them at /api/images/{name}. */
  publicUrl?: string | undefined;
  /**
   * The longest one attempt of a call may wait for the store (S3_TIMEOUT_MS): to connect, for an answer, or
   * between two packets of one. A call makes two attempts at most.
   */
  timeoutMs?: number | undefined;
}

/** S3_TIMEOUT_MS's default. */
export const DEFAULT_S3_TIMEOUT_MS = 5_000;

/** Stored names are random and never reused, so whoever caches them (a CDN, a browser) may keep them forever. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A missing object (not a missing bucket, which is a misconfiguration and so an unavailable store). */
function isMissingObject(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  if (failure?.name === 'NoSuchKey' || failure?.name === 'NotFound') return true;
  return failure?.$metadata?.httpStatusCode === 404 && failure.name !== 'NoSuchBucket';
}

/** Images as objects of one bucket in any S3-compatible store, shared by every server process. */
export class S3ImageStorage implements ImageStorage {
  readonly kind = 's3';
  readonly publicBaseUrl: string | null;
  readonly bucket: string;
  private readonly client: S3Client;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.publicBaseUrl = options.publicUrl ? options.publicUrl.replace(/\/+$/, '') : null;
    const timeoutMs = options.timeoutMs ?? DEFAULT_S3_TIMEOUT_MS;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      // A store that is down or silent answers 503 quickly rather than holding the request: one retry, short
      // timeouts. The SDK only warns when a request outlives requestTimeout unless throwOnRequestTimeout is set.
      maxAttempts: 2,
      requestHandler: {
        connectionTimeout: Math.min(timeoutMs, 3_000),
        requestTimeout: timeoutMs,
        socketTimeout: timeoutMs,
        throwOnRequestTimeout: true,
      },
      // Checksums only where S3 requires them: not every S3-compatible store knows the newer checksum headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  put(name: string, bytes: Buffer, contentType: string): Promise<void> {
    return storageCall('store an image', async () => {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: name,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
          CacheControl: CACHE_CONTROL,
        }),
      );
    });
  }

  get(name: string): Promise<StoredObject | null> {
    return storageCall('read an image', async () => {
      const answer = await this.client
        .send(new GetObjectCommand({ Bucket: this.bucket, Key: name }))
        .catch((error: unknown) => {
          if (isMissingObject(error)) return null;
          throw error;
        });
      if (!answer) return null;
      if (!(answer.Body instanceof Readable)) throw new Error('the store answered without a body');
      return { body: answer.Body, size: answer.ContentLength ?? null };
    });
  }

  remove(name: string): Promise<void> {
    return storageCall('remove an image', async () => {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: name }));
    });
  }

  check(): Promise<void> {
    return storageCall('reach the bucket', async () => {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    });
  }
}
