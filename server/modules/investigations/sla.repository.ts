import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { SlaClock } from '../../../contract/service-levels.js';
import type { DbOrTx } from '../../db/client.js';
import { unannouncedBreach } from '../../db/service-levels.js';
import { investigationRequests } from '../../db/schema/index.js';

const t = investigationRequests;

/** A Director's first change the requester is told of (a status move or an assignment) stops the response clock. */
export async function markFirstResponse(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db
    .update(t)
    .set({ firstRespondedAt: at })
    .where(and(eq(t.id, id), isNull(t.firstRespondedAt)));
}

/** Completing or cancelling stops the resolution clock, once. */
export async function markResolved(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db
    .update(t)
    .set({ resolvedAt: at })
    .where(and(eq(t.id, id), isNull(t.resolvedAt)));
}

export interface InvestigationBreach {
  id: string;
  userId: string;
  subject: string;
  slaTier: number;
  dueAt: Date;
}

/** As the cases' claimBreaches: marks up to `limit` unannounced breaches of one clock at `now`, each exactly once. */
export async function claimBreaches(
  db: DbOrTx,
  clock: SlaClock,
  now: Date,
  limit: number,
): Promise<InvestigationBreach[]> {
  const response = clock === 'first_response';
  const due = response ? t.firstResponseDueAt : t.resolutionDueAt;
  const notice = response ? t.responseBreachNotifiedAt : t.resolutionBreachNotifiedAt;
  const candidates = db
    .select({ id: t.id })
    .from(t)
    .where(and(...unannouncedBreach(t, clock, now)))
    .orderBy(due)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(t)
    .set(response ? { responseBreachNotifiedAt: now } : { resolutionBreachNotifiedAt: now })
    .where(and(inArray(t.id, candidates), isNull(notice)))
    .returning({ id: t.id, userId: t.userId, subject: t.subject, slaTier: t.slaTier, dueAt: due });
}
