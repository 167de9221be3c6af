import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { ServicesConfig } from '../src/config.js';

/** The little of s3rver (an untyped package) these tests use. */
interface S3rverServer {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets?: { name: string; configs: string[] }[];
}) => S3rverServer;

export interface TestS3 {
  /** http://127.0.0.1:<port>, the same across stop() and start(). */
  endpoint: string;
  bucket: string;
  /** The services' storage setting for this server's bucket (path-style, as local servers need). */
  storage: Extract<ServicesConfig['storage'], { kind: 's3' }>;
  /** What the bucket holds, key to bytes in key order, read straight from the server (not through our storage). */
  objects(): Promise<Map<string, Buffer>>;
  /** Stops the server, keeping its data: the store is down. */
  stop(): Promise<void>;
  /** Starts it again on the same port and folder: the store is back with what it held. */
  start(): Promise<void>;
  /** Stops it and deletes its folder. */
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on a free port with a temporary folder and one bucket, for the
 * S3 image storage. s3rver checks signatures against its own key pair, which the SDK's default chain
 * finds in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (this test process's only).
 */
export async function startTestS3(bucket = 'caps-images'): Promise<TestS3> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  const directory = mkdtempSync(join(tmpdir(), 'caps-s3-'));
  const make = (port: number) =>
    new S3rver({
      address: '127.0.0.1',
      port,
      directory,
      silent: true,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
  let server: S3rverServer | null = make(0);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = async () => {
    const running = server;
    server = null;
    await running?.close();
  };
  return {
    endpoint,
    bucket,
    storage: { kind: 's3', bucket, endpoint, region: 'us-east-1', forcePathStyle: true },
    async objects() {
      const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true });
      try {
        const listing = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
        const keys = (listing.Contents ?? []).map((object) => object.Key ?? '').sort();
        const read = async (key: string) => {
          const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
          return [key, Buffer.from((await object.Body?.transformToByteArray()) ?? [])] as const;
        };
        return new Map(await Promise.all(keys.map(read)));
      } finally {
        client.destroy();
      }
    },
    stop,
    async start() {
      if (server) return;
      const next = make(port);
      await next.run();
      server = next;
    },
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
