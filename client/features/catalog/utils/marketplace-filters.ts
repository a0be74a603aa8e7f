import { PRODUCT_SORTS, STOCK_FILTERS, type ProductSort, type StockFilter } from '@contract/catalog-filters';
import { TIER_PLANS, type Tier } from '@contract/tiers';
import type { ProductFilters } from '@/features/catalog/api/get-products';

export type MarketplaceView = 'grid' | 'list';

/** Everything the marketplace keeps in the URL, so a reload or a shared link shows the same results. */
export interface MarketplaceState extends ProductFilters {
  view: MarketplaceView;
}

/**
 * The tier filter offers these, after "all": every tier of the one tier catalogue (contract/tiers.ts), which is what
 * a product's minimum tier can be. The spec's "all, 1, 2" missed the catalogue's tier 3 (and 4) items (issue 33).
 */
export const TIER_FILTER_OPTIONS: readonly Tier[] = TIER_PLANS.map((plan) => plan.tier);

export const SORT_LABELS: Record<ProductSort, string> = {
  default: 'Default',
  'price-low': 'Price: Low to High',
  'price-high': 'Price: High to Low',
  name: 'Name A-Z',
};

export const STOCK_LABELS: Record<StockFilter, string> = {
  all: 'All stock',
  'in-stock': 'In stock',
  'out-of-stock': 'Out of stock',
};

function oneOf<T extends string>(options: readonly T[], value: string | null, fallback: T): T {
  return options.find((option) => option === value) ?? fallback;
}

/** Reads the URL's query string; anything unknown or malformed falls back to "no filter". */
export function readMarketplaceState(params: URLSearchParams): MarketplaceState {
  const tier = Number(params.get('tier'));
  return {
    category: params.get('category')?.trim() || undefined,
    q: params.get('q')?.trim() || undefined,
    tier: TIER_FILTER_OPTIONS.find((option) => option === tier),
    stock: oneOf(STOCK_FILTERS, params.get('stock'), 'all'),
    sort: oneOf(PRODUCT_SORTS, params.get('sort'), 'default'),
    view: params.get('view') === 'list' ? 'list' : 'grid',
  };
}

/** The query string for a state, defaults left out ('/marketplace' when nothing is set). */
export function writeMarketplaceState(state: MarketplaceState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.category) params.set('category', state.category);
  if (state.tier !== undefined) params.set('tier', String(state.tier));
  if (state.stock !== 'all') params.set('stock', state.stock);
  if (state.sort !== 'default') params.set('sort', state.sort);
  if (state.view !== 'grid') params.set('view', state.view);
  return params;
}

/** The part of the state the server filters by (the view is the browser's business). */
export function toProductFilters({ view: _view, ...filters }: MarketplaceState): ProductFilters {
  return filters;
}

export function hasActiveFilters(state: MarketplaceState): boolean {
  return Boolean(
    state.q ||
    state.category ||
    state.tier !== undefined ||
    state.stock !== 'all' ||
    state.sort !== 'default',
  );
}
