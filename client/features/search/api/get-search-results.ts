import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '@contract/search';
import { getJson } from '@/lib/api-client';
import { MIN_QUERY_LENGTH } from '@/features/search/utils/search-limits';

export const SEARCH_PATH = '/api/search';

/** The root of every search query (results and trending). */
export const searchQueryKey = [SEARCH_PATH] as const;

export function searchResultsQueryKey(q: string) {
  return [...searchQueryKey, { q }] as const;
}

/** At most 20 results across products, services, investigations, blog posts and vendors (public). */
export function getSearchResults(
  q: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SearchResult[]> {
  return getJson<SearchResult[]>(`${SEARCH_PATH}?${new URLSearchParams({ q })}`, { on401: 'throw', signal });
}

export function getSearchResultsQueryOptions(q: string) {
  return queryOptions({
    queryKey: searchResultsQueryKey(q),
    queryFn: ({ signal }) => getSearchResults(q, { signal }),
    // Nothing is asked below 2 characters: the panel shows recent and trending searches instead.
    enabled: q.length >= MIN_QUERY_LENGTH,
    // Results change as the catalogue does; a search a minute later asks again.
    staleTime: 60_000,
  });
}

/** While the next text's results load, the previous ones stay on screen. */
export function useSearchResults(q: string, { enabled = true }: { enabled?: boolean } = {}) {
  const options = getSearchResultsQueryOptions(q);
  return useQuery({ ...options, enabled: enabled && options.enabled, placeholderData: keepPreviousData });
}
