import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PassThrough, type Transform } from 'node:stream';
import { brotliDecompressSync, createBrotliDecompress, createGunzip, gunzipSync } from 'node:zlib';
import {
  CartItemSchema,
  createTestEnv,
  customerInput,
  makeProduct,
  makeVendor,
  sessionTokenFor,
  type TestEnv,
  type Vendor,
} from '@caps/api/testing';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { installCompression } from '../src/plugins/compression.js';
import { bearer, multipart } from './harness.js';

// Issue 15: how answers travel. The build's files precompressed by apps/web/scripts/precompress.mjs and sent
// as they are; other text answers compressed on the way (buffered or streamed, routes or the not-found
// handler); ETag and 304 on the catalogue's GET answers. The app serves a small built web app made here.

const PRECOMPRESS = resolve(import.meta.dirname, '../../web/scripts/precompress.mjs');
const METRICS_TOKEN = 'delivery-metrics-token';

let env: TestEnv;
let app: FastifyInstance;
let root: string;
let dist: string;
let shop: Vendor;
let vendorToken: string;
let productId: number;

/** Text that compresses well and is well above the 1 KB threshold. */
const indexHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Caps</title></head><body>${Array.from(
  { length: 60 },
  (_, i) => `<p>Hand-stitched cap number ${i} from Kano, Ibadan and Maiduguri.</p>`,
).join('')}<div id="root"></div></body></html>`;
const appJs = Array.from(
  { length: 400 },
  (_, i) => `export const cap${i} = { name: 'Fila ${i}', price: ${i * 100} };`,
).join('\n');
const tinyJs = 'export const tiny = 1;\n';
const faviconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${Array.from(
  { length: 30 },
  (_, i) => `<circle cx="${i * 2}" cy="${i * 2}" r="${i}" fill="#b91c1c"/>`,
).join('')}</svg>`;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'caps-delivery-'));
  dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), indexHtml);
  writeFileSync(join(dist, 'favicon.svg'), faviconSvg);
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), appJs);
  writeFileSync(join(dist, 'assets', 'app-abc123.js.map'), JSON.stringify({ version: 3, sources: [appJs] }));
  writeFileSync(join(dist, 'assets', 'tiny-abc123.js'), tinyJs);
  // A copy left by an earlier build of a file that is now too small to be worth one.
  writeFileSync(join(dist, 'assets', 'tiny-abc123.js.br'), 'stale');
  writeFileSync(join(dist, 'assets', 'photo-abc123.png'), Buffer.alloc(4096, 7));
  execFileSync(process.execPath, [PRECOMPRESS, dist], { stdio: 'pipe' });

  env = await createTestEnv();
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_DIST_DIR: dist,
    LOG_LEVEL: 'silent',
    METRICS_TOKEN,
  });
  app = await buildApp(config, { services: env.services, logger: false });
  await app.ready();

  const em = env.services.orm.em.fork();
  shop = await makeVendor(em, { shopName: 'Kano Delivery Caps' });
  vendorToken = await sessionTokenFor(env.services, shop.user.id);
  for (let i = 0; i < 30; i++) {
    productId = (
      await makeProduct(em, shop, {
        name: `Zanna Delivery Cap ${i}`,
        description: 'A hand-stitched zanna cap, delivered fast to phones on slow networks.',
        priceNaira: 5_000 + i * 250,
        stock: 20,
      })
    ).id;
  }
});
afterAll(async () => {
  await app?.close();
  await env?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = {}) => app.inject({ method: 'GET', url, headers });

/** The body as the browser reads it, whatever its Content-Encoding. */
function decoded(response: LightMyRequestResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return gunzipSync(response.rawPayload);
  expect(encoding).toBeUndefined();
  return response.rawPayload;
}

const varyOf = (response: LightMyRequestResponse) => String(response.headers.vary ?? '').toLowerCase();

describe('precompress.mjs', () => {
  it('writes .br and .gz beside the text files of at least 1 KB, only when smaller, and no others', () => {
    const file = join(dist, 'assets', 'app-abc123.js');
    const br = readFileSync(`${file}.br`);
    const gz = readFileSync(`${file}.gz`);
    expect(br.length).toBeLessThan(gz.length);
    expect(gz.length).toBeLessThan(appJs.length);
    expect(brotliDecompressSync(br).toString()).toBe(appJs);
    expect(gunzipSync(gz).toString()).toBe(appJs);
    expect(brotliDecompressSync(readFileSync(join(dist, 'index.html.br'))).toString()).toBe(indexHtml);
    expect(existsSync(join(dist, 'favicon.svg.br'))).toBe(true);
    // Too small (and its stale copy removed), a source map, a picture: none.
    for (const name of ['tiny-abc123.js', 'app-abc123.js.map', 'photo-abc123.png']) {
      for (const extension of ['.br', '.gz']) expect(existsSync(join(dist, 'assets', name + extension))).toBe(false);
    }
  });
});

describe('the built files', () => {
  it('sends the brotli copy to a browser that takes br, with Content-Encoding, Vary and a year of cache', async () => {
    const response = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(varyOf(response)).toContain('accept-encoding');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The file written at build time, byte for byte: not compressed a second time on the way.
    expect(response.rawPayload.equals(readFileSync(join(dist, 'assets', 'app-abc123.js.br')))).toBe(true);
    expect(decoded(response).toString()).toBe(appJs);
  });

  it('sends the gzip copy to a browser that takes only gzip, and the file itself to one that takes neither', async () => {
    const gzip = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(varyOf(gzip)).toContain('accept-encoding');
    expect(gzip.rawPayload.equals(readFileSync(join(dist, 'assets', 'app-abc123.js.gz')))).toBe(true);
    expect(decoded(gzip).toString()).toBe(appJs);

    const declined: Headers[] = [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }];
    for (const headers of declined) {
      const plain = await get('/assets/app-abc123.js', headers);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(varyOf(plain)).toContain('accept-encoding');
      expect(plain.body).toBe(appJs);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends small files as they are, and never a .br or .gz copy by its own name', async () => {
    const tiny = await get('/assets/tiny-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe(tinyJs);
    for (const url of ['/assets/app-abc123.js.br', '/assets/app-abc123.js.gz', '/assets/missing-abc123.js']) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect([url, response.statusCode]).toEqual([url, 404]);
      expect(response.json().message).toBe('Not found');
    }
    const picture = await get('/assets/photo-abc123.png', { 'accept-encoding': 'br, gzip' });
    expect([picture.statusCode, picture.headers['content-encoding']]).toEqual([200, undefined]);
  });

  it('revalidates the files that are not hashed: no-cache, ETag and Last-Modified, 304 when unchanged', async () => {
    const icon = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.headers['content-encoding']).toBe('br');
    expect(decoded(icon).toString()).toBe(faviconSvg);
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.headers['last-modified']).toBeTruthy();
    const etag = String(icon.headers.etag);
    expect(etag).toBeTruthy();
    const again = await get('/favicon.svg', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it("answers a page with the app's HTML, precompressed, else compressed on the way as a stream", async () => {
    const page = await get('/product/12', { 'accept-encoding': 'br' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(varyOf(page)).toContain('accept-encoding');
    expect(page.rawPayload.equals(readFileSync(join(dist, 'index.html.br')))).toBe(true);

    // Without the copies (a build that was not precompressed) the file is streamed through the compressor.
    rmSync(join(dist, 'index.html.br'));
    rmSync(join(dist, 'index.html.gz'));
    for (const encoding of ['br', 'gzip']) {
      const streamed = await get('/shops', { 'accept-encoding': encoding });
      expect(streamed.statusCode).toBe(200);
      expect(streamed.headers['content-encoding']).toBe(encoding);
      expect(varyOf(streamed)).toContain('accept-encoding');
      expect(decoded(streamed).toString()).toBe(indexHtml);
    }
    const plain = await get('/shops');
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, indexHtml]);
    const head = await app.inject({ method: 'HEAD', url: '/shops', headers: { 'accept-encoding': 'br' } });
    expect([head.statusCode, head.rawPayload.length]).toEqual([200, 0]);
  });

  it("serves the server's robots.txt, not a file of the build", async () => {
    const robots = await get('/robots.txt');
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain('Sitemap: ');
    expect(robots.body).not.toContain('Disallow: /\n');
  });
});

describe('compressed answers', () => {
  it('compresses a catalogue page as asked, byte-identical to the plain answer once decoded', async () => {
    const url = '/api/products?per_page=30';
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.json().total).toBe(30);
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
    ] as const) {
      const response = await get(url, { 'accept-encoding': accept });
      expect([accept, response.headers['content-encoding']]).toEqual([accept, encoding]);
      expect(varyOf(response)).toContain('accept-encoding');
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(decoded(response).equals(plain.rawPayload)).toBe(true);
    }
    for (const accept of ['identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const response = await get(url, { 'accept-encoding': accept });
      expect([accept, response.headers['content-encoding']]).toEqual([accept, undefined]);
      expect(response.rawPayload.equals(plain.rawPayload)).toBe(true);
    }
  });

  it('leaves answers under 1 KB as they are, error answers included', async () => {
    const small = await get('/api/products?per_page=1', { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    const missing = await get('/api/products/999999', { 'accept-encoding': 'br, gzip' });
    expect([missing.statusCode, missing.headers['content-encoding']]).toEqual([404, undefined]);
    expect(missing.json().message).toBe('Product not found');
    const refused = await get('/api/products?page=0', { 'accept-encoding': 'br, gzip' });
    expect(refused.statusCode).toBe(422);
    expect(typeof JSON.parse(decoded(refused).toString()).message).toBe('string');
    // tRPC answers with a fetch Response: a small one goes as it is too.
    const one = await get(`/trpc/catalogue.get?input=${encodeURIComponent(JSON.stringify({ id: productId }))}`, {
      'accept-encoding': 'br, gzip',
    });
    expect([one.statusCode, one.headers['content-encoding']]).toEqual([200, undefined]);
    expect(one.json().result.data.id).toBe(productId);
    const unknown = await get('/api/nothing-here', { 'accept-encoding': 'br, gzip' });
    expect(unknown.statusCode).toBe(404);
    expect(JSON.parse(decoded(unknown).toString()).message).toBe('Not found');
  });

  it('compresses tRPC answers the same way', async () => {
    const url = `/trpc/catalogue.list?input=${encodeURIComponent(JSON.stringify({ per_page: 30 }))}`;
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(url, { 'accept-encoding': 'br' });
    expect([br.statusCode, br.headers['content-encoding']]).toEqual([200, 'br']);
    expect(decoded(br).equals(plain.rawPayload)).toBe(true);
    expect(JSON.parse(decoded(br).toString()).result.data.total).toBe(30);
  });

  it('keeps HEAD, /metrics, uploads, images and the payment sandbox page working', async () => {
    const head = await app.inject({
      method: 'HEAD',
      url: '/api/products?per_page=30',
      headers: { 'accept-encoding': 'br' },
    });
    expect([head.statusCode, head.rawPayload.length]).toEqual([200, 0]);

    const metrics = await get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}`, 'accept-encoding': 'gzip' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-encoding']).toBe('gzip');
    expect(decoded(metrics).toString()).toContain('http_requests_total');

    // A multipart upload (its body is read as sent) answered compressed; its picture is never compressed.
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#7c2d12' } })
      .png()
      .toBuffer();
    const form = multipart(
      {
        name: 'Upload Delivery Cap',
        description: 'Sent as a form with a picture.',
        price: '9000',
        stock: '3',
        category: 'Hausa Caps',
        'sizes[0]': '57',
      },
      [{ field: 'images[0]', filename: 'cap.png', contentType: 'image/png', data: png }],
    );
    const created = await app.inject({
      method: 'POST',
      url: '/api/products',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(vendorToken), 'accept-encoding': 'br, gzip' },
    });
    expect(created.statusCode).toBe(201);
    const product = JSON.parse(decoded(created).toString());
    expect(product.name).toBe('Upload Delivery Cap');
    const picture = await get(product.images[0], { 'accept-encoding': 'br, gzip' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['content-encoding']).toBeUndefined();

    // The sandbox's hosted payment page, and its form posted back.
    const { token, user } = (
      await app.inject({ method: 'POST', url: '/api/register', payload: customerInput() })
    ).json();
    const em = env.services.orm.em.fork();
    em.create(CartItemSchema, { user: user.id, product: productId, size: '57', quantity: 1 });
    await em.flush();
    const order = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(token),
      payload: {
        shipping_address: '7 Damboa Road, Maiduguri, Borno 600001',
        items: [{ product_id: productId, quantity: 1, size: '57' }],
      },
    });
    expect(order.statusCode).toBe(201);
    const payment = await app.inject({
      method: 'POST',
      url: '/api/payment/initiate',
      headers: bearer(token),
      payload: { order_id: order.json().id },
    });
    expect(payment.statusCode).toBe(200);
    const page = await get(new URL(payment.json().url).pathname, { 'accept-encoding': 'br' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(decoded(page).toString()).toContain('<form method="post"');
    const paid = await app.inject({
      method: 'POST',
      url: new URL(payment.json().url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': 'br' },
      payload: 'card_number=4084084084084081',
    });
    expect(paid.statusCode).toBe(303);
  });
});

describe('revalidating the catalogue', () => {
  const trpcList = `/trpc/catalogue.list?input=${encodeURIComponent(JSON.stringify({ per_page: 50 }))}`;
  const catalogueUrls = () => [
    '/api/products?per_page=50',
    `/api/products/${productId}`,
    '/api/vendors',
    `/api/vendors/${shop.id}`,
    trpcList,
    `/trpc/catalogue.get,vendors.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { id: productId } }))}`,
  ];

  it('answers a repeated GET with 304 and no body, compressed or not', async () => {
    for (const url of catalogueUrls()) {
      const first = await get(url);
      expect([url, first.statusCode]).toEqual([url, 200]);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/".+"$/);
      // SHA-1 of the bytes of the JSON, as it has always been: tags clients hold stay valid.
      expect(etag).toBe(`W/"${createHash('sha1').update(decoded(first)).digest('base64url')}"`);
      expect(first.headers['cache-control']).toBe('no-cache');
      const conditional: Headers[] = [
        { 'if-none-match': etag },
        { 'if-none-match': `"other", ${etag}`, 'accept-encoding': 'br' },
      ];
      for (const headers of conditional) {
        const again = await get(url, headers);
        expect([url, again.statusCode, again.rawPayload.length]).toEqual([url, 304, 0]);
        expect(again.headers.etag).toBe(etag);
      }
      // The same ETag whether the answer travels compressed or not: it names the JSON.
      const compressed = await get(url, { 'accept-encoding': 'gzip' });
      expect(compressed.headers.etag).toBe(etag);
      const stale = await get(url, { 'if-none-match': 'W/"not-this-one"' });
      expect([url, stale.statusCode]).toEqual([url, 200]);
    }
  });

  it('gives a new ETag once a vendor changes a price, and keeps it where the answer did not change', async () => {
    const before = new Map<string, string>();
    for (const url of catalogueUrls()) before.set(url, String((await get(url)).headers.etag));
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/products/${productId}`,
      headers: bearer(vendorToken),
      payload: { price: 7_777 },
    });
    expect(edit.statusCode).toBe(200);
    for (const url of catalogueUrls()) {
      const after = await get(url, { 'if-none-match': before.get(url) as string });
      if (url.startsWith('/api/vendors')) {
        // A shop's answer shows no prices: unchanged, still 304.
        expect([url, after.statusCode]).toEqual([url, 304]);
        continue;
      }
      expect([url, after.statusCode]).toEqual([url, 200]);
      expect(after.headers.etag).not.toBe(before.get(url));
      expect(after.body).toContain('7777');
    }
  });

  it('gives no ETag to answers outside the catalogue, nor to a batch with a signed-in call', async () => {
    const profile = await get('/api/profile', bearer(vendorToken));
    expect(profile.statusCode).toBe(200);
    expect(profile.headers.etag).toBeUndefined();
    const batch = await get(
      `/trpc/catalogue.list,auth.me?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: {} }))}`,
      bearer(vendorToken),
    );
    expect(batch.statusCode).toBe(200);
    expect(batch.headers.etag).toBeUndefined();
    const missing = await get('/api/products/999999');
    expect([missing.statusCode, missing.headers.etag]).toEqual([404, undefined]);
  });
});

