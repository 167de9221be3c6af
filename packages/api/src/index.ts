export {
  type AuthedContext,
  requireRole,
  requireUser,
  requireVendor,
  requireVerifiedVendor,
  type VendorContext,
} from './access/roles.js';
export { type AuthState, resolveSession } from './access/session.js';
export { afterAnswerSettled, runAfterAnswer } from './after-answer.js';
export { checkedOutput } from './checked-output.js';
export { type Clock, FileOffsetClock, OffsetClock, systemClock } from './clock.js';
export type { ServicesConfig } from './config.js';
export { defaultServicesConfig } from './config.js';
export { type Context, createContext, type RequestInfo, type Services } from './context.js';
export {
  type DatabaseConfig,
  type DatabaseTimeouts,
  DEFAULT_DATABASE_TIMEOUTS,
  type Dialect,
  dialectOf,
  type Em,
  type Orm,
  openDatabase,
  parseReadUrls,
} from './db/orm.js';
export { type ReadFrom, replicaConnections } from './db/read.js';
export {
  asUnavailable,
  DOMAIN_ERRORS,
  DomainError,
  type DomainErrorCode,
  SERVICE_UNAVAILABLE_MESSAGE,
  TRPC_HTTP_STATUS,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
} from './errors.js';
export { addMissingMiddleSizes, type MiddleSizeBackfill } from './images/backfill.js';
export { ImageStore, type ImageUpload, imageUrl } from './images/image-store.js';
export { DEFAULT_S3_TIMEOUT_MS } from './images/s3-storage.js';
export { JOB_QUEUE_NAME, JOB_QUEUE_PREFIX } from './job-runner-bullmq.js';
export {
  type JobContext,
  type JobCounts,
  type JobDeclaration,
  type JobLog,
  type JobSchedule,
  jobDeclarations,
  msUntilUtcHour,
  type RunningJobs,
  type StartJobsOptions,
  startJobs,
} from './jobs.js';
export * as addressesService from './modules/addresses/addresses.service.js';
export * as adminService from './modules/admin/admin.service.js';
export * as authService from './modules/auth/auth.service.js';
export * as cartService from './modules/cart/cart.service.js';
export { catalogueChanged, refreshSearchText } from './modules/catalogue/catalogue.search.js';
export * as catalogueService from './modules/catalogue/catalogue.service.js';
export * as sitemapService from './modules/catalogue/sitemap.service.js';
export * as vendorProductsService from './modules/catalogue/vendor-products.service.js';
export * as contactService from './modules/contact/contact.service.js';
export * as couponsService from './modules/coupons/coupons.service.js';
export * as payoutsService from './modules/finance/payouts.service.js';
export * as ordersService from './modules/orders/orders.service.js';
export * as vendorOrdersService from './modules/orders/vendor-orders.service.js';
export * as paymentService from './modules/payment/payment.service.js';
export { signBody } from './modules/payment/provider.js';
export { PaystackSandbox, SANDBOX_DECLINED_CARD, SANDBOX_SUCCESS_CARD } from './modules/payment/sandbox.js';
export * as reportsService from './modules/reports/reports.service.js';
export * as reviewsService from './modules/reviews/reviews.service.js';
export * as vendorsService from './modules/vendors/vendors.service.js';
export * as wishlistService from './modules/wishlist/wishlist.service.js';
export { type RestOperation, restOperations } from './operations.js';
export { limitCall, MemoryRateLimiter, type RateLimiter, type Reservation } from './rate-limit.js';
export type { Access, OperationMeta, RestBinding, RestCall } from './rest-binding.js';
export { type AppRouter, appRouter, createCaller, type RouterInputs, type RouterOutputs } from './root.js';
export { createServices, type ServicesConfigOverrides, withDefaults } from './services.js';
export { fieldErrorsOf, parseOrThrow, refuseNul, summaryOf } from './validation.js';
