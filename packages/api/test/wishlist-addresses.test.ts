import { ADDRESS_TEXT, type AddressInput, VALIDATION_MESSAGES } from '@caps/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AddressSchema } from '../src/modules/addresses/addresses.entities.js';
import type { User } from '../src/modules/auth/auth.entities.js';
import { ProductSchema } from '../src/modules/catalogue/catalogue.entities.js';
import { WishlistEntrySchema } from '../src/modules/wishlist/wishlist.entities.js';
import { makeProduct, makeUser, makeVendor } from './fixtures.js';
import { createTestEnv, failureOf, sessionTokenFor, type TestEnv } from './harness.js';

let env: TestEnv;
type Customer = { id: number; token: string };
let alice: Customer;
let bob: Customer;
let vendorToken: string;
let adminToken: string;
let shopId: number;
const ids: Record<string, number> = {};

/** A session made straight in the database (argon2 for every test user would be slow). */
const tokenFor = (user: User) => sessionTokenFor(env.services, user.id);

async function newCustomer(): Promise<Customer> {
  const user = await makeUser(env.services.orm.em.fork(), { role: 'customer' });
  return { id: user.id, token: await tokenFor(user) };
}

const as = (customer: Customer) => env.caller(customer.token);

beforeAll(async () => {
  env = await createTestEnv();
  const em = env.services.orm.em.fork();
  alice = await newCustomer();
  bob = await newCustomer();
  adminToken = await tokenFor(await makeUser(em, { role: 'admin' }));
  const kano = await makeVendor(em, { shopName: 'Kano Hula House' });
  shopId = kano.id;
  vendorToken = await tokenFor(kano.user);
  const pending = await makeVendor(em, { verified: false });
  ids.zanna = (
    await makeProduct(em, kano, {
      name: 'Zanna Bukar Cap',
      description: 'Hand-embroidered zanna cap.',
      priceNaira: 12_500,
      stock: 4,
      sizes: ['57', '58'],
      images: ['zanna.webp'],
    })
  ).id;
  ids.kufi = (await makeProduct(em, kano, { name: 'Plain Kufi', stock: 0 })).id;
  ids.fading = (await makeProduct(em, kano, { name: 'Fading Cap' })).id;
  ids.archived = (await makeProduct(em, kano, { name: 'Archived Cap', archivedAt: new Date() })).id;
  ids.pending = (await makeProduct(em, pending, { name: 'Pending Cap' })).id;
});
afterAll(async () => env?.close());

