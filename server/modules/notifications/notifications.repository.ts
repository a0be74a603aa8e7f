import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';

export type NewNotification = typeof notifications.$inferInsert;

const columns = {
  id: notifications.id,
  type: notifications.type,
  priority: notifications.priority,
  title: notifications.title,
  message: notifications.message,
  isRead: notifications.isRead,
  actionUrl: notifications.actionUrl,
  createdAt: notifications.createdAt,
};

export async function insert(db: DbOrTx, notification: NewNotification) {
  const [row] = await db.insert(notifications).values(notification).returning(columns);
  return row!;
}

export async function listForUser(db: DbOrTx, userId: string, limit: number) {
  return db
    .select(columns)
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function markRead(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true, readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true, readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}
