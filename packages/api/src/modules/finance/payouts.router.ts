import { AdminPayoutsQuery, PagedPayoutsDto, PagingQuery, PayoutRunDto } from '@caps/contracts';
import { checkedOutput } from '../../checked-output.js';
import { adminProcedure, vendorProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as payouts from './payouts.service.js';

const PAGING =
  'Paged: page (from 1) and per_page (1-500, default 100); answers data, current_page, last_page, per_page, total.';
const STATUSES =
  'Statuses: pending (written, transfer not sent yet), processing (sent, waiting for the outcome), success, failed and reversed (the money went back to the available balance).';

/** The shop's payouts (vendor.payouts). */
export const vendorPayoutsRouter = router({
  payouts: vendorProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/vendor/payouts',
        tag: 'Vendor',
        summary: `The shop's payouts to its bank account, newest first: amount (naira), status, reference, failure reason, created_at and settled_at. ${STATUSES} ${PAGING}`,
      },
    })
    .input(PagingQuery)
    .output(checkedOutput(PagedPayoutsDto))
    .query(({ ctx, input }) => payouts.listVendorPayouts(ctx, input)),
});

/** Every shop's payouts and the payout run (admin.finance.payouts, admin.finance.runPayouts). */
export const adminPayoutsRouter = router({
  payouts: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/admin/payouts',
        tag: 'Admin',
        summary: `Every shop's payouts, newest first; status and vendor_id filter. ${STATUSES} ${PAGING}`,
      },
    })
    .input(AdminPayoutsQuery)
    .output(checkedOutput(PagedPayoutsDto))
    .query(({ ctx, input }) => payouts.listPayouts(ctx, input)),
  runPayouts: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/admin/payouts/run',
        tag: 'Admin',
        errors: [409],
        summary:
          'Runs payouts now (as the daily job does): sends payouts left unsent or unsettled, then pays every verified shop with a verified bank account, not paused by a bank change, whose available balance is at least the payout minimum, through a Paystack transfer. Answers what it did (created, resumed, total_amount in naira, the payouts). Recorded in the audit log. 409 while another run started by an admin is still going.',
      },
    })
    .output(checkedOutput(PayoutRunDto))
    .mutation(({ ctx }) => payouts.runPayoutsAsAdmin(ctx)),
});
