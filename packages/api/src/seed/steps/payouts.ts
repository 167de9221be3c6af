import { PayoutSchema } from '../../modules/finance/finance.entities.js';
import { balanceOf, financeSettings, writeEntries } from '../../modules/finance/ledger.js';
import { VendorSchema } from '../../modules/vendors/vendors.entities.js';
import { HOUR, MINUTE } from '../random.js';
import type { SeedRun } from '../run.js';

const DAY = 24 * HOUR;

/**
 * Payout history on top of the seeded ledger, written as a payout run and its webhooks would have left it:
 * one past successful payout (the shop's whole available balance three days ago) and one failed transfer
 * (another shop's, a day ago, with the reversal that gave the money back). Each payout has its row and its
 * entries (`payout:{id}:payout:…`, `payout:{id}:payout_reversal:…`), so the balances stay the sums they
 * would be. Shops without enough available money at those moments get none. Run after seedLedger.
 */
export async function seedPayouts(run: SeedRun): Promise<void> {
  const { em, rand } = run;
  const { payoutMinimumKobo } = await financeSettings(em);
  const shops = await em.find(VendorSchema, { verifiedAt: { $ne: null } }, { orderBy: { id: 'asc' } });
  const hex = () => Array.from({ length: 16 }, () => rand.int(0, 15).toString(16)).join('');
  const used = new Set<number>();

  /** The verified shop with the most money available at `at` (at least the minimum), not already used. */
  const richest = async (at: Date) => {
    let best: { id: number; kobo: number } | null = null;
    for (const shop of shops) {
      if (used.has(shop.id)) continue;
      const { availableKobo } = await balanceOf(em, shop.id, at);
      if (availableKobo >= Math.max(payoutMinimumKobo, 1) && (!best || availableKobo > best.kobo)) {
        best = { id: shop.id, kobo: availableKobo };
      }
    }
    if (best) used.add(best.id);
    return best;
  };

  const pay = async (
    shop: { id: number; kobo: number },
    at: Date,
    outcome: { status: 'success' | 'failed'; settledAt: Date; reason?: string },
  ) => {
    // The account it was paid to, recorded as a run records it.
    const account = await em.findOneOrFail(VendorSchema, { id: shop.id });
    const payout = em.create(PayoutSchema, {
      vendor: shop.id,
      bankCode: account.bankCode ?? null,
      bankName: account.bankName,
      accountLast4: account.accountNumber.slice(-4),
      transferRequestedAt: at,
      amountKobo: shop.kobo,
      status: outcome.status,
      reference: `po-${shop.id}-${hex()}`,
      recipientCode: `RCP_${hex().slice(0, 15)}`,
      transferCode: `TRF_${hex().slice(0, 15)}`,
      failureReason: outcome.reason ?? null,
      createdAt: at,
      updatedAt: outcome.settledAt,
      settledAt: outcome.settledAt,
    });
    await em.flush();
    const entry = (
      kind: 'payout' | 'payout_reversal',
      bucket: 'available' | 'paid_out',
      amountKobo: number,
      effectiveAt: Date,
    ) => ({
      key: `payout:${payout.id}:${kind}:${bucket}`,
      vendorId: shop.id,
      bucket,
      kind,
      amountKobo,
      effectiveAt,
      createdAt: effectiveAt,
      payoutId: payout.id,
    });
    const entries = [entry('payout', 'available', -shop.kobo, at), entry('payout', 'paid_out', shop.kobo, at)];
    if (outcome.status === 'failed') {
      entries.push(
        entry('payout_reversal', 'paid_out', -shop.kobo, outcome.settledAt),
        entry('payout_reversal', 'available', shop.kobo, outcome.settledAt),
      );
    }
    run.count('ledgerEntries', await writeEntries(em, entries));
    run.count('payouts');
  };

  const paidAt = run.at(3 * DAY);
  const paid = await richest(paidAt);
  if (paid) await pay(paid, paidAt, { status: 'success', settledAt: new Date(paidAt.getTime() + 20 * MINUTE) });

  const failedAt = run.at(DAY);
  const failed = await richest(failedAt);
  if (failed) {
    await pay(failed, failedAt, {
      status: 'failed',
      settledAt: new Date(failedAt.getTime() + 7 * MINUTE),
      reason: 'Beneficiary account could not be credited',
    });
  }
}
