/**
 * Remembers how many products match each set of catalogue filters, so that turning the pages of one
 * search counts its matches once instead of on every page. Counting every match is the one part of a
 * catalogue page that grows with the catalogue; the page itself stops after its rows.
 *
 * Entries are dropped whenever this server changes what the catalogue lists (`clear()`, called by
 * `catalogueChanged`), and after `ttlMs` in any case, which bounds how stale a total can be when
 * another process (a CLI, a second server) wrote to the database.
 */
export class CatalogueTotals {
  private readonly totals = new Map<string, { total: number; at: number }>();

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): number | undefined {
    const entry = this.totals.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at > this.ttlMs) {
      this.totals.delete(key);
      return undefined;
    }
    return entry.total;
  }

  set(key: string, total: number): void {
    // The oldest entry goes first when full (a Map keeps insertion order).
    if (this.totals.size >= this.maxEntries) {
      const oldest = this.totals.keys().next().value;
      if (oldest !== undefined) this.totals.delete(oldest);
    }
    this.totals.set(key, { total, at: this.now() });
  }

  clear(): void {
    this.totals.clear();
  }
}
