import type { Product } from '../../../contract/catalog.js';
import type { ModuleState } from '../../infra/module.js';
import { LoadingCache } from '../../lib/loading-cache.js';

export type ProductPage = { products: Product[]; total: number };

/**
 * The public catalogue listing is read on every marketplace visit and changes only with a checkout, a review or an
 * operator's edit, so pages are kept for two seconds per app. This instance's own changes clear it at once
 * (`invalidateListings`); another instance's show within the two seconds. Carts and checkout always read live.
 */
const LISTING_TTL_MS = 2_000;
const MAX_LISTINGS = 500;

/** What the catalogue keeps per app: listing pages. */
export interface CatalogState extends ModuleState {
  /** The listing query's JSON (`queryKey`) -> its page; a page expired under load is read once (LoadingCache). */
  listings: LoadingCache<string, ProductPage>;
}

declare module '../../infra/context.js' {
  interface AppModules {
    catalog: CatalogState;
  }
}

export function createCatalogState(): CatalogState {
  return { listings: new LoadingCache(LISTING_TTL_MS, MAX_LISTINGS) };
}
