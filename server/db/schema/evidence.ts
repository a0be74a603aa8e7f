import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cases } from './cases.js';
import { createdAt } from './columns.js';
import { investigationRequests } from './investigations.js';
import { users } from './users.js';

/**
 * Evidence files attached to a case or an investigation request (issue 22 point 2). The bytes live in the blob
 * store (`server/infra/storage.ts`), addressed by `sha256`; the row is what the firm knows about them. Deleting a
 * file only sets `deletedAt`: the row stays, so the timeline and the reports can still say what was there.
 */
export const evidenceFiles = pgTable(
  'evidence_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Exactly one of the two subjects is set. */
    caseId: uuid('case_id').references(() => cases.id, { onDelete: 'cascade' }),
    investigationId: uuid('investigation_id').references(() => investigationRequests.id, {
      onDelete: 'cascade',
    }),
    /** The sanitised name it is downloaded under. */
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The type found by content sniffing, never the one the uploader claimed. */
    contentType: text('content_type').notNull(),
    sha256: text('sha256').notNull(),
    /** Director-only, like internal case updates. */
    isInternal: boolean('is_internal').notNull().default(false),
    /** Set null: the file stays on the case after its uploader's account is gone. */
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('evidence_files_one_subject', sql`num_nonnulls(${t.caseId}, ${t.investigationId}) = 1`),
    check('evidence_files_sha256_hex', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    check('evidence_files_size_positive', sql`${t.size} > 0`),
    index('evidence_files_case_created_idx').on(t.caseId, t.createdAt),
    index('evidence_files_investigation_created_idx').on(t.investigationId, t.createdAt),
    // Whether a blob is still referenced before it is removed from the store.
    index('evidence_files_sha256_idx').on(t.sha256),
  ],
);

export const REPORT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;

/**
 * PDF reports of a case or an investigation (issue 22 point 3), rendered by the `reports.render` job. The PDF is
 * kept in the blob store under `fileSha256`. `contentSha256` is the hash printed in the report's footer (of the
 * report's content, see decision 020); both are answered by `GET /api/reports/verify/{sha256}`. The subject's
 * number is copied here so a report stays verifiable after its case is gone.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectType: text('subject_type').notNull(),
    caseId: uuid('case_id').references(() => cases.id, { onDelete: 'set null' }),
    investigationId: uuid('investigation_id').references(() => investigationRequests.id, {
      onDelete: 'set null',
    }),
    subjectNumber: text('subject_number').notNull(),
    /** 'client' (what the client may see) or 'staff' (with internal notes and files; Directors only). */
    version: text('version').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending'),
    error: text('error'),
    contentSha256: text('content_sha256'),
    fileSha256: text('file_sha256'),
    size: bigint('size', { mode: 'number' }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    check('reports_subject_type', sql`${t.subjectType} in ('case', 'investigation')`),
    check('reports_version', sql`${t.version} in ('client', 'staff')`),
    check('reports_status', sql`${t.status} in ('pending', 'processing', 'completed', 'failed')`),
    index('reports_case_created_idx').on(t.caseId, t.createdAt),
    index('reports_investigation_created_idx').on(t.investigationId, t.createdAt),
    index('reports_content_sha256_idx').on(t.contentSha256),
    index('reports_file_sha256_idx').on(t.fileSha256),
  ],
);
