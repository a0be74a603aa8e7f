import { useParams } from 'wouter';
import { useUser } from '@/features/auth/api/get-user';
import { BlogPostPage } from '@/features/blog/components/blog-post-page';

/** /blog/{id}, for everyone: one briefing, or why it is closed to this reader. */
export function BlogPostRoute() {
  const { id = '' } = useParams<{ id: string }>();
  const { data: user = null } = useUser();
  return <BlogPostPage key={id} postId={id} viewerTier={user?.tier ?? null} />;
}
