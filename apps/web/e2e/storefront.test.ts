import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, type E2eEnv, startE2eEnv } from './harness';
import { DEMO_START_TIMEOUT_MS } from './steps';

interface ListedProduct {
  id: number;
  name: string;
  stock: number;
  price: number;
}

/** Console errors of a page, to assert that a journey ran cleanly. */
function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** "₦24,500" → 24500. */
function parseNaira(text: string): number {
  return Number(text.replace(/[₦,\s]/g, ''));
}

/** The cap list of /browse-caps once no request is on its way. */
async function settledResults(page: Page): Promise<Locator> {
  await page.locator('section[aria-label="Results"][aria-busy="false"]').waitFor();
  return page.getByRole('region', { name: 'Results' });
}

/** Waits for the catalogue call whose input contains every given fragment, e.g. `"page":2`. */
function catalogueResponse(page: Page, ...fragments: string[]) {
  return page.waitForResponse((response) => {
    const url = decodeURIComponent(response.url());
    return url.includes('catalogue.list') && fragments.every((fragment) => url.includes(fragment));
  });
}

async function shownPrices(results: Locator): Promise<number[]> {
  const texts = await results
    .getByRole('listitem')
    .getByText(/^₦[\d,]+$/)
    .allTextContents();
  return texts.map(parseNaira);
}

async function cardNames(results: Locator): Promise<string[]> {
  return results.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
}

/** "Showing 12 of 150 caps" → { shown: 12, total: 150 }. */
async function showing(page: Page): Promise<{ shown: number; total: number }> {
  const text = (await page.getByText(/^Showing \d+ of \d+ caps?$/).textContent()) ?? '';
  const [, shown, total] = /Showing (\d+) of (\d+)/.exec(text) ?? [];
  return { shown: Number(shown), total: Number(total) };
}

/** Scrolls through the page so lazy pictures load before a full-page screenshot. */
async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((done) => setTimeout(done, 80));
    }
  });
  await page.waitForLoadState('networkidle');
}

/** "Rated 4.8 out of 5, 6 reviews" → 4.8, for each shop card shown. */
async function shopRatings(page: Page): Promise<number[]> {
  const labels = await page
    .getByRole('list', { name: 'Shops' })
    .getByRole('img', { name: /^Rated / })
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? ''));
  return labels.map((label) => Number(/Rated ([\d.]+)/.exec(label)?.[1]));
}

