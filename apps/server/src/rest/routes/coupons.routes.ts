import type { RestRoute } from '../define.js';

export const couponsRoutes: RestRoute[] = [];
