import type { PagedProductsDto, ProductDto } from '@caps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, type E2eEnv, startE2eEnv } from './harness';
import { DEMO_START_TIMEOUT_MS, fillShipping, GOOD_CARD, placeAndPay } from './steps';

/**
 * The whole buying journey as a new customer lives it, with nothing done behind the page's back:
 * register, browse, add caps of two shops, SAVE10, check out, pay in the sandbox, and find both
 * orders, paid, in the account settings.
 */
describe.runIf(browserAvailable())('a new customer buys caps from two shops', () => {
  let env: E2eEnv;
  beforeAll(async () => {
    env = await startE2eEnv({ demoData: true });
  }, DEMO_START_TIMEOUT_MS);
  afterAll(async () => env?.close());

  it('registers, browses, pays with the success card and sees both orders in /settings', async () => {
    const listed = (await (
      await fetch(`${env.baseUrl}/api/products?per_page=100&sort=price-low`)
    ).json()) as PagedProductsDto;
    const inStock = listed.data.filter((p) => p.stock > 2 && p.sizes.length > 0);
    const first = inStock[0] as ProductDto;
    const second = inStock.find((p) => p.vendor_id !== first.vendor_id) as ProductDto;
    expect(second).toBeTruthy();

    const page = await env.newPage();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Full Name').fill('Zainab Kyari');
    await form.getByLabel('Email').fill(`zainab.${Date.now()}@example.com`);
    await form.getByLabel('Phone').fill('+2348069876543');
    await form.getByLabel('Password', { exact: true }).fill('Journey123');
    await form.getByLabel('Confirm Password').fill('Journey123');
    await form.getByLabel('I agree to the Terms and Conditions and Returns Policy').check();
    await form.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Hi, Zainab Kyari').waitFor();

    // Browse: find the first cap through the catalogue's search, then open it from its card.
    await page.goto(`/browse-caps?search=${encodeURIComponent(first.name)}`);
    await page
      .getByRole('link', { name: /View Details/ })
      .first()
      .click();
    for (const product of [first, second]) {
      if (product !== first) await page.goto(`/product/${product.id}`);
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
      await page.getByRole('radio', { name: product.sizes[0], exact: true }).check({ force: true });
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByText(`${product.name} has been added to your cart`).waitFor();
    }
    await page.getByRole('link', { name: 'Cart, 2 items' }).click();
    await page.getByRole('heading', { level: 1, name: 'Shopping Cart' }).waitFor();
    await page.getByLabel('Coupon code').fill('SAVE10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: 'Remove coupon SAVE10' }).waitFor();
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();

    await page.getByRole('heading', { name: 'Order Summary' }).waitFor();
    // The email stays as the form fills it in from the account.
    await fillShipping(page, {
      fullName: 'Zainab Kyari',
      phone: '+2348069876543',
      address: '4 Shehu Laminu Way, GRA',
      city: 'Maiduguri',
      state: 'Borno',
      postalCode: '600211',
    });
    await placeAndPay(page, GOOD_CARD);
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 20_000 });

    await page.goto('/settings?tab=orders');
    const list = page.getByRole('list', { name: 'Orders' });
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(2);
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const orders = (await (
      await fetch(`${env.baseUrl}/api/orders`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      payment_status: string;
      coupon_code: string | null;
      vendor: { id: number };
    }[];
    expect(orders.map((o) => o.payment_status)).toEqual(['paid', 'paid']);
    expect(orders.map((o) => o.coupon_code)).toEqual(['SAVE10', 'SAVE10']);
    expect(new Set(orders.map((o) => o.vendor.id))).toEqual(new Set([first.vendor_id, second.vendor_id]));
    await page.getByRole('link', { name: 'Cart, 0 items' }).waitFor();
    expect(env.pageErrors).toEqual([]);
  });
});
