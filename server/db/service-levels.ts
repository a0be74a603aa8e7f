import { isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { serviceLevel, type SlaListOptions, type SlaSubject } from '../../contract/service-levels.js';

/*
 * SQL over the service-level columns that cases and investigation requests share (schema/service-levels.ts,
 * decision 019), for the repositories of both: the Directors' list order and filters, and the breach job.
 */

export interface SlaTable {
  slaTier: AnyColumn;
  firstResponseDueAt: AnyColumn;
  resolutionDueAt: AnyColumn;
  firstRespondedAt: AnyColumn;
  resolvedAt: AnyColumn;
  responseBreachNotifiedAt: AnyColumn;
  resolutionBreachNotifiedAt: AnyColumn;
  createdAt: AnyColumn;
}

/**
 * The service-level columns of a new row for an owner of `tier`: the clocks start with the row, at the
 * transaction's `now()` that its `created_at` takes too, on that tier's targets (contract/service-levels.ts).
 */
export function startingClocks(subject: SlaSubject, tier: number) {
  const level = serviceLevel(tier);
  const days = subject === 'case' ? level.caseResolutionDays : level.investigationResolutionDays;
  return {
    slaTier: level.tier,
    firstResponseDueAt: sql`now() + make_interval(hours => ${level.firstResponseHours}::int)`,
    resolutionDueAt: sql`now() + make_interval(days => ${days}::int)`,
  };
}

/** The due time of the clock still running: the first response's, then the resolution's; null when both stopped. */
export function nextDueAt(t: SlaTable): SQL<Date | null> {
  return sql<Date | null>`case
    when ${t.resolvedAt} is not null then null
    when ${t.firstRespondedAt} is null then least(${t.firstResponseDueAt}, ${t.resolutionDueAt})
    else ${t.resolutionDueAt} end`;
}

/** A clock stopped after its due time, or still running past it at `now`. */
export function responseBreached(t: SlaTable, now: Date): SQL<boolean> {
  return sql<boolean>`coalesce(${t.firstRespondedAt}, ${now.toISOString()}::timestamptz) > ${t.firstResponseDueAt}`;
}

export function resolutionBreached(t: SlaTable, now: Date): SQL<boolean> {
  return sql<boolean>`coalesce(${t.resolvedAt}, ${now.toISOString()}::timestamptz) > ${t.resolutionDueAt}`;
}

export function breached(t: SlaTable, now: Date): SQL<boolean> {
  return sql<boolean>`(${responseBreached(t, now)} or ${resolutionBreached(t, now)})`;
}

/** The conditions of a Directors' list query (`breached`, `dueBefore`), to AND with the list's own. */
export function slaFilters(t: SlaTable, options: SlaListOptions | undefined, now: Date): (SQL | undefined)[] {
  if (!options) return [];
  return [
    options.breached === undefined
      ? undefined
      : options.breached
        ? breached(t, now)
        : sql`not ${breached(t, now)}`,
    options.dueBefore ? sql`${nextDueAt(t)} < ${options.dueBefore.toISOString()}::timestamptz` : undefined,
  ];
}

/** `sort=due`: the soonest running clock first, stopped ones last; the newest first among equals. */
export function slaOrder(t: SlaTable, options: SlaListOptions | undefined): SQL[] {
  return options?.sort === 'due' ? [sql`${nextDueAt(t)} asc nulls last`] : [];
}

/**
 * The breach job's condition for one clock: due at or before `now`, not announced yet, and stopped late or still
 * running. Served by the partial indexes on the due time where the notice is null.
 */
export function unannouncedBreach(t: SlaTable, clock: 'first_response' | 'resolution', now: Date): SQL[] {
  const at = sql`${now.toISOString()}::timestamptz`;
  return clock === 'first_response'
    ? [
        isNull(t.responseBreachNotifiedAt),
        sql`${t.firstResponseDueAt} < ${at}`,
        sql`(${t.firstRespondedAt} is null or ${t.firstRespondedAt} > ${t.firstResponseDueAt})`,
      ]
    : [
        isNull(t.resolutionBreachNotifiedAt),
        sql`${t.resolutionDueAt} < ${at}`,
        sql`(${t.resolvedAt} is null or ${t.resolvedAt} > ${t.resolutionDueAt})`,
      ];
}
