import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewRequest, Review } from '@contract/catalog';
import { apiRequest } from '@/lib/api-client';
import { productQueryKey } from '@/features/catalog/api/get-product';
import { reviewsPath } from '@/features/catalog/api/get-reviews';

/** 201 with the review; 403 when the viewer never bought the product, 409 when they already reviewed it. */
export function createReview(productId: string, data: CreateReviewRequest): Promise<Review> {
  return apiRequest<Review>('POST', reviewsPath(productId), data);
}

export function useCreateReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: CreateReviewRequest) => createReview(productId, data),
    // The product key covers its reviews: the list, the average and `canReview` all refresh.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productQueryKey(productId) }),
  });
}
