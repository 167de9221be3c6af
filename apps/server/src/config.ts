import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import {
  type DatabaseConfig,
  DEFAULT_DATABASE_TIMEOUTS,
  DEFAULT_S3_TIMEOUT_MS,
  defaultServicesConfig,
  parseReadUrls,
  type ServicesConfig,
} from '@caps/api';

/** Everything the server reads from the environment, with its default. docs/configuration.md lists the same table. */
export interface AppConfig {
  port: number;
  host: string;
  database: DatabaseConfig;
  services: ServicesConfig;
  /** Folder of the built web app; served with history fallback when it exists. */
  webDistDir: string;
  /** The web app's server renderer (apps/web/dist-ssr): storefront pages are rendered on the server when it is there. */
  webSsrDir: string;
  logLevel: string;
  /**
   * Which reverse proxies' X-Forwarded-For is believed (Fastify's trustProxy): false (none: the default, so
   * clients cannot fake their IP for the rate limits), a number of hops, or the proxies' addresses and ranges.
   * The client is the right-most address that is not a trusted proxy, never one the client put first.
   */
  trustProxy: TrustProxy;
  /** Seed demo data when the database has no users yet. */
  seedDemoData: boolean;
  /** Bearer token that GET /metrics requires (METRICS_TOKEN); unset: /metrics is not served. */
  metricsToken: string | undefined;
}

/** What TRUST_PROXY may be: no proxy, the number of proxies in front, or their addresses (CIDR ranges too). */
export type TrustProxy = false | number | string[];

/** A setting whose value cannot be used: the server does not start, and says why without a stack trace. */
export class ConfigError extends Error {}

/** The address ranges proxy-addr (Fastify's trustProxy) knows by name. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, an address with a prefix length (10.0.0.0/8, fd00::/8) or a named range. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false` or unset (no proxy), a hop count (`1`: the one proxy in front), or a comma-separated
 * list of the proxies' addresses and ranges. `true` is one hop: it used to trust any address the client
 * put first, which let a client choose its own address behind a proxy that appends (issue 25).
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  throw new ConfigError(
    `TRUST_PROXY must be false, a number of proxy hops (1 for one proxy in front) or a comma-separated list of ` +
      `the proxies' addresses or CIDR ranges (127.0.0.1,10.0.0.0/8); ${JSON.stringify(value)} is none of these.`,
  );
}

function int(value: string | undefined, fallback: number): number {
  const parsed = value === undefined || value === '' ? Number.NaN : Number(value);
  return Number.isInteger(parsed) && parsed >= 0 ? parsed : fallback;
}

/** An hour of the day, 0-23; anything else is the fallback. */
function hour(value: string | undefined, fallback: number): number {
  const parsed = int(value, fallback);
  return parsed <= 23 ? parsed : fallback;
}

/** A wait in milliseconds: a positive whole number, else the fallback (0 would mean waiting for ever). */
function waitMs(value: string | undefined, fallback: number): number {
  const parsed = int(value, fallback);
  return parsed > 0 ? parsed : fallback;
}

