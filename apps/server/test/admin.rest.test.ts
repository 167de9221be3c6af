import type { Em } from '@caps/api/testing';
import {
  AuditLogSchema,
  ContactMessageSchema,
  makeProduct,
  makeUser,
  makeVendor,
  type Product,
  ProductSchema,
  placeOrder,
  ReportSchema,
  sessionTokenFor,
  UserSchema,
  type Vendor,
  VendorSchema,
} from '@caps/api/testing';
import { ADMIN_TEXT, ERROR_MESSAGES, VALIDATION_MESSAGES } from '@caps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRestTestEnv, type RestTestEnv } from './harness.js';

let env: RestTestEnv;
let adminId: number;
let adminToken: string;
let customerId: number;
let customerToken: string;
let vendorToken: string;
let shop: Vendor;
let pendingShop: Vendor;
let cap: Product;
let contactId: number;
let reportId: number;

const fresh = () => env.services.orm.em.fork() as Em;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  env.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const auditCount = () => fresh().count(AuditLogSchema, {});

beforeAll(async () => {
  env = await createRestTestEnv();
  const em = fresh();
  const admin = await makeUser(em, { role: 'admin', fullName: 'Hauwa Admin' });
  adminId = admin.id;
  adminToken = await sessionTokenFor(env.services, admin.id);
  const customer = await makeUser(em, { fullName: 'Amina Bello', email: 'amina.rest@example.com' });
  customerId = customer.id;
  customerToken = await sessionTokenFor(env.services, customer.id);
  shop = await makeVendor(em, { shopName: 'Kano Caps' });
  vendorToken = await sessionTokenFor(env.services, shop.user.id);
  pendingShop = await makeVendor(em, { shopName: 'Waiting Caps', verified: false });
  cap = await makeProduct(em, shop, { name: 'Zanna Cap', priceNaira: 10_000, category: 'Hausa Caps' });
  await placeOrder(em, customer.id, cap, 'delivered');
  const message = em.create(ContactMessageSchema, {
    name: 'Musa',
    email: 'musa@example.com',
    subject: 'Delivery',
    message: 'When will my cap arrive?',
  });
  const report = em.create(ReportSchema, {
    reporter: customer,
    vendor: shop,
    reason: 'Scam/Fraud',
    description: 'Never delivered my order.',
    status: 'pending',
  });
  await em.flush();
  contactId = message.id;
  reportId = report.id;
});
afterAll(async () => env?.close());

/** Every admin URL with a method and, for writes, a valid body. */
const adminCalls = (): [Method, string, object?][] => [
  ['GET', '/admin/dashboard'],
  ['GET', '/admin/users'],
  ['GET', `/admin/users/${customerId}`],
  ['POST', `/admin/users/${customerId}/suspend`],
  ['POST', `/admin/users/${customerId}/reinstate`],
  ['GET', '/admin/vendors'],
  ['GET', `/admin/vendors/${pendingShop.id}`],
  ['POST', `/admin/vendors/${pendingShop.id}/verify`],
  ['POST', `/admin/vendors/${shop.id}/suspend`],
  ['POST', `/admin/vendors/${shop.id}/reinstate`],
  ['GET', '/admin/products'],
  ['GET', `/admin/products/${cap.id}`],
  ['PUT', `/admin/products/${cap.id}`, { name: 'Hijacked Cap' }],
  ['DELETE', `/admin/products/${cap.id}`],
  ['GET', '/admin/reports'],
  ['GET', '/admin/contact-messages'],
  ['POST', `/admin/contact-messages/${contactId}/handled`],
  ['GET', '/admin/audit-log'],
];

