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

  it('renews a total near the end of its life in the background, answering with the remembered one meanwhile', async () => {
    let now = 0;
    const totals = new CatalogueTotals(1000, 100, () => now);
    const { count, started, answer } = controlledCount();
    const first = totals.total('kufi', count);
    answer(1);
    expect(await first).toBe(1);
    // Before the last fifth of its life: nothing is counted.
    now = 800;
    expect(await totals.total('kufi', count)).toBe(1);
    expect(started()).toBe(1);
    // In it: every request still gets the remembered total at once, and one count starts for all of them.
    now = 900;
    expect(await Promise.all([totals.total('kufi', count), totals.total('kufi', count)])).toEqual([1, 1]);
    expect(started()).toBe(2);
    answer(5);
    await Promise.resolve();
    await Promise.resolve();
    // The renewed total answers from now on, and lives from when it was counted.
    expect(await totals.total('kufi', count)).toBe(5);
    now = 1500;
    expect(await totals.total('kufi', count)).toBe(5);
    expect(started()).toBe(2);
  });

  it('keeps no background renewal that began before a change, and survives a failed one', async () => {
    let now = 0;
    const totals = new CatalogueTotals(1000, 100, () => now);
    expect(await totals.total('kufi', async () => 1)).toBe(1);
    now = 900;
    const { count, answer } = controlledCount();
    expect(await totals.total('kufi', count)).toBe(1);
    await totals.changed();
    answer(2);
    await Promise.resolve();
    // The renewal counted across the change is not kept: the next request counts afresh.
    expect(await totals.total('kufi', async () => 3)).toBe(3);

    now = 1900;
    let failures = 0;
    const failing = () => {
      failures += 1;
      return Promise.reject(new Error('database gone'));
    };
    // A failed renewal does not reach the request, which gets the remembered total.
    expect(await totals.total('kufi', failing)).toBe(3);
    await Promise.resolve();
    expect(failures).toBe(1);
    now = 2001;
    expect(await totals.total('kufi', async () => 4)).toBe(4);
  });
});
