import type { Readable } from 'node:stream';
import { formatBytes, type EvidenceFile } from '../../../contract/evidence.js';
import { investigationNumber } from '../../../contract/reports.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import type { DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { BlobTooLargeError, type StagedBlob } from '../../infra/storage.js';
import { AppError, forbidden, notFound, validationFailed } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import * as audit from '../audit/audit.service.js';
import { publishCaseUpdated } from '../cases/case-events.js';
import { mayContribute, recordAccess, type Viewer } from '../organization/record-access.js';
import { sanitizeFileName, sniffContentType } from './evidence.content.js';
import * as repository from './evidence.repository.js';
import type { EvidenceRow, EvidenceWithUploader, SubjectRow, SubjectType } from './evidence.repository.js';

export type { SubjectType } from './evidence.repository.js';

const isDirector = (user: Pick<UserRow, 'tier'>) => user.tier >= DIRECTOR_TIER;

const WHAT: Record<SubjectType, string> = { case: 'Case', investigation: 'Investigation request' };

/** The number a subject is known by: `CASE-1001`, or `INV-1A2B3C4D` for an investigation request. */
export function subjectNumber(type: SubjectType, subject: SubjectRow): string {
  return type === 'case' ? subject.caseNumber! : investigationNumber(subject.id);
}

/**
 * The owner, Directors and, for a shared subject, its organisation's members see a subject; anyone else (and a
 * malformed id) gets the same 404. `contribute`: adding to it also needs an owner's or admin's role there.
 */
async function visibleSubject(
  ctx: AppContext,
  user: Viewer,
  type: SubjectType,
  id: string,
  need: 'read' | 'contribute' = 'read',
): Promise<SubjectRow> {
  const subject = isId(id) ? await repository.findSubject(ctx.db, type, id) : null;
  const access = subject && recordAccess(user, subject);
  if (!subject || !access) throw notFound(WHAT[type]);
  if (need === 'contribute' && !mayContribute(access)) {
    throw forbidden('Only owners and admins of your organisation can add files to a shared record');
  }
  return subject;
}

function toFile({ file, uploadedBy }: EvidenceWithUploader): EvidenceFile {
  return {
    id: file.id,
    name: file.name,
    size: file.size,
    contentType: file.contentType,
    sha256: file.sha256,
    isInternal: file.isInternal,
    uploadedBy,
    createdAt: file.createdAt.toISOString(),
    deletedAt: file.deletedAt?.toISOString() ?? null,
  };
}

function tooMany(ctx: AppContext): AppError {
  return new AppError(
    'CONFLICT',
    `A case or request holds at most ${ctx.config.EVIDENCE_MAX_FILES} files; remove one before adding another`,
  );
}

/**
 * Checked before the upload's body is read, so a refused caller never streams megabytes in: the subject is
 * visible to the user and has room for one more file.
 */
export async function checkUpload(
  ctx: AppContext,
  user: UserRow,
  type: SubjectType,
  id: string,
): Promise<void> {
  const subject = await visibleSubject(ctx, user, type, id, 'contribute');
  if ((await repository.countLive(ctx.db, type, subject.id)) >= ctx.config.EVIDENCE_MAX_FILES)
    throw tooMany(ctx);
}

/**
 * Streams one upload into the blob store (not yet committed), refusing it past `UPLOAD_MAX_BYTES` (413) while it
 * streams: nothing is ever held in memory beyond one chunk.
 */
export async function stageUpload(ctx: AppContext, source: Readable): Promise<StagedBlob> {
  try {
    return await ctx.storage.stage(source, { maxBytes: ctx.config.UPLOAD_MAX_BYTES });
  } catch (error) {
    if (
      error instanceof BlobTooLargeError ||
      (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'
    ) {
      throw payloadTooLarge(ctx);
    }
    throw error;
  }
}

export function payloadTooLarge(ctx: AppContext): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `A file may be at most ${formatBytes(ctx.config.UPLOAD_MAX_BYTES)} (${ctx.config.UPLOAD_MAX_BYTES} bytes)`,
  );
}

export interface UploadInput {
  staged: StagedBlob;
  filename: string | undefined;
  /** The multipart `isInternal` field. */
  isInternal: boolean;
  /** The upload stopped short of its declared end (the multipart stream said so). */
  truncated: boolean;
}

