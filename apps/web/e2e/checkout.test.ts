import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, type E2eEnv, startE2eEnv } from './harness';
import {
  api,
  DEMO_CUSTOMER as CUSTOMER,
  DEMO_START_TIMEOUT_MS,
  fillShipping,
  GOOD_CARD,
  placeAndPay,
  signInAsAdmin,
  signIn as signInAt,
} from './steps';

const DECLINED_CARD = '4084 0800 0000 5408';

interface ListedProduct {
  id: number;
  name: string;
  stock: number;
  sizes: string[];
  vendor: { id: number; shop_name: string };
}

interface ListedOrder {
  id: number;
  user_id: number;
  status: string;
  payment_status: string;
  discount: number;
  coupon_code: string | null;
  vendor: { id: number; shop_name: string };
  items: { product_id: number; product: { name: string } }[];
}

interface ListedReview {
  user_id: number | null;
}

describe.skipIf(!browserAvailable())('checkout, payment and orders in the browser', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2eEnv({ demoData: true });
  }, DEMO_START_TIMEOUT_MS);

  afterAll(async () => {
    await env?.close();
  });

  /** Signs the demo customer in through /auth and answers the stored token. */
  function signIn(page: Page): Promise<string> {
    return signInAt(page, '/auth', CUSTOMER);
  }

  /** Empties the cart, then puts one of each given cap in it (first size). */
  async function fillCart(token: string, products: ListedProduct[]): Promise<void> {
    await api(env, token, '/cart', { method: 'DELETE' });
    for (const product of products) {
      await api(env, token, '/cart', {
        method: 'POST',
        body: JSON.stringify({ product_id: product.id, quantity: 1, size: product.sizes[0] ?? '' }),
      });
    }
  }

  /** In-stock caps from two different shops, skipping the first `skip` shops. */
  async function capsOfTwoShops(token: string, skip = 0): Promise<ListedProduct[]> {
    const page = await api<{ data: ListedProduct[] }>(env, token, '/products?per_page=100');
    const byShop = new Map<number, ListedProduct>();
    for (const product of page.data) {
      if (product.stock >= 2 && product.sizes.length > 0 && !byShop.has(product.vendor.id))
        byShop.set(product.vendor.id, product);
    }
    const caps = [...byShop.values()].slice(skip, skip + 2);
    if (caps.length < 2) throw new Error('The demo data has fewer than two shops with caps in stock');
    return caps;
  }

  /** From /checkout to the sandbox page, paying with the given card, back on /payment/callback. */
  async function payAndReturn(page: Page, card: string): Promise<void> {
    await placeAndPay(page, card);
    await page.waitForURL(/\/payment\/callback\?/, { timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get('reference')).toMatch(/^CAPS-/);
  }

  it('places a two-shop order with SAVE10, pays it and lists both orders as paid', async () => {
    const page = await env.newPage();
    const token = await signIn(page);
    const before = await api<ListedOrder[]>(env, token, '/orders');
    const caps = await capsOfTwoShops(token);
    await fillCart(token, caps);
    await page.evaluate(() => sessionStorage.setItem('checkout_coupon', 'SAVE10'));

    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('orders.create')) creates.push(request.postData() ?? '');
    });

    await page.goto('/checkout');
    await page.getByRole('heading', { name: 'Order Summary' }).waitFor();
    for (const cap of caps)
      await expect(page.getByText(cap.vendor.shop_name, { exact: true }).count()).resolves.toBe(1);
    await page.getByText('Discount (SAVE10)').waitFor();
    await fillShipping(page);
    await env.screenshot(page, 'checkout-1280');
    await payAndReturn(page, GOOD_CARD);

    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 20_000 });
    await page.getByText('3-5 business days').waitFor();
    expect(creates).toHaveLength(1);
    expect(creates[0]).toContain('idempotency_key');
    expect(creates[0]).toContain('SAVE10');

    const after = await api<ListedOrder[]>(env, token, '/orders');
    const placed = after.filter((order) => !before.some((old) => old.id === order.id));
    expect(placed).toHaveLength(2);
    expect(new Set(placed.map((order) => order.vendor.id)).size).toBe(2);
    for (const order of placed) {
      expect(order.payment_status).toBe('paid');
      expect(order.coupon_code).toBe('SAVE10');
      expect(order.discount).toBeGreaterThan(0);
    }
    // The server emptied the cart once the payment went through.
    expect(await api<unknown[]>(env, token, '/cart')).toEqual([]);
    // Spec 2: the result offers /orders, / and /cart.
    for (const name of ['View Orders', 'Continue Shopping', 'Back to Cart']) {
      await expect(page.getByRole('link', { name }).count()).resolves.toBe(1);
    }

    await page.getByRole('link', { name: 'View Orders' }).click();
    await page.waitForURL('**/orders');
    const list = page.getByRole('list', { name: 'Orders' });
    for (const order of placed) {
      const card = list.getByRole('article', { name: `Order #${order.id}` });
      await card.waitFor();
      await expect(card.getByText('Paid', { exact: true }).count()).resolves.toBe(1);
      await expect(card.getByText(order.vendor.shop_name).count()).resolves.toBe(1);
    }
    await env.screenshot(page, 'orders-1280');

    const first = placed[0];
    if (!first) throw new Error('No placed order');
    await page.goto(`/order/${first.id}`);
    await page.getByRole('heading', { name: `Order #${first.id}` }).waitFor();
    // Paid and pending: the sentence says what it waits for now, the shop (not payment).
    await page.getByText('Paid. Waiting for the shop to confirm your order.', { exact: true }).waitFor();
    expect(await page.getByText('Waiting for payment', { exact: true }).count()).toBe(0);
    await env.screenshot(page, 'order-detail-1280');
  });

  it('shows the failure and a Retry Verification button for a declined card', async () => {
    const page = await env.newPage({ width: 390, height: 844 });
    const token = await signIn(page);
    const caps = await capsOfTwoShops(token, 2);
    await fillCart(token, caps.slice(0, 1));

    await page.goto('/checkout');
    await page.getByRole('heading', { name: 'Order Summary' }).waitFor();
    await fillShipping(page);
    await env.screenshot(page, 'checkout-390');
    await payAndReturn(page, DECLINED_CARD);

    await page.getByRole('heading', { name: 'Payment Verification Failed' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Retry Verification' }).waitFor();
    for (const name of ['View Orders', 'Continue Shopping', 'Back to Cart']) {
      await expect(page.getByRole('link', { name }).count()).resolves.toBe(1);
    }
    // Nothing was paid, so the cart is still there.
    expect(await api<unknown[]>(env, token, '/cart')).toHaveLength(1);
    await env.screenshot(page, 'payment-failed-390');

    // The unpaid order's page waits for payment only.
    const unpaid = (await api<ListedOrder[]>(env, token, '/orders')).find(
      (order) => order.status === 'pending' && order.payment_status !== 'paid',
    );
    if (!unpaid) throw new Error('The declined order is missing');
    await page.goto(`/order/${unpaid.id}`);
    await page.getByText('Waiting for payment', { exact: true }).waitFor();
    expect(await page.getByText('Paid. Waiting for the shop to confirm your order.').count()).toBe(0);
  });

  it('writes a review of a delivered cap from the order page', async () => {
    const page = await env.newPage({ width: 390, height: 844 });
    const token = await signIn(page);
    const orders = await api<ListedOrder[]>(env, token, '/orders');
    let target: { orderId: number; name: string } | null = null;
    for (const order of orders.filter((o) => o.status === 'delivered')) {
      for (const item of order.items) {
        const reviews = await api<ListedReview[]>(env, token, `/reviews?product_id=${item.product_id}`);
        // Public reviews name the reviewer without any part of the email: the customer is known by id.
        if (!reviews.some((review) => review.user_id === order.user_id)) {
          target = { orderId: order.id, name: item.product.name };
          break;
        }
      }
      if (target) break;
    }
    if (!target) throw new Error('No delivered, unreviewed cap for the demo customer');

    await page.goto(`/order/${target.orderId}`);
    await page.getByRole('heading', { name: `Order #${target.orderId}` }).waitFor();
    await env.screenshot(page, 'order-detail-390');
    await page.getByRole('button', { name: `Write Review for ${target.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Write a Review' });
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await dialog.getByText('Rating must be between 1 and 5').waitFor();

    await dialog.getByRole('radio', { name: '5 stars (Excellent)' }).check({ force: true });
    await dialog.getByLabel('Comment').fill('Lovely embroidery and a perfect fit. Arrived on time.');
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await page.getByText('Review submitted').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Reviewed' }).first().waitFor();
  });

  it('reports a missing payment reference; the order test page is for admins only', async () => {
    const page = await env.newPage({ width: 390, height: 844 });
    await signIn(page);
    await page.goto('/payment/callback');
    await page.getByRole('heading', { name: 'No payment reference found' }).waitFor();
    await expect(page.getByRole('link', { name: 'View Orders' }).count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: 'Back to Cart' }).count()).resolves.toBe(1);

    // A developer page: a customer is sent to the admin sign-in (issue 10).
    await page.goto('/order-test');
    await page.waitForURL('**/admin/auth');
    await page.getByText('The developer pages are for admins. Please sign in with an admin account.').waitFor();

    // The admin gets the page; order 1 is a customer's, so the call is refused and the page shows why.
    const admin = await env.newPage();
    await signInAsAdmin(admin);
    await admin.goto('/order-test');
    await admin.getByRole('button', { name: 'Load Order 1' }).click();
    await admin.getByRole('status').getByText('You are not allowed to do this.').waitFor();
  });

  it('asks a signed-out visitor on the payment result page to sign in, and tells nothing of the payment', async () => {
    const page = await env.newPage();
    await page.goto('/payment/callback?reference=CAPS-1-000000000000');
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Payment Verification Failed' }).waitFor();
    await main.getByText('Please sign in with the account you paid with to see the result of this payment.').waitFor();
    await main.getByRole('link', { name: 'Login' }).waitFor();
    expect(await main.getByRole('button', { name: 'Retry Verification' }).count()).toBe(0);
  });

  it('sends a signed-out visitor from /checkout to /auth', async () => {
    const page = await env.newPage();
    await page.goto('/checkout');
    await page.waitForURL('**/auth');
    await page.getByText('Please login to proceed with checkout.').waitFor();
  });
});
