import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Investigation } from '@contract/investigations';
import { getJson } from '@/lib/api-client';

export const INVESTIGATIONS_PATH = '/api/investigations';

/** The one key of the signed-in user's requests; a new request invalidates it. */
export const investigationsQueryKey = [INVESTIGATIONS_PATH] as const;

/** The signed-in user's own investigation requests, newest first. */
export function getInvestigations({ signal }: { signal?: AbortSignal } = {}): Promise<Investigation[]> {
  return getJson<Investigation[]>(INVESTIGATIONS_PATH, { on401: 'throw', signal });
}

export function getInvestigationsQueryOptions() {
  return queryOptions({ queryKey: investigationsQueryKey, queryFn: getInvestigations });
}

/** Only signed-in users have requests: pass `enabled: false` for anyone else. */
export function useInvestigations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getInvestigationsQueryOptions(), enabled });
}
