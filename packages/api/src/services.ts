import { type Clock, FileOffsetClock, systemClock } from './clock.js';
import { defaultServicesConfig, type ServicesConfig } from './config.js';
import type { Services } from './context.js';
import { type DatabaseConfig, openDatabase } from './db/orm.js';
import { createImageStore } from './images/image-store.js';
import { CatalogueTotals, SharedCatalogueTotals } from './modules/catalogue/catalogue-totals.js';
import { type Mailer, smtpMailer } from './modules/notifications/mailer.js';
import { PaystackProvider } from './modules/payment/provider.js';
import { PaystackSandbox, SandboxProvider } from './modules/payment/sandbox.js';
import { MemoryRateLimiter, RedisRateLimiter } from './rate-limit.js';
import { openRedis } from './redis.js';

/** Opens the database (migrating it) and builds the long-lived services of one server. */
/** Settings to change from the defaults; the nested groups may name only the fields they change. */
export type ServicesConfigOverrides = Partial<Omit<ServicesConfig, 'login' | 'limits' | 'checkout' | 'outbox'>> & {
  login?: Partial<ServicesConfig['login']>;
  limits?: Partial<ServicesConfig['limits']>;
  checkout?: Partial<ServicesConfig['checkout']>;
  outbox?: Partial<ServicesConfig['outbox']>;
};

/** The adapter's base URL, checked at start: anything but an http(s) URL stops the server. */
function paystackBaseUrlOf(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new Error(`PAYSTACK_BASE_URL is not an http(s) URL: ${value}`);
  }
  return value.replace(/\/+$/, '');
}

export function withDefaults(config: ServicesConfigOverrides = {}): ServicesConfig {
  const defaults = defaultServicesConfig;
  return {
    ...defaults,
    ...config,
    login: { ...defaults.login, ...config.login },
    limits: { ...defaults.limits, ...config.limits },
    checkout: { ...defaults.checkout, ...config.checkout },
    outbox: { ...defaults.outbox, ...config.outbox },
  };
}

export async function createServices(
  database: DatabaseConfig,
  config: ServicesConfigOverrides = {},
  /** Parts a test provides itself (a clock it moves). */
  parts: { clock?: Clock; mailer?: Mailer | null } = {},
): Promise<Services> {
  const full = withDefaults(config);
  // Checked before the database opens, so a wrong setting stops the start with nothing left open.
  const paystackBaseUrl = full.paystackSecretKey ? paystackBaseUrlOf(full.paystackBaseUrl) : null;
  const orm = await openDatabase(database);
  const redis = full.redisUrl ? openRedis(full.redisUrl, orm) : null;
  // The sandbox keeps its records and its secret key in the database: every process on it is one sandbox.
  const sandbox = full.paystackSecretKey ? null : await PaystackSandbox.open(orm);
  return {
    config: full,
    orm,
    images: createImageStore(full),
    rateLimiter: redis ? new RedisRateLimiter(redis.commands) : new MemoryRateLimiter(),
    catalogueTotals: redis ? new SharedCatalogueTotals(redis.commands, redis.subscriber) : new CatalogueTotals(),
    payments: sandbox
      ? new SandboxProvider(sandbox)
      : new PaystackProvider(full.paystackSecretKey as string, paystackBaseUrl as string),
    sandbox,
    mailer:
      parts.mailer !== undefined
        ? parts.mailer
        : full.smtpUrl
          ? smtpMailer(full.smtpUrl, full.mailFrom, full.smtpTimeoutSeconds)
          : null,
    clock: parts.clock ?? (full.clockOffsetFile ? new FileOffsetClock(full.clockOffsetFile) : systemClock),
  };
}
