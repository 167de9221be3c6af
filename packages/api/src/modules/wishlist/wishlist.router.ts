import { router } from '../../trpc.js';

export const wishlistRouter = router({});
