import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { REDIS_PREFIX, REDIS_WAIT_MS, withRedis } from '../../redis.js';

/**
 * Remembers how many products match each set of catalogue filters, so that turning the pages of one
 * search counts its matches once instead of on every page. Counting every match is the one part of a
 * catalogue page that grows with the catalogue; the page itself stops after its rows.
 *
 * Entries are dropped whenever the catalogue changes (`changed()`, called by `catalogueChanged`), and
 * after `ttlMs` in any case, which bounds how stale a total can be when something else (a CLI, a second
 * server without Redis) wrote to the database. A total counted while a change happened is not kept: it
 * may have been counted before the change (only a total whose count began after the last `clear()` is).
 */
/** The share of a total's life after which a request that reads it has it counted again in the background. */
const RENEW_AFTER = 0.8;

/** How long a process waits before subscribing again after a subscription failed on a live connection. */
const LISTEN_RETRY_MS = 250;

export class CatalogueTotals {
  private readonly totals = new Map<string, { total: number; at: number }>();
  /** Keys being counted since the last clear, which `set` may remember. */
  private readonly counting = new Set<string>();
  /** The counts in flight since the last clear, shared by every request that needs the same total meanwhile. */
  private readonly pending = new Map<string, Promise<number>>();
  /** How many times the totals were cleared: a count that began before a clear is not remembered. */
  private generation = 0;

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The remembered total of `key`; undefined means: count it, then `set` it. */
  get(key: string): number | undefined {
    const entry = this.totals.get(key);
    if (entry && this.now() - entry.at <= this.ttlMs) return entry.total;
    this.totals.delete(key);
    if (this.counting.size >= this.maxEntries) this.counting.clear();
    this.counting.add(key);
    return undefined;
  }

  set(key: string, total: number): void {
    if (!this.counting.delete(key)) return;
    // The oldest entry goes first when full (a Map keeps insertion order).
    if (this.totals.size >= this.maxEntries) {
      const oldest = this.totals.keys().next().value;
      if (oldest !== undefined) this.totals.delete(oldest);
    }
    this.totals.set(key, { total, at: this.now() });
  }

  /**
   * The total of `key`: the remembered one, else the count in flight for it, else `count()`, remembered as
   * `set` allows. When a total expires under load, the requests that need it meanwhile wait for one count
   * instead of each running its own (on SQLite, 50 counts of a search at ~15 ms each held every request of
   * the server for most of a second). A request arriving mid-count gets a total counted after the last
   * change, as a remembered one is. A total in the last fifth of its life is counted again in the background
   * while it still answers, so a busy search's total is renewed before it expires and no request waits for it.
   */
  total(key: string, count: () => Promise<number>): Promise<number> {
    const known = this.get(key);
    if (known !== undefined) {
      this.renewSoon(key, count);
      return Promise.resolve(known);
    }
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    return this.startCount(key, count);
  }

  /** Starts a background count of a remembered total near the end of its life (one at a time per key). */
  private renewSoon(key: string, count: () => Promise<number>): void {
    const entry = this.totals.get(key);
    if (!entry || this.pending.has(key) || this.now() - entry.at <= this.ttlMs * RENEW_AFTER) return;
    this.counting.add(key);
    // A failed renewal changes nothing: the total expires, and the next request counts it itself.
    this.startCount(key, count).catch(() => undefined);
  }

  private startCount(key: string, count: () => Promise<number>): Promise<number> {
    const generation = this.generation;
    const counted = count()
      .then((total) => {
        // `set` alone would keep it if a request after a clear had asked for the key meanwhile.
        if (this.generation === generation) this.set(key, total);
        return total;
      })
      .finally(() => {
        if (this.pending.get(key) === counted) this.pending.delete(key);
      });
    this.pending.set(key, counted);
    return counted;
  }

  /** Forgets every total of this process, and the counts in flight. */
  clear(): void {
    this.generation += 1;
    this.totals.clear();
    this.counting.clear();
    this.pending.clear();
  }

  /** The catalogue changed: forgets the totals (SharedCatalogueTotals: in every process). */
  async changed(): Promise<void> {
    this.clear();
  }
}

/**
 * The totals of one of several server processes (REDIS_URL): a change in any process clears them in all,
 * through a Redis channel every process listens on, and each process answers on the changer's own channel
 * once it has cleared, so the change is answered only when no process remembers a total from before it.
 * While this process is not listening (Redis down, or reconnecting) it remembers nothing and counts every
 * time, and it forgets everything when it listens again, since it may have missed a change.
 */
