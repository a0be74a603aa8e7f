import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Payment } from '@contract/payments';
import { apiRequest } from '@/lib/api-client';
import {
  ADMIN_PAYMENTS_PATH,
  pendingPaymentsQueryKey,
  pendingUpgradesQueryKey,
} from '@/lib/billing-query-keys';

export type SettleAction = 'confirm' | 'fail';

/** A Director confirms that a pending payment arrived, or marks it failed; 409 once it is settled. */
export function settlePayment({ id, action }: { id: string; action: SettleAction }): Promise<Payment> {
  return apiRequest<Payment>('POST', `${ADMIN_PAYMENTS_PATH}/${encodeURIComponent(id)}/${action}`);
}

export function useSettlePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settlePayment,
    // A settled payment may start or call off the upgrade it paid for: both queues change.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pendingPaymentsQueryKey });
      void queryClient.invalidateQueries({ queryKey: pendingUpgradesQueryKey });
    },
  });
}
