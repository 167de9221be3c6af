import { z } from 'zod';
import { paged, pagingFields } from './admin.js';
import { wholeNumber } from './catalogue.js';
import { accountNumberField, decimalNumber } from './fields.js';

/**
 * The money side of the marketplace (issue 12): banks, the vendor ledger and its balances, payouts and the
 * admin's finance settings. Money is naira in the API (like prices) and integer kobo inside.
 */

/** Business defaults (admin settings start here). */
export const FINANCE_DEFAULTS = {
  commissionPercent: 10,
  /** Naira. */
  payoutMinimum: 5_000,
  /** Spec 9: returns within 7 days of delivery confirmation. */
  returnWindowDays: 7,
} as const;
export const MAX_COMMISSION_PERCENT = 50;
export const MAX_RETURN_WINDOW_DAYS = 30;
/** A bank change pauses payouts this long (a stolen password cannot redirect money at once). */
export const BANK_CHANGE_PAYOUT_PAUSE_HOURS = 24;
/** The largest single adjustment or payout minimum, in naira. */
export const MAX_FINANCE_AMOUNT = 10_000_000;

export const FINANCE_TEXT = {
  commissionRange: `commission_percent must be between 0 and ${MAX_COMMISSION_PERCENT}`,
  commissionDecimals: 'commission_percent may have at most 2 decimals',
  commissionNumber: 'commission_percent must be a number',
  payoutMinimumNumber: 'payout_minimum must be a number',
  payoutMinimumRange: `payout_minimum must be between 0 and ${MAX_FINANCE_AMOUNT}`,
  payoutMinimumDecimals: 'payout_minimum may have at most 2 decimals',
  returnWindowRange: `return_window_days must be a whole number from 0 to ${MAX_RETURN_WINDOW_DAYS}`,
  nothingToChange: 'Send at least one of commission_percent, payout_minimum or return_window_days.',
  amountNumber: 'amount must be a number',
  amountNonZero: 'amount must not be zero',
  amountRange: `amount must be between -${MAX_FINANCE_AMOUNT} and ${MAX_FINANCE_AMOUNT}`,
  amountDecimals: 'amount may have at most 2 decimals',
  reasonRequired: 'A reason is required',
  bankCode: 'bank_code must be a bank code from the bank list',
  accountNotResolved:
    'We could not verify this account number with the bank. Check the account number and the bank, then try again.',
  bankServiceDown: 'The bank could not be reached to verify the account. Please try again in a few minutes.',
} as const;

/** At most two decimals, checked on the value in hundredths so 0.1 + 0.2 style floats pass. */
const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

export const commissionPercentField = decimalNumber(FINANCE_TEXT.commissionNumber, (number) =>
  number
    .min(0, FINANCE_TEXT.commissionRange)
    .max(MAX_COMMISSION_PERCENT, FINANCE_TEXT.commissionRange)
    .refine(twoDecimals, FINANCE_TEXT.commissionDecimals),
);

const payoutMinimumField = decimalNumber(FINANCE_TEXT.payoutMinimumNumber, (number) =>
  number
    .min(0, FINANCE_TEXT.payoutMinimumRange)
    .max(MAX_FINANCE_AMOUNT, FINANCE_TEXT.payoutMinimumRange)
    .refine(twoDecimals, FINANCE_TEXT.payoutMinimumDecimals),
);

/** Whole days: a JSON number or digits; the bounds on the number branch show in the JSON Schema. */
const returnWindowDays = z
  .number()
  .int(FINANCE_TEXT.returnWindowRange)
  .min(0, FINANCE_TEXT.returnWindowRange)
  .max(MAX_RETURN_WINDOW_DAYS, FINANCE_TEXT.returnWindowRange);
const returnWindowField = z
  .union([returnWindowDays, z.string().regex(/^\d+$/)], { error: FINANCE_TEXT.returnWindowRange })
  .transform(Number)
  .pipe(returnWindowDays);

/** A Paystack bank code: '044', '50211', '999992'. */
export const bankCodeField = z
  .string({ error: FINANCE_TEXT.bankCode })
  .trim()
  .regex(/^[0-9A-Za-z-]{2,12}$/, FINANCE_TEXT.bankCode);

// ---------------------------------------------------------------------------------------------------------
// Banks

/** GET /banks: one bank of Paystack's list (Nigerian banks, NGN). */
export const BankDto = z.object({ name: z.string(), code: z.string() });
export type BankDto = z.infer<typeof BankDto>;
export const BanksDto = z.array(BankDto);
export type BanksDto = z.infer<typeof BanksDto>;

