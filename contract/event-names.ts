/**
 * The names and timings of the live events of `GET /api/events` (design 12.6), without their data's schemas
 * (contract/events.ts): what the page's stream needs, which the landing route loads, so it stays free of zod.
 */
export const LIVE_EVENT_TYPES = [
  'notification',
  'case.updated',
  'order.updated',
  'payment.updated',
  'job.progress',
  'tier.changed',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export const JOB_PROGRESS_KINDS = ['bulk', 'ai', 'export', 'report'] as const;
export type JobProgressKind = (typeof JOB_PROGRESS_KINDS)[number];

/**
 * Sent instead of a replay when the `Last-Event-ID` is older than the replay window: the page refetches what the
 * stream feeds. No data.
 */
export const RESET_EVENT = 'reset';

/**
 * The last frame of a stream whose session ended (sign-out here or in another tab, expiry, password reset, SCIM
 * deactivation). No id and no data: the page stops the stream and shows itself signed out, instead of reconnecting
 * and refetching only to be answered 401.
 */
export const SIGNED_OUT_EVENT = 'signed-out';

/** A comment line (`: ping`) keeps proxies from closing an idle stream. */
export const EVENTS_HEARTBEAT_MS = 25_000;
/** While the stream is down the page polls at this pace; while it is up, not at all. */
export const EVENTS_FALLBACK_POLL_MS = 30_000;
/** The page says "reconnecting" once the stream has been down this long. */
export const EVENTS_RECONNECTING_AFTER_MS = 10_000;
/** What the stream asks the browser to wait before reconnecting (the `retry:` field). */
export const EVENTS_RETRY_MS = 2_000;
