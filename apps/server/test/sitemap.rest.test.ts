import {
  makeProduct,
  makeUser,
  makeVendor,
  type Product,
  ProductSchema,
  placeOrder,
  sessionTokenFor,
  type Vendor,
} from '@caps/api/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seoFilesPlugin } from '../src/plugins/seo-files.js';
import { bearer, createRestTestEnv, type RestTestEnv } from './harness.js';

// Issue 15: GET /robots.txt and GET /sitemap.xml. The sitemap lists exactly what the storefront shows
// (the catalogue's listed products, GET /api/vendors's shops) and the static pages, read when asked.

const PUBLIC_URL = 'https://caps.example.ng';
const STATIC_PAGES = ['/', '/browse-caps', '/shops', '/about', '/contact', '/terms', '/returns'];

let env: RestTestEnv;
let adminToken: string;
let kanoToken: string;
let kano: Vendor;
let ibadan: Vendor;
let kanoCaps: Product[];
let ibadanCap: Product;
let unlisted: Product[];

beforeAll(async () => {
  env = await createRestTestEnv({ publicUrl: PUBLIC_URL });
  const em = env.services.orm.em.fork();
  adminToken = await sessionTokenFor(env.services, (await makeUser(em, { role: 'admin' })).id);
  kano = await makeVendor(em, { shopName: 'Kano Sitemap Caps' });
  kanoToken = await sessionTokenFor(env.services, kano.user.id);
  ibadan = await makeVendor(em, { shopName: 'Ibadan Sitemap Fila' });
  kanoCaps = [];
  for (const name of ['Zanna Blue', 'Zanna Red', 'Zanna Ordered']) kanoCaps.push(await makeProduct(em, kano, { name }));
  ibadanCap = await makeProduct(em, ibadan, { name: 'Abeti Aja' });
  const pending = await makeVendor(em, { shopName: 'Pending Caps', verified: false });
  const suspended = await makeVendor(em, { shopName: 'Suspended Caps', suspended: true });
  unlisted = [
    await makeProduct(em, pending, { name: 'Pending Cap' }),
    await makeProduct(em, suspended, { name: 'Suspended Cap' }),
    await makeProduct(em, kano, { name: 'Archived Cap', archivedAt: new Date() }),
  ];
  // Ordered, so deleting it archives it.
  await placeOrder(em, (await makeUser(em)).id, kanoCaps[2] as Product, 'delivered');
});
afterAll(async () => env?.close());

const get = (url: string, headers: Record<string, string> = {}) => env.app.inject({ method: 'GET', url, headers });

/** Throws unless `xml` is one well-formed element after the XML declaration (tags nest, text is escaped). */
function expectWellFormed(xml: string): void {
  const declaration = '<?xml version="1.0" encoding="UTF-8"?>\n';
  expect(xml.startsWith(declaration)).toBe(true);
  const body = xml.slice(declaration.length);
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<&]*")*)\s*(\/?)>|([^<]+)/g;
  const open: string[] = [];
  let roots = 0;
  let read = 0;
  for (const match of body.matchAll(token)) {
    expect(match.index).toBe(read);
    read += match[0].length;
    const [, closing, name, , selfClosing, text] = match;
    if (text !== undefined) {
      expect(text).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)|>/);
      if (open.length === 0) expect(text.trim()).toBe('');
    } else if (closing) {
      expect(open.pop()).toBe(name);
    } else {
      if (open.length === 0) roots += 1;
      if (!selfClosing) open.push(name as string);
    }
  }
  expect([read, open, roots]).toEqual([body.length, [], 1]);
}

const unescapeXml = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|apos);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name] ?? '',
  );

/** The <url> entries of a urlset, checked for shape: each a <loc> and perhaps a <lastmod>, nothing else. */
function urlsOf(xml: string): { loc: string; lastmod?: string }[] {
  expectWellFormed(xml);
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)];
  expect(entries.length).toBe(xml.split('<url>').length - 1);
  return entries.map(([, loc, lastmod]) => ({ loc: unescapeXml(loc as string), ...(lastmod ? { lastmod } : {}) }));
}

