import { join } from 'node:path';
import { ERROR_MESSAGES, formatNaira, VALIDATION_MESSAGES, VENDOR_PRODUCT_MESSAGES } from '@caps/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, type E2eEnv, startE2eEnv } from './harness';
import {
  AMINA_SHIPPING,
  api,
  apiResponse,
  DEMO_CUSTOMER as CUSTOMER,
  DEMO_START_TIMEOUT_MS,
  describedText,
  expectToast,
  fillShipping,
  GOOD_CARD,
  login,
  placeAndPay,
  type ScratchFiles,
  scratchFiles,
  signIn,
  statCard,
  DEMO_VENDOR as VENDOR,
} from './steps';

const JOURNEY_TIMEOUT_MS = 240_000;
const STRONG_PASSWORD = 'Kufi2024!';

interface DashboardFigures {
  total_products: number;
  total_orders: number;
  total_revenue: number;
  growth: { this_month: number; last_month: number; percent: number | null };
  recent_activity: { message: string }[];
}

interface OwnProduct {
  id: number;
  name: string;
  images: string[];
  sizes: string[];
  price: number;
  stock: number;
}

interface CustomerOrder {
  id: number;
  status: string;
  payment_status: string;
  items: { product_id: number }[];
}

let runSequence = 0;
function unique(prefix: string): string {
  runSequence += 1;
  return `${prefix}${Date.now().toString(36)}${runSequence}`;
}

