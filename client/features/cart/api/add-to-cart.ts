import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddToCartRequest, CartLine } from '@contract/cart';
import { apiRequest } from '@/lib/api-client';
import { CART_PATH, cartQueryKey } from '@/features/cart/api/get-cart';

/**
 * 201 with the line. A product already in the cart gets its line's quantity raised. 400 above the stock or
 * outside 1-99, 403 `TIER_REQUIRED` below the product's tier, 409 `OUT_OF_STOCK`.
 */
export function addToCart(data: AddToCartRequest): Promise<CartLine> {
  return apiRequest<CartLine>('POST', CART_PATH, data);
}

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: cartQueryKey });
    },
  });
}
