import type { FastifyBaseLogger } from 'fastify';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { CASE_COST_CURRENCY } from '../../../contract/cases.js';
import { formatBytes, type EvidenceFile } from '../../../contract/evidence.js';
import {
  investigationNumber,
  type Report,
  type ReportVerification,
  type ReportVersion,
} from '../../../contract/reports.js';
import { DIRECTOR_TIER, tierName } from '../../../contract/tiers.js';
import type { UserRow } from '../../db/schema/users.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { defineJob } from '../../infra/job.js';
import { publicBaseUrl } from '../../infra/public-url.js';
import { putBlob } from '../../infra/storage.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import * as attack from '../attack/attack.service.js';
import * as audit from '../audit/audit.service.js';
import { withJobProgress } from '../events/events.service.js';
import * as tasks from '../cases/tasks.service.js';
import * as evidence from '../evidence/evidence.service.js';
import * as observables from '../observables/observables.service.js';
import { mayContribute, recordAccess, type Viewer } from '../organization/record-access.js';
import * as payments from '../payments/payments.service.js';
import {
  contentSha256,
  renderPdf,
  type FileEntry,
  type ReportContent,
  type Row,
  type TimelineEntry,
} from './reports.pdf.js';
import * as repository from './reports.repository.js';
import type { ReportRow, SubjectType } from './reports.repository.js';

const REPORT_RETRY_LIMIT = 2;

/** The job that renders one requested report. */
export const reportJob = defineJob({
  name: 'reports.render',
  payload: z.object({ reportId: z.string(), baseUrl: z.string() }),
  retry: { retryLimit: REPORT_RETRY_LIMIT, retryDelay: 2, expireInSeconds: 300 },
  async handle(ctx, data, job) {
    await renderReport(ctx, { ...data, retryCount: job.retryCount }, job.logger);
  },
});

const isDirector = (user: Pick<UserRow, 'tier'>) => user.tier >= DIRECTOR_TIER;
const WHAT: Record<SubjectType, string> = { case: 'Case', investigation: 'Investigation request' };

export function toReport(row: ReportRow): Report {
  return {
    id: row.id,
    subjectType: row.subjectType as SubjectType,
    subjectNumber: row.subjectNumber,
    version: row.version as ReportVersion,
    status: row.status as Report['status'],
    sha256: row.contentSha256,
    fileSha256: row.fileSha256,
    size: row.size,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/**
 * The owner, Directors and, for a shared subject, its organisation's members see the subject; asking for a report
 * (`contribute`) also needs an owner's or admin's role there; the staff version is Directors' only; anyone else
 * gets 404.
 */
async function visibleSubject(
  ctx: AppContext,
  user: Viewer,
  type: SubjectType,
  id: string,
  version: ReportVersion,
  need: 'read' | 'contribute' = 'read',
) {
  const subject = isId(id) ? await repository.findSubject(ctx.db, type, id) : null;
  const access = subject && recordAccess(user, subject);
  if (!subject || !access) throw notFound(WHAT[type]);
  if (need === 'contribute' && !mayContribute(access)) {
    throw forbidden('Only owners and admins of your organisation can ask for reports on a shared record');
  }
  if (version === 'staff' && !isDirector(user))
    throw forbidden('Only a Director can produce the staff version');
  return {
    ...subject,
    number: type === 'case' ? subject.caseNumber! : investigationNumber(subject.id),
  };
}

/**
 * `POST /api/{cases|investigations}/{id}/report`: records a pending report and queues its rendering in the same
 * transaction, audited as `report.requested`. `baseUrl` is where the footer tells readers to verify it.
 */
export async function requestReport(
  ctx: AppContext,
  user: UserRow,
  type: SubjectType,
  id: string,
  version: ReportVersion,
  meta: RequestMeta,
): Promise<Report> {
  const subject = await visibleSubject(ctx, user, type, id, version, 'contribute');
  const baseUrl = publicBaseUrl(ctx.config);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repository.insertReport(tx, {
      subjectType: type,
      ...(type === 'case' ? { caseId: subject.id } : { investigationId: subject.id }),
      subjectNumber: subject.number,
      version,
      requestedBy: user.id,
    });
    await ctx.queue.send(reportJob, { reportId: created.id, baseUrl }, { tx });
    await audit.record(tx, {
      action: 'report.requested',
      userId: user.id,
      subjectType: 'report',
      subject: created.id,
      subjectUserId: subject.userId,
      ip: meta.ip,
      details: {
        [type === 'case' ? 'caseId' : 'investigationId']: subject.id,
        number: subject.number,
        version,
      },
    });
    return created;
  });
  return toReport(row);
}

