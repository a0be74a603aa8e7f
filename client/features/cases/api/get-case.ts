import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaseDetail } from '@contract/cases';
import { getJson } from '@/lib/api-client';
import { CASES_PATH } from '@/features/cases/api/get-cases';
import { useLiveEvents } from '@/lib/live-events';

/** Kept apart from the lists' keys: refreshing the lists leaves an open case alone. */
export function caseQueryKey(id: string) {
  return [`${CASES_PATH}/:id`, id] as const;
}

/** A case with its updates; internal notes reach Directors only (the server leaves them out for others). */
export function getCase(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<CaseDetail> {
  return getJson<CaseDetail>(`${CASES_PATH}/${encodeURIComponent(id)}`, { on401: 'throw', signal });
}

export function getCaseQueryOptions(id: string) {
  return queryOptions({ queryKey: caseQueryKey(id), queryFn: ({ signal }) => getCase(id, { signal }) });
}

/** An open case, read again when the stream says it changed (a Director's reply shows without a reload). */
export function useCase(id: string | null) {
  const queryClient = useQueryClient();
  const refresh = () => {
    if (id !== null) void queryClient.invalidateQueries({ queryKey: caseQueryKey(id) });
  };
  useLiveEvents({ 'case.updated': ({ caseId }) => caseId === id && refresh(), reset: refresh });
  return useQuery({ ...getCaseQueryOptions(id ?? ''), enabled: id !== null });
}
