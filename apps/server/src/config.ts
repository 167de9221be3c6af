import { resolve } from 'node:path';
import { type DatabaseConfig, defaultServicesConfig, type ServicesConfig } from '@caps/api';

/** Everything the server reads from the environment, with its default. README lists the same table. */
export interface AppConfig {
  port: number;
  host: string;
  database: DatabaseConfig;
  services: ServicesConfig;
  /** Folder of the built web app; served with history fallback when it exists. */
  webDistDir: string;
  logLevel: string;
  /** Trust X-Forwarded-For from a reverse proxy; off by default so clients cannot fake their IP (rate limits). */
  trustProxy: boolean;
  /** Seed demo data when the database has no users yet. */
  seedDemoData: boolean;
}

function int(value: string | undefined, fallback: number): number {
  const parsed = value === undefined || value === '' ? Number.NaN : Number(value);
  return Number.isInteger(parsed) && parsed >= 0 ? parsed : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV === 'development' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'production';
  return {
    port: int(env.PORT, 3000),
    host: env.HOST ?? '0.0.0.0',
    database: {
      databaseUrl: env.DATABASE_URL || undefined,
      sqlitePath: env.SQLITE_PATH || './data/caps.sqlite',
      debug: env.DB_DEBUG === 'true',
    },
    services: {
      ...defaultServicesConfig,
      nodeEnv,
      uploadDir: env.UPLOAD_DIR || './data/uploads',
      paystackSecretKey: env.PAYSTACK_SECRET_KEY || undefined,
      sessionTtlDays: int(env.SESSION_TTL_DAYS, defaultServicesConfig.sessionTtlDays),
      login: {
        maxFailuresPerAccount: int(
          env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
          defaultServicesConfig.login.maxFailuresPerAccount,
        ),
        maxFailuresPerIp: int(env.LOGIN_MAX_FAILURES_PER_IP, defaultServicesConfig.login.maxFailuresPerIp),
        windowMinutes: int(env.LOGIN_WINDOW_MINUTES, defaultServicesConfig.login.windowMinutes),
      },
    },
    webDistDir: resolve(env.WEB_DIST_DIR || resolve(import.meta.dirname, '../../web/dist')),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY === 'true',
    seedDemoData: env.SEED_DEMO_DATA !== 'false',
  };
}
