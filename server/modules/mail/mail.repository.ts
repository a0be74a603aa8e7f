import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';

export type MailRow = typeof mailOutbox.$inferSelect;
export type NewMail = typeof mailOutbox.$inferInsert;

export async function insert(db: DbOrTx, mail: NewMail): Promise<MailRow> {
  const [row] = await db.insert(mailOutbox).values(mail).returning();
  return row!;
}

/** A queued message, locked for its delivery; null when it is gone, already sent or being sent elsewhere. */
export async function lockQueued(db: DbOrTx, id: string): Promise<MailRow | null> {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'queued')))
    .for('update', { skipLocked: true });
  return row ?? null;
}

export async function markSent(db: DbOrTx, id: string, transport: string, messageId: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: 'sent',
      transport,
      messageId,
      sentAt: sql`now()`,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(eq(mailOutbox.id, id));
}

export async function recordFailure(db: DbOrTx, id: string, error: string, final: boolean): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: error.slice(0, 1000),
      ...(final ? { status: 'failed' as const } : {}),
    })
    .where(eq(mailOutbox.id, id));
}

export async function findById(db: DbOrTx, id: string): Promise<MailRow | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
}

/** Newest first. */
export async function list(db: DbOrTx, filter: { to?: string; limit: number }): Promise<MailRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(filter.to ? eq(mailOutbox.toAddress, filter.to) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(filter.limit);
}

/** Messages sent or given up on whose last attempt was before `before`; queued ones stay, however old. */
export async function deleteFinishedBefore(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(mailOutbox)
    .where(and(ne(mailOutbox.status, 'queued'), lt(mailOutbox.updatedAt, before)))
    .returning({ id: mailOutbox.id });
  return rows.length;
}
