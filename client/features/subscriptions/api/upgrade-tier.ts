import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpgradeTierRequest, UpgradeTierResponse } from '@contract/subscriptions';
import { apiRequest } from '@/lib/api-client';
import { activeSubscriptionQueryKey } from '@/features/subscriptions/api/get-active-subscription';
import { pendingUpgradeQueryKey } from '@/features/subscriptions/api/get-pending-upgrade';
import { paymentsQueryKey } from '@/lib/billing-query-keys';

export const UPGRADE_TIER_PATH = '/api/upgrade-tier';

/**
 * 201 with the outcome: `active` (the tier applies now), `pending_payment` (crypto or bank transfer waits for a
 * Director; tier 4 too, then waits for approval) or `pending_approval` (tier 4, paid). 400 for a tier at or below
 * the user's, 409 `UPGRADE_PENDING` while another upgrade waits, 401 when signed out.
 */
export function upgradeTier(data: UpgradeTierRequest): Promise<UpgradeTierResponse> {
  return apiRequest<UpgradeTierResponse>('POST', UPGRADE_TIER_PATH, data);
}

/** The user record belongs to the auth feature: the caller refreshes it, as the tier may have changed. */
export function useUpgradeTier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upgradeTier,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: activeSubscriptionQueryKey });
      void queryClient.invalidateQueries({ queryKey: paymentsQueryKey });
    },
    // A refusal because another upgrade waits means the page's idea of what waits is stale too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: pendingUpgradeQueryKey }),
  });
}
