/**
 * The product list's filters and stock badge, without zod: the marketplace page reads them, and importing
 * contract/catalog.ts (which builds schemas when loaded) would bring zod into its code (decision 023).
 */
/** The stock badge reads LIMITED below this count (and OUT OF STOCK when not in stock). */
export const LOW_STOCK_THRESHOLD = 10;

export const PRODUCT_SORTS = ['default', 'price-low', 'price-high', 'name'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const STOCK_FILTERS = ['all', 'in-stock', 'out-of-stock'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];
export const PRODUCT_LIST_DEFAULT_LIMIT = 50;
export const PRODUCT_LIST_MAX_LIMIT = 200;
export const SEARCH_MAX_LENGTH = 100;

export const TOTAL_COUNT_HEADER = 'x-total-count';

export type StockBadge = 'OUT OF STOCK' | 'LIMITED' | 'IN STOCK';

/** The stock badge: out of stock if not inStock; LIMITED if a counted stock is below 10; otherwise IN STOCK. */
export function stockBadge(product: { inStock: boolean; stockCount: number | null }): StockBadge {
  if (!product.inStock) return 'OUT OF STOCK';
  if (product.stockCount !== null && product.stockCount < LOW_STOCK_THRESHOLD) return 'LIMITED';
  return 'IN STOCK';
}
