import { router } from '../../trpc.js';

/** The customer's return request (orders.requestReturn). */
export const customerReturnRequestRouter = router({});

/** The customer's returns (returns.list). */
export const returnsRouter = router({});

/** The shop's returns: list, decide, mark received (vendor.returns, vendor.decideReturn, vendor.receiveReturn). */
export const vendorReturnsRouter = router({});

/** Every return for admins (admin.returns.list, admin.returns.decide, admin.returns.receive). */
export const adminReturnsRouter = router({});
