import { makeProduct, makeReview, makeVendor } from '@caps/api/testing';
import { PagedProductsDto, ProductDto, PublicVendorDto } from '@caps/contracts';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializer, isPlainJson } from '../src/rest/serializer.js';
import { createRestTestEnv, type RestTestEnv } from './harness.js';

// Catalogue answers are written by serializers compiled from their output schemas (fast-json-stringify),
// on REST by Fastify from the route's response schema, on tRPC by rest/trpc-queries.ts, which also skips
// superjson for answers it would leave alone. Each must write exactly what JSON.stringify writes.

const TRICKY_TEXT = [
  '',
  'Kufi',
  'Ọ̀ṣọ́ fìlà ẹlẹ́wà',
  '帽子 🧢 and 👨🏾‍🦱',
  'quote " backslash \\ slash / tab \t newline \n return \r',
  'NUL \u0000 bell \u0007 escape \u001b DEL \u007f',
  'line separators \u2028 \u2029',
  'lone surrogates \ud800 and \udfff, a pair \ud83e\udde2',
  `long: ${'Hand stitched in Maiduguri, '.repeat(10)}"quoted" end`,
  `longer than the regex limit ${'a'.repeat(6000)}\u0001`,
  'x'.repeat(41),
  '"'.repeat(41),
  '</script><script>alert(1)</script>',
];

function product(overrides: Partial<ProductDto> = {}): ProductDto {
  return {
    id: 1,
    vendor_id: 2,
    name: 'Kufi Cap',
    description: 'A cap.',
    price: 1500.5,
    images: ['/uploads/products/a.webp'],
    sizes: ['56', '57'],
    stock: 0,
    in_stock: false,
    category: 'Hausa Caps',
    vendor: { id: 2, shop_name: 'Kano Caps' },
    reviews: [{ rating: 5 }],
    rating: 4.7,
    total_reviews: 1,
    created_at: '2026-11-24T10:00:00.000Z',
    ...overrides,
  };
}

describe('the compiled answer serializer', () => {
  it('is compiled for the catalogue answers, not JSON.stringify itself', () => {
    for (const schema of [PagedProductsDto, ProductDto, PublicVendorDto, z.array(PublicVendorDto)]) {
      expect(answerSerializer(schema)).not.toBe(JSON.stringify);
    }
  });

  it('writes pages of caps as JSON.stringify does: unicode, escapes, empty lists, numbers', () => {
    const write = answerSerializer(PagedProductsDto);
    const pages = [
      { data: [], current_page: 1, last_page: 1, per_page: 12, total: 0 },
      {
        data: TRICKY_TEXT.map((text, i) =>
          product({
            id: i + 1,
            name: text,
            description: text,
            category: text,
            images: i % 2 ? [] : [text, `/uploads/${text}`],
            sizes: i % 3 ? [] : [text],
            reviews: i % 2 ? [] : [{ rating: 1 }, { rating: 5 }],
            vendor: { id: i, shop_name: text },
            created_at: text,
            price: [0, 0.1, 1e21, 123456789.125, 2 ** 53 - 1, 1e-7][i % 6] as number,
            rating: i / 3,
            stock: -i,
          }),
        ),
        current_page: 100_000,
        last_page: 2_147_483_647,
        per_page: 100,
        total: 0,
      },
    ];
    for (const page of pages) {
      const parsed = PagedProductsDto.parse(page);
      expect(write(parsed)).toBe(JSON.stringify(parsed));
    }
  });

  it('writes shops with null fields as JSON.stringify does', () => {
    const write = answerSerializer(z.array(PublicVendorDto));
    const shop = {
      id: 3,
      user: { name: 'Hauwa Kachalla' },
      shop_name: 'Ọ̀ṣọ́ Caps',
      shop_description: 'Caps "from" Kano\n',
      address: '1 Market Road',
      phone: '+2348030000000',
      average_rating: 0,
      total_reviews: 0,
      total_products: 12,
      profile_image: null,
      cover_image: '/uploads/vendors/cover.webp',
      is_verified: 1,
      verified_at: null,
      created_at: '2026-11-24T10:00:00.000Z',
    };
    const shops = z.array(PublicVendorDto).parse([shop, { ...shop, profile_image: '🧢', verified_at: '' }]);
    expect(write(shops)).toBe(JSON.stringify(shops));
    expect(write([])).toBe('[]');
  });

  it('leaves to JSON.stringify the schemas it could write otherwise', () => {
    const schemas = [
      z.record(z.string(), z.number()),
      z.object({ a: z.number().default(1) }),
      z.object({ at: z.date() }),
      z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]),
      z.object({ a: z.unknown() }),
      z.tuple([z.string(), z.number()]),
      z.object({ a: z.string() }).catchall(z.string()),
      z.string().transform((s) => s.length),
    ];
    for (const schema of schemas) expect(answerSerializer(schema)).toBe(JSON.stringify);
    expect(answerSerializer(undefined)).toBe(JSON.stringify);
  });
});

