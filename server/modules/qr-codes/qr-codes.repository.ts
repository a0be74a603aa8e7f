import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { qrCodes } from '../../db/schema/index.js';

export type QrCodeRow = typeof qrCodes.$inferSelect;
export type NewQrCode = typeof qrCodes.$inferInsert;

export async function insert(db: DbOrTx, row: NewQrCode): Promise<QrCodeRow> {
  const [created] = await db.insert(qrCodes).values(row).returning();
  return created!;
}

export async function listForUser(db: DbOrTx, userId: string, limit: number): Promise<QrCodeRow[]> {
  return db
    .select()
    .from(qrCodes)
    .where(eq(qrCodes.userId, userId))
    .orderBy(desc(qrCodes.createdAt), desc(qrCodes.id))
    .limit(limit);
}

/** Switches the user's code off (again, harmlessly, when it already is); null when it is not theirs. */
export async function deactivate(db: DbOrTx, userId: string, id: string): Promise<QrCodeRow | null> {
  const [row] = await db
    .update(qrCodes)
    .set({ isActive: false })
    .where(and(eq(qrCodes.id, id), eq(qrCodes.userId, userId)))
    .returning();
  return row ?? null;
}

export async function remove(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(qrCodes)
    .where(and(eq(qrCodes.id, id), eq(qrCodes.userId, userId)))
    .returning({ id: qrCodes.id });
  return rows.length > 0;
}

/**
 * Counts a scan of a live code and returns where it leads, in one statement: the check (active, not expired by the
 * database's clock) and the increment cannot be split by a concurrent deactivation or a second scan. Null for an
 * unknown, switched-off or expired token, which then counts nothing.
 */
export async function recordScan(
  db: DbOrTx,
  token: string,
): Promise<Pick<QrCodeRow, 'type' | 'data'> | null> {
  const [row] = await db
    .update(qrCodes)
    .set({ scannedCount: sql`${qrCodes.scannedCount} + 1`, lastScannedAt: sql`now()` })
    .where(
      and(
        eq(qrCodes.token, token),
        eq(qrCodes.isActive, true),
        or(isNull(qrCodes.expiresAt), gt(qrCodes.expiresAt, sql`now()`)),
      ),
    )
    .returning({ type: qrCodes.type, data: qrCodes.data });
  return row ?? null;
}
