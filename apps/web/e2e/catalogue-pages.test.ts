import type { PagedProductsDto, ProductDto, PublicVendorDto, ReviewDto } from '@caps/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, type E2eEnv, startE2eEnv } from './harness';
import { api, consoleErrorsOf, DEMO_CUSTOMER, DEMO_START_TIMEOUT_MS, expectVisible, signIn } from './steps';

/** The browser's own line for a failed request: expected where the page asks for a missing record. */
const NOT_FOUND_RESOURCE = /Failed to load resource: the server responded with a status of 404/;

/** Scrolls through the page so lazy pictures load, then back to the top. */
async function loadWholePage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}

/** Text matching as the shop page does it: every word in the name, description or category. */
function matchesSearch(product: ProductDto, search: string): boolean {
  const text = `${product.name} ${product.description} ${product.category}`.toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => text.includes(term));
}

describe.skipIf(!browserAvailable())('product and shop pages in the browser', () => {
  let env: E2eEnv;
  let products: ProductDto[];

  beforeAll(async () => {
    env = await startE2eEnv({ demoData: true });
    products = [];
    for (let page = 1; ; page++) {
      const list = await api<PagedProductsDto>(env, null, `/products?per_page=100&page=${page}`);
      products.push(...list.data);
      if (page >= list.last_page) break;
    }
  }, DEMO_START_TIMEOUT_MS);

  afterAll(async () => {
    await env?.close();
  });

  it('opens a product from its URL: gallery, sizes, quantity bounds and Add to Cart without login', async () => {
    const first = await api<PagedProductsDto>(env, null, '/products?per_page=5');
    expect(first.data.length).toBeGreaterThan(0);
    // A cap with several pictures, sizes and a small stock, so the stepper's upper bound is reachable.
    const product = products
      .filter((p) => p.images.length > 1 && p.sizes.length > 1 && p.stock >= 2)
      .sort((a, b) => a.stock - b.stock)[0];
    if (!product) throw new Error('The demo data has no cap with several pictures, sizes and stock.');

    const page = await env.newPage();
    const consoleErrors = consoleErrorsOf(page);
    await page.goto(`/product/${product.id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    expect(await page.title()).toContain(product.name);
    await expectVisible(page, product.category);

    // Gallery: a thumbnail switches the main picture and is marked as the selected one.
    const gallery = page.getByRole('region', { name: 'Product pictures' });
    const mainImage = gallery.locator('img').first();
    // The main picture's src is the stored middle size (its srcset names all three sizes).
    const shown = (picture: string | undefined) => picture?.replace(/\.webp$/, '-md.webp');
    expect(await mainImage.getAttribute('src')).toBe(shown(product.images[0]));
    const second = gallery.getByRole('button', { name: `Show picture 2 of ${product.images.length}` });
    await second.click();
    await expect.poll(() => mainImage.getAttribute('src')).toBe(shown(product.images[1]));
    expect(await second.getAttribute('aria-current')).toBe('true');
    const firstThumb = gallery.getByRole('button', { name: `Show picture 1 of ${product.images.length}` });
    expect(await firstThumb.getAttribute('aria-current')).toBeNull();
    // Keyboard: arrows move along the thumbnails.
    await second.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => mainImage.getAttribute('src')).toBe(shown(product.images[0]));
    expect(await firstThumb.getAttribute('aria-current')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `Show picture 1 of ${product.images.length}`,
    );

    // Sizes: a radio group, one choice at a time.
    const sizes = page.getByRole('group', { name: /^Size/ }).getByRole('radio');
    expect(await sizes.count()).toBe(new Set(product.sizes).size);
    const firstSize = page.getByRole('radio', { name: product.sizes[0], exact: true });
    const secondSize = page.getByRole('radio', { name: product.sizes[1], exact: true });
    await firstSize.check({ force: true });
    expect(await firstSize.isChecked()).toBe(true);
    await secondSize.check({ force: true });
    expect(await firstSize.isChecked()).toBe(false);
    expect(await secondSize.isChecked()).toBe(true);

    // Quantity: between 1 and the stock.
    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    const decrease = page.getByRole('button', { name: 'Decrease quantity' });
    const increase = page.getByRole('button', { name: 'Increase quantity' });
    expect(await quantity.inputValue()).toBe('1');
    expect(await decrease.isDisabled()).toBe(true);
    for (let i = 1; i < product.stock; i++) await increase.click();
    // The field shows the new value one render after the click (the stepper syncs its draft in an effect).
    await expect.poll(() => quantity.inputValue()).toBe(String(product.stock));
    expect(await increase.isDisabled()).toBe(true);
    await quantity.fill(String(product.stock + 50));
    await quantity.press('Tab');
    expect(await quantity.inputValue()).toBe(String(product.stock));
    await quantity.fill('0');
    await quantity.press('Enter');
    expect(await quantity.inputValue()).toBe('1');
    expect(await decrease.isDisabled()).toBe(true);

    await expectVisible(page, 'Free delivery within a city in 2-5 business days.');

    // Add to Cart without a stored user asks for a login and offers /auth.
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expectVisible(page, 'Login required');
    await expectVisible(page, 'Please login to add items to cart');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(`${env.baseUrl}/auth`);

    expect(consoleErrors).toEqual([]);
    expect(env.pageErrors).toEqual([]);
  });

  it('asks a logged-in customer for a size before adding to the cart', async () => {
    const product = products.find((p) => p.in_stock && p.sizes.length > 1);
    if (!product) throw new Error('The demo data has no cap in stock with sizes.');
    const page = await env.newPage();
    await signIn(page, '/auth', DEMO_CUSTOMER, `${env.baseUrl}/`);

    await page.goto(`/product/${product.id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expectVisible(page, 'Please select a size');
    const firstSize = page.getByRole('radio', { name: product.sizes[0], exact: true });
    expect(await firstSize.getAttribute('aria-invalid')).toBe('true');
    // The message sends focus to the sizes.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('radio');

    await firstSize.check({ force: true });
    await expect.poll(() => page.getByText('Please select a size').count()).toBe(0);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expectVisible(page, `${product.name} has been added to your cart`);
    await expect.poll(() => page.getByText('Login required').count()).toBe(0);
  });

  it('shows the reviews, up to 4 other caps and leads to the shop', async () => {
    const product = products.find((p) => p.total_reviews > 0);
    if (!product) throw new Error('The demo data has no reviewed cap.');
    const reviews = await api<ReviewDto[]>(env, null, `/reviews?product_id=${product.id}`);
    expect(reviews.length).toBeGreaterThan(0);

    const page = await env.newPage();
    const consoleErrors = consoleErrorsOf(page);
    await page.goto(`/product/${product.id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await expectVisible(page, `(${product.total_reviews} ${product.total_reviews === 1 ? 'review' : 'reviews'})`);

    const reviewSection = page.getByRole('region', { name: /Customer Reviews/ });
    await reviewSection.getByRole('heading', { name: `Customer Reviews (${reviews.length})` }).waitFor();
    for (const review of reviews) {
      await reviewSection
        .getByText(review.user?.full_name || 'Anonymous User')
        .first()
        .waitFor();
      await reviewSection.getByText(review.comment).first().waitFor();
    }
    expect(await reviewSection.getByText('Verified purchase').count()).toBe(
      reviews.filter((r) => r.verified_purchase).length,
    );

    const recommended = page.getByRole('region', { name: 'You Might Also Like' });
    await recommended.locator('article').first().waitFor();
    const cards = await recommended.locator('article').count();
    expect(cards).toBeGreaterThanOrEqual(1);
    expect(cards).toBeLessThanOrEqual(4);
    const links = await recommended
      .locator('a[href^="/product/"]')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(links).not.toContain(`/product/${product.id}`);
    // Same category first: with 4 or more others in the category, every card is of that category.
    const sameCategory = products.filter((p) => p.category === product.category && p.id !== product.id);
    if (sameCategory.length >= 4) {
      expect(cards).toBe(4);
      expect(await recommended.getByText(product.category, { exact: true }).count()).toBe(4);
    }

    const visitShop = page.getByRole('link', { name: /^Visit Shop/ });
    await visitShop.click();
    await page.waitForURL(`${env.baseUrl}/shop/${product.vendor_id}`);
    await page.getByRole('heading', { level: 1, name: product.vendor.shop_name }).waitFor();
    expect(await page.title()).toContain(product.vendor.shop_name);

    expect(consoleErrors).toEqual([]);
    expect(env.pageErrors).toEqual([]);
  });

  it('lists a shop collection that category chips and search narrow', async () => {
    const vendors = await api<PublicVendorDto[]>(env, null, '/vendors');
    // A shop selling caps of more than one category, so the chips have something to narrow.
    const vendor = vendors.find(
      (v) => new Set(products.filter((p) => p.vendor_id === v.id).map((p) => p.category)).size > 1,
    );
    if (!vendor) throw new Error('The demo data has no shop with several categories.');
    const detail = await api<PublicVendorDto>(env, null, `/vendors/${vendor.id}`);
    const own = products.filter((p) => p.vendor_id === vendor.id);
    const categories = [...new Set(own.map((p) => p.category))];

    const page = await env.newPage();
    const consoleErrors = consoleErrorsOf(page);
    await page.goto(`/shop/${vendor.id}`);
    await page.getByRole('heading', { level: 1, name: detail.shop_name }).waitFor();
    expect(await page.title()).toContain(detail.shop_name);
    await expectVisible(page, detail.address);
    await expectVisible(page, detail.phone);

    const heading = (n: number) => page.getByRole('heading', { name: `Caps Collection (${n})` });
    await heading(detail.total_products).waitFor();
    const grid = page.getByRole('region', { name: /Caps Collection/ });
    expect(await grid.locator('article').count()).toBe(detail.total_products);

    // Chips: All plus the shop's categories.
    const chips = page.getByRole('group', { name: 'Filter by category' }).getByRole('button');
    expect(await chips.allTextContents()).toEqual(expect.arrayContaining(['All', ...categories]));
    expect(await chips.count()).toBe(categories.length + 1);
    const category = categories[0] as string;
    const chip = page.getByRole('button', { name: category, exact: true });
    await chip.click();
    const inCategory = own.filter((p) => p.category === category);
    await heading(inCategory.length).waitFor();
    expect(await chip.getAttribute('aria-pressed')).toBe('true');
    expect(await grid.locator('article').count()).toBe(inCategory.length);

    // Search narrows within the chosen category.
    const term = (inCategory[0]?.name.split(' ')[0] ?? '').toLowerCase();
    const search = page.getByLabel("Search this shop's caps");
    await search.fill(term);
    await heading(inCategory.filter((p) => matchesSearch(p, term)).length).waitFor();

    await page.getByRole('button', { name: 'All', exact: true }).click();
    await heading(own.filter((p) => matchesSearch(p, term)).length).waitFor();

    await search.fill('no such cap anywhere');
    await heading(0).waitFor();
    await expectVisible(page, 'No caps found');
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await heading(detail.total_products).waitFor();
    expect(await search.inputValue()).toBe('');

    // Follow Shop is remembered in this browser.
    await page.getByRole('button', { name: 'Follow Shop' }).click();
    await expectVisible(page, `Following ${detail.shop_name}`);
    await page.reload();
    const following = page.getByRole('button', { name: 'Following' });
    await following.waitFor();
    expect(await following.getAttribute('aria-pressed')).toBe('true');

    // Message offers a call and a text message to the shop's phone.
    await page.getByRole('button', { name: 'Message' }).click();
    const call = page.getByRole('link', { name: /^Call/ });
    expect(await call.getAttribute('href')).toMatch(/^tel:\+?\d+$/);
    expect(await page.getByRole('link', { name: 'Send a text message' }).getAttribute('href')).toMatch(/^sms:\+?\d+$/);
    await page.keyboard.press('Escape');
    await expect.poll(() => call.count()).toBe(0);

    await page.getByRole('region', { name: /Shop Reviews/ }).waitFor();
    expect(consoleErrors).toEqual([]);
    expect(env.pageErrors).toEqual([]);
  });

  it('validates the Report Vendor dialog', async () => {
    const vendor = (await api<PublicVendorDto[]>(env, null, '/vendors'))[0];
    if (!vendor) throw new Error('The demo data has no shop.');
    const page = await env.newPage();
    await page.goto(`/shop/${vendor.id}`);
    await page.getByRole('button', { name: 'Report Vendor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report Vendor' });
    await dialog.waitFor();
    expect(await dialog.getByRole('radio').count()).toBe(7);
    for (const reason of ['Fake products', 'Scam/Fraud', 'Other']) {
      await dialog.getByRole('radio', { name: reason }).waitFor();
    }

    // Nothing picked: both fields say so.
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await expect.poll(() => dialog.getByText('This field is required').count()).toBe(2);
    expect(await dialog.getByRole('radio', { name: 'Fake products' }).getAttribute('aria-invalid')).toBe('true');

    // A reason but blank details: the details message stays.
    await dialog.getByRole('radio', { name: 'Poor quality' }).check();
    const details = dialog.getByLabel('Details');
    await details.fill('   ');
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await expect.poll(() => dialog.getByText('This field is required').count()).toBe(1);
    expect(await details.getAttribute('aria-invalid')).toBe('true');

    // Complete, but nobody is logged in: asked to log in, and what was written is kept.
    await details.fill('The cap I received was torn at the seam.');
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await expectVisible(page, 'Please login to report a vendor');
    await expect.poll(() => dialog.getByText('This field is required').count()).toBe(0);
    expect(await details.inputValue()).toBe('The cap I received was torn at the seam.');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(env.pageErrors).toEqual([]);
  });

  it("shows 'Product Not Found' and 'Shop Not Found' for missing records", async () => {
    const page = await env.newPage();
    const consoleErrors = consoleErrorsOf(page);
    await page.goto('/product/999999');
    await page.getByRole('heading', { level: 1, name: 'Product Not Found' }).waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: 'Browse Caps' }).getAttribute('href')).toBe(
      '/browse-caps',
    );
    await env.screenshot(page, 'product-not-found-390');

    await page.goto('/shop/999999');
    await page.getByRole('heading', { level: 1, name: 'Shop Not Found' }).waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: 'Browse Shops' }).getAttribute('href')).toBe(
      '/shops',
    );

    // An id that cannot be one is missing as well, without asking the server.
    await page.goto('/product/not-a-number');
    await page.getByRole('heading', { level: 1, name: 'Product Not Found' }).waitFor();

    // Only the browser's own lines for the two 404 answers.
    expect(consoleErrors.filter((text) => !NOT_FOUND_RESOURCE.test(text))).toEqual([]);
    expect(env.pageErrors).toEqual([]);
  });

  it('opens a new page at its top, returns to the same place on Back, and offers Try Again when a page cannot load', async () => {
    const product = products.find((p) => p.images.length > 0 && p.in_stock) ?? products[0];
    if (!product) throw new Error('The demo data has no product.');
    const page = await env.newPage({ width: 390, height: 700 });
    await page.goto(`/product/${product.id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    const recommended = page.getByRole('region', { name: 'You Might Also Like' });
    const firstOther = recommended.locator('a[href^="/product/"]').first();
    await firstOther.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(300);

    // A new page opens at its top...
    const otherHref = (await firstOther.getAttribute('href')) ?? '';
    await firstOther.click();
    await page.waitForURL(`${env.baseUrl}${otherHref}`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // ...and Back returns to where the visitor was.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await expect.poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(40);

    // The cart page's code cannot be fetched (the connection dropped): the error screen shows inside the layout.
    await page.evaluate(() => window.scrollTo(0, 0));
    const cartChunk = '**/assets/cart-page-*.js';
    await page.route(cartChunk, (route) => route.abort('internetdisconnected'));
    await page.getByRole('link', { name: /^Cart, / }).click();
    await page.getByRole('heading', { level: 1, name: 'Something went wrong' }).waitFor();
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^Cart, / })
      .waitFor();
    // Back online, Try Again fetches the page's code again.
    await page.unroute(cartChunk);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('heading', { level: 1, name: 'Shopping Cart' }).waitFor();
    expect(env.pageErrors).toEqual([]);
  });

  it('saves screenshots of the product and shop pages at 390 and 1280 wide', async () => {
    const product = products.find((p) => p.images.length > 1 && p.in_stock) ?? products[0];
    if (!product) throw new Error('The demo data has no product.');
    for (const width of [390, 1280]) {
      const page = await env.newPage({ width, height: 900 });
      await page.goto(`/product/${product.id}`);
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
      await page.getByRole('region', { name: 'You Might Also Like' }).locator('article').first().waitFor();
      await loadWholePage(page);
      await env.screenshot(page, `product-page-${width}`);

      await page.goto(`/shop/${product.vendor_id}`);
      await page.getByRole('heading', { name: /^Caps Collection \(\d+\)$/ }).waitFor();
      await loadWholePage(page);
      await env.screenshot(page, `shop-page-${width}`);
    }
    expect(env.pageErrors).toEqual([]);
  });
});
