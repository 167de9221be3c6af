import { PagedProductsDto, ProductDto } from '@caps/contracts';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answer, type Proof, proofOf } from '../src/output-check.js';
import { appRouter } from '../src/root.js';

// Issue 15: answer() gives back, without zod's copy, an answer that proofOf proves; any other goes through
// zod's parse as before. A proven answer must be one zod accepts and copies into an equal tree: the same
// JSON, keys in the same order, and nothing superjson would mark. A wrong answer must still be refused, by zod.

function product(id: number) {
  return {
    id,
    vendor_id: 7,
    name: `Kufi Cap Red ${id}`,
    description: 'A red kufi cap, hand stitched in Maiduguri.',
    price: 34_567.5,
    images: ['/uploads/a.webp'],
    sizes: ['56', '57', '58'],
    stock: 12,
    in_stock: true,
    category: 'Hausa Caps',
    vendor: { id: 7, shop_name: 'Kufi House' },
    reviews: [{ rating: 4 }, { rating: 5 }],
    rating: 4.5,
    total_reviews: 2,
    created_at: '2026-11-25T07:54:12.000Z',
  };
}
const page = () => ({
  data: [product(1), product(2), product(3)],
  current_page: 1,
  last_page: 1,
  per_page: 12,
  total: 3,
});

/** zod's outcome for a value: its copy, or its error's issues. */
function zodOutcome(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? { copy: result.data } : { issues: result.error.issues };
}

/** What answer() gives for a value: the value itself (proven), a copy, or the error it throws. */
function answerOutcome(schema: z.ZodType, value: unknown) {
  try {
    const given = answer(schema)(value);
    return { given, same: given === value };
  } catch (error) {
    return { error };
  }
}

