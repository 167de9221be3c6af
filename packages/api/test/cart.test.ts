import { CART_TEXT } from '@caps/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../src/modules/auth/auth.entities.js';
import { CartItemSchema } from '../src/modules/cart/cart.entities.js';
import { ProductSchema } from '../src/modules/catalogue/catalogue.entities.js';
import { VendorSchema } from '../src/modules/vendors/vendors.entities.js';
import { makeProduct, makeUser, makeVendor } from './fixtures.js';
import { createTestEnv, failureOf, sessionTokenFor, type TestEnv } from './harness.js';

let env: TestEnv;
const customers: Record<'alice' | 'bob', { id: number; token: string }> = {
  alice: { id: 0, token: '' },
  bob: { id: 0, token: '' },
};
let vendorToken: string;
let adminToken: string;
let kanoShopId: number;
const ids: Record<string, number> = {};

/** A session made straight in the database (argon2 for every test user would be slow). */
const tokenFor = (user: User) => sessionTokenFor(env.services, user.id);

/** What the database holds for a customer's cart: [product, size, quantity] by line id. */
async function storedLines(userId: number) {
  const lines = await env.services.orm.em.fork().find(CartItemSchema, { user: userId }, { orderBy: { id: 'asc' } });
  return lines.map((line) => ({ id: line.id, product: line.product.id, size: line.size, quantity: line.quantity }));
}

const alice = () => env.caller(customers.alice.token);
const bob = () => env.caller(customers.bob.token);

beforeAll(async () => {
  env = await createTestEnv();
  const em = env.services.orm.em.fork();
  for (const name of ['alice', 'bob'] as const) {
    const user = await makeUser(em, { role: 'customer', fullName: name });
    customers[name] = { id: user.id, token: await tokenFor(user) };
  }
  adminToken = await tokenFor(await makeUser(em, { role: 'admin' }));
  const kano = await makeVendor(em, { shopName: 'Kano Hula House' });
  kanoShopId = kano.id;
  vendorToken = await tokenFor(kano.user);
  const pending = await makeVendor(em, { shopName: 'Pending Caps', verified: false });
  const suspended = await makeVendor(em, { shopName: 'Suspended Caps', suspended: true });
  const make = async (key: string, vendor = kano, overrides: Parameters<typeof makeProduct>[2] = {}) => {
    ids[key] = (await makeProduct(em, vendor, { name: key, ...overrides })).id;
  };
  await make('zanna', kano, {
    name: 'Zanna Bukar Cap',
    description: 'Hand-embroidered zanna cap.',
    priceNaira: 12_500,
    stock: 5,
    sizes: ['57', '58', 'XL'],
    images: ['zanna-front.webp', 'https://cdn.example.com/zanna-side.jpg'],
  });
  await make('kufi', kano, { name: 'Plain Kufi', stock: 3, sizes: ['58'], priceNaira: 4_000 });
  await make('soldOut', kano, { name: 'Sold Out Cap', stock: 0 });
  await make('sizeless', kano, { name: 'One Size Cap', sizes: [] });
  await make('plenty', kano, { name: 'Plenty Cap', stock: 1000 });
  await make('fading', kano, { name: 'Fading Cap' });
  await make('archived', kano, { name: 'Archived Cap', archivedAt: new Date() });
  await make('pending', pending, { name: 'Pending Shop Cap' });
  await make('suspended', suspended, { name: 'Suspended Shop Cap' });
});
afterAll(async () => env?.close());
beforeEach(async () => {
  await alice().cart.clear();
  await bob().cart.clear();
});

