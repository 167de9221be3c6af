import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, nextReleaseOf, writeEntries } from '../src/modules/finance/ledger.js';
import { makeVendor } from './fixtures.js';
import { createTestEnv, type TestEnv } from './harness.js';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => {
  await env.close();
});

describe('ledger primitives', () => {
  it('writes an event once, and sums buckets as of a moment', async () => {
    const em = env.services.orm.em.fork();
    const vendor = await makeVendor(em);
    const paidAt = new Date('2026-01-01T10:00:00Z');
    const releaseAt = new Date('2026-01-10T10:00:00Z');
    const event = [
      {
        key: `t:${vendor.id}:sale`,
        vendorId: vendor.id,
        bucket: 'pending' as const,
        kind: 'sale' as const,
        amountKobo: 1_000_000,
        effectiveAt: paidAt,
        orderId: 7,
      },
      {
        key: `t:${vendor.id}:rel-`,
        vendorId: vendor.id,
        bucket: 'pending' as const,
        kind: 'release' as const,
        amountKobo: -1_000_000,
        effectiveAt: releaseAt,
        orderId: 7,
      },
      {
        key: `t:${vendor.id}:rel+`,
        vendorId: vendor.id,
        bucket: 'available' as const,
        kind: 'release' as const,
        amountKobo: 1_000_000,
        effectiveAt: releaseAt,
        orderId: 7,
      },
    ];
    expect(await writeEntries(em, event)).toBe(3);
    expect(await writeEntries(em, event)).toBe(0);
    expect(await balanceOf(em, vendor.id, new Date('2026-01-05T00:00:00Z'))).toEqual({
      pendingKobo: 1_000_000,
      availableKobo: 0,
      paidOutKobo: 0,
    });
    expect(await balanceOf(em, vendor.id, releaseAt)).toEqual({
      pendingKobo: 0,
      availableKobo: 1_000_000,
      paidOutKobo: 0,
    });
    expect((await nextReleaseOf(em, vendor.id, paidAt))?.toISOString()).toBe(releaseAt.toISOString());
    expect(await nextReleaseOf(em, vendor.id, releaseAt)).toBeNull();
  });
});
