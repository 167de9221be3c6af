import { router } from '../../trpc.js';

/** Paystack's bank list and account resolution (banks.list, banks.resolve). */
export const banksRouter = router({});
