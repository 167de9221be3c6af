import { isDeepStrictEqual } from 'node:util';
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

  it('leaves to zod the formats zod 4 keeps on the schema itself: z.int(), z.email(), z.uuid(), z.iso.datetime()', () => {
    // zod 4's standalone formats hold their check on the schema (def.check, def.format), with no def.checks:
    // read as a plain number or string, a wrong answer would be given back instead of refused.
    const cases: [string, z.ZodType, unknown, unknown][] = [
      ['z.int()', z.object({ n: z.int() }), { n: 1 }, { n: 1.5 }],
      ['z.int32()', z.object({ n: z.int32() }), { n: 7 }, { n: 2 ** 31 }],
      ['z.email()', z.object({ email: z.email() }), { email: 'amina@example.com' }, { email: 'amina' }],
      [
        'z.uuid()',
        z.object({ id: z.uuid() }),
        { id: '2f1b6c1e-4f0a-4c3e-9a8b-0d6e5f4a3b2c' },
        { id: '2f1b6c1e-not-a-uuid' },
      ],
      [
        'z.iso.datetime()',
        z.object({ at: z.iso.datetime() }),
        { at: '2026-11-25T07:54:12.000Z' },
        { at: '25/11/2026 07:54' },
      ],
      ['a list of z.email()', z.object({ to: z.array(z.email()) }), { to: ['a@example.com'] }, { to: ['a@', 'b'] }],
      ['a nullable z.int()', z.object({ n: z.int().nullable() }), { n: null }, { n: 0.5 }],
      [
        'a nested z.uuid()',
        z.object({ shop: z.object({ id: z.uuid() }) }),
        { shop: { id: '0b6f4c2d-8e1a-4d7b-b3c5-9f2e1a6d4c80' } },
        {
          shop: { id: 'x' },
        },
      ],
    ];
    for (const [label, schema, right, wrong] of cases) {
      const zod = zodOutcome(schema, wrong);
      expect(zod.issues, label).toBeDefined();
      for (const check of [answer(schema), answer(schema).jsonCheck]) {
        let thrown: unknown;
        try {
          check(wrong);
        } catch (error) {
          thrown = error;
        }
        expect(thrown, label).toBeInstanceOf(z.ZodError);
        expect((thrown as z.ZodError).issues, label).toEqual(zod.issues);
        const given = check(right);
        expect(given, label).toEqual(schema.parse(right));
        expect(JSON.stringify(given), label).toBe(JSON.stringify(right));
      }
    }
  });

  it('gives a proof to no schema whose definition holds what it does not read', () => {
    const schemas = [
      z.int(),
      z.int32(),
      z.uint32(),
      z.float32(),
      z.email(),
      z.uuid(),
      z.url(),
      z.iso.datetime(),
      z.iso.date(),
      z.coerce.number(),
      z.coerce.string(),
      z.coerce.boolean(),
      z.object({ a: z.int() }),
      z.array(z.uuid()),
      z.object({ a: z.iso.datetime().nullable() }),
    ];
    for (const schema of schemas) expect(proofOf(schema), JSON.stringify(schema._zod.def)).toBeUndefined();
    // What it reads stays proven: plain strings, numbers with .int(), and messages of one's own.
    expect(proofOf(z.object({ n: z.number().int({ error: 'whole' }), s: z.string({ error: 'text' }) }))).toBeDefined();
  });

  it('proves of every procedure’s output schema only answers zod accepts and copies the same', () => {
    // Every answer() of the router: each either has a proof or is parsed by zod; none throws while compiling.
    const outputs = Object.entries(
      appRouter._def.procedures as unknown as Record<string, { _def: { output?: unknown } }>,
    )
      .map(
        ([path, procedure]) => [path, (procedure._def.output as { schema?: z.ZodType } | undefined)?.schema] as const,
      )
      .filter((entry): entry is readonly [string, z.ZodType] => entry[1] !== undefined);
    expect(outputs.length).toBeGreaterThan(50);
    const proved = outputs.filter(([, schema]) => proofOf(schema) !== undefined);
    expect(proved.length).toBeGreaterThan(10);
    // Each proven schema is fuzzed against zod: a value built from its types alone, then every node of it
    // changed in turn. A proof that holds for an answer zod refuses, or copies otherwise, fails here.
    const failures: string[] = [];
    let tried = 0;
    for (const [path, schema] of proved) {
      const result = fuzzAgainstZod(schema, proofOf(schema) as Proof);
      failures.push(...result.failures.map((failure) => `${path}: ${failure}`));
      tried += result.tried;
      // The value made of the types alone is proven: the fuzz is not of values the proof refuses anyway.
      if (!result.plainProven) failures.push(`${path}: the plain value is not proven`);
    }
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(1000);
  });

  it('has a fuzz that finds a proof holding for answers zod refuses', () => {
    // The fuzz above, given wrong proofs: one that holds for any object, one of numbers that takes fractions.
    const schema = z.object({ id: z.number().int(), email: z.email(), tags: z.array(z.enum(['a', 'b'])) });
    const anyObject: Proof = (value) => typeof value === 'object' && value !== null;
    expect(fuzzAgainstZod(schema, anyObject).failures.length).toBeGreaterThan(0);
    const plain = z.object({ id: z.number().int(), name: z.string() });
    const fractions = proofOf(z.object({ id: z.number(), name: z.string() })) as Proof;
    expect(fuzzAgainstZod(plain, fractions).failures.length).toBeGreaterThan(0);
    expect(fuzzAgainstZod(plain, proofOf(plain) as Proof).failures).toEqual([]);
  });
});

