import {
  BLOG_CLASSIFICATION_TIER,
  canReadBlogPost,
  type BlogCategory,
  type BlogPost,
  type BlogPostSummary,
} from '../../../contract/blog.js';
import type { AppContext } from '../../infra/context.js';
import { notFound, tierRequired } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import type { MaybeLoaded } from '../../lib/when-ready.js';
import * as repository from './blog.repository.js';

type SummaryRow = Awaited<ReturnType<typeof repository.listPublished>>[number];

function toSummary(row: SummaryRow, readerTier: number | null): BlogPostSummary {
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    classification: row.classification,
    author: row.author,
    readTime: row.readTime,
    views: row.views,
    // The list and the lookup only return published posts.
    publishedAt: row.publishedAt!.toISOString(),
    locked: !canReadBlogPost(row.classification, readerTier),
    requiredTier: BLOG_CLASSIFICATION_TIER[row.classification],
  };
}

/**
 * Published posts, newest first; locked ones carry title and excerpt only, never the body. From this instance's
 * cache when it holds them (no promise then: `sendWhenReady`), else read.
 */
export function listPosts(
  ctx: AppContext,
  readerTier: number | null,
  options: { category?: BlogCategory; limit: number },
): MaybeLoaded<BlogPostSummary[]> {
  const key = `${readerTier ?? '-'}/${options.category ?? '-'}/${options.limit}`;
  return ctx.modules.blog.lists.get(key, async () =>
    (await repository.listPublished(ctx.db, options)).map((row) => toSummary(row, readerTier)),
  );
}

/**
 * The post with its body, for a reader whose tier allows it (anonymous readers have no tier); a successful read
 * counts one view. Below the tier: 403 TIER_REQUIRED and the body never leaves the database.
 */
export async function readPost(ctx: AppContext, id: string, readerTier: number | null): Promise<BlogPost> {
  if (!isId(id)) throw notFound('Post');
  const post = await repository.findPublished(ctx.db, id);
  if (!post) throw notFound('Post');
  if (!canReadBlogPost(post.classification, readerTier)) {
    throw tierRequired(BLOG_CLASSIFICATION_TIER[post.classification]);
  }
  const read = await repository.readAndCountView(ctx.db, id);
  if (!read) throw notFound('Post');
  // This instance's lists show the new count at once (another instance's within the lists' two seconds).
  ctx.modules.blog.lists.clear();
  return { ...toSummary(read, readerTier), content: read.content };
}
