import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, type E2eEnv, startE2eEnv } from './harness';
import { consoleErrorsOf, DEMO_CUSTOMER, signIn, signInAsAdmin } from './steps';

/** Chromium logs every 4xx answer as a failed resource load: refused calls are expected results here. */
const FAILED_RESOURCE = /^Failed to load resource/;

/** Every call the page makes to the REST adapter, as "METHOD /api/path". */
function apiCallsOf(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

/** The row of one endpoint on /backend-test, named by its method and path. */
function endpointRow(page: Page, path: string): Locator {
  return page.getByRole('listitem', { name: `GET ${path}`, exact: true });
}

/** A status badge: "200 OK", "401 Unauthorized", "Network error" (not a time such as "120 ms"). */
const STATUS_TEXT = /^(\d{3}( [A-Z][A-Za-z -]*)?|Network error)$/;

/** The status a row shows once its call has answered. */
async function shownStatus(row: Locator): Promise<string> {
  const badge = row.getByText(STATUS_TEXT);
  await badge.waitFor();
  return (await badge.textContent()) ?? '';
}

/** Whether a control is marked invalid and points (aria-describedby) at the element showing `message`. */
async function expectFieldError(form: Locator, control: Locator, message: string): Promise<void> {
  await expect.poll(() => control.getAttribute('aria-invalid')).toBe('true');
  const shown = form.getByText(message, { exact: true });
  const describedBy = ((await control.getAttribute('aria-describedby')) ?? '').split(' ');
  expect(describedBy).toContain(await shown.getAttribute('id'));
}

/** The summary of a finished performance run, term → value. */
async function summaryOf(page: Page): Promise<Record<string, string>> {
  const summary = page.getByRole('region', { name: 'Summary', exact: true });
  await summary.waitFor();
  return summary.locator('dl').evaluate((list) => {
    const entries: Record<string, string> = {};
    for (const term of Array.from(list.querySelectorAll('dt'))) {
      entries[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? '';
    }
    return entries;
  });
}

/** Clicks Run All and waits for the closing announcement, read out once the last call has answered. */
async function runAll(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Run All' }).click();
  await page.getByText(/^Ran \d+ calls: /).waitFor({ state: 'attached', timeout: 30_000 });
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** What a customer or a visitor gets instead of a developer page (issue 10: they are for admins). */
const ADMINS_ONLY = 'The developer pages are for admins. Please sign in with an admin account.';
const DEV_PAGES = ['/backend-test', '/product-test', '/order-test', '/performance-test'] as const;

describe.skipIf(!browserAvailable())('developer pages in the browser', () => {
  let env: E2eEnv;

  /** A page signed in as the demo admin: the developer pages ship in the build for admins only. */
  async function adminPage(viewport?: { width: number; height: number }): Promise<Page> {
    const page = await env.newPage(viewport);
    await signInAsAdmin(page);
    return page;
  }

  beforeAll(async () => {
    env = await startE2eEnv({ demoData: true });
  }, 180_000);

  afterAll(async () => {
    await env?.close();
  });

  it("sends a visitor and a customer to the admin sign-in, and never fetches the pages' code", async () => {
    const visitor = await env.newPage();
    const customer = await env.newPage();
    await signIn(customer, '/auth', DEMO_CUSTOMER, /\/$/);
    for (const page of [visitor, customer]) {
      const chunks: string[] = [];
      page.on('request', (request) => {
        if (/(backend|product|order|performance)-test-page/.test(request.url())) chunks.push(request.url());
      });
      for (const path of DEV_PAGES) {
        await page.goto(path);
        await page.waitForURL('**/admin/auth');
        await page.getByRole('status').getByText(ADMINS_ONLY).waitFor();
        await page.getByRole('form', { name: 'Admin login' }).waitFor();
      }
      expect(chunks).toEqual([]);
    }
    // The customer is still signed in as a customer: only the page was refused.
    expect(await customer.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();
  });

  it('runs every backend call as the admin: 200 for the catalogue, 403 for the cart, and writes nothing', async () => {
    const page = await adminPage();
    const consoleErrors = consoleErrorsOf(page, FAILED_RESOURCE);
    const calls = apiCallsOf(page);
    await page.goto('/backend-test');
    await expect.poll(() => page.title()).toBe('Backend Test | Caps Marketplace');
    await page.getByRole('heading', { level: 1, name: 'Backend Test' }).waitFor();
    await page.getByText(/Token held for .* role admin/).waitFor();

    await runAll(page);

    expect(await shownStatus(endpointRow(page, '/api/products'))).toMatch(/^200\b/);
    expect(await shownStatus(endpointRow(page, '/api/products/{id}'))).toMatch(/^200\b/);
    expect(await shownStatus(endpointRow(page, '/api/vendors'))).toMatch(/^200\b/);
    expect(await shownStatus(endpointRow(page, '/api/vendors/{id}'))).toMatch(/^200\b/);
    expect(await shownStatus(endpointRow(page, '/api/cart'))).toMatch(/^403\b/);
    expect(await shownStatus(endpointRow(page, '/api/orders'))).toMatch(/^403\b/);
    expect(await shownStatus(endpointRow(page, '/api/vendor/dashboard'))).toMatch(/^403\b/);
    expect(await shownStatus(endpointRow(page, '/api/profile'))).toMatch(/^200\b/);

    // The {id} rows call a real record: the id of the first item of the list.
    const productsRow = endpointRow(page, '/api/products');
    await productsRow.getByText('Response body').click();
    const listed = JSON.parse((await productsRow.locator('pre').textContent()) ?? 'null') as {
      data: { id: number }[];
      current_page: number;
    };
    expect(listed.current_page).toBe(1);
    const firstId = listed.data[0]?.id;
    expect(firstId).toBeTypeOf('number');
    await endpointRow(page, '/api/products/{id}').getByText(`called /api/products/${firstId}`).waitFor();
    expect(await productsRow.getByText(/^\d+ ms$/).textContent()).toMatch(/^\d+ ms$/);

    // A refused call shows the server's JSON message in its body.
    const cartRow = endpointRow(page, '/api/cart');
    await cartRow.getByText('Response body').click();
    const refused = JSON.parse((await cartRow.locator('pre').textContent()) ?? 'null') as { message?: unknown };
    expect(refused.message).toBeTypeOf('string');

    // Only GETs went out: the page changes nothing on the server.
    expect(calls.length).toBeGreaterThanOrEqual(18);
    expect(calls.filter((call) => !call.startsWith('GET '))).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await env.screenshot(page, 'backend-test-1280');
  });

  it('sends the stored token: the admin gets its profile, a customer or vendor call is refused', async () => {
    const page = await adminPage();
    await page.goto('/backend-test');
    await page.getByText(/Token held for .* role admin/).waitFor();

    await endpointRow(page, '/api/cart').getByRole('button', { name: 'Run GET /api/cart' }).click();
    expect(await shownStatus(endpointRow(page, '/api/cart'))).toMatch(/^403\b/);
    await endpointRow(page, '/api/profile').getByRole('button', { name: 'Run GET /api/profile' }).click();
    expect(await shownStatus(endpointRow(page, '/api/profile'))).toMatch(/^200\b/);
    await endpointRow(page, '/api/vendor/dashboard')
      .getByRole('button', { name: 'Run GET /api/vendor/dashboard' })
      .click();
    expect(await shownStatus(endpointRow(page, '/api/vendor/dashboard'))).toMatch(/^403\b/);
    // Rows not run show nothing yet.
    await expect.poll(() => endpointRow(page, '/api/orders').getByText(STATUS_TEXT).count()).toBe(0);
  });

  it('fires the chosen number of requests and sums up their timings', async () => {
    const page = await adminPage();
    const consoleErrors = consoleErrorsOf(page, FAILED_RESOURCE);
    const calls = apiCallsOf(page);
    await page.goto('/performance-test');
    await expect.poll(() => page.title()).toBe('Performance Test | Caps Marketplace');
    await page.getByRole('heading', { level: 1, name: 'Performance Test' }).waitFor();

    const form = page.getByRole('form', { name: 'Performance test' });
    expect(await form.getByLabel('Endpoint').inputValue()).toBe('/api/products');
    expect(await form.getByLabel('Number of requests').inputValue()).toBe('20');
    expect(await form.getByLabel('Concurrency').inputValue()).toBe('4');

    await form.getByLabel('Number of requests').fill('10');
    await form.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByText('Finished 10 requests').waitFor({ timeout: 30_000 });

    const summary = await summaryOf(page);
    expect(summary.Requests).toBe('10');
    expect(summary.Errors).toBe('0');
    for (const term of ['Min', 'Mean', 'p50', 'p95', 'Max']) expect(summary[term]).toMatch(/^[\d,]+(\.\d)? ms$/);
    const ms = (term: string) => Number((summary[term] ?? '').replace(/[, ms]/g, ''));
    expect(ms('Min')).toBeLessThanOrEqual(ms('p50'));
    expect(ms('p50')).toBeLessThanOrEqual(ms('p95'));
    expect(ms('p95')).toBeLessThanOrEqual(ms('Max'));
    expect(Number(summary['Requests/second']?.replace(/,/g, ''))).toBeGreaterThan(0);
    expect(await page.getByRole('list', { name: 'Request durations' }).getByRole('listitem').count()).toBe(10);
    expect(calls.filter((call) => call === 'GET /api/products')).toHaveLength(10);
    expect(consoleErrors).toEqual([]);
    await env.screenshot(page, 'performance-test-1280');
  });

  it('rejects counts out of range with a message and sends nothing', async () => {
    const page = await adminPage({ width: 390, height: 844 });
    const calls = apiCallsOf(page);
    await page.goto('/performance-test');
    const form = page.getByRole('form', { name: 'Performance test' });
    const requests = form.getByLabel('Number of requests');
    const concurrency = form.getByLabel('Concurrency');

    for (const value of ['0', '500']) {
      await requests.fill(value);
      await form.getByRole('button', { name: 'Run', exact: true }).click();
      await expectFieldError(form, requests, 'Enter a number from 1 to 200');
    }
    await requests.fill('5');
    await concurrency.fill('11');
    // Enter in a field runs the form, as a keyboard user would.
    await concurrency.press('Enter');
    await expectFieldError(form, concurrency, 'Enter a number from 1 to 10');
    expect(await requests.getAttribute('aria-invalid')).toBe('false');
    expect(calls).toEqual([]);
    await env.screenshot(page, 'performance-test-errors-390');
  });

  it('counts refused answers as errors and explains a path it cannot fill in', async () => {
    const page = await adminPage();
    await page.goto('/performance-test');
    const form = page.getByRole('form', { name: 'Performance test' });
    await form.getByLabel('Endpoint').selectOption('/api/cart');
    await form.getByLabel('Number of requests').fill('3');
    await form.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByText('Finished 3 requests').waitFor({ timeout: 30_000 });
    const summary = await summaryOf(page);
    expect(summary.Requests).toBe('3');
    expect(summary.Errors).toBe('3');
    await page.getByRole('list', { name: 'Request durations' }).getByText('(403)').first().waitFor();

    // An admin has no orders of its own to take an id from: the run does not start and says why.
    await form.getByLabel('Endpoint').selectOption('/api/orders/{id}');
    await form.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByRole('alert').getByText('No id to use: GET /api/orders answered 403 Forbidden.').waitFor();
    await form.getByRole('button', { name: 'Run', exact: true }).waitFor();
  });

  it('cancels a run part-way', async () => {
    const page = await adminPage();
    await page.goto('/performance-test');
    const form = page.getByRole('form', { name: 'Performance test' });
    await form.getByLabel('Number of requests').fill('200');
    await form.getByLabel('Concurrency').fill('1');
    await form.getByRole('button', { name: 'Run', exact: true }).click();
    await form.getByRole('button', { name: 'Running...' }).waitFor();
    await page.getByText(/^Running: [1-9]\d* of 200 requests done$/).waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();

    const cancelled = page.getByText(/^Cancelled after \d+ of 200 requests$/);
    await cancelled.waitFor();
    const done = Number((await cancelled.textContent())?.match(/after (\d+)/)?.[1]);
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(200);
    expect((await summaryOf(page)).Requests).toBe(String(done));
    await form.getByRole('button', { name: 'Run', exact: true }).waitFor();
  });

  it('fits a 390 px screen', async () => {
    const page = await adminPage({ width: 390, height: 844 });
    await page.goto('/backend-test');
    await runAll(page);
    await endpointRow(page, '/api/products').getByText('Response body').click();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await env.screenshot(page, 'backend-test-390');

    await page.goto('/performance-test');
    const form = page.getByRole('form', { name: 'Performance test' });
    await form.getByLabel('Number of requests').fill('10');
    await form.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByText('Finished 10 requests').waitFor({ timeout: 30_000 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await env.screenshot(page, 'performance-test-390');
  });
});
