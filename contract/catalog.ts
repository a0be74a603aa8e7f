import { z } from 'zod';
import {
  PRODUCT_LIST_DEFAULT_LIMIT,
  PRODUCT_LIST_MAX_LIMIT,
  PRODUCT_SORTS,
  SEARCH_MAX_LENGTH,
  STOCK_FILTERS,
} from './catalog-filters.js';

export * from './catalog-filters.js';

/** Marketplace prices are entered and shown in rupees; payments default to USD instead. */
export const CATALOG_CURRENCY = 'INR';

/**
 * Vendor products wait for a Director's approval; only approved products are ever listed, shown, searched or sold.
 * The firm's own stock is approved from the start (the column's default).
 */
export const PRODUCT_APPROVAL_STATUSES = ['approved', 'pending', 'rejected'] as const;
export type ProductApprovalStatus = (typeof PRODUCT_APPROVAL_STATUSES)[number];

/** Free-form key/value rows of the product page's Specifications tab. */
export type ProductSpecifications = Record<string, string>;

export const categorySchema = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export type Category = z.infer<typeof categorySchema>;

/** Money crosses the wire as a decimal string (`"99.00"`), never a float. */
export const moneySchema = z.string().regex(/^-?\d+(\.\d+)?$/);

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  price: moneySchema,
  imageUrl: z.string().nullable(),
  minimumTier: z.number().int(),
  inStock: z.boolean(),
  stockCount: z.number().int().nullable(),
  specifications: z.record(z.string(), z.string()),
  category: categorySchema,
  /** Average of the buyers' ratings (1-5), null before the first review. */
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
});
export type Product = z.infer<typeof productSchema>;

export const productDetailSchema = productSchema.extend({
  /** True when the signed-in viewer bought the product and has not reviewed it yet. */
  canReview: z.boolean(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/**
 * `GET /api/products`: every filter runs on the server so a large catalogue is never shipped whole.
 * The answer is an array; the `X-Total-Count` header carries the number of matches for the items-found count.
 */
export const productListQuerySchema = z.object({
  category: z.string().trim().max(100).optional(),
  q: z
    .string()
    .trim()
    .max(SEARCH_MAX_LENGTH, `Search must be at most ${SEARCH_MAX_LENGTH} characters`)
    .optional(),
  tier: z.coerce.number().int().min(1).max(4).optional(),
  stock: z.enum(STOCK_FILTERS).default('all'),
  sort: z.enum(PRODUCT_SORTS).default('default'),
  limit: z.coerce.number().int().min(1).max(PRODUCT_LIST_MAX_LIMIT).default(PRODUCT_LIST_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;

export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 2000;

export const createReviewRequestSchema = z.object({
  rating: z.coerce
    .number({ error: 'Rating is required' })
    .int('Rating must be a whole number')
    .min(1, 'Rating must be between 1 and 5')
    .max(5, 'Rating must be between 1 and 5'),
  body: z
    .string({ error: 'Required' })
    .trim()
    .min(REVIEW_BODY_MIN, `Review must be at least ${REVIEW_BODY_MIN} characters`)
    .max(REVIEW_BODY_MAX, `Review must be at most ${REVIEW_BODY_MAX} characters`),
});
export type CreateReviewRequest = z.infer<typeof createReviewRequestSchema>;

export const reviewSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  body: z.string(),
  /** First name and last initial, or 'Verified buyer'. */
  authorName: z.string(),
  createdAt: z.iso.datetime(),
});
export type Review = z.infer<typeof reviewSchema>;
