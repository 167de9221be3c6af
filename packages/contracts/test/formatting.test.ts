import { describe, expect, it } from 'vitest';
import { formatDayMonthYear, formatKobo, formatMonthYear, formatNaira } from '../src/index.js';

/**
 * What Intl writes for naira as money is written: no decimals for whole naira, else both kobo digits
 * (₦12,500, ₦12,500.50). The hand-written formatters must write the same.
 */
const intlNaira = new Intl.NumberFormat('en-NG', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  trailingZeroDisplay: 'stripIfInteger',
});
const intlDayMonthYear = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'long', year: 'numeric' });
const intlMonthYear = new Intl.DateTimeFormat('en-NG', { month: 'long', year: 'numeric' });

/** A repeatable stream of numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('formatNaira', () => {
  it('writes what Intl en-NG writes, for amounts of every kind', () => {
    const next = random(15);
    const amounts = [
      0,
      -0,
      1,
      9,
      10,
      99,
      100,
      999,
      1000,
      1001,
      12_500,
      22_500,
      99_999.99,
      100_000,
      999_999,
      1_000_000,
      12_345_678.9,
      0.5,
      0.05,
      0.005,
      0.125,
      0.375,
      1.005,
      1.015,
      2.675,
      12_500.5,
      12_500.05,
      12_500.555,
      0.001,
      -0.001,
      -0.005,
      -12_500,
      -12_500.5,
      -1_000_000.25,
      999_999_999_999.99,
      123_456_789_012_345,
      1e15,
      1e21,
      -1e16,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      Number.MAX_SAFE_INTEGER,
      Number.EPSILON,
    ];
    for (let i = 0; i < 20_000; i++) {
      const scale = 10 ** Math.floor(next() * 12);
      const sign = next() < 0.1 ? -1 : 1;
      amounts.push((sign * Math.round(next() * scale * 100)) / 100); // whole kobo, as prices are
      amounts.push(sign * next() * scale); // any double
      amounts.push(sign * (Math.floor(next() * scale) + 0.005)); // half a kobo
    }
    for (const amount of amounts) expect(formatNaira(amount), String(amount)).toBe(`₦${intlNaira.format(amount)}`);
  });

  it('writes kobo as naira', () => {
    expect(formatKobo(2_250_000)).toBe('₦22,500');
    expect(formatKobo(1_250_050)).toBe('₦12,500.50');
    expect(formatKobo(1_250_005)).toBe('₦12,500.05');
    expect(formatKobo(-0)).toBe('₦0');
  });
});

describe('formatDayMonthYear and formatMonthYear', () => {
  it('write what Intl en-NG writes, in the local time zone', () => {
    const next = random(25);
    const dates = [new Date(2026, 10, 5), new Date(2026, 0, 1), new Date(1999, 11, 31, 23, 59, 59), new Date(0)];
    for (let i = 0; i < 5_000; i++) dates.push(new Date(next() * 4_102_444_800_000));
    for (const date of dates) {
      expect(formatDayMonthYear(date), date.toISOString()).toBe(intlDayMonthYear.format(date));
      expect(formatMonthYear(date), date.toISOString()).toBe(intlMonthYear.format(date));
    }
  });

  it('write nothing for an invalid date', () => {
    expect(formatDayMonthYear(new Date('not a date'))).toBe('');
    expect(formatMonthYear(new Date(Number.NaN))).toBe('');
  });
});
