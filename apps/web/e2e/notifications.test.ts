import { type ReceivedEmail, startTestSmtp, type TestSmtp } from '@caps/api/testing';
import { NOTIFICATION_TEXT, VALIDATION_MESSAGES } from '@caps/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, type E2eEnv, startE2eEnv } from './harness';
import {
  type Account,
  api,
  apiResponse,
  expectToast,
  fillShipping,
  GOOD_CARD,
  listCap,
  openVerifiedShop,
  placeAndPay,
  registerCustomerAccount,
  signIn,
  signInAsAdmin,
  type VerifiedShop,
} from './steps';

/**
 * Issue 14 in the browser, with the server sending through a real SMTP server started here: a shop gets a paid
 * order and learns it from its bell and by email (with the order's items); the customer forgets the password,
 * follows the emailed link, sets a new one and signs in with it, and the old session is gone. Also: the
 * preferences tab, the bell by keyboard, and the admin's Sent Email tab.
 */

const FLOW_TIMEOUT_MS = 180_000;
const EMAIL_TIMEOUT_MS = 30_000;
const CAP = { name: 'Bell Zanna', price: 9_000, stock: 5, sizes: ['58'] };
const OLD_PASSWORD = 'Customer123!';
const NEW_PASSWORD = 'Remembered2026';
const SHIPPING_NOTE = 'Tracking number KN-2026-0042, GIG Logistics.';
const SUSPEND_REASON = 'Repeated reports of fake products';

interface Order {
  id: number;
  payment_status: string;
}

/** The header's bell, found by its name's start ("Notifications" or "Notifications, 2 unread"). */
function bell(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
}

/** The bell's panel (a region named Notifications, shown while the bell is open). */
function bellPanel(page: Page): Locator {
  return page.getByRole('banner').getByRole('region', { name: 'Notifications' });
}

/** The first email to `address` that `matches`, waiting for the outbox to deliver it. */
async function emailTo(smtp: TestSmtp, address: string, matches: (email: ReceivedEmail) => boolean) {
  const found = (messages: ReceivedEmail[]) =>
    messages.find((message) => message.envelopeTo.includes(address) && matches(message));
  const messages = await smtp.waitFor((all) => found(all) !== undefined, EMAIL_TIMEOUT_MS);
  const email = found(messages);
  if (!email) throw new Error(`No email to ${address}`);
  return email;
}

