import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PendingUpgrade } from '@contract/subscriptions';
import { getJson } from '@/lib/api-client';

export const PENDING_UPGRADE_PATH = '/api/subscriptions/pending';

export const pendingUpgradeQueryKey = [PENDING_UPGRADE_PATH] as const;

/** The user's upgrade still waiting for its payment or a Director's approval, with its payment; null when none. */
export function getPendingUpgrade({ signal }: { signal?: AbortSignal } = {}): Promise<PendingUpgrade | null> {
  return getJson<PendingUpgrade | null>(PENDING_UPGRADE_PATH, { on401: 'throw', signal });
}

export function getPendingUpgradeQueryOptions() {
  return queryOptions({ queryKey: pendingUpgradeQueryKey, queryFn: getPendingUpgrade });
}

export function usePendingUpgrade() {
  return useQuery(getPendingUpgradeQueryOptions());
}
