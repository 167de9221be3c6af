import type { PublicVendorDto, UserDto, VendorCouponDto } from '@caps/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, type E2eEnv, startE2eEnv } from './harness';
import { solidPng } from './png';
import {
  type Account,
  AMINA_SHIPPING,
  api,
  DEMO_CUSTOMER as CUSTOMER,
  DEMO_START_TIMEOUT_MS,
  describedText,
  fillShipping,
  GOOD_CARD,
  DEMO_PENDING_VENDOR as PENDING_VENDOR,
  placeAndPay,
  signIn,
  expectToast as toast,
  DEMO_VENDOR as VENDOR,
} from './steps';

let counter = 0;
/** A code no earlier run of this suite has used: uppercase letters and digits, at most 20. */
const uniqueCode = (prefix: string) => `${prefix}${(Date.now() % 1_000_000).toString()}${++counter}`;

interface ListedProduct {
  id: number;
  stock: number;
  sizes: string[];
  vendor: { id: number };
}

/** yyyy-mm-dd, a year from now, as a date input takes it. */
function nextYear(): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

describe.skipIf(!browserAvailable())('vendor dashboard: coupons, shop settings and account', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2eEnv({ demoData: true });
  }, DEMO_START_TIMEOUT_MS);

  afterAll(async () => {
    await env?.close();
  });

  /** Signs in on /vendor/auth, lands on the dashboard, and answers the stored token. */
  function signInVendor(page: Page, account: Account): Promise<string> {
    return signIn(page, '/vendor/auth', account, '**/vendor/dashboard**');
  }

  async function openTab(page: Page, tab: string, heading: string): Promise<void> {
    await page.goto(`/vendor/dashboard?tab=${tab}`);
    await page.getByRole('heading', { level: 2, name: heading, exact: true }).waitFor();
  }

  function couponCard(page: Page, code: string): Locator {
    return page.getByRole('list', { name: 'Coupons' }).getByRole('article', { name: code, exact: true });
  }

  it('shows a new shop the empty state and refuses bad coupons with the spec messages', async () => {
    const email = `fresh.vendor.${Date.now()}@e2e.test`;
    await api(env, null, '/register', {
      method: 'POST',
      body: JSON.stringify({
        full_name: 'Zainab Goni',
        email,
        phone: '+2348031234567',
        password: 'Secret123',
        password_confirmation: 'Secret123',
        role: 'vendor',
        terms_accepted: true,
        shop_name: 'Goni Caps',
        shop_description: 'Hand-woven caps from Maiduguri.',
        address: '5 Lagos Street, Maiduguri',
        account_holder_name: 'Zainab Goni',
        account_number: '0123456789',
        bank_name: 'Zenith Bank',
      }),
    });
    const page = await env.newPage();
    const token = await signInVendor(page, { email, password: 'Secret123' });
    await openTab(page, 'coupons', 'Coupons');
    await page.getByText('No coupons yet').waitFor();
    await env.screenshot(page, 'vendor-coupons-empty-1280');

    await page.getByRole('button', { name: 'Create Coupon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Coupon' });
    const code = dialog.getByLabel('Coupon Code');
    const discount = dialog.getByLabel('Discount (%)');
    await code.fill('ab');
    await discount.fill('0');
    await dialog.getByRole('button', { name: 'Create Coupon' }).click();
    await dialog.getByText('Minimum length is 3 characters').waitFor();
    expect(await describedText(page, discount)).toContain('Discount must be a positive number');
    expect(await describedText(page, dialog.getByLabel('Usage Limit'))).toContain(
      'Usage limit must be a positive number',
    );
    expect(await describedText(page, dialog.getByLabel('Expiry Date'))).toContain('This field is required');

    // Lower case is made upper case as it is typed; other characters are still refused.
    await code.fill('ab-c');
    expect(await code.inputValue()).toBe('AB-C');
    await discount.fill('101');
    await dialog.getByRole('button', { name: 'Create Coupon' }).click();
    await dialog.getByText('Coupon code can only contain uppercase letters and numbers').waitFor();
    await dialog.getByText('Discount cannot exceed 100%').waitFor();
    await env.screenshot(page, 'vendor-coupon-errors-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Nothing reached the server.
    expect(await api<VendorCouponDto[]>(env, token, '/coupons')).toEqual([]);
  });

  it('creates, copies, edits and deletes coupons, shows real states, and counts a customer using one', async () => {
    const page = await env.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.baseUrl });
    const token = await signInVendor(page, VENDOR);
    const shop = await api<UserDto>(env, token, '/profile');
    const shopId = shop.vendor?.id;
    if (!shopId) throw new Error('The demo vendor has no shop');
    await openTab(page, 'coupons', 'Coupons');

    // Create through the dialog.
    const code = uniqueCode('FRESH');
    await page.getByRole('button', { name: 'Create Coupon' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Create Coupon' });
    // Typed in lower case, the code is shown and kept in upper case rather than refused.
    await dialog.getByLabel('Coupon Code').fill(code.toLowerCase());
    expect(await dialog.getByLabel('Coupon Code').inputValue()).toBe(code);
    await dialog.getByLabel('Description').fill('Harmattan sale');
    await dialog.getByLabel('Discount (%)').fill('15');
    await dialog.getByLabel('Usage Limit').fill('5');
    await dialog.getByLabel('Uses per Customer').fill('1');
    await dialog.getByLabel('Expiry Date').fill(nextYear());
    await dialog.getByRole('button', { name: 'Create Coupon' }).click();
    await toast(page, 'Coupon created');
    await dialog.waitFor({ state: 'detached' });
    const card = couponCard(page, code);
    await card.getByText('Active', { exact: true }).waitFor();
    await card.getByText('15% off').waitFor();
    await card.getByText('0 / 5').waitFor();
    await card.getByText('Once per customer').waitFor();

    // The same code again is the server's duplicate message, under the field.
    await page.getByRole('button', { name: 'Create Coupon' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Create Coupon' });
    await dialog.getByLabel('Coupon Code').fill(code);
    await dialog.getByLabel('Discount (%)').fill('10');
    await dialog.getByLabel('Usage Limit').fill('5');
    await dialog.getByLabel('Expiry Date').fill(nextYear());
    await dialog.getByRole('button', { name: 'Create Coupon' }).click();
    await toast(page, 'Failed to create coupon');
    // Spec 8: the toast says 'Please try again'; the server's reason sits under the field.
    const failed = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to create coupon' });
    expect(await failed.textContent()).toContain('Please try again');
    expect(await failed.textContent()).not.toContain('You already have a coupon with this code.');
    expect(await describedText(page, dialog.getByLabel('Coupon Code'))).toContain(
      'You already have a coupon with this code.',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Copy.
    await card.getByRole('button', { name: `Copy code ${code}` }).click();
    await toast(page, 'Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    // Edit.
    await card.getByRole('button', { name: 'Edit', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Coupon' });
    expect(await dialog.getByLabel('Discount (%)').inputValue()).toBe('15');
    expect(await dialog.getByLabel('Uses per Customer').inputValue()).toBe('1');
    await dialog.getByLabel('Discount (%)').fill('20');
    // Cleared: no limit per customer any more.
    await dialog.getByLabel('Uses per Customer').fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Coupon updated');
    await card.getByText('20% off').waitFor();
    await expect.poll(() => card.getByText('Once per customer').count()).toBe(0);

    // Delete, after a confirmation that can be cancelled.
    const doomed = uniqueCode('GONE');
    const expiring = uniqueCode('SOON');
    const once = uniqueCode('ONCE');
    const inTwoSeconds = new Date(Date.now() + 2_000).toISOString();
    for (const [couponCode, limit, expiresAt] of [
      [doomed, 10, `${nextYear()}T12:00:00Z`],
      [expiring, 10, inTwoSeconds],
      [once, 1, `${nextYear()}T12:00:00Z`],
    ] as const) {
      await api(env, token, '/coupons', {
        method: 'POST',
        body: JSON.stringify({ code: couponCode, discount: 10, usage_limit: limit, expires_at: expiresAt }),
      });
    }
    // Past the expiry of the second one before the list is read again.
    await new Promise((wait) => setTimeout(wait, 2_500));
    await page.reload();
    await couponCard(page, doomed).waitFor();
    await couponCard(page, expiring).getByText('Expired', { exact: true }).waitFor();
    await couponCard(page, once).getByText('Active', { exact: true }).waitFor();

    await couponCard(page, doomed).getByRole('button', { name: 'Delete', exact: true }).click();
    let confirm = page.getByRole('alertdialog', { name: 'Delete this coupon?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await couponCard(page, doomed).waitFor();
    await couponCard(page, doomed).getByRole('button', { name: 'Delete', exact: true }).click();
    confirm = page.getByRole('alertdialog', { name: 'Delete this coupon?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Coupon deleted');
    await couponCard(page, doomed).waitFor({ state: 'detached' });
    const listed = await api<VendorCouponDto[]>(env, token, '/coupons');
    expect(listed.some((coupon) => coupon.code === doomed)).toBe(false);
    await env.screenshot(page, 'vendor-coupons-1280');

    // A customer buys one of the shop's caps with the one-use coupon and pays.
    const buyer = await env.newPage();
    const buyerToken = await signIn(buyer, '/auth', CUSTOMER);
    const products = await api<{ data: ListedProduct[] }>(env, buyerToken, '/products?per_page=100');
    const cap = products.data.find((p) => p.vendor.id === shopId && p.stock > 0 && p.sizes.length > 0);
    if (!cap) throw new Error('The demo shop has no cap in stock');
    await api(env, buyerToken, '/cart', { method: 'DELETE' });
    await api(env, buyerToken, '/cart', {
      method: 'POST',
      body: JSON.stringify({ product_id: cap.id, quantity: 1, size: cap.sizes[0] }),
    });
    await buyer.goto('/cart');
    const couponForm = buyer.getByRole('form', { name: 'Coupon' });
    await couponForm.getByLabel('Coupon code').fill(once);
    await couponForm.getByRole('button', { name: 'Apply' }).click();
    await buyer.getByText(`Coupon discount (${once}, 10%)`).waitFor();
    await buyer.goto('/checkout');
    await buyer.getByText(`Discount (${once})`).waitFor();
    await fillShipping(buyer, AMINA_SHIPPING);
    await placeAndPay(buyer, GOOD_CARD);
    await buyer.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 20_000 });

    // The shop sees the use: 1 of 1, so the coupon is used up.
    await page.reload();
    const used = couponCard(page, once);
    await used.getByText('1 / 1').waitFor();
    await used.getByText('Used up', { exact: true }).waitFor();
  });

  it('previews shop changes live and shows them on the public shop page after saving', async () => {
    const page = await env.newPage();
    const token = await signInVendor(page, VENDOR);
    const shopId = (await api<UserDto>(env, token, '/profile')).vendor?.id;
    await openTab(page, 'shop', 'Shop Settings');
    const form = page.getByRole('form', { name: 'Shop settings' });
    const preview = page.getByRole('region', { name: 'Shop Preview' });

    // Straight from the refused field to Save: the one click sends the form, which shows the message and
    // puts the focus back on the field (no message on leaving it, which used to move the button away).
    const shopName = form.getByLabel('Shop Name');
    await shopName.fill('ab');
    await form.getByRole('button', { name: 'Save Shop Settings' }).click();
    await form.getByText('Minimum length is 3 characters').waitFor();
    await expect.poll(() => shopName.evaluate((element) => element === document.activeElement)).toBe(true);

    const name = `Kyari Royal Caps ${counter + 1}`;
    const description = 'Royal fila and zanna bukar caps, embroidered by hand in Maiduguri.';
    await form.getByLabel('Shop Name').fill(name);
    await form.getByLabel('Shop Description').fill(description);
    await form.getByLabel('Cover Image').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: solidPng(600, 200, [166, 61, 26]),
    });
    // Before saving, the preview card already shows the typed name and the picked cover.
    await preview.getByRole('heading', { name }).waitFor();
    await preview.getByText(description).waitFor();
    await expect.poll(() => preview.locator('img[src^="blob:"]').count()).toBe(1);
    await env.screenshot(page, 'vendor-shop-settings-1280');

    await form.getByRole('button', { name: 'Save Shop Settings' }).click();
    await toast(page, 'Shop updated!');
    const saved = await api<UserDto>(env, token, '/profile');
    expect(saved.vendor?.shop_name).toBe(name);
    expect(saved.vendor?.cover_image).toMatch(/^\/api\/images\//);

    await page.goto(`/shop/${shopId}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByText(description).first().waitFor();
    // The cover is offered in the stored sizes (srcset); the browser picks one of them.
    const coverName = (saved.vendor?.cover_image ?? '').replace(/\.webp$/, '');
    const cover = page.locator(`header img[srcset*="${coverName}"]`);
    await cover.waitFor();
    // The uploaded picture really loads (a broken one would have a natural width of 0).
    await expect
      .poll(() => cover.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 })
      .toBeGreaterThan(0);
    const publicShop = await api<PublicVendorDto>(env, null, `/vendors/${shopId}`);
    expect(publicShop.shop_name).toBe(name);

    // Spec 2: Shop Settings has the bank fields too, the same form as Account with its own Save.
    await openTab(page, 'shop', 'Shop Settings');
    const shopBank = page.getByRole('form', { name: 'Banking details' });
    expect(await shopBank.getByLabel('Account Holder Name').inputValue()).toBe(saved.vendor?.account_holder_name);
    expect(await shopBank.getByLabel('Account Number').inputValue()).toBe(saved.vendor?.account_number);
    // The bank picker lists the bank list by name (valued by code); a bank saved by name only is chosen by it.
    await expect
      .poll(() => shopBank.getByLabel('Bank Name').locator('option:checked').textContent())
      .toBe(saved.vendor?.bank_name);
    await shopBank.getByLabel('Account Number').fill('1357924680');
    await shopBank.getByRole('button', { name: 'Save Banking Details' }).click();
    await toast(page, 'Banking details updated!');
    expect((await api<UserDto>(env, token, '/profile')).vendor?.account_number).toBe('1357924680');
    await openTab(page, 'account', 'Account Settings');
    expect(await page.getByRole('form', { name: 'Banking details' }).getByLabel('Account Number').inputValue()).toBe(
      '1357924680',
    );

    const phone = await env.newPage({ width: 390, height: 844 });
    await signInVendor(phone, VENDOR);
    await openTab(phone, 'shop', 'Shop Settings');
    await phone.getByRole('region', { name: 'Shop Preview' }).getByRole('heading', { name }).waitFor();
    await env.screenshot(phone, 'vendor-shop-settings-390');
    await openTab(phone, 'coupons', 'Coupons');
    await phone.getByRole('list', { name: 'Coupons' }).waitFor();
    await env.screenshot(phone, 'vendor-coupons-390');
  });

  it('lets a pending vendor update personal info, password and banking details', async () => {
    const page = await env.newPage({ width: 390, height: 844 });
    const token = await signInVendor(page, PENDING_VENDOR);
    await openTab(page, 'account', 'Account Settings');
    const before = await api<UserDto>(env, token, '/profile');

    const profile = page.getByRole('form', { name: 'Profile' });
    expect(await profile.getByLabel('Email').inputValue()).toBe(PENDING_VENDOR.email);
    // An emptied name and a direct click on Save: the click is not lost, the message shows, focus is on the field.
    const fullName = profile.getByLabel('Full Name');
    await fullName.fill('');
    await profile.getByRole('button', { name: 'Save Changes' }).click();
    await profile.getByText('Full name is required').waitFor();
    await expect.poll(() => fullName.evaluate((element) => element === document.activeElement)).toBe(true);
    await profile.getByLabel('Full Name').fill('Hauwa Kachalla');
    await profile.getByLabel('Phone').fill('+2348098765432');
    await profile.getByLabel('Address').fill('21 Sir Kashim Ibrahim Way, Maiduguri');
    await profile.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Account updated!');
    const afterProfile = await api<UserDto>(env, token, '/profile');
    expect(afterProfile.full_name).toBe('Hauwa Kachalla');
    expect(afterProfile.address).toBe('21 Sir Kashim Ibrahim Way, Maiduguri');
    // The stored user follows, so the header greets by the new name.
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').name)).toBe('Hauwa Kachalla');

    const bank = page.getByRole('form', { name: 'Banking details' });
    const accountNumber = bank.getByLabel('Account Number');
    await accountNumber.fill('12345');
    await bank.getByRole('button', { name: 'Save Banking Details' }).click();
    await bank.getByText('Account number must be exactly 10 digits').waitFor();
    await expect.poll(() => accountNumber.getAttribute('aria-invalid')).toBe('true');
    expect((await api<UserDto>(env, token, '/profile')).vendor?.account_number).toBe(before.vendor?.account_number);
    await bank.getByLabel('Account Holder Name').fill('Hauwa Kachalla');
    await bank.getByLabel('Account Number').fill('9876543210');
    await bank.getByLabel('Bank Name').selectOption('Sterling Bank');
    await bank.getByRole('button', { name: 'Save Banking Details' }).click();
    await toast(page, 'Banking details updated!');
    const afterBank = await api<UserDto>(env, token, '/profile');
    expect(afterBank.vendor).toMatchObject({
      account_holder_name: 'Hauwa Kachalla',
      account_number: '9876543210',
      bank_name: 'Sterling Bank',
    });

    const password = page.getByRole('form', { name: 'Change password' });
    await password.getByLabel('Current Password').fill('NotMyPassword1');
    await password.getByLabel('New Password', { exact: true }).fill('Brand9NewPass');
    await password.getByLabel('Confirm New Password').fill('Brand9NewPass');
    await password.getByRole('button', { name: 'Update Password' }).click();
    await password.getByText('The current password is incorrect.').first().waitFor();
    await password.getByLabel('Current Password').fill(PENDING_VENDOR.password);
    await password.getByRole('button', { name: 'Update Password' }).click();
    await toast(page, 'Password changed!');
    await env.screenshot(page, 'vendor-account-390');

    const again = await env.newPage();
    await signInVendor(again, { email: PENDING_VENDOR.email, password: 'Brand9NewPass' });
    await openTab(again, 'account', 'Account Settings');
    expect(await again.getByRole('form', { name: 'Profile' }).getByLabel('Full Name').inputValue()).toBe(
      'Hauwa Kachalla',
    );
    await env.screenshot(again, 'vendor-account-1280');
  });
});
