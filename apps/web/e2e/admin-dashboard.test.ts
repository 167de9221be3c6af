import {
  type AdminDashboardDto,
  type AdminProductDto,
  type AdminReportsDto,
  type AdminVendorDetailDto,
  ERROR_MESSAGES,
  formatNaira,
  type PagedAdminProductsDto,
  type PagedAdminVendorsDto,
} from '@caps/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, type E2eEnv, startE2eEnv } from './harness';
import {
  DEMO_ADMIN as ADMIN,
  api,
  apiResponse,
  DEMO_START_TIMEOUT_MS,
  describedText,
  expectToast,
  login,
  signIn,
  signInAsAdmin,
  statCard,
  statValue,
  submitLogin,
  DEMO_VENDOR as VENDOR,
} from './steps';

const CUSTOMER_TO_SUSPEND = { email: 'chidi@capsmarket.ng', password: 'Customer123!', name: 'Chidi Okeke' };
/** pending.vendor@capsmarket.ng's shop, waiting for verification in the demo data. */
const PENDING_SHOP = 'Bama Craft Caps';
/** The demo vendor's shop, which has orders and reviews. */
const REVIEWED_SHOP = 'Zanna Heritage Caps';
const UNHANDLED_MESSAGE_SUBJECT = 'Delivery to Maiduguri';

const countFormat = new Intl.NumberFormat('en-NG');

