import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { BLOG_CATEGORIES, BLOG_CLASSIFICATIONS } from '../../../contract/blog.js';
import { createdAt, nonNegative, searchVector, slugCheck, trigramIndex, updatedAt } from './columns.js';

export const blogCategoryEnum = pgEnum('blog_category', BLOG_CATEGORIES);
export const blogClassificationEnum = pgEnum('blog_classification', BLOG_CLASSIFICATIONS);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    /** Shown for locked posts too, so it must never carry what the classification hides. */
    excerpt: text('excerpt').notNull(),
    /** Markdown; served only to a tier the classification allows (a locked post is listed without it). */
    content: text('content').notNull(),
    category: blogCategoryEnum('category').notNull(),
    classification: blogClassificationEnum('classification').notNull().default('PUBLIC'),
    /** A byline, not an account: posts are written by the firm. */
    author: text('author').notNull(),
    /** Minutes. */
    readTime: integer('read_time').notNull(),
    views: integer('views').notNull().default(0),
    /** Null is a draft, which the list leaves out. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Title and excerpt only: a search must not reveal what a locked post's body says. */
    searchVector: searchVector(
      sql`setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('simple', coalesce(excerpt, '')), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('blog_posts_search_idx').using('gin', t.searchVector),
    trigramIndex('blog_posts_title_trgm_idx', t.title),
    slugCheck('blog_posts_slug_format', t.slug),
    check('blog_posts_read_time_positive', sql`${t.readTime} >= 1`),
    nonNegative('blog_posts_views_non_negative', t.views),
    index('blog_posts_published_idx')
      .on(t.publishedAt)
      .where(sql`${t.publishedAt} is not null`),
    index('blog_posts_category_published_idx')
      .on(t.category, t.publishedAt)
      .where(sql`${t.publishedAt} is not null`),
  ],
);
