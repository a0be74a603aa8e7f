import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Payment } from '@contract/payments';
import { getJson } from '@/lib/api-client';
import { PAYMENTS_PATH, paymentsQueryKey } from '@/lib/billing-query-keys';

/** The user's payments, newest first. */
export function getPayments({ signal }: { signal?: AbortSignal } = {}): Promise<Payment[]> {
  return getJson<Payment[]>(PAYMENTS_PATH, { on401: 'throw', signal });
}

export function getPaymentsQueryOptions() {
  return queryOptions({ queryKey: paymentsQueryKey, queryFn: getPayments });
}

export function usePayments() {
  return useQuery(getPaymentsQueryOptions());
}
