import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Case } from '@contract/cases';
import { getJson } from '@/lib/api-client';
import { useLiveEvents } from '@/lib/live-events';

export const CASES_PATH = '/api/cases';

/** The case lists: My Cases, and for Directors the queue (new and unassigned), Assigned to me and All cases. */
export type CasesView = 'mine' | 'queue' | 'assigned' | 'all';

const VIEW_QUERY: Record<CasesView, string> = {
  mine: '',
  queue: 'scope=queue',
  assigned: 'assigned=true',
  all: 'scope=all',
};

export const casesQueryKey = [CASES_PATH] as const;

/** `query`: the Directors' service-level order and filter (`sort=due&breached=true`), '' for none. */
export function casesViewQueryKey(view: CasesView, query = '') {
  return [CASES_PATH, view, query] as const;
}

/** The cases of one tab, newest first (or as `query` orders and filters them). */
export function getCases(
  view: CasesView,
  { signal, query = '' }: { signal?: AbortSignal; query?: string } = {},
): Promise<Case[]> {
  const search = [VIEW_QUERY[view], query].filter(Boolean).join('&');
  return getJson<Case[]>(`${CASES_PATH}${search ? `?${search}` : ''}`, { on401: 'throw', signal });
}

export function getCasesQueryOptions(view: CasesView, query = '') {
  return queryOptions({
    queryKey: casesViewQueryKey(view, query),
    queryFn: ({ signal }) => getCases(view, { signal, query }),
  });
}

/** A list of cases, read again when the stream says one changed. */
export function useCases(view: CasesView, query = '') {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: casesViewQueryKey(view, query) });
  useLiveEvents({ 'case.updated': refresh, reset: refresh });
  return useQuery(getCasesQueryOptions(view, query));
}
