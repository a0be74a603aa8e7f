import { z } from 'zod';
import {
  PRODUCT_LIST_DEFAULT_LIMIT,
  PRODUCT_LIST_MAX_LIMIT,
  PRODUCT_SORTS,
  SEARCH_MAX_LENGTH,
  STOCK_FILTERS,
} from './catalog-filters.js';

import { GST_RATES, HSN_PATTERN } from './gst.js';

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
  /** The goods' HSN heading (4, 6 or 8 digits) and GST rate in percent, as the tax invoice prints them. */
  hsnCode: z.string(),
  gstRate: z.enum(GST_RATES),
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

export const HSN_CODE_MESSAGE = 'HSN code must be 4, 6 or 8 digits';
export const GST_RATE_MESSAGE = `GST rate must be one of ${GST_RATES.slice(0, -1).join(', ')} or ${GST_RATES.at(-1)} percent`;

/**
 * A product's tax as Directors set it (design 12.7): an HSN code of 4, 6 or 8 digits and a rate from the slabs in
 * force. The rate may come as a number or a string ("18", 18, "5.0"); it is answered as the slab's string.
 */
export const productTaxSchema = z.object({
  hsnCode: z.string({ error: HSN_CODE_MESSAGE }).trim().regex(HSN_PATTERN, HSN_CODE_MESSAGE),
  gstRate: z
    .union([z.string(), z.number()], { error: GST_RATE_MESSAGE })
    .transform((value) => {
      const text = String(value).trim();
      return /^\d+(\.\d+)?$/.test(text) ? String(Number(text)) : text;
    })
    .pipe(z.enum(GST_RATES, { error: GST_RATE_MESSAGE })),
});
export type ProductTax = z.input<typeof productTaxSchema>;

/**
 * `PATCH /api/products/{id}` (Directors): what a Director may change of any product, its HSN code and GST rate,
 * either or both. Orders keep the rate they were sold at: each order line holds its own.
 */
export const updateProductRequestSchema = productTaxSchema
  .partial()
  .refine((value) => value.hsnCode !== undefined || value.gstRate !== undefined, {
    path: ['hsnCode'],
    message: 'Give an HSN code or a GST rate to change',
  });
export type UpdateProductRequest = z.input<typeof updateProductRequestSchema>;

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