/** POST /banks/resolve: the name the bank holds for an account number. */
export const BankResolveInput = z.object({ account_number: accountNumberField, bank_code: bankCodeField }).strict();
export type BankResolveInput = z.input<typeof BankResolveInput>;
export const BankResolveDto = z.object({
  account_name: z.string(),
  account_number: z.string(),
  bank_code: z.string(),
  bank_name: z.string(),
});
export type BankResolveDto = z.infer<typeof BankResolveDto>;

// ---------------------------------------------------------------------------------------------------------
// Ledger

/** Where an entry's money sits. A shop's money is pending (escrow), available or paid out; the platform's is its own. */
export const LEDGER_BUCKETS = ['pending', 'available', 'paid_out', 'platform'] as const;
export type LedgerBucket = (typeof LEDGER_BUCKETS)[number];

/**
 * What caused an entry.
 * - sale: a paid order's item value after the shop's own coupon (shop, pending)
 * - commission: the platform's share of it (shop pending −, platform +)
 * - shipping: the order's shipping fee (platform)
 * - platform_coupon: what a platform coupon took off the order, borne by the platform (platform −)
 * - release: the return window passed (shop pending −, available +)
 * - payout / payout_reversal: money sent to the shop's bank (available −, paid_out +) and given back when
 *   the transfer failed or was reversed
 * - refund: money given back to a buyer (reverses the entries of what was refunded)
 * - adjustment: an admin's correction with a reason (shop available ±, platform ∓)
 */
export const LEDGER_KINDS = [
  'sale',
  'commission',
  'shipping',
  'platform_coupon',
  'release',
  'payout',
  'payout_reversal',
  'refund',
  'adjustment',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const PagingQuery = z.object(pagingFields).strict();
export type PagingQuery = z.input<typeof PagingQuery>;

/** One ledger entry as its shop sees it (amount in naira, negative for money leaving the bucket). */
export const LedgerEntryDto = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  bucket: z.enum(LEDGER_BUCKETS),
  amount: z.number(),
  order_id: z.number().int().nullable(),
  payout_id: z.number().int().nullable(),
  reason: z.string().nullable(),
  /** When the entry counts: its creation, or for a release the end of the return window. */
  effective_at: z.string(),
  created_at: z.string(),
});
export type LedgerEntryDto = z.infer<typeof LedgerEntryDto>;
export const PagedLedgerDto = paged(LedgerEntryDto);
export type PagedLedgerDto = z.infer<typeof PagedLedgerDto>;

/** GET /vendor/balance: sums of the shop's entries as of now (naira). */
export const VendorBalanceDto = z.object({
  pending: z.number(),
  available: z.number(),
  paid_out: z.number(),
  currency: z.literal('NGN'),
  /** When the next pending credit becomes available (null when none is scheduled). */
  next_release_at: z.string().nullable(),
  /** Payouts wait until then after a bank change (null when not paused). */
  payouts_paused_until: z.string().nullable(),
});
export type VendorBalanceDto = z.infer<typeof VendorBalanceDto>;

// ---------------------------------------------------------------------------------------------------------
// Payouts

/**
 * pending: written, the transfer not sent yet; processing: sent, waiting for Paystack's outcome;
 * success; failed and reversed gave the money back to the shop's available balance; cancelled: never sent
 * (the shop's bank account changed first), the money back in the available balance too.
 */
