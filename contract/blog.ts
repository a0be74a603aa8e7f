import { z } from 'zod';
import {
  BLOG_CATEGORIES,
  BLOG_CLASSIFICATION_TIER,
  BLOG_CLASSIFICATIONS,
  type BlogClassification,
} from './blog-categories.js';
import { listQuerySchema } from './lists.js';
import { TIER_MAX, TIER_MIN } from './tiers.js';

export * from './blog-categories.js';

/** `GET /api/blog`: `category` omitted (or empty) lists every category. */
export const blogListQuerySchema = listQuerySchema.extend({
  category: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(BLOG_CATEGORIES, { error: 'Unknown category' }).optional(),
  ),
  /**
   * Lock the list as a reader of this tier would see it (design 11.2: honoured, never dropped). It can only narrow:
   * the reader's real tier comes from the session, and a query string cannot claim more.
   */
  tier: z.coerce
    .number({ error: 'Tier must be a whole number from 1 to 4' })
    .int('Tier must be a whole number from 1 to 4')
    .min(TIER_MIN, 'Tier must be a whole number from 1 to 4')
    .max(TIER_MAX, 'Tier must be a whole number from 1 to 4')
    .optional(),
});
export type BlogListQuery = z.input<typeof blogListQuerySchema>;

/** A listed post: never its body. `locked` is true when this reader may not open it. */
export const blogPostSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  excerpt: z.string(),
  category: z.enum(BLOG_CATEGORIES),
  classification: z.enum(BLOG_CLASSIFICATIONS),
  author: z.string(),
  readTime: z.number().int(),
  views: z.number().int(),
  publishedAt: z.iso.datetime(),
  locked: z.boolean(),
  /** Lowest tier that may read the body; 0 for PUBLIC. */
  requiredTier: z.number().int(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

/** `GET /api/blog/{id}`: the post with its Markdown body, only for a reader whose tier allows it. */
export const blogPostSchema = blogPostSummarySchema.extend({ content: z.string() });
export type BlogPost = z.infer<typeof blogPostSchema>;

/** Who may read a post's body: PUBLIC for anyone, TIER_n for a signed-in reader of tier n or above. */
export function canReadBlogPost(classification: BlogClassification, readerTier: number | null): boolean {
  const required = BLOG_CLASSIFICATION_TIER[classification];
  return required === 0 || (readerTier !== null && readerTier >= required);
}
