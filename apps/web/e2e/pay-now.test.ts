import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, type E2eEnv, startE2eEnv } from './harness';
import { api, GOOD_CARD, listCap, login, openVerifiedShop, registerCustomerAccount, signIn } from './steps';

/**
 * Issue 25 ("also seen"): the server's PUBLIC_URL names localhost while the visitor is on 127.0.0.1, the same
 * site on another origin with its own sign-in. Checkout already opened the payment sandbox on the page's own
 * origin; Pay now on an unpaid order sent the payer to PUBLIC_URL's, whose result page then asked to sign in.
 */
describe.skipIf(!browserAvailable())('Pay now on an unpaid order, with PUBLIC_URL on another origin', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2eEnv({ publicHost: 'localhost' });
  });

  afterAll(async () => {
    await env?.close();
  });

  it('pays on the page’s own origin and shows the payment as successful', async () => {
    const shop = await openVerifiedShop(env, { owner: 'Musa Kolo', shopName: 'Kolo Caps', password: 'Vendor123!' });
    const capId = await listCap(env, shop.token, { name: 'Kolo Zanna', price: 15_000, stock: 5, sizes: ['58'] });
    const customer = await registerCustomerAccount(env, 'Hauwa Ali', 'Customer123!');
    const token = await login(env, customer);
    const order = await api<{ id: number }>(env, token, '/orders', {
      method: 'POST',
      body: JSON.stringify({
        shipping_address: '9 Kashim Ibrahim Way, Maiduguri, Borno 600001',
        items: [{ product_id: capId, quantity: 1, size: '58' }],
      }),
    });

    const page = await env.newPage();
    await signIn(page, '/auth', customer);
    await page.goto(`/order/${order.id}`);
    await page.getByRole('heading', { name: `Order #${order.id}` }).waitFor();
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/payment-sandbox\/checkout\//, { timeout: 20_000 });
    expect(new URL(page.url()).origin).toBe(env.baseUrl);

    await page.getByLabel('Card number').fill(GOOD_CARD);
    await page.getByRole('button', { name: /^Pay ₦/ }).click();
    await page.waitForURL(/\/payment\/callback\?/, { timeout: 20_000 });
    expect(new URL(page.url()).origin).toBe(env.baseUrl);
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 20_000 });
    expect(await api<{ payment_status: string }>(env, token, `/orders/${order.id}`)).toMatchObject({
      payment_status: 'paid',
    });
  });
});
