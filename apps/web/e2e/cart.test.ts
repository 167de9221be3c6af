import { formatNaira, type PagedProductsDto, type ProductDto, type WishlistEntryDto } from '@caps/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, type E2eEnv, startE2eEnv } from './harness';
import { api, DEMO_CUSTOMER, DEMO_START_TIMEOUT_MS, expectVisible, signIn } from './steps';

const SHIPPING = 2_000;

/** Picks the first size on a product page and adds `quantity` of the cap to the cart. */
async function addFromProductPage(page: Page, product: ProductDto, quantity: number): Promise<void> {
  await page.goto(`/product/${product.id}`);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  const size = product.sizes[0];
  if (size) await page.getByRole('radio', { name: size, exact: true }).check({ force: true });
  for (let count = 1; count < quantity; count++) {
    await page.getByRole('button', { name: 'Increase quantity', exact: true }).click();
  }
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expectVisible(page, `${product.name} has been added to your cart`);
  await page.getByText('Added to cart', { exact: true }).first().waitFor();
}

/** Waits until an element's text is exactly `expected` (the summary updates after each server answer). */
async function expectText(page: Page, testId: string, expected: string): Promise<void> {
  await page.waitForFunction(([id, text]) => document.querySelector(`[data-testid="${id}"]`)?.textContent === text, [
    testId,
    expected,
  ] as const);
}

