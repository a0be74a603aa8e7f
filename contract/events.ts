import { z } from 'zod';
import { JOB_PROGRESS_KINDS, type LiveEventType } from './event-names.js';
import { notificationSchema } from './notifications.js';

export * from './event-names.js';

/**
 * The live events of `GET /api/events` (design 12.6): a `text/event-stream` whose events carry the names of
 * contract/event-names.ts and, as `data`, JSON of these shapes. Every event has an `id:`; a reconnect sends the last
 * one as `Last-Event-ID`.
 */
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
} as const satisfies Record<LiveEventType, z.ZodType>;

export type LiveEventData<T extends LiveEventType> = z.infer<(typeof liveEventSchemas)[T]>;