/** What the fuzz reads of a definition: the kinds of schema a proof is made of. */
interface FuzzDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
}
const fuzzDef = (schema: z.ZodType) => schema._zod.def as unknown as FuzzDef;

/** A value of the schema by its types alone: 'x', 1, true, null, the first of an enum, a list of one. */
function plainValue(schema: z.ZodType): unknown {
  const def = fuzzDef(schema);
  switch (def.type) {
    case 'string':
      return 'x';
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'nullable':
      return plainValue(def.innerType as z.ZodType);
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'array':
      return [plainValue(def.element as z.ZodType)];
    case 'object':
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, field]) => [key, plainValue(field)]));
    default:
      // A proof of a schema the fuzz cannot build: itself a finding.
      throw new Error(`a proven schema holds a ${def.type}`);
  }
}

type Path = (string | number)[];

/** Every node of a value made by plainValue, with its schema. */
function nodesOf(schema: z.ZodType, value: unknown, path: Path = []): { path: Path; schema: z.ZodType }[] {
  const def = fuzzDef(schema);
  const here = [{ path, schema }];
  if (def.type === 'nullable' && value !== null) return [...here, ...nodesOf(def.innerType as z.ZodType, value, path)];
  if (def.type === 'array' && Array.isArray(value)) {
    return [...here, ...value.flatMap((item, i) => nodesOf(def.element as z.ZodType, item, [...path, i]))];
  }
  if (def.type === 'object' && typeof value === 'object' && value !== null) {
    return [
      ...here,
      ...Object.entries(def.shape ?? {}).flatMap(([key, field]) =>
        nodesOf(field, (value as Record<string, unknown>)[key], [...path, key]),
      ),
    ];
  }
  return here;
}

/** Values put in place of a node: wrong types, fractions, -0, huge and odd numbers, formatted and plain text. */
const ODD_VALUES: unknown[] = [
  null,
  undefined,
  0,
  -0,
  -1,
  1.5,
  2 ** 31,
  2 ** 53,
  1e300,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  'x',
  'Kano ƙ ɗ ₦ ñ',
  'amina@example.com',
  '2026-11-25T07:54:12.000Z',
  true,
  false,
  [],
  {},
  ['x'],
  [1],
];

/**
 * Fuzzes a proof against zod: the schema's plain value, then each of its nodes replaced (ODD_VALUES, an enum's
 * and a literal's own values, objects given a key more or one less or their keys turned round, lists emptied,
 * doubled or holding one object twice). Whenever the proof holds, zod must accept the value and copy it into
 * the same JSON, and (the full proof) into what superjson writes with nothing marked.
 */
