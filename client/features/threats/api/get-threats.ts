import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Threat, ThreatCategory, ThreatSeverity } from '@contract/threats';
import { getJson } from '@/lib/api-client';

export const THREATS_PATH = '/api/threat-intelligence';

/** The list's filters; an empty filter shows everything the reader may see. */
export interface ThreatFilters {
  category?: ThreatCategory;
  severity?: ThreatSeverity;
}

export const threatsQueryKey = [THREATS_PATH] as const;

export function threatsFilterQueryKey(filters: ThreatFilters) {
  return [THREATS_PATH, filters] as const;
}

/** `?category=&severity=` for the filters that are set; shared by the list and the STIX export. */
export function threatFilterSearch(filters: ThreatFilters): string {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  if (filters.severity) params.set('severity', filters.severity);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The threat feed, newest first; the server leaves out what the reader's tier may not see. */
export function getThreats(
  filters: ThreatFilters,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Threat[]> {
  return getJson<Threat[]>(`${THREATS_PATH}${threatFilterSearch(filters)}`, { on401: 'throw', signal });
}

export function getThreatsQueryOptions(filters: ThreatFilters) {
  return queryOptions({
    queryKey: threatsFilterQueryKey(filters),
    queryFn: ({ signal }) => getThreats(filters, { signal }),
  });
}

export function useThreats(filters: ThreatFilters) {
  return useQuery(getThreatsQueryOptions(filters));
}