describe('isPlainJson', () => {
  class Money {
    constructor(readonly kobo: number) {}
  }
  const shared = { id: 1 };
  const sparse: unknown[] = [1];
  sparse[2] = 3;
  const withExtra = Object.assign([1, 2], { note: 'x' });
  const noPrototype = Object.assign(Object.create(null) as object, { a: 1 });

  it('holds exactly when superjson would send the value as it is', () => {
    const plain: unknown[] = [
      null,
      'text',
      0,
      1.5,
      true,
      [],
      {},
      noPrototype,
      { a: [1, 'b', null, { c: false }], d: TRICKY_TEXT },
      PagedProductsDto.parse({ data: [product()], current_page: 1, last_page: 1, per_page: 12, total: 1 }),
    ];
    for (const value of plain) {
      expect(isPlainJson(value), JSON.stringify(value)).toBe(true);
      expect(superjson.serialize(value)).toEqual({ json: value });
      expect(JSON.stringify(superjson.serialize(value))).toBe(JSON.stringify({ json: value }));
    }
    const annotated: unknown[] = [
      undefined,
      { a: undefined },
      [1, undefined],
      sparse,
      -0,
      { n: Number.NaN },
      [Number.POSITIVE_INFINITY],
      new Date(0),
      { at: new Date(0) },
      new Map([[1, 2]]),
      new Set([1]),
      10n,
      /re/,
      new Error('x'),
      new URL('https://example.com'),
      new Money(5),
      { a: shared, b: shared },
      [shared, shared],
      withExtra,
      () => 1,
      Symbol('s'),
      Object.prototype,
      new Uint8Array([1]),
    ];
    for (const value of annotated) expect(isPlainJson(value), String(value)).toBe(false);
    // A key superjson refuses: it throws, and must be left to throw.
    const refused = JSON.parse('{"constructor": 1}');
    expect(isPlainJson(refused)).toBe(false);
    expect(() => superjson.serialize(refused)).toThrow(/prototype pollution/);
  });
});

describe('catalogue answers over HTTP', () => {
  let env: RestTestEnv;
  let productId: number;
  let vendorId: number;

  beforeAll(async () => {
    env = await createRestTestEnv();
    const em = env.services.orm.em.fork();
    const vendor = await makeVendor(em, { shopName: 'Ọ̀ṣọ́ "Caps" of Kano 🧢 \\ 帽子' });
    vendorId = vendor.id;
    const reviewed = await makeProduct(em, vendor, {
      name: 'Fìlà Abetí Ajá 🧢 "Kano" \\ 帽子',
      description: `Line one\nline two\ttabbed \u2028, ẹ̀wà.${' Hand stitched.'.repeat(30)}`,
      images: ['a.webp', 'b.webp'],
      sizes: [],
    });
    productId = reviewed.id;
    await makeReview(em, reviewed, 4);
    await makeReview(em, reviewed, 5);
    // No reviews, no images, no sizes, out of stock: empty lists and zeros.
    await makeProduct(em, vendor, { name: 'Plain cap', images: [], sizes: [], stock: 0 });
  });
  afterAll(async () => env?.close());

  const rest = async (url: string) => {
    const response = await env.app.inject({ method: 'GET', url: `/api${url}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  };
  const trpc = async (path: string, input?: unknown) => {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
    const response = await env.app.inject({ method: 'GET', url: `/trpc/${path}${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  };
  /** What tRPC's adapter writes for an answer: superjson's envelope, then JSON.stringify. */
  const trpcText = (answer: unknown) => JSON.stringify({ result: { data: superjson.serialize(answer) } });

  it('are written on both faces exactly as JSON.stringify writes the procedures’ answers', async () => {
    const caller = env.caller();
    const queries = [
      { category: 'all' as const, sort: 'name' as const, page: 1 },
      { search: 'kano', per_page: 1 },
      { search: 'no cap is called this' },
      { vendor_id: vendorId, sort: 'price-low' as const },
    ];
    for (const query of queries) {
      const answer = await caller.catalogue.list(query);
      expect(
        await rest(
          `/products?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
        ),
      ).toBe(JSON.stringify(answer));
      expect(await trpc('catalogue.list', query)).toBe(trpcText(answer));
    }
    const empty = await caller.catalogue.list({ search: 'no cap is called this' });
    expect(empty.data).toEqual([]);

    const cap = await caller.catalogue.get({ id: productId });
    expect(cap.name).toContain('🧢');
    expect(cap.reviews.length).toBe(2);
    expect(await rest(`/products/${productId}`)).toBe(JSON.stringify(cap));
    expect(await trpc('catalogue.get', { id: productId })).toBe(trpcText(cap));

    const shops = await caller.vendors.list();
    expect(shops.some((shop) => shop.profile_image === null)).toBe(true);
    expect(await rest('/vendors')).toBe(JSON.stringify(shops));
    expect(await trpc('vendors.list')).toBe(trpcText(shops));
    const shop = await caller.vendors.get({ id: vendorId });
    expect(await rest(`/vendors/${vendorId}`)).toBe(JSON.stringify(shop));
    expect(await trpc('vendors.get', { id: vendorId })).toBe(trpcText(shop));
  });
});