function fuzzAgainstZod(schema: z.ZodType, proof: Proof): { failures: string[]; tried: number; plainProven: boolean } {
  const plain = plainValue(schema);
  const failures: string[] = [];
  let tried = 0;
  const attempt = (label: string, value: unknown) => {
    tried += 1;
    const zod = schema.safeParse(value);
    for (const forJson of [false, true]) {
      if (!proof(value, forJson)) continue;
      if (!zod.success) failures.push(`${label}: proven${forJson ? ' for JSON' : ''}, refused by zod`);
      else if (JSON.stringify(value) !== JSON.stringify(zod.data)) failures.push(`${label}: zod's copy differs`);
      else if (!forJson && !isDeepStrictEqual(superjson.serialize(value), { json: zod.data })) {
        failures.push(`${label}: superjson writes it otherwise than zod's copy`);
      }
    }
  };
  attempt('the plain value', plain);
  const changedAt = (path: Path, change: (node: unknown) => unknown): unknown => {
    const copy = structuredClone(plain);
    if (path.length === 0) return change(copy);
    const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], copy);
    const key = path[path.length - 1] as string | number;
    (parent as Record<string | number, unknown>)[key] = change((parent as Record<string | number, unknown>)[key]);
    return copy;
  };
  for (const { path, schema: nodeSchema } of nodesOf(schema, plain)) {
    const at = `at ${JSON.stringify(path)}`;
    const def = fuzzDef(nodeSchema);
    const values = [...ODD_VALUES, ...Object.values(def.entries ?? {}), ...(def.values ?? [])];
    for (const odd of values)
      attempt(
        `${at} ${typeof odd} ${String(odd)}`,
        changedAt(path, () => odd),
      );
    attempt(
      `${at} a class instance`,
      changedAt(path, () => new (class Dto {})()),
    );
    attempt(
      `${at} wrapped`,
      changedAt(path, (node) => [node]),
    );
    attempt(
      `${at} wrapped in an object`,
      changedAt(path, (node) => ({ node })),
    );
    if (Array.isArray(plainValue(nodeSchema))) {
      attempt(
        `${at} emptied`,
        changedAt(path, () => []),
      );
      attempt(
        `${at} doubled`,
        changedAt(path, (node) => [...(node as unknown[]), ...structuredClone(node as unknown[])]),
      );
      attempt(
        `${at} one item twice`,
        changedAt(path, (node) => [(node as unknown[])[0], (node as unknown[])[0]]),
      );
      attempt(
        `${at} a key of its own`,
        changedAt(path, (node) => Object.assign(node as unknown[], { extra: 1 })),
      );
      attempt(
        `${at} a hole`,
        changedAt(path, (node) => Object.assign([], { 1: (node as unknown[])[0] })),
      );
    }
    const value = plainValue(nodeSchema);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const key of Object.keys(value)) {
        attempt(
          `${at} without ${key}`,
          changedAt(path, (node) => {
            const { [key]: _dropped, ...rest } = node as Record<string, unknown>;
            return rest;
          }),
        );
      }
      attempt(
        `${at} a key more`,
        changedAt(path, (node) => ({ ...(node as object), extra: 'x' })),
      );
      attempt(
        `${at} its keys turned round`,
        changedAt(path, (node) => Object.fromEntries(Object.entries(node as object).reverse())),
      );
      attempt(
        `${at} no prototype`,
        changedAt(path, (node) => Object.assign(Object.create(null) as object, node)),
      );
      attempt(
        `${at} a getter`,
        changedAt(path, (node) => {
          const copy = { ...(node as Record<string, unknown>) };
          const [first] = Object.keys(copy);
          if (first !== undefined) Object.defineProperty(copy, first, { get: () => 1.5, enumerable: true });
          return copy;
        }),
      );
    }
  }
  // One object met twice: the same plain object at the root of a list of two, or at two fields of the root.
  const top = fuzzDef(schema);
  if (top.type === 'array' && typeof (plain as unknown[])[0] === 'object') {
    const item = (plain as unknown[])[0];
    attempt('one object twice in the list', [item, item]);
  }
  if (top.type === 'object') {
    const fields = Object.entries(top.shape ?? {});
    for (const [key, field] of fields) {
      const twin = fields.find(([other, next]) => other !== key && fuzzDef(next).type === fuzzDef(field).type);
      const value = (plain as Record<string, unknown>)[key];
      if (twin && typeof value === 'object' && value !== null) {
        attempt(`${key} met twice`, { ...(plain as object), [twin[0]]: value });
      }
    }
  }
  const plainProven = proof(plain);
  return { failures, tried, plainProven };
}
