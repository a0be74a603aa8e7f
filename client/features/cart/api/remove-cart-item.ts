import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { CART_PATH, cartQueryKey } from '@/features/cart/api/get-cart';

/** 204; 404 for a line that is not the user's. */
export function removeCartItem(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `${CART_PATH}/${encodeURIComponent(id)}`);
}

/** Stays pending until the cart has been refetched without the line. */
export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartQueryKey }),
  });
}
