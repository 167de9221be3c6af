/**
 * Counts failed sign-ins per account and per IP address in a sliding window. In memory: one server
 * process is the deployment unit (see README); a cluster would keep these counters in Redis.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: { maxFailuresPerAccount: number; maxFailuresPerIp: number; windowMinutes: number },
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the next attempt may be made, or 0 when it may be made now. */
  retryAfter(email: string, ip: string): number {
    return Math.max(
      this.wait(`account:${email}`, this.limits.maxFailuresPerAccount),
      this.wait(`ip:${ip}`, this.limits.maxFailuresPerIp),
    );
  }

  recordFailure(email: string, ip: string): void {
    for (const key of [`account:${email}`, `ip:${ip}`]) {
      const list = this.recent(key);
      list.push(this.now());
      this.failures.set(key, list);
    }
  }

  recordSuccess(email: string): void {
    this.failures.delete(`account:${email}`);
  }

  private recent(key: string): number[] {
    const windowStart = this.now() - this.limits.windowMinutes * 60_000;
    const list = (this.failures.get(key) ?? []).filter((t) => t > windowStart);
    if (list.length === 0) this.failures.delete(key);
    return list;
  }

  private wait(key: string, max: number): number {
    const list = this.recent(key);
    if (list.length < max) return 0;
    const oldestThatCounts = list[list.length - max] ?? this.now();
    return Math.max(1, Math.ceil((oldestThatCounts + this.limits.windowMinutes * 60_000 - this.now()) / 1000));
  }
}
