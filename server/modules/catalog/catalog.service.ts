import { randomBytes } from 'node:crypto';
import type {
  Category,
  CreateReviewRequest,
  Product,
  ProductApprovalStatus,
  ProductDetail,
  ProductSpecifications,
  Review,
} from '../../../contract/catalog.js';
import type { GstRate } from '../../../contract/gst.js';
import type { VendorProduct, VendorStats } from '../../../contract/vendors.js';
import type { DbOrTx } from '../../db/client.js';
import type { productListQuerySchema } from '../../../contract/catalog.js';
import type { AppContext } from '../../infra/context.js';
import { AppError, notFound, validationFailed } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { toPrefixQuery } from '../../lib/search-text.js';
import { queryKey } from '../../plugins/query-memo.js';
import type { MaybeLoaded } from '../../lib/when-ready.js';
import type { z } from 'zod';
import * as audit from '../audit/audit.service.js';
import * as repository from './catalog.repository.js';
import type { ProductPage } from './catalog.state.js';

type ProductRow = NonNullable<Awaited<ReturnType<typeof repository.findProductById>>>;

function toProduct({ ratingTotal, ...row }: ProductRow): Product {
  return {
    ...row,
    // The column's check constraint holds it to the slabs of GST_RATES.
    gstRate: row.gstRate as GstRate,
    averageRating: row.reviewCount === 0 ? null : Math.round((ratingTotal / row.reviewCount) * 10) / 10,
  };
}

export async function listCategories(ctx: AppContext): Promise<Category[]> {
  return repository.listCategories(ctx.db);
}

export function invalidateListings(ctx: AppContext): void {
  ctx.modules.catalog.listings.clear();
}

/**
 * A page of products, from this instance's cache when it holds it (no promise then: `sendWhenReady`), else read once
 * for every request that asks for it meanwhile.
 */
export function listProducts(
  ctx: AppContext,
  query: z.output<typeof productListQuerySchema>,
): MaybeLoaded<ProductPage> {
  return ctx.modules.catalog.listings.get(queryKey(query), () => readProductPage(ctx, query));
}

async function readProductPage(
  ctx: AppContext,
  query: z.output<typeof productListQuerySchema>,
): Promise<ProductPage> {
  const tsQuery = toPrefixQuery(query.q);
  if (query.q && !tsQuery) return { products: [], total: 0 };
  const { rows, total } = await repository.listProducts(ctx.db, {
    categorySlug: query.category || undefined,
    tsQuery,
    tier: query.tier,
    stock: query.stock,
    sort: query.sort,
    limit: query.limit,
    offset: query.offset,
  });
  return { products: rows.map(toProduct), total };
}

/** A product for the rules of other modules (cart, orders); null when unknown. */
export async function findProduct(ctx: AppContext, id: string): Promise<Product | null> {
  if (!isId(id)) return null;
  const row = await repository.findProductById(ctx.db, id);
  return row ? toProduct(row) : null;
}

export async function getProduct(
  ctx: AppContext,
  id: string,
  viewerId: string | null,
): Promise<ProductDetail> {
  const product = await findProduct(ctx, id);
  if (!product) throw notFound('Product');
  const canReview =
    viewerId !== null &&
    (await repository.hasBought(ctx.db, viewerId, id)) &&
    !(await repository.hasReviewed(ctx.db, viewerId, id));
  return { ...product, canReview };
}

/**
 * `PATCH /api/products/{id}` (Directors): a product's HSN code and GST rate, in any approval state. The sale of
 * an order already placed keeps its own (each order line holds the code, the rate and the tax worked out then), so
 * only later checkouts and invoices use the new ones. The change and its audit entry commit together.
 */
export async function updateProductTax(
  ctx: AppContext,
  directorId: string,
  id: string,
  input: { hsnCode?: string; gstRate?: GstRate },
  meta: { ip: string | null },
): Promise<Product> {
  const row = await ctx.db.transaction(async (tx) => {
    const before = isId(id) ? await repository.lockProduct(tx, id) : null;
    if (!before) throw notFound('Product');
    const tax = { hsnCode: input.hsnCode ?? before.hsnCode, gstRate: input.gstRate ?? before.gstRate };
    await repository.updateTax(tx, id, tax);
    await audit.record(tx, {
      action: 'product.tax_changed',
      userId: directorId,
      subjectType: 'product',
      subject: id,
      subjectUserId: null,
      ip: meta.ip,
      details: { before: { hsnCode: before.hsnCode, gstRate: before.gstRate }, after: tax },
    });
    return (await repository.findProductById(tx, id, { anyState: true }))!;
  });
  invalidateListings(ctx);
  return toProduct(row);
}

type ReviewRow = Awaited<ReturnType<typeof repository.listReviews>>[number];

