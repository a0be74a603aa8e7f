import type { z } from 'zod';
import {
  SEARCH_MAX_RESULTS,
  SEARCH_MIN_LENGTH,
  type SearchResult,
  type SearchResultType,
  type searchQuerySchema,
} from '../../../contract/search.js';
import type { AppContext } from '../../infra/context.js';
import { searchWords } from '../../lib/search-text.js';
import * as repository from './search.repository.js';

const TRENDING_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
const TRENDING_MAX = 8;
/** Below this many full-text hits, names resembling the text are looked for too (typos). */
const FUZZY_BELOW = 5;
/** Trigrams of shorter text say nothing useful about typos. */
const FUZZY_MIN_LENGTH = 4;
/**
 * What the GIN index collects at most of each word's matches (gin_fuzzy_search_limit, see SearchStore): 2,000 for
 * one word; 20,000 for two, whose thinned matches must still meet (two words each in a tenth of a million names
 * still leave about 200 rows with both); none for more. None either when a filter (category, tier, price) narrows
 * the answer: the index thins before the filter applies, so a common word with a narrow filter showed fewer
 * results than exist, or none (a search filtered costs the whole of its words' matches instead).
 */
const GIN_SCAN_LIMITS = [2_000, 2_000, 20_000];
/** Shown while the search log is still empty (a new installation). */
const CURATED_TRENDING = [
  'rf detector',
  'body armour',
  'threat assessment',
  'background check',
  'osint',
  'faraday',
];

/** Where a result opens; a signed-out visitor has no product page, so products open the filtered marketplace. */
function urlOf(type: SearchResultType, hit: repository.Hit, signedIn: boolean): string {
  switch (type) {
    case 'product':
      return signedIn ? `/product/${hit.id}` : `/marketplace?q=${encodeURIComponent(hit.title)}`;
    case 'service':
      return `/digital#${hit.id}`;
    case 'investigation':
      return `/investigations#${hit.id}`;
    case 'blog':
      return `/blog?post=${hit.slug ?? hit.id}`;
    default:
      return `/marketplace?q=${encodeURIComponent(hit.title)}`;
  }
}

/**
 * Products, digital services, the investigation catalogue, blog posts and approved vendors, ranked together: full
 * text with prefix matching plus trigram similarity for typos, on the search's own connections (`SearchStore`). Every
 * search is logged for trending and analytics.
 */
export async function search(
  store: repository.SearchStore,
  query: z.output<typeof searchQuerySchema>,
  userId: string | null,
): Promise<SearchResult[]> {
  const text = query.q.toLowerCase();
  if (text.length < SEARCH_MIN_LENGTH) return [];
  const words = searchWords(text);
  const priced = query.minPrice !== undefined || query.maxPrice !== undefined;
  const filtered = priced || query.category !== undefined || query.tier !== undefined;
  const types = repository.SOURCE_TYPES.filter(
    (type) => (!query.type || query.type === type) && (!priced || type === 'product'),
  );
  // A type no source serves (`other`), or a price bound on a type without prices, can match nothing.
  if (types.length === 0) return [];
  const hits = await repository.searchAndLog(
    store,
    {
      text,
      words,
      types,
      filters: {
        category: query.category,
        maxTier: query.tier,
        minPrice: query.minPrice,
        maxPrice: query.maxPrice,
      },
      // Names resembling the text (typos) are looked at only when full text found little.
      fuzzy: text.length >= FUZZY_MIN_LENGTH && words.length > 0,
      fuzzyBelow: FUZZY_BELOW,
      ginScanLimit: filtered ? 0 : (GIN_SCAN_LIMITS[words.length] ?? 0),
      limit: SEARCH_MAX_RESULTS,
    },
    { userId, query: text },
  );
  const results = hits.map((hit): SearchResult => ({
    id: hit.id,
    type: hit.type,
    title: hit.title,
    description: hit.description,
    url: urlOf(hit.type, hit, userId !== null),
    category: hit.category,
    tier: hit.tier,
    price: hit.price,
  }));
  return results;
}

export async function recordClick(
  ctx: AppContext,
  store: repository.SearchStore,
  userId: string | null,
  query: string,
): Promise<void> {
  await repository.markClicked(store, ctx.db, userId, query.toLowerCase());
}

/** The most searched queries that found something in the last 7 days; a curated list on a fresh install. */
export async function trending(ctx: AppContext): Promise<string[]> {
  const recent = await repository.trending(ctx.db, new Date(Date.now() - TRENDING_WINDOW_MS), TRENDING_MAX);
  return recent.length > 0 ? recent : CURATED_TRENDING;
}
