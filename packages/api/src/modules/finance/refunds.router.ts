import { router } from '../../trpc.js';

/** Every refund and the goodwill refund (admin.refunds.list, admin.refunds.goodwill). */
export const adminRefundsRouter = router({});
