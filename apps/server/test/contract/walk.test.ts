import { authService, SANDBOX_SUCCESS_CARD } from '@caps/api';
import { customerInput, vendorInput } from '@caps/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  type CallOptions,
  type ContractServer,
  expectFields,
  formOf,
  type Method,
  OpenApi,
  pngFile,
  startContractServer,
} from './harness.js';
import { SPEC_CALLS, SPEC_FIELDS } from './spec-table.js';

/**
 * Every call of spec 7, made once the way an external client makes it, in the order a marketplace
 * lives it: accounts, the shop's verification, a cap, the catalogue, cart, wishlist, checkout and
 * payment, the shop's order steps, coupons, reviews, reports, the admin lists and signing out. Each
 * answer's status and body are checked against /api/openapi.json, and the spec 3 field names against
 * the body. The steps share one story, so each builds on the one before.
 */

let server: ContractServer;
let openApi: OpenApi;
/** The calls made, to prove the walk covered the whole table. */
const walked = new Set<string>();

/** Makes a documented call and checks the answer: the expected status, and the document's schema for it. */
async function step(
  method: Method,
  documentedPath: string,
  path: string,
  expected: number,
  options: CallOptions = {},
): Promise<Answer> {
  const answer = await server.call(method, path, options);
  walked.add(`${method} ${documentedPath}`);
  expect(answer.status, `${method} ${path}: ${answer.text.slice(0, 400)}`).toBe(expected);
  openApi.expectAnswer(method, documentedPath, answer);
  return answer;
}

const story = {
  customer: { token: '', id: 0, email: '', password: '' },
  vendor: { token: '', id: 0, vendorId: 0, email: '', password: '' },
  admin: { token: '', email: 'contract.admin@example.com', password: 'Admin-Pass-123' },
  productId: 0,
  secondProductId: 0,
  cartItemId: 0,
  couponId: 0,
  couponCode: 'WALK15',
  orderId: 0,
  reference: '',
  paymentUrl: '',
  reportId: 0,
};

beforeAll(async () => {
  server = await startContractServer();
  openApi = await OpenApi.load(server);
  // Admins are made from the command line (npm run create-admin), never registered over the API.
  await authService.createAdmin(server.env.services.orm.em.fork(), {
    email: story.admin.email,
    password: story.admin.password,
  });
});
afterAll(async () => server?.close());

const item = <T>(list: unknown, label: string): T => {
  expect(Array.isArray(list), `${label} is a list`).toBe(true);
  const first = (list as T[])[0];
  if (first === undefined) throw new Error(`${label} is empty`);
  return first;
};

