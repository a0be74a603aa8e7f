import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartLine, UpdateCartRequest } from '@contract/cart';
import { apiRequest } from '@/lib/api-client';
import { CART_PATH, cartQueryKey } from '@/features/cart/api/get-cart';

export function updateCartItem({ id, quantity }: { id: string } & UpdateCartRequest): Promise<CartLine> {
  return apiRequest<CartLine>('PUT', `${CART_PATH}/${encodeURIComponent(id)}`, { quantity });
}

/** One line's quantity. Stays pending until the cart has been refetched, so its controls never flicker. */
export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCartItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartQueryKey }),
  });
}
