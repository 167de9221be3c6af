import { FINANCE_DEFAULTS, formatNaira, RETURNS_TEXT, UI_TEXT, VALIDATION_MESSAGES } from '@caps/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, type E2eEnv, startE2eEnv } from './harness';
import {
  api,
  describedText,
  expectToast,
  fillShipping,
  GOOD_CARD,
  login,
  placeAndPay,
  signIn,
  signInAsAdmin,
  uniqueEmail,
} from './steps';

/**
 * Issue 13 in the browser: a customer buys a cap and cancels it before it ships, and sees the refund settle;
 * buys again, the shop ships and delivers it, the customer returns it as damaged, the shop approves and marks
 * it received, and the customer sees the order Refunded with shipping included. The shop's ledger shows the
 * reversal, and nothing of the refunded sales is released after the return window.
 */

const FLOW_TIMEOUT_MS = 300_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const PASSWORD = 'Kufi2024!';
const CAP_PRICE = 8_000;
/** The checkout's shipping (docs/returns.md), on its first (here: only) order. */
const SHIPPING = 2_000;
const ORDER_TOTAL = CAP_PRICE + SHIPPING;
const NET_CREDIT = CAP_PRICE * (1 - FINANCE_DEFAULTS.commissionPercent / 100);
const REFUND_TIMEOUT_MS = 30_000;

interface Order {
  id: number;
  status: string;
  payment_status: string;
  items: { product_id: number }[];
}

interface Balance {
  pending: number;
  available: number;
}

/** The figure in the stat card labelled `label` of the Balance list. */
function balanceCard(page: Page, label: string): Locator {
  return page
    .getByRole('list', { name: 'Balance' })
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) });
}

/** Checkout through the pages: the cap goes into the cart behind the page's back, the rest is clicked. */
async function buyCap(env: E2eEnv, buyer: Page, token: string, productId: number, email: string): Promise<Order> {
  const before = new Set((await api<Order[]>(env, token, '/orders')).map((order) => order.id));
  await api(env, token, '/cart', {
    method: 'POST',
    body: JSON.stringify({ product_id: productId, quantity: 1, size: '58' }),
  });
  await buyer.goto('/checkout');
  await buyer.getByRole('heading', { name: 'Order Summary' }).waitFor();
  await fillShipping(buyer, {
    fullName: 'Kaltume Musa',
    email,
    phone: '+2348061112233',
    address: '14 Damboa Road, Maiduguri',
    city: 'Maiduguri',
    state: 'Borno',
    postalCode: '600214',
  });
  await placeAndPay(buyer, GOOD_CARD);
  await buyer.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 20_000 });
  const order = (await api<Order[]>(env, token, '/orders')).find((o) => !before.has(o.id));
  if (!order) throw new Error('The new order is missing');
  expect(order.payment_status).toBe('paid');
  return order;
}

/** The order page's status badge text, e.g. 'Refunded'. */
function statusPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Status' });
}

