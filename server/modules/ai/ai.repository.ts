import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AiAnalysisResults } from '../../../contract/ai.js';
import type { DbOrTx } from '../../db/client.js';
import { aiAnalyses } from '../../db/schema/index.js';

export type AiAnalysisRow = typeof aiAnalyses.$inferSelect;
export type NewAiAnalysis = typeof aiAnalyses.$inferInsert;

export async function insertAnalysis(db: DbOrTx, row: NewAiAnalysis): Promise<AiAnalysisRow> {
  const [created] = await db.insert(aiAnalyses).values(row).returning();
  return created!;
}

export async function listAnalyses(db: DbOrTx, userId: string, limit: number): Promise<AiAnalysisRow[]> {
  return db
    .select()
    .from(aiAnalyses)
    .where(eq(aiAnalyses.userId, userId))
    .orderBy(desc(aiAnalyses.createdAt), desc(aiAnalyses.id))
    .limit(limit);
}

export async function findAnalysis(db: DbOrTx, id: string): Promise<AiAnalysisRow | null> {
  const [row] = await db.select().from(aiAnalyses).where(eq(aiAnalyses.id, id));
  return row ?? null;
}

/**
 * Moves an analysis to processing if it is in one of `from`, and returns it; null when another run already has it
 * or it is finished. The conditional update is the claim: two runs of one job cannot both get the row.
 */
export async function claimAnalysis(
  db: DbOrTx,
  id: string,
  from: readonly AiAnalysisRow['status'][],
): Promise<AiAnalysisRow | null> {
  const [row] = await db
    .update(aiAnalyses)
    .set({ status: 'processing', updatedAt: sql`now()` })
    .where(and(eq(aiAnalyses.id, id), inArray(aiAnalyses.status, [...from])))
    .returning();
  return row ?? null;
}

/** Stores the outcome of a processing analysis; a finished one is left as it is. */
export async function finishAnalysis(
  db: DbOrTx,
  id: string,
  outcome:
    | { status: 'completed'; confidence: number; results: AiAnalysisResults }
    | { status: 'failed'; error: string },
  from: readonly AiAnalysisRow['status'][] = ['processing'],
): Promise<AiAnalysisRow | null> {
  const [row] = await db
    .update(aiAnalyses)
    .set({
      ...outcome,
      completedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(aiAnalyses.id, id), inArray(aiAnalyses.status, [...from])))
    .returning();
  return row ?? null;
}
