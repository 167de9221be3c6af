import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { VENDOR_PRODUCT_MESSAGES as M, VALIDATION_MESSAGES } from '@caps/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductSchema } from '../src/modules/catalogue/catalogue.entities.js';
import { createProduct, updateProduct } from '../src/modules/catalogue/vendor-products.service.js';
import { CheckoutSchema, OrderItemSchema, OrderSchema } from '../src/modules/orders/orders.entities.js';
import type { Vendor } from '../src/modules/vendors/vendors.entities.js';
import { makeUser, makeVendor } from './fixtures.js';
import { createTestEnv, failureOf, sessionTokenFor, type TestEnv } from './harness.js';

let env: TestEnv;
let shopA: Vendor;
let tokenA: string;
let tokenB: string;
let tokenPending: string;
let tokenCustomer: string;
let customerId: number;

const valid = {
  name: 'Zanna Bukar Cap',
  description: 'Hand-embroidered Hausa cap from Kano.',
  price: 25_000,
  stock: 12,
  category: 'Hausa Caps' as const,
  sizes: ['57', ' 58 ', '57', '', '59'],
};

const png = () =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 10, g: 120, b: 40 } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  env = await createTestEnv();
  const em = env.services.orm.em.fork();
  shopA = await makeVendor(em, { shopName: 'Kano Hula House' });
  const shopB = await makeVendor(em, { shopName: 'Lagos Fila Studio' });
  const pending = await makeVendor(em, { shopName: 'Pending Caps', verified: false });
  const customer = await makeUser(em);
  customerId = customer.id;
  tokenA = await sessionTokenFor(env.services, shopA.user.id);
  tokenB = await sessionTokenFor(env.services, shopB.user.id);
  tokenPending = await sessionTokenFor(env.services, pending.user.id);
  tokenCustomer = await sessionTokenFor(env.services, customer.id);
});
afterAll(async () => env?.close());

const productCount = () => env.services.orm.em.fork().count(ProductSchema, {});
const stored = (id: number) => env.services.orm.em.fork().findOneOrFail(ProductSchema, id);

