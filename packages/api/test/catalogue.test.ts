import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductSchema } from '../src/modules/catalogue/catalogue.entities.js';
import { catalogueChanged } from '../src/modules/catalogue/catalogue.search.js';
import type { Vendor } from '../src/modules/vendors/vendors.entities.js';
import { makeProduct, makeReview, makeVendor } from './fixtures.js';
import { createTestEnv, type TestEnv } from './harness.js';

let env: TestEnv;
let kano: Vendor;
let lagos: Vendor;
const ids: Record<string, number> = {};

beforeAll(async () => {
  env = await createTestEnv();
  const em = env.services.orm.em.fork();
  kano = await makeVendor(em, { shopName: 'Kano Hula House' });
  lagos = await makeVendor(em, { shopName: 'Lagos Fila Studio' });
  const pending = await makeVendor(em, { shopName: 'Pending Caps', verified: false });
  const suspended = await makeVendor(em, { shopName: 'Suspended Caps', suspended: true });
  const day = 24 * 60 * 60 * 1000;
  const base = Date.now() - 100 * day;
  const specs = [
    [
      'zanna',
      kano,
      { name: 'Zanna Bukar Cap', category: 'Hausa Caps', priceNaira: 19_999, createdAt: new Date(base + 1 * day) },
    ],
    [
      'kufi',
      kano,
      { name: 'Plain Kufi', category: 'Hausa Caps', priceNaira: 20_000, createdAt: new Date(base + 2 * day), stock: 0 },
    ],
    [
      'abeti',
      lagos,
      { name: 'Abeti Aja', category: 'Yoruba Caps', priceNaira: 50_000, createdAt: new Date(base + 3 * day) },
    ],
    [
      'fila',
      lagos,
      { name: 'Fila Gobi', category: 'Yoruba Caps', priceNaira: 50_001, createdAt: new Date(base + 4 * day) },
    ],
    [
      'okpu',
      lagos,
      {
        name: 'Okpu Agu',
        category: 'Igbo Caps',
        priceNaira: 120_000,
        createdAt: new Date(base + 5 * day),
        description: 'Red chieftaincy cap with 100%_pure wool',
      },
    ],
    [
      'snap',
      kano,
      { name: 'Modern Snapback', category: 'Modern Caps', priceNaira: 3_000, createdAt: new Date(base + 6 * day) },
    ],
  ] as const;
  for (const [key, vendor, overrides] of specs) ids[key] = (await makeProduct(em, vendor, overrides)).id;
  await makeProduct(em, pending, { name: 'Hidden Pending Cap' });
  await makeProduct(em, suspended, { name: 'Hidden Suspended Cap' });
  await makeProduct(em, kano, { name: 'Archived Cap', archivedAt: new Date() });
  const reload = (key: string) => em.findOneOrFail(ProductSchema, { id: ids[key] as number });
  await makeReview(em, await reload('abeti'), 5);
  await makeReview(em, await reload('abeti'), 4);
  await makeReview(em, await reload('okpu'), 3);
});
afterAll(async () => env?.close());

const list = (input: Parameters<ReturnType<TestEnv['caller']>['catalogue']['list']>[0]) =>
  env.caller().catalogue.list(input);
const names = async (input: Parameters<typeof list>[0]) => (await list(input)).data.map((p) => p.name);

