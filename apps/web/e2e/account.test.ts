import type { OrderDto, PublicVendorDto } from '@caps/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, type E2eEnv, startE2eEnv } from './harness';
import { DEMO_CUSTOMER, DEMO_START_TIMEOUT_MS, describedText, expectVisible, signIn, uniqueEmail } from './steps';

const STRONG_PASSWORD = 'Secret123';
const NEW_PASSWORD = 'Fresh456Pass';

/** Spec 4 badge colours, as Tailwind classes of the badge. */
const BADGE_COLOURS = {
  pending: /bg-(slate|gray)-100/,
  confirmed: /bg-yellow-100/,
  shipped: /bg-blue-100/,
  delivered: /bg-green-100/,
  cancelled: /bg-red-100/,
} as const;

/** Registers a fresh customer through /auth; the page is then signed in as them. */
async function registerCustomer(page: Page, name: string): Promise<string> {
  const email = uniqueEmail(name.split(' ')[0]?.toLowerCase() ?? 'customer');
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Full Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('+2348012345678');
  await form.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await form.getByLabel('Confirm Password').fill(STRONG_PASSWORD);
  await form.getByLabel('I agree to the Terms and Conditions and Returns Policy').check();
  await form.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL(/\/$/);
  await page.getByRole('button', { name: `Hi, ${name}` }).waitFor();
  return email;
}

