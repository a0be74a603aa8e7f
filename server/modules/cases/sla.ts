import {
  formatDays,
  formatHours,
  serviceLevel,
  SLA_CLOCKS,
  toSla,
  type Sla,
  type SlaClock,
  type SlaSubject,
  type SlaTimes,
} from '../../../contract/service-levels.js';
import { tierName } from '../../../contract/tiers.js';
import type { Tx } from '../../db/client.js';
import type { AppContext } from '../../infra/context.js';
import type { AppEvents } from '../../infra/events.js';
import * as notifications from '../notifications/notifications.service.js';
import type { CaseUpdateNotice } from '../notifications/notifications.service.js';
import * as repository from './sla.repository.js';
import type { CaseBreach } from './sla.repository.js';

/*
 * Service levels (design 11.6, decision 019): the clocks a case or investigation request shows, and the job that
 * announces each breach once. The clocks stop in the services that make the changes (cases.service.ts,
 * investigations.service.ts); this file reads them and sweeps for breaches.
 */

/** The `sla` of a case or request as the API shows it at `now` (the context's clock). */
export function slaOf(row: { slaTier: number } & Omit<SlaTimes, 'tier'>, now: Date): Sla {
  return toSla(
    {
      tier: row.slaTier,
      firstResponseDueAt: row.firstResponseDueAt,
      resolutionDueAt: row.resolutionDueAt,
      firstRespondedAt: row.firstRespondedAt,
      resolvedAt: row.resolvedAt,
    },
    now,
  );
}

export type SlaBreachEvent = AppEvents['case.sla_breached'];

/** Where a breach sweep reads from: cases here, investigation requests in the investigations module. */
export interface BreachSource<B> {
  claim(tx: Tx, clock: SlaClock, now: Date, limit: number): Promise<B[]>;
  notice(breach: B, clock: SlaClock): CaseUpdateNotice;
  event(breach: B, clock: SlaClock): SlaBreachEvent;
}

/** How many breaches one transaction claims; a sweep runs batches until none is left. */
export const BREACH_BATCH = 100;

/** "2026-11-24 18:40 UTC": the time a breach fell due, the same for every reader of the mail. */
export function formatDue(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** "first response within 4 h" / "resolution within 7 days": what the tier promised. */
export function targetText(subject: SlaSubject, tier: number, clock: SlaClock): string {
  const level = serviceLevel(tier);
  if (clock === 'first_response') return `first response within ${formatHours(level.firstResponseHours)}`;
  const days = subject === 'case' ? level.caseResolutionDays : level.investigationResolutionDays;
  return `resolution within ${formatDays(days)}`;
}

/**
 * Announces every breach not yet announced, as of the context's clock: each is claimed (marked) in the same
 * transaction that writes its notification to every Director (and their mail, by their preferences), then
 * `case.sla_breached` is emitted for automation rules after the commit. A claimed breach is never claimed again,
 * so a second run, or a run on another instance at the same time, announces nothing twice. Returns how many.
 */
export async function sweepBreaches<B>(ctx: AppContext, source: BreachSource<B>): Promise<number> {
  const now = ctx.now();
  let total = 0;
  for (const clock of SLA_CLOCKS) {
    for (;;) {
      const events = await ctx.db.transaction(async (tx) => {
        const breaches = await source.claim(tx, clock, now, BREACH_BATCH);
        for (const breach of breaches) {
          await notifications.notifyDirectors(ctx, tx, {
            type: 'case_update',
            ...source.notice(breach, clock),
          });
        }
        return breaches.map((breach) => source.event(breach, clock));
      });
      for (const event of events) await ctx.events.emit('case.sla_breached', event);
      total += events.length;
      if (events.length < BREACH_BATCH) break;
    }
  }
  return total;
}

const CLOCK_WORDS: Record<SlaClock, string> = { first_response: 'first response', resolution: 'resolution' };

const caseSource: BreachSource<CaseBreach> = {
  claim: (tx, clock, now, limit) => repository.claimBreaches(tx, clock, now, limit),
  notice: (breach, clock) => ({
    priority: 'high',
    title: `${breach.caseNumber}: ${CLOCK_WORDS[clock]} overdue`,
    message:
      `Case ${breach.caseNumber} "${breach.title}" missed its service level: ` +
      `${targetText('case', breach.slaTier, clock)} for tier ${breach.slaTier} (${tierName(breach.slaTier)}), ` +
      `due ${formatDue(breach.dueAt)}.`,
    actionUrl: `/cases?tab=all&case=${breach.id}`,
    about: {
      type: 'case',
      id: breach.id,
      number: breach.caseNumber,
      change: `its ${CLOCK_WORDS[clock]} overdue`,
    },
  }),
  event: (breach, clock) => ({
    userId: breach.userId,
    subjectType: 'case',
    caseId: breach.id,
    caseNumber: breach.caseNumber,
    title: breach.title,
    clock,
    tier: breach.slaTier,
    dueAt: breach.dueAt.toISOString(),
  }),
};

/** The cases' breach job (`cases.sla-breaches`, every minute). */
export function sweepCaseBreaches(ctx: AppContext): Promise<number> {
  return sweepBreaches(ctx, caseSource);
}

/** When a case's clocks stop: in the transaction of the update that stops them, at the context's time. */
export const stopClocks = {
  firstResponse: (tx: Tx, id: string, at: Date) => repository.markFirstResponse(tx, id, at),
  resolved: (tx: Tx, id: string, at: Date) => repository.markResolved(tx, id, at),
};
