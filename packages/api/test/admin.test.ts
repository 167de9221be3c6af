import { ADMIN_TEXT, type AdminProductUpdateInput, ERROR_MESSAGES, VALIDATION_MESSAGES } from '@caps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Em } from '../src/db/orm.js';
import { AddressSchema } from '../src/modules/addresses/addresses.entities.js';
import { AuditLogSchema, SessionSchema, UserSchema } from '../src/modules/auth/auth.entities.js';
import { type Product, ProductSchema } from '../src/modules/catalogue/catalogue.entities.js';
import { ContactMessageSchema } from '../src/modules/contact/contact.entities.js';
import { OrderSchema } from '../src/modules/orders/orders.entities.js';
import { ReportSchema } from '../src/modules/reports/reports.entities.js';
import { type Vendor, VendorSchema } from '../src/modules/vendors/vendors.entities.js';
import { makeProduct, makeReview, makeUser, makeVendor, placeOrder } from './fixtures.js';
import { createTestEnv, customerInput, failureOf, sessionTokenFor, type TestEnv, vendorInput } from './harness.js';

let env: TestEnv;
const fresh = () => env.services.orm.em.fork() as Em;

interface Account {
  id: number;
  token: string;
  email: string;
}

const PASSWORD = 'Secret123';

/** A customer who can sign in with PASSWORD. */
async function customerAccount(overrides: Record<string, unknown> = {}): Promise<Account> {
  const input = customerInput(overrides);
  const { token, user } = await env.caller().auth.register(input);
  return { id: user.id, token, email: user.email };
}

/** A vendor who can sign in with PASSWORD; the shop is pending until verified. */
async function vendorAccount(shopName: string, verified: boolean): Promise<Account & { shopId: number }> {
  const { token, user } = await env.caller().auth.register(vendorInput({ shop_name: shopName }));
  const em = fresh();
  const shop = await em.findOneOrFail(VendorSchema, { user: user.id });
  if (verified) {
    shop.verifiedAt = new Date();
    await em.flush();
  }
  return { id: user.id, token, email: user.email, shopId: shop.id };
}

const login = (email: string) => env.caller().auth.login({ email, password: PASSWORD });
const auditCount = () => fresh().count(AuditLogSchema, {});
const shopOf = (id: number) => fresh().findOneOrFail(VendorSchema, { id }, { populate: ['user'] });
const catalogueIds = async (vendorId: number) =>
  (await env.caller().catalogue.list({ vendor_id: vendorId, per_page: 100 })).data.map((p) => p.id);

let admin: Account;
let otherAdmin: Account;
let customer: Account;
let vendor: Account & { shopId: number };
let pending: Account & { shopId: number };
let vendorCap: Product;
let pendingCap: Product;

beforeAll(async () => {
  env = await createTestEnv();
  admin = await customerAccount({ full_name: 'Hauwa Admin' });
  otherAdmin = await customerAccount({ full_name: 'Bala Admin' });
  await fresh().nativeUpdate(UserSchema, { id: { $in: [admin.id, otherAdmin.id] } }, { role: 'admin' });
  customer = await customerAccount({ full_name: 'Amina Bello' });
  vendor = await vendorAccount('Kano Hula House', true);
  pending = await vendorAccount('Borno Zanna Caps', false);
  const em = fresh();
  vendorCap = await makeProduct(em, await em.findOneOrFail(VendorSchema, { id: vendor.shopId }), {
    name: 'Zanna Bukar Royal',
    category: 'Hausa Caps',
    priceNaira: 15_000,
  });
  pendingCap = await makeProduct(em, await em.findOneOrFail(VendorSchema, { id: pending.shopId }), {
    name: 'Borno Fila',
    category: 'Traditional Caps',
  });
});
afterAll(async () => {
  await env?.close();
});

