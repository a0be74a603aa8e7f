import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewVendorProductRequest, VendorProduct } from '@contract/vendors';
import { apiRequest } from '@/lib/api-client';
import { VENDOR_PRODUCTS_PATH, vendorProductsQueryKey } from '@/features/vendors/api/get-vendor-products';
import { vendorStatsQueryKey } from '@/features/vendors/api/get-vendor-stats';

/** Directors: approve (it is listed in the marketplace) or reject a vendor product. */
export function reviewVendorProduct({
  id,
  ...data
}: ReviewVendorProductRequest & { id: string }): Promise<VendorProduct> {
  return apiRequest<VendorProduct>('PATCH', `${VENDOR_PRODUCTS_PATH}/${encodeURIComponent(id)}`, data);
}

export function useReviewVendorProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewVendorProduct,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: vendorProductsQueryKey }),
        queryClient.invalidateQueries({ queryKey: vendorStatsQueryKey }),
      ]),
  });
}