describe('adding to the cart', () => {
  it('adds a line with the server price and the spec shape', async () => {
    const item = await alice().cart.add({ product_id: ids.zanna as number, quantity: 2, size: '58' });
    expect(item).toEqual({
      id: expect.any(Number),
      product_id: ids.zanna,
      size: '58',
      quantity: 2,
      product: {
        name: 'Zanna Bukar Cap',
        description: 'Hand-embroidered zanna cap.',
        price: 12_500,
        images: ['/api/images/zanna-front.webp', 'https://cdn.example.com/zanna-side.jpg'],
        category: 'Hausa Caps',
        vendor: { id: kanoShopId, shop_name: 'Kano Hula House' },
        stock: 5,
        sizes: ['57', '58', 'XL'],
        in_stock: true,
      },
      line_total: 25_000,
      available: true,
      created_at: expect.any(String),
    });
    expect(new Date(item.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await storedLines(customers.alice.id)).toEqual([
      { id: item.id, product: ids.zanna, size: '58', quantity: 2 },
    ]);
  });

  it('adds the same cap and size to its line, another size as a new line, newest first', async () => {
    const first = await alice().cart.add({ product_id: ids.zanna as number, quantity: 1, size: '58' });
    const again = await alice().cart.add({ product_id: ids.zanna as number, quantity: 2, size: '58' });
    expect(again).toMatchObject({ id: first.id, quantity: 3, line_total: 37_500 });
    const other = await alice().cart.add({ product_id: ids.zanna as number, size: '57' });
    expect(other.quantity).toBe(1);
    expect((await alice().cart.list()).map((line) => [line.id, line.size, line.quantity])).toEqual([
      [other.id, '57', 1],
      [first.id, '58', 3],
    ]);
    expect(await storedLines(customers.alice.id)).toHaveLength(2);
  });

  it("takes a size in any case and stores the cap's own spelling", async () => {
    const item = await alice().cart.add({ product_id: ids.zanna as number, size: 'xl' });
    expect(item.size).toBe('XL');
    expect((await alice().cart.add({ product_id: ids.zanna as number, size: ' XL ' })).id).toBe(item.id);
  });

  it('takes no size for a cap that has none, and refuses one', async () => {
    const item = await alice().cart.add({ product_id: ids.sizeless as number, quantity: 1 });
    expect(item).toMatchObject({ size: '', quantity: 1 });
    const failure = await failureOf(alice().cart.add({ product_id: ids.sizeless as number, size: '58' }));
    expect(failure).toMatchObject({ code: 'UNPROCESSABLE_CONTENT', message: CART_TEXT.validSize([]) });
  });

  it('counts the quantities for the header badge, 0 when empty', async () => {
    expect(await alice().cart.count()).toBe(0);
    await alice().cart.add({ product_id: ids.zanna as number, quantity: 2, size: '58' });
    await alice().cart.add({ product_id: ids.kufi as number, quantity: 3, size: '58' });
    expect(await alice().cart.count()).toBe(5);
    expect(await bob().cart.count()).toBe(0);
  });

  it('refuses more than the stock, counting what is already in the cart over every size', async () => {
    await alice().cart.add({ product_id: ids.kufi as number, quantity: 2, size: '58' });
    const more = await failureOf(alice().cart.add({ product_id: ids.kufi as number, quantity: 2, size: '58' }));
    expect(more).toMatchObject({
      code: 'CONFLICT',
      message: 'Only 3 left in size 58 (you already have 2 in your cart)',
    });
    const fresh = await failureOf(bob().cart.add({ product_id: ids.kufi as number, quantity: 4, size: '58' }));
    expect(fresh).toMatchObject({ code: 'CONFLICT', message: 'Only 3 left in size 58' });
    await alice().cart.add({ product_id: ids.zanna as number, quantity: 4, size: '57' });
    const otherSize = await failureOf(alice().cart.add({ product_id: ids.zanna as number, quantity: 2, size: '58' }));
    expect(otherSize.message).toBe('Only 5 left in size 58 (you already have 4 in your cart)');
    const soldOut = await failureOf(alice().cart.add({ product_id: ids.soldOut as number, size: '57' }));
    expect(soldOut).toMatchObject({ code: 'CONFLICT', message: 'Sold Out Cap is out of stock' });
    expect((await storedLines(customers.alice.id)).map((l) => l.quantity)).toEqual([2, 4]);
    expect(await storedLines(customers.bob.id)).toEqual([]);
  });

  it('makes one line when the same cap and size are added at the same time', async () => {
    const adds = Array.from({ length: 6 }, () =>
      env.caller(customers.alice.token).cart.add({ product_id: ids.plenty as number, quantity: 1, size: '57' }),
    );
    const results = await Promise.all(adds);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await storedLines(customers.alice.id)).toEqual([
      { id: results[0]?.id, product: ids.plenty, size: '57', quantity: 6 },
    ]);
  });
});