describe.skipIf(!browserAvailable())('cart and wishlist in the browser', () => {
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

  it('asks a visitor to log in before adding to the cart, and shows a Login button on /cart', async () => {
    const product = products.find((p) => p.in_stock && p.stock > 0 && p.sizes.length > 0);
    if (!product) throw new Error('The demo data has no cap in stock with sizes.');
    const page = await env.newPage();
    await page.goto(`/product/${product.id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByRole('radio', { name: product.sizes[0], exact: true }).check({ force: true });
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Login required', { exact: true }).waitFor();
    await expectVisible(page, 'Please login to add items to cart');
    await page.getByRole('link', { name: 'Cart, 0 items' }).waitFor();

    await page.goto('/cart');
    await page.getByRole('heading', { level: 1, name: 'Shopping Cart' }).waitFor();
    await expectVisible(page, 'Your cart is empty');
    await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
    await page.waitForURL(`${env.baseUrl}/auth`);
    expect(env.pageErrors).toEqual([]);
  });

  it('fills the cart from two shops, changes and removes lines, and applies SAVE10', async () => {
    const page = await env.newPage();
    await signIn(page, '/auth', DEMO_CUSTOMER, `${env.baseUrl}/`);

    // The demo customer starts with a few lines: Clear Cart empties it.
    await page.goto('/cart');
    await page.getByRole('heading', { level: 1, name: 'Shopping Cart' }).waitFor();
    const clear = page.getByRole('button', { name: 'Clear Cart' });
    await Promise.race([clear.waitFor(), page.getByText('Your cart is empty').waitFor()]);
    if (await clear.isVisible()) {
      await clear.click();
      await page.getByRole('dialog').getByRole('button', { name: 'Clear Cart' }).click();
      await page.getByText('Cart cleared', { exact: true }).waitFor();
    }
    await expectVisible(page, 'Your cart is empty');
    await page.getByRole('link', { name: 'Cart, 0 items' }).waitFor();

    const candidates = products.filter((p) => p.in_stock && p.stock >= 3 && p.sizes.length > 0);
    const first = candidates[0];
    const second = candidates.find((p) => first && p.vendor.id !== first.vendor.id);
    if (!first || !second) throw new Error('The demo data has no two caps in stock from different shops.');

    await addFromProductPage(page, first, 2);
    await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor();
    await addFromProductPage(page, second, 1);
    await page.getByRole('link', { name: 'Cart, 3 items' }).waitFor();

    await page.getByRole('link', { name: 'Cart, 3 items' }).click();
    await page.waitForURL(`${env.baseUrl}/cart`);
    const lines = page.getByTestId('cart-line');
    await lines.first().waitFor();
    expect(await lines.count()).toBe(2);
    const secondLine = page.getByRole('listitem', { name: second.name });
    await secondLine.getByRole('link', { name: second.name }).waitFor();
    await secondLine.getByText(second.vendor.shop_name).waitFor();
    await expectText(page, 'cart-subtotal', formatNaira(first.price * 2 + second.price));
    await expectText(page, 'cart-shipping', formatNaira(SHIPPING));

    // Quantity: 1 -> 2 on the second line.
    await secondLine.getByRole('button', { name: `Increase quantity of ${second.name}` }).click();
    await expectText(page, 'cart-subtotal', formatNaira(first.price * 2 + second.price * 2));
    await page.getByRole('link', { name: 'Cart, 4 items' }).waitFor();
    // And back to 1, where minus stops (spec 5: a cart quantity cannot go below 1), named as what it does.
    const decrease = secondLine.getByRole('button', { name: `Decrease quantity of ${second.name}` });
    await decrease.click();
    await expectText(page, 'cart-subtotal', formatNaira(first.price * 2 + second.price));
    await expect.poll(() => decrease.isDisabled()).toBe(true);
    await secondLine.getByRole('button', { name: `Increase quantity of ${second.name}` }).click();
    await expectText(page, 'cart-subtotal', formatNaira(first.price * 2 + second.price * 2));

    // Remove the first line.
    await page.getByRole('button', { name: `Remove ${first.name} from cart` }).click();
    await page.getByText('Removed from cart', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="cart-line"]').length === 1);
    const subtotal = second.price * 2;
    await expectText(page, 'cart-subtotal', formatNaira(subtotal));
    await expectText(page, 'cart-total', formatNaira(subtotal + SHIPPING));

    // A wrong code is refused, in the form and in a toast.
    const code = page.getByLabel('Coupon code');
    await code.fill('NOPE99');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Invalid coupon', { exact: true }).first().waitFor();
    expect(await code.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.getByTestId('cart-discount').count()).toBe(0);

    await code.fill('save10');
    await page.getByRole('button', { name: 'Apply' }).click();
    const discount = Math.floor(subtotal * 100 * 0.1) / 100;
    await expectText(page, 'cart-discount', `−${formatNaira(discount)}`);
    await expectText(page, 'cart-total', formatNaira(subtotal - discount + SHIPPING));
    await expectVisible(page, 'SAVE10 applied');
    expect(await page.evaluate(() => window.sessionStorage.getItem('checkout_coupon'))).toBe('SAVE10');
    expect(await page.getByRole('button', { name: 'Proceed to Checkout' }).isEnabled()).toBe(true);

    await page.waitForLoadState('networkidle');
    await env.screenshot(page, 'cart-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await env.screenshot(page, 'cart-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The coupon is kept after a reload, re-checked against the cart.
    await page.reload();
    await expectText(page, 'cart-discount', `−${formatNaira(discount)}`);
    await page.getByRole('button', { name: 'Remove coupon SAVE10' }).click();
    await expect.poll(() => page.getByTestId('cart-discount').count()).toBe(0);
    expect(await page.evaluate(() => window.sessionStorage.getItem('checkout_coupon'))).toBeNull();

    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(`${env.baseUrl}/checkout`);
    expect(env.pageErrors).toEqual([]);
  });

  it('adds a cap to the wishlist, keeps the heart pressed after a reload, and removes it', async () => {
    const page = await env.newPage();
    await signIn(page, '/auth', DEMO_CUSTOMER, `${env.baseUrl}/`);
    const token = await page.evaluate(() => window.localStorage.getItem('auth_token'));
    if (!token) throw new Error('No token after login.');
    const wished = new Set((await api<WishlistEntryDto[]>(env, token, '/wishlist')).map((e) => e.product_id));
    const product = products.find((p) => !wished.has(p.id));
    if (!product) throw new Error('Every demo cap is on the wishlist already.');

    await page.goto(`/product/${product.id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.waitForLoadState('networkidle');
    const add = page.getByRole('button', { name: 'Add to wishlist' });
    expect(await add.getAttribute('aria-pressed')).toBe('false');
    await add.click();
    await page.getByText('Added to wishlist', { exact: true }).waitFor();

    await page.reload();
    const remove = page.getByRole('button', { name: 'Remove from wishlist' });
    await remove.waitFor();
    expect(await remove.getAttribute('aria-pressed')).toBe('true');
    await remove.click();
    await page.getByText('Removed from wishlist', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add to wishlist' }).waitFor();
    const after = await api<WishlistEntryDto[]>(env, token, '/wishlist');
    expect(after.some((e) => e.product_id === product.id)).toBe(false);

    // The wishlist panel of the account settings lists the same entries and removes one.
    const entry = after[0];
    if (!entry) throw new Error('The demo customer has no wishlist entries.');
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Wishlist' }).click();
    const list = page.getByRole('list', { name: 'Your wishlist' });
    await list.waitFor();
    await page.waitForFunction(
      (count) => document.querySelectorAll('[aria-label="Your wishlist"] > li').length === count,
      after.length,
    );
    await list
      .getByRole('link', { name: `View ${entry.product.name}` })
      .first()
      .waitFor();
    await page.waitForLoadState('networkidle');
    await env.screenshot(page, 'wishlist-panel-1280');
    await list
      .getByRole('button', { name: `Remove ${entry.product.name} from wishlist` })
      .first()
      .click();
    await page.getByText('Removed from wishlist', { exact: true }).first().waitFor();
    await page.waitForFunction(
      (count) => document.querySelectorAll('[aria-label="Your wishlist"] > li').length === count,
      after.length - 1,
    );
    expect(env.pageErrors).toEqual([]);
  });
});