export const PAYOUT_STATUSES = ['pending', 'processing', 'success', 'failed', 'reversed', 'cancelled'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const PayoutDto = z.object({
  id: z.number().int(),
  vendor_id: z.number().int(),
  shop_name: z.string(),
  amount: z.number(),
  status: z.enum(PAYOUT_STATUSES),
  reference: z.string(),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
  /**
   * The account the payout is paid to, recorded when it was written (the shop's verified account then):
   * Paystack's bank code and the bank's name, and the account number's last 4 digits. null only for payouts
   * written before accounts were recorded.
   */
  bank_code: z.string().nullable(),
  bank_name: z.string().nullable(),
  account_last4: z.string().nullable(),
});
export type PayoutDto = z.infer<typeof PayoutDto>;
export const PagedPayoutsDto = paged(PayoutDto);
export type PagedPayoutsDto = z.infer<typeof PagedPayoutsDto>;

/** POST /admin/payouts/run: what the run did. */
export const PayoutRunDto = z.object({
  /** Payouts created by this run. */
  created: z.number().int(),
  /** Earlier payouts this run sent or settled (left by a crash or waiting for an outcome). */
  resumed: z.number().int(),
  /** Naira sent by the payouts created now. */
  total_amount: z.number(),
  payouts: z.array(PayoutDto),
});
export type PayoutRunDto = z.infer<typeof PayoutRunDto>;

// ---------------------------------------------------------------------------------------------------------
// Admin settings, commission, adjustments, finance

export const FinanceSettingsDto = z.object({
  commission_percent: z.number(),
  payout_minimum: z.number(),
  return_window_days: z.number().int(),
  updated_at: z.string().nullable(),
});
export type FinanceSettingsDto = z.infer<typeof FinanceSettingsDto>;

/** PUT /admin/settings: any of the three; the others keep their values. */
export const FinanceSettingsInput = z
  .object({
    commission_percent: commissionPercentField.optional(),
    payout_minimum: payoutMinimumField.optional(),
    return_window_days: returnWindowField.optional(),
  })
  .strict()
  .refine(
    (input) =>
      input.commission_percent !== undefined ||
      input.payout_minimum !== undefined ||
      input.return_window_days !== undefined,
    FINANCE_TEXT.nothingToChange,
  );
export type FinanceSettingsInput = z.input<typeof FinanceSettingsInput>;

/** PUT /admin/vendors/{id}/commission: a rate for one shop, or null to follow the platform's. */
export const VendorCommissionInput = z
  .object({
    id: wholeNumber('id', 1, 2_147_483_647),
    commission_percent: commissionPercentField.nullable(),
  })
  .strict();
export type VendorCommissionInput = z.input<typeof VendorCommissionInput>;
export const VendorCommissionDto = z.object({
  vendor_id: z.number().int(),
  /** The shop's own rate, null when it follows the platform's. */
  commission_percent: z.number().nullable(),
  /** The rate its next paid orders get. */
  effective_percent: z.number(),
});
export type VendorCommissionDto = z.infer<typeof VendorCommissionDto>;

/** POST /admin/vendors/{id}/adjustments: naira added to (or, negative, taken from) the shop's available balance. */
export const AdjustmentInput = z
  .object({
    id: wholeNumber('id', 1, 2_147_483_647),
    amount: decimalNumber(FINANCE_TEXT.amountNumber, (number) =>
      number
        .refine((v) => v !== 0, FINANCE_TEXT.amountNonZero)
        .min(-MAX_FINANCE_AMOUNT, FINANCE_TEXT.amountRange)
        .max(MAX_FINANCE_AMOUNT, FINANCE_TEXT.amountRange)
        .refine(twoDecimals, FINANCE_TEXT.amountDecimals),
    ),
    reason: z
      .string({ error: FINANCE_TEXT.reasonRequired })
      .trim()
      .min(1, FINANCE_TEXT.reasonRequired)
      .min(3, 'reason must be at least 3 characters')
      .max(500, 'reason may be at most 500 characters'),
  })
  .strict();
export type AdjustmentInput = z.input<typeof AdjustmentInput>;
export const AdjustmentDto = z.object({ entry: LedgerEntryDto, balance: VendorBalanceDto });
export type AdjustmentDto = z.infer<typeof AdjustmentDto>;

/** Money figures of one period (naira). */
export const FinancePeriodDto = z.object({
  /** What buyers paid (Paystack collected) for orders paid in the period. */
  collected: z.number(),
  commission_earned: z.number(),
  shipping_collected: z.number(),
  /** What platform coupons cost the platform. */
  platform_coupons: z.number(),
  paid_out: z.number(),
});
export type FinancePeriodDto = z.infer<typeof FinancePeriodDto>;

/** GET /admin/finance: the platform's money as of now, all time and by month. */
export const AdminFinanceDto = z.object({
  currency: z.literal('NGN'),
  all_time: FinancePeriodDto,
  this_month: FinancePeriodDto,
  last_month: FinancePeriodDto,
  /** Owed to shops now: still in escrow, and available to pay out. */
  owed_pending: z.number(),
  owed_available: z.number(),
  /** Payouts sent and not settled yet. */
  payouts_in_flight: z.number(),
  settings: FinanceSettingsDto,
});
export type AdminFinanceDto = z.infer<typeof AdminFinanceDto>;

/** GET /admin/payouts: every shop's payouts, newest first; status filters. */
export const AdminPayoutsQuery = PagingQuery.extend({
  status: z.enum(PAYOUT_STATUSES, { error: `status must be one of: ${PAYOUT_STATUSES.join(', ')}` }).optional(),
  vendor_id: wholeNumber('vendor_id', 1, 2_147_483_647).optional(),
}).strict();
export type AdminPayoutsQuery = z.input<typeof AdminPayoutsQuery>;
