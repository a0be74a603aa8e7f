import { investigationNumber } from '../../../contract/reports.js';
import { tierName } from '../../../contract/tiers.js';
import type { Tx } from '../../db/client.js';
import type { AppContext } from '../../infra/context.js';
import * as serviceLevels from '../cases/sla.js';
import * as repository from './sla.repository.js';
import type { InvestigationBreach } from './sla.repository.js';

/*
 * Service levels of investigation requests (decision 019): the same clocks and breach sweep as cases
 * (cases/sla.ts), on the request's own columns and with the investigation targets.
 */

export const slaOf = serviceLevels.slaOf;

const CLOCK_WORDS = { first_response: 'first response', resolution: 'resolution' } as const;

const source: serviceLevels.BreachSource<InvestigationBreach> = {
  claim: (tx, clock, now, limit) => repository.claimBreaches(tx, clock, now, limit),
  notice: (breach, clock) => ({
    priority: 'high',
    title: `Investigation request: ${CLOCK_WORDS[clock]} overdue`,
    message:
      `The investigation request "${breach.subject}" missed its service level: ` +
      `${serviceLevels.targetText('investigation', breach.slaTier, clock)} for tier ${breach.slaTier} ` +
      `(${tierName(breach.slaTier)}), due ${serviceLevels.formatDue(breach.dueAt)}.`,
    actionUrl: '/investigations',
    about: {
      type: 'investigation',
      id: breach.id,
      number: investigationNumber(breach.id),
      change: `its ${CLOCK_WORDS[clock]} overdue`,
    },
  }),
  event: (breach, clock) => ({
    userId: breach.userId,
    subjectType: 'investigation',
    investigationId: breach.id,
    caseNumber: null,
    title: breach.subject,
    clock,
    tier: breach.slaTier,
    dueAt: breach.dueAt.toISOString(),
  }),
};

/** The requests' breach job (`investigations.sla-breaches`, every minute). */
export function sweepInvestigationBreaches(ctx: AppContext): Promise<number> {
  return serviceLevels.sweepBreaches(ctx, source);
}

/** When a request's clocks stop: in the transaction of the Director's change, at the context's time. */
export const stopClocks = {
  firstResponse: (tx: Tx, id: string, at: Date) => repository.markFirstResponse(tx, id, at),
  resolved: (tx: Tx, id: string, at: Date) => repository.markResolved(tx, id, at),
};
