import type { SearchResultType } from '@contract/search';

/** How each kind of result is named in the panel. */
export const RESULT_TYPE_LABELS: Record<SearchResultType, string> = {
  product: 'Product',
  service: 'Service',
  investigation: 'Investigation',
  blog: 'Intel Blog',
  vendor: 'Vendor',
  other: 'Other',
};