async function sitemap() {
  const response = await get('/sitemap.xml');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  return urlsOf(response.body);
}

/** What the storefront shows: the catalogue's products and GET /api/vendors's shops, as page URLs. */
async function storefrontUrls(): Promise<string[]> {
  const products = (await get('/api/products?per_page=100')).json().data as { id: number }[];
  const shops = (await get('/api/vendors')).json() as { id: number }[];
  return [
    ...STATIC_PAGES.map((path) => `${PUBLIC_URL}${path}`),
    ...shops.map((shop) => `${PUBLIC_URL}/shop/${shop.id}`),
    ...products.map((product) => `${PUBLIC_URL}/product/${product.id}`),
  ].sort();
}

describe('GET /robots.txt', () => {
  it('answers text that lets the storefront in, keeps crawlers out of the private areas and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const line of [
      'Allow: /',
      'Allow: /api/images/',
      'Disallow: /api/',
      'Disallow: /trpc/',
      'Disallow: /cart',
      'Disallow: /checkout',
      'Disallow: /orders',
      'Disallow: /order/',
      'Disallow: /settings',
      'Disallow: /notifications',
      'Disallow: /vendor/',
      'Disallow: /admin/',
      'Disallow: /payment/',
      'Disallow: /auth',
      'Disallow: /backend-test',
      `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
    ]) {
      expect(lines).toContain(line);
    }
    for (const page of ['/product/', '/shop/', '/browse-caps', '/shops', '/about']) {
      expect(lines.filter((line) => line.startsWith('Disallow:') && page.startsWith(line.slice(10)))).toEqual([]);
    }
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the static pages, the listed shops and every listed product, absolute on PUBLIC_URL', async () => {
    const urls = await sitemap();
    const locs = urls.map((url) => url.loc);
    expect(new Set(locs).size).toBe(locs.length);
    expect([...locs].sort()).toEqual(await storefrontUrls());
    for (const path of [...STATIC_PAGES, `/shop/${kano.id}`, `/shop/${ibadan.id}`, `/product/${ibadanCap.id}`]) {
      expect(locs).toContain(`${PUBLIC_URL}${path}`);
    }
    for (const cap of unlisted) expect(locs).not.toContain(`${PUBLIC_URL}/product/${cap.id}`);
    expect(locs.filter((loc) => loc.includes('/shop/'))).toHaveLength(2);
    // lastmod: when the row last changed, to the second.
    const stored = await env.services.orm.em.fork().findOneOrFail(ProductSchema, { id: ibadanCap.id });
    expect(urls.find((url) => url.loc === `${PUBLIC_URL}/product/${ibadanCap.id}`)?.lastmod).toBe(
      stored.updatedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    );
    expect(urls.find((url) => url.loc === `${PUBLIC_URL}/about`)?.lastmod).toBeUndefined();
  });

  it('drops a shop and its caps once an admin suspends it, and a cap once it is removed', async () => {
    const first = await get('/sitemap.xml');
    const etag = String(first.headers.etag);
    expect((await get('/sitemap.xml', { 'if-none-match': etag })).statusCode).toBe(304);

    const suspend = await env.app.inject({
      method: 'POST',
      url: `/api/admin/vendors/${ibadan.id}/suspend`,
      headers: bearer(adminToken),
    });
    expect(suspend.statusCode).toBe(200);
    const changed = await get('/sitemap.xml', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    let locs = urlsOf(changed.body).map((url) => url.loc);
    expect(locs).not.toContain(`${PUBLIC_URL}/shop/${ibadan.id}`);
    expect(locs).not.toContain(`${PUBLIC_URL}/product/${ibadanCap.id}`);
    expect(locs).toContain(`${PUBLIC_URL}/shop/${kano.id}`);

    // Deleted outright, and archived (it was ordered): both gone.
    for (const cap of [kanoCaps[1], kanoCaps[2]] as Product[]) {
      const removed = await env.app.inject({
        method: 'DELETE',
        url: `/api/products/${cap.id}`,
        headers: bearer(kanoToken),
      });
      expect(removed.statusCode).toBeLessThan(300);
    }
    expect(
      (await env.services.orm.em.fork().findOneOrFail(ProductSchema, { id: kanoCaps[2]?.id })).archivedAt,
    ).not.toBe(null);
    locs = (await sitemap()).map((url) => url.loc);
    expect(locs).toContain(`${PUBLIC_URL}/product/${kanoCaps[0]?.id}`);
    for (const cap of [kanoCaps[1], kanoCaps[2]]) expect(locs).not.toContain(`${PUBLIC_URL}/product/${cap?.id}`);
    expect([...locs].sort()).toEqual(await storefrontUrls());

    const reinstate = await env.app.inject({
      method: 'POST',
      url: `/api/admin/vendors/${ibadan.id}/reinstate`,
      headers: bearer(adminToken),
    });
    expect(reinstate.statusCode).toBe(200);
    expect((await sitemap()).map((url) => url.loc)).toContain(`${PUBLIC_URL}/product/${ibadanCap.id}`);
  });
});

describe('a sitemap index past the page size', () => {
  let small: FastifyInstance;
  const base = 'https://caps.example.ng/shop&co';
  beforeAll(async () => {
    const em = env.services.orm.em.fork();
    for (let i = 0; i < 4; i++) await makeProduct(em, kano, { name: `Paged Cap ${i}` });
    small = Fastify({ logger: false });
    // The same database on another PUBLIC_URL (one that needs escaping), two URLs a sitemap.
    const services = { ...env.services, config: { ...env.services.config, publicUrl: base } };
    await small.register(seoFilesPlugin, { services, pageSize: 2 });
    await small.ready();
  });
  afterAll(async () => small?.close());

  it('points at pages of at most the page size that together list every URL once, escaped', async () => {
    const index = await small.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expectWellFormed(index.body);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index.body).toContain('https://caps.example.ng/shop&amp;co/sitemap-pages.xml');
    const sitemaps = [...index.body.matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map(([, loc]) =>
      unescapeXml(loc as string),
    );
    expect(sitemaps.length).toBe(index.body.split('<sitemap>').length - 1);
    const products = (await get('/api/products?per_page=100')).json().data.length as number;
    const shops = (await get('/api/vendors')).json().length as number;
    expect(sitemaps).toEqual([
      `${base}/sitemap-pages.xml`,
      ...Array.from({ length: Math.ceil(shops / 2) }, (_, i) => `${base}/sitemap-shops-${i + 1}.xml`),
      ...Array.from({ length: Math.ceil(products / 2) }, (_, i) => `${base}/sitemap-products-${i + 1}.xml`),
    ]);

    const all: string[] = [];
    for (const sitemap of sitemaps) {
      const page = await small.inject({ method: 'GET', url: sitemap.slice(base.length) });
      expect([sitemap, page.statusCode]).toEqual([sitemap, 200]);
      const urls = urlsOf(page.body).map((url) => url.loc);
      if (!sitemap.endsWith('-pages.xml')) expect(urls.length).toBeLessThanOrEqual(2);
      all.push(...urls);
    }
    expect(all.sort()).toEqual((await storefrontUrls()).map((url) => url.replace(PUBLIC_URL, base)));
  });

  it('answers 404 with a message for a page that is not there', async () => {
    for (const url of [
      '/sitemap-products-0.xml',
      '/sitemap-products-99.xml',
      '/sitemap-shops-abc.xml',
      '/sitemap-products-.xml',
    ]) {
      const response = await small.inject({ method: 'GET', url });
      expect([url, response.statusCode]).toEqual([url, 404]);
      expect(response.json().message).toBe('Not found');
    }
  });
});
