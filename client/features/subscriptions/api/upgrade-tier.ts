import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpgradeTierRequest, UpgradeTierResponse } from '@contract/subscriptions';
import { apiRequest } from '@/lib/api-client';
import { activeSubscriptionQueryKey } from '@/features/subscriptions/api/get-active-subscription';
import { paymentsQueryKey } from '@/lib/billing-query-keys';

export const UPGRADE_TIER_PATH = '/api/upgrade-tier';

/**
 * 201 with the outcome: `active` (the tier applies now), `pending_payment` (crypto or bank transfer waits for a
 * Director) or `pending_approval` (tier 4). 400 for a tier at or below the user's, 409 while another upgrade
 * waits, 401 when signed out.
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
  });
}
