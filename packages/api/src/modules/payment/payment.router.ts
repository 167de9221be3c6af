import { router } from '../../trpc.js';

export const paymentRouter = router({});