describe.skipIf(!browserAvailable())('the admin dashboard in the browser', () => {
  let env: E2eEnv;
  let adminToken: string;

  beforeAll(async () => {
    env = await startE2eEnv({ demoData: true });
    adminToken = await login(env, ADMIN);
  }, DEMO_START_TIMEOUT_MS);

  afterAll(async () => {
    await env?.close();
  });

  /** Follows a side menu entry (wide screens) and waits for the tab's heading. */
  async function openTab(page: Page, label: string, heading: RegExp): Promise<void> {
    await page.getByRole('navigation', { name: 'Admin dashboard' }).getByRole('link', { name: label }).click();
    await page.getByRole('heading', { level: 2, name: heading }).waitFor();
  }

  it('sends visitors and vendors to /admin/auth, and refuses a vendor token on the admin API', async () => {
    const visitor = await env.newPage();
    await visitor.goto('/admin/dashboard');
    await visitor.waitForURL('**/admin/auth');
    await visitor.getByRole('form', { name: 'Admin login' }).waitFor();
    // A visitor is simply asked to sign in; only someone signed in with another role is told why.
    expect(await visitor.getByText('Please sign in with an admin account.').count()).toBe(0);

    const vendorToken = await login(env, VENDOR);
    expect((await apiResponse(env, vendorToken, '/admin/users')).status).toBe(403);
    expect((await apiResponse(env, vendorToken, '/admin/dashboard')).status).toBe(403);
    expect((await fetch(`${env.baseUrl}/api/admin/users`)).status).toBe(401);
    // Spec 8's lookup messages for records that do not exist.
    for (const [path, message] of [
      ['/admin/users/999999', ERROR_MESSAGES.userNotFound],
      ['/admin/vendors/999999', ERROR_MESSAGES.vendorNotFound],
      ['/admin/products/999999', ERROR_MESSAGES.productNotFound],
    ] as const) {
      const response = await apiResponse(env, adminToken, path);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }

    const vendor = await env.newPage();
    await signIn(vendor, '/vendor/auth', VENDOR, '**/vendor/dashboard');
    await vendor.goto('/admin/dashboard');
    await vendor.waitForURL('**/admin/auth');
    await vendor.getByRole('status').getByText('Please sign in with an admin account.').waitFor();
  });

  it('forgets a token the server no longer accepts and goes to /admin/auth', async () => {
    const page = await env.newPage();
    await page.goto('/admin/auth');
    await page.evaluate(() => {
      localStorage.setItem('auth_token', 'revoked-or-made-up');
      localStorage.setItem('user', JSON.stringify({ id: 1, name: 'Nobody', email: 'x@example.com', role: 'admin' }));
    });
    await page.goto('/admin/dashboard');
    await page.waitForURL('**/admin/auth');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });

  it('shows the real figures of GET /api/admin/dashboard on the overview', async () => {
    const page = await env.newPage();
    await signInAsAdmin(page);
    await page.getByRole('heading', { level: 2, name: 'Overview' }).waitFor();
    const figures = await api<AdminDashboardDto>(env, adminToken, '/admin/dashboard');

    await statCard(page, 'Marketplace figures', 'Total Products').waitFor();
    const cardText = (label: string) => statCard(page, 'Marketplace figures', label).textContent();
    expect(await cardText('Total Products')).toContain(countFormat.format(figures.total_products.value));
    expect(await cardText('Active Vendors')).toContain(countFormat.format(figures.active_vendors.value));
    expect(await cardText('Total Users')).toContain(countFormat.format(figures.total_users.value));
    expect(await cardText('Monthly Revenue')).toContain(formatNaira(figures.monthly_revenue.value));
    expect(await cardText('Total Products')).toContain('from last month');

    const activity = page.getByRole('list', { name: 'Recent activity' }).getByRole('listitem');
    expect(await activity.count()).toBe(figures.recent_activity.length);
    const first = figures.recent_activity[0];
    if (first) expect(await activity.first().textContent()).toContain(first.message);

    const status = (label: string) =>
      page.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]').textContent();
    expect(await status('System Health')).toBe(figures.system_status.database_ok ? 'Healthy' : 'Database unreachable');
    expect(await status('Server Response')).toMatch(/^\d+ ms$/);
    expect(await status('Pending Reviews')).toBe(String(figures.system_status.pending_vendors));
    expect(await status('Reported Issues')).toBe(String(figures.system_status.open_reports));
    await env.screenshot(page, 'admin-overview-1280');
  });

  it('verifies the pending shop, which then shows as Verified and appears on /shops', async () => {
    const page = await env.newPage();
    await signInAsAdmin(page);
    await page.goto('/shops');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.getByText(PENDING_SHOP).count()).toBe(0);

    await page.goto('/admin/dashboard?tab=vendors');
    await page.getByRole('heading', { level: 2, name: /^Vendors/ }).waitFor();
    await page.getByLabel('Search vendors').fill('bama craft');
    const card = page.getByRole('list', { name: 'Vendors' }).getByRole('listitem').filter({ hasText: PENDING_SHOP });
    await card.getByText('Pending', { exact: true }).waitFor();
    await env.screenshot(page, 'admin-vendors-1280');
    await card.getByRole('button', { name: 'View', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: PENDING_SHOP });
    await dialog.getByText('Unverified').waitFor();
    await dialog.getByRole('tab', { name: /^Orders/ }).click();
    await dialog.getByRole('tab', { name: /^Reviews/ }).click();
    // A new shop has no reviews yet: no default stars pretend otherwise.
    await dialog.getByText('No reviews yet').waitFor();
    await expect.poll(() => dialog.getByRole('img', { name: /^Rated/ }).count()).toBe(0);
    await env.screenshot(page, 'admin-vendor-dialog-1280');
    await dialog.getByRole('tab', { name: 'Actions' }).click();
    await dialog.getByRole('button', { name: 'Verify Vendor' }).click();
    await expectToast(page, 'Vendor verified');
    await dialog.getByRole('button', { name: 'Verify Vendor' }).waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('Verified', { exact: true }).waitFor();
    // Edit opens the same dialog straight on its Actions, where the admin acts on the shop.
    await card.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect.poll(() => dialog.getByRole('tab', { name: 'Actions' }).getAttribute('aria-selected')).toBe('true');
    await dialog.getByRole('button', { name: 'Suspend Account' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // A search that matches nothing says so.
    await page.getByLabel('Search vendors').fill('no such shop anywhere');
    await page.getByText('No vendors found').waitFor();

    await page.goto('/shops');
    await page.getByText(PENDING_SHOP).first().waitFor();
  });

  it('shows the real rating, review count, reviews and orders of a shop in its dialog', async () => {
    const vendors = await api<PagedAdminVendorsDto>(
      env,
      adminToken,
      `/admin/vendors?search=${encodeURIComponent(REVIEWED_SHOP)}`,
    );
    const shop = vendors.data.find((vendor) => vendor.shop_name === REVIEWED_SHOP);
    if (!shop || shop.total_reviews === 0) throw new Error(`${REVIEWED_SHOP} needs reviews in the demo data`);
    const detail = await api<AdminVendorDetailDto>(env, adminToken, `/admin/vendors/${shop.id}`);

    const page = await env.newPage();
    await signInAsAdmin(page);
    await openTab(page, 'Vendors', /^Vendors/);
    await page
      .getByRole('list', { name: 'Vendors' })
      .getByRole('group', { name: REVIEWED_SHOP, exact: true })
      .getByRole('button', { name: 'View', exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: REVIEWED_SHOP });
    await dialog.getByText(shop.account_number).waitFor();
    await dialog.getByRole('tab', { name: `Orders (${detail.orders.length})` }).click();
    const firstOrder = detail.orders[0];
    if (firstOrder) await dialog.getByText(new RegExp(`^Order #${firstOrder.id} ·`)).waitFor();
    await dialog.getByRole('tab', { name: `Reviews (${detail.reviews.length})` }).click();
    await dialog
      .getByRole('img', {
        name: `Rated ${shop.average_rating.toFixed(1)} out of 5, ${shop.total_reviews} ${shop.total_reviews === 1 ? 'review' : 'reviews'}`,
      })
      .waitFor();
    const firstReview = detail.reviews[0];
    if (firstReview) await dialog.getByText(firstReview.comment).first().waitFor();
  });

  it('suspends a customer, who then cannot sign in at /auth', async () => {
    const page = await env.newPage();
    await signInAsAdmin(page);
    await openTab(page, 'Users', /^Users/);
    await page.getByLabel('Search users').fill('chidi');
    const row = page.getByRole('row').filter({ hasText: CUSTOMER_TO_SUSPEND.email });
    await row.getByText('Active', { exact: true }).waitFor();
    // The server searches by name or email: the header row and Chidi's are left.
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await row.getByRole('button', { name: 'View', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: CUSTOMER_TO_SUSPEND.name });
    await dialog.getByRole('tab', { name: /^Orders/ }).click();
    await dialog.getByRole('tab', { name: 'Addresses' }).click();
    await dialog.getByRole('tab', { name: 'Actions' }).click();
    // View Profile (spec: "Actions (View Profile, Suspend Account)") goes back to the account's Overview.
    await dialog.getByRole('button', { name: 'View Profile' }).click();
    await expect.poll(() => dialog.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    await dialog.getByText(CUSTOMER_TO_SUSPEND.email).first().waitFor();
    await dialog.getByRole('tab', { name: 'Actions' }).click();
    await dialog.getByRole('button', { name: 'Suspend Account' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Suspend ${CUSTOMER_TO_SUSPEND.name}?` });
    await confirm.getByRole('button', { name: 'Suspend' }).click();
    await expectToast(page, 'User suspended');
    await dialog.getByRole('button', { name: 'Reinstate Account' }).waitFor();
    await page.keyboard.press('Escape');
    await row.getByText('Suspended', { exact: true }).waitFor();

    const customer = await env.newPage();
    const form = await submitLogin(customer, '/auth', CUSTOMER_TO_SUSPEND);
    await form.getByRole('alert').filter({ hasText: ERROR_MESSAGES.suspended }).waitFor();
    expect(customer.url()).toBe(`${env.baseUrl}/auth`);
  });

  it('resolves a report and the counts follow', async () => {
    const page = await env.newPage();
    await signInAsAdmin(page);
    await openTab(page, 'Reports', /^Reports/);
    const before = await api<AdminReportsDto>(env, adminToken, '/admin/reports');
    await statCard(page, 'Report counts', 'Pending').waitFor();
    expect(await statValue(page, 'Report counts', 'Pending')).toBe(before.counts.pending);
    expect(await statValue(page, 'Report counts', 'Resolved')).toBe(before.counts.resolved);
    expect(await statValue(page, 'Report counts', 'Total')).toBe(before.counts.total);
    // Spec 2: the serious reasons are highlighted.
    const serious = before.data.find((report) => report.reason === 'Scam/Fraud' || report.reason === 'Fake products');
    if (serious) await page.getByRole('row').getByText(`${serious.reason} (serious)`).first().waitFor();
    await env.screenshot(page, 'admin-reports-1280');

    const pending = before.data.find((report) => report.status === 'pending');
    if (!pending) throw new Error('The demo data has no pending report');
    // Each Resolve is named by its word and described by its report's number.
    const resolveButtons = await page.getByRole('button', { name: 'Resolve', exact: true }).all();
    const described = await Promise.all(resolveButtons.map((button) => describedText(page, button)));
    const resolve = resolveButtons[described.indexOf(`Report #${pending.id}`)];
    if (!resolve) throw new Error(`No Resolve button described by Report #${pending.id}`);
    await resolve.click();
    await expectToast(page, 'Report status updated');
    await expect.poll(() => statValue(page, 'Report counts', 'Resolved')).toBe(before.counts.resolved + 1);
    expect(await statValue(page, 'Report counts', 'Pending')).toBe(before.counts.pending - 1);
    expect(await statValue(page, 'Report counts', 'Total')).toBe(before.counts.total);
  });

  it('reads a contact message and marks it handled', async () => {
    const page = await env.newPage();
    await signInAsAdmin(page);
    await openTab(page, 'Messages', /^Messages/);
    const card = page
      .getByRole('list', { name: 'Contact messages' })
      .getByRole('listitem')
      .filter({ hasText: UNHANDLED_MESSAGE_SUBJECT });
    await card.getByText('How long does delivery to Maiduguri take').waitFor();
    await card.getByText('New', { exact: true }).waitFor();
    await card.getByRole('button', { name: /^Mark as handled/ }).click();
    await expectToast(page, 'Message marked as handled');
    await card.getByText('Handled', { exact: true }).waitFor();
    await card.getByText(/Handled by Platform Admin on/).waitFor();
  });

  it('edits a price that the product page then shows, and archives a cap that leaves /browse-caps', async () => {
    const products = await api<PagedAdminProductsDto>(env, adminToken, '/admin/products?per_page=500');
    const names = new Map<string, number>();
    for (const product of products.data) names.set(product.name, (names.get(product.name) ?? 0) + 1);
    const unique = products.data.filter((product) => !product.archived && names.get(product.name) === 1);
    const [toEdit, toArchive] = unique as [AdminProductDto | undefined, AdminProductDto | undefined];
    if (!toEdit || !toArchive) throw new Error('The demo data needs two caps with their own names');
    const newPrice = toEdit.price === 12_345 ? 12_346 : 12_345;

    const page = await env.newPage();
    await signInAsAdmin(page);
    await openTab(page, 'Products', /^Products \(\d+\)$/);
    await page.getByLabel('Search products').fill(toEdit.name);
    const editRow = page.getByRole('row').filter({ hasText: toEdit.name });
    await editRow.waitFor();
    await editRow.getByRole('button', { name: `Edit ${toEdit.name}` }).click();
    const form = page.getByRole('form', { name: 'Edit product' });
    await form.getByLabel('Price (₦)').fill('0');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await form.getByText('Price must be a positive number').waitFor();
    await env.screenshot(page, 'admin-product-edit-1280');
    await form.getByLabel('Price (₦)').fill(String(newPrice));
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Product updated!');
    await form.waitFor({ state: 'detached' });
    await editRow.getByText(formatNaira(newPrice)).waitFor();

    await page.getByLabel('Search products').fill(toArchive.name);
    const archiveRow = page.getByRole('row').filter({ hasText: toArchive.name });
    await archiveRow.getByText(toArchive.status, { exact: true }).waitFor();
    await archiveRow.getByRole('button', { name: `Delete ${toArchive.name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Product archived');
    await archiveRow.getByText('Archived', { exact: true }).waitFor();
    await env.screenshot(page, 'admin-products-1280');

    const storefront = await env.newPage();
    await storefront.goto(`/product/${toEdit.id}`);
    await storefront.getByRole('heading', { level: 1, name: toEdit.name }).waitFor();
    await storefront.getByText(formatNaira(newPrice)).first().waitFor();

    const browse = `/browse-caps?search=${encodeURIComponent(toArchive.name)}`;
    await storefront.goto(browse);
    await storefront.waitForLoadState('networkidle');
    await storefront.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(() => storefront.locator(`a[href="/product/${toArchive.id}"]`).count()).toBe(0);
    // The same search still finds the edited cap: the page did show results, just not the archived one.
    await storefront.goto(`/browse-caps?search=${encodeURIComponent(toEdit.name)}`);
    await storefront.locator(`a[href="/product/${toEdit.id}"]`).first().waitFor();
  });

  it('shows the audit log of the actions above', async () => {
    const page = await env.newPage();
    await signInAsAdmin(page);
    await openTab(page, 'Audit Log', /^Audit Log/);
    const table = page.getByRole('table', { name: 'Audit log' });
    for (const action of ['Verified a shop', 'Suspended an account', 'Changed a report status', 'Edited a product']) {
      await table.getByText(action).first().waitFor();
    }
    await table.getByText('Platform Admin').first().waitFor();
  });

  it('works on a phone: the menu is a drawer that Escape closes, tables scroll inside their card', async () => {
    const page = await env.newPage({ width: 390, height: 844 });
    await signInAsAdmin(page);
    await page.getByRole('heading', { level: 2, name: 'Overview' }).waitFor();
    await env.screenshot(page, 'admin-overview-390');

    // One "Menu" button: the header shows no menu of its own on the dashboard, the drawer leads back to the store.
    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    expect(await page.getByRole('button', { name: 'Open menu' }).count()).toBe(0);
    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Dashboard menu' });
    await drawer.getByRole('link', { name: 'Users' }).waitFor();
    await drawer.getByRole('link', { name: 'Back to store' }).waitFor();
    await env.screenshot(page, 'admin-drawer-390');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await menuButton.evaluate((button) => button === document.activeElement)).toBe(true);

    await menuButton.click();
    await drawer.getByRole('link', { name: 'Products' }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 2, name: /^Products/ }).waitFor();
    await page.getByRole('table', { name: 'Products' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await env.screenshot(page, 'admin-products-390');

    await page.goto('/admin/dashboard?tab=users');
    await page.getByRole('table', { name: 'Users' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await env.screenshot(page, 'admin-users-390');
    const view = page.getByRole('row').filter({ hasText: 'Amina Bello' }).getByRole('button', { name: 'View' });
    await view.click();
    const dialog = page.getByRole('dialog', { name: 'Amina Bello' });
    await dialog.getByRole('tab', { name: /^Orders/ }).click();
    await dialog
      .getByText(/^Order #\d+/)
      .first()
      .waitFor();
    await env.screenshot(page, 'admin-user-dialog-390');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The keyboard user is back on the View button, not on <body>.
    await expect.poll(() => view.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('logs out from the side menu to /admin/auth', async () => {
    const page = await env.newPage();
    await signInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Admin dashboard' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/auth');
    await expectToast(page, 'Logged out');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await page.goto('/admin/dashboard');
    await page.waitForURL('**/admin/auth');
  });
});
