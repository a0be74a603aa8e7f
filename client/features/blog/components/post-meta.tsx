import { CalendarDays, Clock, Eye, UserRound } from 'lucide-react';
import type { BlogPostSummary } from '@contract/blog';
import { readTimeText } from '@/features/blog/utils/blog';
import { formatDate } from '@/lib/format';
import { plural } from '@/lib/plural';
import { cn } from '@/lib/utils';

/** Byline, reading time, views and date of a post, in the card and on the post page alike. */
export function PostMeta({
  post,
  className,
}: {
  post: Pick<BlogPostSummary, 'author' | 'readTime' | 'views' | 'publishedAt'>;
  className?: string;
}) {
  return (
    <ul
      className={cn('flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground', className)}
    >
      <li className="flex items-center gap-1.5">
        <UserRound aria-hidden="true" className="size-3.5" />
        <span data-testid="post-author">{post.author}</span>
      </li>
      <li className="flex items-center gap-1.5">
        <Clock aria-hidden="true" className="size-3.5" />
        {readTimeText(post.readTime)}
      </li>
      <li className="flex items-center gap-1.5">
        <Eye aria-hidden="true" className="size-3.5" />
        <span data-testid="post-views">{plural(post.views, 'view')}</span>
      </li>
      <li className="flex items-center gap-1.5">
        <CalendarDays aria-hidden="true" className="size-3.5" />
        <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
      </li>
    </ul>
  );
}
