import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VendorProduct, VendorProductRequest } from '@contract/vendors';
import { apiRequest } from '@/lib/api-client';
import { VENDOR_PRODUCTS_PATH, vendorProductsQueryKey } from '@/features/vendors/api/get-vendor-products';
import { vendorStatsQueryKey } from '@/features/vendors/api/get-vendor-stats';

/** Approved vendors: 201 with the product, pending approval. 403 before the application is approved. */
export function createVendorProduct(data: VendorProductRequest): Promise<VendorProduct> {
  return apiRequest<VendorProduct>('POST', VENDOR_PRODUCTS_PATH, data);
}

export function useCreateVendorProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVendorProduct,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: vendorProductsQueryKey }),
        queryClient.invalidateQueries({ queryKey: vendorStatsQueryKey }),
      ]),
  });
}
