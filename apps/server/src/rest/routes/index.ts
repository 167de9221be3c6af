import type { RestRoute } from '../define.js';
import { authRoutes } from './auth.routes.js';
import { catalogueRoutes } from './catalogue.routes.js';

/** The whole REST table, in match order (literal paths before {id} paths). */
export const restRoutes = [...authRoutes, ...catalogueRoutes] as RestRoute[];
