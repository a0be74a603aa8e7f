import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { EVENTS_FALLBACK_POLL_MS } from '@contract/event-names';
import type { Order } from '@contract/orders';
import { getJson } from '@/lib/api-client';
import { useLiveEvents, whileStreamDown } from '@/lib/live-events';

export const ORDERS_PATH = '/api/orders';

export const ordersQueryKey = [ORDERS_PATH] as const;

/** The signed-in user's orders, newest first. */
export function getOrders({ signal }: { signal?: AbortSignal } = {}): Promise<Order[]> {
  return getJson<Order[]>(ORDERS_PATH, { on401: 'throw', signal });
}

export function getOrdersQueryOptions() {
  return queryOptions({
    queryKey: ordersQueryKey,
    queryFn: getOrders,
    refetchInterval: whileStreamDown(EVENTS_FALLBACK_POLL_MS),
  });
}

/** Read again when the stream says an order's status moved. */
export function useOrders({ enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
  useLiveEvents({ 'order.updated': refresh, reset: refresh });
  return useQuery({ ...getOrdersQueryOptions(), enabled });
}
