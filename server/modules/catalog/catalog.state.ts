import type { Product } from '../../../contract/catalog.js';
import type { ModuleState } from '../../infra/module.js';
import { TtlCache } from '../../lib/ttl-cache.js';

export type ProductPage = { products: Product[]; total: number };

/**
 * The public catalogue listing is read on every marketplace visit and changes only with a checkout, a review or an
 * operator's edit, so pages are kept for two seconds per app. This instance's own changes clear it at once
 * (`invalidateListings`); another instance's show within the two seconds. Carts and checkout always read live.
 */
const LISTING_TTL_MS = 2_000;
const MAX_LISTINGS = 500;

/** What the catalogue keeps per app: listing pages, and the reads of pages under way. */
export interface CatalogState extends ModuleState {
  /** `JSON.stringify` of the listing query -> its page. */
  listings: TtlCache<string, ProductPage>;
  /**
   * Pages being read: when a page expires under load, the requests that find it missing wait for the one read
   * already under way instead of each sending the same query (decision 014). A change clears them with the pages,
   * so a read that began before it answers its own callers but is neither shared nor kept. Bounded by the reads
   * under way: each entry leaves when its read ends.
   */
  pageLoads: Map<string, Promise<ProductPage>>;
}

declare module '../../infra/context.js' {
  interface AppModules {
    catalog: CatalogState;
  }
}

export function createCatalogState(): CatalogState {
  return { listings: new TtlCache(LISTING_TTL_MS, MAX_LISTINGS), pageLoads: new Map() };
}
