import { z } from 'zod';

export const SEARCH_MIN_LENGTH = 2;
export const RECENT_SEARCHES_MAX = 5;

export const SEARCH_RESULT_TYPES = [
  'product',
  'service',
  'investigation',
  'blog',
  'vendor',
  'other',
] as const;
export type SearchResultType = (typeof SEARCH_RESULT_TYPES)[number];

export const SEARCH_MAX_RESULTS = 20;
export const SEARCH_QUERY_MAX = 100;

/**
 * `GET /api/search`: fewer than 2 characters answers `[]`. `tier` keeps what a user of that tier may open
 * (minimum tier at most N); a price bound keeps priced results (products) within it.
 */
export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(SEARCH_QUERY_MAX, `Search must be at most ${SEARCH_QUERY_MAX} characters`)
    .default(''),
  type: z.enum(SEARCH_RESULT_TYPES).optional(),
  category: z.string().trim().max(100).optional(),
  tier: z.coerce.number().int().min(1).max(4).optional(),
  minPrice: z.coerce.number().min(0).optional(),
  maxPrice: z.coerce.number().min(0).optional(),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

export const searchResultSchema = z.object({
  id: z.string(),
  type: z.enum(SEARCH_RESULT_TYPES),
  title: z.string(),
  description: z.string(),
  /** Where the result opens in the app. */
  url: z.string(),
  category: z.string().nullable(),
  tier: z.number().int().nullable(),
  /** Decimal string in the result's own currency (INR for products), null when it has no price. */
  price: z.string().nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchClickRequestSchema = z.object({
  query: z.string().trim().min(SEARCH_MIN_LENGTH).max(SEARCH_QUERY_MAX),
  resultId: z.string().max(100),
  type: z.enum(SEARCH_RESULT_TYPES),
});
