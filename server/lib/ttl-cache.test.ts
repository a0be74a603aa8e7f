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

describe('TtlCache without a time to live', () => {
  it('keeps entries however long, and drops the oldest past its size whatever was read', () => {
    vi.useFakeTimers();
    const memo = new TtlCache<string, number>(Infinity, 2);
    memo.set('a', 1);
    vi.advanceTimersByTime(365 * 24 * 3600_000);
    expect(memo.get('a')).toBe(1);
    memo.set('b', 2);
    memo.set('c', 3);
    expect(memo.get('a')).toBeUndefined();
    expect([memo.get('b'), memo.get('c'), memo.size]).toEqual([2, 3, 2]);
  });
});
