import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { E2eEnv } from './harness';
import { solidPng } from './png';

/**
 * Steps the browser suites share: REST calls behind the page's back, signing in through the login
 * screens, checkout and the Paystack sandbox, and the small readers of what the page shows.
 */

/** Seeding the demo data takes 20-40 s before the server answers. */
export const DEMO_START_TIMEOUT_MS = 150_000;

export interface Account {
  email: string;
  password: string;
}

/** Demo accounts of packages/api/src/seed/accounts.ts. */
export const DEMO_ADMIN: Account = { email: 'admin@capsmarket.ng', password: 'Admin123!' };
export const DEMO_VENDOR: Account = { email: 'vendor@capsmarket.ng', password: 'Vendor123!' };
export const DEMO_PENDING_VENDOR: Account = { email: 'pending.vendor@capsmarket.ng', password: 'Vendor123!' };
export const DEMO_CUSTOMER: Account = { email: 'customer@capsmarket.ng', password: 'Customer123!' };

/** The sandbox's card that pays. */
export const GOOD_CARD = '4084 0840 8408 4081';

let emailCounter = 0;
/** An address no earlier run has registered. */
export const uniqueEmail = (who: string) => `${who}.${Date.now()}.${++emailCounter}@e2e.test`;

/** A call to the REST adapter, with the bearer token when there is one. */
export function apiResponse(
  env: E2eEnv,
  token: string | null,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  return fetch(`${env.baseUrl}/api${path}`, {
    ...init,
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      // A JSON content type with no body is refused (400), as for any JSON API.
      ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
    },
  });
}

/** A REST call that must succeed; answers its JSON body. */
export async function api<T>(env: E2eEnv, token: string | null, path: string, init: RequestInit = {}): Promise<T> {
  const response = await apiResponse(env, token, path, init);
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs in through POST /api/login and answers the token. */
export async function login(env: E2eEnv, account: Account): Promise<string> {
  const response = await apiResponse(env, null, '/login', { method: 'POST', body: JSON.stringify(account) });
  const body = (await response.json()) as { token?: string };
  if (!body.token) throw new Error(`Login of ${account.email} failed: ${JSON.stringify(body)}`);
  return body.token;
}

/** Opens a login screen ('/auth' or '/vendor/auth'), submits `account` and answers the form. */
export async function submitLogin(page: Page, path: '/auth' | '/vendor/auth', account: Account): Promise<Locator> {
  await page.goto(path);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Login' }).click();
  return form;
}

/**
 * Signs in through a login screen and answers the stored token. Waits until the page is at `landing`
 * when given, otherwise until it has left the login screen.
 */
export async function signIn(
  page: Page,
  path: '/auth' | '/vendor/auth',
  account: Account,
  landing?: string | RegExp,
): Promise<string> {
  await submitLogin(page, path, account);
  await page.waitForURL(landing ?? ((url) => url.pathname !== path));
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  if (!token) throw new Error('No auth_token after signing in');
  return token;
}

/** Signs in at /admin/auth and waits for the dashboard. */
export async function signInAsAdmin(page: Page, account: Account = DEMO_ADMIN): Promise<void> {
  await page.goto('/admin/auth');
  const form = page.getByRole('form', { name: 'Admin login' });
  await form.getByLabel('Admin Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/admin/dashboard');
  await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
}

export interface ShippingDetails {
  fullName: string;
  /** Left as the form fills it in when not given. */
  email?: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
}

/** The demo customer's shipping details. */
export const AMINA_SHIPPING: ShippingDetails = {
  fullName: 'Amina Bello',
  email: DEMO_CUSTOMER.email,
  phone: '+2348012345678',
  address: '12 Baga Road, Gwange',
  city: 'Maiduguri',
  state: 'Borno',
  postalCode: '600212',
};

/** Fills the shipping form on /checkout. */
export async function fillShipping(page: Page, details: ShippingDetails = AMINA_SHIPPING): Promise<void> {
  const form = page.getByRole('form', { name: 'Shipping details' });
  await form.getByLabel('Full Name').fill(details.fullName);
  if (details.email !== undefined) await form.getByLabel('Email').fill(details.email);
  await form.getByLabel('Phone').fill(details.phone);
  await form.getByLabel('Address', { exact: true }).fill(details.address);
  await form.getByLabel('City').fill(details.city);
  await form.getByLabel('State').fill(details.state);
  await form.getByLabel('Postal Code').fill(details.postalCode);
}

/** From a filled-in /checkout: places the order and pays with `card` on the Paystack sandbox page. */
export async function placeAndPay(page: Page, card: string): Promise<void> {
  await page.getByRole('button', { name: /^Place Order/ }).click();
  await page.waitForURL(/\/payment-sandbox\/checkout\//, { timeout: 20_000 });
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: /^Pay ₦/ }).click();
}