describe.skipIf(!browserAvailable())('storefront journeys in the browser', () => {
  let env: E2eEnv;
  const catalogue: ListedProduct[] = [];

  beforeAll(async () => {
    env = await startE2eEnv({ demoData: true });
    // The whole public catalogue, to pick test subjects (an out-of-stock cap) the way a customer would see them.
    for (let page = 1; ; page++) {
      const input = encodeURIComponent(JSON.stringify({ page, per_page: 100 }));
      const response = await fetch(`${env.baseUrl}/trpc/catalogue.list?input=${input}`);
      const body = (await response.json()) as {
        result: { data: { data: ListedProduct[]; last_page: number } };
      };
      catalogue.push(...body.result.data.data);
      if (page >= body.result.data.last_page) break;
    }
  }, DEMO_START_TIMEOUT_MS);

  afterAll(async () => {
    await env?.close();
  });

  it('home shows 8 featured caps, 4 featured shops, and Refresh asks the server again', async () => {
    const page = await env.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Traditional Nigerian Caps' }).waitFor();
    await page.getByRole('link', { name: 'Browse Caps' }).first().waitFor();
    await page.getByRole('link', { name: 'Start Selling' }).waitFor();

    const caps = page.getByRole('list', { name: 'Featured caps' });
    await caps.waitFor();
    expect(await caps.getByRole('article').count()).toBe(8);
    const shops = page.getByRole('list', { name: 'Featured shops' });
    await shops.waitFor();
    expect(await shops.getByRole('article').count()).toBe(4);
    expect(await shops.getByText('Verified').count()).toBe(4);
    expect(await page.getByRole('link', { name: 'View All Caps' }).getAttribute('href')).toBe('/browse-caps');
    expect(await page.getByRole('link', { name: 'View All Shops' }).getAttribute('href')).toBe('/shops');

    const again = catalogueResponse(page, '"per_page":8');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await again;
    await page.getByRole('button', { name: 'Refresh' }).and(page.locator(':enabled')).waitFor();
    expect(await caps.getByRole('article').count()).toBe(8);

    // View Details opens the cap's page.
    const firstInStock = caps.getByRole('link', { name: /^View Details/ }).first();
    const href = await firstInStock.getAttribute('href');
    expect(href).toMatch(/^\/product\/\d+$/);
    expect(errors).toEqual([]);
  });

  it('search narrows the catalogue and is kept in the address', async () => {
    const page = await env.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto('/browse-caps');
    await page.getByRole('heading', { level: 1, name: 'Browse All Caps' }).waitFor();
    let results = await settledResults(page);
    const all = await showing(page);
    expect(all.shown).toBe(12);
    expect(await results.getByRole('article').count()).toBe(12);
    await page.getByText(`Page 1 of ${Math.ceil(all.total / 12)}`).waitFor();

    const searched = catalogueResponse(page, '"search":"abeti"');
    await page.getByLabel('Search caps').fill('abeti');
    await searched;
    await page.waitForURL(/[?&]search=abeti/);
    results = await settledResults(page);
    const narrowed = await showing(page);
    expect(narrowed.total).toBeGreaterThan(0);
    expect(narrowed.total).toBeLessThan(all.total);
    for (const text of await results.getByRole('article').allTextContents()) {
      expect(text.toLowerCase()).toContain('abeti');
    }
    expect(errors).toEqual([]);
  });

  it('category, price band and sort go into the address, filter on the server, and survive reload and Back', async () => {
    const page = await env.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto('/browse-caps');
    await settledResults(page);
    const all = await showing(page);

    let response = catalogueResponse(page, '"category":"Yoruba Caps"');
    await page.getByLabel('Category').selectOption('Yoruba Caps');
    await response;
    await page.waitForURL(/category=Yoruba\+Caps/);
    let results = await settledResults(page);
    const yoruba = await showing(page);
    expect(yoruba.total).toBeLessThan(all.total);
    for (const badge of await results.getByRole('article').allTextContents()) expect(badge).toContain('Yoruba Caps');

    response = catalogueResponse(page, '"price":"20000-50000"');
    await page.getByLabel('Price range').selectOption('20000-50000');
    await response;
    await page.waitForURL(/price=20000-50000/);
    results = await settledResults(page);
    const banded = await shownPrices(results);
    expect(banded.length).toBeGreaterThan(0);
    for (const price of banded) {
      expect(price).toBeGreaterThanOrEqual(20_000);
      expect(price).toBeLessThanOrEqual(50_000);
    }

    response = catalogueResponse(page, '"sort":"price-high"');
    await page.getByLabel('Sort by').selectOption('price-high');
    await response;
    await page.waitForURL(/sort=price-high/);
    results = await settledResults(page);
    const sorted = await shownPrices(results);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      category: 'Yoruba Caps',
      price: '20000-50000',
      sort: 'price-high',
    });

    // A reload restores every control and the same list.
    await page.reload();
    results = await settledResults(page);
    expect(await page.getByLabel('Category').inputValue()).toBe('Yoruba Caps');
    expect(await page.getByLabel('Price range').inputValue()).toBe('20000-50000');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price-high');
    expect(await shownPrices(results)).toEqual(sorted);

    // Back undoes the sort, then the price band.
    await page.goBack();
    await page.waitForURL((address) => !address.searchParams.has('sort'));
    await settledResults(page);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('newest');
    await page.goBack();
    await page.waitForURL((address) => !address.searchParams.has('price'));
    results = await settledResults(page);
    expect(await page.getByLabel('Price range').inputValue()).toBe('all');
    expect((await showing(page)).total).toBe(yoruba.total);
    expect(errors).toEqual([]);
  });

  it('pages through the catalogue with a window of 5 page links, Previous and Next', async () => {
    const page = await env.newPage({ width: 390, height: 844 });
    const errors = collectConsoleErrors(page);
    await page.goto('/browse-caps?sort=price-low');
    let results = await settledResults(page);
    const total = (await showing(page)).total;
    const lastPage = Math.ceil(total / 12);
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    expect(await pagination.getByRole('link', { name: /^Page \d+$/ }).count()).toBe(Math.min(5, lastPage));
    expect(await pagination.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(await pagination.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    const pageOne = await shownPrices(results);
    const pageOneNames = await cardNames(results);

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const response = catalogueResponse(page, '"page":2');
    await pagination.getByRole('link', { name: 'Page 2' }).click();
    await response;
    await page.waitForURL(/page=2/);
    results = await settledResults(page);
    await page.getByText(`Page 2 of ${lastPage}`).waitFor();
    expect(await pagination.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    const pageTwo = await shownPrices(results);
    expect(Math.min(...pageTwo)).toBeGreaterThanOrEqual(Math.max(...pageOne));
    expect(await cardNames(results)).not.toEqual(pageOneNames);
    // The view went back to the top of the list.
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(200);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('price-low');

    await page.reload();
    await settledResults(page);
    await page.getByText(`Page 2 of ${lastPage}`).waitFor();

    await page.goBack();
    await page.waitForURL((address) => !address.searchParams.has('page'));
    await page.getByText(`Page 1 of ${lastPage}`).waitFor();

    // The last page: Next is disabled.
    await page.goto(`/browse-caps?page=${lastPage}`);
    await settledResults(page);
    expect(await pagination.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await pagination.getByRole('link', { name: /^Page \d+$/ }).count()).toBe(Math.min(5, lastPage));
    expect(errors).toEqual([]);
  });

  it('treats query-string values it does not understand as the defaults', async () => {
    const page = await env.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto('/browse-caps?page=abc&category=Hats&price=cheap&sort=random');
    await page.waitForURL((address) => address.search === '');
    await settledResults(page);
    await page.getByText(/^Page 1 of \d+$/).waitFor();
    expect(await page.getByLabel('Category').inputValue()).toBe('all');
    expect((await showing(page)).shown).toBe(12);
    expect(errors).toEqual([]);
  });

  it('Clear Filters brings back the whole catalogue after a search without hits', async () => {
    const page = await env.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto('/browse-caps?category=Igbo+Caps&search=qqqzzznothing');
    await settledResults(page);
    await page.getByText('No caps found').waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await page.waitForURL((address) => address.search === '');
    await settledResults(page);
    expect((await showing(page)).shown).toBe(12);
    expect(await page.getByLabel('Search caps').inputValue()).toBe('');
    expect(await page.getByLabel('Category').inputValue()).toBe('all');
    expect(errors).toEqual([]);
  });

  it('an out-of-stock cap shows Out of Stock and cannot be opened', async () => {
    const soldOut = catalogue.find((product) => product.stock === 0);
    expect(soldOut, 'the demo data has out-of-stock caps').toBeDefined();
    if (!soldOut) return;
    const page = await env.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`/browse-caps?search=${encodeURIComponent(soldOut.name)}`);
    const results = await settledResults(page);
    const card = results.getByRole('article', { name: soldOut.name, exact: true });
    await card.waitFor();
    await card.getByText('Out of Stock').waitFor();
    expect(await card.getByRole('button', { name: 'View Details' }).isDisabled()).toBe(true);
    await expect.poll(() => card.getByRole('link', { name: /View Details/ }).count()).toBe(0);
    // The shop line still leads to the shop.
    expect(await card.getByRole('link').first().getAttribute('href')).toMatch(/^\/shop\/\d+$/);
    expect(errors).toEqual([]);
  });

  it('shops: search and the Filters panel narrow the list; no hits say so', async () => {
    const page = await env.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto('/shops');
    await page.getByRole('heading', { level: 1, name: 'Browse Shops' }).waitFor();
    const list = page.getByRole('list', { name: 'Shops' });
    await list.waitFor();
    const allShops = await list.getByRole('article').count();
    expect(allShops).toBeGreaterThan(4);

    await page.getByLabel('Search shops').fill('ASO');
    await page.getByText(/^Showing \d+ of \d+ shops$/).waitFor();
    const found = await list.getByRole('article').allTextContents();
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(allShops);
    for (const text of found) expect(text.toLowerCase()).toContain('aso');
    await page.getByLabel('Search shops').fill('');
    await page.getByText(`Showing all ${allShops} shops`).waitFor();

    const filtersButton = page.getByRole('button', { name: /^Filters/ });
    expect(await filtersButton.getAttribute('aria-expanded')).toBe('false');
    await filtersButton.click();
    expect(await filtersButton.getAttribute('aria-expanded')).toBe('true');
    await page.getByLabel('Minimum rating').selectOption('4.5');
    await page.getByText(/^Showing \d+ of \d+ shops$/).waitFor();
    const ratings = await shopRatings(page);
    expect(ratings.length).toBeGreaterThan(0);
    expect(ratings.length).toBeLessThan(allShops);
    for (const rating of ratings) expect(rating).toBeGreaterThanOrEqual(4.5);
    expect(await page.getByRole('button', { name: 'Filters 1 active' }).count()).toBe(1);

    // Location: the states found in the addresses.
    const locations = await page.getByLabel('Location').locator('option').allTextContents();
    expect(locations[0]).toBe('All locations');
    expect(locations).toContain('Borno State');
    await page.getByLabel('Minimum rating').selectOption('any');
    await page.getByLabel('Location').selectOption('Borno State');
    await page.getByText(/^Showing \d+ of \d+ shops$/).waitFor();
    for (const text of await list.getByRole('article').allTextContents()) expect(text).toContain('Borno State');

    await page.getByRole('button', { name: 'Reset filters' }).click();
    await page.getByText(`Showing all ${allShops} shops`).waitFor();

    await page.getByLabel('Search shops').fill('no such shop anywhere');
    await page.getByText('No shops found matching your search.').waitFor();
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await page.getByText(`Showing all ${allShops} shops`).waitFor();
    expect(errors).toEqual([]);
  });

  it('saves screenshots of home and the catalogue at 390 and 1280 px', async () => {
    for (const width of [390, 1280]) {
      const page = await env.newPage({ width, height: 900 });
      const errors = collectConsoleErrors(page);
      await page.goto('/');
      await page.getByRole('list', { name: 'Featured shops' }).waitFor();
      await page.getByRole('list', { name: 'Featured caps' }).waitFor();
      await loadLazyImages(page);
      await env.screenshot(page, `storefront-home-${width}`);

      await page.goto('/browse-caps');
      await settledResults(page);
      await loadLazyImages(page);
      await env.screenshot(page, `storefront-browse-${width}`);

      await page.goto('/shops');
      await page.getByRole('list', { name: 'Shops' }).waitFor();
      await loadLazyImages(page);
      await env.screenshot(page, `storefront-shops-${width}`);
      expect(errors).toEqual([]);
    }
  });
});
