import type { RestRoute } from '../define.js';

export const paymentRoutes: RestRoute[] = [];
