import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditCursor } from '../../../contract/audit.js';
import type { DbOrTx } from '../../db/client.js';
import { shownEmail } from '../../db/deleted-users.js';
import {
  auditLog,
  cases,
  digitalServices,
  payments,
  products,
  serviceInquiries,
  subscriptions,
  users,
  vendorApplications,
} from '../../db/schema/index.js';

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

/** A user a filter names: by account id, or by the address they have now (stored lower-cased). */
export type UserRef = { id: string } | { email: string };

export interface EventFilter {
  actor?: UserRef;
  subjectUser?: UserRef;
  /** One action, or with `prefix` every action that starts with it. */
  action?: { name: string; prefix: boolean };
  /** ISO times: from inclusive, to exclusive. */
  from?: string;
  to?: string;
  before?: AuditCursor;
  /** Which events, as another module says (an organisation's: its membership and its shared records). */
  about?: SQL;
}

/** The id a filter names, as a value to compare with (a subquery on the unique address for an e-mail). */
function userIdOf(ref: UserRef): SQL {
  return 'id' in ref
    ? sql`${ref.id}::uuid`
    : sql`(select ${users.id} from ${users} where ${users.email} = ${ref.email.toLowerCase()})`;
}

/** The account whose data an event is about (the actor's join is `users` itself). */
const subjectUsers = alias(users, 'subject_users');

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/**
 * The event's subject as a uuid when it is a record of `type`, else null: each subject join then looks one row up
 * by its primary key (an index probe per event of the page), and a subject that is no uuid is never cast.
 */
function subjectId(type: string): SQL {
  return sql`(case when ${auditLog.subjectType} = ${type} and ${auditLog.subject} ~ ${UUID_PATTERN}
    then ${auditLog.subject}::uuid end)`;
}

/**
 * What the subject's own row calls it, for the records whose name lives in their row: a case's number, an
 * account's address, a payment's amount, an upgrade's tier, a vendor's company, a product's or a service's name.
 * Null when the subject is of another type or its row is gone; the service words the rest (`presentEvent`).
 */
function subjectName() {
  return sql<string | null>`case ${auditLog.subjectType}
    when 'user' then case when ${auditLog.subject} = ${subjectUsers.id}::text then ${shownEmail(subjectUsers)} end
    when 'case' then ${cases.caseNumber}
    when 'payment' then ${payments.amount}::text || ' ' || ${payments.currency}
    when 'subscription' then ${subscriptions.tier}::text
    when 'vendor_application' then ${vendorApplications.companyName}
    when 'vendor_product' then ${products.name}
    when 'service_inquiry' then ${digitalServices.name}
  end`;
}

/**
 * Events newest first by (created_at, id), the key the `audit_log_created_id_idx` index holds. `cursorAt` is the
 * stored time to the microsecond, for the next page's keyset: a JavaScript Date keeps only milliseconds, and a cursor
 * rounded to them would skip the events of the same millisecond.
 */
export async function listEvents(db: DbOrTx, filter: EventFilter, limit: number) {
  const conditions: SQL[] = [];
  if (filter.actor) conditions.push(eq(auditLog.userId, userIdOf(filter.actor)));
  if (filter.subjectUser) conditions.push(eq(auditLog.subjectUserId, userIdOf(filter.subjectUser)));
  if (filter.action) {
    conditions.push(
      filter.action.prefix
        ? sql`starts_with(${auditLog.action}, ${filter.action.name})`
        : eq(auditLog.action, filter.action.name),
    );
  }
  if (filter.about) conditions.push(filter.about);
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
      subjectUserEmail: sql<string | null>`${shownEmail(subjectUsers)}`,
      ip: auditLog.ip,
      details: auditLog.details,
      subjectName: subjectName(),
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .leftJoin(subjectUsers, eq(subjectUsers.id, auditLog.subjectUserId))
    .leftJoin(cases, eq(cases.id, subjectId('case')))
    .leftJoin(payments, eq(payments.id, subjectId('payment')))
    .leftJoin(subscriptions, eq(subscriptions.id, subjectId('subscription')))
    .leftJoin(vendorApplications, eq(vendorApplications.id, subjectId('vendor_application')))
    .leftJoin(products, eq(products.id, subjectId('vendor_product')))
    .leftJoin(serviceInquiries, eq(serviceInquiries.id, subjectId('service_inquiry')))
    .leftJoin(digitalServices, eq(digitalServices.id, serviceInquiries.serviceId))
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
