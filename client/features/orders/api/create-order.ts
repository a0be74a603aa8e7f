import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderRequest, Order } from '@contract/orders';
import { apiRequest } from '@/lib/api-client';
import { ORDERS_PATH, ordersQueryKey } from '@/features/orders/api/get-orders';

/**
 * Turns the cart into an order: 201 with the order ('paid' for a card, 'pending' for crypto and bank transfer
 * until confirmed). 409 `OUT_OF_STOCK` naming the product when a line can no longer be served; 400 for a bad
 * address (with issues) or an empty cart.
 */
export function createOrder(data: CreateOrderRequest): Promise<Order> {
  return apiRequest<Order>('POST', ORDERS_PATH, data);
}

/**
 * The cart (emptied by an order, or changed by a 409) and the catalogue's stock belong to other features: whoever
 * composes the checkout refreshes them when it is told the order was placed or refused.
 */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    },
  });
}
