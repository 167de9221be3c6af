import { router } from '../../trpc.js';

export const couponsRouter = router({});