export class SharedCatalogueTotals extends CatalogueTotals {
  /** One channel per Redis database, so apps on different database numbers of one server stay apart. */
  readonly channel: string;
  /** Where the other processes say they cleared after a change of this one. */
  private readonly clearedChannel: string;
  private readonly processId = randomUUID();
  private subscribed = false;
  /** The next try to subscribe, after one failed on a connection that is still up. */
  private retry: NodeJS.Timeout | undefined;
  /** Changes of this process: how many processes received it, and how many said they cleared. */
  private readonly waiting = new Map<string, { received: number; cleared: number; done: () => void }>();

  constructor(
    private readonly publisher: Redis,
    readonly subscriber: Redis,
  ) {
    super();
    this.channel = `${REDIS_PREFIX}catalogue-changed:${publisher.options.db ?? 0}`;
    this.clearedChannel = this.clearedChannelOf(this.processId);
    // Every (re)connection subscribes afresh: changes published while this process was away are lost.
    subscriber.on('ready', () => void this.listen());
    // A connection already up fires no 'ready' again (createServices opens Redis, then awaits the database).
    if (subscriber.status === 'ready') void this.listen();
    subscriber.on('close', () => {
      this.subscribed = false;
      clearTimeout(this.retry);
    });
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.heardChange(message);
      else if (channel === this.clearedChannel) this.heardCleared(message);
    });
  }

  private clearedChannelOf(processId: string): string {
    return `${this.channel}:cleared:${processId}`;
  }

  /** Whether this process hears the others' changes, so may remember totals. */
  get listening(): boolean {
    return this.subscribed;
  }

  private async listen(): Promise<void> {
    clearTimeout(this.retry);
    try {
      await this.subscriber.subscribe(this.channel, this.clearedChannel);
      this.clear();
      this.subscribed = true;
    } catch {
      // The connection dropped: its next 'ready' tries again. Or it is up and the answer came after the
      // command timeout (a stalled machine; Redis may well have subscribed us): without another try this
      // process would count every total until its next reconnection. Subscribing twice is harmless.
      if (this.subscriber.status !== 'ready') return;
      this.retry = setTimeout(() => void this.listen(), LISTEN_RETRY_MS);
      this.retry.unref();
    }
  }

  /** A change of some process (`<process> <change>`): forget, then tell that process. */
  private heardChange(message: string): void {
    this.clear();
    const [processId, changeId] = message.split(' ');
    if (!processId || !changeId) return;
    // Not heard back: the changer stops waiting after REDIS_WAIT_MS.
    this.publisher.publish(this.clearedChannelOf(processId), changeId).catch(() => {});
  }

  private heardCleared(changeId: string): void {
    const change = this.waiting.get(changeId);
    if (!change) return;
    change.cleared += 1;
    if (change.cleared >= change.received) change.done();
  }

  override get(key: string): number | undefined {
    return this.subscribed ? super.get(key) : undefined;
  }

  override set(key: string, total: number): void {
    if (this.subscribed) super.set(key, total);
  }

  /**
   * Clears the totals here at once, then in every process, and waits (at most REDIS_WAIT_MS) until every
   * process that received the change says it cleared: the request that changed the catalogue is answered
   * after that, so any process's next request counts afresh. Redis unreachable: the change stands (it is
   * in the database). When Redis is down the other processes cannot listen either, so they remember
   * nothing until they listen again; when only this process lost it, theirs may lag by up to ttlMs.
   */
  override async changed(): Promise<void> {
    this.clear();
    const changeId = randomUUID();
    const change = { received: Number.POSITIVE_INFINITY, cleared: 0, done: () => {} };
    const allCleared = new Promise<void>((resolve) => {
      change.done = resolve;
    });
    const timer = setTimeout(change.done, REDIS_WAIT_MS);
    this.waiting.set(changeId, change);
    try {
      change.received = await withRedis(this.publisher, (redis) =>
        redis.publish(this.channel, `${this.processId} ${changeId}`),
      );
      // Without our own subscription the answers cannot reach us: the others have it, that is all we know.
      if (!this.subscribed) return;
      if (change.cleared >= change.received) change.done();
      await allCleared;
    } catch {
      // See above: nothing to undo, nobody to tell.
    } finally {
      clearTimeout(timer);
      this.waiting.delete(changeId);
    }
  }
}
