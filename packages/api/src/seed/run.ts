import { ORDER_STATUSES } from '@caps/contracts';
import type { Em } from '../db/orm.js';
import type { Random } from './random.js';

/** What every seeding step works with: one transaction, one random sequence, one clock and the counts. */
export interface SeedRun {
  em: Em;
  /** Shared by every step in a fixed order, so each run makes the same data. */
  rand: Random;
  /** The moment every seeded date counts back from. */
  now: number;
  /** The moment `msAgo` milliseconds before now. */
  at(msAgo: number): Date;
  /** Counts `n` rows made of a kind, for the CLI to report. */
  count(kind: string, n?: number): void;
}

export function startRun(em: Em, rand: Random, now: number): { run: SeedRun; counts: Record<string, number> } {
  // Listed up front so the CLI prints them in a sensible order.
  const counts: Record<string, number> = Object.fromEntries(
    ['orders', ...ORDER_STATUSES.map((status) => `orders.${status}`)].map((kind) => [kind, 0]),
  );
  const run: SeedRun = {
    em,
    rand,
    now,
    at: (msAgo) => new Date(now - msAgo),
    count: (kind, n = 1) => {
      counts[kind] = (counts[kind] ?? 0) + n;
    },
  };
  return { run, counts };
}
