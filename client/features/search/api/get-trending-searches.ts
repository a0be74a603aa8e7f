import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import { SEARCH_PATH, searchQueryKey } from '@/features/search/api/get-search-results';

export const TRENDING_SEARCHES_PATH = `${SEARCH_PATH}/trending`;

export const trendingSearchesQueryKey = [...searchQueryKey, 'trending'] as const;

/** What people search for most (public). */
export function getTrendingSearches({ signal }: { signal?: AbortSignal } = {}): Promise<string[]> {
  return getJson<string[]>(TRENDING_SEARCHES_PATH, { on401: 'throw', signal });
}

export function getTrendingSearchesQueryOptions() {
  return queryOptions({ queryKey: trendingSearchesQueryKey, queryFn: getTrendingSearches });
}

/** Asked for only once the panel first opens (`enabled`), not on every page load. */
export function useTrendingSearches({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getTrendingSearchesQueryOptions(), enabled });
}