describe('a streamed page', () => {
  it('reaches the browser part by part, compressed: the first part before the page is finished', async () => {
    // As plugins/ssr.ts sends a rendered page: a stream, from the not-found handler.
    const server = Fastify({ logger: false });
    installCompression(server);
    const shell = `<!doctype html><html><body><header>${'Caps for every head. '.repeat(100)}</header>`;
    const rest = `<main>${'Zanna, fila and tagiya caps. '.repeat(100)}</main></body></html>`;
    let finish = () => {};
    server.setNotFoundHandler(async (_request, reply) => {
      const body = new PassThrough();
      body.write(shell);
      finish = () => body.end(rest);
      return reply.type('text/html; charset=utf-8').send(body);
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address() as { port: number };
    try {
      for (const [encoding, decoder] of [
        ['br', createBrotliDecompress],
        ['gzip', createGunzip],
      ] as [string, () => Transform][]) {
        const request = httpRequest({ port, path: '/product/1', headers: { 'accept-encoding': encoding } });
        request.end();
        const [response] = (await once(request, 'response')) as [IncomingMessage];
        expect(response.headers['content-encoding']).toBe(encoding);
        let text = '';
        const decoding = response.pipe(decoder());
        decoding.setEncoding('utf8');
        // The page is finished only once its first part has been read: a compressor that held it back
        // until the end would never let this happen.
        const shellRead = new Promise<void>((resolve) => {
          decoding.on('data', (chunk: string) => {
            text += chunk;
            if (text.includes('</header>')) resolve();
          });
        });
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`${encoding}: the first part did not arrive alone`)), 5_000);
        });
        await Promise.race([shellRead, late]).finally(() => clearTimeout(timer));
        expect(text).toBe(shell);
        finish();
        await once(decoding, 'end');
        expect(text).toBe(shell + rest);
      }
    } finally {
      finish();
      await server.close();
    }
  });
});
