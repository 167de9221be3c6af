import { createTestEnv, type TestEnv } from '@caps/api/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

export interface RestTestEnv extends TestEnv {
  app: FastifyInstance;
}

/** The whole HTTP app on a fresh test database, driven with app.inject(). */
export async function createRestTestEnv(options: Parameters<typeof createTestEnv>[0] = {}): Promise<RestTestEnv> {
  const env = await createTestEnv(options);
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent', LOG_LEVEL: 'silent' });
  const app = await buildApp(config, { services: env.services, logger: false });
  await app.ready();
  return {
    ...env,
    app,
    async close() {
      await app.close();
      await env.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A multipart body built by hand, so tests control every byte (fields, file names, content). */
export function multipart(
  /** As a record, or as [name, value] pairs to repeat a name or choose the order the parts are sent in. */
  fields: Record<string, string> | [string, string][],
  files: { field: string; filename: string; contentType: string; data: Buffer }[] = [],
) {
  const boundary = `----capsTest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Array.isArray(fields) ? fields : Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
