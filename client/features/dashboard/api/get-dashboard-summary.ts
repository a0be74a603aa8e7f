import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardSummary } from '@contract/dashboard';
import { getJson } from '@/lib/api-client';

export const DASHBOARD_SUMMARY_PATH = '/api/dashboard/summary';

export const dashboardSummaryQueryKey = [DASHBOARD_SUMMARY_PATH] as const;

/** The signed-in user's own figures (no demo numbers): counts, missions, recent activity and orders. */
export function getDashboardSummary({ signal }: { signal?: AbortSignal } = {}): Promise<DashboardSummary> {
  return getJson<DashboardSummary>(DASHBOARD_SUMMARY_PATH, { on401: 'throw', signal });
}

export function getDashboardSummaryQueryOptions() {
  return queryOptions({ queryKey: dashboardSummaryQueryKey, queryFn: getDashboardSummary });
}

export function useDashboardSummary() {
  return useQuery(getDashboardSummaryQueryOptions());
}
