import { formatNaira, type LedgerBucket, type LedgerKind, type PayoutStatus, type ReportStatus } from '@caps/contracts';

/**
 * The words and colours the vendor's Earnings tab and the admin's Finance tab use for the ledger and payouts
 * (docs/finance.md), so both sides name a state the same way.
 */

/** What caused a ledger entry, in words. */
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  sale: 'Sale',
  commission: 'Commission',
  shipping: 'Shipping',
  platform_coupon: 'Platform coupon',
  // Releases, and the holds of an open return (their reason says which).
  release: 'Release',
  payout: 'Payout',
  payout_reversal: 'Payout returned',
  refund: 'Refund',
  adjustment: 'Adjustment',
};

/** Where the money of an entry sits. */
export const LEDGER_BUCKET_LABELS: Record<LedgerBucket, string> = {
  pending: 'Pending',
  available: 'Available',
  paid_out: 'Paid out',
  platform: 'Platform',
};

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  success: 'Paid',
  failed: 'Failed',
  reversed: 'Reversed',
};

export type FinanceTone = 'success' | 'warning' | 'danger' | 'info' | 'neutral';

export const PAYOUT_STATUS_TONES: Record<PayoutStatus, FinanceTone> = {
  pending: 'neutral',
  processing: 'info',
  success: 'success',
  failed: 'danger',
  reversed: 'warning',
};

/** A report's state: pending waits, reviewed is being looked at, resolved is done (admin and vendor dashboards). */
export const REPORT_STATUS_TONES: Record<ReportStatus, FinanceTone> = {
  pending: 'warning',
  reviewed: 'info',
  resolved: 'success',
};

/** The badge colours of each tone (StatusPill's palette). */
export const TONE_CLASSES: Record<FinanceTone, string> = {
  success: 'border-green-300 bg-green-100 text-green-900',
  warning: 'border-yellow-300 bg-yellow-100 text-yellow-900',
  danger: 'border-red-300 bg-red-100 text-red-900',
  info: 'border-blue-300 bg-blue-100 text-blue-900',
  neutral: 'border-slate-300 bg-slate-100 text-slate-800',
};

/** Money into the bucket shows with a plus, money out with a minus (the ledger's signed amounts). */
export function signedAmountClass(amount: number): string {
  if (amount > 0) return 'text-green-700';
  if (amount < 0) return 'text-red-700';
  return 'text-muted-foreground';
}

/** The page count of a paged answer read aloud ("Page 2 of 5"). */
export const PAGE_SIZE = 10;

/**
 * Naira as the money screens show it. A sum of nothing computed in the browser can be -0, which formatNaira
 * would print as '₦-0'.
 */
export function naira(value: number): string {
  return formatNaira(value === 0 ? 0 : value);
}