describe.skipIf(!browserAvailable())('notifications, email and password reset in the browser', () => {
  let smtp: TestSmtp;
  let env: E2eEnv;
  let shop: VerifiedShop;
  let customer: Account;
  let order: Order;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    // Jobs stay on (the server's default), so the outbox worker delivers to the test SMTP server.
    env = await startE2eEnv({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Caps Marketplace <no-reply@caps.e2e.test>' },
    });
    shop = await openVerifiedShop(env, { owner: 'Falmata Goni', shopName: 'Goni Caps', password: 'Vendor2026!' });
    await listCap(env, shop.token, CAP);
    customer = await registerCustomerAccount(env, 'Hauwa Kachalla', OLD_PASSWORD);
  }, 60_000);

  afterAll(async () => {
    await env?.close();
    await smtp?.close();
  });

  it(
    'tells the shop of a paid order by its bell and by email, and the bell works by keyboard',
    async () => {
      const vendorPage = await env.newPage();
      await signIn(vendorPage, '/vendor/auth', shop.vendor, '**/vendor/dashboard');
      // Registered and verified: the shop has heard of both already. Mark them read to start from none.
      // The bell is its own chunk and asks for its count once loaded: wait for the count, as a user would.
      await expect.poll(() => bell(vendorPage).getAttribute('aria-label')).toMatch(/^Notifications, [1-9]\d* unread$/);
      await bell(vendorPage).click();
      const panel = bellPanel(vendorPage);
      await panel.getByRole('list', { name: 'Latest notifications' }).waitFor();
      await panel.getByRole('button', { name: 'Mark all as read' }).click();
      await expectToast(vendorPage, 'All notifications marked as read');
      await vendorPage.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
      await vendorPage.keyboard.press('Escape');

      // The customer buys the cap through the checkout and the Paystack sandbox.
      const buyer = await env.newPage();
      const buyerToken = await signIn(buyer, '/auth', customer);
      const productId = (await api<{ data: { id: number; name: string }[] }>(env, null, '/products')).data.find(
        (product) => product.name === CAP.name,
      )?.id;
      await api(env, buyerToken, '/cart', {
        method: 'POST',
        body: JSON.stringify({ product_id: productId, quantity: 1, size: '58' }),
      });
      await buyer.goto('/checkout');
      await buyer.getByRole('heading', { name: 'Order Summary' }).waitFor();
      await fillShipping(buyer, {
        fullName: 'Hauwa Kachalla',
        email: customer.email,
        phone: '+2348061112233',
        address: '9 Bama Road, Maiduguri',
        city: 'Maiduguri',
        state: 'Borno',
        postalCode: '600212',
      });
      await placeAndPay(buyer, GOOD_CARD);
      await buyer.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 20_000 });
      const [placed] = await api<Order[]>(env, buyerToken, '/orders');
      if (!placed) throw new Error('The order is missing');
      expect(placed.payment_status).toBe('paid');
      order = placed;

      // The shop's bell says 1 once it asks again (the poll, or a reload as here), its badge too.
      await vendorPage.reload();
      const unreadBell = vendorPage.getByRole('button', { name: 'Notifications, 1 unread' });
      await unreadBell.waitFor();
      expect(await unreadBell.textContent()).toBe('1');

      // By keyboard: Enter opens it, the newest item names the order, Escape closes it and focus returns.
      await unreadBell.focus();
      await vendorPage.keyboard.press('Enter');
      const item = bellPanel(vendorPage)
        .getByRole('link', { name: new RegExp(`#${order.id}`) })
        .first();
      await item.waitFor();
      expect(await item.textContent()).toMatch(/^Unread: /);
      await env.screenshot(vendorPage, 'notifications-bell-open-1280');
      await vendorPage.keyboard.press('Escape');
      await bellPanel(vendorPage).waitFor({ state: 'hidden' });
      expect(await vendorPage.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        'Notifications, 1 unread',
      );

      // The email reached the SMTP server with the order's items.
      const email = await emailTo(smtp, shop.vendor.email, (message) => message.subject.includes(`#${order.id}`));
      expect(email.text).toContain(CAP.name);
      expect(email.html).toContain(CAP.name);

      // Following the item marks it read and leads to the order.
      await vendorPage.keyboard.press('Space');
      await item.click();
      await vendorPage.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
      expect(new URL(vendorPage.url()).pathname).not.toBe('/notifications');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    "sends the shop's note to the customer with the status change, on the order and by email",
    async () => {
      const vendorPage = await env.newPage();
      await signIn(vendorPage, '/vendor/auth', shop.vendor, '**/vendor/dashboard');
      await vendorPage.goto('/vendor/dashboard?tab=orders');
      const card = vendorPage.getByRole('group', { name: `Order #${order.id}` });
      // On the card the note is folded away; opened, it goes with Confirm.
      await card.getByText('Add a note to the customer').click();
      await card.getByLabel('Note to the customer').fill('Packed today with a spare cap box.');
      await env.screenshot(vendorPage, 'vendor-order-note-1280');
      await card.getByRole('button', { name: 'Confirm', exact: true }).click();
      await expectToast(vendorPage, 'Order status updated!');
      await card.getByRole('button', { name: 'Mark as Shipped', exact: true }).waitFor();
      // The details dialog shows the field open, and the history with the notes.
      await card.getByRole('button', { name: 'View Details', exact: true }).click();
      const details = vendorPage.getByRole('dialog', { name: `Order #${order.id}` });
      await details.getByText('“Packed today with a spare cap box.”').waitFor();
      await details.getByLabel('Note to the customer').fill(SHIPPING_NOTE);
      await details.getByRole('button', { name: 'Mark as Shipped', exact: true }).click();
      await expectToast(vendorPage, 'Order status updated!');
      await details.getByText(`“${SHIPPING_NOTE}”`).waitFor();
      expect(await details.getByLabel('Note to the customer').inputValue()).toBe('');

      // The customer reads the note on the order, and in the email that says it shipped.
      const buyer = await env.newPage({ width: 390, height: 844 });
      await signIn(buyer, '/auth', customer);
      await buyer.goto(`/order/${order.id}`);
      const history = buyer.getByRole('list', { name: 'Status history' });
      await history.getByText(`Note from the shop: “${SHIPPING_NOTE}”`).waitFor();
      const shipped = await emailTo(
        smtp,
        customer.email,
        (message) => message.subject.includes(`#${order.id}`) && message.text.includes(SHIPPING_NOTE),
      );
      expect(shipped.html).toContain(SHIPPING_NOTE);
      await env.screenshot(buyer, 'order-status-note-390');

      // On a phone the bell's panel fits the screen.
      await bell(buyer).click();
      const panel = bellPanel(buyer);
      await panel.getByRole('list', { name: 'Latest notifications' }).waitFor();
      const box = await panel.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      await env.screenshot(buyer, 'notifications-bell-390');
    },
    FLOW_TIMEOUT_MS,
  );

  it('lists notifications and saves the preferences', async () => {
    const page = await env.newPage();
    await signIn(page, '/vendor/auth', shop.vendor, '**/vendor/dashboard');
    await page.goto('/notifications');
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    const list = page.getByRole('list', { name: 'Notifications', exact: true });
    await list
      .getByRole('link', { name: new RegExp(`#${order.id}`) })
      .first()
      .waitFor();
    await page.getByRole('tab', { name: 'Unread' }).click();
    await page.getByText('No unread notifications').waitFor();
    expect(new URL(page.url()).search).toBe('?tab=unread');
    await page.getByRole('tab', { name: 'All' }).click();
    await list.waitFor();
    await env.screenshot(page, 'notifications-page-1280');

    // The emails' preferences link opens the tab; essential kinds are always sent.
    await page.goto('/notifications?tab=preferences');
    const form = page.getByRole('form', { name: 'Notification preferences' });
    const newOrder = form.getByRole('checkbox', { name: 'Email: New paid order' });
    await newOrder.waitFor();
    expect(await newOrder.isChecked()).toBe(true);
    expect(await newOrder.isDisabled()).toBe(true);
    const reviewEmail = form.getByRole('checkbox', { name: 'Email: New review' });
    expect(await reviewEmail.isChecked()).toBe(true);
    await reviewEmail.click();
    expect(await reviewEmail.isChecked()).toBe(false);
    await form.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Preferences saved');
    await env.screenshot(page, 'notifications-preferences-1280');

    await page.reload();
    await form.getByRole('checkbox', { name: 'Email: New review' }).waitFor();
    expect(await form.getByRole('checkbox', { name: 'Email: New review' }).isChecked()).toBe(false);
    expect(await form.getByRole('checkbox', { name: 'In-app: New review' }).isChecked()).toBe(true);
    const saved = await api<{ preferences: { kind: string; email: boolean; in_app: boolean }[] }>(
      env,
      shop.token,
      '/notification-preferences',
    );
    expect(saved.preferences.find((p) => p.kind === 'new_review')).toMatchObject({ email: false, in_app: true });

    // On a phone both channels are in view, no sideways scrolling needed (an audit found In-app off-screen).
    await page.setViewportSize({ width: 412, height: 900 });
    const table = form.getByRole('table');
    await expect
      .poll(() => table.evaluate((t) => (t.parentElement?.scrollWidth ?? 0) - (t.parentElement?.clientWidth ?? 0)))
      .toBe(0);
    const box = await form.getByRole('checkbox', { name: 'In-app: New review' }).boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(412 - 16);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
  });

  it(
    'resets a forgotten password through the emailed link; the old session is gone',
    async () => {
      // The session of before, in its own browser.
      const oldBrowser = await env.newPage();
      const oldToken = await signIn(oldBrowser, '/auth', customer);

      const page = await env.newPage();
      await page.goto('/auth');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL('**/forgot-password');
      const forgot = page.getByRole('form', { name: 'Forgot password' });
      await forgot.getByLabel('Email').fill('not an address');
      await forgot.getByRole('button', { name: 'Send reset link' }).click();
      await forgot.getByText(VALIDATION_MESSAGES.email).waitFor();
      await forgot.getByLabel('Email').fill(customer.email);
      await forgot.getByRole('button', { name: 'Send reset link' }).click();
      await forgot.getByRole('status').getByText(NOTIFICATION_TEXT.forgotAnswer).waitFor();
      await env.screenshot(page, 'forgot-password-1280');

      const email = await emailTo(smtp, customer.email, (message) => message.text.includes('/reset-password?token='));
      const link = email.text.match(/https?:\/\/\S+\/reset-password\?token=[^\s<>"]+/)?.[0];
      if (!link) throw new Error(`No reset link in: ${email.text}`);
      expect(new URL(link).origin).toBe(env.baseUrl);

      await page.goto(link);
      const reset = page.getByRole('form', { name: 'Reset password' });
      await reset.getByLabel('New Password').fill('short');
      await reset.getByLabel('Confirm Password').fill('different');
      await reset.getByRole('button', { name: 'Set new password' }).click();
      await reset.getByText(VALIDATION_MESSAGES.passwordLength).waitFor();
      await reset.getByText(VALIDATION_MESSAGES.passwordsMismatch).waitFor();
      await env.screenshot(page, 'reset-password-errors-1280');
      await reset.getByLabel('New Password').fill(NEW_PASSWORD);
      await reset.getByLabel('Confirm Password').fill(NEW_PASSWORD);
      await reset.getByRole('button', { name: 'Set new password' }).click();
      await page.getByRole('status').getByText(NOTIFICATION_TEXT.resetDone).waitFor();
      await env.screenshot(page, 'reset-password-done-1280');

      // The link works once.
      const again = await env.newPage();
      await again.goto(link);
      await again.getByLabel('New Password').fill(NEW_PASSWORD);
      await again.getByLabel('Confirm Password').fill(NEW_PASSWORD);
      await again.getByRole('button', { name: 'Set new password' }).click();
      await again.getByRole('alert').getByText(NOTIFICATION_TEXT.invalidResetToken).waitFor();
      await again.getByRole('link', { name: 'Request a new link' }).waitFor();

      // Signs in with the new password from the page the answer links to.
      await page.getByRole('link', { name: 'Go to Login' }).click();
      await page.waitForURL('**/auth');
      await signIn(page, '/auth', { email: customer.email, password: NEW_PASSWORD }, /\/$/);

      // The old session is gone: refused by the API, and its browser is sent to sign in.
      expect((await apiResponse(env, oldToken, '/profile')).status).toBe(401);
      await oldBrowser.goto('/settings');
      await oldBrowser.waitForURL('**/auth');
      expect(await oldBrowser.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    },
    FLOW_TIMEOUT_MS,
  );

  it('shows the admin every email in the Sent Email tab, with what was sent', async () => {
    // Ten contact messages: with the shop awaiting verification, more unread than the badge counts.
    for (let i = 1; i <= 10; i++) {
      await api(env, null, '/contact', {
        method: 'POST',
        body: JSON.stringify({ name: 'Bulama Ali', email: 'bulama@e2e.test', subject: `Question ${i}`, message: 'Hi' }),
      });
    }
    const page = await env.newPage();
    await signInAsAdmin(page, env.admin);
    const adminBell = page.getByRole('button', { name: 'Notifications, 11 unread' });
    await adminBell.waitFor();
    expect(await adminBell.textContent()).toBe('9+');
    await page.goto('/admin/dashboard?tab=sent-email');
    await page.getByRole('heading', { level: 2, name: /^Sent Email/ }).waitFor();
    await page.getByLabel('Search emails').fill(shop.vendor.email);
    await page.getByLabel('Status', { exact: true }).selectOption('sent');
    const table = page.getByRole('table', { name: 'Emails' });
    const row = table.getByRole('row').filter({ hasText: `#${order.id}` });
    await row.first().waitFor();
    // SMTP is configured here: nothing says emails are kept.
    expect(await page.getByText('SMTP is not configured').count()).toBe(0);
    // Once the search and the filter apply (the search waits for typing to pause), only the shop's sent emails.
    await expect
      .poll(async () =>
        (await table.getByRole('row').allTextContents())
          .slice(1)
          .every((text) => text.includes(shop.vendor.email) && text.includes('Sent')),
      )
      .toBe(true);
    await env.screenshot(page, 'admin-sent-email-1280');

    await row.first().getByRole('button', { name: 'View' }).click();
    const dialog = page.getByRole('dialog');
    const frame = dialog.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('');
    await page.frameLocator('iframe').getByText(CAP.name).first().waitFor();
    await env.screenshot(page, 'admin-sent-email-dialog-1280');
    await dialog.getByRole('tab', { name: 'Plain text' }).click();
    await dialog.getByText(CAP.name).first().waitFor();
    expect(await dialog.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // Suspending a shop asks for an optional reason, which the shop is told.
    await page.goto('/admin/dashboard?tab=vendors');
    await page
      .getByRole('list', { name: 'Vendors' })
      .getByRole('group', { name: 'Goni Caps', exact: true })
      .getByRole('button', { name: 'Edit', exact: true })
      .click();
    await page.getByRole('dialog', { name: 'Goni Caps' }).getByRole('button', { name: 'Suspend Account' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Suspend Goni Caps?' });
    await confirm.getByLabel('Reason').fill(SUSPEND_REASON);
    await env.screenshot(page, 'admin-suspend-reason-1280');
    await confirm.getByRole('button', { name: 'Suspend', exact: true }).click();
    await expectToast(page, 'Vendor suspended');
    await emailTo(smtp, shop.vendor.email, (message) => message.text.includes(SUSPEND_REASON));
  });
});

describe.skipIf(!browserAvailable())('the Sent Email tab without SMTP_URL', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2eEnv();
  }, 60_000);

  afterAll(async () => {
    await env?.close();
  });

  it('keeps the emails, says so, and shows them as Kept', async () => {
    const customer = await registerCustomerAccount(env, 'Yagana Bukar', OLD_PASSWORD);
    const page = await env.newPage();
    await signInAsAdmin(page, env.admin);
    await page.goto('/admin/dashboard?tab=sent-email');
    await page.getByText('SMTP is not configured: emails are kept here and not sent.').waitFor();
    const row = page.getByRole('table', { name: 'Emails' }).getByRole('row').filter({ hasText: customer.email });
    await row.getByText('Kept', { exact: true }).waitFor();
    await env.screenshot(page, 'admin-sent-email-kept-1280');
    await row.getByRole('button', { name: 'View' }).click();
    await page
      .getByRole('dialog')
      .getByText('SMTP is not configured: this email was kept here and not sent.')
      .waitFor();
    expect(await page.getByRole('dialog').getByRole('button', { name: 'Retry' }).count()).toBe(0);
  });
});
