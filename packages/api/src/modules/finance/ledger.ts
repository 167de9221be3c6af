import { FINANCE_DEFAULTS, type LedgerBucket, type LedgerKind } from '@caps/contracts';
import { raw } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';
import { LedgerEntrySchema, PlatformSettingsSchema } from './finance.entities.js';

/**
 * The ledger's primitives: writing entries once, reading balances as of a moment, and the platform's
 * finance settings. Every money rule (paid orders, releases, payouts, adjustments, refunds) writes through
 * `writeEntries` in the transaction of the change that causes it.
 */

/** Percent (10.5) ↔ basis points (1050): rates are stored exactly as whole basis points. */
export const bpOfPercent = (percent: number): number => Math.round(percent * 100);
export const percentOfBp = (bp: number): number => bp / 100;

/** kobo × rate, rounded half up to whole kobo. */
export const commissionOf = (kobo: number, rateBp: number): number => Math.round((kobo * rateBp) / 10_000);

export interface NewEntry {
  /** Unique name of the event and the entry's place in it; a second write with the same key is ignored. */
  key: string;
  vendorId: number | null;
  bucket: LedgerBucket;
  kind: LedgerKind;
  amountKobo: number;
  effectiveAt: Date;
  orderId?: number | null;
  payoutId?: number | null;
  rateBp?: number | null;
  reason?: string | null;
  actorId?: number | null;
  /** When it was written (now by default); a rule passes the clock's time, the demo seed a past one. */
  createdAt?: Date;
}

/**
 * Appends entries, skipping any whose key is already written (a retried event). Answers how many were new:
 * an event writes all of its entries or, on a retry, none. Pass the transaction's EntityManager.
 */
export async function writeEntries(em: Em, entries: NewEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const createdAt = new Date();
  const result = await em
    .createQueryBuilder(LedgerEntrySchema)
    .insert(
      entries.map((e) => ({
        key: e.key,
        vendor: e.vendorId,
        bucket: e.bucket,
        kind: e.kind,
        amountKobo: e.amountKobo,
        orderId: e.orderId ?? null,
        payout: e.payoutId ?? null,
        rateBp: e.rateBp ?? null,
        reason: e.reason ?? null,
        actor: e.actorId ?? null,
        effectiveAt: e.effectiveAt,
        createdAt: e.createdAt ?? createdAt,
      })),
    )
    .onConflict('key')
    .ignore()
    .execute('run');
  return (result as { affectedRows?: number }).affectedRows ?? 0;
}

export interface Balance {
  pendingKobo: number;
  availableKobo: number;
  paidOutKobo: number;
}

/** A shop's balances as of `at`: the sums of its entries by bucket that count by then. */
export async function balanceOf(em: Em, vendorId: number, at: Date): Promise<Balance> {
  const rows = await em
    .createQueryBuilder(LedgerEntrySchema, 'e')
    .select(['e.bucket', raw('sum(e.amount_kobo) as total')])
    .where({ vendor: vendorId, effectiveAt: { $lte: at } })
    .groupBy('e.bucket')
    .execute<{ bucket: LedgerBucket; total: number | string | null }[]>('all', false);
  const sumOf = (bucket: LedgerBucket) => Number(rows.find((r) => r.bucket === bucket)?.total ?? 0);
  return { pendingKobo: sumOf('pending'), availableKobo: sumOf('available'), paidOutKobo: sumOf('paid_out') };
}

/**
 * When the shop's next scheduled release counts: the first moment after `at` at which its scheduled entries
 * add money to `available` (a release that a return's hold or a refund cancels out moves nothing and is not
 * one). null when none is scheduled.
 */
export async function nextReleaseOf(em: Em, vendorId: number, at: Date): Promise<Date | null> {
  const scheduled = await em.find(
    LedgerEntrySchema,
    { vendor: vendorId, kind: 'release', bucket: 'available', effectiveAt: { $gt: at } },
    { fields: ['effectiveAt', 'amountKobo'], orderBy: { effectiveAt: 'asc' } },
  );
  const byMoment = new Map<number, number>();
  for (const entry of scheduled) {
    const moment = entry.effectiveAt.getTime();
    byMoment.set(moment, (byMoment.get(moment) ?? 0) + entry.amountKobo);
  }
  for (const [moment, total] of byMoment) if (total > 0) return new Date(moment);
  return null;
}

export interface FinanceSettings {
  commissionBp: number;
  payoutMinimumKobo: number;
  returnWindowDays: number;
  updatedAt: Date | null;
}

const DEFAULT_SETTINGS: FinanceSettings = {
  commissionBp: bpOfPercent(FINANCE_DEFAULTS.commissionPercent),
  payoutMinimumKobo: FINANCE_DEFAULTS.payoutMinimum * 100,
  returnWindowDays: FINANCE_DEFAULTS.returnWindowDays,
  updatedAt: null,
};

/** The platform's finance settings (the defaults until an admin changes them). */
export async function financeSettings(em: Em): Promise<FinanceSettings> {
  const row = await em.findOne(PlatformSettingsSchema, { id: 1 }, { disableIdentityMap: true });
  if (!row) return DEFAULT_SETTINGS;
  return {
    commissionBp: row.commissionBp,
    payoutMinimumKobo: row.payoutMinimumKobo,
    returnWindowDays: row.returnWindowDays,
    updatedAt: row.updatedAt,
  };
}
