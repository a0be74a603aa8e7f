import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, ShipOrderRequest } from '@contract/orders';
import { apiRequest } from '@/lib/api-client';
import { orderQueueQueryKey } from '@/features/orders/api/get-order-queue';

/**
 * The Directors' actions on an order, one endpoint each: ship (carrier, tracking number), deliver, approve or
 * reject a return, send a refused refund again. Each refreshes the queues.
 */
export type OrderAction =
  | { kind: 'ship'; orderId: string; body: ShipOrderRequest }
  | { kind: 'deliver'; orderId: string }
  | { kind: 'approve-return'; returnId: string }
  | { kind: 'reject-return'; returnId: string; reason: string }
  | { kind: 'retry-refund'; refundId: string };

export function actOnOrder(action: OrderAction): Promise<Order | unknown> {
  switch (action.kind) {
    case 'ship':
      return apiRequest<Order>('POST', `/api/orders/${encodeURIComponent(action.orderId)}/ship`, action.body);
    case 'deliver':
      return apiRequest<Order>('POST', `/api/orders/${encodeURIComponent(action.orderId)}/deliver`, {});
    case 'approve-return':
      return apiRequest<Order>('POST', `/api/returns/${encodeURIComponent(action.returnId)}/approve`, {});
    case 'reject-return':
      return apiRequest<Order>('POST', `/api/returns/${encodeURIComponent(action.returnId)}/reject`, {
        reason: action.reason,
      });
    case 'retry-refund':
      return apiRequest('POST', `/api/admin/refunds/${encodeURIComponent(action.refundId)}/retry`, {});
  }
}

export function useOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderQueueQueryKey }),
  });
}
