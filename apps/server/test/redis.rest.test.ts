import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { type EventEmitter, once } from 'node:events';
import { createServer } from 'node:net';
import { customerInput, makeProduct, makeVendor, SessionSchema, sessionTokenFor, UserSchema } from '@caps/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRestTestEnv, type RestTestEnv } from './harness.js';

// Redis down, hanging and back, on a redis-server of this file's own (started and stopped here), so
// nothing here touches the machine's Redis on 6379 that other test files share.
const UNAVAILABLE = 'Service temporarily unavailable, please try again shortly.';

let env: RestTestEnv;
let port: number;
let redisServer: ChildProcess | null = null;
let vendorToken: string;
let capId: number;
const account = customerInput();

/** A port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** redis-server on `port`, without persistence; resolves when it accepts connections. */
async function startRedis(): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
  return child;
}

async function stopRedis(): Promise<void> {
  const child = redisServer;
  redisServer = null;
  if (!child || child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

/** The app's own connection (RedisRateLimiter.redis): waits for it to reconnect, rather than polling. */
async function appReconnected(): Promise<void> {
  const { redis } = env.services.rateLimiter as unknown as { redis: EventEmitter & { status: string } };
  if (redis.status !== 'ready') await once(redis, 'ready');
}

/** One command to our own server through redis-cli. */
const redisCli = (...args: string[]) =>
  new Promise<string>((resolve, reject) =>
    execFile('redis-cli', ['-p', String(port), ...args], (error, stdout) => (error ? reject(error) : resolve(stdout))),
  );

const login = (password: string, ip = '10.61.0.1') =>
  env.app.inject({ method: 'POST', url: '/api/login', payload: { email: account.email, password }, remoteAddress: ip });

const sessions = () => env.services.orm.em.fork().count(SessionSchema, {});

function expectUnavailable(response: Awaited<ReturnType<typeof login>>) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  expect(response.json()).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE });
  expect(response.headers['retry-after']).toBe('5');
}

beforeAll(async () => {
  port = await freePort();
  env = await createRestTestEnv({
    redisUrl: `redis://127.0.0.1:${port}/0`,
    login: { maxFailuresPerAccountAndIp: 3, maxFailuresPerAccount: 100, maxFailuresPerIp: 200 },
  });
  const em = env.services.orm.em.fork();
  const shop = await makeVendor(em, { shopName: 'Redis Down Caps' });
  vendorToken = await sessionTokenFor(env.services, shop.user.id);
  capId = (await makeProduct(em, shop, { name: 'Kanuri Night Cap', category: 'Modern Caps' })).id;
});
afterAll(async () => {
  await stopRedis();
  await env?.close();
});

describe('Redis unreachable from the start', () => {
  it('answers a sign-in 503 JSON with Retry-After, never 500 and never a session', async () => {
    const before = await sessions();
    expectUnavailable(await login('Wrong1234'));
    expectUnavailable(await login(account.password));
    expect(await sessions()).toBe(before);
  });

  it('answers a tRPC sign-in 503 with the code', async () => {
    const response = await env.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: account.email, password: 'Wrong1234' }),
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toMatchObject({
      message: UNAVAILABLE,
      data: { errorCode: 'SERVICE_UNAVAILABLE', httpStatus: 503 },
    });
  });

  it('refuses a registration (limited per address) and writes no user', async () => {
    const users = await env.services.orm.em.fork().count(UserSchema, {});
    const response = await env.app.inject({ method: 'POST', url: '/api/register', payload: account });
    expectUnavailable(response);
    expect(await env.services.orm.em.fork().count(UserSchema, {})).toBe(users);
  });

  it('keeps the catalogue and its changes working: they count from the database', async () => {
    const list = () => env.app.inject({ method: 'GET', url: '/api/products?category=Modern%20Caps' });
    expect((await list()).json().total).toBe(1);
    const edit = await env.app.inject({
      method: 'PUT',
      url: `/api/products/${capId}`,
      headers: bearer(vendorToken),
      payload: { category: 'Igbo Caps' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await list()).json().total).toBe(0);
  });
});

describe('Redis back, hanging, gone and back again', () => {
  it('recovers without a restart: the limits count again', async () => {
    redisServer = await startRedis();
    await appReconnected();
    const registered = await env.app.inject({ method: 'POST', url: '/api/register', payload: account });
    expect(registered.statusCode, registered.body).toBe(201);
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await login('Wrong1234', '10.61.0.2')).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    expect((await login(account.password)).statusCode).toBe(200);
  });

  it('gives up on a hanging Redis with 503 instead of waiting', async () => {
    // Our own server: every client's writes (scripts included) wait until unpaused.
    await redisCli('CLIENT', 'PAUSE', '10000', 'WRITE');
    try {
      const before = await sessions();
      expectUnavailable(await login(account.password, '10.61.0.3'));
      expect(await sessions()).toBe(before);
    } finally {
      await redisCli('CLIENT', 'UNPAUSE');
    }
    expect((await login(account.password, '10.61.0.3')).statusCode).toBe(200);
  });

  it('refuses again when Redis goes away, and recovers when it returns', async () => {
    await stopRedis();
    const before = await sessions();
    expectUnavailable(await login(account.password, '10.61.0.4'));
    expect(await sessions()).toBe(before);
    redisServer = await startRedis();
    await appReconnected();
    expect((await login(account.password, '10.61.0.4')).statusCode).toBe(200);
  });
});
