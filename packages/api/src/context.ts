import { type AuthState, resolveSession } from './access/session.js';
import type { Clock } from './clock.js';
import type { ServicesConfig } from './config.js';
import type { Em, Orm } from './db/orm.js';
import type { ImageStore } from './images/image-store.js';
import type { CatalogueTotals } from './modules/catalogue/catalogue-totals.js';
import type { Mailer } from './modules/notifications/mailer.js';
import type { PaymentProvider } from './modules/payment/provider.js';
import type { PaystackSandbox } from './modules/payment/sandbox.js';
import type { RateLimiter } from './rate-limit.js';

/** Long-lived things shared by every request of one server. */
export interface Services {
  config: ServicesConfig;
  orm: Orm;
  images: ImageStore;
  /** Every request limit (sign-in, registration, contact, coupon checks) counts here. */
  rateLimiter: RateLimiter;
  catalogueTotals: CatalogueTotals;
  payments: PaymentProvider;
  /** The built-in Paystack stand-in, when no Paystack key is configured. */
  sandbox: PaystackSandbox | null;
  /** Where the outbox worker sends email (SMTP_URL); null: emails are kept in the database, never sent. */
  mailer: Mailer | null;
  /** The time of the money rules (escrow, payouts); tests move it. */
  clock: Clock;
}

export interface RequestInfo {
  ip: string;
  userAgent?: string | undefined;
  authorization?: string | undefined;
  // No origin or host here: absolute URLs come from config.publicUrl, never from a caller's Host header.
}

export interface Context {
  /** This request's own EntityManager (one fork per request). */
  em: Em;
  services: Services;
  request: RequestInfo;
  /** Who is calling, read from the bearer token on first use and remembered for the request. */
  auth(): Promise<AuthState>;
}

export function createContext(services: Services, request: RequestInfo): Context {
  const em = services.orm.em.fork() as Em;
  let auth: Promise<AuthState> | undefined;
  return {
    em,
    services,
    request,
    auth: () => {
      auth ??= resolveSession(em, request.authorization);
      return auth;
    },
  };
}