/** Where images are kept: the S3-compatible bucket when S3_BUCKET is set, else the upload folder. */
function imageStorage(env: NodeJS.ProcessEnv): ServicesConfig['storage'] {
  if (!env.S3_BUCKET) return { kind: 'local' };
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || 'us-east-1',
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    publicUrl: env.S3_PUBLIC_URL || undefined,
    timeoutMs: waitMs(env.S3_TIMEOUT_MS, DEFAULT_S3_TIMEOUT_MS),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV === 'development' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'production';
  const port = int(env.PORT, 3000);
  const defaults = defaultServicesConfig;
  const webDistDir = resolve(env.WEB_DIST_DIR || resolve(import.meta.dirname, '../../web/dist'));
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    database: {
      databaseUrl: env.DATABASE_URL || undefined,
      // PostgreSQL read replicas for the public catalogue (comma-separated; checked when the database opens).
      readUrls: parseReadUrls(env.DATABASE_READ_URLS),
      sqlitePath: env.SQLITE_PATH || './data/caps.sqlite',
      debug: env.DB_DEBUG === 'true',
      // PostgreSQL down or silent: requests answer 503 within these, instead of waiting for it (docs/scaling.md).
      timeouts: {
        connectMs: waitMs(env.DB_CONNECT_TIMEOUT_MS, DEFAULT_DATABASE_TIMEOUTS.connectMs),
        acquireMs: waitMs(env.DB_ACQUIRE_TIMEOUT_MS, DEFAULT_DATABASE_TIMEOUTS.acquireMs),
        statementMs: waitMs(env.DB_STATEMENT_TIMEOUT_MS, DEFAULT_DATABASE_TIMEOUTS.statementMs),
      },
    },
    services: {
      ...defaults,
      nodeEnv,
      uploadDir: env.UPLOAD_DIR || './data/uploads',
      paystackSecretKey: env.PAYSTACK_SECRET_KEY || undefined,
      paystackBaseUrl: (env.PAYSTACK_BASE_URL || defaults.paystackBaseUrl).replace(/\/+$/, ''),
      clockOffsetFile: env.CLOCK_OFFSET_FILE || undefined,
      jobsEnabled: env.JOBS_ENABLED !== 'false',
      smtpUrl: env.SMTP_URL || undefined,
      mailFrom: env.MAIL_FROM || defaults.mailFrom,
      smtpTimeoutSeconds: Math.max(1, int(env.SMTP_TIMEOUT_SECONDS, defaults.smtpTimeoutSeconds)),
      outbox: {
        ...defaults.outbox,
        maxAttempts: Math.max(1, int(env.OUTBOX_MAX_ATTEMPTS, defaults.outbox.maxAttempts)),
      },
      passwordResetPerEmailPerHour: int(
        env.PASSWORD_RESET_MAX_PER_EMAIL_PER_HOUR,
        defaults.passwordResetPerEmailPerHour,
      ),
      payoutRunHourUtc: hour(env.PAYOUT_RUN_HOUR_UTC, defaults.payoutRunHourUtc),
      sessionTtlDays: int(env.SESSION_TTL_DAYS, defaults.sessionTtlDays),
      // Never taken from a request's Host header: that would let a caller choose where payers return.
      publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
      login: {
        maxFailuresPerAccountAndIp: int(
          env.LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP,
          defaults.login.maxFailuresPerAccountAndIp,
        ),
        maxFailuresPerAccount: int(env.LOGIN_MAX_FAILURES_PER_ACCOUNT, defaults.login.maxFailuresPerAccount),
        maxFailuresPerIp: int(env.LOGIN_MAX_FAILURES_PER_IP, defaults.login.maxFailuresPerIp),
        windowMinutes: int(env.LOGIN_WINDOW_MINUTES, defaults.login.windowMinutes),
      },
      limits: {
        registerPerIp: int(env.REGISTER_MAX_PER_IP, defaults.limits.registerPerIp),
        contactPerIp: int(env.CONTACT_MAX_PER_IP, defaults.limits.contactPerIp),
        couponChecksPerAccount: int(env.COUPON_CHECKS_MAX_PER_ACCOUNT, defaults.limits.couponChecksPerAccount),
        couponChecksPerIp: int(env.COUPON_CHECKS_MAX_PER_IP, defaults.limits.couponChecksPerIp),
        bankResolvePerIp: int(env.BANK_RESOLVE_MAX_PER_IP, defaults.limits.bankResolvePerIp),
        bankResolvePerAccount: int(env.BANK_RESOLVE_MAX_PER_ACCOUNT, defaults.limits.bankResolvePerAccount),
        windowMinutes: int(env.LIMIT_WINDOW_MINUTES, defaults.limits.windowMinutes),
        trpcMaxBatchSize: Math.max(1, int(env.TRPC_MAX_BATCH_SIZE, defaults.limits.trpcMaxBatchSize)),
      },
      checkout: {
        maxUnpaidCheckouts: int(env.MAX_UNPAID_CHECKOUTS, defaults.checkout.maxUnpaidCheckouts),
        maxUnpaidQuantityPerProduct: int(
          env.MAX_UNPAID_QUANTITY_PER_PRODUCT,
          defaults.checkout.maxUnpaidQuantityPerProduct,
        ),
        unpaidHoldSharePercent: Math.min(
          100,
          int(env.UNPAID_HOLD_SHARE_PERCENT, defaults.checkout.unpaidHoldSharePercent),
        ),
        maxTotalKobo: int(env.MAX_CHECKOUT_TOTAL_NAIRA, defaults.checkout.maxTotalKobo / 100) * 100,
      },
      storage: imageStorage(env),
      redisUrl: env.REDIS_URL || undefined,
    },
    webDistDir,
    webSsrDir: resolve(env.WEB_SSR_DIR || join(webDistDir, '..', 'dist-ssr')),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    seedDemoData: env.SEED_DEMO_DATA !== 'false',
    metricsToken: env.METRICS_TOKEN || undefined,
  };
}
