import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, UpdateProductRequest } from '@contract/catalog';
import { apiRequest } from '@/lib/api-client';
import { productPath } from '@/features/catalog/api/get-product';
import { productsQueryKey } from '@/features/catalog/api/get-products';

/**
 * Directors: a product's HSN code and GST rate (`PATCH /api/products/{id}`); 400 with the field's message for a
 * code that is not 4, 6 or 8 digits or a rate that is not a slab in force, 403 below tier 4.
 */
export function updateProductTax(productId: string, data: UpdateProductRequest): Promise<Product> {
  return apiRequest<Product>('PATCH', productPath(productId), data);
}

export function useUpdateProductTax(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: UpdateProductRequest) => updateProductTax(productId, data),
    // The product page and the listings show the code and the rate: every catalogue query reads them again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
