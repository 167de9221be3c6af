import {
  AdjustmentDto,
  AdjustmentInput,
  AdminFinanceDto,
  FinanceSettingsDto,
  FinanceSettingsInput,
  PagedLedgerDto,
  PagingQuery,
  VendorBalanceDto,
  VendorCommissionDto,
  VendorCommissionInput,
} from '@caps/contracts';
import { checkedOutput } from '../../checked-output.js';
import { adminProcedure, vendorProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as ledger from './ledger.service.js';

const vendorTag = 'Vendor';
const adminTag = 'Admin';

/** The shop's balances and ledger (vendor.balance, vendor.ledger): always the caller's own shop. */
export const vendorFinanceRouter = router({
  balance: vendorProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/vendor/balance',
        tag: vendorTag,
        summary:
          "The caller's shop's balances as of now (naira): pending (in escrow until delivery and the return window), available (to be paid out), paid_out; next_release_at, when the next pending credit becomes available; payouts_paused_until, set for 24 hours by a change of bank details.",
      },
    })
    .output(checkedOutput(VendorBalanceDto))
    .query(({ ctx }) => ledger.vendorBalance(ctx)),
  ledger: vendorProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/vendor/ledger',
        tag: vendorTag,
        summary:
          "The caller's shop's ledger entries, newest first: kind, bucket, signed amount (naira), order or payout, reason and effective_at (a release counts from the end of the return window). Paged: page (from 1) and per_page (1-500, default 100); no other parameter is accepted.",
      },
    })
    .input(PagingQuery)
    .output(checkedOutput(PagedLedgerDto))
    .query(({ ctx, input }) => ledger.vendorLedger(ctx, input)),
});

/** The admin's finance settings, per-shop commission, adjustments and figures (admin.finance.*). */
export const adminFinanceRouter = router({
  settings: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/admin/settings',
        tag: adminTag,
        summary:
          "The finance settings: commission_percent (of item value after the shop's own coupon), payout_minimum (naira) and return_window_days; updated_at is null while the defaults apply.",
      },
    })
    .output(checkedOutput(FinanceSettingsDto))
    .query(({ ctx }) => ledger.getSettings(ctx)),
  updateSettings: adminProcedure
    .meta({
      rest: {
        method: 'PUT',
        path: '/admin/settings',
        example: { commission_percent: 10, payout_minimum: 5000, return_window_days: 7 },
        tag: adminTag,
        summary:
          'Changes any of commission_percent (0-50, at most 2 decimals), payout_minimum (naira, 0 or more) and return_window_days (whole days, 0-30); the others keep their values. A new rate applies to orders paid from now on, a new window to orders delivered from now on. Audited with the values before and after.',
      },
    })
    .input(FinanceSettingsInput)
    .output(checkedOutput(FinanceSettingsDto))
    .mutation(({ ctx, input }) => ledger.updateSettings(ctx, input)),
  setCommission: adminProcedure
    .meta({
      rest: {
        method: 'PUT',
        path: '/admin/vendors/{id}/commission',
        tag: adminTag,
        errors: [404],
        summary:
          "Sets one shop's commission_percent (0-50, at most 2 decimals), or null to follow the platform's. Orders paid before keep their rate. An unknown shop is 404. Audited.",
      },
    })
    .input(VendorCommissionInput)
    .output(checkedOutput(VendorCommissionDto))
    .mutation(({ ctx, input }) => ledger.setCommission(ctx, input)),
  adjust: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/admin/vendors/{id}/adjustments',
        tag: adminTag,
        status: 201,
        errors: [404],
        summary:
          "Adds amount (naira; negative takes it away) to the shop's available balance, borne by the platform, with a reason. A deduction larger than the available balance is 422 (the message names the available amount). Answers the entry and the shop's balance. Audited.",
      },
    })
    .input(AdjustmentInput)
    .output(checkedOutput(AdjustmentDto))
    .mutation(({ ctx, input }) => ledger.adjust(ctx, input)),
  summary: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/admin/finance',
        tag: adminTag,
        summary:
          "The platform's money (naira): collected, commission earned, shipping collected, platform coupons and paid out, for all time, this month and last month (calendar months in UTC: 01:00 Lagos time); owed to shops now, pending and available; payouts sent and not settled; the settings.",
      },
    })
    .output(checkedOutput(AdminFinanceDto))
    .query(({ ctx }) => ledger.financeSummary(ctx)),
});
