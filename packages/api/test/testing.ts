/**
 * `@caps/api/testing`: what the tests of other workspaces (the HTTP server, the browser journeys) use of
 * this package — test databases and environments, row fixtures, and the entities and service texts
 * their assertions read — so they never reach into this package's folders by relative path.
 */

export type { EventSubscriber } from '@mikro-orm/core';
export { afterAnswerSettled } from '../src/after-answer.js';
export type { Em } from '../src/db/orm.js';
export * from '../src/modules/addresses/addresses.entities.js';
export * from '../src/modules/auth/auth.entities.js';
export * from '../src/modules/cart/cart.entities.js';
export * from '../src/modules/catalogue/catalogue.entities.js';
export * from '../src/modules/contact/contact.entities.js';
export * from '../src/modules/coupons/coupons.entities.js';
export * from '../src/modules/finance/finance.entities.js';
export * from '../src/modules/notifications/notifications.entities.js';
export * from '../src/modules/orders/orders.entities.js';
export { releaseExpiredCheckouts } from '../src/modules/orders/orders.service.js';
export * from '../src/modules/payment/payment.entities.js';
export { DUPLICATE_PAYMENT_MESSAGE, LATE_PAYMENT_MESSAGE } from '../src/modules/payment/payment.service.js';
export { ProviderUnavailableError } from '../src/modules/payment/provider.js';
export {
  SANDBOX_FAILING_TRANSFER_ACCOUNT,
  SANDBOX_UNRESOLVABLE_ACCOUNT,
  SandboxProvider,
  sandboxAccountName,
} from '../src/modules/payment/sandbox.js';
export * from '../src/modules/reports/reports.entities.js';
export * from '../src/modules/reviews/reviews.entities.js';
export * from '../src/modules/vendors/vendors.entities.js';
export * from '../src/modules/wishlist/wishlist.entities.js';
export * from './fixtures.js';
export * from './harness.js';
export * from './s3.js';
export * from './shop-with-data.js';
export * from './smtp.js';
