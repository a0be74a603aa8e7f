import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPost } from '@contract/blog';
import { getJson } from '@/lib/api-client';
import { BLOG_PATH } from '@/features/blog/api/get-blog-posts';

export function blogPostQueryKey(id: string, tier: number | null) {
  return [BLOG_PATH, id, { tier }] as const;
}

/** One post with its Markdown body; rejects with a 403 TIER_REQUIRED ApiError above the reader's tier. */
export function getBlogPost(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<BlogPost> {
  return getJson<BlogPost>(`${BLOG_PATH}/${encodeURIComponent(id)}`, { on401: 'throw', signal });
}

/** Keyed by the reader's tier too, so signing in or upgrading opens a post that was locked. */
export function getBlogPostQueryOptions(id: string, tier: number | null) {
  return queryOptions({
    queryKey: blogPostQueryKey(id, tier),
    queryFn: ({ signal }) => getBlogPost(id, { signal }),
  });
}

export function useBlogPost(id: string, tier: number | null) {
  return useQuery(getBlogPostQueryOptions(id, tier));
}