/** The message linked to a control through aria-describedby, as a screen reader would read it. */
export async function describedText(page: Page, control: Locator): Promise<string> {
  const ids = (await control.getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(
    ids
      .split(' ')
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).textContent()),
  );
  return texts.join(' ');
}

/** Waits until the text appears on the page. */
export async function expectVisible(page: Page, text: string | RegExp): Promise<void> {
  await page.getByText(text).first().waitFor({ state: 'visible' });
}

/** Waits for a sonner toast that has `text`. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

/** Console errors of a page, collected from the moment it is opened; `ignore` passes over expected ones. */
export function consoleErrorsOf(page: Page, ignore?: RegExp): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !ignore?.test(message.text())) errors.push(message.text());
  });
  return errors;
}

/** The stat card whose label is `label`, within the figures list named `list`. */
export function statCard(page: Page, list: string, label: string): Locator {
  return page
    .getByRole('list', { name: list })
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) });
}

/** The whole number a stat card shows ("1,234" → 1234). */
export async function statValue(page: Page, list: string, label: string): Promise<number> {
  const text = (await statCard(page, list, label).textContent()) ?? '';
  const match = text.replace(label, '').match(/\d[\d,]*/);
  if (!match) throw new Error(`No figure in the ${label} card: ${text}`);
  return Number(match[0].replaceAll(',', ''));
}

/** A scratch folder for files a test uploads; remove() it after the suite. */
export interface ScratchFiles {
  /** Writes a solid-colour PNG and answers its path. */
  png(name: string, colour: [number, number, number], size?: { width: number; height: number }): string;
  /** Writes a text file and answers its path. */
  text(name: string, content: string): string;
  remove(): void;
}

export function scratchFiles(prefix: string): ScratchFiles {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const write = (name: string, content: Buffer | string) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  return {
    png: (name, colour, { width, height } = { width: 96, height: 96 }) =>
      write(`${name}.png`, solidPng(width, height, colour)),
    text: write,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The registration fields of a shop that only differ by shop. */
const SHOP_DEFAULTS = {
  phone: '+2348032223344',
  shop_description: 'Hand-embroidered caps from Maiduguri.',
  address: '3 Kashim Ibrahim Way, Maiduguri',
  account_number: '0123456789',
  bank_name: 'Zenith Bank',
};

export interface VerifiedShop {
  vendor: Account;
  token: string;
  vendorId: number;
}

/** Registers a vendor over REST (a new address) and has the env's admin verify the shop. */
export async function openVerifiedShop(
  env: E2eEnv,
  shop: { owner: string; shopName: string; password: string },
): Promise<VerifiedShop> {
  const vendor = { email: uniqueEmail('shop'), password: shop.password };
  await api(env, null, '/register', {
    method: 'POST',
    body: JSON.stringify({
      ...SHOP_DEFAULTS,
      ...vendor,
      full_name: shop.owner,
      account_holder_name: shop.owner,
      shop_name: shop.shopName,
      password_confirmation: shop.password,
      role: 'vendor',
      terms_accepted: true,
    }),
  });
  const token = await login(env, vendor);
  const { vendor: profile } = await api<{ vendor: { id: number } }>(env, token, '/profile');
  await api(env, await login(env, env.admin), `/admin/vendors/${profile.id}/verify`, { method: 'POST' });
  return { vendor, token, vendorId: profile.id };
}

/** Lists a Hausa cap in the signed-in vendor's shop; answers its id. */
export async function listCap(
  env: E2eEnv,
  vendorToken: string,
  cap: { name: string; price: number; stock: number; sizes: string[] },
): Promise<number> {
  const created = await api<{ id: number }>(env, vendorToken, '/products', {
    method: 'POST',
    body: JSON.stringify({ ...cap, description: `${cap.name}, embroidered by hand.`, category: 'Hausa Caps' }),
  });
  return created.id;
}

/** Registers a customer over REST (a new address); answers the account. */
export async function registerCustomerAccount(env: E2eEnv, fullName: string, password: string): Promise<Account> {
  const customer = { email: uniqueEmail('customer'), password };
  await api(env, null, '/register', {
    method: 'POST',
    body: JSON.stringify({ full_name: fullName, phone: '+2348061112233', role: 'customer', ...customer }),
  });
  return customer;
}