describe('vendorProducts (tRPC)', () => {
  it('creates a product with sizes trimmed and deduplicated, listed publicly and in the own list', async () => {
    const product = await env.caller(tokenA).vendorProducts.create(valid);
    expect(product).toMatchObject({ name: valid.name, price: 25_000, stock: 12, sizes: ['57', '58', '59'] });
    expect((await stored(product.id)).priceKobo).toBe(2_500_000);
    const page = await env.caller().catalogue.list({ search: 'zanna' });
    expect(page.data.map((p) => p.id)).toContain(product.id);
    const own = await env.caller(tokenA).vendorProducts.list();
    expect(own[0]).toMatchObject({ id: product.id, archived: false, stock: 12 });
  });

  it.each([
    ['price 0', { price: 0 }, 'price', VALIDATION_MESSAGES.pricePositive],
    ['price -5', { price: -5 }, 'price', VALIDATION_MESSAGES.pricePositive],
    ['price 1000001', { price: 1_000_001 }, 'price', VALIDATION_MESSAGES.priceMax],
    ['price "abc"', { price: 'abc' }, 'price', VALIDATION_MESSAGES.pricePositive],
    ['price 0.001 (₦0 once rounded to the kobo)', { price: 0.001 }, 'price', VALIDATION_MESSAGES.pricePositive],
    ['price 0.0049', { price: 0.0049 }, 'price', VALIDATION_MESSAGES.pricePositive],
    ['a blank name', { name: ' ' }, 'name', VALIDATION_MESSAGES.required],
    ['a blank description', { description: '' }, 'description', VALIDATION_MESSAGES.required],
    ['a blank category', { category: '' }, 'category', VALIDATION_MESSAGES.required],
    ['a blank price', { price: '' }, 'price', VALIDATION_MESSAGES.pricePositive],
    ['a blank stock', { stock: '' }, 'stock', VALIDATION_MESSAGES.stockNonNegative],
    ['stock 10001', { stock: 10_001 }, 'stock', VALIDATION_MESSAGES.stockMax],
    ['stock 2.5', { stock: 2.5 }, 'stock', VALIDATION_MESSAGES.stockNonNegative],
    ['no sizes', { sizes: [] }, 'sizes', VALIDATION_MESSAGES.sizesRequired],
    ['blank sizes only', { sizes: [' ', ''] }, 'sizes', VALIDATION_MESSAGES.sizesRequired],
    ['21 sizes', { sizes: Array.from({ length: 21 }, (_, n) => `${40 + n}`) }, 'sizes', M.tooManySizes],
    ['5,000 sizes', { sizes: Array.from({ length: 5000 }, (_, n) => `S${n}`) }, 'sizes', M.tooManySizes],
    ['a size of 21 characters', { sizes: ['57', 'x'.repeat(21)] }, 'sizes', M.sizeTooLong],
    [
      'a JSON string of 21 sizes',
      { sizes: JSON.stringify(Array.from({ length: 21 }, (_, n) => `${n}`)) },
      'sizes',
      M.tooManySizes,
    ],
    ['image URLs instead of files', { images: ['https://example.com/cap.jpg'] }, 'images', M.imagesAsFiles],
  ])('refuses %s with the spec message, nothing created', async (_label, override, field, message) => {
    const before = await productCount();
    const failure = await failureOf(
      env.caller(tokenA).vendorProducts.create({ ...valid, ...override } as unknown as typeof valid),
    );
    expect(failure.code).toBe('BAD_REQUEST');
    expect(failure.fields[field]).toContain(message);
    expect(await productCount()).toBe(before);
  });

  it('keeps a price rounded to the kobo, down to ₦0.01', async () => {
    const cheapest = await env.caller(tokenA).vendorProducts.create({ ...valid, price: 0.01 });
    expect((await stored(cheapest.id)).priceKobo).toBe(1);
    const rounded = await env.caller(tokenA).vendorProducts.create({ ...valid, price: 12.344 });
    expect(rounded.price).toBe(12.34);
    expect((await stored(rounded.id)).priceKobo).toBe(1_234);
  });

  it.each([
    ['a JSON string', '["S", " M ", "S", ""]', ['S', 'M']],
    ['a JSON string of numbers', '[58, 21.5]', ['58', '21.5']],
    ['a plain string', ' XL ', ['XL']],
    ['a string that only looks like JSON', '[XL', ['[XL']],
    [
      '20 sizes, once repeats are dropped',
      [...Array.from({ length: 20 }, (_, n) => `${n}`), '0', ' 1 '],
      Array.from({ length: 20 }, (_, n) => `${n}`),
    ],
  ])('reads sizes given as %s', async (_label, sizes, expected) => {
    const product = await env.caller(tokenA).vendorProducts.create({ ...valid, sizes } as typeof valid);
    expect(product.sizes).toEqual(expected);
    expect((await stored(product.id)).sizes).toEqual(expected);
  });

  it('refuses a pending shop, a customer and no token', async () => {
    const before = await productCount();
    const pending = await failureOf(env.caller(tokenPending).vendorProducts.create(valid));
    expect(pending).toMatchObject({ code: 'FORBIDDEN', message: M.shopPending });
    expect((await failureOf(env.caller(tokenCustomer).vendorProducts.create(valid))).code).toBe('FORBIDDEN');
    expect((await failureOf(env.caller().vendorProducts.create(valid))).code).toBe('UNAUTHORIZED');
    expect(await productCount()).toBe(before);
  });

  it('updates only the fields sent; another shop gets 404 and changes nothing', async () => {
    const product = await env.caller(tokenA).vendorProducts.create(valid);
    const updated = await env.caller(tokenA).vendorProducts.update({ id: product.id, stock: 3, sizes: ['XL'] });
    expect(updated).toMatchObject({ name: valid.name, stock: 3, sizes: ['XL'], price: 25_000 });
    const other = await failureOf(env.caller(tokenB).vendorProducts.update({ id: product.id, name: 'Stolen cap' }));
    expect(other.code).toBe('NOT_FOUND');
    expect((await failureOf(env.caller(tokenB).vendorProducts.remove({ id: product.id }))).code).toBe('NOT_FOUND');
    expect((await stored(product.id)).name).toBe(valid.name);
  });

  it('ignores blank fields in an update (spec 5: only non-empty fields are sent)', async () => {
    const product = await env.caller(tokenA).vendorProducts.create({ ...valid, name: 'Blank Update Cap' });
    const blanks = { name: '', description: ' ', price: '', stock: '', category: '', sizes: '' };
    const updated = await env.caller(tokenA).vendorProducts.update({
      id: product.id,
      ...blanks,
      stock: 4,
    } as unknown as { id: number; stock: number });
    expect(updated).toMatchObject({ ...product, stock: 4, in_stock: true });
    const row = await stored(product.id);
    expect([row.name, row.description, row.priceKobo, row.category, row.sizes]).toEqual([
      'Blank Update Cap',
      valid.description,
      2_500_000,
      valid.category,
      ['57', '58', '59'],
    ]);
    const sizes = await env.caller(tokenA).vendorProducts.update({ id: product.id, sizes: '["S","M"]' });
    expect(sizes.sizes).toEqual(['S', 'M']);
  });

  it('refuses an update with image URLs, a ₦0 price or too many sizes, and changes nothing', async () => {
    const product = await env.caller(tokenA).vendorProducts.create({ ...valid, name: 'Guarded Update Cap' });
    const before = await stored(product.id);
    const cases = [
      [{ images: ['https://example.com/cap.jpg'] }, 'images', M.imagesAsFiles],
      [{ price: 0.001, stock: 1 }, 'price', VALIDATION_MESSAGES.pricePositive],
      [{ sizes: Array.from({ length: 21 }, (_, n) => `${n}`) }, 'sizes', M.tooManySizes],
    ] as const;
    for (const [change, field, message] of cases) {
      const input = { id: product.id, ...change } as unknown as { id: number };
      const failure = await failureOf(env.caller(tokenA).vendorProducts.update(input));
      expect(failure.code).toBe('BAD_REQUEST');
      expect(failure.fields[field]).toContain(message);
    }
    const after = await stored(product.id);
    expect([after.priceKobo, after.stock, after.sizes, after.images]).toEqual([
      before.priceKobo,
      before.stock,
      before.sizes,
      before.images,
    ]);
  });

  it('stores images, then keeps, reorders and removes them (dropped files deleted)', async () => {
    const ctx = Object.assign(env.context(tokenA), {});
    const auth = await ctx.auth();
    const authed = Object.assign(ctx, { user: auth.user, session: auth.session }) as Parameters<
      typeof createProduct
    >[0];
    const uploads = await Promise.all(
      [1, 2, 3].map(async (n) => ({ field: 'images', filename: `${n}.png`, data: await png() })),
    );
    const product = await createProduct(authed, { ...valid, sizes: ['57'] }, uploads);
    const names = (await stored(product.id)).images;
    expect(names).toHaveLength(3);
    const [first, second, third] = names as [string, string, string];
    const updated = await updateProduct(authed, { id: product.id, keep_images: [`/api/images/${third}`, first] }, []);
    expect(updated.images).toEqual([`/api/images/${third}`, `/api/images/${first}`]);
    expect(existsSync(join(env.uploadDir, second))).toBe(false);
    expect(existsSync(join(env.uploadDir, first))).toBe(true);
    const seven = await Promise.all(
      [1, 2, 3, 4, 5].map(async (n) => ({ field: 'images', filename: `${n}.png`, data: await png() })),
    );
    const tooMany = updateProduct(authed, { id: product.id }, seven);
    await expect(tooMany).rejects.toMatchObject({ message: M.tooManyImages });
    expect((await stored(product.id)).images).toEqual([third, first]);
  });

  it('archives an ordered product (hidden from the catalogue) and deletes an unordered one', async () => {
    const ordered = await env.caller(tokenA).vendorProducts.create({ ...valid, name: 'Ordered Cap' });
    const em = env.services.orm.em.fork();
    const checkout = em.create(CheckoutSchema, {
      user: customerId,
      subtotalKobo: 2_500_000,
      discountKobo: 0,
      shippingKobo: 0,
      totalKobo: 2_500_000,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const order = em.create(OrderSchema, {
      checkout,
      user: customerId,
      vendor: shopA.id,
      subtotalKobo: 2_500_000,
      shippingKobo: 0,
      discountKobo: 0,
      totalKobo: 2_500_000,
      shippingAddress: '1 Test Street, Kano',
    });
    em.create(OrderItemSchema, {
      order,
      product: ordered.id,
      productName: ordered.name,
      size: '57',
      quantity: 1,
      unitPriceKobo: 2_500_000,
    });
    await em.flush();
    expect(await env.caller(tokenA).vendorProducts.remove({ id: ordered.id })).toEqual({ message: M.archived });
    expect((await stored(ordered.id)).archivedAt).toBeInstanceOf(Date);
    const page = await env.caller().catalogue.list({ search: 'ordered' });
    expect(page.data.map((p) => p.id)).not.toContain(ordered.id);
    const own = await env.caller(tokenA).vendorProducts.list();
    expect(own.find((p) => p.id === ordered.id)).toMatchObject({ archived: true });

    const loose = await env.caller(tokenA).vendorProducts.create({ ...valid, name: 'Loose Cap' });
    expect(await env.caller(tokenA).vendorProducts.remove({ id: loose.id })).toEqual({ message: M.deleted });
    expect(await env.services.orm.em.fork().findOne(ProductSchema, loose.id)).toBeNull();
  });
});
