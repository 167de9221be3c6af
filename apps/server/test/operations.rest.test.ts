import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestEnv, customerInput, type TestEnv } from '@caps/api/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

// /healthz, /readyz and /metrics (docs/scaling.md, "Operating it"). The apps here serve a built web app
// (a folder with an index.html) so that a fallback to the HTML page would show.

const METRICS_TOKEN = 'metrics-secret-token';
/** A port nothing listens on (the discard port, refused on this machine). */
const CLOSED_PORT = 9;

let env: TestEnv;
let webDir: string;
const apps: FastifyInstance[] = [];
const envs: TestEnv[] = [];

async function appFor(services: TestEnv['services'], vars: Record<string, string> = {}) {
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: webDir, LOG_LEVEL: 'silent', ...vars });
  const app = await buildApp(config, { services, logger: false });
  await app.ready();
  apps.push(app);
  return app;
}

/** A test env of its own (closed in afterAll), for services configured differently. */
async function otherEnv(config: Parameters<typeof createTestEnv>[0]) {
  const other = await createTestEnv(config);
  envs.push(other);
  return other;
}

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'caps-web-'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Caps</title>');
  env = await createTestEnv();
});

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const other of envs) await other.close();
  await env?.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('GET /healthz', () => {
  it('answers 200 while the process and its database answer', async () => {
    const app = await appFor(env.services);
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('GET /readyz', () => {
  it('answers 200 with each check when the database and the storage answer and Redis is not configured', async () => {
    const app = await appFor(env.services);
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: 'not_configured', storage: 'ok' },
    });
  });

  it('pings Redis when REDIS_URL is set (the machine runs Redis on its default port)', async () => {
    const other = await otherEnv({ redisUrl: 'redis://127.0.0.1:6379/0' });
    const response = await (await appFor(other.services)).inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json().checks).toEqual({ database: 'ok', redis: 'ok', storage: 'ok' });
  });

  it('answers 503 naming Redis when it cannot be reached', async () => {
    const other = await otherEnv({ redisUrl: `redis://127.0.0.1:${CLOSED_PORT}/0` });
    const response = await (await appFor(other.services)).inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'error',
      checks: { database: 'ok', redis: 'unreachable', storage: 'ok' },
      message: 'Unreachable: redis',
    });
  });

  it('answers 503 naming the storage when the S3 store cannot be reached', async () => {
    const other = await otherEnv({
      storage: {
        kind: 's3',
        bucket: 'caps-images',
        endpoint: `http://127.0.0.1:${CLOSED_PORT}`,
        region: 'us-east-1',
        forcePathStyle: true,
      },
    });
    const response = await (await appFor(other.services)).inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: 'error',
      checks: { database: 'ok', redis: 'not_configured', storage: 'unreachable' },
      message: 'Unreachable: storage',
    });
  });

  it('answers 503 naming the database when its connection is closed, and 200 again once reopened', async () => {
    const other = await otherEnv({});
    const app = await appFor(other.services);
    await other.services.orm.close(true);
    const down = await app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ checks: { database: 'unreachable' }, message: 'Unreachable: database' });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(503);
    await other.services.orm.connect();
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('answers 503 once the app has begun to close (a proxy stops sending to it)', async () => {
    const app = await buildApp(loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: webDir, LOG_LEVEL: 'silent' }), {
      services: env.services,
      logger: false,
    });
    const during: { status: number; retryAfter: string | null; body: unknown }[] = [];
    // Runs once closing has begun, before the server stops listening: requests a proxy still sends.
    app.addHook('preClose', async () => {
      for (const path of ['/readyz', '/api/products']) {
        const response = await fetch(`${url}${path}`);
        during.push({
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: await response.json(),
        });
      }
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    await app.close();
    // Our error shape, with its code, like every other error answer.
    const shape = {
      status: 503,
      retryAfter: '5',
      body: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'Service temporarily unavailable, please try again shortly.',
        statusCode: 503,
      },
    };
    expect(during).toMatchObject([shape, shape]);
  });
});

