import {
  CURRENCY,
  type FinancePeriodDto,
  type FinanceSettingsDto,
  koboToNaira,
  type LedgerEntryDto,
  type VendorBalanceDto,
} from '@caps/contracts';
import type { LedgerEntry } from './finance.entities.js';
import { type Balance, type FinanceSettings, percentOfBp } from './ledger.js';

/** One ledger entry as its shop (or an admin) sees it: naira, signed. */
export function toLedgerEntryDto(entry: LedgerEntry): LedgerEntryDto {
  return {
    id: entry.id,
    kind: entry.kind,
    bucket: entry.bucket,
    amount: koboToNaira(entry.amountKobo),
    order_id: entry.orderId ?? null,
    payout_id: entry.payout?.id ?? null,
    reason: entry.reason ?? null,
    effective_at: entry.effectiveAt.toISOString(),
    created_at: entry.createdAt.toISOString(),
  };
}

export function toVendorBalanceDto(
  balance: Balance,
  nextReleaseAt: Date | null,
  payoutsPausedUntil: Date | null,
): VendorBalanceDto {
  return {
    pending: koboToNaira(balance.pendingKobo),
    available: koboToNaira(balance.availableKobo),
    paid_out: koboToNaira(balance.paidOutKobo),
    currency: CURRENCY,
    next_release_at: nextReleaseAt?.toISOString() ?? null,
    payouts_paused_until: payoutsPausedUntil?.toISOString() ?? null,
  };
}

export function toFinanceSettingsDto(settings: FinanceSettings): FinanceSettingsDto {
  return {
    commission_percent: percentOfBp(settings.commissionBp),
    payout_minimum: koboToNaira(settings.payoutMinimumKobo),
    return_window_days: settings.returnWindowDays,
    updated_at: settings.updatedAt?.toISOString() ?? null,
  };
}

/** The money figures of one period, in kobo, as the ledger gives them. */
export interface FinancePeriodKobo {
  collected: number;
  commissionEarned: number;
  shippingCollected: number;
  platformCoupons: number;
  paidOut: number;
}

export function toFinancePeriodDto(period: FinancePeriodKobo): FinancePeriodDto {
  return {
    collected: koboToNaira(period.collected),
    commission_earned: koboToNaira(period.commissionEarned),
    shipping_collected: koboToNaira(period.shippingCollected),
    platform_coupons: koboToNaira(period.platformCoupons),
    paid_out: koboToNaira(period.paidOut),
  };
}
