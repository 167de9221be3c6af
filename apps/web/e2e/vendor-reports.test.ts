import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, type E2eEnv, startE2eEnv } from './harness';
import {
  api,
  DEMO_PENDING_VENDOR,
  DEMO_START_TIMEOUT_MS,
  login,
  registerCustomerAccount,
  signIn,
  DEMO_VENDOR as VENDOR,
} from './steps';

interface VendorOrder {
  id: number;
  status: string;
  cancellation_reason: string | null;
  refunded_amount: number;
}

/** The focused element's outline, as the browser draws it. */
function focusOutline(page: Page): Promise<{ color: string; style: string; width: string; label: string }> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement)) return { color: '', style: '', width: '', label: '' };
    const style = getComputedStyle(element);
    return {
      color: style.outlineColor,
      style: style.outlineStyle,
      width: style.outlineWidth,
      label: element.textContent?.trim() ?? '',
    };
  });
}

describe.skipIf(!browserAvailable())('vendor dashboard: reports about the shop', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2eEnv({ demoData: true });
  }, DEMO_START_TIMEOUT_MS);

  afterAll(async () => {
    await env?.close();
  });

  it("lists a customer's report about the shop, reached with the keyboard, with a visible focus outline", async () => {
    // A new customer (no open report of their own yet) reports the demo shop.
    const vendorToken = await login(env, VENDOR);
    const { vendor } = await api<{ vendor: { id: number } }>(env, vendorToken, '/profile');
    const customer = await registerCustomerAccount(env, 'Chidi Okafor', 'Customer123!');
    const details = `The cap I received looked nothing like the pictures (e2e ${Date.now().toString(36)}).`;
    await api(env, await login(env, customer), '/reports', {
      method: 'POST',
      body: JSON.stringify({ vendor_id: vendor.id, reason: 'Misleading information', description: details }),
    });

    const page = await env.newPage();
    await signIn(page, '/vendor/auth', VENDOR, '**/vendor/dashboard');
    await page.getByRole('heading', { level: 2, name: 'Overview' }).waitFor();

    // The Reports tab is reached with Tab alone and opened with Enter.
    const menu = page.getByRole('navigation', { name: 'Vendor dashboard' });
    const reportsLink = menu.getByRole('link', { name: 'Reports', exact: true });
    let reached = false;
    for (let presses = 0; presses < 60 && !reached; presses += 1) {
      await page.keyboard.press('Tab');
      reached = await reportsLink.evaluate((element) => element === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/vendor/dashboard?tab=reports');
    await page.getByRole('heading', { level: 2, name: 'Reports' }).waitFor();
    expect(await reportsLink.getAttribute('aria-current')).toBe('page');

    // The focused active item's outline is the dark ring of the other items, not white on the white menu.
    await expect.poll(() => reportsLink.evaluate((element) => element === document.activeElement)).toBe(true);
    const active = await focusOutline(page);
    await env.screenshot(page, 'vendor-reports-active-focus-1280');
    expect(active.label).toBe('Reports');
    expect(active.style).toBe('solid');
    expect(active.color).not.toBe('rgb(255, 255, 255)');
    await page.keyboard.press('Shift+Tab');
    const inactive = await focusOutline(page);
    expect(inactive.label).toBe('Coupons');
    expect(active.color).toBe(inactive.color);
    expect(active.width).toBe(inactive.width);

    // The report shows its reason, details, status and date; never who sent it.
    const list = page.getByRole('list', { name: 'Reports about your shop' });
    await list.waitFor();
    const card = list.getByRole('group').filter({ hasText: details });
    await card.waitFor();
    expect(await card.getByRole('heading', { level: 3 }).textContent()).toBe('Misleading information');
    expect(await card.textContent()).toContain('Pending');
    expect(await card.locator('time').getAttribute('datetime')).toBeTruthy();
    expect(await card.textContent()).not.toContain('Chidi');
    await env.screenshot(page, 'vendor-reports-1280');

    // A reload keeps the tab; on a phone the drawer's Reports item opens it too.
    await page.reload();
    await list.getByRole('group').filter({ hasText: details }).waitFor();
    const phone = await env.newPage({ width: 412, height: 915 });
    await signIn(phone, '/vendor/auth', VENDOR, '**/vendor/dashboard');
    await phone.getByRole('button', { name: 'Menu', exact: true }).click();
    const drawer = phone.getByRole('dialog', { name: 'Dashboard menu' });
    await drawer.getByRole('link', { name: 'Reports', exact: true }).focus();
    await phone.keyboard.press('Enter');
    await phone.waitForURL('**/vendor/dashboard?tab=reports');
    await drawer.waitFor({ state: 'detached' });
    await phone.getByRole('list', { name: 'Reports about your shop' }).getByRole('group').first().waitFor();
    await env.screenshot(phone, 'vendor-reports-412');
    expect(env.pageErrors).toEqual([]);
  });

  it('shows a shop with no reports (one still pending verification) the empty state', async () => {
    const page = await env.newPage();
    await signIn(page, '/vendor/auth', DEMO_PENDING_VENDOR, '**/vendor/dashboard');
    await page.goto('/vendor/dashboard?tab=reports');
    await page.getByRole('heading', { level: 2, name: 'Reports' }).waitFor();
    await page.getByText('No reports about your shop').waitFor();
    expect(await page.getByRole('list', { name: 'Reports about your shop' }).count()).toBe(0);
    // An unknown tab still falls back to the overview.
    await page.goto('/vendor/dashboard?tab=report');
    await page.getByRole('heading', { level: 2, name: 'Overview' }).waitFor();
  });

  it('ends a cancelled order note with one full stop when the reason has its own', async () => {
    const token = await login(env, VENDOR);
    const answer = await api<VendorOrder[] | { data: VendorOrder[] }>(env, token, '/vendor/orders');
    const orders = Array.isArray(answer) ? answer : answer.data;
    const order = orders.find((each) => each.status === 'cancelled' && each.cancellation_reason?.trim().endsWith('.'));
    if (!order?.cancellation_reason)
      throw new Error('The demo data has no cancelled order with a reason ending in "."');

    const page = await env.newPage();
    await signIn(page, '/vendor/auth', VENDOR, '**/vendor/dashboard');
    await page.goto('/vendor/dashboard?tab=orders');
    const card = page.getByRole('list', { name: 'Orders' }).getByRole('group', { name: `Order #${order.id}` });
    await card.waitFor();
    const text = (await card.textContent()) ?? '';
    expect(text).toContain(`Cancelled: ${order.cancellation_reason.trim()}`);
    expect(text).not.toContain('..');
  });
});
