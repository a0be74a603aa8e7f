import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VendorProduct } from '@contract/vendors';
import { getJson } from '@/lib/api-client';

export const VENDOR_PRODUCTS_PATH = '/api/vendor/products';

/** Every list of vendor products sits under this key; a new product or a review invalidates it. */
export const vendorProductsQueryKey = [VENDOR_PRODUCTS_PATH] as const;

/** The vendor's own products in every approval state, newest first. */
export function getVendorProducts({ signal }: { signal?: AbortSignal } = {}): Promise<VendorProduct[]> {
  return getJson<VendorProduct[]>(VENDOR_PRODUCTS_PATH, { on401: 'throw', signal });
}

export function getVendorProductsQueryOptions() {
  return queryOptions({ queryKey: [...vendorProductsQueryKey, 'own'] as const, queryFn: getVendorProducts });
}

export function useVendorProducts() {
  return useQuery(getVendorProductsQueryOptions());
}

/** Directors: every vendor's products waiting for approval. */
export function getPendingVendorProducts({ signal }: { signal?: AbortSignal } = {}): Promise<
  VendorProduct[]
> {
  return getJson<VendorProduct[]>(`${VENDOR_PRODUCTS_PATH}?scope=pending`, { on401: 'throw', signal });
}

export function getPendingVendorProductsQueryOptions() {
  return queryOptions({
    queryKey: [...vendorProductsQueryKey, 'pending'] as const,
    queryFn: getPendingVendorProducts,
  });
}

/** Only Directors may read the queue: pass `enabled: false` for anyone else. */
export function usePendingVendorProducts({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getPendingVendorProductsQueryOptions(), enabled });
}
