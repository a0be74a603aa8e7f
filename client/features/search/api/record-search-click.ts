import type { z } from 'zod';
import type { searchClickRequestSchema } from '@contract/search';
import { apiRequest } from '@/lib/api-client';
import { SEARCH_PATH } from '@/features/search/api/get-search-results';

export const SEARCH_CLICK_PATH = `${SEARCH_PATH}/click`;

export type SearchClick = z.input<typeof searchClickRequestSchema>;

/** 204: which result a search led to (for the search analytics). */
export function recordSearchClick(click: SearchClick): Promise<void> {
  return apiRequest<void>('POST', SEARCH_CLICK_PATH, click);
}

/**
 * Fire and forget: a failure to record must never stand between a person and the result they chose. A plain call,
 * not a mutation hook: nothing shows its state, and the query library's mutations stay out of the first page.
 */
export function sendSearchClick(click: SearchClick): void {
  recordSearchClick(click).catch(() => {});
}
