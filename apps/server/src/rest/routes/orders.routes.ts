import type { RestRoute } from '../define.js';

export const ordersRoutes: RestRoute[] = [];
