import { afterEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('TtlCache', () => {
  it('forgets entries after their time to live and drops the oldest past its size', () => {
    vi.useFakeTimers();
    const cache = new TtlCache<string, number>(1000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe(2);
    vi.advanceTimersByTime(1001);
    expect(cache.get('b')).toBeUndefined();
    cache.set('d', 4);
    cache.clear();
    expect(cache.get('d')).toBeUndefined();
  });
});
