import { describe, expect, it } from 'vitest';
import { RECENT_SEARCHES_MAX, SEARCH_MIN_LENGTH, SEARCH_QUERY_MAX } from '@contract/search';
import {
  addRecentSearch,
  readRecentSearches,
  RECENT_SEARCHES_KEY,
  writeRecentSearches,
} from '@/features/search/utils/recent-searches';
import {
  MAX_QUERY_LENGTH,
  MIN_QUERY_LENGTH,
  RECENT_SEARCHES_LIMIT,
} from '@/features/search/utils/search-limits';

describe('recent searches', () => {
  it('puts the newest first', () => {
    expect(addRecentSearch(['drone'], 'faraday')).toEqual(['faraday', 'drone']);
  });

  it('keeps one of each, moving a repeated search to the front (in its newest spelling)', () => {
    expect(addRecentSearch(['faraday', 'drone', 'osint'], 'drone')).toEqual(['drone', 'faraday', 'osint']);
    expect(addRecentSearch(['faraday', 'drone'], '  Drone ')).toEqual(['Drone', 'faraday']);
  });

  it('keeps at most 5', () => {
    let recent: string[] = [];
    for (const term of ['one', 'two', 'three', 'four', 'five', 'six', 'seven']) {
      recent = addRecentSearch(recent, term);
    }
    expect(recent).toEqual(['seven', 'six', 'five', 'four', 'three']);
  });

  it('ignores texts too short to be a search', () => {
    expect(addRecentSearch(['drone'], ' a ')).toEqual(['drone']);
  });

  it('lives in sessionStorage and survives garbage there', () => {
    writeRecentSearches(['faraday', 'drone']);
    expect(window.sessionStorage.getItem(RECENT_SEARCHES_KEY)).toBe('["faraday","drone"]');
    expect(readRecentSearches()).toEqual(['faraday', 'drone']);
    window.sessionStorage.setItem(RECENT_SEARCHES_KEY, '{not json');
    expect(readRecentSearches()).toEqual([]);
    window.sessionStorage.setItem(RECENT_SEARCHES_KEY, '{"a":1}');
    expect(readRecentSearches()).toEqual([]);
    writeRecentSearches([]);
    expect(window.sessionStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
  });
});

describe('search limits', () => {
  it("match the contract's (kept apart so zod stays out of the first page)", () => {
    expect(MIN_QUERY_LENGTH).toBe(SEARCH_MIN_LENGTH);
    expect(RECENT_SEARCHES_LIMIT).toBe(RECENT_SEARCHES_MAX);
    expect(MAX_QUERY_LENGTH).toBe(SEARCH_QUERY_MAX);
  });
});
