import { router } from '../../trpc.js';

export const reportsRouter = router({});
