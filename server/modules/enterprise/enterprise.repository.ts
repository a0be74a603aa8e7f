import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { enterpriseClients } from '../../db/schema/index.js';

export type EnterpriseClientRow = typeof enterpriseClients.$inferSelect;
export type NewEnterpriseClient = typeof enterpriseClients.$inferInsert;

/** PostgreSQL's unique_violation, here only from the index on lower(domain); drizzle wraps the driver's error. */
function isDuplicateDomain(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The new client, or null when its domain is taken (the unique index decides, not a prior read). */
export async function insertClient(
  db: DbOrTx,
  row: NewEnterpriseClient,
): Promise<EnterpriseClientRow | null> {
  const [created] = await db.insert(enterpriseClients).values(row).onConflictDoNothing().returning();
  return created ?? null;
}

export async function listClients(db: DbOrTx, limit: number): Promise<EnterpriseClientRow[]> {
  return db
    .select()
    .from(enterpriseClients)
    .orderBy(desc(enterpriseClients.createdAt), desc(enterpriseClients.id))
    .limit(limit);
}

export async function findClient(db: DbOrTx, id: string): Promise<EnterpriseClientRow | null> {
  const [row] = await db.select().from(enterpriseClients).where(eq(enterpriseClients.id, id));
  return row ?? null;
}

/** The changed client; null when there is none; 'duplicate' when the new domain belongs to another client. */
export async function updateClient(
  db: DbOrTx,
  id: string,
  changes: Partial<Pick<EnterpriseClientRow, 'name' | 'domain' | 'tier' | 'autoJoin'>>,
): Promise<EnterpriseClientRow | null | 'duplicate'> {
  try {
    const [row] = await db
      .update(enterpriseClients)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(enterpriseClients.id, id))
      .returning();
    return row ?? null;
  } catch (error) {
    if (isDuplicateDomain(error)) return 'duplicate';
    throw error;
  }
}

export async function deleteClient(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(enterpriseClients)
    .where(eq(enterpriseClients.id, id))
    .returning({ id: enterpriseClients.id });
  return rows.length > 0;
}
