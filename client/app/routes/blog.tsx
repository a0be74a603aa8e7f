import { useUser } from '@/features/auth/api/get-user';
import { BlogList } from '@/features/blog/components/blog-list';

/** /blog (spec 2.14), for everyone: briefings, locked above the reader's tier. */
export function BlogRoute() {
  const { data: user = null } = useUser();
  return <BlogList viewerTier={user?.tier ?? null} />;
}