describe('refusing bad adds, changing nothing', () => {
  it.each([
    ['quantity 0', { quantity: 0 }, 'quantity', 'quantity must be at least 1'],
    ['quantity -1', { quantity: -1 }, 'quantity', 'quantity must be at least 1'],
    ['quantity 10001', { quantity: 10_001 }, 'quantity', 'quantity must be at most 10000'],
    ['quantity 2.5', { quantity: 2.5 }, 'quantity', 'quantity must be a whole number'],
    ['quantity "abc"', { quantity: 'abc' }, 'quantity', 'quantity must be a whole number'],
    ['quantity 1e300', { quantity: 1e300 }, 'quantity', 'quantity must be a whole number'],
    ['product_id "abc"', { product_id: 'abc' }, 'product_id', 'product_id must be a whole number'],
    ['product_id 1.5', { product_id: 1.5 }, 'product_id', 'product_id must be a whole number'],
    ['product_id 0', { product_id: 0 }, 'product_id', 'product_id must be at least 1'],
    ['a client price', { price: 1 }, 'price', "The field 'price' is not allowed."],
    ['a client line total', { line_total: 1 }, 'line_total', "The field 'line_total' is not allowed."],
    ['a size of 21 characters', { size: 'x'.repeat(21) }, 'size', 'Maximum length is 20 characters'],
  ])('refuses %s as invalid input', async (_label, overrides, field, message) => {
    const input = { product_id: ids.zanna, quantity: 1, size: '58', ...overrides };
    const failure = await failureOf(alice().cart.add(input as never));
    expect(failure.code).toBe('BAD_REQUEST');
    expect(failure.fields[field]).toContain(message);
    expect(await storedLines(customers.alice.id)).toEqual([]);
  });

  it('refuses a product_id written other than in plain digits', async () => {
    const id = ids.zanna as number;
    for (const product_id of [`${id}.0`, `0x${id.toString(16)}`, ` ${id}`, `${id}e0`]) {
      const failure = await failureOf(alice().cart.add({ product_id, size: '58' } as never));
      expect(failure.fields.product_id, product_id).toEqual(['product_id must be a whole number']);
    }
    expect(await storedLines(customers.alice.id)).toEqual([]);
  });

  it('takes a product_id in digits, as the wishlist does, and a size sent as a number as its text', async () => {
    const line = await alice().cart.add({ product_id: String(ids.zanna), size: 58 });
    expect(line).toMatchObject({ product_id: ids.zanna, size: '58', quantity: 1 });
  });

  it.each([
    ['a size the cap lacks', { size: '99' }],
    ['no size for a cap with sizes', { size: '' }],
    ['a blank size', { size: '   ' }],
  ])('refuses %s with a message naming the sizes', async (_label, overrides) => {
    const failure = await failureOf(alice().cart.add({ product_id: ids.zanna as number, quantity: 1, ...overrides }));
    expect(failure).toMatchObject({
      code: 'UNPROCESSABLE_CONTENT',
      message: 'Please select a valid size: 57, 58, XL',
      fields: { size: ['Please select a valid size: 57, 58, XL'] },
    });
    expect(await storedLines(customers.alice.id)).toEqual([]);
  });

  it.each([
    ['a cap that does not exist', () => 999_999],
    ['an archived cap', () => ids.archived as number],
    ['a cap of an unverified shop', () => ids.pending as number],
    ['a cap of a suspended shop owner', () => ids.suspended as number],
  ])('answers 404 for %s', async (_label, productId) => {
    const failure = await failureOf(alice().cart.add({ product_id: productId(), quantity: 1, size: '57' }));
    expect(failure).toMatchObject({ code: 'NOT_FOUND', message: 'Product not found' });
    expect(await storedLines(customers.alice.id)).toEqual([]);
  });
});

