/**
 * The blog's categories and classifications, without zod: the blog list's filter reads them, and importing
 * contract/blog.ts (which builds schemas when loaded) would bring zod into the /blog page's code (decision 023).
 */
/** Display names, sent as they are in `GET /api/blog?category=`. */
export const BLOG_CATEGORIES = [
  'Intelligence',
  'Operational Security',
  'Communications',
  'Digital Forensics',
  'Ethics & Legal',
] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

export const BLOG_CLASSIFICATIONS = ['PUBLIC', 'TIER_1', 'TIER_2'] as const;
export type BlogClassification = (typeof BLOG_CLASSIFICATIONS)[number];

/** Lowest tier that may read a post's body; PUBLIC needs no sign-in at all. */
export const BLOG_CLASSIFICATION_TIER: Readonly<Record<BlogClassification, number>> = {
  PUBLIC: 0,
  TIER_1: 1,
  TIER_2: 2,
};
