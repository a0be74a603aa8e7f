import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDetail } from '@contract/catalog';
import { getJson } from '@/lib/api-client';
import { PRODUCTS_PATH, productsQueryKey } from '@/features/catalog/api/get-products';

/** One product; its reviews live under this key too, so invalidating it refreshes both. */
export function productQueryKey(id: string) {
  return [...productsQueryKey, id] as const;
}

export function productPath(id: string): string {
  return `${PRODUCTS_PATH}/${encodeURIComponent(id)}`;
}

/** A product with `canReview` for the viewer; 404 when the id is unknown (or not an id at all). */
export function getProduct(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<ProductDetail> {
  return getJson<ProductDetail>(productPath(id), { on401: 'throw', signal });
}

export function getProductQueryOptions(id: string) {
  return queryOptions({
    queryKey: productQueryKey(id),
    queryFn: ({ signal }) => getProduct(id, { signal }),
  });
}

export function useProduct(id: string) {
  return useQuery(getProductQueryOptions(id));
}
