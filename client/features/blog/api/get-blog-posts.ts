import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogCategory, BlogPostSummary } from '@contract/blog';
import { getJson } from '@/lib/api-client';

export const BLOG_PATH = '/api/blog';

export interface BlogListFilter {
  /** Omitted for all categories. */
  category?: BlogCategory;
  /**
   * The reader's tier, sent as the original client sent it. The server decides what is locked from the session;
   * the tier is in the key so a sign-in or an upgrade refetches the list with its new locks.
   */
  tier?: number;
}

export function blogPostsQueryKey(filter: BlogListFilter) {
  return [BLOG_PATH, { category: filter.category ?? null, tier: filter.tier ?? null }] as const;
}

/** Published posts, newest first; a locked post has its title and excerpt only. */
export function getBlogPosts(
  filter: BlogListFilter,
  { signal }: { signal?: AbortSignal } = {},
): Promise<BlogPostSummary[]> {
  const query = new URLSearchParams();
  if (filter.category) query.set('category', filter.category);
  if (filter.tier !== undefined) query.set('tier', String(filter.tier));
  const search = query.toString();
  return getJson<BlogPostSummary[]>(search ? `${BLOG_PATH}?${search}` : BLOG_PATH, {
    on401: 'throw',
    signal,
  });
}

export function getBlogPostsQueryOptions(filter: BlogListFilter) {
  return queryOptions({
    queryKey: blogPostsQueryKey(filter),
    queryFn: ({ signal }) => getBlogPosts(filter, { signal }),
  });
}

export function useBlogPosts(filter: BlogListFilter) {
  return useQuery(getBlogPostsQueryOptions(filter));
}
