import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderRequest, Order } from '@contract/orders';
import { apiRequest, ApiError } from '@/lib/api-client';
import { cartQueryKey } from '@/features/cart/api/get-cart';
import { ORDERS_PATH, ordersQueryKey } from '@/features/cart/api/get-orders';

/**
 * Turns the cart into an order: 201 with the order ('paid' for a card, 'pending' for crypto and bank transfer
 * until confirmed). 409 `OUT_OF_STOCK` naming the product when a line can no longer be served; 400 for a bad
 * address (with issues) or an empty cart.
 */
export function createOrder(data: CreateOrderRequest): Promise<Order> {
  return apiRequest<Order>('POST', ORDERS_PATH, data);
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => {
      // The cart is now empty on the server. Stock has changed too: the app refreshes the catalogue, which
      // belongs to another feature.
      void queryClient.invalidateQueries({ queryKey: cartQueryKey });
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    },
    onError: (error) => {
      // Someone bought the last units first: show the cart as it stands now.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: cartQueryKey });
      }
    },
  });
}
