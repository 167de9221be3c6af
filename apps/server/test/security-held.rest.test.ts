import { makeUser, makeVendor, sessionTokenFor } from '@caps/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRestTestEnv, type RestTestEnv } from './harness.js';

/**
 * What the outside probe tried and found closed, kept closed: cross-origin reads, path traversal into
 * the image store and stored script. (Object-level access, admin roles, mass assignment, SQL in search,
 * uploads and webhook forgery have their own suites: see docs/security.md.)
 */
let env: RestTestEnv;
let vendorToken: string;
let customerToken: string;
beforeAll(async () => {
  env = await createRestTestEnv();
  const em = env.services.orm.em.fork();
  const vendor = await makeVendor(em);
  vendorToken = await sessionTokenFor(env.services, vendor.user.id);
  customerToken = await sessionTokenFor(env.services, (await makeUser(em)).id);
});
afterAll(async () => env?.close());

describe('cross-origin requests', () => {
  it('never grant another site a read of an answer, even with a token', async () => {
    const read = await env.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { origin: 'https://evil.example', ...bearer(customerToken) },
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(read.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answer no preflight, so a foreign page cannot send JSON or an Authorization header', async () => {
    const preflight = await env.app.inject({
      method: 'OPTIONS',
      url: '/api/cart',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
  });
});

describe('the image store', () => {
  it.each([
    '/api/images/..%2F..%2F..%2Fetc%2Fpasswd',
    '/api/images/%2e%2e%2fpackage.json',
    '/api/images/..%5c..%5cpackage.json',
    '/api/images/api/images/..%2Fpackage.json',
    '/api/images/.env',
    '/api/images/%00.webp',
  ])('serves nothing outside its own names: %s', async (url) => {
    const response = await env.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).not.toContain('root:');
    expect(response.body).not.toContain('"workspaces"');
  });
});

describe('stored script', () => {
  const script = '<script>alert(document.cookie)</script>';

  it('comes back as JSON text, never as a page a browser would run', async () => {
    const created = await env.app.inject({
      method: 'POST',
      url: '/api/coupons',
      headers: bearer(vendorToken),
      payload: {
        code: 'SAFE10',
        discount: 10,
        usage_limit: 5,
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        description: script,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = await env.app.inject({ method: 'GET', url: '/api/coupons', headers: bearer(vendorToken) });
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    expect(list.headers['x-content-type-options']).toBe('nosniff');
    expect(list.json()[0].description).toBe(script);
  });

  it('could not run in the app even if it reached a page: scripts only from our own origin', async () => {
    const response = await env.app.inject({ method: 'GET', url: '/api/products' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self'(;|$)/);
    expect(policy).toContain("frame-ancestors 'none'");
  });
});
