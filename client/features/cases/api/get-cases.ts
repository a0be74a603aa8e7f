import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Case } from '@contract/cases';
import { getJson } from '@/lib/api-client';

export const CASES_PATH = '/api/cases';

/** The three case lists: My Cases, Assigned Cases (tier 4) and All Cases (tier 4). */
export type CasesView = 'mine' | 'assigned' | 'all';

const VIEW_QUERY: Record<CasesView, string> = { mine: '', assigned: '?assigned=true', all: '?scope=all' };

export const casesQueryKey = [CASES_PATH] as const;

export function casesViewQueryKey(view: CasesView) {
  return [CASES_PATH, view] as const;
}

/** The cases of one tab, newest first. */
export function getCases(view: CasesView, { signal }: { signal?: AbortSignal } = {}): Promise<Case[]> {
  return getJson<Case[]>(`${CASES_PATH}${VIEW_QUERY[view]}`, { on401: 'throw', signal });
}

export function getCasesQueryOptions(view: CasesView) {
  return queryOptions({
    queryKey: casesViewQueryKey(view),
    queryFn: ({ signal }) => getCases(view, { signal }),
  });
}

export function useCases(view: CasesView) {
  return useQuery(getCasesQueryOptions(view));
}
