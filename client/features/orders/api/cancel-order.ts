import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@contract/orders';
import { apiRequest } from '@/lib/api-client';
import { ORDERS_PATH, ordersQueryKey } from '@/features/orders/api/get-orders';

/** Cancels an order before it ships: stock back, full refund, credit note. 409 once it shipped. */
export function cancelOrder({ id, reason }: { id: string; reason: string }): Promise<Order> {
  return apiRequest<Order>('POST', `${ORDERS_PATH}/${encodeURIComponent(id)}/cancel`, { reason });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}