describe('who may call the admin procedures', () => {
  /** Every admin procedure with a valid input, so only the caller decides the outcome. */
  const calls = (token?: string) => {
    const admin = env.caller(token).admin;
    return {
      dashboard: () => admin.dashboard(),
      usersList: () => admin.users.list({}),
      usersGet: () => admin.users.get({ id: customer.id }),
      usersSuspend: () => admin.users.suspend({ id: customer.id }),
      usersReinstate: () => admin.users.reinstate({ id: customer.id }),
      vendorsList: () => admin.vendors.list({}),
      vendorsGet: () => admin.vendors.get({ id: pending.shopId }),
      vendorsVerify: () => admin.vendors.verify({ id: pending.shopId }),
      vendorsSuspend: () => admin.vendors.suspend({ id: vendor.shopId }),
      vendorsReinstate: () => admin.vendors.reinstate({ id: vendor.shopId }),
      productsList: () => admin.products.list({}),
      productsGet: () => admin.products.get({ id: vendorCap.id }),
      productsUpdate: () => admin.products.update({ id: vendorCap.id, name: 'Hijacked Cap', price: 1 }),
      productsArchive: () => admin.products.archive({ id: vendorCap.id }),
      reportsList: () => admin.reports.list({}),
      contactList: () => admin.contactMessages.list({}),
      contactHandled: () => admin.contactMessages.markHandled({ id: 1 }),
      auditLog: () => admin.auditLog({}),
    };
  };

  it('refuses anonymous callers (UNAUTHORIZED), customers and vendors (FORBIDDEN), and changes nothing', async () => {
    await env.caller().contact.send({
      name: 'Musa',
      email: 'musa@example.com',
      subject: 'Where is my cap?',
      message: 'Hello, my order has not arrived yet.',
    });
    const before = {
      audit: await auditCount(),
      pendingVerified: (await shopOf(pending.shopId)).verifiedAt,
      vendorOwner: (await shopOf(vendor.shopId)).user.status,
      customer: (await fresh().findOneOrFail(UserSchema, { id: customer.id })).status,
      cap: await fresh().findOneOrFail(ProductSchema, { id: vendorCap.id }),
      contact: await fresh().count(ContactMessageSchema, { handledAt: null }),
    };
    for (const [token, code] of [
      [undefined, 'UNAUTHORIZED'],
      [customer.token, 'FORBIDDEN'],
      [vendor.token, 'FORBIDDEN'],
      [pending.token, 'FORBIDDEN'],
    ] as const) {
      for (const [name, call] of Object.entries(calls(token))) {
        const failure = await failureOf(call());
        expect({ name, code: failure.code }).toEqual({ name, code });
      }
    }
    expect(await auditCount()).toBe(before.audit);
    expect((await shopOf(pending.shopId)).verifiedAt).toEqual(before.pendingVerified);
    expect((await shopOf(vendor.shopId)).user.status).toBe(before.vendorOwner);
    expect((await fresh().findOneOrFail(UserSchema, { id: customer.id })).status).toBe(before.customer);
    const cap = await fresh().findOneOrFail(ProductSchema, { id: vendorCap.id });
    expect([cap.name, cap.priceKobo, cap.archivedAt]).toEqual([
      before.cap.name,
      before.cap.priceKobo,
      before.cap.archivedAt,
    ]);
    expect(await fresh().count(ContactMessageSchema, { handledAt: null })).toBe(before.contact);
  });

  it('lets an admin in', async () => {
    const admin = env.caller(otherAdmin.token).admin;
    await expect(admin.dashboard()).resolves.toBeTruthy();
    await expect(admin.auditLog({})).resolves.toBeTruthy();
  });
});