describe.skipIf(!browserAvailable())('customer account settings in the browser', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2eEnv({ demoData: true });
  }, DEMO_START_TIMEOUT_MS);

  afterAll(async () => {
    await env?.close();
  });

  it('sends a visitor who is not signed in from /settings to /auth', async () => {
    const page = await env.newPage();
    await page.goto('/settings?tab=orders');
    await page.waitForURL(`${env.baseUrl}/auth`);
    await page.getByRole('form', { name: 'Login' }).waitFor();
  });

  it('says Authentication Error and goes to /auth when the session is no longer accepted', async () => {
    const page = await env.newPage();
    await registerCustomer(page, 'Sade Okoro');
    const token = await page.evaluate(() => window.localStorage.getItem('auth_token'));
    // The session ends elsewhere (another device logged out): the stored token is now refused.
    const logout = await fetch(`${env.baseUrl}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.ok).toBe(true);
    await page.goto('/settings');
    await expectVisible(page, 'Authentication Error');
    await expectVisible(page, 'Please log in again to access your settings');
    await page.waitForURL(`${env.baseUrl}/auth`);
    expect(await page.evaluate(() => window.localStorage.getItem('auth_token'))).toBeNull();
  });

  it('edits the profile, and the header greets by the new name', async () => {
    const page = await env.newPage();
    await signIn(page, '/auth', DEMO_CUSTOMER, /\/$/);
    await page.goto('/settings');
    await page.getByRole('heading', { level: 1, name: 'Account Settings' }).waitFor();
    const form = page.getByRole('form', { name: 'Profile' });
    const email = form.getByLabel('Email');
    await email.waitFor();
    expect(await email.inputValue()).toBe(DEMO_CUSTOMER.email);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    await env.screenshot(page, 'settings-profile-1280');

    // A refused value shows its message under the field, and nothing is sent.
    const name = form.getByLabel('Full Name');
    await name.fill('');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expectVisible(page, 'Full name is required');
    expect(await describedText(page, name)).toContain('Full name is required');

    await name.fill('Ngozi Adeyemi');
    await form.getByLabel('Phone').fill('+2348023456789');
    await form.getByLabel('Address').fill('14 Awolowo Road, Ikoyi, Lagos');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expectVisible(page, 'Profile updated!');
    await expectVisible(page, 'Your profile has been updated successfully.');
    await page.getByRole('button', { name: 'Hi, Ngozi Adeyemi' }).waitFor();

    // Saved on the server: a reload reads the same values back.
    await page.reload();
    const reloaded = page.getByRole('form', { name: 'Profile' });
    await reloaded.getByLabel('Full Name').waitFor();
    await expect.poll(() => reloaded.getByLabel('Full Name').inputValue()).toBe('Ngozi Adeyemi');
    expect(await reloaded.getByLabel('Address').inputValue()).toBe('14 Awolowo Road, Ikoyi, Lagos');
    await page.getByRole('button', { name: 'Hi, Ngozi Adeyemi' }).waitFor();
    expect(env.pageErrors).toEqual([]);
  });

  it('lists her orders with status badges, keeps the tab in the URL, and opens an order', async () => {
    const page = await env.newPage();
    await signIn(page, '/auth', DEMO_CUSTOMER, /\/$/);
    const token = await page.evaluate(() => window.localStorage.getItem('auth_token'));
    const response = await fetch(`${env.baseUrl}/api/orders`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.ok).toBe(true);
    const orders = (await response.json()) as OrderDto[];
    expect(orders.length).toBeGreaterThan(0);

    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Orders' }).click();
    await page.waitForURL(/\/settings\?tab=orders$/);
    const list = page.getByRole('list', { name: 'Orders' });
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(orders.length);

    for (const [status, colour] of Object.entries(BADGE_COLOURS)) {
      const order = orders.find((o) => o.status === status);
      expect(order, `the demo customer has a ${status} order`).toBeDefined();
      if (!order) continue;
      const item = list
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: `Order #${order.id}` }) });
      const label = status.charAt(0).toUpperCase() + status.slice(1);
      const badge = item.getByText(label, { exact: true });
      await badge.waitFor();
      expect(await badge.getAttribute('class')).toMatch(colour);
      expect(await item.textContent()).toContain('₦');
    }
    await env.screenshot(page, 'settings-orders-1280');

    // Reload keeps the tab; Refresh asks again.
    await page.reload();
    await list.waitFor();
    expect(await page.getByRole('tab', { name: 'Orders' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await list.waitFor();

    const first = orders[0];
    if (!first) throw new Error('no orders');
    await list.getByRole('link', { name: `View Details of order #${first.id}` }).click();
    await page.waitForURL(`${env.baseUrl}/order/${first.id}`);
    expect(env.pageErrors).toEqual([]);
  });

  it('adds two addresses, makes the second the default, edits one and deletes one', async () => {
    const page = await env.newPage();
    await registerCustomer(page, 'Tunde Bakare');
    await page.goto('/settings?tab=addresses');
    await expectVisible(page, 'No saved addresses');
    await env.screenshot(page, 'settings-addresses-empty-1280');

    const addAddress = async (name: string, street: string, city: string) => {
      await page.getByRole('button', { name: 'Add Address' }).first().click();
      const form = page.getByRole('form', { name: 'Add Address' });
      await form.getByLabel('Full Name').fill(name);
      await form.getByLabel('Street Address').fill(street);
      await form.getByLabel('City').fill(city);
      await form.getByLabel('State').fill('Lagos');
      await form.getByLabel('Postal Code').fill('100001');
      await form.getByLabel('Phone').fill('+2348031112222');
      await form.getByRole('button', { name: 'Save Address' }).click();
      await form.waitFor({ state: 'detached' });
    };

    // The dialog checks with the server's rules before sending.
    await page.getByRole('button', { name: 'Add Address' }).first().click();
    const empty = page.getByRole('form', { name: 'Add Address' });
    await empty.getByRole('button', { name: 'Save Address' }).click();
    expect(await describedText(page, empty.getByLabel('City'))).toContain('This field is required');
    await page.keyboard.press('Escape');
    await empty.waitFor({ state: 'detached' });

    await addAddress('Tunde Bakare', '22 Allen Avenue, Ikeja', 'Ikeja');
    await addAddress('Funmi Bakare', '5 Admiralty Way, Lekki Phase 1', 'Lekki');

    const list = page.getByRole('list', { name: 'Saved addresses' });
    const cards = list.getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(2);
    const ikeja = cards.filter({ hasText: '22 Allen Avenue' });
    const lekki = cards.filter({ hasText: 'Admiralty Way' });
    // The first address saved is the default.
    await ikeja.getByText('Default', { exact: true }).waitFor();
    await expect.poll(() => lekki.getByText('Default', { exact: true }).count()).toBe(0);

    await lekki.getByRole('button', { name: 'Set as default' }).click();
    await lekki.getByText('Default', { exact: true }).waitFor();
    await expect.poll(() => ikeja.getByText('Default', { exact: true }).count()).toBe(0);
    await env.screenshot(page, 'settings-addresses-1280');

    await ikeja.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit Address' });
    expect(await edit.getByLabel('Street Address').inputValue()).toBe('22 Allen Avenue, Ikeja');
    await edit.getByLabel('Street Address').fill('40 Opebi Road, Ikeja, Lagos');
    await edit.getByRole('button', { name: 'Save Address' }).click();
    await edit.waitFor({ state: 'detached' });
    const opebi = cards.filter({ hasText: '40 Opebi Road' });
    await opebi.waitFor();
    await expect.poll(() => cards.filter({ hasText: '22 Allen Avenue' }).count()).toBe(0);

    await opebi.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this address?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Delete Address' }).click();
    await expect.poll(() => cards.count()).toBe(1);
    await lekki.getByText('Default', { exact: true }).waitFor();

    // Saved on the server: a reload shows the same list.
    await page.reload();
    await lekki.waitFor();
    expect(await cards.count()).toBe(1);
    expect(env.pageErrors).toEqual([]);
  });

  it('changes the password: a wrong current one is refused under its field, the new one signs in', async () => {
    const page = await env.newPage();
    const email = await registerCustomer(page, 'Kemi Adebayo');
    await page.goto('/settings?tab=security');
    const form = page.getByRole('form', { name: 'Change password' });
    const current = form.getByLabel('Current Password');
    const next = form.getByLabel('New Password', { exact: true });
    const confirm = form.getByLabel('Confirm New Password');

    // Spec 5's account form messages: the new password named when missing, 'at least 8 characters'.
    await current.fill(STRONG_PASSWORD);
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expectVisible(page, 'New password is required');
    expect(await describedText(page, next)).toContain('New password is required');
    await next.fill('Ab1');
    await confirm.fill('Ab1');
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expectVisible(page, 'Password must be at least 8 characters');
    expect(await describedText(page, next)).not.toContain('long');

    await next.fill(NEW_PASSWORD);
    await confirm.fill('Different789');
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expectVisible(page, 'New passwords do not match.');
    expect(await describedText(page, confirm)).toContain('New passwords do not match.');

    await current.fill('WrongPass1');
    await confirm.fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expectVisible(page, 'The current password is incorrect.');
    expect(await describedText(page, current)).toContain('The current password is incorrect.');
    await env.screenshot(page, 'settings-security-wrong-1280');

    await current.fill(STRONG_PASSWORD);
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expectVisible(page, 'Password changed!');
    await expect.poll(() => current.inputValue()).toBe('');
    expect(await next.inputValue()).toBe('');
    expect(await confirm.inputValue()).toBe('');

    // The old password no longer signs in; the new one does, through /auth.
    const old = await fetch(`${env.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: STRONG_PASSWORD }),
    });
    expect(old.status).toBe(401);
    const fresh = await env.newPage();
    await signIn(fresh, '/auth', { email, password: NEW_PASSWORD }, /\/$/);
    await fresh.getByRole('button', { name: 'Hi, Kemi Adebayo' }).waitFor();
    expect(env.pageErrors).toEqual([]);
  });

  it('reports a vendor from the shop page; a second report reads the server message', async () => {
    const vendors = (await (await fetch(`${env.baseUrl}/api/vendors`)).json()) as PublicVendorDto[];
    const vendor = vendors[0];
    if (!vendor) throw new Error('The demo data has no shops.');

    const page = await env.newPage();
    await registerCustomer(page, 'Bola Ahmed');
    await page.goto(`/shop/${vendor.id}`);

    const report = async () => {
      await page.getByRole('button', { name: 'Report Vendor' }).click();
      const form = page.getByRole('form', { name: 'Report vendor' });
      await form.getByLabel('Poor quality').check();
      await form.getByLabel('Details').fill('The stitching came apart after one wear and the seller did not reply.');
      await form.getByRole('button', { name: 'Submit Report' }).click();
      return form;
    };

    const first = await report();
    await expectVisible(page, 'Report submitted');
    await first.waitFor({ state: 'detached' });

    const second = await report();
    await expectVisible(page, 'You have already reported this shop; we are looking into it.');
    // The dialog stays open with what was typed.
    expect(await second.getByLabel('Details').inputValue()).toContain('stitching');
    await env.screenshot(page, 'shop-report-again-1280');
    expect(env.pageErrors).toEqual([]);
  });

  it('shows every settings tab at phone and desktop widths', async () => {
    for (const width of [390, 1280]) {
      const page = await env.newPage({ width, height: 844 });
      await signIn(page, '/auth', DEMO_CUSTOMER, /\/$/);
      await page.goto('/settings');
      await page.getByRole('heading', { level: 1, name: 'Account Settings' }).waitFor();
      for (const tab of ['profile', 'orders', 'addresses', 'wishlist', 'security']) {
        const trigger = page.getByRole('tab', { name: tab.charAt(0).toUpperCase() + tab.slice(1) });
        await trigger.click();
        await page.waitForURL(tab === 'profile' ? /\/settings$/ : new RegExp(`/settings\\?tab=${tab}$`));
        // The address changes a moment before the tab re-renders: wait for the tab itself.
        await expect.poll(() => trigger.getAttribute('aria-selected')).toBe('true');
        await page.waitForLoadState('networkidle');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${tab} at ${width} scrolls sideways`).toBeLessThanOrEqual(0);
        await env.screenshot(page, `settings-${tab}-${width}`);
      }
    }
    expect(env.pageErrors).toEqual([]);
  });
});
