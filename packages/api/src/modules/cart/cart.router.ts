import { router } from '../../trpc.js';

export const cartRouter = router({});