describe('accounts', () => {
  it('POST /register: a customer with JSON', async () => {
    const input = customerInput({ address: '7 Damboa Road, Maiduguri, Borno' });
    const answer = await step('POST', '/register', '/register', 201, { json: input });
    expectFields(answer.body, SPEC_FIELDS.login, 'the registration answer');
    const { token, user } = answer.body as { token: string; user: { id: number } };
    expectFields(user, SPEC_FIELDS.user, 'the registered user');
    story.customer = { token, id: user.id, email: input.email, password: input.password };
  });

  it('POST /register: a vendor with multipart, a shop picture included', async () => {
    const input = vendorInput({ shop_name: 'Contract Walk Caps' });
    const form = formOf(input, { profile_image: await pngFile('shop.png') });
    const answer = await step('POST', '/register', '/register', 201, { form });
    const { token, user } = answer.body as {
      token: string;
      user: { id: number; vendor: { id: number; is_verified: number; profile_image: string | null } };
    };
    expectFields(user.vendor, SPEC_FIELDS.vendor, 'the registered shop');
    expect(user.vendor.is_verified).toBe(0);
    expect(user.vendor.profile_image).toBeTruthy();
    story.vendor = { token, id: user.id, vendorId: user.vendor.id, email: input.email, password: input.password };
  });

  it('POST /login: customer, vendor and admin, each with its intended_role', async () => {
    for (const [role, account] of [
      ['customer', story.customer],
      ['vendor', story.vendor],
      ['admin', story.admin],
    ] as const) {
      const answer = await step('POST', '/login', '/login', 200, {
        json: { email: account.email, password: account.password, intended_role: role },
      });
      expectFields(answer.body, SPEC_FIELDS.login, `the ${role} login`);
      account.token = (answer.body as { token: string }).token;
    }
    const wrong = await step('POST', '/login', '/login', 401, {
      json: { email: story.customer.email, password: 'Wrong-pass-1' },
    });
    expect(wrong.body).toMatchObject({ message: expect.any(String), error: 'Unauthorized' });
  });

  it('GET /profile: the user, and for a vendor the shop part', async () => {
    const customer = await step('GET', '/profile', '/profile', 200, { token: story.customer.token });
    expectFields(customer.body, SPEC_FIELDS.user, 'the customer profile');
    const vendor = await step('GET', '/profile', '/profile', 200, { token: story.vendor.token });
    expectFields((vendor.body as { vendor: unknown }).vendor, SPEC_FIELDS.vendor, 'the vendor profile');
  });

  it('PUT /profile: JSON for a customer, multipart with a cover image for a vendor', async () => {
    const customer = await step('PUT', '/profile', '/profile', 200, {
      token: story.customer.token,
      json: { full_name: 'Amina Walker', phone: '+2348031112222', address: '9 Kashim Ibrahim Way, Maiduguri' },
    });
    expect(customer.body).toMatchObject({ full_name: 'Amina Walker', phone: '+2348031112222' });
    const shopless = await step('PUT', '/profile', '/profile', 403, {
      token: story.customer.token,
      form: formOf({ shop_name: 'Not A Shop' }, { cover_image: await pngFile('cover.png') }),
    });
    expect(shopless.body).toMatchObject({ message: expect.any(String), error: 'Forbidden' });
    const form = formOf(
      { shop_description: 'Caps stitched by hand for the contract walk.' },
      { cover_image: await pngFile('cover.png', '#1d4ed8') },
    );
    const vendor = await step('PUT', '/profile', '/profile', 200, { token: story.vendor.token, form });
    const shop = (vendor.body as { vendor: { shop_description: string; cover_image: string | null } }).vendor;
    expect(shop.shop_description).toBe('Caps stitched by hand for the contract walk.');
    expect(shop.cover_image).toBeTruthy();
  });
});

describe('the shop and its caps', () => {
  it('POST /admin/vendors/{id}/verify: the admin verifies the new shop', async () => {
    const path = `/admin/vendors/${story.vendor.vendorId}/verify`;
    const refused = await step('POST', '/admin/vendors/{id}/verify', path, 403, { token: story.vendor.token });
    expect(refused.body).toMatchObject({ error: 'Forbidden' });
    await step('POST', '/admin/vendors/{id}/verify', path, 200, { token: story.admin.token });
    const profile = await server.call('GET', '/profile', { token: story.vendor.token });
    expect(profile.body).toMatchObject({ vendor: { is_verified: 1, verified_at: expect.any(String) } });
  });

  it('POST /products: multipart with sizes[i] and a real PNG in images[0]', async () => {
    const fields = {
      name: 'Zanna Walk Cap',
      description: 'A hand-embroidered Hausa cap made for the walk.',
      price: 18_500,
      stock: 12,
      category: 'Hausa Caps',
      sizes: ['57', '58'],
    };
    const form = formOf(fields, { 'images[0]': await pngFile('cap.png') });
    const answer = await step('POST', '/products', '/products', 201, { token: story.vendor.token, form });
    const product = answer.body as { id: number; images: string[]; price: number; vendor_id: number };
    expectFields(product, SPEC_FIELDS.product, 'the new cap');
    expect(product).toMatchObject({ price: 18_500, stock: 12, sizes: ['57', '58'], vendor_id: story.vendor.vendorId });
    expect(product.images).toHaveLength(1);
    story.productId = product.id;
    // The picture is served where the product says it is.
    const image = await fetch(new URL(product.images[0] as string, server.origin));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);

    const second = await step('POST', '/products', '/products', 201, {
      token: story.vendor.token,
      form: formOf({ ...fields, name: 'Zanna Spare Cap', sizes: ['M'] }),
    });
    story.secondProductId = (second.body as { id: number }).id;
  });

  it('PUT /products/{id}: multipart, only the fields sent change', async () => {
    const form = formOf({ price: 19_000, sizes: ['57', '58', '59'] });
    const answer = await step('PUT', '/products/{id}', `/products/${story.productId}`, 200, {
      token: story.vendor.token,
      form,
    });
    expectFields(answer.body, SPEC_FIELDS.product, 'the updated cap');
    expect(answer.body).toMatchObject({ price: 19_000, sizes: ['57', '58', '59'], name: 'Zanna Walk Cap' });
  });
});