describe('admin REST access', () => {
  it('answers 401 without a token and 403 to a customer or a vendor on every admin URL, changing nothing', async () => {
    for (const [method, url, body] of adminCalls()) {
      const anonymous = await call(method, url, undefined, body);
      expect([url, anonymous.statusCode, anonymous.json().message]).toEqual([url, 401, ERROR_MESSAGES.unauthenticated]);
      for (const token of [customerToken, vendorToken]) {
        const refused = await call(method, url, token, body);
        expect([url, refused.statusCode, refused.json().message]).toEqual([url, 403, ERROR_MESSAGES.forbidden]);
      }
    }
    expect(await auditCount()).toBe(0);
    const product = await fresh().findOneOrFail(ProductSchema, { id: cap.id });
    expect([product.name, product.archivedAt]).toEqual(['Zanna Cap', null]);
    expect((await fresh().findOneOrFail(VendorSchema, { id: pendingShop.id })).verifiedAt).toBeNull();
    expect((await fresh().findOneOrFail(UserSchema, { id: customerId })).status).toBe('active');
    expect((await fresh().findOneOrFail(UserSchema, { id: shop.user.id })).status).toBe('active');
    expect((await fresh().findOneOrFail(ContactMessageSchema, { id: contactId })).handledAt).toBeNull();
  });

  it('answers 422 for ids that are not whole numbers from 1, and 404 with a message for unknown ones', async () => {
    const byId: [Method, (id: string) => string, string, object?][] = [
      ['GET', (id) => `/admin/users/${id}`, ERROR_MESSAGES.userNotFound],
      ['POST', (id) => `/admin/users/${id}/suspend`, ERROR_MESSAGES.userNotFound],
      ['POST', (id) => `/admin/users/${id}/reinstate`, ERROR_MESSAGES.userNotFound],
      ['GET', (id) => `/admin/vendors/${id}`, ERROR_MESSAGES.vendorNotFound],
      ['POST', (id) => `/admin/vendors/${id}/verify`, ERROR_MESSAGES.vendorNotFound],
      ['POST', (id) => `/admin/vendors/${id}/suspend`, ERROR_MESSAGES.vendorNotFound],
      ['POST', (id) => `/admin/vendors/${id}/reinstate`, ERROR_MESSAGES.vendorNotFound],
      ['GET', (id) => `/admin/products/${id}`, ERROR_MESSAGES.productNotFound],
      ['PUT', (id) => `/admin/products/${id}`, ERROR_MESSAGES.productNotFound, { stock: 1 }],
      ['DELETE', (id) => `/admin/products/${id}`, ERROR_MESSAGES.productNotFound],
      ['POST', (id) => `/admin/contact-messages/${id}/handled`, ADMIN_TEXT.contactNotFound],
    ];
    for (const [method, url, notFound, body] of byId) {
      const word = await call(method, url('abc'), adminToken, body);
      expect([url('abc'), word.statusCode, word.json().message]).toEqual([
        url('abc'),
        422,
        'id must be a whole number',
      ]);
      const zero = await call(method, url('0'), adminToken, body);
      expect([url('0'), zero.statusCode, zero.json().message]).toEqual([url('0'), 422, 'id must be at least 1']);
      const unknown = await call(method, url('999999'), adminToken, body);
      expect([url('999999'), unknown.statusCode, unknown.json().message]).toEqual([url('999999'), 404, notFound]);
    }
    expect(await auditCount()).toBe(0);
  });

  it('refuses a bad product edit with 422 and a message, changing nothing', async () => {
    for (const [body, message] of [
      [{ price: 0 }, VALIDATION_MESSAGES.pricePositive],
      [{ price: 'cheap' }, VALIDATION_MESSAGES.pricePositive],
      [{ stock: 2.5 }, VALIDATION_MESSAGES.stockNonNegative],
      [{ category: 'Cowboy Hats' }, 'Category must be one of: Hausa Caps'],
      [{}, ADMIN_TEXT.nothingToChange],
      [{ sizes: ['57'] }, "The field 'sizes' is not allowed."],
    ] as const) {
      const response = await call('PUT', `/admin/products/${cap.id}`, adminToken, body);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toContain(message);
    }
    const product = await fresh().findOneOrFail(ProductSchema, { id: cap.id });
    expect([product.priceKobo, product.stock, product.category]).toEqual([1_000_000, 10, 'Hausa Caps']);
    expect(await auditCount()).toBe(0);
  });

  it('refuses unknown list filters and paging out of range with 422', async () => {
    for (const url of [
      '/admin/users?role=owner',
      '/admin/users?per_page=501',
      '/admin/vendors?status=Active',
      '/admin/products?page=0',
      '/admin/reports?status=open',
      '/admin/contact-messages?status=new',
      '/admin/audit-log?per_page=abc',
    ]) {
      const response = await call('GET', url, adminToken);
      expect([url, response.statusCode]).toEqual([url, 422]);
      expect(response.json().message).toBeTruthy();
    }
  });
});

