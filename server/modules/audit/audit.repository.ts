import type { DbOrTx } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export type AuditEntry = typeof auditLog.$inferInsert;

export async function insert(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}
