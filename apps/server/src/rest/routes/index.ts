import type { RestRoute } from '../define.js';
import { addressesRoutes } from './addresses.routes.js';
import { adminRoutes } from './admin.routes.js';
import { authRoutes } from './auth.routes.js';
import { cartRoutes } from './cart.routes.js';
import { catalogueRoutes } from './catalogue.routes.js';
import { couponsRoutes } from './coupons.routes.js';
import { ordersRoutes } from './orders.routes.js';
import { paymentRoutes } from './payment.routes.js';
import { reportsRoutes } from './reports.routes.js';
import { vendorRoutes } from './vendor.routes.js';
import { vendorProductsRoutes } from './vendor-products.routes.js';
import { wishlistRoutes } from './wishlist.routes.js';

/** The whole REST table, in match order (literal paths before {id} paths). */
export const restRoutes = [
  ...authRoutes,
  ...catalogueRoutes,
  ...vendorProductsRoutes,
  ...cartRoutes,
  ...wishlistRoutes,
  ...addressesRoutes,
  ...reportsRoutes,
  ...ordersRoutes,
  ...paymentRoutes,
  ...couponsRoutes,
  ...vendorRoutes,
  ...adminRoutes,
] as RestRoute[];
