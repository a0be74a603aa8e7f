import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPayment } from '@contract/payments';
import { getJson, queryKeyToPath } from '@/lib/api-client';
import { pendingPaymentsQueryKey } from '@/lib/billing-query-keys';

export function getPendingPayments({ signal }: { signal?: AbortSignal } = {}): Promise<AdminPayment[]> {
  return getJson<AdminPayment[]>(queryKeyToPath(pendingPaymentsQueryKey), { on401: 'throw', signal });
}

export function getPendingPaymentsQueryOptions() {
  return queryOptions({ queryKey: pendingPaymentsQueryKey, queryFn: getPendingPayments });
}

/** Directors only (tier 4): pass `enabled: false` for anyone else. */
export function usePendingPayments({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getPendingPaymentsQueryOptions(), enabled });
}
