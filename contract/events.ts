import { z } from 'zod';
import { notificationSchema } from './notifications.js';

/**
 * The live events of `GET /api/events` (design 12.6): a `text/event-stream` whose events carry these names and, as
 * `data`, JSON of these shapes. Every event has an `id:`; a reconnect sends the last one as `Last-Event-ID`.
 */
export const JOB_PROGRESS_KINDS = ['bulk', 'ai', 'export', 'report'] as const;
export type JobProgressKind = (typeof JOB_PROGRESS_KINDS)[number];

export const liveEventSchemas = {
  /** A new notification: the record, as `GET /api/notifications` lists it. */
  notification: notificationSchema,
  /** A change to a case its reader may see (internal notes and files make none for clients). */
  'case.updated': z.object({ caseId: z.string() }),
  'order.updated': z.object({ id: z.string(), status: z.string() }),
  'payment.updated': z.object({ id: z.string(), status: z.string() }),
  'job.progress': z.object({
    kind: z.enum(JOB_PROGRESS_KINDS),
    id: z.string(),
    status: z.string(),
    processed: z.number().int().optional(),
    total: z.number().int().optional(),
  }),
  /** The reader's effective tier changed: the page reads the user again. */
  'tier.changed': z.object({ tier: z.number().int() }),
} as const;

export type LiveEventType = keyof typeof liveEventSchemas;
export type LiveEventData<T extends LiveEventType> = z.infer<(typeof liveEventSchemas)[T]>;
export const LIVE_EVENT_TYPES = Object.keys(liveEventSchemas) as LiveEventType[];

/**
 * Sent instead of a replay when the `Last-Event-ID` is older than the replay window: the page refetches what the
 * stream feeds. No data.
 */
export const RESET_EVENT = 'reset';

/** A comment line (`: ping`) keeps proxies from closing an idle stream. */
export const EVENTS_HEARTBEAT_MS = 25_000;
/** While the stream is down the page polls at this pace; while it is up, not at all. */
export const EVENTS_FALLBACK_POLL_MS = 30_000;
/** The page says "reconnecting" once the stream has been down this long. */
export const EVENTS_RECONNECTING_AFTER_MS = 10_000;
/** What the stream asks the browser to wait before reconnecting (the `retry:` field). */
export const EVENTS_RETRY_MS = 2_000;