describe('GET /metrics', () => {
  it('is not served (404 JSON) without METRICS_TOKEN', async () => {
    const app = await appFor(env.services);
    const response = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer x' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().message).toBe('Not found');
  });

  it('answers 401 JSON without the token or with a wrong one', async () => {
    const app = await appFor(env.services, { METRICS_TOKEN });
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${METRICS_TOKEN}`, `Bearer ${METRICS_TOKEN}x`]) {
      const response = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json().message).toBe('A valid metrics token is required');
      expect(response.body).not.toContain('http_requests_total');
    }
  });

  it('serves Prometheus text with requests by route pattern, sign-in failures, outbox and payments', async () => {
    const app = await appFor(env.services, { METRICS_TOKEN });
    const input = customerInput();
    await env.caller().auth.register(input);
    await app.inject({ method: 'GET', url: '/api/products/987654' });
    await app.inject({ method: 'GET', url: '/api/products/123456' });
    await app.inject({ method: 'GET', url: '/api/no-such-thing/42' });
    const credentials = { email: input.email, password: 'Wrong-password-1' };
    for (const [url, payload] of [
      ['/api/login', credentials],
      ['/trpc/auth.login', credentials],
    ] as const) {
      const wrong = await app.inject({ method: 'POST', url, payload });
      expect(wrong.statusCode, wrong.body).toBe(401);
    }

    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body;
    expect(text).toContain('http_requests_total{method="GET",route="/api/products/:id",status="404"} 2');
    expect(text).toContain('http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(text).toContain('http_requests_total{method="POST",route="/api/login",status="401"} 1');
    expect(text).toContain('http_requests_total{method="POST",route="/trpc/:path",status="401"} 1');
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/products\/:id",status="404"\} 2/,
    );
    expect(text).not.toContain('987654');
    expect(text).toContain('login_failures_total 2');
    expect(text).toMatch(/email_outbox_messages\{status="pending"\} \d+/);
    expect(text).toContain('email_outbox_messages{status="failed"} 0');
    expect(text).toContain('payments_total{outcome="success"} 0');
    expect(text).toMatch(/http_requests_in_flight \d+/);
    expect(text).toMatch(/process_cpu_seconds_total/);
  });

  it('keeps the counts of each app apart (a registry per app)', async () => {
    const app = await appFor(env.services, { METRICS_TOKEN });
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.body).not.toContain('route="/api/login"');
    expect(response.body).toContain('login_failures_total 0');
  });
});

describe('the operations paths and the web app', () => {
  it('never answers /healthz, /readyz or /metrics with the HTML page', async () => {
    const app = await appFor(env.services, { METRICS_TOKEN });
    // The web app is served: an unknown client route gets the HTML page.
    const page = await app.inject({ method: 'GET', url: '/some/client/route', headers: { accept: 'text/html' } });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    for (const url of ['/healthz', '/readyz', '/metrics']) {
      for (const method of ['GET', 'HEAD'] as const) {
        for (const headers of [{ accept: 'text/html' }, { accept: 'text/html', authorization: 'Bearer no' }]) {
          const response = await app.inject({ method, url, headers });
          expect(response.headers['content-type'], `${method} ${url}`).not.toMatch(/html/);
        }
      }
    }
  });
});

describe('graceful shutdown (SIGTERM to a real server process)', () => {
  const root = resolve(import.meta.dirname, '../../..');
  let child: ChildProcess | null = null;
  let dataDir: string;

  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the request in flight, then exits 0 within 10 s', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'caps-shutdown-'));
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      SQLITE_PATH: join(dataDir, 'caps.sqlite'),
      UPLOAD_DIR: join(dataDir, 'uploads'),
      SEED_DEMO_DATA: 'false',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: '/nonexistent',
    };
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'S3_BUCKET', 'SMTP_URL', 'METRICS_TOKEN']) delete childEnv[name];
    const server = spawn(join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
      cwd: root,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = server;
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    server.stdout?.on('data', collect);
    server.stderr?.on('data', collect);
    const waitForOutput = (pattern: RegExp) =>
      new Promise<RegExpMatchArray>((resolveMatch, reject) => {
        const look = () => {
          const match = output.match(pattern);
          if (!match) return;
          server.stdout?.off('data', look);
          server.off('exit', onExit);
          resolveMatch(match);
        };
        const onExit = (code: number | null) =>
          reject(new Error(`server exited (${code}) before ${pattern}:\n${output}`));
        server.stdout?.on('data', look);
        server.once('exit', onExit);
        look();
      });
    const exited = once(server, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;

    const [, port] = await waitForOutput(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);

    // A sign-in whose body is only half sent: in flight when SIGTERM arrives.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'Wrong1234' });
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
    });
    const answered = once(socket, 'end');
    socket.write(
      `POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );

    const signalled = Date.now();
    server.kill('SIGTERM');
    await waitForOutput(/"msg":"closing: finishing the requests in flight"/);
    socket.write(body.slice(10));
    await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);

    const [code] = await exited;
    child = null;
    expect(code, output).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(output).toContain('"msg":"shut down"');
  });
});
