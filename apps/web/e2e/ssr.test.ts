import { formatNaira } from '@caps/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, type E2eEnv, startE2eEnv } from './harness';
import { DEMO_START_TIMEOUT_MS } from './steps';

/** The fields of GET /api/products/{id} these tests read. */
interface Product {
  id: number;
  name: string;
  price: number;
  images: string[];
  rating: number;
  total_reviews: number;
  in_stock: boolean;
  vendor_id: number;
}

/** The HTML text of a value, as React writes it into a page (enough for names with &, <, >, quotes). */
function htmlText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Every JSON-LD node of a page, parsed. */
function jsonLdOf(html: string): Record<string, unknown>[] {
  const nodes: Record<string, unknown>[] = [];
  for (const match of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    const parsed: unknown = JSON.parse(match[1] ?? 'null');
    for (const node of Array.isArray(parsed) ? parsed : [parsed]) {
      const graph = (node as { '@graph'?: unknown[] })['@graph'];
      nodes.push(...((graph ?? [node]) as Record<string, unknown>[]));
    }
  }
  return nodes;
}

/** The content of <meta property|name="key">. */
function metaOf(html: string, key: string): string | null {
  const tag = new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return tag?.[1] ?? null;
}

/** tRPC catalogue calls a page makes: a hydrated server-rendered page makes none for what it was rendered with. */
function catalogueCallsOf(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = decodeURIComponent(request.url());
    if (url.includes('/trpc/') && /catalogue\.|vendors\.|reviews\./.test(url)) calls.push(url);
  });
  return calls;
}

/**
 * Console errors, and messages that say server HTML and the browser's first render differed (React reports a
 * mismatch, or a part the server could not finish, as a recoverable error in the console).
 */
function hydrationWarningsOf(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat|did not match|server rendered|mismatch|#41[89]/i.test(message.text())) {
      warnings.push(message.text());
    }
  });
  page.on('pageerror', (error) => warnings.push(`uncaught: ${error.message}`));
  return warnings;
}

