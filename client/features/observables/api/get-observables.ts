import { queryOptions, useQuery } from '@tanstack/react-query';
import { OBSERVABLES_MAX_LIMIT, type Observable } from '@contract/observables';
import { getJson } from '@/lib/api-client';

/** A case's observables with their matches (design 12.5). `base` is the case's API path, `/api/cases/{id}`. */
export function observablesQueryOptions(base: string) {
  return queryOptions({
    queryKey: [`${base}/observables`],
    queryFn: ({ signal }) =>
      getJson<Observable[]>(`${base}/observables?limit=${OBSERVABLES_MAX_LIMIT}`, { on401: 'throw', signal }),
  });
}

export function useObservables(base: string) {
  return useQuery(observablesQueryOptions(base));
}
