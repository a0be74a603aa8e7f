import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';

/** What the New Rule form offers actions to point at: the user's integrations and cases, by name. */
export interface ActionTargets {
  integrations: { id: string; name: string; type: string; isActive: boolean }[];
  cases: { id: string; caseNumber: string; title: string }[];
}

// Its own key: a read of the two lists for this form, refreshed whenever the form opens.
export const actionTargetsQueryKey = ['/api/automation', 'action-targets'] as const;

export async function getActionTargets({ signal }: { signal?: AbortSignal } = {}): Promise<ActionTargets> {
  const [integrations, cases] = await Promise.all([
    getJson<ActionTargets['integrations']>('/api/integrations', { on401: 'throw', signal }),
    getJson<ActionTargets['cases']>('/api/cases', { on401: 'throw', signal }),
  ]);
  return { integrations, cases };
}

export function getActionTargetsQueryOptions() {
  return queryOptions({
    queryKey: actionTargetsQueryKey,
    queryFn: ({ signal }) => getActionTargets({ signal }),
    staleTime: 0,
  });
}

export function useActionTargets() {
  return useQuery(getActionTargetsQueryOptions());
}
