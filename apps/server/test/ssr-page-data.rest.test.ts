import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import {
  createTestEnv,
  makeProduct,
  makeUser,
  makeVendor,
  type Product,
  ReviewSchema,
  type TestEnv,
  type Vendor,
} from '@caps/api/testing';
import { formatNaira } from '@caps/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

/**
 * Finding 4 of the second outside probe (issue 25): page data must never be read as a String.replace pattern.
 * `$\``, `$&` and `$'` in a replacement string copy the text before, the match, and the text after; `$$`, `$1`
 * and `$<name>` are the other special sequences. Every text a rendered page carries holds all of them, and the
 * real renderer (apps/web/src/entry-server.tsx, built here from source) renders every storefront page.
 */
const DOLLARS = "$` $& $' $$ $1 $<name>";
const withDollars = (label: string) => `${label} ${DOLLARS} end`;

const TEXT = {
  capName: withDollars('Cap'),
  capDescription: withDollars('A cap described with'),
  shopName: withDollars('Shop'),
  shopDescription: withDollars('A shop described with'),
  address: withDollars('1 Dollar Street'),
  reviewer: withDollars('Ade'),
  capReview: withDollars('Fine stitching, and'),
  shopReview: withDollars('Quick delivery, and'),
};

const WEB_DIR = resolve(import.meta.dirname, '../../web');
const REPO_ROOT = resolve(WEB_DIR, '../..');

/** A text as React writes it into HTML, in an element or an attribute. */
function htmlText(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

function count(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

function metaContent(html: string, property: string): string[] {
  return [...html.matchAll(new RegExp(`<meta property="${property}" content="([^"]*)"`, 'g'))].map(
    (match) => match[1] ?? '',
  );
}

/** The page-state script's JSON, parsed (throws when it does not parse). */
function pageStateOf(html: string): unknown {
  const scripts = [...html.matchAll(/<script type="application\/json" id="page-state">([\s\S]*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]?.[1] ?? '');
}

describe('server-rendered pages carry page data as text, never as a replacement pattern', () => {
  let env: TestEnv;
  let app: FastifyInstance;
  let dir: string;
  let shop: Vendor;
  let cap: Product;

  beforeAll(async () => {
    // The renderer's build lives under node_modules so its externals (react, react-dom) resolve from the repo.
    mkdirSync(join(REPO_ROOT, 'node_modules', '.cache'), { recursive: true });
    dir = mkdtempSync(join(REPO_ROOT, 'node_modules', '.cache', 'caps-ssr-data-'));
    mkdirSync(join(dir, 'dist'));
    // The source index.html is the template: what the renderer does to the built one's head is not at issue here.
    copyFileSync(join(WEB_DIR, 'index.html'), join(dir, 'dist', 'index.html'));
    const vite = join(createRequire(import.meta.url).resolve('vite/package.json'), '..', 'bin', 'vite.js');
    execFileSync(
      process.execPath,
      [vite, 'build', '--ssr', 'src/entry-server.tsx', '--outDir', join(dir, 'dist-ssr'), '--logLevel', 'error'],
      { cwd: WEB_DIR, stdio: 'pipe' },
    );

    env = await createTestEnv();
    const em = env.services.orm.em.fork();
    shop = await makeVendor(em, { shopName: TEXT.shopName });
    shop.shopDescription = TEXT.shopDescription;
    shop.address = TEXT.address;
    cap = await makeProduct(em, shop, { name: TEXT.capName, description: TEXT.capDescription, priceNaira: 12_500 });
    const reviewer = await makeUser(em, { fullName: TEXT.reviewer });
    em.create(ReviewSchema, {
      user: reviewer,
      product: cap,
      vendor: shop,
      rating: 5,
      comment: TEXT.capReview,
      verifiedPurchase: true,
    });
    em.create(ReviewSchema, {
      user: reviewer,
      product: null,
      vendor: shop,
      rating: 4,
      comment: TEXT.shopReview,
      verifiedPurchase: true,
    });
    cap.ratingAverage = 5;
    cap.ratingCount = 1;
    cap.reviewRatings = '5';
    await em.flush();

    const config = loadConfig({
      NODE_ENV: 'test',
      WEB_DIST_DIR: join(dir, 'dist'),
      WEB_SSR_DIR: join(dir, 'dist-ssr'),
      LOG_LEVEL: 'silent',
    });
    app = await buildApp(config, { services: env.services, logger: false });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await env?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The page, checked whole: one document, one head, a page state that parses and holds the texts as they are. */
  async function rendered(url: string, texts: string[]): Promise<string> {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    const html = response.body;
    expect(count(html.toLowerCase(), '<!doctype html>'), url).toBe(1);
    expect(count(html, '<head>'), url).toBe(1);
    expect(count(html, '</head>'), url).toBe(1);
    expect(count(html, '</body>'), url).toBe(1);
    expect(count(html, '</html>'), url).toBe(1);
    expect(html.trimEnd().endsWith('</html>'), url).toBe(true);
    const state = JSON.stringify(pageStateOf(html));
    for (const text of texts) {
      // In the page as text React escaped, and in the page state as the data itself.
      expect(html, `${url}: ${text}`).toContain(htmlText(text));
      expect(state, `${url}: ${text}`).toContain(JSON.stringify(text));
    }
    return html;
  }

  it('the cap page: one head, og:title the cap’s name and price, every text literally', async () => {
    const html = await rendered(`/product/${cap.id}`, [
      TEXT.capName,
      TEXT.capDescription,
      TEXT.shopName,
      TEXT.reviewer,
      TEXT.capReview,
    ]);
    const title = htmlText(`${TEXT.capName} – ${formatNaira(12_500)}`);
    expect(metaContent(html, 'og:title')).toEqual([title]);
    expect(html).toContain(`<title>${htmlText(`${TEXT.capName} | Caps Marketplace`)}</title>`);
  });

  it('the shop page: one head, og:title the shop’s name, every text literally', async () => {
    const html = await rendered(`/shop/${shop.id}`, [
      TEXT.shopName,
      TEXT.shopDescription,
      TEXT.address,
      TEXT.capName,
      TEXT.shopReview,
    ]);
    expect(metaContent(html, 'og:title')).toEqual([htmlText(TEXT.shopName)]);
  });

  it('the home page, Browse Caps and the shops list carry the names literally', async () => {
    await rendered('/', [TEXT.capName, TEXT.shopName]);
    await rendered('/browse-caps', [TEXT.capName]);
    await rendered('/shops', [TEXT.shopName, TEXT.shopDescription, TEXT.address]);
  });
});
