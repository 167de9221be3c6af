import type { User } from '@caps/api/testing';
import {
  AddressSchema,
  CartItemSchema,
  makeProduct,
  makeUser,
  makeVendor,
  sessionTokenFor,
  WishlistEntrySchema,
} from '@caps/api/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createRestTestEnv, type RestTestEnv } from './harness.js';

let env: RestTestEnv;
type Customer = { id: number; token: string };
let alice: Customer;
let bob: Customer;
let vendorToken: string;
let shopId: number;
const ids: Record<string, number> = {};

/** A session made straight in the database (argon2 for every test user would be slow). */
const tokenFor = (user: User) => sessionTokenFor(env.services, user.id);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  env.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** [product, size, quantity] of what the database holds for a customer's cart. */
const storedCart = async (userId: number) =>
  (await env.services.orm.em.fork().find(CartItemSchema, { user: userId }, { orderBy: { id: 'asc' } })).map((l) => [
    l.product.id,
    l.size,
    l.quantity,
  ]);

beforeAll(async () => {
  env = await createRestTestEnv();
  const em = env.services.orm.em.fork();
  for (const name of ['alice', 'bob'] as const) {
    const user = await makeUser(em, { role: 'customer' });
    const customer = { id: user.id, token: await tokenFor(user) };
    if (name === 'alice') alice = customer;
    else bob = customer;
  }
  const borno = await makeVendor(em, { shopName: 'Borno Caps' });
  shopId = borno.id;
  vendorToken = await tokenFor(borno.user);
  const pending = await makeVendor(em, { verified: false });
  ids.zanna = (
    await makeProduct(em, borno, {
      name: 'Zanna Cap',
      priceNaira: 8_500,
      stock: 3,
      sizes: ['57', '58'],
      images: ['zanna.webp'],
    })
  ).id;
  ids.archived = (await makeProduct(em, borno, { name: 'Archived Cap', archivedAt: new Date() })).id;
  ids.pending = (await makeProduct(em, pending, { name: 'Pending Cap' })).id;
});
afterAll(async () => env?.close());

