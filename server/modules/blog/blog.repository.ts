import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { BlogCategory } from '../../../contract/blog.js';
import type { DbOrTx } from '../../db/client.js';
import { blogPosts } from '../../db/schema/index.js';

/** Everything a list shows; the body is deliberately not among them. */
const summaryColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  category: blogPosts.category,
  classification: blogPosts.classification,
  author: blogPosts.author,
  readTime: blogPosts.readTime,
  views: blogPosts.views,
  publishedAt: blogPosts.publishedAt,
};

export async function listPublished(db: DbOrTx, options: { category?: BlogCategory; limit: number }) {
  return db
    .select(summaryColumns)
    .from(blogPosts)
    .where(
      and(
        isNotNull(blogPosts.publishedAt),
        options.category ? eq(blogPosts.category, options.category) : undefined,
      ),
    )
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(options.limit);
}

/** A published post without its body: enough to decide whether the reader may have the body. */
export async function findPublished(db: DbOrTx, id: string) {
  const [row] = await db
    .select(summaryColumns)
    .from(blogPosts)
    .where(and(eq(blogPosts.id, id), isNotNull(blogPosts.publishedAt)));
  return row ?? null;
}

/** Counts one read in the same statement that fetches the body, so concurrent reads never lose a view. */
export async function readAndCountView(db: DbOrTx, id: string) {
  const [row] = await db
    .update(blogPosts)
    .set({ views: sql`${blogPosts.views} + 1` })
    .where(and(eq(blogPosts.id, id), isNotNull(blogPosts.publishedAt)))
    .returning({ ...summaryColumns, content: blogPosts.content });
  return row ?? null;
}