describe('the catalogue', () => {
  it('GET /products: a page filtered by category, search and vendor, sorted', async () => {
    const answer = await step('GET', '/products', '/products', 200, {
      query: {
        category: 'Hausa Caps',
        search: 'Zanna',
        vendor_id: story.vendor.vendorId,
        sort: 'price',
        order: 'desc',
        page: 1,
      },
    });
    expectFields(answer.body, SPEC_FIELDS.pagedProducts, 'the page');
    const page = answer.body as { data: { id: number }[]; total: number; current_page: number };
    expect(page.total).toBe(2);
    expect(page.current_page).toBe(1);
    expectFields(item(page.data, 'the page data'), SPEC_FIELDS.product, 'a listed cap');
    expect(page.data.map((p) => p.id)).toEqual([story.productId, story.secondProductId]);
  });

  it('GET /products/{id}', async () => {
    const answer = await step('GET', '/products/{id}', `/products/${story.productId}`, 200);
    expectFields(answer.body, SPEC_FIELDS.product, 'the cap');
    expect(answer.body).toMatchObject({ id: story.productId, vendor: { shop_name: 'Contract Walk Caps' } });
  });

  it('GET /vendors and GET /vendors/{id}', async () => {
    const list = await step('GET', '/vendors', '/vendors', 200);
    const shops = list.body as { id: number }[];
    const shop = shops.find((s) => s.id === story.vendor.vendorId);
    expectFields(shop, SPEC_FIELDS.publicVendor, 'a listed shop');
    const one = await step('GET', '/vendors/{id}', `/vendors/${story.vendor.vendorId}`, 200);
    expectFields(one.body, SPEC_FIELDS.publicVendor, 'the shop');
    expect(one.body).toMatchObject({ shop_name: 'Contract Walk Caps', is_verified: 1 });
  });
});

describe('cart and wishlist', () => {
  it('POST /cart, GET /cart, PUT /cart/{id}', async () => {
    const token = story.customer.token;
    const added = await step('POST', '/cart', '/cart', 201, {
      token,
      json: { product_id: story.productId, quantity: 1, size: '58' },
    });
    expectFields(added.body, SPEC_FIELDS.cartItem, 'the cart line');
    story.cartItemId = (added.body as { id: number }).id;
    const cart = await step('GET', '/cart', '/cart', 200, { token });
    expectFields(item(cart.body, 'the cart'), SPEC_FIELDS.cartItem, 'a cart line');
    const updated = await step('PUT', '/cart/{id}', `/cart/${story.cartItemId}`, 200, {
      token,
      json: { quantity: 2 },
    });
    expect(updated.body).toMatchObject({ id: story.cartItemId, quantity: 2 });
  });

  it('DELETE /cart/{id}', async () => {
    const token = story.customer.token;
    const spare = await step('POST', '/cart', '/cart', 201, {
      token,
      json: { product_id: story.secondProductId, quantity: 1, size: 'M' },
    });
    const id = (spare.body as { id: number }).id;
    await step('DELETE', '/cart/{id}', `/cart/${id}`, 200, { token });
    await step('DELETE', '/cart/{id}', `/cart/${id}`, 404, { token });
  });

  it('POST /wishlist, GET /wishlist, DELETE /wishlist/{productId}', async () => {
    const token = story.customer.token;
    const added = await step('POST', '/wishlist', '/wishlist', 201, { token, json: { product_id: story.productId } });
    expectFields(added.body, SPEC_FIELDS.wishlistEntry, 'the wishlist entry');
    // Adding it again is documented as idempotent.
    await step('POST', '/wishlist', '/wishlist', 200, { token, json: { product_id: String(story.productId) } });
    const list = await step('GET', '/wishlist', '/wishlist', 200, { token });
    expectFields(item(list.body, 'the wishlist'), SPEC_FIELDS.wishlistEntry, 'a wishlist entry');
    await step('DELETE', '/wishlist/{productId}', `/wishlist/${story.productId}`, 200, { token });
    const after = await step('GET', '/wishlist', '/wishlist', 200, { token });
    expect(after.body).toEqual([]);
  });
});

