import { useParams } from 'wouter';
import { BlogPostPage } from '@/features/blog/components/blog-post-page';
import { useUser } from '@/lib/auth';

/** /blog/{id}, for everyone: one briefing, or why it is closed to this reader. */
export function BlogPostRoute() {
  const { id = '' } = useParams<{ id: string }>();
  const { data: user = null } = useUser();
  return <BlogPostPage key={id} postId={id} viewerTier={user?.effectiveTier ?? null} />;
}
