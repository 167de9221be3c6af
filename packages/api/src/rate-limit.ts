import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { ServicesConfig } from './config.js';
import { DomainError } from './errors.js';
import { REDIS_PREFIX, withRedis } from './redis.js';

/** One attempt counted (or refused) under a key. */
export interface Reservation {
  allowed: boolean;
  /** Seconds until the key takes another attempt; 0 when this one was allowed. */
  retryAfterSeconds: number;
  /** Takes the attempt back, as if it was never made (a sign-in that succeeded). Does nothing when refused. */
  release(): Promise<void>;
}

/**
 * Counts attempts per key in a sliding window. Every limit of the app goes through this one interface,
 * so a store shared by several processes (Redis) can replace the in-memory one without touching callers.
 */
export interface RateLimiter {
  /**
   * Counts one attempt under `key` when fewer than `limit` were counted within the last `windowMs`,
   * before the attempt is made, so concurrent attempts can never get more than `limit` through.
   */
  reserve(key: string, limit: number, windowMs: number): Promise<Reservation>;
  /** Forgets every attempt counted under `key`. */
  reset(key: string): Promise<void>;
}

/** A refused attempt: nothing to give back, and the wait in whole seconds (at least one). */
function refusal(waitMs: number): Reservation {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)), release: async () => {} };
}

/** A counted attempt, given back (`giveBack`) on its first release only. */
function counted(giveBack: () => unknown): Reservation {
  let released = false;
  return {
    allowed: true,
    retryAfterSeconds: 0,
    release: async () => {
      if (released) return;
      released = true;
      await giveBack();
    },
  };
}

const SWEEP_EVERY = 1000;

/** The single-process limiter: timestamps per key in memory, swept now and then so idle keys do not pile up. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly attempts = new Map<string, { windowMs: number; times: number[] }>();
  private reservesSinceSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async reserve(key: string, limit: number, windowMs: number): Promise<Reservation> {
    if (++this.reservesSinceSweep >= SWEEP_EVERY) this.sweep();
    const now = this.now();
    const entry = this.attempts.get(key) ?? { windowMs, times: [] };
    entry.windowMs = windowMs;
    entry.times = entry.times.filter((time) => time > now - windowMs);
    if (entry.times.length >= limit) {
      this.store(key, entry);
      const freedAt = (entry.times[entry.times.length - limit] ?? now) + windowMs;
      return refusal(freedAt - now);
    }
    entry.times.push(now);
    this.attempts.set(key, entry);
    return counted(() => {
      const current = this.attempts.get(key);
      const index = current?.times.lastIndexOf(now) ?? -1;
      if (current && index >= 0) current.times.splice(index, 1);
    });
  }

  async reset(key: string): Promise<void> {
    this.attempts.delete(key);
  }

  private store(key: string, entry: { windowMs: number; times: number[] }) {
    if (entry.times.length === 0) this.attempts.delete(key);
    else this.attempts.set(key, entry);
  }

  private sweep() {
    this.reservesSinceSweep = 0;
    const now = this.now();
    for (const [key, entry] of this.attempts) {
      const last = entry.times[entry.times.length - 1];
      if (last === undefined || last <= now - entry.windowMs) this.attempts.delete(key);
    }
  }
}

/**
 * One attempt under a key, in one step on the Redis server: the attempts of the key are a sorted set of
 * their times (Redis's own clock, the same for every process); those older than the window go, and the
 * attempt is added unless `limit` are still in it. Answers {1} when counted, {0, ms until one leaves} when
 * refused.
 * KEYS[1] the key; ARGV: limit, window in ms, the attempt's id.
 */
