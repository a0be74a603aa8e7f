import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '@contract/subscriptions';
import { apiRequest } from '@/lib/api-client';
import {
  ADMIN_UPGRADES_PATH,
  pendingPaymentsQueryKey,
  pendingUpgradesQueryKey,
} from '@/lib/billing-query-keys';

export type ReviewAction = 'approve' | 'reject';

/**
 * A Director approves an upgrade (409 while its payment has not completed) or rejects it (its payment fails or
 * is refunded).
 */
export function reviewUpgrade({ id, action }: { id: string; action: ReviewAction }): Promise<Subscription> {
  return apiRequest<Subscription>('POST', `${ADMIN_UPGRADES_PATH}/${encodeURIComponent(id)}/${action}`);
}

export function useReviewUpgrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewUpgrade,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pendingUpgradesQueryKey });
      void queryClient.invalidateQueries({ queryKey: pendingPaymentsQueryKey });
    },
  });
}