export type LatestReport =
  { ready: false; report: Report } | { ready: true; report: Report; filename: string; body: Readable };

/**
 * `GET /api/{cases|investigations}/{id}/report?version=`: the newest report of that version. Still rendering:
 * `ready: false` (the route answers 202 with its status); failed: 409; none yet: 404. A finished one is streamed
 * from the blob store and the download audited.
 */
export async function latestReport(
  ctx: AppContext,
  user: UserRow,
  type: SubjectType,
  id: string,
  version: ReportVersion,
  meta: RequestMeta,
): Promise<LatestReport> {
  const subject = await visibleSubject(ctx, user, type, id, version);
  const row = await repository.latestReport(ctx.db, type, subject.id, version);
  if (!row) throw new AppError('NOT_FOUND', 'No report has been produced yet; ask for one first');
  const report = toReport(row);
  if (row.status === 'failed')
    throw new AppError('CONFLICT', 'The last report could not be produced; ask for a new one');
  if (row.status !== 'completed' || !row.fileSha256) return { ready: false, report };
  const body = await ctx.storage.open(row.fileSha256);
  if (!body) throw new AppError('GONE', 'This report is no longer stored; ask for a new one');
  await audit.record(ctx.db, {
    action: 'report.downloaded',
    userId: user.id,
    subjectType: 'report',
    subject: row.id,
    subjectUserId: subject.userId,
    ip: meta.ip,
    details: { number: row.subjectNumber, version, sha256: row.contentSha256 },
  });
  const suffix = version === 'staff' ? '-staff' : '';
  return { ready: true, report, filename: `${row.subjectNumber}-report${suffix}.pdf`, body };
}

/** `GET /api/reports/verify/{sha256}` (public): whether the firm issued a report with this hash, and when. */
export async function verify(ctx: AppContext, sha256: string): Promise<ReportVerification> {
  const row = await repository.findIssued(ctx.db, sha256);
  if (!row || !row.completedAt)
    throw new AppError('NOT_FOUND', 'No report with this SHA-256 was issued here');
  return {
    issuedAt: row.completedAt.toISOString(),
    subjectType: row.subjectType as SubjectType,
    subjectNumber: row.subjectNumber,
    version: row.version as ReportVersion,
  };
}

