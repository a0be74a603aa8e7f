import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@contract/orders';
import { getJson } from '@/lib/api-client';

export const ORDERS_PATH = '/api/orders';

export const ordersQueryKey = [ORDERS_PATH] as const;

/** The signed-in user's orders, newest first. */
export function getOrders({ signal }: { signal?: AbortSignal } = {}): Promise<Order[]> {
  return getJson<Order[]>(ORDERS_PATH, { on401: 'throw', signal });
}

export function getOrdersQueryOptions() {
  return queryOptions({ queryKey: ordersQueryKey, queryFn: getOrders });
}

export function useOrders({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getOrdersQueryOptions(), enabled });
}