describe('wishlist', () => {
  const storedEntries = async (userId: number) =>
    (await env.services.orm.em.fork().find(WishlistEntrySchema, { user: userId }, { orderBy: { id: 'asc' } })).map(
      (entry) => entry.product.id,
    );
  beforeEach(async () => {
    const em = env.services.orm.em.fork();
    await em.nativeDelete(WishlistEntrySchema, {});
  });

  it('adds a cap in the spec shape and answers the same entry when it is added again', async () => {
    const entry = await as(alice).wishlist.add({ product_id: ids.zanna as number });
    expect(entry).toEqual({
      id: expect.any(Number),
      product_id: ids.zanna,
      created_at: expect.any(String),
      product: {
        name: 'Zanna Bukar Cap',
        description: 'Hand-embroidered zanna cap.',
        price: 12_500,
        images: ['/api/images/zanna.webp'],
        sizes: ['57', '58'],
        category: 'Hausa Caps',
        stock: 4,
        in_stock: true,
        vendor: { id: shopId, shop_name: 'Kano Hula House' },
      },
      available: true,
    });
    expect(await as(alice).wishlist.add({ product_id: ids.zanna as number })).toEqual(entry);
    expect(await storedEntries(alice.id)).toEqual([ids.zanna]);
    expect(await as(alice).wishlist.has({ product_id: ids.zanna as number })).toBe(true);
    expect(await as(bob).wishlist.has({ product_id: ids.zanna as number })).toBe(false);
  });

  it('converts the product id to a whole number (spec 5)', async () => {
    const entry = await as(alice).wishlist.add({ product_id: String(ids.kufi) });
    expect(entry).toMatchObject({ product_id: ids.kufi, product: { stock: 0, in_stock: false } });
    expect(await as(alice).wishlist.has({ product_id: `0${ids.kufi}` })).toBe(true);
  });

  it('lists newest first, only the caller’s own entries', async () => {
    await as(alice).wishlist.add({ product_id: ids.zanna as number });
    await as(alice).wishlist.add({ product_id: ids.kufi as number });
    await as(bob).wishlist.add({ product_id: ids.fading as number });
    expect((await as(alice).wishlist.list()).map((e) => e.product_id)).toEqual([ids.kufi, ids.zanna]);
    expect((await as(bob).wishlist.list()).map((e) => e.product_id)).toEqual([ids.fading]);
  });

  it('removes idempotently, and only from the caller’s list', async () => {
    await as(alice).wishlist.add({ product_id: ids.zanna as number });
    await as(bob).wishlist.add({ product_id: ids.zanna as number });
    expect(await as(alice).wishlist.remove({ product_id: ids.zanna as number })).toEqual({
      message: 'Removed from wishlist',
    });
    expect(await as(alice).wishlist.remove({ product_id: ids.zanna as number })).toEqual({
      message: 'Removed from wishlist',
    });
    expect(await as(alice).wishlist.remove({ product_id: 999_999 })).toEqual({ message: 'Removed from wishlist' });
    expect(await storedEntries(alice.id)).toEqual([]);
    expect(await storedEntries(bob.id)).toEqual([ids.zanna]);
  });

  it.each([
    ['a cap that does not exist', () => 999_999],
    ['an archived cap', () => ids.archived as number],
    ['a cap of an unverified shop', () => ids.pending as number],
  ])('answers 404 for %s and stores nothing', async (_label, productId) => {
    expect(await failureOf(as(alice).wishlist.add({ product_id: productId() }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Product not found',
    });
    expect(await storedEntries(alice.id)).toEqual([]);
  });

  it.each([
    ['"abc"', { product_id: 'abc' }, 'product_id must be a whole number'],
    ['2.5', { product_id: 2.5 }, 'product_id must be a whole number'],
    ['0', { product_id: 0 }, 'product_id must be at least 1'],
    ['a missing id', {}, 'This field is required'],
    ['an unknown field', { product_id: 1, price: 5 }, "The field 'price' is not allowed."],
  ])('refuses %s', async (_label, input, message) => {
    const failure = await failureOf(as(alice).wishlist.add(input as never));
    expect(failure.code).toBe('BAD_REQUEST');
    expect(Object.values(failure.fields).flat()).toContain(message);
    expect(await storedEntries(alice.id)).toEqual([]);
  });

  it('keeps an entry whose cap stopped being listed, marked unavailable and removable', async () => {
    await as(alice).wishlist.add({ product_id: ids.fading as number });
    const em = env.services.orm.em.fork();
    await em.nativeUpdate(ProductSchema, { id: ids.fading as number }, { archivedAt: new Date() });
    try {
      expect(await as(alice).wishlist.list()).toMatchObject([{ product_id: ids.fading, available: false }]);
      await as(alice).wishlist.remove({ product_id: ids.fading as number });
      expect(await storedEntries(alice.id)).toEqual([]);
    } finally {
      await em.nativeUpdate(ProductSchema, { id: ids.fading as number }, { archivedAt: null });
    }
  });

  it('makes one entry when the same cap is added at the same time', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => env.caller(alice.token).wishlist.add({ product_id: ids.zanna as number })),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await storedEntries(alice.id)).toEqual([ids.zanna]);
  });

  it('needs a signed-in customer: 401 without a token, 403 for vendors and admins', async () => {
    const input = { product_id: ids.zanna as number };
    for (const call of [() => env.caller().wishlist.list(), () => env.caller().wishlist.add(input)]) {
      expect((await failureOf(call())).code).toBe('UNAUTHORIZED');
    }
    for (const token of [vendorToken, adminToken]) {
      const caller = env.caller(token);
      for (const call of [
        () => caller.wishlist.list(),
        () => caller.wishlist.add(input),
        () => caller.wishlist.remove(input),
        () => caller.wishlist.has(input),
      ]) {
        expect((await failureOf(call())).code).toBe('FORBIDDEN');
      }
    }
    expect(await env.services.orm.em.fork().count(WishlistEntrySchema, {})).toBe(0);
  });
});

