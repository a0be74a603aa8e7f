import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewCounts } from '@contract/review';
import { getJson } from '@/lib/api-client';

export const REVIEW_COUNTS_PATH = '/api/review/counts';

export const reviewCountsQueryKey = [REVIEW_COUNTS_PATH] as const;

/** How much waits in each of the Directors' review queues (tier 4 only: anyone else gets a 403). */
export function getReviewCounts({ signal }: { signal?: AbortSignal } = {}): Promise<ReviewCounts> {
  return getJson<ReviewCounts>(REVIEW_COUNTS_PATH, { on401: 'throw', signal });
}

export function getReviewCountsQueryOptions() {
  return queryOptions({ queryKey: reviewCountsQueryKey, queryFn: getReviewCounts });
}

/**
 * Read once when a Director's layout mounts; the menus call `refetch` each time they open, since the queues move
 * with other people's submissions (no polling: the spec polls notifications only).
 */
export function useReviewCounts({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getReviewCountsQueryOptions(), enabled });
}
