import { describe, expect, it } from 'vitest';
import { LoadingCache } from './loading-cache.js';

/** A load whose promise the test settles, counting how often it was started. */
function controlledLoad<V>() {
  const started: { resolve: (value: V) => void; reject: (error: Error) => void }[] = [];
  const load = () =>
    new Promise<V>((resolve, reject) => {
      started.push({ resolve, reject });
    });
  return { load, started };
}

describe('LoadingCache', () => {
  it('hands out a stored value itself, without a promise and without loading again', async () => {
    const cache = new LoadingCache<string, { n: number }>(Infinity, 10);
    const { load, started } = controlledLoad<{ n: number }>();
    const first = cache.get('k', load);
    expect(first).toBeInstanceOf(Promise);
    started[0]!.resolve({ n: 1 });
    const value = await first;
    expect(cache.get('k', load)).toBe(value);
    expect(started).toHaveLength(1);
  });

  it('shares one load between every ask for a missing key while it is under way', async () => {
    const cache = new LoadingCache<string, { n: number }>(Infinity, 10);
    const { load, started } = controlledLoad<{ n: number }>();
    const asks = Array.from({ length: 32 }, () => cache.get('k', load));
    expect(started).toHaveLength(1);
    expect(new Set(asks).size).toBe(1);
    void cache.get('other', load);
    expect(started).toHaveLength(2);
    started[0]!.resolve({ n: 1 });
    const values = await Promise.all(asks);
    expect(new Set(values).size).toBe(1);
  });

  it('after a failed load, the next ask loads again and nothing failed is stored', async () => {
    const cache = new LoadingCache<string, { n: number }>(Infinity, 10);
    const { load, started } = controlledLoad<{ n: number }>();
    const failing = cache.get('k', load);
    started[0]!.reject(new Error('database gone'));
    await expect(failing).rejects.toThrow('database gone');
    const again = cache.get('k', load);
    expect(started).toHaveLength(2);
    started[1]!.resolve({ n: 2 });
    expect(await again).toEqual({ n: 2 });
    expect(cache.get('k', load)).toEqual({ n: 2 });
  });

  it('a load under way when the cache is cleared answers its callers but is neither shared nor stored', async () => {
    const cache = new LoadingCache<string, { n: number }>(Infinity, 10);
    const { load, started } = controlledLoad<{ n: number }>();
    const before = cache.get('k', load);
    cache.clear();
    const after = cache.get('k', load);
    expect(after).not.toBe(before);
    expect(started).toHaveLength(2);
    started[0]!.resolve({ n: 1 });
    expect(await before).toEqual({ n: 1 });
    // The stale read stored nothing: the key is still loading (the second read), not cached.
    expect(cache.get('k', load)).toBe(after);
    started[1]!.resolve({ n: 2 });
    expect(await after).toEqual({ n: 2 });
    expect(cache.get('k', load)).toEqual({ n: 2 });
  });

  it('forgets a value once its time to live has passed', async () => {
    const cache = new LoadingCache<string, { n: number }>(0, 10);
    const { load, started } = controlledLoad<{ n: number }>();
    const first = cache.get('k', load);
    started[0]!.resolve({ n: 1 });
    await first;
    expect(cache.get('k', load)).toBeInstanceOf(Promise);
    expect(started).toHaveLength(2);
  });

  it('shares a load that finds nothing (null) but does not store it', async () => {
    const cache = new LoadingCache<string, { n: number }>(Infinity, 10);
    const { load, started } = controlledLoad<{ n: number } | null>();
    const asks = [cache.get('k', load), cache.get('k', load)];
    expect(started).toHaveLength(1);
    started[0]!.resolve(null);
    expect(await Promise.all(asks)).toEqual([null, null]);
    expect(cache.get('k', load)).toBeInstanceOf(Promise);
    expect(started).toHaveLength(2);
  });

  it("delete drops its key's value and load under way, deleteWhere every load under way", async () => {
    const cache = new LoadingCache<string, { n: number }>(Infinity, 10);
    const { load, started } = controlledLoad<{ n: number }>();
    const a = cache.get('a', load);
    const b = cache.get('b', load);
    cache.delete('a');
    expect(cache.get('a', load)).not.toBe(a);
    expect(cache.get('b', load)).toBe(b);
    // A predicate cannot be asked of a value not loaded yet: every load under way is dropped.
    cache.deleteWhere(() => false);
    expect(cache.get('b', load)).not.toBe(b);
    expect(started).toHaveLength(4);
    for (const [i, load] of started.entries()) load.resolve({ n: i });
    await Promise.all([a, b]);
    // Only the load begun after both invalidations was stored: 'a's second load was under way at deleteWhere too.
    expect(cache.get('a', load)).toBeInstanceOf(Promise);
    expect(cache.get('b', load)).toEqual({ n: 3 });
  });
});
