import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@contract/catalog';
import { getJson } from '@/lib/api-client';
import { productPath, productQueryKey } from '@/features/catalog/api/get-product';

export function reviewsQueryKey(productId: string) {
  return [...productQueryKey(productId), 'reviews'] as const;
}

export function reviewsPath(productId: string): string {
  return `${productPath(productId)}/reviews`;
}

/** A product's reviews, newest first (public). */
export function getReviews(productId: string, { signal }: { signal?: AbortSignal } = {}): Promise<Review[]> {
  return getJson<Review[]>(reviewsPath(productId), { on401: 'throw', signal });
}

export function getReviewsQueryOptions(productId: string) {
  return queryOptions({
    queryKey: reviewsQueryKey(productId),
    queryFn: ({ signal }) => getReviews(productId, { signal }),
  });
}

export function useReviews(productId: string) {
  return useQuery(getReviewsQueryOptions(productId));
}
