import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvestigationAgent } from '@contract/investigations';
import { getJson } from '@/lib/api-client';

export const INVESTIGATION_AGENTS_PATH = '/api/investigations/agents';

export const investigationAgentsQueryKey = [INVESTIGATION_AGENTS_PATH] as const;

/** The Directors a request may be assigned to (Directors only). */
export function getInvestigationAgents({ signal }: { signal?: AbortSignal } = {}): Promise<
  InvestigationAgent[]
> {
  return getJson<InvestigationAgent[]>(INVESTIGATION_AGENTS_PATH, { on401: 'throw', signal });
}

export function getInvestigationAgentsQueryOptions() {
  return queryOptions({ queryKey: investigationAgentsQueryKey, queryFn: getInvestigationAgents });
}

export function useInvestigationAgents() {
  return useQuery(getInvestigationAgentsQueryOptions());
}