describe.skipIf(!browserAvailable())('server-rendered storefront', () => {
  let env: E2eEnv;
  let product: Product;
  let shopName: string;

  beforeAll(async () => {
    env = await startE2eEnv({ demoData: true });
    const list = (await (await fetch(`${env.baseUrl}/api/products?sort=rating`)).json()) as { data: Product[] };
    const reviewed = list.data.find((candidate) => candidate.total_reviews > 0 && candidate.images.length > 0);
    if (!reviewed) throw new Error('The demo data has no reviewed cap with a picture');
    product = reviewed;
    const shop = (await (await fetch(`${env.baseUrl}/api/vendors/${product.vendor_id}`)).json()) as {
      shop_name: string;
    };
    shopName = shop.shop_name;
  }, DEMO_START_TIMEOUT_MS);

  afterAll(async () => {
    await env?.close();
  });

  it('sends a product page with its name, price, picture, Open Graph tags and a valid JSON-LD Product', async () => {
    const response = await fetch(`${env.baseUrl}/product/${product.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    const body = html.slice(html.indexOf('<div id="root">'));

    expect(body).toContain(htmlText(product.name));
    expect(body).toContain(formatNaira(product.price));
    const picture = product.images[0] ?? '';
    const pictureName = picture.slice(picture.lastIndexOf('/') + 1, -'.webp'.length);
    expect(body).toMatch(new RegExp(`<img[^>]+/api/images/${pictureName}`));

    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<title>${htmlText(product.name)} | Caps Marketplace</title>`);
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(metaOf(head, 'og:image')).toMatch(new RegExp(`^${env.baseUrl}/api/images/${pictureName}`));
    expect(metaOf(head, 'og:title')).toContain(formatNaira(product.price));
    expect(metaOf(head, 'description')).toBeTruthy();
    expect(head).toContain(`<link rel="canonical" href="${env.baseUrl}/product/${product.id}"/>`);
    // On a slow link the cap's picture is asked for before the app's JavaScript.
    const preload = head.search(new RegExp(`<link rel="preload" as="image"[^>]*${pictureName}`));
    expect(preload).toBeGreaterThan(0);
    // The stylesheet travels inside the page (no second round trip before the first paint), after the preload.
    expect(head).not.toContain('<link rel="stylesheet"');
    expect(preload).toBeLessThan(head.indexOf('<style>'));
    expect(head).not.toContain('rel="modulepreload"');
    // ...and the app is loaded by a small first script, which names the app's entry and the page's own chunk.
    const boot =
      /<script type="module" crossorigin src="\/assets\/boot-[\w-]+\.js" data-app="\/assets\/index-[\w-]+\.js" data-page-chunk="\/assets\/product-page-[\w-]+\.js"><\/script>/;
    expect(head).toMatch(boot);
    expect(head).not.toMatch(/<script type="module" crossorigin src="\/assets\/index-/);

    const nodes = jsonLdOf(html);
    const ld = nodes.find((node) => node['@type'] === 'Product');
    expect(ld).toBeDefined();
    expect(ld?.['@context'] ?? nodes[0]?.['@context']).toBeDefined();
    expect(ld?.name).toBe(product.name);
    const offers = ld?.offers as Record<string, unknown>;
    expect(offers['@type']).toBe('Offer');
    expect(offers.priceCurrency).toBe('NGN');
    expect(Number(offers.price)).toBe(product.price);
    expect(offers.availability).toBe(product.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock');
    const rating = ld?.aggregateRating as Record<string, unknown>;
    expect(rating['@type']).toBe('AggregateRating');
    expect(Number(rating.reviewCount)).toBe(product.total_reviews);
    expect(Number(rating.ratingValue)).toBeCloseTo(product.rating, 1);
    for (const image of (ld?.image ?? []) as string[]) expect(image).toMatch(/^http:\/\//);
    expect(nodes.some((node) => node['@type'] === 'BreadcrumbList')).toBe(true);

    // The data the page was rendered from travels with it, for hydration.
    expect(html).toContain('<script type="application/json" id="page-state">');
  });

  it('answers 404 with the not-found page for an unknown cap, shop or address', async () => {
    for (const [path, text] of [
      ['/product/99999999', 'Product Not Found'],
      ['/product/not-a-number', 'Product Not Found'],
      ['/shop/99999999', 'Shop Not Found'],
      ['/no-such-page', 'Return to Home'],
    ] as const) {
      const response = await fetch(`${env.baseUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await response.text();
      expect(html, path).toContain(text);
      expect(html, path).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  it('renders the home, browse and shop pages on the server', async () => {
    const home = await (await fetch(`${env.baseUrl}/`)).text();
    expect(jsonLdOf(home).some((node) => node['@type'] === 'Organization')).toBe(true);
    expect(home).toMatch(/<a [^>]*href="\/product\/\d+"/);

    const browse = await fetch(`${env.baseUrl}/browse-caps?category=${encodeURIComponent('Hausa Caps')}`);
    expect(browse.status).toBe(200);
    const browseHtml = await browse.text();
    expect(browseHtml).toMatch(/<a [^>]*href="\/product\/\d+"/);
    expect(browseHtml).toContain('Hausa Caps');

    const shop = await fetch(`${env.baseUrl}/shop/${product.vendor_id}`);
    expect(shop.status).toBe(200);
    const shopHtml = await shop.text();
    expect(shopHtml).toContain(htmlText(shopName));
    expect(shopHtml).toContain(`href="/product/${product.id}"`);
  });

  it('hydrates the server-rendered pages without a mismatch or a second fetch, and then works', async () => {
    for (const path of ['/', '/browse-caps', `/shop/${product.vendor_id}`, `/product/${product.id}`]) {
      const page = await env.newPage({ width: 412, height: 823 });
      const warnings = hydrationWarningsOf(page);
      const calls = catalogueCallsOf(page);
      await page.goto(path);
      // The load event waits for the app: React has taken the server's HTML by then, and keeps a click.
      expect(
        await page.evaluate(() =>
          Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__react')),
        ),
        path,
      ).toBe(true);
      await page.waitForLoadState('networkidle');
      // Hydrated: React has attached its handlers to the server's HTML.
      await expect
        .poll(() => page.evaluate(() => Object.keys(document.getElementById('root')?.firstElementChild ?? {}).length))
        .toBeGreaterThan(0);
      expect(warnings, path).toEqual([]);
      expect(calls, path).toEqual([]);
      await page.context().close();
    }

    // The hydrated product page responds: the quantity goes up, a click on the header's link navigates in the app.
    const page = await env.newPage({ width: 412, height: 823 });
    await page.goto(`/product/${product.id}`, { waitUntil: 'networkidle' });
    const form = page.getByRole('form', { name: 'Add to cart' });
    const quantity = form.locator('input[inputmode="numeric"]');
    await form.getByRole('button', { name: /increase quantity/i }).click();
    await expect.poll(() => quantity.inputValue()).toBe('2');
    await env.screenshot(page, 'ssr-product-hydrated');
    await page.context().close();
  });

  it("asks for the app once the page's picture has come, and its load event waits for the app", async () => {
    const isApp = (url: string) => /\/assets\/(index|product-page)-[\w-]+\.js$/.test(url);
    const isPicture = (url: string | URL) =>
      String(url).includes(`/api/images/${product.images[0]?.split('/').pop()?.slice(0, 32)}`);
    const hydratedAtLoad = (page: Page) =>
      page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__react')));

    // The picture first: the app's scripts are asked for only after it has been received and shown.
    const page = await env.newPage({ width: 412, height: 823 });
    // When the browser showed the picture (its Element Timing report) and when the app's entry joined the document.
    await page.addInitScript(() => {
      const times = { shown: Number.NaN, appAdded: Number.NaN };
      Object.assign(window, { __bootTimes: times });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { renderTime: number; identifier: string })[]) {
          if (entry.identifier === 'main-picture') times.shown = entry.renderTime;
        }
      }).observe({ type: 'element', buffered: true });
      new MutationObserver(() => {
        if (Number.isNaN(times.appAdded) && document.querySelector('script[src*="/assets/index-"]')) {
          times.appAdded = performance.now();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const order: string[] = [];
    page.on('requestfinished', (request) => {
      if (isPicture(request.url())) order.push('picture received');
    });
    page.on('request', (request) => {
      if (isApp(request.url())) order.push('app asked for');
    });
    await page.goto(`/product/${product.id}`);
    expect(order[0]).toBe('picture received');
    expect(order.filter((step) => step === 'app asked for')).toHaveLength(2);
    const times = await page.evaluate(
      () => (window as unknown as { __bootTimes: { shown: number; appAdded: number } }).__bootTimes,
    );
    expect(times.shown).toBeGreaterThan(0);
    expect(times.appAdded).toBeGreaterThanOrEqual(times.shown);
    expect(await hydratedAtLoad(page)).toBe(true);
    await page.context().close();

    // A picture that cannot be loaded does not hold the app back.
    const broken = await env.newPage({ width: 412, height: 823 });
    await broken.route(isPicture, (route) => route.abort());
    await broken.goto(`/product/${product.id}`);
    expect(await hydratedAtLoad(broken)).toBe(true);
    await broken.context().close();

    // A visitor who presses a key while the picture is still coming gets the app at once.
    const slow = await env.newPage({ width: 412, height: 823 });
    let releasePicture = () => {};
    const pictureHeld = new Promise<void>((resolve) => {
      releasePicture = resolve;
    });
    await slow.route(isPicture, async (route) => {
      await pictureHeld;
      await route.continue();
    });
    const appAskedFor = slow.waitForRequest((request) => isApp(request.url()));
    await slow.goto(`/product/${product.id}`, { waitUntil: 'domcontentloaded' });
    await slow.keyboard.press('Tab');
    await appAskedFor;
    await expect.poll(() => hydratedAtLoad(slow)).toBe(true);
    releasePicture();
    await slow.context().close();
  });

  it('keeps a click made while a slow phone is still hydrating the page', async () => {
    const page = await env.newPage({ width: 412, height: 823 });
    // A mid-range phone: the CPU four times slower, so hydration (done in slices) is still going on.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`/product/${product.id}`);
    const form = page.getByRole('form', { name: 'Add to cart' });
    await form.getByRole('button', { name: /increase quantity/i }).click();
    await expect.poll(() => form.locator('input[inputmode="numeric"]').inputValue()).toBe('2');
    expect(env.pageErrors).toEqual([]);
    await page.context().close();
  });

  it('shows a product, the browse page and a shop with JavaScript turned off', async () => {
    const context = await env.browser.newContext({ baseURL: env.baseUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/product/${product.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(product.name);
    expect(await page.locator('main').textContent()).toContain(`Price: ${formatNaira(product.price)}`);
    expect(await page.locator('noscript').count()).toBeGreaterThan(0);

    await page.goto('/browse-caps');
    const firstCap = page.locator('main a[href^="/product/"]').first();
    const href = await firstCap.getAttribute('href');
    await firstCap.click();
    await page.waitForURL(`**${href}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBeTruthy();

    await page.goto(`/shop/${product.vendor_id}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(shopName);
    await env.screenshot(page, 'ssr-shop-no-javascript');

    // A page only the browser renders says so, and points to the pages that work.
    await page.goto('/cart');
    expect(await page.locator('#root').innerText()).toContain('This page needs JavaScript');
    expect(await page.locator('#root a[href="/browse-caps"]').count()).toBe(1);
    await context.close();
  });
});
