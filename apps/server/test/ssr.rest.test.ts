import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestEnv, type TestEnv } from '@caps/api/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

const STYLESHEET = '<link rel="stylesheet" crossorigin href="/assets/index-abc123.css">';
const CSS = 'body{color:#222}.card{padding:1rem}';
const TEMPLATE = `<!doctype html><html lang="en"><head><title>Caps Marketplace</title>${STYLESHEET}</head><body><div id="root"></div></body></html>`;

/**
 * A stand-in for apps/web/dist-ssr/entry-server.js with the same contract: it renders /ok (reading a product
 * through the in-process tRPC client it is handed), fails on /boom, fails while streaming on /late, and
 * leaves /dashboard to the browser.
 */
const RENDERER = `
export async function render(request) {
  const path = new URL(request.url, 'http://x').pathname;
  if (path === '/boom') throw new Error('render failed');
  if (path === '/dashboard') return null;
  const list = await request.trpcClient.catalogue.list.query({});
  return {
    status: path === '/missing' ? 404 : 200,
    pipe(sink) {
      sink.write(request.template.replace('<div id="root"></div>', '<div id="root"><h1>' + list.total + ' caps at ' + request.origin + '</h1></div>'));
      sink.end();
    },
  };
}
`;

describe('server rendering of the web app', () => {
  let env: TestEnv;
  let app: FastifyInstance;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'caps-ssr-'));
    mkdirSync(join(dir, 'dist'));
    mkdirSync(join(dir, 'dist-ssr'));
    mkdirSync(join(dir, 'dist', 'assets'));
    writeFileSync(join(dir, 'dist', 'index.html'), TEMPLATE);
    writeFileSync(join(dir, 'dist', 'assets', 'index-abc123.css'), CSS);
    writeFileSync(join(dir, 'dist-ssr', 'entry-server.js'), RENDERER);
    env = await createTestEnv();
    const config = loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: join(dir, 'dist'), LOG_LEVEL: 'silent' });
    app = await buildApp(config, { services: env.services, logger: false });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await env?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a page with what the renderer made from the catalogue, on the public origin', async () => {
    const response = await app.inject({ method: 'GET', url: '/ok' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(`<h1>0 caps at ${env.services.config.publicUrl}</h1>`);
  });

  it('carries the stylesheet inline in a rendered page, and keeps the link in the app’s own index.html', async () => {
    const rendered = await app.inject({ method: 'GET', url: '/ok' });
    expect(rendered.body).toContain(`<head><title>Caps Marketplace</title><style>${CSS}</style></head>`);
    expect(rendered.body).not.toContain('rel="stylesheet"');
    const fallback = await app.inject({ method: 'GET', url: '/dashboard' });
    expect(fallback.body).toContain(STYLESHEET);
    // The stylesheet itself is still served, for the pages the browser renders.
    const css = await app.inject({ method: 'GET', url: '/assets/index-abc123.css' });
    expect(css.statusCode).toBe(200);
    expect(css.body).toBe(CSS);
  });

  it('answers with the status the page rendered with', async () => {
    const response = await app.inject({ method: 'GET', url: '/missing' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<h1>');
  });

  it('falls back to the app (index.html) when rendering fails or the page is the browser’s', async () => {
    for (const url of ['/boom', '/dashboard']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(TEMPLATE);
    }
  });

  it('never renders API paths', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the renderer in a production server', () => {
  let env: TestEnv;
  let dir: string;
  const before = process.env.NODE_ENV;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'caps-ssr-env-'));
    mkdirSync(join(dir, 'dist'));
    mkdirSync(join(dir, 'dist-ssr'));
    writeFileSync(join(dir, 'dist', 'index.html'), TEMPLATE);
    // Notes NODE_ENV as React would read it: when the renderer's modules are first loaded.
    writeFileSync(
      join(dir, 'dist-ssr', 'entry-server.js'),
      `const nodeEnv = process.env.NODE_ENV;
export async function render(request) {
  return { status: 200, pipe(sink) { sink.write(request.template.replace('<div id="root"></div>', '<div id="root">' + nodeEnv + '</div>')); sink.end(); } };
}`,
    );
    env = await createTestEnv();
  });

  afterAll(async () => {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
    await env?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("loads React's production build even when NODE_ENV is not set (npm start)", async () => {
    delete process.env.NODE_ENV;
    const config = loadConfig({ WEB_DIST_DIR: join(dir, 'dist'), LOG_LEVEL: 'silent' });
    expect(config.services.nodeEnv).toBe('production');
    const app = await buildApp(config, { services: env.services, logger: false });
    try {
      const response = await app.inject({ method: 'GET', url: '/' });
      expect(response.body).toContain('<div id="root">production</div>');
    } finally {
      await app.close();
    }
  });
});
