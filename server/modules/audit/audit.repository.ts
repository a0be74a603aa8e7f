import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AuditCursor } from '../../../contract/audit.js';
import type { DbOrTx } from '../../db/client.js';
import { shownEmail } from '../../db/deleted-users.js';
import { auditLog, users } from '../../db/schema/index.js';

export type AuditEntry = typeof auditLog.$inferInsert;

export async function insert(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

/** Several entries in one statement (a Director's list of other users' records). */
export async function insertMany(db: DbOrTx, entries: AuditEntry[]): Promise<void> {
  if (entries.length > 0) await db.insert(auditLog).values(entries);
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

export interface EventFilter {
  actorId?: string;
  subjectUserId?: string;
  /** One action, or with `prefix` every action that starts with it. */
  action?: { name: string; prefix: boolean };
  /** ISO times: from inclusive, to exclusive. */
  from?: string;
  to?: string;
  before?: AuditCursor;
}

/**
 * Events newest first by (created_at, id), the key the `audit_log_created_id_idx` index holds. `cursorAt` is the
 * stored time to the microsecond, for the next page's keyset: a JavaScript Date keeps only milliseconds, and a cursor
 * rounded to them would skip the events of the same millisecond.
 */
export async function listEvents(db: DbOrTx, filter: EventFilter, limit: number) {
  const conditions: SQL[] = [];
  if (filter.actorId) conditions.push(eq(auditLog.userId, filter.actorId));
  if (filter.subjectUserId) conditions.push(eq(auditLog.subjectUserId, filter.subjectUserId));
  if (filter.action) {
    conditions.push(
      filter.action.prefix
        ? sql`starts_with(${auditLog.action}, ${filter.action.name})`
        : eq(auditLog.action, filter.action.name),
    );
  }
  if (filter.from) conditions.push(sql`${auditLog.createdAt} >= ${filter.from}::timestamptz`);
  if (filter.to) conditions.push(sql`${auditLog.createdAt} < ${filter.to}::timestamptz`);
  if (filter.before) {
    conditions.push(
      sql`(${auditLog.createdAt}, ${auditLog.id}) < (${filter.before.at}::timestamptz, ${filter.before.id}::uuid)`,
    );
  }
  return db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      cursorAt: sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      action: auditLog.action,
      actorId: auditLog.userId,
      // "Deleted user #n" for a deleted account, as everywhere staff see one.
      actorEmail: shownEmail(users),
      subjectType: auditLog.subjectType,
      subject: auditLog.subject,
      subjectUserId: auditLog.subjectUserId,
      ip: auditLog.ip,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

/**
 * Replaces what `pattern` finds (a PostgreSQL regular expression, case-insensitive) in every event's subject and
 * details; the number of events changed. For an erased account's addresses (design 11.2): the rows stay, the address
 * goes.
 */
export async function replaceInEvents(db: DbOrTx, pattern: string, replacement: string): Promise<number> {
  const rows = await db
    .update(auditLog)
    .set({
      subject: sql`regexp_replace(${auditLog.subject}, ${pattern}, ${replacement}, 'gi')`,
      details: sql`regexp_replace(${auditLog.details}::text, ${pattern}, ${replacement}, 'gi')::jsonb`,
    })
    .where(sql`${auditLog.subject} ~* ${pattern} or ${auditLog.details}::text ~* ${pattern}`)
    .returning({ id: auditLog.id });
  return rows.length;
}
