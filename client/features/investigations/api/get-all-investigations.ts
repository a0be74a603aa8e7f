import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Investigation } from '@contract/investigations';
import { getJson } from '@/lib/api-client';
import { INVESTIGATIONS_PATH } from '@/features/investigations/api/get-investigations';

/** Under the own-requests key, so whatever refreshes one refreshes both. */
export const allInvestigationsQueryKey = [INVESTIGATIONS_PATH, { scope: 'all' }] as const;

/** Everyone's requests, newest first (Directors only; anyone else gets 403). */
export function getAllInvestigations({ signal }: { signal?: AbortSignal } = {}): Promise<Investigation[]> {
  return getJson<Investigation[]>(`${INVESTIGATIONS_PATH}?scope=all`, { on401: 'throw', signal });
}

export function getAllInvestigationsQueryOptions() {
  return queryOptions({ queryKey: allInvestigationsQueryKey, queryFn: getAllInvestigations });
}

export function useAllInvestigations() {
  return useQuery(getAllInvestigationsQueryOptions());
}
