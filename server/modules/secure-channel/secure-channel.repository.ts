import { and, desc, eq, sql } from 'drizzle-orm';
import type { SecureChannelDecision, SecureChannelReviewStatus } from '../../../contract/secure-channel.js';
import type { DbOrTx } from '../../db/client.js';
import { secureChannelRequests } from '../../db/schema/index.js';

export type SecureChannelRow = typeof secureChannelRequests.$inferSelect;

export async function insert(db: DbOrTx, request: typeof secureChannelRequests.$inferInsert) {
  const [row] = await db.insert(secureChannelRequests).values(request).returning({
    id: secureChannelRequests.id,
    status: secureChannelRequests.status,
    createdAt: secureChannelRequests.createdAt,
  });
  return row!;
}

export async function list(db: DbOrTx, limit: number, status?: SecureChannelReviewStatus) {
  return db
    .select()
    .from(secureChannelRequests)
    .where(status ? eq(secureChannelRequests.status, status) : undefined)
    .orderBy(desc(secureChannelRequests.createdAt), desc(secureChannelRequests.id))
    .limit(limit);
}

export async function find(db: DbOrTx, id: string) {
  const [row] = await db.select().from(secureChannelRequests).where(eq(secureChannelRequests.id, id));
  return row ?? null;
}

/** Reviews a pending request; null when it is not pending (any more), so two reviewers cannot both decide. */
export async function review(db: DbOrTx, id: string, status: SecureChannelDecision, reviewedBy: string) {
  const [row] = await db
    .update(secureChannelRequests)
    .set({ status, reviewedBy, reviewedAt: new Date() })
    .where(and(eq(secureChannelRequests.id, id), eq(secureChannelRequests.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function countByStatus(db: DbOrTx, status: SecureChannelReviewStatus): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(secureChannelRequests)
    .where(eq(secureChannelRequests.status, status));
  return row?.total ?? 0;
}
