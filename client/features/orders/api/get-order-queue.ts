import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrder, OrderQueue } from '@contract/orders';
import { getJson } from '@/lib/api-client';

export const ORDER_QUEUE_PATH = '/api/admin/orders';
export const orderQueueQueryKey = [ORDER_QUEUE_PATH] as const;

/** Directors: one of the order queues (to ship, in transit, returns to decide, refunds refused). */
export function getOrderQueue(
  queue: OrderQueue,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdminOrder[]> {
  return getJson<AdminOrder[]>(`${ORDER_QUEUE_PATH}?${new URLSearchParams({ queue })}`, {
    on401: 'throw',
    signal,
  });
}

export function getOrderQueueQueryOptions(queue: OrderQueue) {
  return queryOptions({
    queryKey: [...orderQueueQueryKey, queue],
    queryFn: ({ signal }) => getOrderQueue(queue, { signal }),
  });
}

export function useOrderQueue(queue: OrderQueue) {
  return useQuery(getOrderQueueQueryOptions(queue));
}