describe.skipIf(!browserAvailable())('cancellations, returns and refunds in the browser', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2eEnv({ clock: true });
  }, 60_000);

  afterAll(async () => {
    await env?.close();
  });

  it(
    'refunds a cancelled order, and a damaged cap returned after delivery with its shipping',
    async () => {
      // A verified shop with one cap, and a customer.
      const vendor = { email: uniqueEmail('returns.vendor'), password: PASSWORD };
      await api(env, null, '/register', {
        method: 'POST',
        body: JSON.stringify({
          full_name: 'Yakaka Modu',
          ...vendor,
          phone: '+2348032223344',
          password_confirmation: PASSWORD,
          role: 'vendor',
          terms_accepted: true,
          shop_name: 'Modu Caps',
          shop_description: 'Hand-embroidered caps from Maiduguri.',
          address: '3 Kashim Ibrahim Way, Maiduguri',
          account_holder_name: 'Yakaka Modu',
          account_number: '0123456789',
          bank_name: 'Zenith Bank',
        }),
      });
      const vendorToken = await login(env, vendor);
      const adminToken = await login(env, env.admin);
      const profile = await api<{ vendor: { id: number } }>(env, vendorToken, '/profile');
      await api(env, adminToken, `/admin/vendors/${profile.vendor.id}/verify`, { method: 'POST' });
      const cap = await api<{ id: number }>(env, vendorToken, '/products', {
        method: 'POST',
        body: JSON.stringify({
          name: 'Returns Zanna',
          description: 'A zanna bukar cap with gold thread.',
          price: CAP_PRICE,
          stock: 5,
          category: 'Hausa Caps',
          sizes: ['58'],
        }),
      });
      const customer = { email: uniqueEmail('returns.buyer'), password: 'Customer123!' };
      await api(env, null, '/register', {
        method: 'POST',
        body: JSON.stringify({ full_name: 'Kaltume Musa', phone: '+2348061112233', role: 'customer', ...customer }),
      });
      const buyer = await env.newPage();
      const buyerToken = await signIn(buyer, '/auth', customer);

      // 1. Bought and cancelled before shipping: the whole payment, shipping included, comes back.
      const first = await buyCap(env, buyer, buyerToken, cap.id, customer.email);
      await buyer.goto(`/orders/${first.id}`);
      await buyer.getByRole('heading', { level: 1, name: `Order #${first.id}` }).waitFor();
      expect(await buyer.getByRole('button', { name: 'Request Return' }).count()).toBe(0);
      await buyer.getByRole('button', { name: 'Cancel Order' }).click();
      const cancelDialog = buyer.getByRole('alertdialog', { name: `Cancel order #${first.id}?` });
      await cancelDialog.getByText(formatNaira(ORDER_TOTAL)).waitFor();
      await cancelDialog.getByLabel('Reason (optional)').fill('I ordered the wrong size');
      await env.screenshot(buyer, 'returns-cancel-dialog-1280');
      await cancelDialog.getByRole('button', { name: 'Cancel Order' }).click();
      await expectToast(buyer, UI_TEXT.orderCancelled);
      await cancelDialog.waitFor({ state: 'detached' });
      const status = statusPanel(buyer);
      await status.getByText('Cancelled', { exact: true }).first().waitFor();
      await status.getByText('You cancelled this order: I ordered the wrong size').waitFor();
      expect(await buyer.getByRole('button', { name: 'Cancel Order' }).count()).toBe(0);
      const refunds = buyer.getByRole('region', { name: 'Refunds' });
      await refunds.getByText(`Shipping ${formatNaira(SHIPPING)}`).waitFor();
      // The sandbox settles the refund in a moment; the page reads the order again while it is on its way.
      await refunds.getByText('Processed', { exact: true }).waitFor({ timeout: REFUND_TIMEOUT_MS });
      expect(await refunds.textContent()).toContain(`Refunded: ${formatNaira(ORDER_TOTAL)}`);
      await env.screenshot(buyer, 'returns-cancelled-refunded-1280');

      // 2. Bought again; the shop confirms, ships and delivers it from its Orders tab.
      const second = await buyCap(env, buyer, buyerToken, cap.id, customer.email);
      const shop = await env.newPage();
      await signIn(shop, '/vendor/auth', vendor);
      await shop.goto('/vendor/dashboard?tab=orders');
      const orderCard = shop.getByRole('group', { name: `Order #${second.id}` });
      // The shop may cancel a paid order it cannot fulfil; a reason is required.
      await orderCard.getByRole('button', { name: 'Cancel Order' }).click();
      const shopCancel = shop.getByRole('alertdialog', { name: `Cancel order #${second.id}?` });
      await shopCancel.getByRole('button', { name: 'Cancel Order' }).click();
      await expect
        .poll(() => describedText(shop, shopCancel.getByLabel('Reason for the customer')))
        .toContain(RETURNS_TEXT.reasonRequired);
      await env.screenshot(shop, 'returns-shop-cancel-reason-1280');
      await shopCancel.getByRole('button', { name: 'Keep Order' }).click();
      await shopCancel.waitFor({ state: 'detached' });
      for (const step of ['Confirm', 'Mark as Shipped', 'Mark as Delivered']) {
        await orderCard.getByRole('button', { name: step, exact: true }).click();
        await expectToast(shop, 'Order status updated!');
        await orderCard.getByRole('button', { name: step, exact: true }).waitFor({ state: 'detached' });
      }
      await orderCard.getByText('Delivered', { exact: true }).waitFor();
      expect(await orderCard.getByRole('button', { name: 'Cancel Order' }).count()).toBe(0);

      // 3. The customer returns it as damaged, within the window the page shows.
      await buyer.goto(`/orders/${second.id}`);
      await statusPanel(buyer).getByText('Returns are possible until').waitFor();
      await buyer.getByRole('button', { name: 'Request Return' }).click();
      const returnForm = buyer.getByRole('form', { name: 'Request a return' });
      // A single line starts chosen whole; details that are too short are refused under the field.
      expect(await returnForm.getByLabel(/Returns Zanna/).inputValue()).toBe('1');
      await returnForm.getByLabel('Reason').selectOption({ label: 'Damaged' });
      await returnForm.getByLabel('Details').fill('Torn');
      await returnForm.getByRole('button', { name: 'Request Return' }).click();
      await expect
        .poll(() => describedText(buyer, returnForm.getByLabel('Details')))
        .toContain(VALIDATION_MESSAGES.minLength(10));
      await returnForm.getByLabel('Details').fill('The brim arrived crushed and the embroidery is torn.');
      await returnForm.getByText('plus your shipping').waitFor();
      await env.screenshot(buyer, 'returns-request-dialog-1280');
      await returnForm.getByRole('button', { name: 'Request Return' }).click();
      await expectToast(buyer, UI_TEXT.returnRequested);
      await returnForm.waitFor({ state: 'detached' });
      await statusPanel(buyer).getByText('Return requested', { exact: true }).first().waitFor();
      const returnsPanel = buyer.getByRole('region', { name: 'Returns' });
      await returnsPanel.getByText('The shop reviews your request.', { exact: false }).waitFor();
      expect(await buyer.getByRole('button', { name: 'Request Return' }).count()).toBe(0);
      await env.screenshot(buyer, 'returns-requested-1280');

      // 4. The shop approves it (a rejection would need a note), then marks the caps received, back in stock.
      await shop.goto('/vendor/dashboard?tab=returns');
      await shop.getByRole('heading', { level: 2, name: 'Returns' }).waitFor();
      const returnCard = shop.getByRole('group', { name: new RegExp(`Order #${second.id}$`) });
      await returnCard.getByText('The brim arrived crushed and the embroidery is torn.').waitFor();
      await returnCard.getByRole('button', { name: 'Reject' }).click();
      const rejectDialog = shop.getByRole('alertdialog', { name: 'Reject this return?' });
      await rejectDialog.getByRole('button', { name: 'Reject Return' }).click();
      await expect
        .poll(() => describedText(shop, rejectDialog.getByLabel('Note to the customer')))
        .toContain(RETURNS_TEXT.noteRequired);
      await rejectDialog.getByRole('button', { name: 'Cancel' }).click();
      await rejectDialog.waitFor({ state: 'detached' });
      await returnCard.getByRole('button', { name: 'Approve' }).click();
      const approveDialog = shop.getByRole('alertdialog', { name: 'Approve this return?' });
      await approveDialog.getByLabel('Note (optional)').fill('Please send it back in its box.');
      await approveDialog.getByRole('button', { name: 'Approve Return' }).click();
      await expectToast(shop, UI_TEXT.returnApproved);
      await approveDialog.waitFor({ state: 'detached' });
      await returnCard.getByText('Approved', { exact: true }).waitFor();
      await returnCard.getByRole('button', { name: 'Mark Received' }).click();
      const receiveDialog = shop.getByRole('alertdialog', { name: 'Mark the return received?' });
      await receiveDialog.getByText(`${formatNaira(CAP_PRICE)} plus the order’s shipping share`).waitFor();
      expect(await receiveDialog.getByLabel(/Yes, put them back in stock/).isChecked()).toBe(true);
      await env.screenshot(shop, 'returns-shop-receive-dialog-1280');
      await receiveDialog.getByRole('button', { name: 'Mark Received' }).click();
      await expectToast(shop, UI_TEXT.returnReceived);
      await receiveDialog.waitFor({ state: 'detached' });
      await returnCard.getByText(/back in stock/).waitFor();
      await env.screenshot(shop, 'returns-shop-tab-1280');

      // 5. The customer sees the order Refunded: the cap and the shipping, once the sandbox has settled it.
      await buyer.reload();
      await statusPanel(buyer).getByText('Refunded', { exact: true }).first().waitFor({ timeout: REFUND_TIMEOUT_MS });
      const secondRefunds = buyer.getByRole('region', { name: 'Refunds' });
      await secondRefunds.getByText('Processed', { exact: true }).waitFor();
      await secondRefunds.getByText(`Items ${formatNaira(CAP_PRICE)} · Shipping ${formatNaira(SHIPPING)}`).waitFor();
      expect(await secondRefunds.textContent()).toContain(`Refunded: ${formatNaira(ORDER_TOTAL)}`);
      const progress = buyer.getByRole('list', { name: /^Progress of return #/ });
      expect(await progress.locator('[aria-current="step"]').count()).toBe(0);
      await progress.getByText('Please send it back in its box.', { exact: false }).waitFor();
      await env.screenshot(buyer, 'returns-refunded-1280');
      const refunded = await api<Order>(env, buyerToken, `/orders/${second.id}`);
      expect(refunded.status).toBe('refunded');

      // 6. The shop's ledger shows both sales reversed; nothing is left pending, nor released after the window.
      await shop.goto('/vendor/dashboard?tab=earnings');
      await shop.getByRole('heading', { level: 2, name: 'Earnings' }).waitFor();
      const ledger = shop.getByRole('region', { name: 'Ledger' });
      const reversal = ledger
        .getByRole('row')
        .filter({ hasText: 'Refund' })
        .filter({ hasText: `#${second.id}` })
        .filter({ hasText: `−${formatNaira(CAP_PRICE)}` });
      await reversal.first().waitFor();
      // Its commission comes back to the shop with it.
      await ledger
        .getByRole('row')
        .filter({ hasText: 'Refund' })
        .filter({ hasText: `#${second.id}` })
        .filter({ hasText: `+${formatNaira(CAP_PRICE - NET_CREDIT)}` })
        .first()
        .waitFor();
      await expect.poll(() => balanceCard(shop, 'Pending').textContent()).toContain(formatNaira(0));
      await env.screenshot(shop, 'returns-earnings-reversal-1280');
      env.advanceClock((FINANCE_DEFAULTS.returnWindowDays + 1) * DAY_MS);
      const after = await api<Balance>(env, vendorToken, '/vendor/balance');
      expect(after).toMatchObject({ pending: 0, available: 0 });

      // 7. The admin's Finance tab lists the return and both refunds; a goodwill refund beyond what is left is
      // refused with what is left.
      const admin = await env.newPage();
      await signInAsAdmin(admin, env.admin);
      await admin.goto('/admin/dashboard?tab=finance');
      await admin.getByRole('heading', { level: 2, name: 'Finance' }).waitFor();
      const adminReturns = admin.getByRole('region', { name: 'Returns', exact: true });
      await adminReturns
        .getByRole('row')
        .filter({ hasText: `Order #${second.id}` })
        .getByText('Refunded', { exact: true })
        .waitFor();
      const adminRefunds = admin.getByRole('region', { name: 'Refunds', exact: true });
      await expect.poll(() => adminRefunds.locator('tbody').getByText('Processed', { exact: true }).count()).toBe(2);
      const goodwill = admin.getByRole('form', { name: 'Goodwill refund' });
      await goodwill.getByLabel('Order number').fill(String(second.id));
      await goodwill.getByLabel('Refund amount (₦)').fill('500');
      await goodwill.getByLabel('Reason').fill('Sorry for the damaged cap');
      await goodwill.getByRole('button', { name: 'Refund' }).click();
      await expect.poll(() => goodwill.textContent()).toContain(`what is left of the order (${formatNaira(0)})`);
      await env.screenshot(admin, 'returns-admin-finance-1280');

      // On a phone the order page stays inside the screen.
      const phone = await env.newPage({ width: 390, height: 844 });
      await signIn(phone, '/auth', customer);
      await phone.goto(`/orders/${second.id}`);
      await phone.getByRole('region', { name: 'Returns' }).waitFor();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await env.screenshot(phone, 'returns-order-390');
      expect(env.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
