import { join, resolve } from 'node:path';
import { type DatabaseConfig, defaultServicesConfig, parseReadUrls, type ServicesConfig } from '@caps/api';

/** Everything the server reads from the environment, with its default. README lists the same table. */
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
  /** Trust X-Forwarded-For from a reverse proxy; off by default so clients cannot fake their IP (rate limits). */
  trustProxy: boolean;
  /** Seed demo data when the database has no users yet. */
  seedDemoData: boolean;
  /** Bearer token that GET /metrics requires (METRICS_TOKEN); unset: /metrics is not served. */
  metricsToken: string | undefined;
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
        windowMinutes: int(env.LIMIT_WINDOW_MINUTES, defaults.limits.windowMinutes),
        trpcMaxBatchSize: Math.max(1, int(env.TRPC_MAX_BATCH_SIZE, defaults.limits.trpcMaxBatchSize)),
      },
      checkout: {
        maxUnpaidCheckouts: int(env.MAX_UNPAID_CHECKOUTS, defaults.checkout.maxUnpaidCheckouts),
        maxUnpaidQuantityPerProduct: int(
          env.MAX_UNPAID_QUANTITY_PER_PRODUCT,
          defaults.checkout.maxUnpaidQuantityPerProduct,
        ),
        maxTotalKobo: int(env.MAX_CHECKOUT_TOTAL_NAIRA, defaults.checkout.maxTotalKobo / 100) * 100,
      },
      storage: imageStorage(env),
      redisUrl: env.REDIS_URL || undefined,
    },
    webDistDir,
    webSsrDir: resolve(env.WEB_SSR_DIR || join(webDistDir, '..', 'dist-ssr')),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY === 'true',
    seedDemoData: env.SEED_DEMO_DATA !== 'false',
    metricsToken: env.METRICS_TOKEN || undefined,
  };
}
