import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamPage } from '@contract/team';
import { getJson } from '@/lib/api-client';

export const TEAM_PATH = '/api/team';

export const teamQueryKey = [TEAM_PATH] as const;

/** Dossiers, advisors and the classification notice (public). */
export function getTeam({ signal }: { signal?: AbortSignal } = {}): Promise<TeamPage> {
  return getJson<TeamPage>(TEAM_PATH, { on401: 'throw', signal });
}

export function getTeamQueryOptions() {
  return queryOptions({ queryKey: teamQueryKey, queryFn: getTeam });
}

export function useTeam() {
  return useQuery(getTeamQueryOptions());
}