function toReview(row: ReviewRow): Review {
  const name = row.firstName
    ? `${row.firstName}${row.lastName ? ` ${row.lastName.charAt(0)}.` : ''}`
    : 'Verified buyer';
  return {
    id: row.id,
    rating: row.rating,
    body: row.body,
    authorName: name,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listReviews(ctx: AppContext, productId: string, limit: number): Promise<Review[]> {
  if (!(await findProduct(ctx, productId))) throw notFound('Product');
  return (await repository.listReviews(ctx.db, productId, limit)).map(toReview);
}

/** Only buyers review, once each (the unique key settles a race between two tabs). */
export async function createReview(
  ctx: AppContext,
  userId: string,
  productId: string,
  input: CreateReviewRequest,
): Promise<Review> {
  if (!(await findProduct(ctx, productId))) throw notFound('Product');
  if (!(await repository.hasBought(ctx.db, userId, productId))) {
    throw new AppError('FORBIDDEN', 'Only customers who bought this product can review it');
  }
  const created = await ctx.db.transaction((tx) =>
    repository.insertReview(tx, { productId, userId, ...input }),
  );
  if (!created) throw new AppError('CONFLICT', 'You have already reviewed this product');
  return toReview(created);
}

// Vendor products (the vendor portal calls these): created pending, public only once a Director approves them.

type VendorProductRow = NonNullable<Awaited<ReturnType<typeof repository.findVendorProduct>>>;

function toVendorProduct({ approvalStatus, vendorId, createdAt, ...row }: VendorProductRow): VendorProduct {
  return { ...toProduct(row), approvalStatus, vendorId, createdAt: createdAt.toISOString() };
}

/** A URL-safe slug of the name with a random tail, so two vendors' "Night Scope" never collide. */
function productSlug(name: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${base || 'product'}-${randomBytes(4).toString('hex')}`;
}

export interface NewVendorProduct {
  name: string;
  description: string;
  price: string;
  categoryId?: string;
  category?: string;
  minimumTier: number;
  stockCount: number;
  imageUrl?: string;
  specifications?: ProductSpecifications;
  /** Without them, the catalogue's defaults (the column defaults). */
  hsnCode?: string;
  gstRate?: GstRate;
}

export async function createVendorProduct(
  ctx: AppContext,
  vendorId: string,
  input: NewVendorProduct,
): Promise<VendorProduct> {
  const category = input.categoryId
    ? isId(input.categoryId)
      ? await repository.findCategory(ctx.db, { id: input.categoryId })
      : null
    : await repository.findCategory(ctx.db, { slug: input.category });
  if (!category) {
    throw validationFailed([{ path: 'categoryId', message: 'Category is required' }]);
  }
  const id = await repository.insertProduct(ctx.db, {
    vendorId,
    categoryId: category.id,
    name: input.name,
    slug: productSlug(input.name),
    description: input.description,
    price: input.price,
    minimumTier: input.minimumTier,
    stockCount: input.stockCount,
    imageUrl: input.imageUrl ?? null,
    specifications: input.specifications ?? {},
    ...(input.hsnCode ? { hsnCode: input.hsnCode } : {}),
    ...(input.gstRate ? { gstRate: input.gstRate } : {}),
    approvalStatus: 'pending',
  });
  return toVendorProduct((await repository.findVendorProduct(ctx.db, id))!);
}

/** A vendor's own products in every approval state, newest first. */
export async function listVendorProducts(
  ctx: AppContext,
  vendorId: string,
  limit: number,
): Promise<VendorProduct[]> {
  return (await repository.listVendorProducts(ctx.db, { vendorId }, limit)).map(toVendorProduct);
}

/** Every vendor's products waiting for a Director, newest first. */
export async function listPendingVendorProducts(ctx: AppContext, limit: number): Promise<VendorProduct[]> {
  return (await repository.listVendorProducts(ctx.db, { approvalStatus: 'pending' }, limit)).map(
    toVendorProduct,
  );
}

/**
 * Approves or rejects a vendor product in the caller's transaction; null when no vendor product has this id.
 * The caller clears the listings after commit (`invalidateListings`).
 */
export async function setVendorProductApproval(
  db: DbOrTx,
  id: string,
  approvalStatus: ProductApprovalStatus,
): Promise<VendorProduct | null> {
  if (!isId(id) || !(await repository.setApprovalStatus(db, id, approvalStatus))) return null;
  return toVendorProduct((await repository.findVendorProduct(db, id))!);
}

export async function vendorStats(ctx: AppContext, vendorId: string): Promise<VendorStats> {
  const [counts, sales] = await Promise.all([
    repository.vendorProductCounts(ctx.db, vendorId),
    repository.vendorSales(ctx.db, vendorId),
  ]);
  return {
    totalProducts: counts.total,
    approvedProducts: counts.approved,
    pendingProducts: counts.pending,
    unitsSold: sales.unitsSold,
    revenue: sales.revenue,
    orders: sales.orders,
  };
}

/** How many vendor products are in this approval state (the Directors' queue is the pending ones). */
export async function countVendorProducts(
  ctx: AppContext,
  approvalStatus: ProductApprovalStatus,
): Promise<number> {
  return repository.countVendorProducts(ctx.db, approvalStatus);
}
