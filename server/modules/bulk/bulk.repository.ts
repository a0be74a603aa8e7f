import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BulkItemError } from '../../../contract/bulk.js';
import type { DbOrTx } from '../../db/client.js';
import { bulkOperations } from '../../db/schema/index.js';

export type BulkOperationRow = typeof bulkOperations.$inferSelect;
export type NewBulkOperation = typeof bulkOperations.$inferInsert;

/** What lists and status reads need: never the payload or the output, which may be large. */
const summaryColumns = {
  id: bulkOperations.id,
  userId: bulkOperations.userId,
  type: bulkOperations.type,
  status: bulkOperations.status,
  totalItems: bulkOperations.totalItems,
  processedItems: bulkOperations.processedItems,
  failedItems: bulkOperations.failedItems,
  itemErrors: bulkOperations.itemErrors,
  error: bulkOperations.error,
  hasOutput: sql<boolean>`${bulkOperations.output} is not null`,
  createdAt: bulkOperations.createdAt,
  completedAt: bulkOperations.completedAt,
};
export type BulkOperationSummary = Omit<BulkOperationRow, 'payload' | 'output' | 'updatedAt'> & {
  hasOutput: boolean;
};

export interface Progress {
  processedItems: number;
  failedItems: number;
  itemErrors: BulkItemError[];
}

export async function insert(db: DbOrTx, row: NewBulkOperation): Promise<BulkOperationSummary> {
  const [created] = await db.insert(bulkOperations).values(row).returning(summaryColumns);
  return created!;
}

export async function listForUser(
  db: DbOrTx,
  userId: string,
  limit: number,
): Promise<BulkOperationSummary[]> {
  return db
    .select(summaryColumns)
    .from(bulkOperations)
    .where(eq(bulkOperations.userId, userId))
    .orderBy(desc(bulkOperations.createdAt), desc(bulkOperations.id))
    .limit(limit);
}

export async function findForUser(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<BulkOperationSummary | null> {
  const [row] = await db
    .select(summaryColumns)
    .from(bulkOperations)
    .where(and(eq(bulkOperations.id, id), eq(bulkOperations.userId, userId)));
  return row ?? null;
}

export async function findOutput(db: DbOrTx, userId: string, id: string): Promise<string | null> {
  const [row] = await db
    .select({ output: bulkOperations.output })
    .from(bulkOperations)
    .where(and(eq(bulkOperations.id, id), eq(bulkOperations.userId, userId)));
  return row?.output ?? null;
}

/**
 * Takes a pending operation, or one a crashed try left processing, for this try; null when it is already finished
 * (or gone), so a job delivered twice does nothing the second time.
 */
export async function claim(db: DbOrTx, id: string): Promise<BulkOperationRow | null> {
  const [row] = await db
    .update(bulkOperations)
    .set({ status: 'processing', updatedAt: sql`now()` })
    .where(and(eq(bulkOperations.id, id), inArray(bulkOperations.status, ['pending', 'processing'])))
    .returning();
  return row ?? null;
}

export async function saveProgress(
  db: DbOrTx,
  id: string,
  progress: Progress,
): Promise<BulkOperationRow | null> {
  const [row] = await db
    .update(bulkOperations)
    .set({ ...progress, updatedAt: sql`now()` })
    .where(and(eq(bulkOperations.id, id), eq(bulkOperations.status, 'processing')))
    .returning();
  return row ?? null;
}

export async function finish(
  db: DbOrTx,
  id: string,
  outcome: Progress & { status: 'completed' | 'failed'; output?: string | null; error?: string | null },
): Promise<BulkOperationRow | null> {
  const [row] = await db
    .update(bulkOperations)
    .set({ ...outcome, completedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(bulkOperations.id, id), inArray(bulkOperations.status, ['pending', 'processing'])))
    .returning();
  return row ?? null;
}

/** Ends an unfinished operation as failed, keeping the counts it reached. */
export async function fail(db: DbOrTx, id: string, error: string): Promise<BulkOperationRow | null> {
  const [row] = await db
    .update(bulkOperations)
    .set({ status: 'failed', error, completedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(bulkOperations.id, id), inArray(bulkOperations.status, ['pending', 'processing'])))
    .returning();
  return row ?? null;
}
