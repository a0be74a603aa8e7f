import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Investigation } from '@contract/investigations';
import { getJson } from '@/lib/api-client';
import { INVESTIGATIONS_PATH } from '@/features/investigations/api/get-investigations';

/** Under the own-requests key, so whatever refreshes one refreshes both; `query` is the service-level filter. */
export function allInvestigationsQueryKey(query = '') {
  return [INVESTIGATIONS_PATH, { scope: 'all', query }] as const;
}

/**
 * Everyone's requests, newest first or as `query` orders and filters them (`sort=due&breached=true`); Directors
 * only (anyone else gets 403).
 */
export function getAllInvestigations({
  signal,
  query = '',
}: { signal?: AbortSignal; query?: string } = {}): Promise<Investigation[]> {
  return getJson<Investigation[]>(`${INVESTIGATIONS_PATH}?scope=all${query ? `&${query}` : ''}`, {
    on401: 'throw',
    signal,
  });
}

export function getAllInvestigationsQueryOptions(query = '') {
  return queryOptions({
    queryKey: allInvestigationsQueryKey(query),
    queryFn: ({ signal }) => getAllInvestigations({ signal, query }),
  });
}

export function useAllInvestigations(query = '') {
  return useQuery(getAllInvestigationsQueryOptions(query));
}