const RESERVE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count >= limit then
  local freed = now + window
  if limit > 0 then
    local oldest = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
    freed = tonumber(oldest[2]) + window
  end
  return {0, freed - now}
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return {1, 0}
`;

/**
 * The limiter of several processes (REDIS_URL): the same sliding windows as MemoryRateLimiter, kept in
 * Redis, so an attempt counts wherever it was made. When Redis cannot be reached every call fails with 503
 * (SERVICE_UNAVAILABLE): a limited call is refused rather than let through without its limit.
 */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    readonly redis: Redis,
    private readonly prefix = `${REDIS_PREFIX}rl:`,
  ) {}

  async reserve(key: string, limit: number, windowMs: number): Promise<Reservation> {
    const stored = this.prefix + key;
    const attempt = randomUUID();
    const answer = await withRedis(this.redis, (redis) =>
      redis.eval(RESERVE_SCRIPT, 1, stored, limit, windowMs, attempt),
    );
    const [allowed, waitMs] = answer as [number, number];
    if (!allowed) return refusal(waitMs);
    return counted(() => withRedis(this.redis, (redis) => redis.zrem(stored, attempt)));
  }

  async reset(key: string): Promise<void> {
    await withRedis(this.redis, (redis) => redis.del(this.prefix + key));
  }
}

export interface Limit {
  key: string;
  limit: number;
}

/**
 * Counts one attempt under every limit, or under none: when one refuses, the others are given back and
 * the call is refused with 429 and the longest wait; when one cannot be counted (Redis unreachable: 503),
 * the others are given back as far as possible and that failure is the answer. `release` gives back all of them.
 */
export async function reserveAll(
  limiter: RateLimiter,
  limits: Limit[],
  windowMinutes: number,
  message: (minutes: number) => string,
): Promise<{ release(): Promise<void> }> {
  const settled = await Promise.allSettled(limits.map((l) => limiter.reserve(l.key, l.limit, windowMinutes * 60_000)));
  const reservations = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const release = async () => {
    await Promise.all(reservations.map((reservation) => reservation.release()));
  };
  const failure = settled.find((result) => result.status === 'rejected');
  if (failure) {
    // Whatever could not be given back leaves the window with the others: a refusal, never an extra attempt.
    await release().catch(() => {});
    throw failure.reason;
  }
  const wait = Math.max(0, ...reservations.map((reservation) => reservation.retryAfterSeconds));
  if (reservations.some((reservation) => !reservation.allowed)) {
    await release();
    throw new DomainError('TOO_MANY_REQUESTS', message(Math.ceil(wait / 60)), undefined, wait);
  }
  return { release };
}

const tooMany = (what: string) => (minutes: number) =>
  `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

type Limits = ServicesConfig['limits'];

/** The calls that cost us or reveal something, each counted per IP address (and per account when signed in). */
const CALL_LIMITS = {
  register: { message: tooMany('registrations from this address'), perIp: (l: Limits) => l.registerPerIp },
  contact: { message: tooMany('messages from this address'), perIp: (l: Limits) => l.contactPerIp },
  couponCheck: {
    message: tooMany('coupon checks'),
    perIp: (l: Limits) => l.couponChecksPerIp,
    perAccount: (l: Limits) => l.couponChecksPerAccount,
  },
  bankResolve: {
    message: tooMany('account checks'),
    perIp: (l: Limits) => l.bankResolvePerIp,
    perAccount: (l: Limits) => l.bankResolvePerAccount,
  },
} satisfies Record<
  string,
  { message: (minutes: number) => string; perIp: (l: Limits) => number; perAccount?: (l: Limits) => number }
>;

/**
 * What limitCall reads of a request's context; a Context is one. Written out here so the limiter, which
 * the context's Services hold, does not import the context back.
 */
export interface LimitedRequest {
  services: { config: Pick<ServicesConfig, 'limits'>; rateLimiter: RateLimiter };
  request: { ip: string };
}

/** Counts one call of `kind` from this request's address (and account), or refuses it with 429. */
export async function limitCall(
  ctx: LimitedRequest,
  kind: keyof typeof CALL_LIMITS,
  accountId?: number,
): Promise<void> {
  const { limits } = ctx.services.config;
  const rule: (typeof CALL_LIMITS)[keyof typeof CALL_LIMITS] & { perAccount?: (l: Limits) => number } =
    CALL_LIMITS[kind];
  const counted: Limit[] = [{ key: `${kind}:ip:${ctx.request.ip}`, limit: rule.perIp(limits) }];
  if (rule.perAccount && accountId !== undefined) {
    counted.push({ key: `${kind}:account:${accountId}`, limit: rule.perAccount(limits) });
  }
  await reserveAll(ctx.services.rateLimiter, counted, limits.windowMinutes, rule.message);
}
