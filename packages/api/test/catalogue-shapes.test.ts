import type { Category } from '@caps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHAPES_KEPT } from '../src/modules/catalogue/catalogue.service.js';
import type { Vendor } from '../src/modules/vendors/vendors.entities.js';
import { makeProduct, makeVendor } from './fixtures.js';
import { createTestEnv, type TestEnv } from './harness.js';

// Commit 2843a2f: a catalogue query's statements (its filters' SQL and parameters, its order, the key of its
// total) are made once per filters and order and kept in a bounded map (shapeOf), cleared when full. Queries
// that differ only in their page share one; any other two must not. Each answer here is checked against rows
// worked out in this file from the seeded caps, not against the catalogue's own code.

const DESCRIPTION = 'Hand stitched for the festival.';

interface Seeded {
  id: number;
  name: string;
  vendorId: number;
  shop: string;
  category: Category;
  priceNaira: number;
  createdAt: number;
}

let env: TestEnv;
let kano: Vendor;
let ibadan: Vendor;
const seeded: Seeded[] = [];

beforeAll(async () => {
  env = await createTestEnv();
  const em = env.services.orm.em.fork();
  kano = await makeVendor(em, { shopName: 'Kano House' });
  ibadan = await makeVendor(em, { shopName: 'Ibadan House' });
  const day = 24 * 60 * 60 * 1000;
  const base = Date.now() - 200 * day;
  const specs: [string, Vendor, Category, number][] = [
    ['Zanna Cap Indigo', kano, 'Hausa Caps', 19_999],
    ['Okpu Agu Red', ibadan, 'Igbo Caps', 75_000],
    ['Zanna Cap White', ibadan, 'Hausa Caps', 20_000],
    ['Fila Gobi Blue', ibadan, 'Yoruba Caps', 35_000],
    ['Zanna Cap Green', kano, 'Traditional Caps', 42_500],
    ['Hula Plain', kano, 'Hausa Caps', 50_000],
    ['Zanna Cap Gold', kano, 'Hausa Caps', 50_001],
    ['Okpu Agu Black', kano, 'Igbo Caps', 12_000],
    ['Zanna Cap Brown', ibadan, 'Traditional Caps', 8_000],
    ['Hula Embroidered', ibadan, 'Hausa Caps', 27_000],
    ['Zanna Cap Cream', kano, 'Hausa Caps', 30_000],
    ['Okpu Ododo', ibadan, 'Igbo Caps', 45_000],
    ['Zanna Cap Maroon', ibadan, 'Hausa Caps', 61_000],
    ['Fila Abeti Aja', kano, 'Yoruba Caps', 20_000],
    ['Okpu Agu Ivory', kano, 'Igbo Caps', 33_000],
  ];
  for (const [i, [name, vendor, category, priceNaira]] of specs.entries()) {
    const createdAt = base + (i + 1) * day;
    const product = await makeProduct(em, vendor, {
      name,
      category,
      priceNaira,
      description: DESCRIPTION,
      createdAt: new Date(createdAt),
    });
    seeded.push({
      id: product.id,
      name,
      vendorId: vendor.id,
      shop: vendor.shopName,
      category,
      priceNaira,
      createdAt,
    });
  }
});
afterAll(async () => env?.close());

type ListInput = Parameters<ReturnType<TestEnv['caller']>['catalogue']['list']>[0];
const list = (input: ListInput) => env.caller().catalogue.list(input);

// The catalogue's rules, written out: every word of the search in the name, description, category or shop
// name (any case); newest first, or the order asked for, ties broken by id.
const matches = (search: string) => (cap: Seeded) =>
  search
    .trim()
    .split(/\s+/)
    .every((word) =>
      `${cap.name} ${DESCRIPTION} ${cap.category} ${cap.shop}`.toLowerCase().includes(word.toLowerCase()),
    );
const newest = (a: Seeded, b: Seeded) => b.createdAt - a.createdAt || b.id - a.id;
const cheapest = (a: Seeded, b: Seeded) => a.priceNaira - b.priceNaira || a.id - b.id;
const dearest = (a: Seeded, b: Seeded) => b.priceNaira - a.priceNaira || b.id - a.id;
const band = (min: number, max: number) => (cap: Seeded) => cap.priceNaira >= min && cap.priceNaira <= max;

interface Case {
  label: string;
  input: ListInput;
  /** Every cap the filters match, in the order asked for. */
  rows: () => Seeded[];
}

