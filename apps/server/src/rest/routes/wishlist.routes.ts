import type { RestRoute } from '../define.js';

export const wishlistRoutes: RestRoute[] = [];
