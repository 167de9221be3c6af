import { router } from '../../trpc.js';

export const ordersRouter = router({});
