import { z } from 'zod';
import type { Tier } from './tiers.js';

/*
 * Service levels by tier (design 11.6, docs/product.md "Service levels"). Every case and investigation request
 * runs two clocks from the moment it is opened:
 *
 * - first response: stopped by the first update from a Director (not the owner) that the client can see; an
 *   internal note does not stop it. On an investigation request, a Director's first status move or assignment
 *   (both told to the client) is that update.
 * - resolution: stopped when a case is completed (or closed) and when a request is completed or cancelled.
 *
 * The targets are those of the owner's tier when the case was opened (decision 019): an upgrade later shortens
 * the clocks of the cases opened after it, not of those already running.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export interface ServiceLevel {
  tier: Tier;
  /** Hours from opening to the first staff reply the client can see. */
  firstResponseHours: number;
  /** Days from opening to a completed (or closed) case. */
  caseResolutionDays: number;
  /** Days from filing to a completed request: investigations take longer than cases. */
  investigationResolutionDays: number;
}

/** The targets, one row per tier, lowest first. */
export const SERVICE_LEVELS: readonly ServiceLevel[] = [
  { tier: 1, firstResponseHours: 72, caseResolutionDays: 30, investigationResolutionDays: 45 },
  { tier: 2, firstResponseHours: 24, caseResolutionDays: 21, investigationResolutionDays: 30 },
  { tier: 3, firstResponseHours: 8, caseResolutionDays: 14, investigationResolutionDays: 21 },
  { tier: 4, firstResponseHours: 4, caseResolutionDays: 7, investigationResolutionDays: 14 },
];

/** What a clock runs on: a case or an investigation request. */
export const SLA_SUBJECTS = ['case', 'investigation'] as const;
export type SlaSubject = (typeof SLA_SUBJECTS)[number];

/** The two clocks, as `case.sla_breached` names them. */
export const SLA_CLOCKS = ['first_response', 'resolution'] as const;
export type SlaClock = (typeof SLA_CLOCKS)[number];

export const SLA_CLOCK_LABELS: Record<SlaClock, string> = {
  first_response: 'First response',
  resolution: 'Resolution',
};

/** A tier's row; a tier outside 1-4 is read as the nearest one. */
export function serviceLevel(tier: number): ServiceLevel {
  const index = Math.min(Math.max(Math.trunc(tier) || 1, 1), SERVICE_LEVELS.length) - 1;
  return SERVICE_LEVELS[index]!;
}

/** When each clock of a subject opened at `openedAt` by an owner of `tier` falls due. */
export function slaDueTimes(
  subject: SlaSubject,
  tier: number,
  openedAt: Date,
): { firstResponseDueAt: Date; resolutionDueAt: Date } {
  const level = serviceLevel(tier);
  const days = subject === 'case' ? level.caseResolutionDays : level.investigationResolutionDays;
  return {
    firstResponseDueAt: new Date(openedAt.getTime() + level.firstResponseHours * HOUR_MS),
    resolutionDueAt: new Date(openedAt.getTime() + days * DAY_MS),
  };
}

/** "4 h", "72 h"; "7 days", "1 day". */
export const formatHours = (hours: number) => `${hours} h`;
export const formatDays = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/**
 * `sla` on a case or investigation request. The four fields of design 11.6 and, so that a reader need not work
 * them out, the tier whose targets apply, when the resolution clock stopped and which clock is breached.
 * `breached`: a clock ran (or is running) past its due time.
 */
export const slaSchema = z.object({
  tier: z.number().int(),
  firstResponseDueAt: z.iso.datetime(),
  resolutionDueAt: z.iso.datetime(),
  firstRespondedAt: z.iso.datetime().nullable(),
  resolvedAt: z.iso.datetime().nullable(),
  responseBreached: z.boolean(),
  resolutionBreached: z.boolean(),
  breached: z.boolean(),
});
export type Sla = z.infer<typeof slaSchema>;

/** What the clocks are computed from, as stored on the row. */
export interface SlaTimes {
  tier: number;
  firstResponseDueAt: Date;
  resolutionDueAt: Date;
  firstRespondedAt: Date | null;
  resolvedAt: Date | null;
}

/** A clock is breached when it stopped after its due time, or still runs past it at `now`. */
export function clockBreached(dueAt: Date, stoppedAt: Date | null, now: Date): boolean {
  return (stoppedAt ?? now).getTime() > dueAt.getTime();
}

export function toSla(times: SlaTimes, now: Date): Sla {
  const responseBreached = clockBreached(times.firstResponseDueAt, times.firstRespondedAt, now);
  const resolutionBreached = clockBreached(times.resolutionDueAt, times.resolvedAt, now);
  return {
    tier: times.tier,
    firstResponseDueAt: times.firstResponseDueAt.toISOString(),
    resolutionDueAt: times.resolutionDueAt.toISOString(),
    firstRespondedAt: times.firstRespondedAt?.toISOString() ?? null,
    resolvedAt: times.resolvedAt?.toISOString() ?? null,
    responseBreached,
    resolutionBreached,
    breached: responseBreached || resolutionBreached,
  };
}

/** The Directors' lists: newest first (the default) or the soonest running clock first. */
export const SLA_SORTS = ['newest', 'due'] as const;
export type SlaSort = (typeof SLA_SORTS)[number];

/**
 * The query of the Directors' lists (`GET /api/cases?scope=all|assigned=true`, `GET /api/investigations?scope=all`):
 * `sort=due` puts the soonest due running clock first (stopped ones last); `breached=true|false` keeps the breached
 * (or the on-time) ones; `dueBefore` keeps those with a running clock due before that time.
 */
export const slaListQuerySchema = z.object({
  sort: z.enum(SLA_SORTS, { error: "Sort must be 'newest' or 'due'" }).default('newest'),
  breached: z.enum(['true', 'false'], { error: "Breached must be 'true' or 'false'" }).optional(),
  dueBefore: z.iso.datetime({ offset: true, error: 'Due before must be a date and time' }).optional(),
});
export type SlaListQuery = z.output<typeof slaListQuerySchema>;

/** The filter and order a list query asks for, as the services take it. */
export interface SlaListOptions {
  sort: SlaSort;
  breached?: boolean;
  dueBefore?: Date;
}

export function slaListOptions(query: SlaListQuery): SlaListOptions {
  return {
    sort: query.sort,
    ...(query.breached ? { breached: query.breached === 'true' } : {}),
    ...(query.dueBefore ? { dueBefore: new Date(query.dueBefore) } : {}),
  };
}

/** The clocks of a subject just opened at `openedAt` (neither stopped), as read at `now`. */
export function runningSla(subject: SlaSubject, tier: number, openedAt: Date, now: Date = openedAt): Sla {
  const due = slaDueTimes(subject, tier, openedAt);
  return toSla({ tier, ...due, firstRespondedAt: null, resolvedAt: null }, now);
}
