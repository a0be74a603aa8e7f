import { queryOptions, useQuery } from '@tanstack/react-query';
import { ANALYTICS_REFRESH_MS, type AnalyticsDashboard } from '@contract/analytics';
import { getJson } from '@/lib/api-client';

export const ANALYTICS_DASHBOARD_PATH = '/api/analytics/dashboard';

export const analyticsDashboardQueryKey = [ANALYTICS_DASHBOARD_PATH] as const;

/** The last 30 days' figures, for Directors (tier 4) only: anyone else gets 403 `TIER_REQUIRED`. */
export function getAnalyticsDashboard({
  signal,
}: { signal?: AbortSignal } = {}): Promise<AnalyticsDashboard> {
  return getJson<AnalyticsDashboard>(ANALYTICS_DASHBOARD_PATH, { on401: 'throw', signal });
}

/** Read again every 30 s while it is on screen. */
export function getAnalyticsDashboardQueryOptions() {
  return queryOptions({
    queryKey: analyticsDashboardQueryKey,
    queryFn: getAnalyticsDashboard,
    refetchInterval: ANALYTICS_REFRESH_MS,
  });
}

export function useAnalyticsDashboard() {
  return useQuery(getAnalyticsDashboardQueryOptions());
}
