import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUpgrade } from '@contract/subscriptions';
import { getJson } from '@/lib/api-client';
import { ADMIN_UPGRADES_PATH, pendingUpgradesQueryKey } from '@/lib/billing-query-keys';

/** Upgrades waiting for their payment or a Director's approval (tier 4 always waits for one). */
export function getPendingUpgrades({ signal }: { signal?: AbortSignal } = {}): Promise<AdminUpgrade[]> {
  return getJson<AdminUpgrade[]>(ADMIN_UPGRADES_PATH, { on401: 'throw', signal });
}

export function getPendingUpgradesQueryOptions() {
  return queryOptions({ queryKey: pendingUpgradesQueryKey, queryFn: getPendingUpgrades });
}

/** Directors only (tier 4): pass `enabled: false` for anyone else. */
export function usePendingUpgrades({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getPendingUpgradesQueryOptions(), enabled });
}
