import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { authRouter } from './modules/auth/auth.router.js';
import { catalogueRouter } from './modules/catalogue/catalogue.router.js';
import { contactRouter } from './modules/contact/contact.router.js';
import { reviewsRouter } from './modules/reviews/reviews.router.js';
import { vendorsRouter } from './modules/vendors/vendors.router.js';
import { createCallerFactory, router } from './trpc.js';

export const appRouter = router({
  auth: authRouter,
  catalogue: catalogueRouter,
  vendors: vendorsRouter,
  reviews: reviewsRouter,
  contact: contactRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export const createCaller = createCallerFactory(appRouter);
