import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export type AuditEntry = typeof auditLog.$inferInsert;

export async function insert(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

export async function existsForDevice(db: DbOrTx, userId: string, actions: string[], device: string) {
  const [row] = await db
    .select({ yes: sql<number>`1` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.userId, userId),
        inArray(auditLog.action, actions),
        sql`${auditLog.details}->>'device' = ${device}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}
