import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { shownEmail } from '../../db/deleted-users.js';
import { caseUpdates, cases, evidenceFiles, investigationRequests, users } from '../../db/schema/index.js';

export type SubjectType = 'case' | 'investigation';
export type EvidenceRow = typeof evidenceFiles.$inferSelect;
export type NewEvidence = typeof evidenceFiles.$inferInsert;

/** A case or an investigation request as far as files care: whose it is and its number. */
export interface SubjectRow {
  id: string;
  userId: string;
  /** The organisation it is shared with; null: private (design 12.3). */
  organizationId: string | null;
  /** The case number; investigations are numbered by the service from their id. */
  caseNumber: string | null;
  /** A merged case's target (cases/merge.service.ts): it takes no more files. Null for investigations. */
  mergedIntoId: string | null;
}

export async function findSubject(
  db: DbOrTx,
  type: SubjectType,
  id: string,
  options: { lock?: boolean } = {},
): Promise<SubjectRow | null> {
  const query =
    type === 'case'
      ? db
          .select({
            id: cases.id,
            userId: cases.userId,
            organizationId: cases.organizationId,
            caseNumber: cases.caseNumber,
            mergedIntoId: cases.mergedIntoId,
          })
          .from(cases)
          .where(eq(cases.id, id))
      : db
          .select({
            id: investigationRequests.id,
            userId: investigationRequests.userId,
            organizationId: investigationRequests.organizationId,
            caseNumber: sql<string | null>`null`,
            mergedIntoId: sql<string | null>`null`,
          })
          .from(investigationRequests)
          .where(eq(investigationRequests.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

const subjectColumn = (type: SubjectType) =>
  type === 'case' ? evidenceFiles.caseId : evidenceFiles.investigationId;

/** Live (not removed) files of the subject, for the count limit. */
export async function countLive(db: DbOrTx, type: SubjectType, subjectId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(evidenceFiles)
    .where(and(eq(subjectColumn(type), subjectId), isNull(evidenceFiles.deletedAt)));
  return row?.n ?? 0;
}

export async function insertFile(db: DbOrTx, row: NewEvidence): Promise<EvidenceRow> {
  const [created] = await db.insert(evidenceFiles).values(row).returning();
  return created!;
}

const uploaderName = sql<
  string | null
>`case when ${users.id} is null then null else coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${shownEmail(users)}) end`;

export interface EvidenceWithUploader {
  file: EvidenceRow;
  uploadedBy: string | null;
}

/** The subject's files, newest first; removed ones too (they show as removed). */
export async function listFiles(
  db: DbOrTx,
  type: SubjectType,
  subjectId: string,
  options: { includeInternal: boolean; limit: number },
): Promise<EvidenceWithUploader[]> {
  return db
    .select({ file: evidenceFiles, uploadedBy: uploaderName })
    .from(evidenceFiles)
    .leftJoin(users, eq(users.id, evidenceFiles.uploadedBy))
    .where(
      and(
        eq(subjectColumn(type), subjectId),
        options.includeInternal ? undefined : eq(evidenceFiles.isInternal, false),
      ),
    )
    .orderBy(desc(evidenceFiles.createdAt), desc(evidenceFiles.id))
    .limit(options.limit);
}

export async function findFile(
  db: DbOrTx,
  type: SubjectType,
  subjectId: string,
  fileId: string,
  options: { lock?: boolean } = {},
): Promise<EvidenceRow | null> {
  const query = db
    .select()
    .from(evidenceFiles)
    .where(and(eq(evidenceFiles.id, fileId), eq(subjectColumn(type), subjectId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function markDeleted(db: DbOrTx, id: string, deletedBy: string | null): Promise<void> {
  await db
    .update(evidenceFiles)
    .set({ deletedAt: sql`now()`, deletedBy })
    .where(eq(evidenceFiles.id, id));
}

/** Whether any live file still points at the blob (before it is removed from the store). */
export async function blobInUse(db: DbOrTx, sha256: string): Promise<boolean> {
  const [row] = await db
    .select({ id: evidenceFiles.id })
    .from(evidenceFiles)
    .where(and(eq(evidenceFiles.sha256, sha256), isNull(evidenceFiles.deletedAt)))
    .limit(1);
  return row !== undefined;
}

/**
 * A line in the case's timeline for a file attached or removed (the timeline is the case's updates). Written in the
 * file change's own transaction; internal when the file is.
 */
export async function insertCaseTimelineEntry(
  db: DbOrTx,
  entry: { caseId: string; authorId: string; title: string; content: string; isInternal: boolean },
): Promise<void> {
  await db.insert(caseUpdates).values({ ...entry, updateType: 'comment' });
  await db
    .update(cases)
    .set({ updatedAt: sql`now()` })
    .where(eq(cases.id, entry.caseId));
}

/**
 * Files the data export lists for a user: those on their own cases and requests that they may see (not
 * internal), and those they uploaded. Metadata only.
 */
export async function listForExport(db: DbOrTx, userId: string) {
  const ownSubject: SQL = or(
    sql`${evidenceFiles.caseId} in (select ${cases.id} from ${cases} where ${cases.userId} = ${userId})`,
    sql`${evidenceFiles.investigationId} in (select ${investigationRequests.id} from ${investigationRequests} where ${investigationRequests.userId} = ${userId})`,
  )!;
  return db
    .select({
      id: evidenceFiles.id,
      caseId: evidenceFiles.caseId,
      investigationId: evidenceFiles.investigationId,
      name: evidenceFiles.name,
      size: evidenceFiles.size,
      contentType: evidenceFiles.contentType,
      sha256: evidenceFiles.sha256,
      uploadedByYou: sql<boolean>`${evidenceFiles.uploadedBy} is not distinct from ${userId}::uuid`,
      createdAt: evidenceFiles.createdAt,
      deletedAt: evidenceFiles.deletedAt,
    })
    .from(evidenceFiles)
    .where(or(and(ownSubject, eq(evidenceFiles.isInternal, false)), eq(evidenceFiles.uploadedBy, userId)))
    .orderBy(asc(evidenceFiles.createdAt), asc(evidenceFiles.id));
}

/**
 * Account deletion: the files the user attached lose their names and are removed (soft); the rows keep size, type
 * and hash. Files staff attached to the user's cases stay, as staff updates on them do (the firm's own work).
 * Returns the hashes whose blobs may now be unused.
 */
export async function eraseForUser(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .update(evidenceFiles)
    .set({ name: 'erased', deletedAt: sql`coalesce(${evidenceFiles.deletedAt}, now())` })
    .where(eq(evidenceFiles.uploadedBy, userId))
    .returning({ sha256: evidenceFiles.sha256 });
  return [...new Set(rows.map((row) => row.sha256))];
}

/** Merge: every file of one case, deleted ones included (their rows are the record of what was there), moves. */
export async function moveCaseFiles(db: DbOrTx, fromCaseId: string, toCaseId: string): Promise<void> {
  await db.update(evidenceFiles).set({ caseId: toCaseId }).where(eq(evidenceFiles.caseId, fromCaseId));
}
