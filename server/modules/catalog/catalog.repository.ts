import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ProductSort, StockFilter } from '../../../contract/catalog.js';
import type { DbOrTx } from '../../db/client.js';
import { categories, orderLines, orders, productReviews, products, users } from '../../db/schema/index.js';

/** The columns a product answer needs: never `search_vector`, which is only for the index. */
const productColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  description: products.description,
  price: products.price,
  imageUrl: products.imageUrl,
  minimumTier: products.minimumTier,
  inStock: products.inStock,
  stockCount: products.stockCount,
  specifications: products.specifications,
  category: { id: categories.id, name: categories.name, slug: categories.slug },
  reviewCount: products.reviewCount,
  ratingTotal: products.ratingTotal,
};

export async function listCategories(db: DbOrTx) {
  return db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

export interface ProductFilter {
  categorySlug?: string;
  /** A prefix tsquery built from the search words, e.g. `thermal:* & mono:*`. */
  tsQuery?: string;
  tier?: number;
  stock: StockFilter;
  sort: ProductSort;
  limit: number;
  offset: number;
}

/** Catalogue order is by category, then name; within one category that is name order, which an index serves. */
const ORDER: Record<ProductSort, SQL[]> = {
  default: [asc(categories.sortOrder), asc(products.name), asc(products.id)],
  'price-low': [asc(products.price), asc(products.id)],
  'price-high': [desc(products.price), asc(products.id)],
  name: [asc(products.name), asc(products.id)],
};

/** One page of matching products plus the number of matches. */
export async function listProducts(db: DbOrTx, filter: ProductFilter) {
  const conditions: SQL[] = [];
  // By id, not by a join on the slug: the planner then knows the category and walks its (category, name) index.
  if (filter.categorySlug) {
    conditions.push(
      sql`${products.categoryId} = (select ${categories.id} from ${categories} where ${categories.slug} = ${filter.categorySlug})`,
    );
  }
  if (filter.tsQuery)
    conditions.push(sql`${products.searchVector} @@ to_tsquery('simple', ${filter.tsQuery})`);
  if (filter.tier !== undefined) conditions.push(eq(products.minimumTier, filter.tier));
  if (filter.stock !== 'all') conditions.push(eq(products.inStock, filter.stock === 'in-stock'));
  const where = and(...conditions);

  const rows = await db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(...(filter.sort === 'default' && filter.categorySlug ? ORDER.name : ORDER[filter.sort]))
    .limit(filter.limit)
    .offset(filter.offset);
  // A short first page already is the whole answer; only a full page needs its own count.
  if (rows.length < filter.limit && (rows.length > 0 || filter.offset === 0)) {
    return { rows, total: filter.offset + rows.length };
  }
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(products)
    .where(where);
  return { rows, total: count?.total ?? 0 };
}

export async function findProductById(db: DbOrTx, id: string) {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id));
  return row ?? null;
}

/** Orders that count as a purchase for reviewing: paid or already fulfilled. */
const PURCHASED = ['paid', 'fulfilled'] as const;

export async function hasBought(db: DbOrTx, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ yes: sql<number>`1` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orderLines.productId, productId),
        eq(orders.userId, userId),
        inArray(orders.status, [...PURCHASED]),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function hasReviewed(db: DbOrTx, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ yes: sql<number>`1` })
    .from(productReviews)
    .where(and(eq(productReviews.productId, productId), eq(productReviews.userId, userId)));
  return Boolean(row);
}

const reviewColumns = {
  id: productReviews.id,
  rating: productReviews.rating,
  body: productReviews.body,
  createdAt: productReviews.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
};

export async function listReviews(db: DbOrTx, productId: string, limit: number) {
  return db
    .select(reviewColumns)
    .from(productReviews)
    .innerJoin(users, eq(users.id, productReviews.userId))
    .where(eq(productReviews.productId, productId))
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .limit(limit);
}

/**
 * Inserts the review and adds it to the product's figures in the caller's transaction, or returns null when this
 * user already reviewed the product (the unique key decides).
 */
export async function insertReview(
  db: DbOrTx,
  review: { productId: string; userId: string; rating: number; body: string },
) {
  const [row] = await db
    .insert(productReviews)
    .values(review)
    .onConflictDoNothing({ target: [productReviews.productId, productReviews.userId] })
    .returning({ id: productReviews.id });
  if (!row) return null;
  await db
    .update(products)
    .set({
      reviewCount: sql`${products.reviewCount} + 1`,
      ratingTotal: sql`${products.ratingTotal} + ${review.rating}`,
    })
    .where(eq(products.id, review.productId));
  const [created] = await db
    .select(reviewColumns)
    .from(productReviews)
    .innerJoin(users, eq(users.id, productReviews.userId))
    .where(eq(productReviews.id, row.id));
  return created!;
}
