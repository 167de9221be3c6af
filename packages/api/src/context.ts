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
  /** Calls `start` once this request's answer has been sent (the HTTP host); absent: a caller without HTTP. */
  afterAnswer?: ((start: () => void) => void) | undefined;
  /** Where work done after the answer reports a failure (the request's logger). */
  logError?: ((error: unknown, message: string) => void) | undefined;
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

/**
 * On each context made here, the way to its EntityManager if it has made one yet (see readerEm): a
 * non-enumerable property, so that a context spread into a new one (`{ ...ctx, user }`) does not carry it
 * and readerEm treats the copy as it treats any other context. A WeakMap from context to it cost some
 * 3 µs a request, most of it in the garbage collector's ephemeron work.
 */
const FORK = Symbol('fork');
type MadeFork = () => Em | undefined;

/**
 * A request's context. Its EntityManager is forked on first use: forking is one of the dearer steps of a
 * catalogue request (MikroORM writes its configuration, and so process.env, twice per fork), and the
 * public reads that run a single SQL statement do not need one (readerEm).
 */
export function createContext(services: Services, request: RequestInfo): Context {
  let em: Em | undefined;
  let auth: Promise<AuthState> | undefined;
  const context: Context = {
    get em() {
      em ??= services.orm.em.fork() as Em;
      return em;
    },
    services,
    request,
    auth: () => {
      auth ??= resolveSession(context.em, request.authorization);
      return auth;
    },
  };
  Object.defineProperty(context, FORK, { value: (): Em | undefined => em });
  return context;
}

/**
 * The EntityManager for raw SQL reads of a request: its own if it has one (a transaction's reads stay in
 * it), else the shared one, which runs a statement as a fork would, with no fork made. Only for
 * em.execute / getConnection reads, never for entities: the shared one has no identity map of its own.
 */
export function readerEm(ctx: Context): Em {
  const made = (ctx as Context & { [FORK]?: MadeFork })[FORK];
  if (!made) return ctx.em;
  return made() ?? (ctx.services.orm.em as Em);
}