describe('changing and removing lines', () => {
  it('sets a quantity up to the stock and refuses beyond it', async () => {
    const line = await alice().cart.add({ product_id: ids.kufi as number, quantity: 1, size: '58' });
    expect(await alice().cart.update({ id: line.id, quantity: 3 })).toMatchObject({ quantity: 3, line_total: 12_000 });
    const failure = await failureOf(alice().cart.update({ id: line.id, quantity: 4 }));
    expect(failure).toMatchObject({ code: 'CONFLICT', message: 'Only 3 left in size 58' });
    expect(await storedLines(customers.alice.id)).toEqual([
      { id: line.id, product: ids.kufi, size: '58', quantity: 3 },
    ]);
  });

  it('counts the other sizes of the cap against the stock when setting a quantity', async () => {
    await alice().cart.add({ product_id: ids.zanna as number, quantity: 3, size: '57' });
    const line = await alice().cart.add({ product_id: ids.zanna as number, quantity: 1, size: '58' });
    expect(await alice().cart.update({ id: line.id, quantity: 2 })).toMatchObject({ quantity: 2 });
    const failure = await failureOf(alice().cart.update({ id: line.id, quantity: 3 }));
    expect(failure.message).toBe('Only 5 left in size 58 (you already have 3 in your cart)');
  });

  it.each([0, -1, -10_000])('removes the line for a quantity of %i', async (quantity) => {
    const line = await alice().cart.add({ product_id: ids.zanna as number, quantity: 2, size: '58' });
    expect(await alice().cart.update({ id: line.id, quantity })).toEqual({
      message: 'Item removed from cart',
      removed: true,
    });
    expect(await storedLines(customers.alice.id)).toEqual([]);
  });

  it.each([
    ['10001', 10_001],
    ['2.5', 2.5],
    ['"abc"', 'abc'],
    ['-10001', -10_001],
  ])('refuses a quantity of %s and keeps the line', async (_label, quantity) => {
    const line = await alice().cart.add({ product_id: ids.zanna as number, quantity: 2, size: '58' });
    const failure = await failureOf(alice().cart.update({ id: line.id, quantity } as never));
    expect(failure.code).toBe('BAD_REQUEST');
    expect(failure.fields.quantity?.[0]).toMatch(/^quantity must be/);
    expect(await storedLines(customers.alice.id)).toEqual([
      { id: line.id, product: ids.zanna, size: '58', quantity: 2 },
    ]);
  });

  it('refuses a client price on update', async () => {
    const line = await alice().cart.add({ product_id: ids.zanna as number, quantity: 2, size: '58' });
    const failure = await failureOf(alice().cart.update({ id: line.id, quantity: 1, price: 1 } as never));
    expect(failure.fields.price).toEqual(["The field 'price' is not allowed."]);
    expect((await storedLines(customers.alice.id))[0]?.quantity).toBe(2);
  });

  it('removes one line, then answers 404 for it', async () => {
    const keep = await alice().cart.add({ product_id: ids.zanna as number, size: '57' });
    const line = await alice().cart.add({ product_id: ids.zanna as number, size: '58' });
    expect(await alice().cart.remove({ id: line.id })).toEqual({ message: 'Item removed from cart', removed: true });
    expect(await failureOf(alice().cart.remove({ id: line.id }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Cart item not found',
    });
    expect((await storedLines(customers.alice.id)).map((l) => l.id)).toEqual([keep.id]);
  });

  it("treats another customer's line as missing and leaves it alone", async () => {
    const bobs = await bob().cart.add({ product_id: ids.zanna as number, quantity: 2, size: '58' });
    expect((await failureOf(alice().cart.update({ id: bobs.id, quantity: 1 }))).code).toBe('NOT_FOUND');
    expect((await failureOf(alice().cart.update({ id: bobs.id, quantity: 0 }))).code).toBe('NOT_FOUND');
    expect((await failureOf(alice().cart.remove({ id: bobs.id }))).code).toBe('NOT_FOUND');
    expect(await alice().cart.list()).toEqual([]);
    expect(await storedLines(customers.bob.id)).toEqual([{ id: bobs.id, product: ids.zanna, size: '58', quantity: 2 }]);
  });

  it("clears only the caller's cart", async () => {
    await alice().cart.add({ product_id: ids.zanna as number, size: '57' });
    await alice().cart.add({ product_id: ids.kufi as number, size: '58' });
    await bob().cart.add({ product_id: ids.zanna as number, size: '57' });
    expect(await alice().cart.clear()).toEqual({ message: 'Cart cleared' });
    expect(await storedLines(customers.alice.id)).toEqual([]);
    expect(await storedLines(customers.bob.id)).toHaveLength(1);
    expect(await alice().cart.clear()).toEqual({ message: 'Cart cleared' });
  });
});

describe('lines whose cap changed', () => {
  it('shows the current price, and keeps unlisted caps as unavailable lines that can only be removed', async () => {
    const em = env.services.orm.em.fork();
    const fading = ids.fading as number;
    const line = await alice().cart.add({ product_id: fading, quantity: 2, size: '57' });
    await em.nativeUpdate(ProductSchema, { id: fading }, { priceKobo: 15_000_00 });
    expect((await alice().cart.list())[0]).toMatchObject({ product: { price: 15_000 }, line_total: 30_000 });

    await em.nativeUpdate(ProductSchema, { id: fading }, { archivedAt: new Date() });
    expect(await alice().cart.list()).toMatchObject([{ id: line.id, available: false }]);
    expect(await failureOf(alice().cart.update({ id: line.id, quantity: 1 }))).toMatchObject({
      code: 'CONFLICT',
      message: CART_TEXT.unavailable,
    });
    expect((await storedLines(customers.alice.id))[0]?.quantity).toBe(2);
    expect(await alice().cart.remove({ id: line.id })).toMatchObject({ removed: true });
    await em.nativeUpdate(ProductSchema, { id: fading }, { archivedAt: null });
  });

  it('marks the lines of a shop that is no longer verified as unavailable', async () => {
    const em = env.services.orm.em.fork();
    await alice().cart.add({ product_id: ids.zanna as number, size: '57' });
    await em.nativeUpdate(VendorSchema, { id: kanoShopId }, { verifiedAt: null });
    try {
      expect((await alice().cart.list()).map((l) => l.available)).toEqual([false]);
      expect(await alice().cart.count()).toBe(1);
    } finally {
      await em.nativeUpdate(VendorSchema, { id: kanoShopId }, { verifiedAt: new Date() });
    }
    expect((await alice().cart.list()).map((l) => l.available)).toEqual([true]);
  });
});

describe('who may use a cart', () => {
  it('needs a signed-in customer: 401 without a token, 403 for vendors and admins', async () => {
    const add = { product_id: ids.zanna as number, quantity: 1, size: '57' };
    for (const call of [
      () => env.caller().cart.list(),
      () => env.caller().cart.add(add),
      () => env.caller().cart.count(),
    ]) {
      expect((await failureOf(call())).code).toBe('UNAUTHORIZED');
    }
    for (const token of [vendorToken, adminToken]) {
      const as = env.caller(token);
      for (const call of [() => as.cart.list(), () => as.cart.add(add), () => as.cart.count(), () => as.cart.clear()]) {
        expect((await failureOf(call())).code).toBe('FORBIDDEN');
      }
    }
    expect((await failureOf(env.caller('not-a-real-token').cart.list())).code).toBe('UNAUTHORIZED');
    expect(await env.services.orm.em.fork().count(CartItemSchema, {})).toBe(0);
  });
});
