import { ArrowRight, Lock } from 'lucide-react';
import { Link } from 'wouter';
import type { BlogPostSummary } from '@contract/blog';
import { paths } from '@/config/paths';
import { ClassificationBadge } from '@/features/blog/components/classification-badge';
import { PostMeta } from '@/features/blog/components/post-meta';
import { upgradeMessage } from '@/features/blog/utils/blog';
import { cn } from '@/lib/utils';

/**
 * One post of the list. A readable post is a link to its page; a locked one is not a link at all and
 * says which tier opens it.
 */
export function PostCard({ post }: { post: BlogPostSummary }) {
  const headingId = `post-${post.id}-title`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="blog-post-card"
      data-locked={post.locked || undefined}
      className={cn(
        'relative flex h-full w-full flex-col gap-4 rounded-lg border bg-card p-5 text-card-foreground shadow-sm transition-colors',
        post.locked ? 'border-dashed' : 'focus-within:border-primary/60 hover:border-primary/60',
      )}
    >
      <header className="flex items-start justify-between gap-3">
        <p className="font-mono text-[0.7rem] tracking-widest text-muted-foreground uppercase">
          {post.category}
        </p>
        <ClassificationBadge classification={post.classification} locked={post.locked} />
      </header>
      <div className="flex-1 space-y-2">
        <h2 id={headingId} className="leading-snug font-semibold">
          {post.locked ? (
            post.title
          ) : (
            // The link covers the whole card (its ::after), so the card is one target and one tab stop.
            <Link
              href={paths.blogPost.getHref(post.id)}
              className="outline-none after:absolute after:inset-0 after:rounded-lg focus-visible:underline"
            >
              {post.title}
            </Link>
          )}
        </h2>
        <p className="text-sm text-muted-foreground">{post.excerpt}</p>
      </div>
      <PostMeta post={post} />
      <footer className="border-t pt-3 text-sm">
        {post.locked ? (
          <p className="flex items-center gap-2 font-medium text-warning">
            <Lock aria-hidden="true" className="size-4" />
            {upgradeMessage(post.requiredTier)}
          </p>
        ) : (
          <p aria-hidden="true" className="flex items-center gap-1.5 font-medium text-primary">
            Read briefing
            <ArrowRight className="size-4" />
          </p>
        )}
      </footer>
    </article>
  );
}
