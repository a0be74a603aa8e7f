import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { integrationDeliveries, integrations } from '../../db/schema/index.js';

export type IntegrationRow = typeof integrations.$inferSelect;
export type NewIntegration = typeof integrations.$inferInsert;
export type DeliveryRow = typeof integrationDeliveries.$inferSelect;
export type NewDelivery = typeof integrationDeliveries.$inferInsert;

export async function insertIntegration(db: DbOrTx, row: NewIntegration): Promise<IntegrationRow> {
  const [created] = await db.insert(integrations).values(row).returning();
  return created!;
}

export async function listIntegrations(db: DbOrTx, userId: string, limit: number): Promise<IntegrationRow[]> {
  return db
    .select()
    .from(integrations)
    .where(eq(integrations.userId, userId))
    .orderBy(desc(integrations.createdAt), desc(integrations.id))
    .limit(limit);
}

export async function findOwnIntegration(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<IntegrationRow | null> {
  const [row] = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.id, id), eq(integrations.userId, userId)));
  return row ?? null;
}

export async function updateIntegration(
  db: DbOrTx,
  id: string,
  changes: Partial<Pick<IntegrationRow, 'name' | 'config' | 'credentials' | 'isActive'>>,
): Promise<IntegrationRow> {
  const [row] = await db
    .update(integrations)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(integrations.id, id))
    .returning();
  return row!;
}

export async function deleteIntegration(db: DbOrTx, id: string): Promise<void> {
  await db.delete(integrations).where(eq(integrations.id, id));
}

export async function insertDelivery(db: DbOrTx, row: NewDelivery): Promise<DeliveryRow> {
  const [created] = await db.insert(integrationDeliveries).values(row).returning();
  return created!;
}

export async function findDelivery(db: DbOrTx, id: string): Promise<DeliveryRow | null> {
  const [row] = await db.select().from(integrationDeliveries).where(eq(integrationDeliveries.id, id));
  return row ?? null;
}

export async function listDeliveries(
  db: DbOrTx,
  integrationId: string,
  limit: number,
): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(integrationDeliveries)
    .where(eq(integrationDeliveries.integrationId, integrationId))
    .orderBy(desc(integrationDeliveries.createdAt), desc(integrationDeliveries.id))
    .limit(limit);
}

/** The delivery and its integration, for the worker that sends it. */
export async function findDeliveryWithIntegration(
  db: DbOrTx,
  id: string,
): Promise<{ delivery: DeliveryRow; integration: IntegrationRow } | null> {
  const [row] = await db
    .select({ delivery: integrationDeliveries, integration: integrations })
    .from(integrationDeliveries)
    .innerJoin(integrations, eq(integrations.id, integrationDeliveries.integrationId))
    .where(eq(integrationDeliveries.id, id));
  return row ?? null;
}

/**
 * Counts one attempt on a pending delivery. Null when it is no longer pending (another worker finished it), so a
 * duplicate job never sends twice after the outcome is known.
 */
export async function startAttempt(db: DbOrTx, id: string): Promise<DeliveryRow | null> {
  const [row] = await db
    .update(integrationDeliveries)
    .set({ attempts: sql`${integrationDeliveries.attempts} + 1`, updatedAt: new Date() })
    .where(and(eq(integrationDeliveries.id, id), eq(integrationDeliveries.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function recordOutcome(
  db: DbOrTx,
  id: string,
  outcome: Pick<DeliveryRow, 'status' | 'responseStatus' | 'error' | 'deliveredAt'>,
): Promise<DeliveryRow> {
  const [row] = await db
    .update(integrationDeliveries)
    .set({ ...outcome, updatedAt: new Date() })
    .where(eq(integrationDeliveries.id, id))
    .returning();
  return row!;
}
