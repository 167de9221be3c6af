import { describe, expect, it } from 'vitest';
import { CatalogueTotals } from '../src/modules/catalogue/catalogue-totals.js';

/** A count that answers when told to, and says how often it was started. */
function controlledCount() {
  let started = 0;
  const answers: ((total: number) => void)[] = [];
  const count = () => {
    started += 1;
    return new Promise<number>((resolve) => answers.push(resolve));
  };
  return { count, started: () => started, answer: (total: number) => answers.shift()?.(total) };
}

describe('CatalogueTotals.total', () => {
  it('counts once for every request that needs the same total at the same time', async () => {
    const totals = new CatalogueTotals();
    const { count, started, answer } = controlledCount();
    const waiting = Array.from({ length: 50 }, () => totals.total('kufi', count));
    expect(started()).toBe(1);
    answer(7);
    expect(await Promise.all(waiting)).toEqual(Array(50).fill(7));
    // Remembered: no count at all now.
    expect(await totals.total('kufi', count)).toBe(7);
    expect(started()).toBe(1);
    // Another filter set counts on its own.
    const other = totals.total('fila', count);
    expect(started()).toBe(2);
    answer(3);
    expect(await other).toBe(3);
  });

  it('counts afresh after a change, and keeps no total counted across it', async () => {
    const totals = new CatalogueTotals();
    const { count, started, answer } = controlledCount();
    const before = totals.total('kufi', count);
    await totals.changed();
    // A request after the change does not share the count that began before it.
    const after = totals.total('kufi', count);
    expect(started()).toBe(2);
    answer(1);
    answer(2);
    expect(await before).toBe(1);
    expect(await after).toBe(2);
    // The total of the count that began before the change was not kept; the later one was.
    expect(await totals.total('kufi', count)).toBe(2);
    expect(started()).toBe(2);
  });

  it('lets every waiting request see a failed count fail, and the next one count again', async () => {
    const totals = new CatalogueTotals();
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error('database gone'));
    };
    const both = [totals.total('kufi', failing), totals.total('kufi', failing)];
    await expect(Promise.all(both)).rejects.toThrow('database gone');
    expect(calls).toBe(1);
    expect(await totals.total('kufi', async () => 4)).toBe(4);
  });

  it('counts again once a total expires', async () => {
    let now = 0;
    const totals = new CatalogueTotals(1000, 100, () => now);
    expect(await totals.total('kufi', async () => 1)).toBe(1);
    now = 500;
    expect(await totals.total('kufi', async () => 2)).toBe(1);
    now = 1501;
    expect(await totals.total('kufi', async () => 3)).toBe(3);
  });
});
