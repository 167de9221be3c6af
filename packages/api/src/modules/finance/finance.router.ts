import { router } from '../../trpc.js';

/** The shop's balances and ledger (vendor.balance, vendor.ledger). */
export const vendorFinanceRouter = router({});

/** The admin's finance settings, per-shop commission, adjustments and figures (admin.finance.*). */
export const adminFinanceRouter = router({});
