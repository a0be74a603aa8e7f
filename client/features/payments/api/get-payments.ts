import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { EVENTS_FALLBACK_POLL_MS } from '@contract/event-names';
import type { Payment } from '@contract/payments';
import { getJson } from '@/lib/api-client';
import { useLiveEvents, whileStreamDown } from '@/lib/live-events';
import { PAYMENTS_PATH, paymentsQueryKey } from '@/lib/billing-query-keys';

/** The user's payments, newest first. */
export function getPayments({ signal }: { signal?: AbortSignal } = {}): Promise<Payment[]> {
  return getJson<Payment[]>(PAYMENTS_PATH, { on401: 'throw', signal });
}

export function getPaymentsQueryOptions() {
  return queryOptions({
    queryKey: paymentsQueryKey,
    queryFn: getPayments,
    refetchInterval: whileStreamDown(EVENTS_FALLBACK_POLL_MS),
  });
}

/** Read again when the stream says a payment's status moved. */
export function usePayments() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: paymentsQueryKey });
  useLiveEvents({ 'payment.updated': refresh, reset: refresh });
  return useQuery(getPaymentsQueryOptions());
}
