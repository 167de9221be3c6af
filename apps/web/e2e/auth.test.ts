import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, type E2eEnv, startE2eEnv } from './harness';
import { describedText, expectVisible, type ScratchFiles, scratchFiles, uniqueEmail } from './steps';

const STRONG_PASSWORD = 'Secret123';

async function storedItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => window.localStorage.getItem(name), key);
}

describe.skipIf(!browserAvailable())('auth journeys in the browser', () => {
  let env: E2eEnv;
  let files: ScratchFiles;

  beforeAll(async () => {
    env = await startE2eEnv();
    files = scratchFiles('caps-e2e-images-');
  });

  afterAll(async () => {
    await env?.close();
    files?.remove();
  });

  it('registers a customer, greets them in the header, and logs them out', async () => {
    const page = await env.newPage();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Full Name').fill('Amina Bello');
    await form.getByLabel('Email').fill(uniqueEmail('amina'));
    await form.getByLabel('Phone').fill('+2348012345678');
    await form.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await form.getByLabel('Confirm Password').fill(STRONG_PASSWORD);
    await form.getByLabel('I agree to the Terms and Conditions and Returns Policy').check();
    await form.getByRole('button', { name: 'Create Account' }).click();

    await page.waitForURL(`${env.baseUrl}/`);
    await expectVisible(page, 'Registration successful');
    const greeting = page.getByRole('button', { name: 'Hi, Amina Bello' });
    await greeting.waitFor();
    const token = await storedItem(page, 'auth_token');
    expect(token).toBeTruthy();
    expect(JSON.parse((await storedItem(page, 'user')) ?? 'null')).toMatchObject({
      name: 'Amina Bello',
      role: 'customer',
    });

    await greeting.click();
    await env.screenshot(page, 'header-user-menu-1280');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expectVisible(page, 'Logged out');
    await page.getByRole('link', { name: 'Login', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Sell Caps' }).waitFor();
    expect(await storedItem(page, 'auth_token')).toBeNull();
    expect(await storedItem(page, 'user')).toBeNull();
    // The session is revoked on the server as well, not only forgotten by the browser.
    const profile = await fetch(`${env.baseUrl}/api/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(profile.status).toBe(401);
    expect(env.pageErrors).toEqual([]);
  });

  it('shows the password rule under the field and sends nothing when the password is weak', async () => {
    const page = await env.newPage();
    const registerCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('auth.register') || request.url().includes('/api/register')) {
        registerCalls.push(request.url());
      }
    });
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Full Name').fill('Chidi Okafor');
    await form.getByLabel('Email').fill(uniqueEmail('chidi'));
    await form.getByLabel('Phone').fill('+2348031234567');
    const password = form.getByLabel('Password', { exact: true });
    await password.fill('weakpass');
    await form.getByLabel('Confirm Password').fill('weakpass');
    await form.getByLabel('I agree to the Terms and Conditions and Returns Policy').check();
    await form.getByRole('button', { name: 'Create Account' }).click();

    await expectVisible(page, 'Password must contain at least one uppercase letter');
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(await describedText(page, password)).toContain('Password must contain at least one uppercase letter');
    await env.screenshot(page, 'auth-register-weak-password-1280');

    // Switching tabs clears the errors (spec 2): only the active panel is on the page, so the form starts afresh.
    await page.getByRole('tab', { name: 'Login' }).click();
    await page.getByRole('tab', { name: 'Register' }).click();
    await expect.poll(() => page.getByText('Password must contain at least one uppercase letter').count()).toBe(0);
    expect(await form.getByLabel('Full Name').inputValue()).toBe('');

    expect(page.url()).toBe(`${env.baseUrl}/auth`);
    expect(registerCalls).toEqual([]);
  });

  it('registers a vendor with a profile and a cover image and lands on the dashboard', async () => {
    const profilePath = files.png('profile', [166, 61, 26], { width: 64, height: 64 });
    const coverPath = files.png('cover', [15, 107, 63], { width: 192, height: 64 });

    const page = await env.newPage();
    await page.goto('/vendor/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByRole('form', { name: 'Register your shop' });
    await form.getByLabel('Full Name').fill('Musa Ibrahim');
    await form.getByLabel('Email').fill(uniqueEmail('musa'));
    await form.getByLabel('Phone').fill('+2348098765432');
    await form.getByLabel('Shop Name').fill('Musa Kufi House');
    await form.getByLabel('Shop Description').fill('Hand-embroidered Hausa caps from Maiduguri.');
    await form.getByLabel('Shop Address').fill('12 Baga Road, Maiduguri, Borno');
    await form.getByLabel('Account Holder Name').fill('Musa Ibrahim');
    await form.getByLabel('Account Number').fill('0123456789');
    await form.getByLabel('Bank Name').selectOption('Zenith Bank');
    await form.getByLabel('Profile Image', { exact: true }).setInputFiles(profilePath);
    await form.getByLabel('Cover Image', { exact: true }).setInputFiles(coverPath);
    await form.getByRole('img', { name: 'Profile Image preview' }).waitFor();
    await form.getByRole('img', { name: 'Cover Image preview' }).waitFor();

    // Remove takes the image away; picking it again brings the preview back.
    await form.getByRole('button', { name: 'Remove cover image' }).click();
    // The preview goes one render after the file (its object URL is released in an effect): wait for it.
    await form.getByRole('img', { name: 'Cover Image preview' }).waitFor({ state: 'detached' });
    await form.getByLabel('Cover Image', { exact: true }).setInputFiles(coverPath);
    await form.getByRole('img', { name: 'Cover Image preview' }).waitFor();

    await form.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await form.getByLabel('Confirm Password').fill(STRONG_PASSWORD);
    await form.getByLabel('I agree to the Terms and Conditions and Returns Policy').check();
    await env.screenshot(page, 'vendor-register-filled-1280');
    await form.getByRole('button', { name: 'Register as Vendor' }).click();

    await page.waitForURL(`${env.baseUrl}/vendor/dashboard`);
    await expectVisible(page, 'Vendor registration successful');
    await page.getByRole('heading', { name: 'Vendor Dashboard' }).waitFor();
    await page.getByRole('heading', { name: 'Musa Kufi House' }).waitFor();
    await expectVisible(page, 'Pending verification');
    await page.getByRole('button', { name: 'Hi, Musa Ibrahim' }).waitFor();
    await env.screenshot(page, 'vendor-dashboard-1280');

    // Both files reached the server and were stored for the shop.
    const token = await storedItem(page, 'auth_token');
    const response = await fetch(`${env.baseUrl}/api/profile`, { headers: { authorization: `Bearer ${token}` } });
    const profile = (await response.json()) as { role: string; vendor: { profile_image: string; cover_image: string } };
    expect(profile.role).toBe('vendor');
    expect(profile.vendor.profile_image).toMatch(/^\/api\/images\//);
    expect(profile.vendor.cover_image).toMatch(/^\/api\/images\//);
    expect(env.pageErrors).toEqual([]);
  });

  it('keeps a wrong admin password on /admin/auth with the error, and lets the right one in', async () => {
    const page = await env.newPage();
    await page.goto('/admin/dashboard');
    await page.waitForURL(`${env.baseUrl}/admin/auth`);

    await page.getByLabel('Admin Email').fill(env.admin.email);
    await page.getByLabel('Password').fill('Wrong-password1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    expect(page.url()).toBe(`${env.baseUrl}/admin/auth`);
    await env.screenshot(page, 'admin-auth-error-1280');

    await page.getByLabel('Password').fill(env.admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${env.baseUrl}/admin/dashboard`);
    await expectVisible(page, 'Admin login successful!');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    expect(JSON.parse((await storedItem(page, 'user')) ?? 'null')).toMatchObject({ role: 'admin' });
  });

  it('shows the 404 page for an unknown path and logs the path', async () => {
    const page = await env.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto('/no-such-page');
    await expectVisible(page, 'Oops! Page not found');
    expect(await page.title()).toBe('Page not found | Caps Marketplace');
    // Logged by the page once the app has taken it (the text above is the server's, there before the app runs).
    await expect.poll(() => consoleErrors.some((text) => text.includes('/no-such-page'))).toBe(true);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${env.baseUrl}/`);
  });

  it('keeps only the active tab panel on the page, so each label names one field', async () => {
    const page = await env.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    for (const path of ['/auth', '/vendor/auth']) {
      await page.goto(path);
      const login = page.getByRole('tab', { name: 'Login' });
      const register = page.getByRole('tab', { name: 'Register' });
      expect(await login.getAttribute('aria-selected')).toBe('true');
      // The tab names the panel it controls; the other panel is an empty hidden element (its fields unmounted).
      const panel = page.getByRole('tabpanel');
      expect(await panel.getAttribute('id')).toBe(await login.getAttribute('aria-controls'));
      expect(await panel.count()).toBe(1);
      expect(await page.locator('input').count()).toBe(await panel.locator('input').count());
      // page-wide (not form-scoped) lookups must find exactly one field: strict mode fails on two.
      await page.getByLabel('Email').fill('nobody@example.com');
      await page.getByLabel('Password', { exact: true }).fill('Secret123');

      // Arrow keys move between the tabs and show the other panel alone.
      await login.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => register.getAttribute('aria-selected')).toBe('true');
      expect(await page.getByRole('tabpanel').count()).toBe(1);
      expect(await page.getByRole('tabpanel').getAttribute('id')).toBe(await register.getAttribute('aria-controls'));
      await page.getByLabel('Email').fill('somebody@example.com');
      expect(await page.getByLabel('Full Name').count()).toBe(1);
    }
    // Neither React nor React Router warned about anything while the lazy page loaded and rendered.
    expect(warnings.filter((text) => /React|Router|HydrateFallback/.test(text))).toEqual([]);
  });

  it('checks the login form on submit: one click on Login shows the messages and focuses the first field', async () => {
    const page = await env.newPage();
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Login' });
    const email = form.getByLabel('Email');
    await email.fill('not-an-address');
    // Leaving the field shows nothing yet, so the Login button does not move under the pointer.
    await form.getByLabel('Password').focus();
    expect(await email.getAttribute('aria-invalid')).not.toBe('true');
    await form.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => email.evaluate((element) => element === document.activeElement)).toBe(true);
    // Once shown, a message follows what is typed.
    await email.fill('amina@example.com');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('false');
    expect(page.url()).toBe(`${env.baseUrl}/auth`);
  });

  it('sends /vendor/login to /vendor/auth', async () => {
    const page = await env.newPage();
    await page.goto('/vendor/login');
    await page.waitForURL(`${env.baseUrl}/vendor/auth`);
    await page.getByRole('heading', { name: 'Sell Caps' }).waitFor();
  });

  it('opens and closes the mobile menu from the keyboard', async () => {
    const page = await env.newPage({ width: 390, height: 844 });
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const closeButton = page.getByRole('button', { name: 'Close menu' });
    expect(await closeButton.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Browse Caps' }).waitFor();
    await env.screenshot(page, 'mobile-menu-390');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('mobile-menu');
  });

  it.runIf(process.env.SCREENSHOTS === '1')('captures the shell screens at phone and desktop widths', async () => {
    for (const width of [390, 1280]) {
      const page = await env.newPage({ width, height: 844 });
      const shots: [string, string, string?][] = [
        ['/', 'home'],
        ['/auth', 'auth-login'],
        ['/auth', 'auth-register', 'Register'],
        ['/vendor/auth', 'vendor-auth-login'],
        ['/vendor/auth', 'vendor-auth-register', 'Register'],
        ['/admin/auth', 'admin-auth'],
        ['/no-such-page', 'not-found'],
      ];
      for (const [path, name, tab] of shots) {
        await page.goto(path);
        await page.locator('main').waitFor();
        if (tab) await page.getByRole('tab', { name: tab }).click();
        await page.waitForLoadState('networkidle');
        await env.screenshot(page, `${name}-${width}`);
      }
    }
  });
});