const cases = (): Case[] => [
  {
    label: 'search A',
    input: { search: 'zanna', per_page: 3 },
    rows: () => seeded.filter(matches('zanna')).sort(newest),
  },
  {
    label: 'search A, page 2',
    input: { search: 'zanna', per_page: 3, page: 2 },
    rows: () => seeded.filter(matches('zanna')).sort(newest),
  },
  {
    label: 'search A, page 3',
    input: { search: 'zanna', per_page: 3, page: 3 },
    rows: () => seeded.filter(matches('zanna')).sort(newest),
  },
  {
    label: 'search A by price, dearest first',
    input: { search: 'zanna', sort: 'price', order: 'desc', per_page: 3 },
    rows: () => seeded.filter(matches('zanna')).sort(dearest),
  },
  {
    label: 'search B',
    input: { search: '  OKPU   agu ' },
    rows: () => seeded.filter(matches('okpu agu')).sort(newest),
  },
  {
    label: 'a vendor',
    input: { vendor_id: kano.id },
    rows: () => seeded.filter((c) => c.vendorId === kano.id).sort(newest),
  },
  {
    label: 'the other vendor, searching A',
    input: { vendor_id: ibadan.id, search: 'zanna' },
    rows: () => seeded.filter((c) => c.vendorId === ibadan.id && matches('zanna')(c)).sort(newest),
  },
  {
    label: 'a category',
    input: { category: 'Hausa Caps', sort: 'price-low' },
    rows: () => seeded.filter((c) => c.category === 'Hausa Caps').sort(cheapest),
  },
  {
    label: 'a category and a price band',
    input: { category: 'Hausa Caps', price: '20000-50000', sort: 'price-low' },
    rows: () => seeded.filter((c) => c.category === 'Hausa Caps' && band(20_000, 50_000)(c)).sort(cheapest),
  },
  {
    label: 'a category and a price band, page 2',
    input: { category: 'Hausa Caps', price: '20000-50000', sort: 'price-low', per_page: 2, page: 2 },
    rows: () => seeded.filter((c) => c.category === 'Hausa Caps' && band(20_000, 50_000)(c)).sort(cheapest),
  },
  {
    label: 'another price band',
    input: { category: 'Hausa Caps', price: 'over-50000', sort: 'price-low' },
    rows: () => seeded.filter((c) => c.category === 'Hausa Caps' && c.priceNaira > 50_000).sort(cheapest),
  },
];

/** The page a case asks for, and its size (12 unless asked). */
const pageOf = (run: Case) => ({ page: Number(run.input.page ?? 1), perPage: Number(run.input.per_page ?? 12) });

/** Runs one case and checks its page, rows and totals against the seeded caps. */
async function expectOwnAnswer(run: Case, round: string): Promise<void> {
  const { page, perPage } = pageOf(run);
  const rows = run.rows();
  const answer = await list(run.input);
  const label = `${round}: ${run.label}`;
  expect(
    answer.data.map((p) => [p.id, p.name]),
    label,
  ).toEqual(rows.slice((page - 1) * perPage, page * perPage).map((cap) => [cap.id, cap.name]));
  expect(
    { current_page: answer.current_page, last_page: answer.last_page, per_page: answer.per_page, total: answer.total },
    label,
  ).toEqual({
    current_page: page,
    last_page: Math.max(1, Math.ceil(rows.length / perPage)),
    per_page: perPage,
    total: rows.length,
  });
}

/** The cases in an order of their own for each round: every other one forwards, then backwards. */
function interleaved(round: number): Case[] {
  const all = cases();
  const order = [...all.filter((_, i) => i % 2 === round % 2), ...all.filter((_, i) => i % 2 !== round % 2)];
  return round % 3 === 2 ? order.reverse() : order;
}

describe('catalogue statements kept per filters and order', () => {
  it('the seeded caps give every case rows of its own', () => {
    // The cases are worth running together only if their answers differ.
    const answers = cases().map((run) => {
      const { page, perPage } = pageOf(run);
      return JSON.stringify(
        run
          .rows()
          .slice((page - 1) * perPage, page * perPage)
          .map((cap) => cap.id),
      );
    });
    expect(new Set(answers).size).toBe(answers.length);
    expect(seeded.filter(matches('zanna')).length).toBe(7);
  });

  it('gives each query its own rows and totals, run one after another in interleaved orders', async () => {
    for (let round = 0; round < 4; round++) {
      for (const run of interleaved(round)) await expectOwnAnswer(run, `round ${round}`);
    }
  });

  it('gives each query its own rows and totals, run at the same time', async () => {
    for (let round = 0; round < 2; round++) {
      const runs = [...interleaved(round), ...interleaved(round + 1)];
      await Promise.all(runs.map((run) => expectOwnAnswer(run, `together ${round}`)));
    }
  });

  it('still does after the kept statements fill up and are cleared', async () => {
    // More distinct searches than are kept, so the map is cleared at least once, with the cases between them.
    const distinct = SHAPES_KEPT + 50;
    const batch = 50;
    for (let start = 0; start < distinct; start += batch) {
      const searches = Array.from({ length: batch }, (_, i) => `nothing-${start + i}`);
      const answers = await Promise.all(searches.map((search) => list({ search, per_page: 1 })));
      for (const answer of answers) expect([answer.total, answer.data]).toEqual([0, []]);
      if (start % 250 === 0) {
        for (const run of interleaved(start / 250)) await expectOwnAnswer(run, `after ${start + batch} searches`);
      }
    }
    for (const run of interleaved(1)) await expectOwnAnswer(run, 'after all');
  });
});
