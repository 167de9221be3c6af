import { router } from '../../trpc.js';

export const addressesRouter = router({});
