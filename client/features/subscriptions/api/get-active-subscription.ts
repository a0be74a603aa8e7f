import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Subscription } from '@contract/subscriptions';
import { getJson } from '@/lib/api-client';

export const ACTIVE_SUBSCRIPTION_PATH = '/api/subscriptions/active';

export const activeSubscriptionQueryKey = [ACTIVE_SUBSCRIPTION_PATH] as const;

/** The user's active subscription, or null when there is none (the API answers null, not 404). */
export function getActiveSubscription({
  signal,
}: { signal?: AbortSignal } = {}): Promise<Subscription | null> {
  return getJson<Subscription | null>(ACTIVE_SUBSCRIPTION_PATH, { on401: 'throw', signal });
}

export function getActiveSubscriptionQueryOptions() {
  return queryOptions({ queryKey: activeSubscriptionQueryKey, queryFn: getActiveSubscription });
}

export function useActiveSubscription() {
  return useQuery(getActiveSubscriptionQueryOptions());
}