describe('/api/cart', () => {
  beforeEach(async () => {
    await env.services.orm.em.fork().nativeDelete(CartItemSchema, {});
  });

  it('adds (201), adds to the line, lists, updates, removes and clears', async () => {
    const added = await call('POST', '/api/cart', alice.token, { product_id: ids.zanna, quantity: 1, size: '58' });
    expect(added.statusCode).toBe(201);
    const item = added.json();
    expect(item).toMatchObject({
      product_id: ids.zanna,
      size: '58',
      quantity: 1,
      product: {
        name: 'Zanna Cap',
        price: 8_500,
        images: ['/api/images/zanna.webp'],
        category: 'Hausa Caps',
        vendor: { id: shopId, shop_name: 'Borno Caps' },
        stock: 3,
        sizes: ['57', '58'],
        in_stock: true,
      },
      line_total: 8_500,
      available: true,
    });

    const again = await call('POST', '/api/cart', alice.token, { product_id: ids.zanna, quantity: 1, size: '58' });
    expect(again.json()).toMatchObject({ id: item.id, quantity: 2, line_total: 17_000 });

    const list = await call('GET', '/api/cart', alice.token);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(1);

    const updated = await call('PUT', `/api/cart/${item.id}`, alice.token, { quantity: 3 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: item.id, quantity: 3, line_total: 25_500 });

    const zero = await call('PUT', `/api/cart/${item.id}`, alice.token, { quantity: 0 });
    expect(zero.statusCode).toBe(200);
    expect(zero.json()).toEqual({ message: 'Item removed from cart', removed: true });
    expect(await storedCart(alice.id)).toEqual([]);

    const other = (await call('POST', '/api/cart', alice.token, { product_id: ids.zanna, size: '57' })).json();
    const removed = await call('DELETE', `/api/cart/${other.id}`, alice.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Item removed from cart', removed: true });
    expect((await call('DELETE', `/api/cart/${other.id}`, alice.token)).statusCode).toBe(404);

    await call('POST', '/api/cart', alice.token, { product_id: ids.zanna, size: '57' });
    const cleared = await call('DELETE', '/api/cart', alice.token);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ message: 'Cart cleared' });
    expect(await storedCart(alice.id)).toEqual([]);
  });

  it.each([
    ['quantity 0', { quantity: 0 }],
    ['quantity -1', { quantity: -1 }],
    ['quantity 10001', { quantity: 10_001 }],
    ['quantity 2.5', { quantity: 2.5 }],
    ['quantity "abc"', { quantity: 'abc' }],
    ['product_id "abc"', { product_id: 'abc' }],
    ['product_id as decimal text', { product_id: '1.0' }],
    ['product_id as hexadecimal text', { product_id: '0x1' }],
    ['size true', { size: true }],
    ['a client price', { price: 1 }],
    ['a size the cap lacks', { size: '99' }],
    ['no size', { size: undefined }],
  ])('answers 422 for %s and changes nothing', async (_label, overrides) => {
    const payload = { product_id: ids.zanna, quantity: 1, size: '58', ...overrides };
    const response = await call('POST', '/api/cart', alice.token, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'Unprocessable Entity', message: expect.any(String) });
    expect(await storedCart(alice.id)).toEqual([]);
  });

  it('takes a size sent as a JSON number as its text, and ids and quantities written as digits', async () => {
    const response = await call('POST', '/api/cart', alice.token, {
      product_id: String(ids.zanna),
      quantity: '2',
      size: 57,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ product_id: ids.zanna, size: '57', quantity: 2 });
    expect(await storedCart(alice.id)).toEqual([[ids.zanna, '57', 2]]);
    const wrong = await call('POST', '/api/cart', alice.token, { product_id: ids.zanna, size: 99 });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('Please select a valid size: 57, 58');
  });

  it('names the problem in the 422 body', async () => {
    const price = await call('POST', '/api/cart', alice.token, { product_id: ids.zanna, size: '58', price: 1 });
    expect(price.json()).toMatchObject({
      message: "The field 'price' is not allowed.",
      errors: { price: [expect.any(String)] },
    });
    const size = await call('POST', '/api/cart', alice.token, { product_id: ids.zanna, size: 'XXL' });
    expect(size.json()).toMatchObject({
      message: 'Please select a valid size: 57, 58',
      errors: { size: [expect.any(String)] },
    });
  });

  it.each([
    ['a cap that does not exist', () => 999_999],
    ['an archived cap', () => ids.archived as number],
    ['a cap of an unverified shop', () => ids.pending as number],
  ])('answers 404 for %s', async (_label, productId) => {
    const response = await call('POST', '/api/cart', alice.token, { product_id: productId(), quantity: 1, size: '57' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Product not found');
    expect(await storedCart(alice.id)).toEqual([]);
  });

  it('answers 409 with what is left when the stock is not enough', async () => {
    await call('POST', '/api/cart', alice.token, { product_id: ids.zanna, quantity: 2, size: '58' });
    const response = await call('POST', '/api/cart', alice.token, { product_id: ids.zanna, quantity: 2, size: '58' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Only 3 left in size 58 (you already have 2 in your cart)');
    expect(await storedCart(alice.id)).toEqual([[ids.zanna, '58', 2]]);
  });

  it("answers 404 for another customer's line and leaves it alone", async () => {
    const bobs = (
      await call('POST', '/api/cart', bob.token, { product_id: ids.zanna, quantity: 2, size: '57' })
    ).json();
    expect((await call('PUT', `/api/cart/${bobs.id}`, alice.token, { quantity: 1 })).statusCode).toBe(404);
    expect((await call('PUT', `/api/cart/${bobs.id}`, alice.token, { quantity: 0 })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/cart/${bobs.id}`, alice.token)).statusCode).toBe(404);
    expect(await storedCart(bob.id)).toEqual([[ids.zanna, '57', 2]]);
  });

  it('answers 422 for a bad line id or quantity on update', async () => {
    const line = (await call('POST', '/api/cart', alice.token, { product_id: ids.zanna, size: '57' })).json();
    for (const [url, payload] of [
      ['/api/cart/abc', { quantity: 1 }],
      ['/api/cart/1.5', { quantity: 1 }],
      [`/api/cart/${line.id}`, { quantity: 10_001 }],
      [`/api/cart/${line.id}`, { quantity: 'abc' }],
      [`/api/cart/${line.id}`, { quantity: 1, price: 5 }],
      [`/api/cart/${line.id}`, {}],
    ] as const) {
      expect((await call('PUT', url, alice.token, payload)).statusCode).toBe(422);
    }
    expect(await storedCart(alice.id)).toEqual([[ids.zanna, '57', 1]]);
  });

  it('answers 401 without a token and 403 for a vendor', async () => {
    for (const [method, url] of [
      ['GET', '/api/cart'],
      ['POST', '/api/cart'],
      ['DELETE', '/api/cart'],
      ['PUT', '/api/cart/1'],
      ['DELETE', '/api/cart/1'],
    ] as const) {
      const payload = method === 'POST' ? { product_id: ids.zanna, size: '57' } : undefined;
      const anonymous = await call(method, url, undefined, payload);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toEqual(expect.any(String));
      expect((await call(method, url, vendorToken, payload)).statusCode).toBe(403);
    }
    expect(await env.services.orm.em.fork().count(CartItemSchema, {})).toBe(0);
  });
});

describe('/api/wishlist', () => {
  const stored = async (userId: number) =>
    (await env.services.orm.em.fork().find(WishlistEntrySchema, { user: userId })).map((e) => e.product.id);

  it('adds (201, then 200 with the same entry), lists and removes idempotently', async () => {
    const first = await call('POST', '/api/wishlist', alice.token, { product_id: ids.zanna });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      product_id: ids.zanna,
      product: { name: 'Zanna Cap', price: 8_500, sizes: ['57', '58'], stock: 3, in_stock: true },
    });
    const second = await call('POST', '/api/wishlist', alice.token, { product_id: String(ids.zanna) });
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    expect((await call('GET', '/api/wishlist', alice.token)).json()).toHaveLength(1);
    expect(await stored(alice.id)).toEqual([ids.zanna]);

    for (let i = 0; i < 2; i++) {
      const removed = await call('DELETE', `/api/wishlist/${ids.zanna}`, alice.token);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ message: 'Removed from wishlist' });
    }
    expect(await stored(alice.id)).toEqual([]);
  });

  it('refuses bad and unknown products', async () => {
    expect((await call('POST', '/api/wishlist', alice.token, { product_id: 'abc' })).statusCode).toBe(422);
    expect((await call('POST', '/api/wishlist', alice.token, {})).statusCode).toBe(422);
    expect((await call('DELETE', '/api/wishlist/abc', alice.token)).statusCode).toBe(422);
    for (const productId of [999_999, ids.archived, ids.pending]) {
      const response = await call('POST', '/api/wishlist', alice.token, { product_id: productId });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Product not found');
    }
    expect(await stored(alice.id)).toEqual([]);
  });

  it('answers 401 without a token and 403 for a vendor', async () => {
    expect((await call('GET', '/api/wishlist')).statusCode).toBe(401);
    expect((await call('POST', '/api/wishlist', vendorToken, { product_id: ids.zanna })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/wishlist/${ids.zanna}`, vendorToken)).statusCode).toBe(403);
  });
});

describe('/api/addresses', () => {
  const home = {
    full_name: 'Amina Bello',
    address: '12 Baga Road, Off Kano Road',
    city: 'Maiduguri',
    state: 'Borno',
    postal_code: '600001',
    phone: '+2348031234567',
  };
  const stored = async (userId: number) =>
    (await env.services.orm.em.fork().find(AddressSchema, { user: userId }, { orderBy: { id: 'asc' } })).map((a) => [
      a.city,
      a.isDefault,
    ]);

  it('saves, lists, updates, moves the default and deletes', async () => {
    const created = await call('POST', '/api/addresses', alice.token, home);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...home, is_default: true });
    const second = (await call('POST', '/api/addresses', alice.token, { ...home, city: 'Kano' })).json();
    expect(second.is_default).toBe(false);

    const updated = await call('PUT', `/api/addresses/${second.id}`, alice.token, { city: 'Kano City' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: second.id, city: 'Kano City' });

    const made = await call('POST', `/api/addresses/${second.id}/default`, alice.token);
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ id: second.id, is_default: true });
    expect(await stored(alice.id)).toEqual([
      ['Maiduguri', false],
      ['Kano City', true],
    ]);

    const list = (await call('GET', '/api/addresses', alice.token)).json();
    expect(list.map((a: { id: number }) => a.id)).toEqual([second.id, created.json().id]);

    const deleted = await call('DELETE', `/api/addresses/${second.id}`, alice.token);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Address deleted' });
    expect(await stored(alice.id)).toEqual([['Maiduguri', true]]);
  });

  it("answers 404 for another customer's address and 422 for bad fields", async () => {
    const mine = (await call('POST', '/api/addresses', bob.token, home)).json();
    expect((await call('PUT', `/api/addresses/${mine.id}`, alice.token, { city: 'Kano' })).statusCode).toBe(404);
    expect((await call('POST', `/api/addresses/${mine.id}/default`, alice.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/addresses/${mine.id}`, alice.token)).statusCode).toBe(404);
    const bad = await call('POST', '/api/addresses', bob.token, { ...home, postal_code: '6', phone: 'none' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['postal_code', 'phone']);
    expect((await call('PUT', '/api/addresses/abc', bob.token, { city: 'Kano' })).statusCode).toBe(422);
    expect(await stored(bob.id)).toEqual([['Maiduguri', true]]);
  });

  it('answers 401 without a token and 403 for a vendor', async () => {
    expect((await call('GET', '/api/addresses')).statusCode).toBe(401);
    expect((await call('POST', '/api/addresses', vendorToken, home)).statusCode).toBe(403);
  });
});