describe.skipIf(!browserAvailable())('vendor dashboard in the browser', () => {
  let env: E2eEnv;
  let files: ScratchFiles;

  beforeAll(async () => {
    files = scratchFiles('caps-vendor-e2e-');
    env = await startE2eEnv({ demoData: true });
  }, DEMO_START_TIMEOUT_MS);

  afterAll(async () => {
    await env?.close();
    files?.remove();
  });

  /** Saves what the user sees of a dialog when SCREENSHOTS=1 (a full-page picture would cut it). */
  async function screenshotOf(part: Locator, name: string): Promise<void> {
    if (process.env.SCREENSHOTS !== '1') return;
    await part.screenshot({ path: join(import.meta.dirname, '../../../screenshots', `${name}.png`) });
  }

  /** Types the text fields of the Add New Cap / Edit Cap form. */
  async function fillCapForm(
    form: Locator,
    cap: { name: string; description: string; price: string; stock: string; category: string },
  ): Promise<void> {
    await form.getByLabel('Name').fill(cap.name);
    await form.getByLabel('Description').fill(cap.description);
    await form.getByLabel('Price (₦)').fill(cap.price);
    await form.getByLabel('Stock').fill(cap.stock);
    await form.getByLabel('Category').selectOption(cap.category);
  }

  function productCard(page: Page, name: string): Locator {
    return page.getByRole('list', { name: 'Your caps' }).getByRole('group', { name });
  }

  it('shows the real figures, keeps the tab across reloads, has a keyboard drawer on phones and logs out', async () => {
    const page = await env.newPage();
    const token = await signIn(page, '/vendor/auth', VENDOR);
    await page.waitForURL('**/vendor/dashboard');
    await page.getByRole('heading', { level: 2, name: 'Overview' }).waitFor();
    const figures = await api<DashboardFigures>(env, token, '/vendor/dashboard');

    const cardText = (label: string) => statCard(page, 'Shop figures', label).textContent();
    await statCard(page, 'Shop figures', 'Total Products').waitFor();
    expect(await cardText('Total Products')).toContain(`Total Products${figures.total_products}`);
    expect(await cardText('Total Orders')).toContain(`Total Orders${figures.total_orders}`);
    expect(await cardText('Total Revenue')).toContain(`Total Revenue${formatNaira(figures.total_revenue)}`);
    const growth =
      figures.growth.percent === null ? '—' : `${figures.growth.percent > 0 ? '+' : ''}${figures.growth.percent}%`;
    expect(await cardText('Growth')).toContain(`Growth${growth}`);
    const activity = page.getByRole('list', { name: 'Recent activity' }).getByRole('listitem');
    expect(await activity.count()).toBe(figures.recent_activity.length);
    const firstActivity = figures.recent_activity[0];
    if (firstActivity) expect(await activity.first().textContent()).toContain(firstActivity.message);
    await env.screenshot(page, 'vendor-overview-1280');

    // The side menu switches tabs through ?tab=, which survives a reload; an unknown tab is the overview.
    await page.getByRole('navigation', { name: 'Vendor dashboard' }).getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL('**/vendor/dashboard?tab=orders');
    await page.getByRole('heading', { level: 2, name: 'Orders' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Orders' }).waitFor();
    await page.getByRole('list', { name: 'Orders' }).waitFor();
    expect(await page.getByRole('link', { name: 'Orders', exact: true }).getAttribute('aria-current')).toBe('page');
    await env.screenshot(page, 'vendor-orders-1280');
    await page.goto('/vendor/dashboard?tab=nonsense');
    await page.getByRole('heading', { level: 2, name: 'Overview' }).waitFor();

    // Quick actions lead to the tabs.
    await page.getByRole('link', { name: 'Shop Settings' }).last().click();
    await page.waitForURL('**/vendor/dashboard?tab=shop');

    // Phones: the menu is a drawer, opened and closed with the keyboard, focus returning to its button.
    const phone = await env.newPage({ width: 390, height: 844 });
    await phone.goto('/');
    await phone.evaluate(
      ([storedToken, user]) => {
        localStorage.setItem('auth_token', storedToken);
        localStorage.setItem('user', user);
      },
      [token, (await page.evaluate(() => localStorage.getItem('user'))) ?? ''] as const,
    );
    await phone.goto('/vendor/dashboard?tab=orders');
    await phone.getByRole('list', { name: 'Orders' }).waitFor();
    await env.screenshot(phone, 'vendor-orders-390');
    await phone.goto('/vendor/dashboard');
    await phone.getByRole('heading', { level: 2, name: 'Overview' }).waitFor();
    await expect.poll(() => phone.getByRole('navigation', { name: 'Vendor dashboard' }).count()).toBe(0);
    // The drawer is the only menu on a phone here: one "Menu" button, the header's own is not shown.
    const menuButton = phone.getByRole('button', { name: 'Menu', exact: true });
    expect(await phone.getByRole('button', { name: 'Open menu' }).count()).toBe(0);
    expect(await menuButton.getAttribute('aria-description')).toBe('Current tab: Overview');
    await menuButton.focus();
    await phone.keyboard.press('Enter');
    const drawer = phone.getByRole('dialog', { name: 'Dashboard menu' });
    await drawer.waitFor();
    expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await drawer.getByRole('link', { name: 'Back to store' }).waitFor();
    await env.screenshot(phone, 'vendor-drawer-390');
    await phone.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await menuButton.evaluate((element) => element === document.activeElement)).toBe(true);
    await phone.keyboard.press('Enter');
    await drawer.waitFor();
    await drawer.getByRole('link', { name: 'Products' }).focus();
    await phone.keyboard.press('Enter');
    await phone.waitForURL('**/vendor/dashboard?tab=products');
    await drawer.waitFor({ state: 'detached' });
    await phone.getByRole('heading', { level: 2, name: 'Products' }).waitFor();
    await env.screenshot(phone, 'vendor-products-390');
    const addCap = phone.getByRole('button', { name: 'Add New Cap' }).first();
    await addCap.click();
    const phoneForm = phone.getByRole('dialog', { name: 'Add New Cap' });
    await phoneForm.getByLabel('Name').waitFor();
    await screenshotOf(phoneForm, 'vendor-add-cap-390');
    // Leaving Name empty shows nothing until the form is sent.
    await phoneForm.getByLabel('Description').focus();
    expect(await phoneForm.getByText('This field is required').count()).toBe(0);
    // Escape closes the dialog and gives the focus back to the button that opened it.
    await phone.keyboard.press('Escape');
    await phoneForm.waitFor({ state: 'detached' });
    await expect.poll(() => addCap.evaluate((element) => element === document.activeElement)).toBe(true);
    await phone.goto('/vendor/dashboard?tab=orders');
    await phone.getByRole('list', { name: 'Orders' }).waitFor();
    await env.screenshot(phone, 'vendor-orders-390');
    await phone.goto('/vendor/dashboard');
    await phone.getByRole('heading', { level: 2, name: 'Overview' }).waitFor();
    await env.screenshot(phone, 'vendor-overview-390');

    // Logout forgets the session, says so and shows the vendor login.
    await page.getByRole('navigation', { name: 'Vendor dashboard' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/vendor/auth');
    await expectToast(page, 'Logged out');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    expect(env.pageErrors).toEqual([]);
  });

  it('tells a signed-in customer opening the vendor dashboard to sign in with a vendor account', async () => {
    const page = await env.newPage();
    await signIn(page, '/auth', CUSTOMER);
    await page.goto('/vendor/dashboard');
    await page.waitForURL('**/vendor/auth');
    await page.getByRole('status').getByText('Please sign in with a vendor account.').waitFor();
    // The notice belongs to that redirect only: a plain visit of the page shows none.
    const visitor = await env.newPage();
    await visitor.goto('/vendor/auth');
    await visitor.getByRole('tab', { name: 'Login' }).waitFor();
    expect(await visitor.getByText('Please sign in with a vendor account.').count()).toBe(0);
  });

  it('refuses bad product input, edits pictures and deletes after asking', async () => {
    const page = await env.newPage();
    const token = await signIn(page, '/vendor/auth', VENDOR);
    const before = await api<OwnProduct[]>(env, token, '/vendor/products');
    await page.goto('/vendor/dashboard?tab=products');
    await page.getByRole('heading', { level: 2, name: 'Products' }).waitFor();
    await page.getByRole('button', { name: 'Add New Cap' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New Cap' });
    const form = dialog.getByRole('form', { name: 'Add New Cap' });
    const name = unique('Test Kufi ');
    await fillCapForm(form, {
      name,
      description: 'A checked cap for the dashboard test.',
      price: '0',
      stock: '2.5',
      category: 'Modern Caps',
    });

    // Seven pictures: six are taken, the seventh refused; a text file is refused for its type.
    const colours: [number, number, number][] = [
      [200, 30, 30],
      [30, 200, 30],
      [30, 30, 200],
      [200, 200, 30],
      [30, 200, 200],
      [200, 30, 200],
      [90, 90, 90],
    ];
    const seven = colours.map((colour, index) => files.png(`bad-${index}`, colour));
    await form.getByLabel('Images', { exact: true }).setInputFiles(seven);
    await form.getByText(VENDOR_PRODUCT_MESSAGES.tooManyImages).waitFor();
    const pictures = form.getByRole('list', { name: 'Images in order' }).getByRole('listitem');
    expect(await pictures.count()).toBe(6);
    const textFile = files.text('notes.txt', 'not a picture');
    await form.getByRole('button', { name: 'Remove image 6' }).click();
    await form.getByLabel('Images', { exact: true }).setInputFiles(textFile);
    await form.getByText(ERROR_MESSAGES.imageType).waitFor();
    expect(await pictures.count()).toBe(5);
    // A text file named .jpg (the browser calls it image/jpeg) is refused by its content before any upload.
    await form.getByRole('button', { name: 'Remove image 5' }).click();
    await form.getByText(ERROR_MESSAGES.imageType).waitFor({ state: 'detached' });
    await form.getByLabel('Images', { exact: true }).setInputFiles(files.text('fake.jpg', 'not a picture either'));
    await form.getByText(ERROR_MESSAGES.imageType).waitFor();
    expect(await pictures.count()).toBe(4);

    await form.getByRole('button', { name: 'Add Cap' }).click();
    await form.getByText(VALIDATION_MESSAGES.pricePositive).waitFor();
    await form.getByText(VALIDATION_MESSAGES.stockNonNegative).waitFor();
    await form.getByText(VALIDATION_MESSAGES.sizesRequired).waitFor();
    await screenshotOf(dialog, 'vendor-product-form-errors-1280');
    expect((await api<OwnProduct[]>(env, token, '/vendor/products')).length).toBe(before.length);

    // Corrected, with three pictures, it is saved; nothing typed was lost on the way.
    expect(await form.getByLabel('Name').inputValue()).toBe(name);
    await form.getByLabel('Price (₦)').fill('15000');
    await form.getByLabel('Stock').fill('5');
    // A size typed but not added with Enter still counts: the box shows it, so the save takes it.
    await form.getByLabel('Sizes', { exact: true }).fill(' M ');
    await form.getByRole('button', { name: 'Remove image 4' }).click();
    expect(await pictures.count()).toBe(3);
    await form.getByRole('button', { name: 'Add Cap' }).click();
    await expectToast(page, 'Product added!');
    await dialog.waitFor({ state: 'detached' });
    await productCard(page, name).waitFor();
    const created = (await api<OwnProduct[]>(env, token, '/vendor/products')).find((product) => product.name === name);
    if (!created) throw new Error('The cap was not saved');
    expect(created.images).toHaveLength(3);
    expect(created.sizes).toEqual(['M']);
    const [first, second, third] = created.images;

    // Edit: drop the second picture, move the third before the first, add a new one and make it the main one.
    await productCard(page, name).getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Cap' });
    const editPictures = edit.getByRole('list', { name: 'Images in order' }).getByRole('listitem');
    expect(await editPictures.count()).toBe(3);
    await edit.getByRole('button', { name: 'Remove image 2' }).click();
    await edit.getByRole('button', { name: 'Move image 2 left' }).click();
    // Focus follows the moved picture: it is now first, so its Move right button has the focus.
    expect(
      await edit.getByRole('button', { name: 'Move image 1 right' }).evaluate((b) => b === document.activeElement),
    ).toBe(true);
    await edit.getByLabel('Images', { exact: true }).setInputFiles(files.png('edit-new', [250, 160, 0]));
    await edit.getByRole('button', { name: 'Move image 3 left' }).click();
    await page.keyboard.press('Enter');
    await screenshotOf(edit, 'vendor-product-edit-1280');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Product updated!');
    await edit.waitFor({ state: 'detached' });
    const edited = (await api<OwnProduct[]>(env, token, '/vendor/products')).find(
      (product) => product.id === created.id,
    );
    expect(edited?.images).toHaveLength(3);
    expect(edited?.images.slice(1)).toEqual([third, first]);
    expect([first, second, third]).not.toContain(edited?.images[0]);

    // Delete asks first; Cancel keeps the cap.
    await productCard(page, name).getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this cap?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await api<OwnProduct[]>(env, token, '/vendor/products')).some((p) => p.id === created.id)).toBe(true);
    await productCard(page, name).getByRole('button', { name: 'Delete', exact: true }).click();
    // Deleted behind the page's back: the refusal is toasted as spec 8 says ('Please try again'), and its
    // reason stays in the open dialog.
    await api(env, token, `/products/${created.id}`, { method: 'DELETE' });
    const again = await apiResponse(env, token, `/products/${created.id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    const reason = ((await again.json()) as { message: string }).message;
    await confirm.getByRole('button', { name: 'Delete' }).click();
    const failed = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to delete product' });
    await failed.waitFor();
    expect(await failed.textContent()).toContain('Please try again');
    expect(await failed.textContent()).not.toContain(reason);
    expect(await confirm.getByRole('alert').textContent()).toBe(reason);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await productCard(page, name).waitFor({ state: 'detached' });
    expect((await api<OwnProduct[]>(env, token, '/vendor/products')).some((p) => p.id === created.id)).toBe(false);

    // The plain path: a cap nobody ordered is deleted after the confirmation, with the spec's toast.
    const spareName = `${name} Spare`;
    const spare = await api<{ id: number }>(env, token, '/products', {
      method: 'POST',
      body: JSON.stringify({
        name: spareName,
        description: 'A spare cap made to be deleted from the grid.',
        price: 5_000,
        stock: 2,
        category: 'Hausa Caps',
        sizes: ['M'],
      }),
    });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await productCard(page, spareName).getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Product deleted' }).waitFor();
    await productCard(page, spareName).waitFor({ state: 'detached' });
    expect((await api<OwnProduct[]>(env, token, '/vendor/products')).some((p) => p.id === spare.id)).toBe(false);
    expect(env.pageErrors).toEqual([]);
  });

  it(
    'takes a new shop from registration through verification to a sold, delivered cap',
    async () => {
      // A new vendor registers and waits for verification.
      const vendorPage = await env.newPage();
      await vendorPage.goto('/vendor/auth');
      await vendorPage.getByRole('tab', { name: 'Register' }).click();
      const register = vendorPage.getByRole('form', { name: 'Register your shop' });
      const shopName = unique('Kufi House ');
      await register.getByLabel('Full Name').fill('Zainab Goni');
      await register.getByLabel('Email').fill(`${unique('zainab')}@example.ng`);
      await register.getByLabel('Phone').fill('+2348031112222');
      await register.getByLabel('Shop Name').fill(shopName);
      await register.getByLabel('Shop Description').fill('Caps woven by hand in Maiduguri.');
      await register.getByLabel('Shop Address').fill('4 Lagos Street, Maiduguri, Borno');
      await register.getByLabel('Account Holder Name').fill('Zainab Goni');
      await register.getByLabel('Account Number').fill('0987654321');
      await register.getByLabel('Bank Name').selectOption('Access Bank');
      await register.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
      await register.getByLabel('Confirm Password').fill(STRONG_PASSWORD);
      await register.getByLabel('I agree to the Terms and Conditions and Returns Policy').check();
      await register.getByRole('button', { name: 'Register as Vendor' }).click();
      await vendorPage.waitForURL('**/vendor/dashboard');
      await vendorPage.getByRole('heading', { name: shopName }).waitFor();
      await vendorPage.getByText('Pending verification', { exact: true }).waitFor();
      await vendorPage.goto('/vendor/dashboard?tab=products');
      await vendorPage.getByText('No products yet').waitFor();
      const addNew = vendorPage.getByRole('button', { name: 'Add New Cap' });
      expect(await addNew.count()).toBe(1);
      expect(await addNew.isDisabled()).toBe(true);
      await env.screenshot(vendorPage, 'vendor-pending-1280');
      const vendorToken = await vendorPage.evaluate(() => localStorage.getItem('auth_token'));
      if (!vendorToken) throw new Error('No vendor token');
      // The server refuses too, in words the form would show.
      const refused = await fetch(`${env.baseUrl}/api/products`, {
        method: 'POST',
        headers: { authorization: `Bearer ${vendorToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Early Cap',
          description: 'Too early to sell.',
          price: 100,
          stock: 1,
          category: 'Modern Caps',
          sizes: ['M'],
        }),
      });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(VENDOR_PRODUCT_MESSAGES.shopPending);

      // The admin verifies the shop; the reloaded dashboard says so and lets caps be added.
      const profile = await api<{ vendor: { id: number } }>(env, vendorToken, '/profile');
      const adminToken = await login(env, env.admin);
      await api(env, adminToken, `/admin/vendors/${profile.vendor.id}/verify`, { method: 'POST' });
      await vendorPage.reload();
      await vendorPage.getByText('Verified', { exact: true }).waitFor();
      // Still one Add New Cap: the empty state's, now enabled (not a second one in the header).
      await vendorPage.getByText('No products yet').waitFor();
      expect(await addNew.count()).toBe(1);
      expect(await addNew.isDisabled()).toBe(false);

      // Add New Cap with three sizes (a repeat and a blank ignored) and two pictures.
      await addNew.first().click();
      const form = vendorPage.getByRole('form', { name: 'Add New Cap' });
      const capName = unique('Journey Zanna ');
      await fillCapForm(form, {
        name: capName,
        description: 'An embroidered zanna bukar cap, made to order.',
        price: '18500',
        stock: '4',
        category: 'Hausa Caps',
      });
      const sizes = form.getByLabel('Sizes', { exact: true });
      for (const size of ['56', '57', '57', ' ', '58']) {
        await sizes.fill(size);
        await sizes.press('Enter');
      }
      expect(await form.getByRole('list', { name: 'Sizes added' }).getByRole('listitem').allTextContents()).toEqual([
        '56',
        '57',
        '58',
      ]);
      await form
        .getByLabel('Images', { exact: true })
        .setInputFiles([files.png('journey-1', [166, 61, 26]), files.png('journey-2', [15, 107, 63])]);
      await form.getByRole('img', { name: 'Image 2 of 2' }).waitFor();
      await screenshotOf(vendorPage.getByRole('dialog', { name: 'Add New Cap' }), 'vendor-add-cap-1280');
      await form.getByRole('button', { name: 'Add Cap' }).click();
      await expectToast(vendorPage, 'Product added!');
      await productCard(vendorPage, capName).waitFor();
      // With a cap listed, the header has the one Add New Cap.
      expect(await addNew.count()).toBe(1);
      await env.screenshot(vendorPage, 'vendor-products-1280');

      // A customer finds it in the catalogue, sees both pictures and the three sizes, and buys it.
      const customer = await env.newPage();
      const customerToken = await signIn(customer, '/auth', CUSTOMER);
      await api(env, customerToken, '/cart', { method: 'DELETE' });
      await customer.goto(`/browse-caps?search=${encodeURIComponent(capName)}`);
      const card = customer.getByRole('article', { name: capName });
      await card.waitFor();
      await card.getByRole('link', { name: /View Details/ }).click();
      await customer.getByRole('heading', { level: 1, name: capName }).waitFor();
      await customer.getByRole('img', { name: `${capName}, picture 1 of 2` }).waitFor();
      expect(await customer.getByRole('button', { name: /^Show picture \d of 2$/ }).count()).toBe(2);
      const sizeRadios = customer.getByRole('form', { name: 'Add to cart' }).getByRole('radio');
      expect(await sizeRadios.count()).toBe(3);
      await customer.getByRole('form', { name: 'Add to cart' }).getByText('57', { exact: true }).click();
      await customer.getByRole('button', { name: 'Add to Cart' }).click();
      await expectToast(customer, 'Added to cart');

      await customer.goto('/checkout');
      await customer.getByRole('heading', { name: 'Order Summary' }).waitFor();
      await fillShipping(customer, AMINA_SHIPPING);
      await placeAndPay(customer, GOOD_CARD);
      await customer.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 20_000 });
      const product = (await api<OwnProduct[]>(env, vendorToken, '/vendor/products')).find((p) => p.name === capName);
      const order = (await api<CustomerOrder[]>(env, customerToken, '/orders')).find((o) =>
        o.items.some((item) => item.product_id === product?.id),
      );
      if (!order) throw new Error('The order of the new cap is missing');
      expect(order.payment_status).toBe('paid');

      // The shop moves the order on, one step at a time, until it is delivered.
      await vendorPage.goto('/vendor/dashboard?tab=orders');
      const orderCard = vendorPage
        .getByRole('list', { name: 'Orders' })
        .getByRole('group', { name: `Order #${order.id}` });
      await orderCard.waitFor();
      expect(await orderCard.textContent()).toContain(capName);
      for (const [step, status] of [
        ['Confirm', 'Confirmed'],
        ['Mark as Shipped', 'Shipped'],
        ['Mark as Delivered', 'Delivered'],
      ] as const) {
        // Named by its visible words; the order number is its description.
        const button = orderCard.getByRole('button', { name: step, exact: true });
        expect(await describedText(vendorPage, button)).toBe(`Order #${order.id}`);
        await button.click();
        await expectToast(vendorPage, 'Order status updated!');
        await orderCard.getByText(status, { exact: true }).waitFor();
      }
      await expect.poll(() => orderCard.getByRole('button', { name: /^(Confirm|Mark as)/ }).count()).toBe(0);
      await orderCard.getByRole('button', { name: 'View Details', exact: true }).click();
      const details = vendorPage.getByRole('dialog', { name: `Order #${order.id}` });
      await details.getByText(CUSTOMER.email).waitFor();
      await details.getByText('Shipped → Delivered').waitFor();
      await screenshotOf(details, 'vendor-order-details-1280');
      await vendorPage.keyboard.press('Escape');

      // The customer's order page says it arrived.
      await customer.goto(`/order/${order.id}`);
      await customer.getByText('Your order has been delivered. Enjoy your cap!').waitFor();
      expect(env.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
