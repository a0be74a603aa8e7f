import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { ProductApprovalStatus, ProductSort, StockFilter } from '../../../contract/catalog.js';
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
  hsnCode: products.hsnCode,
  gstRate: products.gstRate,
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

/** Every public read of products: vendor products show only once a Director approved them. */
const APPROVED = eq(products.approvalStatus, 'approved');

/** Catalogue order is by category, then name; within one category that is name order, which an index serves. */
const ORDER: Record<ProductSort, SQL[]> = {
  default: [asc(categories.sortOrder), asc(products.name), asc(products.id)],
  'price-low': [asc(products.price), asc(products.id)],
  'price-high': [desc(products.price), asc(products.id)],
  name: [asc(products.name), asc(products.id)],
};

/** One page of matching products plus the number of matches. */
export async function listProducts(db: DbOrTx, filter: ProductFilter) {
  const conditions: SQL[] = [APPROVED];
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

/** A product as the catalogue answers it: only an approved one, unless `anyState` (a Director's change). */
export async function findProductById(db: DbOrTx, id: string, { anyState = false } = {}) {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(anyState ? eq(products.id, id) : and(eq(products.id, id), APPROVED));
  return row ?? null;
}

/** A product in any approval state, locked for a change by a Director; null when none has this id. */
export async function lockProduct(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: products.id, hsnCode: products.hsnCode, gstRate: products.gstRate })
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  return row ?? null;
}

export async function updateTax(db: DbOrTx, id: string, tax: { hsnCode?: string; gstRate?: string }) {
  await db.update(products).set(tax).where(eq(products.id, id));
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

// Vendor products: the vendor's own inventory and the Director's queue read them in any approval state.

const vendorProductColumns = {
  ...productColumns,
  approvalStatus: products.approvalStatus,
  vendorId: products.vendorId,
  createdAt: products.createdAt,
};

export async function findCategory(db: DbOrTx, by: { id?: string; slug?: string }) {
  const where = by.id ? eq(categories.id, by.id) : eq(categories.slug, by.slug ?? '');
  const [row] = await db.select({ id: categories.id }).from(categories).where(where);
  return row ?? null;
}

export async function insertProduct(db: DbOrTx, product: typeof products.$inferInsert) {
  const [row] = await db.insert(products).values(product).returning({ id: products.id });
  return row!.id;
}

export async function findVendorProduct(db: DbOrTx, id: string) {
  const [row] = await db
    .select(vendorProductColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.id, id), isNotNull(products.vendorId)));
  return row ?? null;
}

export async function listVendorProducts(
  db: DbOrTx,
  filter: { vendorId?: string; approvalStatus?: ProductApprovalStatus },
  limit: number,
) {
  const conditions: SQL[] = [isNotNull(products.vendorId)];
  if (filter.vendorId) conditions.push(eq(products.vendorId, filter.vendorId));
  if (filter.approvalStatus) conditions.push(eq(products.approvalStatus, filter.approvalStatus));
  return db
    .select(vendorProductColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(...conditions))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
}

/** Sets a vendor product's approval; null when there is no vendor product with this id. */
export async function setApprovalStatus(db: DbOrTx, id: string, approvalStatus: ProductApprovalStatus) {
  const [row] = await db
    .update(products)
    .set({ approvalStatus })
    .where(and(eq(products.id, id), isNotNull(products.vendorId)))
    .returning({ id: products.id });
  return row ?? null;
}

export async function vendorProductCounts(db: DbOrTx, vendorId: string) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      approved: sql<number>`(count(*) filter (where ${products.approvalStatus} = 'approved'))::int`,
      pending: sql<number>`(count(*) filter (where ${products.approvalStatus} = 'pending'))::int`,
    })
    .from(products)
    .where(eq(products.vendorId, vendorId));
  return row!;
}

/** Units, revenue and orders of the vendor's products over paid or fulfilled orders (the lines keep their price). */
export async function vendorSales(db: DbOrTx, vendorId: string) {
  const [row] = await db
    .select({
      unitsSold: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int`,
      revenue: sql<string>`coalesce(sum(${orderLines.lineTotal}), 0)::numeric(14, 2)::text`,
      orders: sql<number>`count(distinct ${orderLines.orderId})::int`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(and(eq(products.vendorId, vendorId), inArray(orders.status, [...PURCHASED])));
  return row!;
}

export async function countVendorProducts(
  db: DbOrTx,
  approvalStatus: ProductApprovalStatus,
): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(products)
    .where(and(isNotNull(products.vendorId), eq(products.approvalStatus, approvalStatus)));
  return row?.total ?? 0;
}
