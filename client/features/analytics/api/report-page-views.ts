// Type-only import: this file is in every page's JavaScript, and the contract's schemas would bring zod along.
import type { PageViewBatch } from '@contract/analytics';
import { apiRequest } from '@/lib/api-client';

export const PAGE_VIEWS_PATH = '/api/analytics/events';

export type PageViewEvent = PageViewBatch['events'][number];

/** One batch of route changes (1-50, anonymous or signed in): 202. */
export function reportPageViews(events: PageViewEvent[]): Promise<void> {
  return apiRequest<void>('POST', PAGE_VIEWS_PATH, { events } satisfies PageViewBatch);
}

/**
 * The same batch for a page that is being hidden or closed: a beacon outlives the page. The API takes JSON only,
 * and a beacon is sent as `application/json` only when its body is a Blob of that type. False when the browser
 * would not queue it.
 */
export function beaconPageViews(events: PageViewEvent[]): boolean {
  if (typeof navigator.sendBeacon !== 'function') return false;
  const body = new Blob([JSON.stringify({ events } satisfies PageViewBatch)], { type: 'application/json' });
  return navigator.sendBeacon(PAGE_VIEWS_PATH, body);
}