describe('saved addresses', () => {
  const home: AddressInput = {
    full_name: 'Amina Bello',
    address: '12 Baga Road, Off Kano Road',
    city: 'Maiduguri',
    state: 'Borno',
    postal_code: '600001',
    phone: '+234 803 123 4567',
  };
  const office = { ...home, address: '4 Herbert Macaulay Way, Yaba', city: 'Lagos', state: 'Lagos' };
  const shop = { ...home, address: '9 Bompai Industrial Road', city: 'Kano', state: 'Kano', postal_code: 'KN700' };

  /** [address line, is default] of a customer's addresses, by id. */
  const stored = async (userId: number) =>
    (await env.services.orm.em.fork().find(AddressSchema, { user: userId }, { orderBy: { id: 'asc' } })).map((a) => [
      a.address,
      a.isDefault,
    ]);

  it('saves addresses; the first becomes the default and is_default moves it', async () => {
    const customer = await newCustomer();
    const first = await as(customer).addresses.create(home);
    expect(first).toEqual({
      id: expect.any(Number),
      full_name: 'Amina Bello',
      address: '12 Baga Road, Off Kano Road',
      city: 'Maiduguri',
      state: 'Borno',
      postal_code: '600001',
      phone: '+2348031234567',
      is_default: true,
      created_at: expect.any(String),
    });
    expect((await as(customer).addresses.create(office)).is_default).toBe(false);
    const third = await as(customer).addresses.create({ ...shop, is_default: true });
    expect(third.is_default).toBe(true);
    expect(await stored(customer.id)).toEqual([
      [home.address, false],
      [office.address, false],
      [shop.address, true],
    ]);
    expect((await as(customer).addresses.list()).map((a) => a.address)).toEqual([
      shop.address,
      office.address,
      home.address,
    ]);
  });

  it('sets one default and unsets the others', async () => {
    const customer = await newCustomer();
    const first = await as(customer).addresses.create(home);
    const second = await as(customer).addresses.create(office);
    expect(await as(customer).addresses.setDefault({ id: second.id })).toMatchObject({
      id: second.id,
      is_default: true,
    });
    expect(await stored(customer.id)).toEqual([
      [home.address, false],
      [office.address, true],
    ]);
    expect(await as(customer).addresses.setDefault({ id: first.id })).toMatchObject({ is_default: true });
    expect(await stored(customer.id)).toEqual([
      [home.address, true],
      [office.address, false],
    ]);
  });

  it('updates the fields sent; is_default false does not leave the customer without a default', async () => {
    const customer = await newCustomer();
    const first = await as(customer).addresses.create(home);
    const second = await as(customer).addresses.create(office);
    const updated = await as(customer).addresses.update({ id: second.id, city: 'Ikeja', postal_code: '100001' });
    expect(updated).toMatchObject({ city: 'Ikeja', postal_code: '100001', address: office.address, is_default: false });
    expect(await as(customer).addresses.update({ id: first.id, is_default: false })).toMatchObject({
      is_default: true,
    });
    expect(await as(customer).addresses.update({ id: second.id, is_default: true })).toMatchObject({
      is_default: true,
    });
    expect(await stored(customer.id)).toEqual([
      [home.address, false],
      [office.address, true],
    ]);
  });

  it('makes the newest remaining address the default when the default is deleted', async () => {
    const customer = await newCustomer();
    const first = await as(customer).addresses.create(home);
    const second = await as(customer).addresses.create(office);
    await as(customer).addresses.create(shop);
    expect(await as(customer).addresses.remove({ id: second.id })).toEqual({ message: 'Address deleted' });
    expect(await stored(customer.id)).toEqual([
      [home.address, true],
      [shop.address, false],
    ]);
    await as(customer).addresses.remove({ id: first.id });
    expect(await stored(customer.id)).toEqual([[shop.address, true]]);
    expect((await failureOf(as(customer).addresses.remove({ id: first.id }))).code).toBe('NOT_FOUND');
  });

  it("treats another customer's address as missing and leaves it alone", async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const mine = await as(owner).addresses.create(home);
    await as(other).addresses.create(office);
    for (const call of [
      () => as(other).addresses.update({ id: mine.id, city: 'Kano' }),
      () => as(other).addresses.update({ id: mine.id, is_default: true }),
      () => as(other).addresses.setDefault({ id: mine.id }),
      () => as(other).addresses.remove({ id: mine.id }),
    ]) {
      expect(await failureOf(call())).toMatchObject({ code: 'NOT_FOUND', message: ADDRESS_TEXT.notFound });
    }
    expect(await stored(owner.id)).toEqual([[home.address, true]]);
    expect(await stored(other.id)).toEqual([[office.address, true]]);
    expect((await as(other).addresses.list()).map((a) => a.id)).not.toContain(mine.id);
  });

  it.each([
    ['full_name', { full_name: 'A' }, VALIDATION_MESSAGES.nameLength],
    ['full_name', { full_name: 'Amina B3llo' }, VALIDATION_MESSAGES.nameLetters],
    ['address', { address: 'Short' }, VALIDATION_MESSAGES.minLength(10)],
    ['address', { address: 'x'.repeat(201) }, VALIDATION_MESSAGES.maxLength(200)],
    ['city', { city: 'X' }, VALIDATION_MESSAGES.minLength(2)],
    ['city', { city: '   ' }, VALIDATION_MESSAGES.required],
    ['state', { state: undefined }, VALIDATION_MESSAGES.required],
    ['state', { state: 'x'.repeat(101) }, VALIDATION_MESSAGES.maxLength(100)],
    ['postal_code', { postal_code: 'ab' }, ADDRESS_TEXT.postalCode],
    ['postal_code', { postal_code: '12345678901' }, ADDRESS_TEXT.postalCode],
    ['postal_code', { postal_code: '600-001' }, ADDRESS_TEXT.postalCode],
    ['postal_code', { postal_code: undefined }, VALIDATION_MESSAGES.required],
    ['phone', { phone: '08031234567' }, VALIDATION_MESSAGES.phone],
    ['is_default', { is_default: 'yes' }, ADDRESS_TEXT.isDefault],
    ['user_id', { user_id: 1 }, "The field 'user_id' is not allowed."],
  ])('refuses a bad %s and saves nothing', async (field, overrides, message) => {
    const failure = await failureOf(as(alice).addresses.create({ ...home, ...overrides } as never));
    expect(failure.code).toBe('BAD_REQUEST');
    expect(failure.fields[field]).toContain(message);
    expect(await stored(alice.id)).toEqual([]);
  });

  it('refuses bad values on update and keeps the address', async () => {
    const customer = await newCustomer();
    const saved = await as(customer).addresses.create(home);
    for (const input of [
      { id: saved.id, postal_code: '!' },
      { id: saved.id, phone: 'call me' },
      { id: 'abc', city: 'Kano' },
    ]) {
      expect((await failureOf(as(customer).addresses.update(input as never))).code).toBe('BAD_REQUEST');
    }
    expect(await as(customer).addresses.list()).toEqual([saved]);
  });

  it('keeps at most 10 addresses per customer', async () => {
    const customer = await newCustomer();
    for (let i = 0; i < 10; i++) await as(customer).addresses.create({ ...home, address: `${i} Baga Road, Maiduguri` });
    const failure = await failureOf(as(customer).addresses.create(office));
    expect(failure).toMatchObject({ code: 'UNPROCESSABLE_CONTENT', message: ADDRESS_TEXT.tooMany });
    expect(await stored(customer.id)).toHaveLength(10);
  });

  it('keeps exactly one default when addresses are saved at the same time', async () => {
    const customer = await newCustomer();
    await Promise.all(
      [home, office, shop].map((input) => env.caller(customer.token).addresses.create({ ...input, is_default: true })),
    );
    const rows = await stored(customer.id);
    expect(rows).toHaveLength(3);
    expect(rows.filter(([, isDefault]) => isDefault)).toHaveLength(1);
  });

  it('needs a signed-in customer: 401 without a token, 403 for vendors and admins', async () => {
    expect((await failureOf(env.caller().addresses.list())).code).toBe('UNAUTHORIZED');
    expect((await failureOf(env.caller().addresses.create(home))).code).toBe('UNAUTHORIZED');
    for (const token of [vendorToken, adminToken]) {
      const caller = env.caller(token);
      for (const call of [
        () => caller.addresses.list(),
        () => caller.addresses.create(home),
        () => caller.addresses.setDefault({ id: 1 }),
      ]) {
        expect((await failureOf(call())).code).toBe('FORBIDDEN');
      }
    }
  });
});
