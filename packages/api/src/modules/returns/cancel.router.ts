import { router } from '../../trpc.js';

/** The customer's cancellation (orders.cancel). */
export const customerCancelRouter = router({});

/** The shop's cancellation of a paid order it cannot fulfil (vendor.cancelOrder). */
export const vendorCancelRouter = router({});
