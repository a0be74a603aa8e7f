import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { PRODUCT_APPROVAL_STATUSES, type ProductSpecifications } from '../../../contract/catalog.js';
import { GST_RATES } from '../../../contract/gst.js';
import { DEFAULT_TIER } from '../../../contract/tiers.js';
import {
  createdAt,
  money,
  nonNegative,
  slugCheck,
  tierCheck,
  trigramIndex,
  tsvector,
  updatedAt,
} from './columns.js';
import { users } from './users.js';

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** `GET /api/products?category=` filters by slug, so it must name one category. */
    slug: text('slug').notNull().unique(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [slugCheck('categories_slug_format', t.slug)],
);

export const productApprovalStatusEnum = pgEnum('product_approval_status', PRODUCT_APPROVAL_STATUSES);

/**
 * Search reads the products in SEARCH_BUCKETS parts, by the last byte of their random id, each with a GIN index of
 * its own (decision 025): a search needs its first 100 candidates only, and a GIN scan reads the whole posting list
 * of every word it looks up before the limit applies (a common word's list grows with the catalogue). Scanning the
 * parts one after another stops at the first parts that give 100.
 */
export const SEARCH_BUCKETS = 8;

/** The part of the products a row is in: 0 to SEARCH_BUCKETS - 1 (the same expression as the indexes' predicates). */
export function searchBucket(id: AnyPgColumn | SQL): SQL {
  return sql`(get_byte(uuid_send(${id}), 15) & ${sql.raw(String(SEARCH_BUCKETS - 1))})`;
}

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Restrict: deleting a category must not silently delete the products filed under it. */
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    /** The vendor portal's inventory list; null for the firm's own stock. */
    vendorId: uuid('vendor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Public reads and sales require 'approved'; a vendor's new product starts 'pending' (vendor portal). */
    approvalStatus: productApprovalStatusEnum('approval_status').notNull().default('approved'),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    /** Optional, but when present it names one product (unique allows many nulls). */
    sku: text('sku').unique(),
    shortDescription: text('short_description'),
    description: text('description').notNull().default(''),
    /** Rupees (CATALOG_CURRENCY). */
    price: money('price').notNull(),
    imageUrl: text('image_url'),
    /**
     * The goods' HSN code and GST rate (percent, one of GST_RATES) for the tax invoice; the price includes the tax.
     * The defaults (8543: electrical apparatus with individual functions, at 18 %) fit most of this catalogue and
     * keep a vendor's product sellable until a Director sets its own.
     */
    hsnCode: text('hsn_code').notNull().default('8543'),
    gstRate: text('gst_rate').notNull().default('18'),
    minimumTier: integer('minimum_tier').notNull().default(DEFAULT_TIER),
    /** Null means stock is not counted (made to order); checkout decrements it only when counted. */
    stockCount: integer('stock_count'),
    /**
     * Derived so it can never disagree with the count: checkout's conditional decrement to 0 makes the product
     * out of stock in the same statement. An uncounted product is taken out of sale by setting stockCount to 0.
     */
    inStock: boolean('in_stock')
      .notNull()
      .generatedAlwaysAs(sql`stock_count is null or stock_count > 0`),
    /** Review figures kept with the product (updated with each review) so lists need no aggregate per row. */
    reviewCount: integer('review_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    specifications: jsonb('specifications').$type<ProductSpecifications>().notNull().default({}),
    /**
     * Full-text and prefix (`term:*`) search through the GIN index below, so a 100k catalogue is not scanned row by
     * row; the name weighs more than the descriptions.
     * 'simple' keeps model numbers and brand names as typed instead of stemming them as English words.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('simple', coalesce(name, '')), 'A') || setweight(to_tsvector('simple', coalesce(short_description, '') || ' ' || coalesce(description, '')), 'B')`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    nonNegative('products_price_non_negative', t.price),
    nonNegative('products_stock_non_negative', t.stockCount),
    nonNegative('products_review_count_non_negative', t.reviewCount),
    check(
      'products_rating_total_range',
      sql`${t.ratingTotal} between ${t.reviewCount} and 5 * ${t.reviewCount}`,
    ),
    tierCheck('products_minimum_tier_range', t.minimumTier),
    check('products_hsn_code_format', sql`${t.hsnCode} ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$'`),
    check(
      'products_gst_rate_in_force',
      sql.raw(`gst_rate in (${GST_RATES.map((r) => `'${r}'`).join(', ')})`),
    ),
    slugCheck('products_slug_format', t.slug),
    index('products_category_name_idx').on(t.categoryId, t.name),
    index('products_name_idx').on(t.name),
    // Price sorts, within a category and across the catalogue, read in index order instead of sorting every match.
    index('products_category_price_idx').on(t.categoryId, t.price),
    index('products_price_idx').on(t.price),
    index('products_vendor_idx').on(t.vendorId),
    // The Director's queue of vendor products waiting for review.
    index('products_pending_created_idx')
      .on(t.createdAt)
      .where(sql`${t.approvalStatus} = 'pending'`),
    index('products_search_idx').using('gin', t.searchVector),
    ...Array.from({ length: SEARCH_BUCKETS }, (_, bucket) =>
      index(`products_search_b${bucket}_idx`)
        .using('gin', t.searchVector)
        .where(sql`${searchBucket(t.id)} = ${sql.raw(String(bucket))}`),
    ),
    trigramIndex('products_name_trgm_idx', t.name),
    // Type-ahead search of one or two letters: names starting with them (lower(name) like 'th%').
    index('products_name_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`),
  ],
);
