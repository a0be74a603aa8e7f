import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { NotificationPreferences } from '../../../contract/notifications.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import { mailPendingChanges, notificationPreferences, notifications, users } from '../../db/schema/index.js';

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

export async function insertMany(db: DbOrTx, rows: NewNotification[]) {
  if (rows.length === 0) return [];
  return db
    .insert(notifications)
    .values(rows)
    .returning({ ...columns, userId: notifications.userId });
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

/** Who a notification goes to, with what they want by e-mail (null preferences: the defaults). */
export interface Recipient {
  id: string;
  email: string;
  firstName: string | null;
  emailVerified: boolean;
  emailPreferences: NotificationPreferences['email'] | null;
}

const recipientColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
  emailPreferences: notificationPreferences.email,
};

export async function findRecipient(db: DbOrTx, userId: string): Promise<Recipient | null> {
  const [row] = await db
    .select(recipientColumns)
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Every Director (tier 4): staff who decide what waits in the queues. */
export async function listDirectors(db: DbOrTx): Promise<Recipient[]> {
  return db
    .select(recipientColumns)
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(eq(users.tier, DIRECTOR_TIER));
}

export async function findPreferences(
  db: DbOrTx,
  userId: string,
): Promise<NotificationPreferences['email'] | null> {
  const [row] = await db
    .select({ email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row?.email ?? null;
}

export async function upsertPreferences(
  db: DbOrTx,
  userId: string,
  email: NotificationPreferences['email'],
): Promise<NotificationPreferences['email']> {
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, email })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { email, updatedAt: sql`now()` } })
    .returning({ email: notificationPreferences.email });
  return row!.email;
}

export type PendingChange = Omit<typeof mailPendingChanges.$inferInsert, 'changes'> & { change: string };
export type PendingMail = typeof mailPendingChanges.$inferSelect;

/**
 * Adds a change to the record's waiting mail, or starts one; `started` tells whether this change started it (and so
 * must queue its sending). A kind already listed is not listed twice.
 */
export async function addPendingChange(
  db: DbOrTx,
  input: PendingChange,
): Promise<{ id: string; started: boolean }> {
  const { change, ...row } = input;
  const [result] = await db
    .insert(mailPendingChanges)
    .values({ ...row, changes: [change] })
    .onConflictDoUpdate({
      target: [mailPendingChanges.userId, mailPendingChanges.subjectType, mailPendingChanges.subjectId],
      set: {
        changes: sql`case when ${change}::text = any(${mailPendingChanges.changes}) then ${mailPendingChanges.changes}
          else array_append(${mailPendingChanges.changes}, ${change}::text) end`,
      },
    })
    .returning({ id: mailPendingChanges.id, started: sql<boolean>`xmax = 0` });
  return result!;
}

/** Takes a waiting mail to send it: deleted in the caller's transaction; null when it was sent already. */
export async function takePendingMail(db: DbOrTx, id: string): Promise<PendingMail | null> {
  const [row] = await db.delete(mailPendingChanges).where(eq(mailPendingChanges.id, id)).returning();
  return row ?? null;
}
