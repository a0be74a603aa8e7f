/*
 * The search box sits in the top bar of every page, so it stays out of zod's way: these mirror the limits of
 * contract/search.ts (SEARCH_MIN_LENGTH, RECENT_SEARCHES_MAX, SEARCH_QUERY_MAX), whose module builds zod schemas
 * at load time and would put zod in the first page's bundle. A unit test keeps the two in step.
 */

/** Search runs from 2 characters. */
export const MIN_QUERY_LENGTH = 2;
/** At most 5 recent searches are kept. */
export const RECENT_SEARCHES_LIMIT = 5;
/** The API refuses longer queries. */
export const MAX_QUERY_LENGTH = 100;
/** Typing pauses this long before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 200;