describe('catalogue list', () => {
  it('lists only products of verified, active shops, newest first, in the spec shape', async () => {
    const page = await list({});
    expect(page).toMatchObject({ current_page: 1, last_page: 1, per_page: 12, total: 6 });
    expect(page.data.map((p) => p.name)).toEqual([
      'Modern Snapback',
      'Okpu Agu',
      'Fila Gobi',
      'Abeti Aja',
      'Plain Kufi',
      'Zanna Bukar Cap',
    ]);
    const abeti = page.data.find((p) => p.name === 'Abeti Aja');
    expect(abeti).toMatchObject({
      vendor_id: lagos.id,
      price: 50_000,
      category: 'Yoruba Caps',
      vendor: { id: lagos.id, shop_name: 'Lagos Fila Studio' },
      reviews: [{ rating: 5 }, { rating: 4 }],
      rating: 4.5,
      total_reviews: 2,
      sizes: ['57', '58'],
      in_stock: true,
    });
    expect(page.data.find((p) => p.name === 'Plain Kufi')).toMatchObject({ stock: 0, in_stock: false });
  });

  it('filters by category, vendor and the price bands with inclusive 20,000 to 50,000', async () => {
    expect(await names({ category: 'Yoruba Caps' })).toEqual(['Fila Gobi', 'Abeti Aja']);
    expect(await names({ category: 'all', vendor_id: kano.id })).toEqual([
      'Modern Snapback',
      'Plain Kufi',
      'Zanna Bukar Cap',
    ]);
    expect(await names({ price: 'under-20000', sort: 'price-low' })).toEqual(['Modern Snapback', 'Zanna Bukar Cap']);
    expect(await names({ price: '20000-50000', sort: 'price-low' })).toEqual(['Plain Kufi', 'Abeti Aja']);
    expect(await names({ price: 'over-50000', sort: 'price-low' })).toEqual(['Fila Gobi', 'Okpu Agu']);
  });

  it('sorts by price, rating and name over the whole catalogue', async () => {
    expect(await names({ sort: 'price-low' })).toEqual([
      'Modern Snapback',
      'Zanna Bukar Cap',
      'Plain Kufi',
      'Abeti Aja',
      'Fila Gobi',
      'Okpu Agu',
    ]);
    expect((await names({ sort: 'price-high' }))[0]).toBe('Okpu Agu');
    expect((await names({ sort: 'rating' })).slice(0, 2)).toEqual(['Abeti Aja', 'Okpu Agu']);
    expect(await names({ sort: 'name' })).toEqual([
      'Abeti Aja',
      'Fila Gobi',
      'Modern Snapback',
      'Okpu Agu',
      'Plain Kufi',
      'Zanna Bukar Cap',
    ]);
    expect((await names({ sort: 'price', order: 'desc' }))[0]).toBe('Okpu Agu');
  });

  it('searches name, description, category and shop name, case-insensitively, with extra spaces', async () => {
    expect(await names({ search: '  zanna   BUKAR ' })).toEqual(['Zanna Bukar Cap']);
    expect(await names({ search: 'chieftaincy' })).toEqual(['Okpu Agu']);
    expect(await names({ search: 'igbo' })).toEqual(['Okpu Agu']);
    expect(await names({ search: 'fila studio', sort: 'name' })).toEqual(['Abeti Aja', 'Fila Gobi', 'Okpu Agu']);
    expect(await names({ search: 'hidden' })).toEqual([]);
  });

  it('takes % and _ literally and survives SQL in the search', async () => {
    expect(await names({ search: '%' })).toEqual(['Okpu Agu']);
    expect(await names({ search: '%_pure' })).toEqual(['Okpu Agu']);
    expect(await names({ search: '_' })).toEqual(['Okpu Agu']);
    expect(await names({ search: "'; drop table products; --" })).toEqual([]);
    expect((await list({})).total).toBe(6);
  });

  it('pages with per_page and reports the last page', async () => {
    const second = await list({ per_page: 4, page: 2, sort: 'name' });
    expect(second).toMatchObject({ current_page: 2, last_page: 2, per_page: 4, total: 6 });
    expect(second.data.map((p) => p.name)).toEqual(['Plain Kufi', 'Zanna Bukar Cap']);
    const beyond = await list({ per_page: 4, page: 9 });
    expect(beyond.data).toEqual([]);
    expect(beyond.last_page).toBe(2);
  });

  it.each([
    [{ page: 0 }],
    [{ page: -1 }],
    [{ page: 'abc' }],
    [{ per_page: 100_000 }],
    [{ sort: 'cheapest' }],
    [{ category: 'Hats' }],
    [{ search: 'x'.repeat(10_000) }],
  ])('refuses %j with a clear error', async (input) => {
    await expect(list(input as never)).rejects.toBeInstanceOf(TRPCError);
  });
});

describe('catalogue totals', () => {
  it('are remembered per filter set and forgotten when the catalogue changes', async () => {
    const before = (await list({ category: 'Igbo Caps' })).total;
    const em = env.services.orm.em.fork();
    const added = await makeProduct(em, kano, { name: 'Second Okpu', category: 'Igbo Caps' });
    await catalogueChanged(env.context(), { productIds: [added.id] });
    const after = await list({ category: 'Igbo Caps' });
    expect(after.total).toBe(before + 1);
    expect(after.data.map((p) => p.name)).toContain('Second Okpu');
    await em.nativeDelete(ProductSchema, { id: added.id });
    await catalogueChanged(env.context());
    expect((await list({ category: 'Igbo Caps' })).total).toBe(before);
  });
});

describe('products, shops and reviews', () => {
  it('gets one public product and 404s for hidden or missing ones', async () => {
    expect((await env.caller().catalogue.get({ id: ids.okpu as number })).name).toBe('Okpu Agu');
    await expect(env.caller().catalogue.get({ id: 999_999 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lists verified shops only, with ratings from reviews and 4.5 when none', async () => {
    const shops = await env.caller().vendors.list();
    expect(shops.map((s) => s.shop_name)).toEqual(['Kano Hula House', 'Lagos Fila Studio']);
    const lagosShop = shops.find((s) => s.id === lagos.id);
    expect(lagosShop).toMatchObject({ average_rating: 4, total_reviews: 3, is_verified: 1 });
    expect(shops.find((s) => s.id === kano.id)).toMatchObject({ average_rating: 4.5, total_reviews: 0 });
    expect(lagosShop).not.toHaveProperty('account_number');
    await expect(env.caller().vendors.get({ id: 999_999 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lists reviews of a product and of a shop naming the reviewer, with no part of the email', async () => {
    const product = await env.caller().reviews.list({ product_id: ids.abeti as number });
    expect(product.map((r) => r.rating).sort()).toEqual([4, 5]);
    expect(product[0]?.user?.email).toBe('');
    expect(JSON.stringify(product)).not.toContain('example.com');
    const shop = await env.caller().reviews.list({ vendor_id: lagos.id });
    expect(shop).toHaveLength(3);
  });
});
