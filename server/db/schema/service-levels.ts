import { sql } from 'drizzle-orm';
import { index, integer, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { tierCheck } from './columns.js';

/*
 * The service-level columns cases and investigation requests share (decision 019, contract/service-levels.ts):
 * the tier whose targets apply, when each clock falls due and stopped, and when each breach was announced.
 */
export const serviceLevelColumns = () => ({
  /** The owner's tier when it was opened: the targets that apply, whatever the tier later becomes. */
  slaTier: integer('sla_tier').notNull().default(1),
  firstResponseDueAt: timestamp('first_response_due_at', { withTimezone: true }).notNull(),
  resolutionDueAt: timestamp('resolution_due_at', { withTimezone: true }).notNull(),
  /** The first update of a Director the client can see (never an internal note). */
  firstRespondedAt: timestamp('first_responded_at', { withTimezone: true }),
  /** Completed or closed (a request: completed or cancelled). */
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  /** Set once, by the job that announced the breach: never twice for one clock. */
  responseBreachNotifiedAt: timestamp('response_breach_notified_at', { withTimezone: true }),
  resolutionBreachNotifiedAt: timestamp('resolution_breach_notified_at', { withTimezone: true }),
});

/** The tier's range and the two partial indexes the breach job reads (clocks not yet announced, by due time). */
export function serviceLevelIndexes(
  table: string,
  t: {
    slaTier: AnyPgColumn;
    firstResponseDueAt: AnyPgColumn;
    resolutionDueAt: AnyPgColumn;
    responseBreachNotifiedAt: AnyPgColumn;
    resolutionBreachNotifiedAt: AnyPgColumn;
  },
) {
  return [
    tierCheck(`${table}_sla_tier_range`, t.slaTier),
    index(`${table}_response_breach_idx`)
      .on(t.firstResponseDueAt)
      .where(sql`${t.responseBreachNotifiedAt} is null`),
    index(`${table}_resolution_breach_idx`)
      .on(t.resolutionDueAt)
      .where(sql`${t.resolutionBreachNotifiedAt} is null`),
  ];
}
