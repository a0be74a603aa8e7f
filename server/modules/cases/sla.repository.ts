import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { SlaClock } from '../../../contract/service-levels.js';
import type { DbOrTx } from '../../db/client.js';
import { unannouncedBreach } from '../../db/service-levels.js';
import { cases } from '../../db/schema/index.js';

/** The first public update of a Director stops the response clock; later ones change nothing. */
export async function markFirstResponse(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db
    .update(cases)
    .set({ firstRespondedAt: at })
    .where(and(eq(cases.id, id), isNull(cases.firstRespondedAt)));
}

/** Completing (or closing) stops the resolution clock, once. */
export async function markResolved(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db
    .update(cases)
    .set({ resolvedAt: at })
    .where(and(eq(cases.id, id), isNull(cases.resolvedAt)));
}

export interface CaseBreach {
  id: string;
  userId: string;
  caseNumber: string;
  title: string;
  slaTier: number;
  dueAt: Date;
}

/**
 * Marks up to `limit` unannounced breaches of one clock as announced at `now` and returns them. Rows another
 * instance is claiming are skipped (it announces them), and a row is only ever claimed while its notice is null, so
 * each breach is claimed exactly once however often and wherever the job runs.
 */
export async function claimBreaches(
  db: DbOrTx,
  clock: SlaClock,
  now: Date,
  limit: number,
): Promise<CaseBreach[]> {
  const due = clock === 'first_response' ? cases.firstResponseDueAt : cases.resolutionDueAt;
  const notice =
    clock === 'first_response' ? cases.responseBreachNotifiedAt : cases.resolutionBreachNotifiedAt;
  const candidates = db
    .select({ id: cases.id })
    .from(cases)
    .where(and(...unannouncedBreach(cases, clock, now)))
    .orderBy(due)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(cases)
    .set(clock === 'first_response' ? { responseBreachNotifiedAt: now } : { resolutionBreachNotifiedAt: now })
    .where(and(inArray(cases.id, candidates), isNull(notice)))
    .returning({
      id: cases.id,
      userId: cases.userId,
      caseNumber: cases.caseNumber,
      title: cases.title,
      slaTier: cases.slaTier,
      dueAt: due,
    });
}