const when = (date: Date | null | undefined) =>
  date ? `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '-';
const day = (date: Date | null | undefined) => (date ? date.toISOString().slice(0, 10) : '-');
const words = (value: string) =>
  value
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .replace(/^\w/, (c) => c.toUpperCase());
/** "Asha Rao <asha@example.com>", or the address alone when the account has no name. */
const clientLabel = (name: string, email: string) => (name === email ? email : `${name} <${email}>`);
const yesNo = (value: unknown) => (value === true ? 'Yes' : value === false ? 'No' : '-');

function fileEntries(files: EvidenceFile[]): FileEntry[] {
  return [...files]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((file) => ({
      name: file.name,
      size: formatBytes(file.size),
      contentType: file.contentType,
      sha256: file.sha256,
      uploaded: `attached ${when(new Date(file.createdAt))}${file.uploadedBy ? ` by ${file.uploadedBy}` : ''}`,
      removed: file.deletedAt ? `removed ${when(new Date(file.deletedAt))}` : null,
      internal: file.isInternal,
    }));
}

type Base = Pick<ReportContent, 'reportId' | 'issuedAt' | 'version' | 'subjectNumber'>;

/** A case report: what the reader may see of the case (internal updates and files only in the staff version). */
async function caseContent(ctx: AppContext, row: ReportRow, base: Base): Promise<ReportContent> {
  const staff = row.version === 'staff';
  const found = row.caseId ? await repository.readCase(ctx.db, row.caseId) : null;
  if (!found) throw notFound('Case');
  const { case: c } = found;
  const updates = await repository.readCaseUpdates(ctx.db, c.id, staff);
  const files = await evidence.filesForReport(ctx.db, 'case', c.id, staff);
  const caseObservables = await observables.observablesForReport(
    ctx,
    c.id,
    row.version as ReportVersion,
    found.clientTier,
  );
  const progress = await tasks.progressOf(ctx.db, c.id);
  const timeline: TimelineEntry[] = [
    {
      at: when(c.createdAt),
      title: 'Case opened',
      author: found.clientName,
      internal: false,
      text: c.description,
    },
    ...updates.map((update) => ({
      at: when(update.createdAt),
      title: update.title ?? words(update.updateType),
      author: update.author,
      internal: update.isInternal,
      text: update.content,
    })),
  ];
  return {
    ...base,
    subjectType: 'case',
    heading: 'Case report',
    title: c.title,
    cover: [
      ['Case number', c.caseNumber],
      ['Client', clientLabel(found.clientName, found.clientEmail)],
      ['Tier', `${found.clientTier} - ${tierName(found.clientTier)}`],
      ['Status', words(c.status)],
      ['Category', words(c.category)],
      ['Priority', words(c.priority)],
      ['Assigned agent', found.agent ?? 'Not assigned'],
      ['Opened', when(c.createdAt)],
      ['Last updated', when(c.updatedAt)],
      ['Closed', when(c.closedAt)],
      ['Client deadline', day(c.deadline)],
      ['Tasks', progress.total ? `${progress.done} of ${progress.total} done` : 'None'],
      [
        'ATT&CK techniques',
        c.attackTechniques.length
          ? c.attackTechniques.map((id) => attack.label(id)).join('; ')
          : 'None recorded',
      ],
      ['Issued', when(new Date(base.issuedAt))],
    ],
    timeline,
    costs: [
      [
        'Estimated cost',
        c.estimatedCost ? payments.formatAmount(CASE_COST_CURRENCY, c.estimatedCost) : 'Not estimated yet',
      ],
    ],
    files: fileEntries(files),
    observables: caseObservables.map((item) => ({
      type: item.type,
      value: item.value,
      tlp: item.tlp,
      ioc: item.isIoc,
      internal: item.isInternal,
      tags: item.tags,
      matches: item.matches.map(({ title, severity, stixId }) => ({ title, severity, stixId })),
    })),
    declarations: {
      note: 'A case is opened without declarations; none are recorded for it.',
      rows: c.clientRequirements ? [['Client requirements', c.clientRequirements]] : [],
    },
  };
}

/**
 * An investigation report: the request, its history from the audit trail (the request, each status move and
 * assignment), files, the estimate and the declarations with the time and IP they were made from.
 */
async function investigationContent(ctx: AppContext, row: ReportRow, base: Base): Promise<ReportContent> {
  const staff = row.version === 'staff';
  const found = row.investigationId ? await repository.readInvestigation(ctx.db, row.investigationId) : null;
  if (!found) throw notFound('Investigation request');
  const { request: r } = found;
  const events = await repository.readInvestigationEvents(ctx.db, r.id);
  const files = await evidence.filesForReport(ctx.db, 'investigation', r.id, staff);
  const requested = events.find((event) => event.action === 'investigation.requested');
  const declared = (requested?.details.declarations ?? {}) as Record<string, unknown>;

  const timeline: TimelineEntry[] = [
    {
      at: when(r.createdAt),
      title: 'Request filed',
      author: found.clientName,
      internal: false,
      text: `${found.serviceName}: ${r.description}`,
    },
  ];
  for (const event of events) {
    if (event.action !== 'investigation.updated') continue;
    const d = event.details as Record<string, unknown>;
    const parts: string[] = [];
    if (d.toStatus)
      parts.push(`Status moved from ${words(String(d.fromStatus))} to ${words(String(d.toStatus))}.`);
    if ('toAgentId' in d) parts.push(d.toAgentId ? 'An agent was assigned.' : 'The agent was unassigned.');
    timeline.push({
      at: when(event.at),
      title: 'Update',
      author: event.actor,
      internal: false,
      text: parts.join(' '),
    });
  }
  for (const file of files) {
    timeline.push({
      at: when(new Date(file.createdAt)),
      title: 'File attached',
      author: file.uploadedBy,
      internal: file.isInternal,
      text: `${file.name} (SHA-256 ${file.sha256})`,
    });
    if (file.deletedAt) {
      timeline.push({
        at: when(new Date(file.deletedAt)),
        title: 'File removed',
        author: null,
        internal: file.isInternal,
        text: file.name,
      });
    }
  }
  timeline.sort((a, b) => a.at.localeCompare(b.at));

  const declarationRows: Row[] = [
    ['Lawful purpose', yesNo(declared.lawfulPurpose ?? r.lawfulPurposeDeclaration)],
    ['No harassment', yesNo(declared.noHarassment ?? r.noHarassmentDeclaration)],
    ['Compliance with the law', yesNo(declared.compliance ?? r.complianceAgreement)],
    ['Declared at', when(requested?.at ?? r.createdAt)],
    ['Declared from IP', requested?.ip ?? 'not recorded'],
    ['Legal basis', r.legalBasis],
    ['Court order', r.courtOrder ? `Yes${r.courtOrderNumber ? ` (${r.courtOrderNumber})` : ''}` : 'No'],
    ['Authorised representative', r.authorizedRepresentative],
  ];
  return {
    ...base,
    subjectType: 'investigation',
    heading: 'Investigation report',
    title: r.subject,
    cover: [
      ['Request number', base.subjectNumber],
      ['Service', found.serviceName],
      ['Client', clientLabel(found.clientName, found.clientEmail)],
      ['Tier', `${found.clientTier} - ${tierName(found.clientTier)}`],
      ['Status', words(r.status)],
      ['Priority', words(r.priority)],
      ['Assigned agent', found.agent ?? 'Not assigned'],
      ['Requested', when(r.createdAt)],
      ['Last updated', when(r.updatedAt)],
      ['Expected timeframe', r.expectedTimeframe],
      ['Issued', when(new Date(base.issuedAt))],
    ],
    timeline,
    costs: [
      [
        'Estimated cost',
        r.estimatedCost ? payments.formatAmount('INR', r.estimatedCost) : 'Not estimated yet',
      ],
      ['Budget range', r.budgetRange],
    ],
    files: fileEntries(files),
    declarations: { note: null, rows: declarationRows },
  };
}

/** Builds a report's content as of now (exported for tests). */
export async function buildContent(ctx: AppContext, row: ReportRow, issuedAt: Date): Promise<ReportContent> {
  const base: Base = {
    reportId: row.id,
    issuedAt: issuedAt.toISOString(),
    version: row.version as ReportVersion,
    subjectNumber: row.subjectNumber,
  };
  return row.subjectType === 'case' ? caseContent(ctx, row, base) : investigationContent(ctx, row, base);
}

/**
 * The `reports.render` job: builds the content, hashes it, renders the PDF with that hash in its footer, stores
 * the PDF in the blob store and completes the row with both hashes. A report whose subject is gone fails at once;
 * anything else is retried by the queue, and the last try marks it failed.
 */
export async function renderReport(
  ctx: AppContext,
  job: { reportId: string; baseUrl: string; retryCount: number },
  logger: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  const row = await repository.findReport(ctx.db, job.reportId);
  if (!row || row.status === 'completed') return;
  const update = (changes: Parameters<typeof repository.updateReport>[2]) =>
    withJobProgress(
      ctx,
      (tx) => repository.updateReport(tx, row.id, changes),
      (updated) => ({
        userId: updated.requestedBy,
        data: { kind: 'report', id: updated.id, status: updated.status },
      }),
    );
  await update({ status: 'processing' });
  try {
    const issuedAt = new Date();
    const content = await buildContent(ctx, row, issuedAt);
    const hash = contentSha256(content);
    const pdf = await renderPdf(content, hash, `${job.baseUrl}/api/reports/verify/${hash}`);
    const stored = await putBlob(ctx.storage, pdf);
    await update({
      status: 'completed',
      contentSha256: hash,
      fileSha256: stored.sha256,
      size: stored.size,
      completedAt: issuedAt,
      error: null,
    });
  } catch (error) {
    const final = error instanceof AppError || job.retryCount >= REPORT_RETRY_LIMIT;
    logger.error({ err: error, reportId: row.id }, 'report rendering failed');
    await update({
      status: final ? 'failed' : 'pending',
      error: final ? 'The report could not be produced.' : null,
    });
    if (!final) throw error;
  }
}