/**
 * `POST /api/{cases|investigations}/{id}/files`: the owner and Directors attach a file. Empty or cut-short uploads
 * are 400, types outside the allow-list (by content) 415, internal files from a non-Director 403. The blob is
 * committed to the store before the row, so a row never points at missing bytes (a crash in between leaves an
 * unreferenced blob, never a broken file). The row, the case's timeline entry and the audit event are one
 * transaction, which also re-checks the count limit with the subject locked.
 */
export async function attachFile(
  ctx: AppContext,
  user: UserRow,
  type: SubjectType,
  id: string,
  input: UploadInput,
  meta: RequestMeta,
): Promise<EvidenceFile> {
  const { staged } = input;
  try {
    const subject = await visibleSubject(ctx, user, type, id, 'contribute');
    if (input.isInternal && !isDirector(user)) throw forbidden('Only a Director can attach internal files');
    if (input.truncated) throw validationFailed([{ path: 'file', message: 'The upload was cut short' }]);
    if (staged.size === 0) throw validationFailed([{ path: 'file', message: 'The file is empty' }]);
    const name = sanitizeFileName(input.filename);
    const contentType = await sniffContentType(staged.head, staged.read, name);
    if (!contentType) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'This type of file cannot be attached (PDF, images, audio, video, Office documents, ZIP, text and CSV can)',
      );
    }
    await staged.commit();
    const row = await ctx.db.transaction(async (tx) => {
      const locked = await repository.findSubject(tx, type, subject.id, { lock: true });
      if (!locked) throw notFound(WHAT[type]);
      if (locked.mergedIntoId)
        throw new AppError('CONFLICT', 'This case was merged into another; attach files there');
      if ((await repository.countLive(tx, type, subject.id)) >= ctx.config.EVIDENCE_MAX_FILES)
        throw tooMany(ctx);
      const created = await repository.insertFile(tx, {
        ...(type === 'case' ? { caseId: subject.id } : { investigationId: subject.id }),
        name,
        size: staged.size,
        contentType,
        sha256: staged.sha256,
        isInternal: input.isInternal,
        uploadedBy: user.id,
      });
      if (type === 'case') {
        await repository.insertCaseTimelineEntry(tx, {
          caseId: subject.id,
          authorId: user.id,
          title: 'File attached',
          content: `${name} (${formatBytes(staged.size)}, SHA-256 ${staged.sha256})`,
          isInternal: input.isInternal,
        });
        // An internal file is Directors' news only.
        await publishCaseUpdated(tx, locked, { visible: !input.isInternal });
      }
      await audit.record(tx, {
        action: 'file.uploaded',
        userId: user.id,
        subjectType: 'evidence_file',
        subject: created.id,
        subjectUserId: subject.userId,
        ip: meta.ip,
        details: {
          [type === 'case' ? 'caseId' : 'investigationId']: subject.id,
          number: subjectNumber(type, subject),
          name,
          size: staged.size,
          contentType,
          sha256: staged.sha256,
          isInternal: input.isInternal,
        },
      });
      return created;
    });
    return toFile({ file: row, uploadedBy: displayName(user) });
  } finally {
    // After a commit the staged file is gone already; otherwise this drops it.
    await staged.discard();
  }
}

function displayName(user: UserRow): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
}

/** The subject's files, newest first, removed ones included; internal ones only for Directors. */
export async function listFiles(
  ctx: AppContext,
  user: UserRow,
  type: SubjectType,
  id: string,
  limit: number,
): Promise<EvidenceFile[]> {
  const subject = await visibleSubject(ctx, user, type, id);
  const rows = await repository.listFiles(ctx.db, type, subject.id, {
    includeInternal: isDirector(user),
    limit,
  });
  return rows.map(toFile);
}

/** Files as a report shows them (the reports module reads them through here). */
export async function filesForReport(
  db: DbOrTx,
  type: SubjectType,
  subjectId: string,
  includeInternal: boolean,
): Promise<EvidenceFile[]> {
  const rows = await repository.listFiles(db, type, subjectId, { includeInternal, limit: 10_000 });
  return rows.map(toFile);
}

