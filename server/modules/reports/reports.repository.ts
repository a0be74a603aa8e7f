import { and, asc, desc, eq, inArray, or, sql, type AnyColumn } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { shownEmail } from '../../db/deleted-users.js';
import {
  auditLog,
  caseUpdates,
  cases,
  investigationCatalog,
  investigationRequests,
  reports,
  users,
} from '../../db/schema/index.js';

export type ReportRow = typeof reports.$inferSelect;
export type NewReport = typeof reports.$inferInsert;
export type SubjectType = 'case' | 'investigation';

const nameOf = (table: typeof users) =>
  sql<string>`coalesce(nullif(trim(concat_ws(' ', ${table.firstName}, ${table.lastName})), ''), ${shownEmail(table)})`;

export async function insertReport(db: DbOrTx, row: NewReport): Promise<ReportRow> {
  const [created] = await db.insert(reports).values(row).returning();
  return created!;
}

export async function findReport(db: DbOrTx, id: string): Promise<ReportRow | null> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id));
  return row ?? null;
}

/** The newest report of the subject in that version. */
export async function latestReport(
  db: DbOrTx,
  type: SubjectType,
  subjectId: string,
  version: string,
): Promise<ReportRow | null> {
  const [row] = await db
    .select()
    .from(reports)
    .where(
      and(
        eq(type === 'case' ? reports.caseId : reports.investigationId, subjectId),
        eq(reports.version, version),
      ),
    )
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(1);
  return row ?? null;
}

export async function updateReport(
  db: DbOrTx,
  id: string,
  changes: Partial<
    Pick<ReportRow, 'status' | 'error' | 'contentSha256' | 'fileSha256' | 'size' | 'completedAt'>
  >,
): Promise<ReportRow | null> {
  const [row] = await db.update(reports).set(changes).where(eq(reports.id, id)).returning();
  return row ?? null;
}

/** A completed report whose printed (content) hash or file hash is `sha256`. */
export async function findIssued(db: DbOrTx, sha256: string): Promise<ReportRow | null> {
  const [row] = await db
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.status, 'completed'),
        or(eq(reports.contentSha256, sha256), eq(reports.fileSha256, sha256)),
      ),
    )
    .orderBy(asc(reports.completedAt))
    .limit(1);
  return row ?? null;
}

/** The subject as far as access goes: its owner and number (null number for investigations). */
export async function findSubject(db: DbOrTx, type: SubjectType, id: string) {
  if (type === 'case') {
    const [row] = await db
      .select({
        id: cases.id,
        userId: cases.userId,
        organizationId: cases.organizationId,
        caseNumber: cases.caseNumber,
      })
      .from(cases)
      .where(eq(cases.id, id));
    return row ?? null;
  }
  const [row] = await db
    .select({
      id: investigationRequests.id,
      userId: investigationRequests.userId,
      organizationId: investigationRequests.organizationId,
    })
    .from(investigationRequests)
    .where(eq(investigationRequests.id, id));
  return row ? { ...row, caseNumber: null } : null;
}

const agents = sql`agents`;

/** The assigned agent's name (or address; "Deleted user #n" for a deleted account), null when unassigned. */
const agentName = (column: AnyColumn) =>
  sql<
    string | null
  >`(select coalesce(nullif(trim(concat_ws(' ', ${agents}.first_name, ${agents}.last_name)), ''),
    case when ${agents}.deleted_number is null then ${agents}.email else 'Deleted user #' || ${agents}.deleted_number end)
    from ${users} ${agents} where ${agents}.id = ${column})`;

/** Everything a case report prints about the case itself. */
export async function readCase(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      case: cases,
      clientName: nameOf(users),
      clientEmail: shownEmail(users),
      clientTier: users.tier,
      agent: agentName(cases.assignedAgentId),
    })
    .from(cases)
    .innerJoin(users, eq(users.id, cases.userId))
    .where(eq(cases.id, id));
  return row ?? null;
}

/** The case's updates, oldest first; internal ones only when asked for. */
export async function readCaseUpdates(db: DbOrTx, caseId: string, includeInternal: boolean) {
  return db
    .select({
      title: caseUpdates.title,
      updateType: caseUpdates.updateType,
      content: caseUpdates.content,
      isInternal: caseUpdates.isInternal,
      author: sql<string | null>`case when ${users.id} is null then null else ${nameOf(users)} end`,
      createdAt: caseUpdates.createdAt,
    })
    .from(caseUpdates)
    .leftJoin(users, eq(users.id, caseUpdates.authorId))
    .where(
      and(eq(caseUpdates.caseId, caseId), includeInternal ? undefined : eq(caseUpdates.isInternal, false)),
    )
    .orderBy(asc(caseUpdates.createdAt), asc(caseUpdates.id));
}

/** Everything an investigation report prints about the request itself. */
export async function readInvestigation(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      request: investigationRequests,
      serviceName: investigationCatalog.name,
      clientName: nameOf(users),
      clientEmail: shownEmail(users),
      clientTier: users.tier,
      agent: agentName(investigationRequests.assignedAgentId),
    })
    .from(investigationRequests)
    .innerJoin(investigationCatalog, eq(investigationCatalog.id, investigationRequests.serviceType))
    .innerJoin(users, eq(users.id, investigationRequests.userId))
    .where(eq(investigationRequests.id, id));
  return row ?? null;
}

/**
 * The audit events of a request that make its history (design 11.2 records them): the request with its
 * declarations, time and IP, and each Director's move or assignment. Oldest first.
 */
export async function readInvestigationEvents(db: DbOrTx, id: string) {
  return db
    .select({
      action: auditLog.action,
      at: auditLog.createdAt,
      ip: auditLog.ip,
      details: auditLog.details,
      actor: sql<string | null>`case when ${users.id} is null then null else ${nameOf(users)} end`,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(
      and(
        eq(auditLog.subject, id),
        inArray(auditLog.action, ['investigation.requested', 'investigation.updated']),
      ),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}
