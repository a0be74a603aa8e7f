export const SEARCH_MIN_LENGTH = 2;
export const RECENT_SEARCHES_MAX = 5;

export const SEARCH_RESULT_TYPES = [
  'product',
  'service',
  'investigation',
  'blog',
  'vendor',
  'other',
] as const;
export type SearchResultType = (typeof SEARCH_RESULT_TYPES)[number];
