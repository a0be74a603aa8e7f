import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '@contract/subscriptions';
import { apiRequest } from '@/lib/api-client';
import { activeSubscriptionQueryKey } from '@/features/subscriptions/api/get-active-subscription';

export const CANCEL_SUBSCRIPTION_PATH = '/api/subscriptions/cancel';

/** 200 with the subscription, auto renewal off (the tier stays until the period ends); 404 when none is active. */
export function cancelSubscription(): Promise<Subscription> {
  return apiRequest<Subscription>('POST', CANCEL_SUBSCRIPTION_PATH);
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activeSubscriptionQueryKey }),
  });
}
