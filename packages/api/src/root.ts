import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { addressesRouter } from './modules/addresses/addresses.router.js';
import { adminRouter } from './modules/admin/admin.router.js';
import { authRouter } from './modules/auth/auth.router.js';
import { cartRouter } from './modules/cart/cart.router.js';
import { catalogueRouter } from './modules/catalogue/catalogue.router.js';
import { vendorProductsRouter } from './modules/catalogue/vendor-products.router.js';
import { checkoutRouter } from './modules/checkout/checkout.router.js';
import { contactRouter } from './modules/contact/contact.router.js';
import { couponsRouter } from './modules/coupons/coupons.router.js';
import { banksRouter } from './modules/finance/banks.router.js';
import { adminFinanceRouter, vendorFinanceRouter } from './modules/finance/finance.router.js';
import { adminPayoutsRouter, vendorPayoutsRouter } from './modules/finance/payouts.router.js';
import { adminRefundsRouter } from './modules/finance/refunds.router.js';
import { adminEmailsRouter } from './modules/notifications/emails.router.js';
import { notificationsRouter } from './modules/notifications/notifications.router.js';
import { passwordResetRouter } from './modules/notifications/password-reset.router.js';
import { ordersRouter } from './modules/orders/orders.router.js';
import { vendorRouter } from './modules/orders/vendor-orders.router.js';
import { paymentRouter } from './modules/payment/payment.router.js';
import { reportsRouter } from './modules/reports/reports.router.js';
import { customerCancelRouter, vendorCancelRouter } from './modules/returns/cancel.router.js';
import {
  adminReturnsRouter,
  customerReturnRequestRouter,
  returnsRouter,
  vendorReturnsRouter,
} from './modules/returns/returns.router.js';
import { reviewsRouter } from './modules/reviews/reviews.router.js';
import { vendorsRouter } from './modules/vendors/vendors.router.js';
import { wishlistRouter } from './modules/wishlist/wishlist.router.js';
import { createCallerFactory, mergeRouters, router } from './trpc.js';

export const appRouter = router({
  auth: mergeRouters(authRouter, passwordResetRouter),
  notifications: notificationsRouter,
  catalogue: catalogueRouter,
  vendorProducts: vendorProductsRouter,
  vendors: vendorsRouter,
  reviews: reviewsRouter,
  contact: contactRouter,
  cart: cartRouter,
  wishlist: wishlistRouter,
  addresses: addressesRouter,
  reports: reportsRouter,
  orders: mergeRouters(ordersRouter, customerCancelRouter, customerReturnRequestRouter),
  returns: returnsRouter,
  checkout: checkoutRouter,
  payment: paymentRouter,
  coupons: couponsRouter,
  banks: banksRouter,
  vendor: mergeRouters(vendorRouter, vendorFinanceRouter, vendorPayoutsRouter, vendorCancelRouter, vendorReturnsRouter),
  admin: mergeRouters(
    adminRouter,
    router({
      finance: mergeRouters(adminFinanceRouter, adminPayoutsRouter),
      returns: adminReturnsRouter,
      refunds: adminRefundsRouter,
      emails: adminEmailsRouter,
    }),
  ),
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export const createCaller = createCallerFactory(appRouter);
