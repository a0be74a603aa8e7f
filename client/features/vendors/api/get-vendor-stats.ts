import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VendorStats } from '@contract/vendors';
import { getJson } from '@/lib/api-client';

export const VENDOR_STATS_PATH = '/api/vendor/stats';

export const vendorStatsQueryKey = [VENDOR_STATS_PATH] as const;

/** The vendor's product counts and what paid orders bought of them. */
export function getVendorStats({ signal }: { signal?: AbortSignal } = {}): Promise<VendorStats> {
  return getJson<VendorStats>(VENDOR_STATS_PATH, { on401: 'throw', signal });
}

export function getVendorStatsQueryOptions() {
  return queryOptions({ queryKey: vendorStatsQueryKey, queryFn: getVendorStats });
}

export function useVendorStats() {
  return useQuery(getVendorStatsQueryOptions());
}
