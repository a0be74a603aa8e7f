import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReturnRequest, OrderReturn } from '@contract/orders';
import { apiRequest } from '@/lib/api-client';
import { ORDERS_PATH, ordersQueryKey } from '@/features/orders/api/get-orders';

/** Asks to return goods of a delivered order (within the return window). 409 for units already asked for. */
export function requestReturn({ id, ...body }: CreateReturnRequest & { id: string }): Promise<OrderReturn> {
  return apiRequest<OrderReturn>('POST', `${ORDERS_PATH}/${encodeURIComponent(id)}/returns`, body);
}

export function useRequestReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestReturn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}
