import { TtlCache } from './ttl-cache.js';
import type { MaybeLoaded } from './when-ready.js';

/**
 * A TtlCache filled by loads: the cached public lists, and under the change feed's `CoherentCache` the sessions, carts
 * and search forms. A value at hand is handed out as it is (no promise: `sendWhenReady`); a miss starts one load,
 * which every ask for that key shares until it ends, so when an entry expires under load the requests that find it
 * missing wait for the one read under way instead of each sending the same query (and, for a list, serialising and
 * compressing their own copy: decision 014). A load that answers null is shared but not stored.
 *
 * Invalidation drops the loads under way with the values: a load that began before a change answers its own callers
 * but is neither shared nor kept (`delete` drops its key's, `deleteWhere` and `clear` every one, since a load's value
 * is not known yet). Every ask for a key must load the same thing. The loads are bounded by the reads under way: each
 * leaves when its read ends.
 */
export class LoadingCache<K, V extends object> {
  private readonly values: TtlCache<K, V>;
  private readonly loads = new Map<K, Promise<V | null>>();

  constructor(ttlMs: number, maxEntries: number) {
    this.values = new TtlCache(ttlMs, maxEntries);
  }

  /** The value for `key`: at hand, else the load under way for it, else `load`'s, which stores it when it comes. */
  get<L extends V | null>(key: K, load: () => Promise<L>): MaybeLoaded<V | L> {
    return this.values.get(key) ?? (this.loads.get(key) as Promise<L> | undefined) ?? this.start(key, load);
  }

  private start<L extends V | null>(key: K, load: () => Promise<L>): Promise<L> {
    const loading = load().then(
      (value) => {
        // Still this key's load: nothing invalidated it meanwhile.
        if (this.loads.get(key) === loading) {
          this.loads.delete(key);
          if (value !== null) this.values.set(key, value);
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

  get size(): number {
    return this.values.size;
  }

  /** Replaces a stored value in place (e.g. a session's last-seen time after a touch), if it is stored. */
  update(key: K, change: (value: V) => V): void {
    this.values.update(key, change);
  }

  delete(key: K): void {
    this.values.delete(key);
    this.loads.delete(key);
  }

  deleteWhere(predicate: (value: V, key: K) => boolean): void {
    this.values.deleteWhere(predicate);
    this.loads.clear();
  }

  /** Forgets every value and every load under way (a change this instance made). */
  clear(): void {
    this.values.clear();
    this.loads.clear();
  }
}