describe('answer(): an output check without zod’s copy', () => {
  it('proves the catalogue’s answers and gives them back as they are', () => {
    expect(proofOf(PagedProductsDto)).toBeDefined();
    expect(proofOf(ProductDto)).toBeDefined();
    const value = page();
    const outcome = answerOutcome(PagedProductsDto, value);
    expect(outcome.same).toBe(true);
    expect(JSON.stringify(outcome.given)).toBe(JSON.stringify(PagedProductsDto.parse(page())));
  });

  it('refuses a wrong answer with zod’s own error', () => {
    const wrongs: [string, (p: ReturnType<typeof page>) => void][] = [
      ['a price as text', (p) => Object.assign(p.data[0] as object, { price: '34567' })],
      ['a missing field', (p) => delete (p.data[1] as Partial<ReturnType<typeof product>>).name],
      ['a fractional id', (p) => Object.assign(p.data[0] as object, { id: 1.5 })],
      ['an unsafe integer', (p) => Object.assign(p, { total: 2 ** 60 })],
      ['NaN', (p) => Object.assign(p.data[2] as object, { rating: Number.NaN })],
      ['Infinity', (p) => Object.assign(p.data[2] as object, { rating: Number.POSITIVE_INFINITY })],
      ['a size that is no string', (p) => (p.data[0] as { sizes: unknown[] }).sizes.push(58)],
      ['a hole in a list', (p) => ((p.data[0] as { images: string[] }).images[3] = 'x')],
      ['null for an object', (p) => Object.assign(p.data[0] as object, { vendor: null })],
      ['a list for an object', (p) => Object.assign(p, { data: {} })],
      ['no answer at all', (p) => Object.assign(p, { data: undefined })],
    ];
    for (const [label, spoil] of wrongs) {
      const value = page();
      spoil(value);
      const zod = zodOutcome(PagedProductsDto, value);
      expect(zod.issues, label).toBeDefined();
      const outcome = answerOutcome(PagedProductsDto, value);
      expect(outcome.error, label).toBeInstanceOf(z.ZodError);
      expect((outcome.error as z.ZodError).issues, label).toEqual(zod.issues);
    }
  });

  it('leaves to zod’s copy an answer that is valid but not as zod would give it back', () => {
    const shared = page();
    (shared.data[1] as { vendor: unknown }).vendor = (shared.data[0] as { vendor: unknown }).vendor;
    class Dto {
      id = 1;
      shop_name = 'Kufi House';
    }
    const valids: [string, unknown][] = [
      ['an extra key', Object.assign(page(), { secret: 'x' })],
      ['keys in another order', { ...page(), data: [Object.assign({ vendor_id: 7 }, product(1))] }],
      ['an object met twice', shared],
      ['-0', Object.assign(page(), { total: -0 })],
      ['a class instance', { ...page(), data: [{ ...product(1), vendor: new Dto() }] }],
      ['a list with a key of its own', { ...page(), data: Object.assign([product(1)], { extra: 1 }) }],
      ['an object without prototype', Object.assign(Object.create(null) as object, page())],
    ];
    for (const [label, value] of valids) {
      const zod = zodOutcome(PagedProductsDto, value);
      expect(zod.copy, label).toBeDefined();
      const outcome = answerOutcome(PagedProductsDto, value);
      expect(outcome.same, label).toBe(false);
      expect(outcome.given, label).toEqual(zod.copy);
      expect(JSON.stringify(outcome.given), label).toBe(JSON.stringify(zod.copy));
    }
  });

  it('gives back as they are, for an answer only written as JSON, objects met twice and lists with keys', () => {
    const shared = page();
    (shared.data[1] as { vendor: unknown }).vendor = (shared.data[0] as { vendor: unknown }).vendor;
    const keyed = { ...page(), data: Object.assign([product(1)], { extra: 1 }) };
    for (const value of [shared, keyed]) {
      const copy = PagedProductsDto.parse(value);
      expect(answer(PagedProductsDto)(value)).not.toBe(value);
      expect(answer(PagedProductsDto).jsonCheck(value)).toBe(value);
      expect(JSON.stringify(value)).toBe(JSON.stringify(copy));
    }
    // Anything else is as answer() has it: -0 and extra keys go to zod's copy, wrong answers to zod's error.
    const negative = Object.assign(page(), { total: -0 });
    expect(answer(PagedProductsDto).jsonCheck(negative)).toEqual(PagedProductsDto.parse(negative));
    expect(answer(PagedProductsDto).jsonCheck(negative)).not.toBe(negative);
    expect(() => answer(PagedProductsDto).jsonCheck({ ...page(), total: 'x' })).toThrow(z.ZodError);
  });

  it('proves only answers whose zod copy writes the same JSON and that superjson leaves as they are', () => {
    // Random changes to a valid page: whenever the proof holds, zod accepts the answer and its copy is equal.
    const seed = { state: 15 };
    const random = (n: number) => {
      seed.state = (seed.state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return Math.floor((seed.state / 2_147_483_648) * n);
    };
    const replacements = [null, undefined, 0, -0, 1.5, 2 ** 60, '', 'x', true, [], {}, Number.NaN, [1], ['a']];
    const proof = proofOf(PagedProductsDto) as Proof;
    let proven = 0;
    for (let i = 0; i < 3000; i++) {
      const value = page();
      const objects: Record<string, unknown>[] = [value, ...value.data, ...value.data.map((p) => p.vendor)];
      const target = objects[random(objects.length)] as Record<string, unknown>;
      const keys = Object.keys(target);
      const key = keys[random(keys.length)] as string;
      switch (random(4)) {
        case 0:
          target[key] = replacements[random(replacements.length)];
          break;
        case 1:
          delete target[key];
          break;
        case 2:
          target.added = 1;
          break;
        default:
          // Nothing changed: a valid page.
          break;
      }
      const zod = zodOutcome(PagedProductsDto, value);
      if (proof(value, true)) {
        expect(zod.copy).toBeDefined();
        expect(JSON.stringify(value)).toBe(JSON.stringify(zod.copy));
      }
      if (proof(value)) {
        proven += 1;
        expect(zod.copy).toBeDefined();
        expect(JSON.stringify(value)).toBe(JSON.stringify(zod.copy));
        expect(superjson.serialize(value)).toEqual({ json: zod.copy });
      }
      if (zod.issues) expect([proof(value), proof(value, true)]).toEqual([false, false]);
    }
    expect(proven).toBeGreaterThan(100);
  });

  it('has no proof for schemas it cannot prove: zod parses their answers', () => {
    const unprovable = [
      z.object({ a: z.string().optional() }),
      z.object({ a: z.string().min(1) }),
      z.object({ a: z.string() }).passthrough(),
      z.object({ a: z.date() }),
      z.object({ a: z.string().transform((s) => s.length) }),
      z.object({ a: z.number().min(0) }),
      z.object({ a: z.union([z.string(), z.number()]) }),
      z.array(z.string()).min(1),
      z.object({ a: z.string() }).refine(() => true),
    ];
    for (const schema of unprovable) expect(proofOf(schema)).toBeUndefined();
    const withDefault = z.object({ a: z.string().default('kept') });
    expect(answer(withDefault)({})).toEqual({ a: 'kept' });
  });

  it('proves nullable fields, enums and literals as zod reads them', () => {
    const schema = z.object({
      status: z.enum(['pending', 'paid']),
      kind: z.literal('order'),
      note: z.string().nullable(),
      count: z.number().int().nullable(),
    });
    const proof = proofOf(schema) as (value: unknown) => boolean;
    expect(proof({ status: 'paid', kind: 'order', note: null, count: 3 })).toBe(true);
    expect(proof({ status: 'paid', kind: 'order', note: 'x', count: null })).toBe(true);
    expect(proof({ status: 'refunded', kind: 'order', note: null, count: 3 })).toBe(false);
    expect(proof({ status: 'paid', kind: 'other', note: null, count: 3 })).toBe(false);
    expect(proof({ status: 'paid', kind: 'order', note: undefined, count: 3 })).toBe(false);
  });

  it('gives the answers of every procedure’s output schema that it proves', () => {
    // Every answer() of the router: each either has a proof or is parsed by zod; none throws while compiling.
    const outputs = Object.values(
      appRouter._def.procedures as unknown as Record<string, { _def: { output?: unknown } }>,
    )
      .map((procedure) => (procedure._def.output as { schema?: z.ZodType } | undefined)?.schema)
      .filter((schema): schema is z.ZodType => schema !== undefined);
    expect(outputs.length).toBeGreaterThan(50);
    const proved = outputs.filter((schema) => proofOf(schema) !== undefined);
    expect(proved.length).toBeGreaterThan(10);
  });
});
