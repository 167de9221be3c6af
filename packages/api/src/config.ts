import type { S3StorageOptions } from './images/s3-storage.js';

/** What the server-side services need to know about their surroundings. Read from the environment by apps/server. */
export interface ServicesConfig {
  /** Folder where processed images are stored. */
  uploadDir: string;
  /** Days a sign-in session lasts without use. */
  sessionTtlDays: number;
  /**
   * The site's public address without a trailing slash (PUBLIC_URL, default http://localhost:PORT). Every
   * absolute URL the server builds (payment callback, payment page) starts with it, never with a request header.
   */
  publicUrl: string;
  login: {
    /** Failed sign-ins allowed per (account, IP address) within the window before 429: stops guessing. */
    maxFailuresPerAccountAndIp: number;
    /**
     * Failed sign-ins allowed per account from all addresses within the window before 429, higher than the
     * above so one attacker cannot lock the owner out. Devices the account signed in from before are not held by it.
     */
    maxFailuresPerAccount: number;
    /** Failed sign-ins allowed per IP address within the window before 429. */
    maxFailuresPerIp: number;
    windowMinutes: number;
  };
  /** Per-IP and per-account limits of calls that cost us or reveal something (each answered 429 with Retry-After). */
  limits: {
    /** Registrations per IP address within the window. */
    registerPerIp: number;
    /** Contact messages per IP address within the window. */
    contactPerIp: number;
    /** Coupon checks (POST /coupons/validate) per account within the window. */
    couponChecksPerAccount: number;
    /** Coupon checks per IP address within the window. */
    couponChecksPerIp: number;
    /**
     * Bank account lookups (each a Paystack call that answers a holder's name) per IP address within the window:
     * POST /banks/resolve, vendor registration and a profile bank change alike.
     */
    bankResolvePerIp: number;
    /** The same lookups per signed-in account within the window (an anonymous registration counts per IP only). */
    bankResolvePerAccount: number;
    windowMinutes: number;
    /** Calls in one tRPC batch request. */
    trpcMaxBatchSize: number;
  };
  /** Bounds on what unpaid checkouts may hold, and on what one checkout may cost. */
  checkout: {
    /** Unpaid (not yet expired) checkouts one customer may hold at once. */
    maxUnpaidCheckouts: number;
    /** Caps of one product one customer may hold in unpaid checkouts. */
    maxUnpaidQuantityPerProduct: number;
    /**
     * The share (percent) of a cap's stock that unpaid checkouts together may hold, at least 1 cap while any
     * is left: the rest is sold to whoever pays first, so a few accounts cannot hold a whole shop.
     */
    unpaidHoldSharePercent: number;
    /** The largest checkout total in kobo (what the payment provider takes in one card payment). */
    maxTotalKobo: number;
  };
  /**
   * Whether the server runs the recurring jobs (src/jobs.ts: releasing expired checkouts, payout runs) in its
   * own process. Off unless the server's configuration turns it on (JOBS_ENABLED, on by default there), so
   * tests and scripts that build services are never surprised by a timer.
   */
  jobsEnabled: boolean;
  /** The hour (0-23, UTC) of the daily payout run. */
  payoutRunHourUtc: number;
  /**
   * Email (issue 14, docs/notifications.md): nodemailer's SMTP transport at this URL
   * (smtp://user:pass@host:587). Without it emails are kept in the database (status `kept`), shown to
   * admins, and never sent.
   */
  smtpUrl?: string | undefined;
  /** The From of every email (MAIL_FROM). */
  mailFrom: string;
  /** Outbox delivery: tries before a message is marked failed, the first retry's delay (doubling), batch size. */
  outbox: { maxAttempts: number; firstRetrySeconds: number; batchSize: number };
  /**
   * How long the SMTP client waits for the server's next reply (SMTP_TIMEOUT_SECONDS); RFC 5321 gives a
   * server up to 10 minutes to answer the end of a message, and a slow answer must not be sent again.
   */
  smtpTimeoutSeconds: number;
  /** Password reset emails per address within an hour (more requests get the same answer and send nothing). */
  passwordResetPerEmailPerHour: number;
  /** development shows error details; production never does. */
  nodeEnv: 'development' | 'production' | 'test';
  /** Paystack secret key; without it payments go through the built-in sandbox. */
  paystackSecretKey?: string | undefined;
  /**
   * Where the Paystack adapter sends its calls (PAYSTACK_BASE_URL): Paystack's API, or a mock of it such as
   * the contract test's Prism. Used only with paystackSecretKey.
   */
  paystackBaseUrl: string;
  /**
   * Browser tests only (CLOCK_OFFSET_FILE): a file holding milliseconds added to the clock of the money rules,
   * so a test in another process can move the server past a return window. Unset in production.
   */
  clockOffsetFile?: string | undefined;
  /**
   * Where images are kept (docs/scaling.md): `local` in uploadDir (the default), or `s3` in a bucket of any
   * S3-compatible store (S3_BUCKET, S3_ENDPOINT...) that every server process shares.
   */
  storage: { kind: 'local' } | ({ kind: 's3' } & S3StorageOptions);
  /**
   * Redis (REDIS_URL, redis://host:6379/0): the rate limits and the catalogue's change signal are shared by
   * every server process on it (docs/scaling.md). Unset: both are kept in this process, as for one server.
   */
  redisUrl?: string | undefined;
}

export const defaultServicesConfig: ServicesConfig = {
  uploadDir: './data/uploads',
  sessionTtlDays: 30,
  publicUrl: 'http://localhost:3000',
  login: { maxFailuresPerAccountAndIp: 10, maxFailuresPerAccount: 100, maxFailuresPerIp: 200, windowMinutes: 15 },
  limits: {
    registerPerIp: 100,
    contactPerIp: 20,
    couponChecksPerAccount: 30,
    couponChecksPerIp: 100,
    bankResolvePerIp: 30,
    bankResolvePerAccount: 10,
    windowMinutes: 15,
    trpcMaxBatchSize: 10,
  },
  checkout: {
    maxUnpaidCheckouts: 3,
    maxUnpaidQuantityPerProduct: 10,
    unpaidHoldSharePercent: 50,
    maxTotalKobo: 1_000_000_000,
  },
  jobsEnabled: false,
  payoutRunHourUtc: 8,
  mailFrom: 'Caps Marketplace <no-reply@capsmarket.ng>',
  // 6 tries: at once, then after 2, 4, 8, 16 and 32 minutes (about an hour in all).
  outbox: { maxAttempts: 6, firstRetrySeconds: 120, batchSize: 20 },
  smtpTimeoutSeconds: 300,
  passwordResetPerEmailPerHour: 3,
  nodeEnv: 'production',
  paystackBaseUrl: 'https://api.paystack.co',
  storage: { kind: 'local' },
};

/** SMTP connection and greeting waits (seconds): a server that does not answer at all is given up early. */
export const SMTP_CONNECT_SECONDS = 30;

/**
 * A claim on an outbox row outlasts the longest send the SMTP client allows (connect, greeting, the final
 * reply) with a minute to record the outcome, so no other worker sends a slow but successful message again.
 */
export function outboxLeaseSeconds(config: Pick<ServicesConfig, 'smtpTimeoutSeconds'>): number {
  return 2 * SMTP_CONNECT_SECONDS + config.smtpTimeoutSeconds + 60;
}