describe('admin REST calls', () => {
  it('answers the overview from the data', async () => {
    const response = await call('GET', '/admin/dashboard', adminToken);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total_products.value).toBe(1);
    expect(body.active_vendors.value).toBe(1);
    expect(body.total_users.value).toBe(4);
    expect(body.monthly_revenue).toEqual({ value: 12_000, last_month: 0, change_percent: null });
    expect(body.system_status).toMatchObject({ database_ok: true, pending_vendors: 1, open_reports: 1 });
  });

  it('lists, searches and shows users; suspends and reinstates one', async () => {
    const list = await call('GET', '/admin/users?search=AMINA.REST', adminToken);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, current_page: 1, last_page: 1 });
    expect(list.json().data[0]).toMatchObject({ id: customerId, order_count: 1, total_spent: 12_000 });
    const detail = await call('GET', `/admin/users/${customerId}`, adminToken);
    expect(detail.json().orders).toHaveLength(1);

    const suspended = await call('POST', `/admin/users/${customerId}/suspend`, adminToken);
    expect([suspended.statusCode, suspended.json().status]).toEqual([200, 'suspended']);
    const locked = await call('GET', '/profile', customerToken);
    expect(locked.statusCode).toBe(401);
    const self = await call('POST', `/admin/users/${adminId}/suspend`, adminToken);
    expect([self.statusCode, self.json().message]).toEqual([403, ADMIN_TEXT.cannotSuspendSelf]);
    const reinstated = await call('POST', `/admin/users/${customerId}/reinstate`, adminToken);
    expect([reinstated.statusCode, reinstated.json().status]).toEqual([200, 'active']);
    customerToken = await sessionTokenFor(env.services, customerId);
  });

  it('lists, shows, verifies, suspends and reinstates shops', async () => {
    const list = await call('GET', '/admin/vendors?search=waiting', adminToken);
    expect(list.json().data.map((v: { id: number; status: string }) => [v.id, v.status])).toEqual([
      [pendingShop.id, 'Pending'],
    ]);
    const verified = await call('POST', `/admin/vendors/${pendingShop.id}/verify`, adminToken);
    expect([verified.statusCode, verified.json().status]).toEqual([200, 'Verified']);
    expect((await call('GET', `/vendors/${pendingShop.id}`)).statusCode).toBe(200);

    const detail = await call('GET', `/admin/vendors/${shop.id}`, adminToken);
    expect(detail.json()).toMatchObject({ shop_name: 'Kano Caps', total_products: 1 });
    expect(detail.json().orders[0]).toMatchObject({ total_amount: 12_000, customer: { id: customerId } });

    const suspended = await call('POST', `/admin/vendors/${shop.id}/suspend`, adminToken);
    expect([suspended.statusCode, suspended.json().status]).toEqual([200, 'Suspended']);
    expect((await call('GET', `/products/${cap.id}`)).statusCode).toBe(404);
    expect((await call('GET', '/vendor/dashboard', vendorToken)).statusCode).toBe(401);
    const reinstated = await call('POST', `/admin/vendors/${shop.id}/reinstate`, adminToken);
    expect([reinstated.statusCode, reinstated.json().status]).toEqual([200, 'Verified']);
    expect((await call('GET', `/products/${cap.id}`)).statusCode).toBe(200);
    vendorToken = await sessionTokenFor(env.services, shop.user.id);
  });

  it('lists, edits and archives products', async () => {
    const list = await call('GET', '/admin/products?search=hausa', adminToken);
    expect(list.json().data.map((p: { id: number }) => p.id)).toEqual([cap.id]);
    const edited = await call('PUT', `/admin/products/${cap.id}`, adminToken, { price: '12500', stock: 4 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Zanna Cap', price: 12_500, stock: 4, status: 'Active' });
    expect((await call('GET', `/products/${cap.id}`)).json().price).toBe(12_500);
    const archived = await call('DELETE', `/admin/products/${cap.id}`, adminToken);
    expect([archived.statusCode, archived.json().archived]).toEqual([200, true]);
    expect((await call('GET', `/products/${cap.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/admin/products/${cap.id}`, adminToken)).json().archived).toBe(true);
  });

  it('lists reports with counts, records a status change, and handles contact messages', async () => {
    const changed = await call('PUT', `/reports/${reportId}/status`, adminToken, { status: 'reviewed' });
    expect(changed.statusCode).toBe(200);
    const reports = await call('GET', '/admin/reports', adminToken);
    expect(reports.json().counts).toEqual({ pending: 0, reviewed: 1, resolved: 0, total: 1 });
    expect(reports.json().data[0]).toMatchObject({ id: reportId, vendor: { shop_name: 'Kano Caps' } });

    const messages = await call('GET', '/admin/contact-messages?status=unhandled', adminToken);
    expect(messages.json().data.map((m: { id: number }) => m.id)).toEqual([contactId]);
    const handled = await call('POST', `/admin/contact-messages/${contactId}/handled`, adminToken);
    expect(handled.statusCode).toBe(200);
    expect(handled.json().handled_by).toEqual({ id: adminId, name: 'Hauwa Admin' });
    expect((await call('GET', '/admin/contact-messages', adminToken)).json().counts).toEqual({
      unhandled: 0,
      total: 1,
    });
  });

  it('reads the audit log of every action above, newest first', async () => {
    const response = await call('GET', '/admin/audit-log?per_page=50', adminToken);
    expect(response.statusCode).toBe(200);
    const actions = response.json().data.map((e: { action: string }) => e.action);
    expect(actions).toEqual([
      'contact.handled',
      'report.status',
      'product.archive',
      'product.update',
      'vendor.reinstate',
      'vendor.suspend',
      'vendor.verify',
      'user.reinstate',
      'user.suspend',
    ]);
    expect(response.json().data[0]).toMatchObject({ actor: { id: adminId }, target_id: contactId });
  });

  it('documents every admin call in the OpenAPI document', async () => {
    const doc = (await env.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const [method, url] of adminCalls()) {
      const path = url.replace(/\/\d+(?=\/|$)/, '/{id}');
      const operation = doc.paths[path]?.[method.toLowerCase()];
      expect(operation, `${method} ${path}`).toBeTruthy();
      expect(operation.summary).toBeTruthy();
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401', '403']));
      expect(operation.security).toEqual([{ bearerAuth: [] }]);
    }
  });
});
