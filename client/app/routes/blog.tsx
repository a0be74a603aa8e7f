import { BlogList } from '@/features/blog/components/blog-list';
import { useUser } from '@/lib/auth';

/** /blog, for everyone: briefings, locked above the reader's tier. */
export function BlogRoute() {
  const { data: user = null } = useUser();
  return <BlogList viewerTier={user?.effectiveTier ?? null} />;
}