describe('coupons', () => {
  it('POST /coupons, GET /coupons, PUT /coupons/{id}', async () => {
    const token = story.vendor.token;
    const expires = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();
    const created = await step('POST', '/coupons', '/coupons', 201, {
      token,
      json: { code: story.couponCode, description: 'Walk discount', discount: 10, usage_limit: 5, expires_at: expires },
    });
    expectFields(created.body, SPEC_FIELDS.coupon, 'the coupon');
    story.couponId = (created.body as { id: number }).id;
    await step('POST', '/coupons', '/coupons', 409, {
      token,
      json: { code: story.couponCode, discount: 10, usage_limit: 5, expires_at: expires },
    });
    const list = await step('GET', '/coupons', '/coupons', 200, { token });
    expectFields(item(list.body, 'the coupons'), SPEC_FIELDS.coupon, 'a listed coupon');
    const updated = await step('PUT', '/coupons/{id}', `/coupons/${story.couponId}`, 200, {
      token,
      json: { discount: 15 },
    });
    expect(updated.body).toMatchObject({ id: story.couponId, discount: 15, code: story.couponCode });
  });
});

describe('checkout and payment', () => {
  it('POST /orders with the shop coupon, GET /orders, GET /orders/{id}', async () => {
    const token = story.customer.token;
    const placed = await step('POST', '/orders', '/orders', 201, {
      token,
      json: {
        shipping_address: '9 Kashim Ibrahim Way, Maiduguri, Borno 600001',
        coupon_code: story.couponCode,
        items: [{ product_id: story.productId, quantity: 2, size: '58' }],
      },
    });
    const order = placed.body as { id: number; items: unknown[]; total_amount: number; coupon_code: string };
    expectFields(order, SPEC_FIELDS.order, 'the new order');
    expectFields(item(order.items, 'the order items'), SPEC_FIELDS.orderItem, 'an order item');
    // 2 × ₦19,000, 15% off, ₦2,000 shipping: the server's prices, in naira at this edge.
    expect(order.total_amount).toBe(38_000 - 5_700 + 2_000);
    expect(order.coupon_code).toBe(story.couponCode);
    story.orderId = order.id;

    const list = await step('GET', '/orders', '/orders', 200, { token });
    expectFields(item(list.body, 'the orders'), SPEC_FIELDS.order, 'a listed order');
    const one = await step('GET', '/orders/{id}', `/orders/${story.orderId}`, 200, { token });
    expect(one.body).toMatchObject({ id: story.orderId, status: 'pending', payment_status: 'pending' });
  });

  it('POST /payment/initiate answers the provider url', async () => {
    const answer = await step('POST', '/payment/initiate', '/payment/initiate', 200, {
      token: story.customer.token,
      json: { order_id: story.orderId },
    });
    const payment = answer.body as { url: string; reference: string };
    expect(payment.url).toContain(payment.reference);
    // The payment page is on the server's public URL (PUBLIC_URL), whatever Host the client sent.
    expect(payment.url.startsWith(`${server.origin}/payment-sandbox/`)).toBe(true);
    story.reference = payment.reference;
    story.paymentUrl = payment.url;
  });

  it('GET /payment/verify before and after paying in the sandbox, then GET /payment/callback', async () => {
    // Only the payer verifies: no token is 401, another customer's token reads the reference as unknown.
    await step('GET', '/payment/verify', '/payment/verify', 401, { query: { reference: story.reference } });
    const pending = await step('GET', '/payment/verify', '/payment/verify', 200, {
      token: story.customer.token,
      query: { reference: story.reference },
    });
    expect(pending.body).toMatchObject({ success: false, retry_after: expect.any(Number) });

    const paid = await server.call('POST', new URL(story.paymentUrl, server.origin).pathname, {
      raw: {
        contentType: 'application/x-www-form-urlencoded',
        body: `card_number=${encodeURIComponent(SANDBOX_SUCCESS_CARD)}`,
      },
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `/payment/callback?trxref=${story.reference}&reference=${story.reference}`,
    );

    let verified: Answer | undefined;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      verified = await step('GET', '/payment/verify', '/payment/verify', 200, {
        token: story.customer.token,
        query: { reference: story.reference },
      });
      if ((verified.body as { success: boolean }).success) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(verified?.body).toMatchObject({ success: true, status: 'paid', order_ids: [story.orderId] });

    const callback = await step('GET', '/payment/callback', '/payment/callback', 200, {
      token: story.customer.token,
      query: { reference: story.reference },
    });
    expect(callback.body).toMatchObject({ success: true, order_ids: [story.orderId] });
    // Without a token the provider's return address tells the outcome only.
    const anonymous = await step('GET', '/payment/callback', '/payment/callback', 200, {
      query: { reference: story.reference },
    });
    expect(anonymous.body).toEqual({ success: true, status: 'paid', message: 'Payment successful' });
    // A browser coming back from the provider is sent on to the web app's payment result page.
    const browser = await step('GET', '/payment/callback', '/payment/callback', 303, {
      query: { trxref: story.reference },
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(browser.headers.get('location')).toBe(`/payment/callback?reference=${story.reference}`);
    await step('GET', '/payment/verify', '/payment/verify', 404, {
      token: story.customer.token,
      query: { reference: 'no-such-reference' },
    });
    const order = await server.call('GET', `/orders/${story.orderId}`, { token: story.customer.token });
    expect(order.body).toMatchObject({ payment_status: 'paid' });
  });
});

describe("the shop's orders", () => {
  it('GET /vendor/orders', async () => {
    const answer = await step('GET', '/vendor/orders', '/vendor/orders', 200, { token: story.vendor.token });
    const order = item<{ id: number; orderItems: unknown[] }>(answer.body, 'the vendor orders');
    expectFields(order, SPEC_FIELDS.vendorOrder, 'a vendor order');
    expectFields(item(order.orderItems, 'its items'), SPEC_FIELDS.vendorOrderItem, 'a vendor order item');
    expect(order.id).toBe(story.orderId);
  });

  it('PUT /vendor/orders/{id}/status one step at a time to delivered', async () => {
    const path = `/vendor/orders/${story.orderId}/status`;
    const token = story.vendor.token;
    await step('PUT', '/vendor/orders/{id}/status', path, 422, { token, json: { status: 'shipped' } });
    for (const status of ['confirmed', 'shipped', 'delivered']) {
      const answer = await step('PUT', '/vendor/orders/{id}/status', path, 200, { token, json: { status } });
      expectFields(answer.body, SPEC_FIELDS.vendorOrder, 'the advanced order');
      expect(answer.body).toMatchObject({ id: story.orderId, status });
    }
  });

  it('GET /vendor/dashboard counts the paid order', async () => {
    const answer = await step('GET', '/vendor/dashboard', '/vendor/dashboard', 200, { token: story.vendor.token });
    expectFields(answer.body, SPEC_FIELDS.dashboard, 'the dashboard');
    expect(answer.body).toMatchObject({ total_products: 2, total_orders: 1, total_revenue: 34_300 });
  });
});

describe('reviews and reports', () => {
  it('POST /reviews of the delivered cap, then GET /reviews', async () => {
    const created = await step('POST', '/reviews', '/reviews', 201, {
      token: story.customer.token,
      json: { product_id: story.productId, rating: 5, comment: 'Beautiful stitching, fits well.' },
    });
    expectFields(created.body, SPEC_FIELDS.review, 'the review');
    const list = await step('GET', '/reviews', '/reviews', 200, { query: { product_id: story.productId } });
    expectFields(item(list.body, 'the reviews'), SPEC_FIELDS.review, 'a listed review');
    const again = await step('POST', '/reviews', '/reviews', 409, {
      token: story.customer.token,
      json: { product_id: story.productId, rating: 4, comment: 'Reviewing the same cap twice.' },
    });
    expect(again.body).toMatchObject({ message: expect.any(String) });
  });

  it('POST /reports, GET /vendors/{id}/reports, PUT /reports/{id}/status', async () => {
    const created = await step('POST', '/reports', '/reports', 201, {
      token: story.customer.token,
      json: { vendor_id: story.vendor.vendorId, reason: 'Poor quality', description: 'The brim came loose in a week.' },
    });
    expectFields(created.body, SPEC_FIELDS.report, 'the report');
    story.reportId = (created.body as { id: number }).id;
    const path = `/vendors/${story.vendor.vendorId}/reports`;
    const own = await step('GET', '/vendors/{id}/reports', path, 200, { token: story.vendor.token });
    expectFields(item(own.body, 'the reports'), SPEC_FIELDS.report, 'a listed report');
    await step('GET', '/vendors/{id}/reports', path, 200, { token: story.admin.token });
    await step('GET', '/vendors/{id}/reports', path, 403, { token: story.customer.token });
    const status = `/reports/${story.reportId}/status`;
    await step('PUT', '/reports/{id}/status', status, 403, { token: story.vendor.token, json: { status: 'resolved' } });
    const moved = await step('PUT', '/reports/{id}/status', status, 200, {
      token: story.admin.token,
      json: { status: 'reviewed' },
    });
    expect(moved.body).toMatchObject({ id: story.reportId, status: 'reviewed' });
  });
});

describe('admin lists', () => {
  it('GET /admin/dashboard, /admin/users, /admin/vendors, /admin/products', async () => {
    const token = story.admin.token;
    for (const path of ['/admin/dashboard', '/admin/users', '/admin/vendors', '/admin/products']) {
      await step('GET', path, path, 200, { token });
    }
    const rowsOf = async (path: string) => {
      const answer = await server.call('GET', path, { token });
      return (answer.body as { data: Record<string, unknown>[] }).data;
    };
    const user = (await rowsOf('/admin/users')).find((row) => row.email === story.customer.email);
    expectFields(user, SPEC_FIELDS.adminUser, 'the customer in the admin list');
    const shop = (await rowsOf('/admin/vendors')).find((row) => row.id === story.vendor.vendorId);
    expectFields(shop, SPEC_FIELDS.vendor, 'the shop in the admin list');
    expect(shop).toMatchObject({ is_verified: 1 });
    const product = (await rowsOf('/admin/products')).find((row) => row.id === story.productId);
    expectFields(
      product,
      SPEC_FIELDS.product.filter((field) => field !== 'reviews'),
      'the cap in the admin list',
    );
  });
});

describe('cleaning up and signing out', () => {
  it('DELETE /coupons/{id}; DELETE /products/{id} (the ordered cap is archived, the other deleted)', async () => {
    const vendor = story.vendor.token;
    await step('DELETE', '/coupons/{id}', `/coupons/${story.couponId}`, 200, { token: vendor });
    await step('DELETE', '/coupons/{id}', `/coupons/${story.couponId}`, 404, { token: vendor });
    await step('DELETE', '/products/{id}', `/products/${story.productId}`, 200, { token: vendor });
    await step('DELETE', '/products/{id}', `/products/${story.secondProductId}`, 200, { token: vendor });
    await step('GET', '/products/{id}', `/products/${story.secondProductId}`, 404);
    const order = await server.call('GET', `/orders/${story.orderId}`, { token: story.customer.token });
    expect(order.status).toBe(200);
  });

  it('POST /logout revokes the token', async () => {
    for (const account of [story.customer, story.vendor, story.admin]) {
      await step('POST', '/logout', '/logout', 200, { token: account.token });
      await step('GET', '/profile', '/profile', 401, { token: account.token });
    }
  });

  it('walked every call of spec 7', () => {
    const missing = SPEC_CALLS.map((call) => `${call.method} ${call.path}`).filter((call) => !walked.has(call));
    expect(missing).toEqual([]);
  });
});
