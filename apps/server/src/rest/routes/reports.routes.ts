import type { RestRoute } from '../define.js';

export const reportsRoutes: RestRoute[] = [];