/** A file someone may read: the owner's non-internal files, any file for a Director; 404 otherwise. */
async function visibleFile(
  ctx: AppContext,
  user: UserRow,
  type: SubjectType,
  id: string,
  fileId: string,
): Promise<{ subject: SubjectRow; file: EvidenceRow }> {
  const subject = await visibleSubject(ctx, user, type, id);
  const file = isId(fileId) ? await repository.findFile(ctx.db, type, subject.id, fileId) : null;
  if (!file || (file.isInternal && !isDirector(user))) throw notFound('File');
  return { subject, file };
}

export interface Download {
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  body: Readable;
}

/**
 * `GET .../files/{fileId}`: authorised on every request (no signed links), audited as `file.downloaded` with the
 * subject's owner as subject user. A removed file is 410.
 */
export async function downloadFile(
  ctx: AppContext,
  user: UserRow,
  type: SubjectType,
  id: string,
  fileId: string,
  meta: RequestMeta,
): Promise<Download> {
  const { subject, file } = await visibleFile(ctx, user, type, id, fileId);
  if (file.deletedAt) throw new AppError('GONE', 'This file was removed');
  const body = await ctx.storage.open(file.sha256);
  if (!body) throw new AppError('GONE', 'This file is no longer stored');
  await audit.record(ctx.db, {
    action: 'file.downloaded',
    userId: user.id,
    subjectType: 'evidence_file',
    subject: file.id,
    subjectUserId: subject.userId,
    ip: meta.ip,
    details: { number: subjectNumber(type, subject), name: file.name, sha256: file.sha256 },
  });
  return { name: file.name, contentType: file.contentType, size: file.size, sha256: file.sha256, body };
}

/**
 * `DELETE .../files/{fileId}`: a Director removes any file, the owner the files they attached themselves. A soft
 * delete: the file stays listed as removed (and, on a case, a "File removed" line joins the timeline); its bytes
 * stay in the store as evidence that it existed. Removing a removed file again is a 404.
 */
export async function deleteFile(
  ctx: AppContext,
  user: UserRow,
  type: SubjectType,
  id: string,
  fileId: string,
  meta: RequestMeta,
): Promise<void> {
  const { subject, file } = await visibleFile(ctx, user, type, id, fileId);
  if (!isDirector(user) && file.uploadedBy !== user.id) {
    throw forbidden('You can remove only the files you attached');
  }
  if (!mayContribute(recordAccess(user, subject))) {
    throw forbidden('Only owners and admins of your organisation can remove files from a shared record');
  }
  await ctx.db.transaction(async (tx) => {
    const locked = await repository.findFile(tx, type, subject.id, file.id, { lock: true });
    if (!locked || locked.deletedAt) throw notFound('File');
    await repository.markDeleted(tx, file.id, user.id);
    if (type === 'case') {
      await repository.insertCaseTimelineEntry(tx, {
        caseId: subject.id,
        authorId: user.id,
        title: 'File removed',
        content: `${file.name} (SHA-256 ${file.sha256}) was removed.`,
        isInternal: file.isInternal,
      });
      await publishCaseUpdated(tx, subject, { visible: !file.isInternal });
    }
    await audit.record(tx, {
      action: 'file.deleted',
      userId: user.id,
      subjectType: 'evidence_file',
      subject: file.id,
      subjectUserId: subject.userId,
      ip: meta.ip,
      details: { number: subjectNumber(type, subject), name: file.name, sha256: file.sha256 },
    });
  });
}

/** For the data export: the user's files (metadata and hashes, not their bytes). */
export async function exportFiles(db: DbOrTx, userId: string) {
  return repository.listForExport(db, userId);
}

/**
 * For account deletion, in its transaction: the files the user attached lose their names and are removed (staff's
 * files on their cases stay). Returns what to do
 * after the commit: drop the bytes no live file points at any more.
 */
export async function eraseForUser(
  ctx: AppContext,
  tx: DbOrTx,
  userId: string,
): Promise<() => Promise<void>> {
  const hashes = await repository.eraseForUser(tx, userId);
  return async () => {
    for (const sha256 of hashes) {
      if (!(await repository.blobInUse(ctx.db, sha256))) await ctx.storage.remove(sha256);
    }
  };
}

/** Merging cases (cases/merge.service.ts): the files of the merged case go to the case it went into. */
export async function moveCaseFiles(db: DbOrTx, fromCaseId: string, toCaseId: string): Promise<void> {
  await repository.moveCaseFiles(db, fromCaseId, toCaseId);
}
