import { TtlCache } from './ttl-cache.js';
import type { MaybeLoaded } from './when-ready.js';

/**
 * A TtlCache filled by loads, for the cached public lists. A value at hand is handed out as it is (no promise:
 * `sendWhenReady`); a miss starts one load, which every ask for that key shares until it ends, so when a list
 * expires under load the requests that find it missing wait for the one read under way instead of each sending the
 * same query, serialising and compressing their own copy (decision 014). `clear` drops the values and the loads
 * under way: a load that began before a change answers its own callers but is neither shared nor kept. The loads
 * are bounded by the reads under way: each leaves when its read ends.
 */
export class LoadingCache<K, V extends object> {
  private readonly values: TtlCache<K, V>;
  private readonly loads = new Map<K, Promise<V>>();

  constructor(ttlMs: number, maxEntries: number) {
    this.values = new TtlCache(ttlMs, maxEntries);
  }

  /** The value for `key`: at hand, else the load under way for it, else `load`'s, which stores it when it comes. */
  get(key: K, load: () => Promise<V>): MaybeLoaded<V> {
    return this.values.get(key) ?? this.loads.get(key) ?? this.start(key, load);
  }

  private start(key: K, load: () => Promise<V>): Promise<V> {
    const loading = load().then(
      (value) => {
        // Still this key's load: no change cleared the cache meanwhile.
        if (this.loads.get(key) === loading) {
          this.loads.delete(key);
          this.values.set(key, value);
        }
        return value;
      },
      (error: unknown) => {
        if (this.loads.get(key) === loading) this.loads.delete(key);
        throw error;
      },
    );
    this.loads.set(key, loading);
    return loading;
  }

  /** Forgets every value and every load under way (a change this instance made). */
  clear(): void {
    this.values.clear();
    this.loads.clear();
  }
}
