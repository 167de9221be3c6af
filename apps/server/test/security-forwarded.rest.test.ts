import { createTestEnv, customerInput, SessionSchema, type TestEnv } from '@caps/api/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

/*
 * Issue 25, finding 7: with TRUST_PROXY=true the left-most X-Forwarded-For address was taken, so behind a
 * proxy that appends (nginx's default, most load balancers) a client chose its own address by sending the
 * header, and every per-IP limit fell to rotating it. Only the configured proxies are trusted now: a hop
 * count or a list of addresses, and the client is the right-most address that is not one of them.
 */

const REGISTER_LIMIT = 3;
const LOGIN_FAILURES_PER_IP = 3;
/** The reverse proxy the app sits behind (a private address, as in a container network). */
const PROXY = '10.0.0.5';

let env: TestEnv;
const apps = new Map<string, FastifyInstance>();

beforeAll(async () => {
  env = await createTestEnv({
    limits: { registerPerIp: REGISTER_LIMIT },
    login: { maxFailuresPerIp: LOGIN_FAILURES_PER_IP, maxFailuresPerAccountAndIp: 100, maxFailuresPerAccount: 100 },
  });
  for (const trustProxy of ['1', 'true', `${PROXY}`, '127.0.0.1, 10.0.0.0/8']) {
    const config = loadConfig({
      NODE_ENV: 'test',
      WEB_DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'silent',
      TRUST_PROXY: trustProxy,
    });
    const app = await buildApp(config, { services: env.services, logger: false });
    await app.ready();
    apps.set(trustProxy, app);
  }
});
afterAll(async () => {
  for (const app of apps.values()) await app.close();
  await env?.close();
});

let clientCounter = 0;
/** A fresh public client address (TEST-NET-3), so each case starts with its own per-IP counts. */
const freshClient = () => `203.0.113.${++clientCounter}`;
let forgedCounter = 0;
/** A different made-up address every time, as an attacker rotating the header would send. */
const forged = () => `198.51.${Math.floor(++forgedCounter / 250)}.${forgedCounter % 250}`;

function appFor(trustProxy: string): FastifyInstance {
  const app = apps.get(trustProxy);
  if (!app) throw new Error(`no app for TRUST_PROXY=${trustProxy}`);
  return app;
}

/** A registration that reached the app from `remoteAddress` with the given X-Forwarded-For. */
function register(app: FastifyInstance, remoteAddress: string, forwardedFor: string, input = customerInput()) {
  return app.inject({
    method: 'POST',
    url: '/api/register',
    payload: input,
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });
}

const sessionIpOf = async (email: string) =>
  (await env.services.orm.em.fork().findOneOrFail(SessionSchema, { user: { email } })).ip;

describe.each([
  ['a hop count', '1'],
  ['true (one hop)', 'true'],
  ['an address', PROXY],
  ['a list of addresses and ranges', '127.0.0.1, 10.0.0.0/8'],
])('TRUST_PROXY as %s', (_label, trustProxy) => {
  it('counts a registration under the real client, not the forged left-most address', async () => {
    const app = appFor(trustProxy);
    const client = freshClient();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= REGISTER_LIMIT; attempt += 1) {
      // The client forged the first address; the trusted proxy appended the one it saw.
      statuses.push((await register(app, PROXY, `${forged()}, ${client}`)).statusCode);
    }
    expect(statuses).toEqual([...Array.from({ length: REGISTER_LIMIT }, () => 201), 429]);
  });

  it('takes the client the proxy saw as the address of the session, and counts clients apart', async () => {
    const app = appFor(trustProxy);
    const client = freshClient();
    const input = customerInput();
    const first = await register(app, PROXY, `${forged()}, ${client}`, input);
    expect(first.statusCode, first.body).toBe(201);
    expect(await sessionIpOf(input.email)).toBe(client);
    // Another client behind the same proxy has its own count: the proxy's address is not the client.
    for (let attempt = 0; attempt < REGISTER_LIMIT; attempt += 1) {
      expect((await register(app, PROXY, `${forged()}, ${freshClient()}`)).statusCode).toBe(201);
    }
  });

  it('counts failed sign-ins under the real client however the forged address rotates', async () => {
    const app = appFor(trustProxy);
    const client = freshClient();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= LOGIN_FAILURES_PER_IP; attempt += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: `nobody.${attempt}@example.com`, password: 'Wrong-pass1' },
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': `${forged()}, ${client}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array.from({ length: LOGIN_FAILURES_PER_IP }, () => 401), 429]);
  });
});

describe('an address list trusts only its addresses', () => {
  it('counts a client that reaches the app directly under its own address, whatever it forwards', async () => {
    const app = appFor('127.0.0.1, 10.0.0.0/8');
    const client = freshClient();
    const statuses: number[] = [];
    const input = customerInput();
    for (let attempt = 0; attempt <= REGISTER_LIMIT; attempt += 1) {
      const body = attempt === 0 ? input : customerInput();
      statuses.push((await register(app, client, `${forged()}, ${forged()}`, body)).statusCode);
    }
    expect(statuses).toEqual([...Array.from({ length: REGISTER_LIMIT }, () => 201), 429]);
    expect(await sessionIpOf(input.email)).toBe(client);
  });
});

describe('TRUST_PROXY values', () => {
  const trustOf = (value: string | undefined) => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value }).trustProxy;

  it('reads false, a hop count and a list of addresses or ranges', () => {
    expect(trustOf(undefined)).toBe(false);
    expect(trustOf('')).toBe(false);
    expect(trustOf('false')).toBe(false);
    expect(trustOf('0')).toBe(false);
    expect(trustOf('true')).toBe(1);
    expect(trustOf('1')).toBe(1);
    expect(trustOf(' 2 ')).toBe(2);
    expect(trustOf('127.0.0.1,10.0.0.0/8')).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(trustOf(' ::1 , fd00::/8 ,loopback')).toEqual(['::1', 'fd00::/8', 'loopback']);
  });

  it.each(['yes', 'TRUE', '-1', '1.5', '10.0.0.0/33', '10.0.0/8', '::1/129', '127.0.0.1,,10.0.0.1', 'caddy'])(
    'refuses %j with a message naming the setting and its forms',
    (value) => {
      expect(() => trustOf(value)).toThrow(/TRUST_PROXY.*hop.*address/s);
    },
  );
});
