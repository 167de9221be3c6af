import type { RestRoute } from '../define.js';

export const cartRoutes: RestRoute[] = [];
