import type { RestRoute } from '../define.js';

export const addressesRoutes: RestRoute[] = [];
