import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Product } from '@contract/catalog';
import { TOTAL_COUNT_HEADER, type ProductSort, type StockFilter } from '@contract/catalog-filters';
import { getJsonWithHeaders } from '@/lib/api-client';
import { MARKETPLACE_PAGE_SIZE } from '@/lib/constants';

export const PRODUCTS_PATH = '/api/products';

/**
 * The root of every product query: lists, one product and its reviews. Invalidating it refreshes them all
 * (an order changes stock everywhere).
 */
export const productsQueryKey = [PRODUCTS_PATH] as const;

/** What the marketplace asks the server to filter and sort by (the server does all of it). */
export interface ProductFilters {
  category?: string;
  q?: string;
  tier?: number;
  stock: StockFilter;
  sort: ProductSort;
}

export interface ProductPage {
  products: Product[];
  /** Number of matches over all pages (the X-Total-Count header). */
  total: number;
  offset: number;
}

export function productListQueryKey(filters: ProductFilters) {
  return [PRODUCTS_PATH, filters] as const;
}

/** The query string of one page; defaults are left out so URLs stay short and cache keys stable. */
export function productListSearch(filters: ProductFilters, limit: number, offset: number): string {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  if (filters.q) params.set('q', filters.q);
  if (filters.tier !== undefined) params.set('tier', String(filters.tier));
  if (filters.stock !== 'all') params.set('stock', filters.stock);
  if (filters.sort !== 'default') params.set('sort', filters.sort);
  params.set('limit', String(limit));
  params.set('offset', String(offset));
  return params.toString();
}

export async function getProducts(
  filters: ProductFilters,
  {
    limit = MARKETPLACE_PAGE_SIZE,
    offset = 0,
    signal,
  }: { limit?: number; offset?: number; signal?: AbortSignal } = {},
): Promise<ProductPage> {
  const { data, headers } = await getJsonWithHeaders<Product[]>(
    `${PRODUCTS_PATH}?${productListSearch(filters, limit, offset)}`,
    { signal },
  );
  const header = headers.get(TOTAL_COUNT_HEADER);
  const total = header === null ? Number.NaN : Number(header);
  // Without the header, assume this page is the last one rather than offering a 'Load more' that loads nothing.
  return { products: data, total: Number.isInteger(total) ? total : offset + data.length, offset };
}

export function getProductsInfiniteQueryOptions(filters: ProductFilters) {
  return infiniteQueryOptions({
    queryKey: productListQueryKey(filters),
    queryFn: ({ pageParam, signal }) => getProducts(filters, { offset: pageParam, signal }),
    initialPageParam: 0,
    getNextPageParam: (last: ProductPage) => {
      const next = last.offset + last.products.length;
      return last.products.length > 0 && next < last.total ? next : undefined;
    },
  });
}

/** Pages of products; while new filters load, the previous results stay on screen. */
export function useProducts(filters: ProductFilters) {
  return useInfiniteQuery({ ...getProductsInfiniteQueryOptions(filters), placeholderData: keepPreviousData });
}
