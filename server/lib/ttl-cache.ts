/**
 * The one bounded cache of the server: at most `maxEntries`, the oldest stored first out (FIFO), and each entry
 * forgotten `ttlMs` after it was stored (`Infinity`: kept until pushed out, for memos of what never goes stale).
 * For data that may be a moment stale but is read far more often than it changes, and for memos that must not grow
 * with what clients send. A read does not reorder (not LRU): a hit is one map lookup, and the hot reads this serves
 * (sessions, lists) live far shorter than it takes to fill the bound (decision 010).
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();
  /** Whether entries expire: a memo without a time to live never reads the clock. */
  private readonly expires: boolean;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {
    this.expires = Number.isFinite(ttlMs);
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.expires && entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: this.expires ? Date.now() + this.ttlMs : Infinity });
  }

  /** Replaces a live entry's value in place, keeping its expiry; nothing when the key is absent. */
  update(key: K, change: (value: V) => V): void {
    const entry = this.entries.get(key);
    if (entry) entry.value = change(entry.value);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  deleteWhere(predicate: (value: V, key: K) => boolean): void {
    for (const [key, entry] of this.entries) if (predicate(entry.value, key)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