describe('vendors', () => {
  it('verifies a pending shop: verified_at is set, the shop and its caps become public, the action is logged', async () => {
    expect(await catalogueIds(pending.shopId)).toEqual([]);
    expect((await failureOf(env.caller().vendors.get({ id: pending.shopId }))).code).toBe('NOT_FOUND');
    const listed = await env.caller(admin.token).admin.vendors.list({ search: 'borno zanna' });
    expect(listed.data.map((v) => [v.id, v.status, v.verified_at])).toEqual([[pending.shopId, 'Pending', null]]);

    const auditBefore = await auditCount();
    const startedAt = Date.now();
    const verified = await env.caller(admin.token).admin.vendors.verify({ id: pending.shopId });
    expect(verified.status).toBe('Verified');
    expect(verified.is_verified).toBe(1);
    expect(verified.verified_at).not.toBeNull();
    expect((await shopOf(pending.shopId)).verifiedAt).not.toBeNull();
    expect(await catalogueIds(pending.shopId)).toEqual([pendingCap.id]);
    expect((await env.caller().vendors.get({ id: pending.shopId })).shop_name).toBe('Borno Zanna Caps');

    const [entry] = (await env.caller(admin.token).admin.auditLog({ per_page: 1 })).data;
    expect(entry).toMatchObject({
      action: 'vendor.verify',
      target_type: 'vendor',
      target_id: pending.shopId,
      actor: { id: admin.id, name: 'Hauwa Admin', email: admin.email },
    });
    expect(new Date(entry?.created_at ?? 0).getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(await auditCount()).toBe(auditBefore + 1);

    // Verifying again answers the shop unchanged and records nothing.
    const again = await env.caller(admin.token).admin.vendors.verify({ id: pending.shopId });
    expect(again.verified_at).toBe(verified.verified_at);
    expect(await auditCount()).toBe(auditBefore + 1);
  });

  it('suspends a shop: it and its caps leave the storefront, sign-in and old tokens stop working; reinstating restores them', async () => {
    const shop = await vendorAccount('Maiduguri Cap Corner', true);
    const em = fresh();
    const cap = await makeProduct(em, await em.findOneOrFail(VendorSchema, { id: shop.shopId }));
    expect(await catalogueIds(shop.shopId)).toEqual([cap.id]);
    await expect(env.caller(shop.token).vendor.dashboard()).resolves.toBeTruthy();

    const suspended = await env.caller(admin.token).admin.vendors.suspend({ id: shop.shopId });
    expect([suspended.status, suspended.owner_status]).toEqual(['Suspended', 'suspended']);
    expect(await catalogueIds(shop.shopId)).toEqual([]);
    expect((await failureOf(env.caller().vendors.get({ id: shop.shopId }))).code).toBe('NOT_FOUND');
    expect((await env.caller().vendors.list()).map((v) => v.id)).not.toContain(shop.shopId);
    expect((await failureOf(env.caller(shop.token).vendor.dashboard())).code).toBe('UNAUTHORIZED');
    const refused = await failureOf(login(shop.email));
    expect([refused.code, refused.message]).toEqual(['FORBIDDEN', ERROR_MESSAGES.suspended]);
    const [entry] = (await env.caller(admin.token).admin.auditLog({ per_page: 1 })).data;
    expect(entry).toMatchObject({ action: 'vendor.suspend', target_type: 'vendor', target_id: shop.shopId });

    const reinstated = await env.caller(admin.token).admin.vendors.reinstate({ id: shop.shopId });
    expect([reinstated.status, reinstated.owner_status]).toEqual(['Verified', 'active']);
    expect(await catalogueIds(shop.shopId)).toEqual([cap.id]);
    const { token } = await login(shop.email);
    await expect(env.caller(token).vendor.dashboard()).resolves.toBeTruthy();
    const [last] = (await env.caller(admin.token).admin.auditLog({ per_page: 1 })).data;
    expect(last).toMatchObject({ action: 'vendor.reinstate', target_id: shop.shopId });
  });

  it('lists shops searched by shop or account holder name, with rating, orders and reviews in the detail', async () => {
    const em = fresh();
    const shop = await makeVendor(em, { shopName: 'Yola Velvet Caps' });
    shop.accountHolderName = 'Zainab Yakubu';
    await em.flush();
    const cap = await makeProduct(em, shop, { priceNaira: 20_000 });
    const buyer = await makeUser(em, { fullName: 'Sadiq Umar' });
    await placeOrder(em, buyer.id, cap, 'delivered');
    await makeReview(em, cap, 3, buyer);
    await makeReview(em, cap, 5);

    const byShop = await env.caller(admin.token).admin.vendors.list({ search: 'YOLA velvet' });
    const byHolder = await env.caller(admin.token).admin.vendors.list({ search: 'zainab yak' });
    expect(byShop.data.map((v) => v.id)).toEqual([shop.id]);
    expect(byHolder.data.map((v) => v.id)).toEqual([shop.id]);
    expect(byShop.data[0]).toMatchObject({
      shop_name: 'Yola Velvet Caps',
      account_holder_name: 'Zainab Yakubu',
      bank_name: 'Zenith Bank',
      account_number: '0123456789',
      status: 'Verified',
      average_rating: 4,
      total_reviews: 2,
      total_products: 1,
    });
    expect(byShop.total).toBe(1);

    const detail = await env.caller(admin.token).admin.vendors.get({ id: shop.id });
    expect(detail.orders.map((o) => [o.customer.name, o.total_amount, o.item_count, o.status])).toEqual([
      ['Sadiq Umar', 22_000, 1, 'delivered'],
    ]);
    expect(detail.reviews.map((r) => [r.rating, r.product_name]).sort()).toEqual([
      [3, cap.name],
      [5, cap.name],
    ]);
    // Admins see the reviewer whole, email included; the public sees the name only.
    expect(detail.reviews.find((r) => r.rating === 3)?.user).toEqual({ full_name: 'Sadiq Umar', email: buyer.email });

    const statuses = await env.caller(admin.token).admin.vendors.list({ status: 'Pending', per_page: 500 });
    expect(statuses.data.every((v) => v.status === 'Pending')).toBe(true);
    expect(statuses.data.map((v) => v.id)).not.toContain(shop.id);
  });

  it('answers Vendor not found for an unknown shop', async () => {
    for (const call of [
      () => env.caller(admin.token).admin.vendors.get({ id: 999_999 }),
      () => env.caller(admin.token).admin.vendors.verify({ id: 999_999 }),
      () => env.caller(admin.token).admin.vendors.suspend({ id: 999_999 }),
      () => env.caller(admin.token).admin.vendors.reinstate({ id: 999_999 }),
    ]) {
      const failure = await failureOf(call());
      expect([failure.code, failure.message]).toEqual(['NOT_FOUND', ERROR_MESSAGES.vendorNotFound]);
    }
  });
});

describe('users', () => {
  it('suspends an account: sign-in refused, sessions revoked, token invalid; reinstating lets it sign in again', async () => {
    const person = await customerAccount({ full_name: 'Kaltume Ali' });
    const second = await login(person.email);
    const suspended = await env.caller(admin.token).admin.users.suspend({ id: person.id });
    expect(suspended.status).toBe('suspended');
    expect(suspended.suspended_at).not.toBeNull();
    expect(await fresh().count(SessionSchema, { user: person.id, revokedAt: null })).toBe(0);
    for (const token of [person.token, second.token]) {
      expect((await failureOf(env.caller(token).auth.me())).code).toBe('UNAUTHORIZED');
    }
    const refused = await failureOf(login(person.email));
    expect([refused.code, refused.message]).toEqual(['FORBIDDEN', ERROR_MESSAGES.suspended]);
    const [entry] = (await env.caller(admin.token).admin.auditLog({ per_page: 1 })).data;
    expect(entry).toMatchObject({
      action: 'user.suspend',
      target_type: 'user',
      target_id: person.id,
      actor: { id: admin.id },
    });

    // Suspending again changes and records nothing.
    const count = await auditCount();
    await env.caller(admin.token).admin.users.suspend({ id: person.id });
    expect(await auditCount()).toBe(count);

    const reinstated = await env.caller(admin.token).admin.users.reinstate({ id: person.id });
    expect([reinstated.status, reinstated.suspended_at]).toEqual(['active', null]);
    const { token } = await login(person.email);
    expect((await env.caller(token).auth.me()).id).toBe(person.id);
    expect((await failureOf(env.caller(person.token).auth.me())).code).toBe('UNAUTHORIZED');
  });

  it('refuses to suspend the caller or another admin', async () => {
    const count = await auditCount();
    const self = await failureOf(env.caller(admin.token).admin.users.suspend({ id: admin.id }));
    expect([self.code, self.message]).toEqual(['FORBIDDEN', ADMIN_TEXT.cannotSuspendSelf]);
    const other = await failureOf(env.caller(admin.token).admin.users.suspend({ id: otherAdmin.id }));
    expect([other.code, other.message]).toEqual(['FORBIDDEN', ADMIN_TEXT.cannotSuspendAdmin]);
    expect((await fresh().findOneOrFail(UserSchema, { id: otherAdmin.id })).status).toBe('active');
    await expect(env.caller(otherAdmin.token).auth.me()).resolves.toBeTruthy();
    expect(await auditCount()).toBe(count);
  });

  it('suspending a vendor account takes its shop off the storefront too', async () => {
    const shop = await vendorAccount('Gombe Hat Hub', true);
    const em = fresh();
    const cap = await makeProduct(em, await em.findOneOrFail(VendorSchema, { id: shop.shopId }));
    await env.caller(admin.token).admin.users.suspend({ id: shop.id });
    expect(await catalogueIds(shop.shopId)).toEqual([]);
    const listed = await env.caller(admin.token).admin.vendors.get({ id: shop.shopId });
    expect(listed.status).toBe('Suspended');
    await env.caller(admin.token).admin.users.reinstate({ id: shop.id });
    expect(await catalogueIds(shop.shopId)).toEqual([cap.id]);
  });

  it('lists accounts searched by name or email, counting only paid orders in order count and total spent', async () => {
    const em = fresh();
    const buyer = await makeUser(em, { fullName: 'Rukayya Danjuma', email: 'rukayya.d@example.com' });
    const cap = await em.findOneOrFail(ProductSchema, { id: vendorCap.id }, { populate: ['vendor'] });
    await placeOrder(em, buyer.id, cap, 'delivered');
    await placeOrder(em, buyer.id, cap, 'confirmed');
    await placeOrder(em, buyer.id, cap, 'pending');
    await placeOrder(em, buyer.id, cap, 'cancelled');
    em.create(AddressSchema, {
      user: buyer,
      fullName: 'Rukayya Danjuma',
      address: '4 Shehu Laminu Way, Maiduguri',
      city: 'Maiduguri',
      state: 'Borno',
      postalCode: '600001',
      phone: '+2348030000001',
      isDefault: true,
    });
    await em.flush();

    const byName = await env.caller(admin.token).admin.users.list({ search: 'RUKAYYA dan' });
    const byEmail = await env.caller(admin.token).admin.users.list({ search: 'Rukayya.D@EXAMPLE' });
    expect(byName.data.map((u) => u.id)).toEqual([buyer.id]);
    expect(byEmail.data.map((u) => u.id)).toEqual([buyer.id]);
    // Two paid orders of ₦15,000 + ₦2,000 shipping; the pending and cancelled ones do not count.
    expect(byName.data[0]).toMatchObject({
      name: 'Rukayya Danjuma',
      role: 'customer',
      status: 'active',
      order_count: 2,
      total_spent_kobo: 3_400_000,
      total_spent: 34_000,
      totalSpent: 34_000,
      vendor: null,
    });
    expect(byName.data[0]?.joinDate).toBe(byName.data[0]?.created_at.slice(0, 10));
    expect(await env.caller(admin.token).admin.users.list({ search: 'nobody-like-this' })).toMatchObject({
      data: [],
      total: 0,
    });

    const detail = await env.caller(admin.token).admin.users.get({ id: buyer.id });
    expect(detail.orders).toHaveLength(4);
    expect(detail.orders.map((o) => o.status).sort()).toEqual(['cancelled', 'confirmed', 'delivered', 'pending']);
    expect(detail.orders[0]?.vendor.shop_name).toBe('Kano Hula House');
    expect(detail.addresses.map((a) => [a.city, a.is_default])).toEqual([['Maiduguri', true]]);

    const vendorRow = (await env.caller(admin.token).admin.users.list({ role: 'vendor', per_page: 500 })).data.find(
      (u) => u.id === vendor.id,
    );
    expect(vendorRow?.vendor).toEqual({ id: vendor.shopId, shop_name: 'Kano Hula House' });
  });

  it('pages the list', async () => {
    const all = await env.caller(admin.token).admin.users.list({ per_page: 500 });
    const page2 = await env.caller(admin.token).admin.users.list({ per_page: 2, page: 2 });
    expect(page2.data.map((u) => u.id)).toEqual(all.data.slice(2, 4).map((u) => u.id));
    expect(page2).toMatchObject({ current_page: 2, per_page: 2, total: all.total });
    expect(page2.last_page).toBe(Math.ceil(all.total / 2));
  });

  it('answers User not found for an unknown account', async () => {
    for (const call of [
      () => env.caller(admin.token).admin.users.get({ id: 999_999 }),
      () => env.caller(admin.token).admin.users.suspend({ id: 999_999 }),
      () => env.caller(admin.token).admin.users.reinstate({ id: 999_999 }),
    ]) {
      const failure = await failureOf(call());
      expect([failure.code, failure.message]).toEqual(['NOT_FOUND', ERROR_MESSAGES.userNotFound]);
    }
  });
});

describe('products', () => {
  it('lists every cap searched by name or category, case-insensitive, with its status and archive flag', async () => {
    const em = fresh();
    const shop = await em.findOneOrFail(VendorSchema, { id: vendor.shopId });
    const soldOut = await makeProduct(em, shop, { name: 'Sold Out Gobi', category: 'Igbo Caps', stock: 0 });
    const byName = await env.caller(admin.token).admin.products.list({ search: 'zanna BUKAR' });
    expect(byName.data.map((p) => p.id)).toEqual([vendorCap.id]);
    expect(byName.data[0]).toMatchObject({
      name: 'Zanna Bukar Royal',
      category: 'Hausa Caps',
      sizes: ['57', '58'],
      price: 15_000,
      stock: 10,
      status: 'Active',
      archived: false,
      vendor: { id: vendor.shopId, shop_name: 'Kano Hula House' },
    });
    const byCategory = await env.caller(admin.token).admin.products.list({ search: 'igbo caps' });
    expect(byCategory.data.map((p) => [p.id, p.status])).toEqual([[soldOut.id, 'Out of Stock']]);
    // Unverified shops' caps are listed too.
    const all = await env.caller(admin.token).admin.products.list({ per_page: 500 });
    expect(all.data.map((p) => p.id)).toEqual(expect.arrayContaining([vendorCap.id, pendingCap.id, soldOut.id]));
    expect(all.total).toBe(all.data.length);
    expect((await env.caller(admin.token).admin.products.get({ id: soldOut.id })).name).toBe('Sold Out Gobi');
  });

  it('edits name, category, price and stock (only those sent), logs the change and the catalogue follows', async () => {
    const em = fresh();
    const cap = await makeProduct(em, await em.findOneOrFail(VendorSchema, { id: vendor.shopId }), {
      name: 'Plain Kufi',
      priceNaira: 8_000,
    });
    const updated = await env.caller(admin.token).admin.products.update({
      id: cap.id,
      name: 'Embroidered Kufi',
      category: 'Modern Caps',
      price: 9_500.5,
      stock: 0,
    });
    expect(updated).toMatchObject({
      name: 'Embroidered Kufi',
      category: 'Modern Caps',
      price: 9_500.5,
      stock: 0,
      status: 'Out of Stock',
      description: 'A fixture cap, hand stitched.',
    });
    const row = await fresh().findOneOrFail(ProductSchema, { id: cap.id });
    expect([row.priceKobo, row.stock]).toEqual([950_050, 0]);
    const found = await env.caller().catalogue.list({ search: 'embroidered kufi' });
    expect(found.data.map((p) => p.id)).toEqual([cap.id]);
    expect((await env.caller().catalogue.list({ search: 'plain kufi' })).total).toBe(0);
    const [entry] = (await env.caller(admin.token).admin.auditLog({ per_page: 1 })).data;
    expect(entry).toMatchObject({
      action: 'product.update',
      target_type: 'product',
      target_id: cap.id,
      actor: { id: admin.id },
      details: {
        changes: {
          name: { from: 'Plain Kufi', to: 'Embroidered Kufi' },
          priceKobo: { from: 800_000, to: 950_050 },
          stock: { from: 10, to: 0 },
          category: { from: 'Hausa Caps', to: 'Modern Caps' },
        },
      },
    });

    const stockOnly = await env.caller(admin.token).admin.products.update({ id: cap.id, stock: 3 });
    expect([stockOnly.name, stockOnly.stock, stockOnly.status]).toEqual(['Embroidered Kufi', 3, 'Active']);
  });

  it('refuses bad edits with the vendor rules and changes nothing', async () => {
    const count = await auditCount();
    const before = await fresh().findOneOrFail(ProductSchema, { id: vendorCap.id });
    const cases = [
      [{ price: 0 }, 'price', VALIDATION_MESSAGES.pricePositive],
      [{ price: 1_000_001 }, 'price', VALIDATION_MESSAGES.priceMax],
      [{ stock: 2.5 }, 'stock', VALIDATION_MESSAGES.stockNonNegative],
      [{ stock: -1 }, 'stock', VALIDATION_MESSAGES.stockNonNegative],
      [{ category: 'Hats' }, 'category', 'Category must be one of'],
      [{ name: 'ab' }, 'name', VALIDATION_MESSAGES.minLength(3)],
      // A field the admin cleared is refused (the vendor's update skips it): the form shows every field filled in.
      [{ name: '' }, 'name', VALIDATION_MESSAGES.required],
      [{ price: 0.001 }, 'price', VALIDATION_MESSAGES.pricePositive],
      [{}, '_', ADMIN_TEXT.nothingToChange],
      [{ description: 'A new description here' }, 'description', "The field 'description' is not allowed."],
    ] as const;
    for (const [change, field, message] of cases) {
      // Deliberately wrong values, as a client could send them.
      const input = { id: vendorCap.id, ...change } as unknown as AdminProductUpdateInput;
      const failure = await failureOf(env.caller(admin.token).admin.products.update(input));
      expect(failure.code).toBe('BAD_REQUEST');
      expect(failure.fields[field]?.join(' ')).toContain(message);
    }
    const after = await fresh().findOneOrFail(ProductSchema, { id: vendorCap.id });
    expect([after.name, after.priceKobo, after.stock, after.category]).toEqual([
      before.name,
      before.priceKobo,
      before.stock,
      before.category,
    ]);
    expect(await auditCount()).toBe(count);
  });

  it('deletes by archiving: gone from the catalogue, kept for admins, logged once', async () => {
    const em = fresh();
    const cap = await makeProduct(em, await em.findOneOrFail(VendorSchema, { id: vendor.shopId }), {
      name: 'Retired Dara',
    });
    expect(await catalogueIds(vendor.shopId)).toContain(cap.id);
    const archived = await env.caller(admin.token).admin.products.archive({ id: cap.id });
    expect(archived.archived).toBe(true);
    expect(archived.status).toBe('Archived');
    expect((await env.caller(admin.token).admin.products.get({ id: cap.id })).status).toBe('Archived');
    expect(archived.archived_at).not.toBeNull();
    expect(await catalogueIds(vendor.shopId)).not.toContain(cap.id);
    expect((await failureOf(env.caller().catalogue.get({ id: cap.id }))).code).toBe('NOT_FOUND');
    expect((await fresh().findOneOrFail(ProductSchema, { id: cap.id })).archivedAt).not.toBeNull();
    const [entry] = (await env.caller(admin.token).admin.auditLog({ per_page: 1 })).data;
    expect(entry).toMatchObject({ action: 'product.archive', target_id: cap.id });
    const count = await auditCount();
    const again = await env.caller(admin.token).admin.products.archive({ id: cap.id });
    expect(again.archived_at).toBe(archived.archived_at);
    expect(await auditCount()).toBe(count);
    const listed = await env.caller(admin.token).admin.products.list({ search: 'retired dara' });
    expect(listed.data.map((p) => [p.id, p.archived, p.status])).toEqual([[cap.id, true, 'Archived']]);
  });

  it('answers Product not found for an unknown cap', async () => {
    for (const call of [
      () => env.caller(admin.token).admin.products.get({ id: 999_999 }),
      () => env.caller(admin.token).admin.products.update({ id: 999_999, stock: 1 }),
      () => env.caller(admin.token).admin.products.archive({ id: 999_999 }),
    ]) {
      const failure = await failureOf(call());
      expect([failure.code, failure.message]).toEqual(['NOT_FOUND', ERROR_MESSAGES.productNotFound]);
    }
  });
});

describe('reports and contact messages', () => {
  it('lists reports with the count of each status; a status change through reports.setStatus is logged', async () => {
    const shops: Vendor[] = [];
    const em = fresh();
    for (const name of ['Report Shop One', 'Report Shop Two', 'Report Shop Three']) {
      shops.push(await makeVendor(em, { shopName: name }));
    }
    const reporter = await customerAccount({ full_name: 'Yakubu Reporter' });
    const ids: number[] = [];
    for (const shop of shops) {
      const report = await env.caller(reporter.token).reports.create({
        vendor_id: shop.id,
        reason: 'Scam/Fraud',
        description: 'They never delivered what I paid for.',
      });
      ids.push(report.id);
    }
    await env.caller(admin.token).reports.setStatus({ id: ids[1] as number, status: 'reviewed' });
    await env.caller(admin.token).reports.setStatus({ id: ids[2] as number, status: 'resolved' });
    const [entry] = (await env.caller(admin.token).admin.auditLog({ per_page: 1 })).data;
    expect(entry).toMatchObject({
      action: 'report.status',
      target_type: 'report',
      target_id: ids[2],
      actor: { id: admin.id },
      details: { from: 'pending', to: 'resolved' },
    });

    const reports = await env.caller(admin.token).admin.reports.list({});
    expect(reports.counts).toEqual({ pending: 1, reviewed: 1, resolved: 1, total: 3 });
    expect(reports.data.map((r) => r.id)).toEqual([...ids].reverse());
    expect(reports.data[0]).toMatchObject({
      reason: 'Scam/Fraud',
      status: 'resolved',
      reporter: { id: reporter.id, full_name: 'Yakubu Reporter' },
      vendor: { id: shops[2]?.id, shop_name: 'Report Shop Three' },
    });
    const onlyPending = await env.caller(admin.token).admin.reports.list({ status: 'pending' });
    expect(onlyPending.data.map((r) => r.id)).toEqual([ids[0]]);
    expect(onlyPending.counts.total).toBe(3);
    expect(await fresh().count(ReportSchema, {})).toBe(3);
  });

  it('lists contact messages unhandled first and marks one handled, once, with who and when', async () => {
    const send = (subject: string) =>
      env.caller().contact.send({ name: 'Fatima', email: 'fatima@example.com', subject, message: 'Hello there.' });
    const first = await send('First question');
    const second = await send('Second question');
    const before = await env.caller(admin.token).admin.contactMessages.list({});
    expect(before.counts.unhandled).toBe(before.counts.total);
    expect(before.data.slice(0, 2).map((m) => m.id)).toEqual([second.id, first.id]);

    const handled = await env.caller(admin.token).admin.contactMessages.markHandled({ id: second.id });
    expect(handled.handled_by).toEqual({ id: admin.id, name: 'Hauwa Admin' });
    expect(handled.handled_at).not.toBeNull();
    const row = await fresh().findOneOrFail(ContactMessageSchema, { id: second.id });
    expect(row.handledBy?.id).toBe(admin.id);
    const [entry] = (await env.caller(admin.token).admin.auditLog({ per_page: 1 })).data;
    expect(entry).toMatchObject({ action: 'contact.handled', target_type: 'contact_message', target_id: second.id });

    const count = await auditCount();
    const again = await env.caller(otherAdmin.token).admin.contactMessages.markHandled({ id: second.id });
    expect(again.handled_by?.id).toBe(admin.id);
    expect(again.handled_at).toBe(handled.handled_at);
    expect(await auditCount()).toBe(count);

    const after = await env.caller(admin.token).admin.contactMessages.list({});
    expect(after.counts).toEqual({ unhandled: before.counts.total - 1, total: before.counts.total });
    expect(after.data.at(-1)?.id).toBe(second.id);
    const onlyHandled = await env.caller(admin.token).admin.contactMessages.list({ status: 'handled' });
    expect(onlyHandled.data.map((m) => m.id)).toEqual([second.id]);

    const missing = await failureOf(env.caller(admin.token).admin.contactMessages.markHandled({ id: 999_999 }));
    expect([missing.code, missing.message]).toEqual(['NOT_FOUND', ADMIN_TEXT.contactNotFound]);
  });

  it('keeps the audit log newest first, in pages', async () => {
    const log = await env.caller(admin.token).admin.auditLog({ per_page: 500 });
    expect(log.total).toBe(await auditCount());
    const times = log.data.map((e) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const page = await env.caller(admin.token).admin.auditLog({ per_page: 3, page: 2 });
    expect(page.data.map((e) => e.id)).toEqual(log.data.slice(3, 6).map((e) => e.id));
    expect(log.data.every((e) => e.actor !== null && e.created_at)).toBe(true);
  });
});

describe('overview', () => {
  /** A separate database, so every figure is known exactly. */
  let own: TestEnv;
  let adminToken: string;
  const DAY = 86_400_000;

  beforeAll(async () => {
    own = await createTestEnv();
    const em = own.services.orm.em.fork() as Em;
    const now = new Date();
    const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const lastMonth = new Date(thisMonth.getTime() - 10 * DAY);
    const twoMonthsAgo = new Date(thisMonth.getTime() - 40 * DAY);
    const update = own.services.orm.em.fork();
    const adminUser = await makeUser(em, { role: 'admin', fullName: 'Overview Admin' });
    adminToken = await sessionTokenFor(own.services, adminUser.id);
    const amina = await makeUser(em, { fullName: 'Amina New' });
    const bala = await makeUser(em, { fullName: 'Bala Old' });
    await update.nativeUpdate(UserSchema, { id: bala.id }, { createdAt: lastMonth });

    // Shops: one verified last month, two this month, one pending, one verified last month and suspended this month.
    const old = await makeVendor(em, { shopName: 'Old Shop' });
    const newA = await makeVendor(em, { shopName: 'New Shop A' });
    await makeVendor(em, { shopName: 'New Shop B' });
    const waiting = await makeVendor(em, { shopName: 'Waiting Shop', verified: false });
    const gone = await makeVendor(em, { shopName: 'Gone Shop', suspended: true });
    await update.nativeUpdate(VendorSchema, { id: old.id }, { verifiedAt: lastMonth });
    await update.nativeUpdate(VendorSchema, { id: gone.id }, { verifiedAt: lastMonth });
    await update.nativeUpdate(UserSchema, { id: old.user.id }, { createdAt: lastMonth });
    await update.nativeUpdate(UserSchema, { id: gone.user.id }, { createdAt: lastMonth, suspendedAt: now });

    // Caps: two from last month (one archived this month), one archived last month, two new.
    const oldCap = await makeProduct(em, old, { priceNaira: 10_000 });
    const archivedNow = await makeProduct(em, old);
    const archivedBefore = await makeProduct(em, old);
    const newCap = await makeProduct(em, newA, { priceNaira: 20_000 });
    await makeProduct(em, waiting);
    await update.nativeUpdate(ProductSchema, { id: oldCap.id }, { createdAt: lastMonth });
    await update.nativeUpdate(ProductSchema, { id: archivedNow.id }, { createdAt: lastMonth, archivedAt: now });
    await update.nativeUpdate(
      ProductSchema,
      { id: archivedBefore.id },
      { createdAt: twoMonthsAgo, archivedAt: lastMonth },
    );

    // Revenue: ₦12,000 + ₦22,000 paid this month; ₦12,000 last month; one older and one unpaid do not count.
    await placeOrder(em, amina.id, oldCap, 'delivered');
    await placeOrder(em, amina.id, newCap, 'confirmed');
    await placeOrder(em, amina.id, oldCap, 'pending');
    await placeOrder(em, bala.id, oldCap, 'delivered');
    await placeOrder(em, bala.id, oldCap, 'shipped');
    const orders = await em.find(OrderSchema, {}, { orderBy: { id: 'asc' } });
    await update.nativeUpdate(OrderSchema, { id: orders[3]?.id }, { paidAt: lastMonth, createdAt: lastMonth });
    await update.nativeUpdate(OrderSchema, { id: orders[4]?.id }, { paidAt: twoMonthsAgo, createdAt: twoMonthsAgo });

    for (const [shop, status] of [
      [old, 'pending'],
      [newA, 'reviewed'],
      [gone, 'resolved'],
    ] as const) {
      em.create(ReportSchema, {
        reporter: amina,
        vendor: shop,
        reason: 'Fake products',
        description: 'Not the cap in the pictures.',
        status,
      });
    }
    await em.flush();
  });
  afterAll(async () => {
    await own?.close();
  });

  it('computes the stat cards from the data, each with its change from last month', async () => {
    const overview = await own.caller(adminToken).admin.dashboard();
    // Active now: Old, New A, New B. At the start of the month: Old and Gone (suspended only since).
    expect(overview.active_vendors).toEqual({ value: 3, last_month: 2, change_percent: 50 });
    // Not archived now: old, new and waiting shop's cap. At the start of the month: old and archived-now.
    expect(overview.total_products).toEqual({ value: 3, last_month: 2, change_percent: 50 });
    // 8 accounts: admin, Amina, Bala and five shop owners; Bala, Old's and Gone's owners are from last month.
    expect(overview.total_users).toEqual({ value: 8, last_month: 3, change_percent: 166.7 });
    expect(overview.monthly_revenue).toEqual({ value: 34_000, last_month: 12_000, change_percent: 183.3 });
    expect(overview.system_status).toMatchObject({ database_ok: true, pending_vendors: 1, open_reports: 2 });
    expect(overview.system_status.response_ms).toBeGreaterThanOrEqual(overview.system_status.database_ms);
  });

  it('lists the latest orders, registrations and reports, newest first', async () => {
    const { recent_activity: activity } = await own.caller(adminToken).admin.dashboard();
    expect(activity.length).toBe(10);
    expect(new Set(activity.map((a) => a.type))).toEqual(new Set(['order', 'registration', 'report']));
    expect(activity.map((a) => a.at)).toEqual([...activity.map((a) => a.at)].sort().reverse());
    expect(activity.map((a) => a.message)).toContain('Gone Shop reported: Fake products');
    expect(activity.some((a) => /^Order #\d+ placed by Amina New at New Shop A \(₦22,000\)$/.test(a.message))).toBe(
      true,
    );
  });
});
