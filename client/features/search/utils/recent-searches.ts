import { MIN_QUERY_LENGTH, RECENT_SEARCHES_LIMIT } from '@/features/search/utils/search-limits';

/** sessionStorage: recent searches last as long as the browser session. */
export const RECENT_SEARCHES_KEY = 'intel-portal:recent-searches';

/**
 * Newest first, no duplicates (the same words in another case count as the same search, and the
 * newest spelling wins), at most 5. Texts shorter than a search are not kept.
 */
export function addRecentSearch(recent: readonly string[], text: string): string[] {
  const term = text.trim().replace(/\s+/g, ' ');
  if (term.length < MIN_QUERY_LENGTH) return [...recent];
  const key = term.toLocaleLowerCase();
  return [term, ...recent.filter((item) => item.toLocaleLowerCase() !== key)].slice(0, RECENT_SEARCHES_LIMIT);
}

/** What this session has kept; nothing when storage is unavailable or holds something else. */
export function readRecentSearches(storage: Storage | undefined = globalThis.sessionStorage): string[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(RECENT_SEARCHES_KEY) ?? '[]');
    if (!Array.isArray(value)) return [];
    return value.filter((item): item is string => typeof item === 'string').slice(0, RECENT_SEARCHES_LIMIT);
  } catch {
    return [];
  }
}

export function writeRecentSearches(
  recent: readonly string[],
  storage: Storage | undefined = globalThis.sessionStorage,
): void {
  try {
    if (recent.length === 0) storage?.removeItem(RECENT_SEARCHES_KEY);
    else storage?.setItem(RECENT_SEARCHES_KEY, JSON.stringify(recent));
  } catch {
    // Storage full or disabled (private mode): the list lives on in memory for this page.
  }
}
