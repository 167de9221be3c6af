import { router } from '../../trpc.js';

/** The shop's payouts (vendor.payouts). */
export const vendorPayoutsRouter = router({});

/** Every shop's payouts and the payout run (admin.finance.payouts, admin.finance.runPayouts). */
export const adminPayoutsRouter = router({});
