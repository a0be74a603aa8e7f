import { z } from 'zod';
import {
  DATA_EXPORT_DATASETS,
  DATA_EXPORT_FORMAT,
  DATA_EXPORT_TTL_DAYS,
  type DataExport,
  type DataExportDataset,
} from '../../../contract/privacy.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { defineJob } from '../../infra/job.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import * as audit from '../audit/audit.service.js';
import * as auth from '../auth/auth.service.js';
import { publishEvent, withJobProgress } from '../events/events.service.js';
import * as evidence from '../evidence/evidence.service.js';
import * as integrations from '../integrations/integrations.service.js';
import * as notifications from '../notifications/notifications.service.js';
import * as observables from '../observables/observables.service.js';
import * as repository from './data-export.repository.js';
import type { DataExportSummary } from './data-export.repository.js';

/** Tries after the first when a try breaks (the database went away, the process died); then the export fails. */
export const DATA_EXPORT_RETRY_LIMIT = 3;

/** The job that builds one export, one at a time per instance (each reads the whole account). */
export const exportJob = defineJob({
  name: 'privacy.export',
  payload: z.object({ exportId: z.string() }),
  retry: { retryLimit: DATA_EXPORT_RETRY_LIMIT, retryDelay: 5, retryBackoff: true, expireInSeconds: 900 },
  async handle(ctx, data, job) {
    await runExport(ctx, { exportId: data.exportId, retryCount: job.retryCount }, job.logger);
  },
});
/** An export still pending or processing this long after it was asked for is given up on (its job is gone). */
export const DATA_EXPORT_STALE_MINUTES = 60;

export const REASONS = {
  failed: 'Your data could not be collected. Please try again later.',
  stale: 'The export took too long and was stopped. Please try again.',
  ownerGone: 'The account no longer exists.',
} as const;

/** Where the notification and the mail send the user: Settings > Privacy. */
export const PRIVACY_SETTINGS_PATH = '/settings?tab=privacy';

/** More integrations than anyone has: the export holds all of them. */
const ALL = 100_000;

export interface ErrorLogger {
  error(obj: object, message: string): void;
}

export function toDataExport(row: DataExportSummary): DataExport {
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    error: row.error,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

const staleBefore = () => new Date(Date.now() - DATA_EXPORT_STALE_MINUTES * 60_000);

/**
 * `POST /api/account/export`: stores a pending export and sends its job in the same transaction, so the row and
 * the job exist together or not at all. While one of the user's exports is pending or processing, that one is
 * answered instead of starting another (the same 202 and shape: the client follows it like a new one).
 */
export async function requestExport(ctx: AppContext, user: UserRow, meta: RequestMeta): Promise<DataExport> {
  try {
    const row = await ctx.db.transaction(async (tx) => {
      await repository.lockUserExports(tx, user.id);
      // A job that vanished (every try died) must not block new requests for ever.
      await repository.failStale(tx, staleBefore(), REASONS.stale, user.id);
      const running = await repository.findActive(tx, user.id);
      if (running) return running;
      const created = await repository.insert(tx, user.id);
      await ctx.queue.send(exportJob, { exportId: created.id }, { tx });
      await audit.record(tx, {
        action: 'privacy.export_requested',
        userId: user.id,
        subjectType: 'data_export',
        subject: created.id,
        ip: meta.ip,
      });
      return created;
    });
    return toDataExport(row);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('UNAVAILABLE', 'The export could not be started. Please try again later.');
  }
}

/** The user's exports, newest first. */
export async function listExports(ctx: AppContext, user: UserRow, limit: number): Promise<DataExport[]> {
  return (await repository.listForUser(ctx.db, user.id, limit)).map(toDataExport);
}

export interface Download {
  filename: string;
  document: string;
}

/**
 * `GET /api/account/exports/{id}/download`: the finished document. Someone else's export, or no such id, is 404
 * (the same answer, so ids cannot be probed); one still running or failed is 409; past its expiry it is 410 and the
 * stored document is dropped there and then.
 */
export async function downloadExport(
  ctx: AppContext,
  user: UserRow,
  id: string,
  meta: RequestMeta,
): Promise<Download> {
  const row = isId(id) ? await repository.findWithDocument(ctx.db, user.id, id) : null;
  if (!row) throw notFound('Export');
  if (row.status === 'failed') throw conflict('This export failed; start a new one');
  if (row.status !== 'completed') throw conflict('This export is not ready yet');
  if (!row.expiresAt || row.expiresAt.getTime() <= Date.now() || row.document === null) {
    await repository.dropExpiredDocuments(ctx.db, row.id);
    throw new AppError('GONE', 'This export has expired; start a new one');
  }
  await audit.record(ctx.db, {
    action: 'privacy.export_downloaded',
    userId: user.id,
    subjectType: 'data_export',
    subject: row.id,
    ip: meta.ip,
  });
  const day = (row.completedAt ?? row.createdAt).toISOString().slice(0, 10);
  return { filename: `intel-portal-data-${day}.json`, document: row.document };
}

/** Keys that name a secret, dropped from free-form JSON values (a second guard behind the column allow-lists). */
const SECRET_KEY = /secret|password|passwd|token|hash|credential|backup.?code|private.?key|api.?key$/i;

/** A copy of a free-form JSON value (audit details, rule actions, run data) without keys that name a secret. */
export function withoutSecretKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecretKeys);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, inner]) => [key, withoutSecretKeys(inner)]),
    );
  }
  return value;
}

type Collector = (db: DbOrTx, owner: { id: string; email: string }) => Promise<unknown>;

/**
 * How each dataset is read: every one through this module's repository, whose readers name their columns (decision
 * 012), except integrations, which the integrations service masks as it does for its own list (their secrets are
 * sealed with its key; opening them anywhere else would be a second copy of that rule).
 */
function collectors(ctx: AppContext, user: UserRow): Record<DataExportDataset, Collector> {
  return {
    user: async (db, owner) => repository.readProfile(db, owner.id),
    notificationPreferences: async (db, owner) => repository.readNotificationPreferences(db, owner.id),
    orders: async (db, owner) => repository.readOrders(db, owner.id),
    payments: async (db, owner) => repository.readPayments(db, owner.id),
    subscriptions: async (db, owner) => repository.readSubscriptions(db, owner.id),
    cases: async (db, owner) => repository.readCases(db, owner.id),
    investigations: async (db, owner) => repository.readInvestigations(db, owner.id),
    // Evidence files: names, sizes, types and SHA-256 of those on the user's cases and requests they may see and
    // of those they attached (the bytes themselves are downloaded from the case or request).
    files: async (db, owner) => evidence.exportFiles(db, owner.id),
    // Observables on the user's cases they may see (no internal ones) and those they added, with the matches their
    // tier may read.
    observables: async (db) => observables.exportObservables(ctx, db, user),
    serviceInquiries: async (db, owner) => repository.readServiceInquiries(db, owner.id),
    vendorApplications: async (db, owner) => repository.readVendorApplications(db, owner.id),
    vendorProducts: async (db, owner) => repository.readVendorProducts(db, owner.id),
    secureChannelRequests: async (db, owner) =>
      repository.readSecureChannelRequests(db, owner.id, owner.email),
    notifications: async (db, owner) => repository.readNotifications(db, owner.id),
    apiKeys: async (db, owner) => repository.readApiKeys(db, owner.id),
    passkeys: async (db, owner) => repository.readPasskeys(db, owner.id),
    organization: async (db, owner) => repository.readOrganization(db, owner.id),
    sessions: async (db, owner) => repository.readSessions(db, owner.id),
    devices: async (db, owner) => repository.readDevices(db, owner.id),
    integrations: async () => integrations.listIntegrations(ctx, user, ALL),
    qrCodes: async (db, owner) =>
      (await repository.readQrCodes(db, owner.id)).map((row) => ({
        ...row,
        data: withoutSecretKeys(row.data),
      })),
    aiAnalyses: async (db, owner) => repository.readAiAnalyses(db, owner.id),
    automationRules: async (db, owner) =>
      (await repository.readAutomationRules(db, owner.id)).map((row) => ({
        ...row,
        trigger: withoutSecretKeys(row.trigger),
        actions: withoutSecretKeys(row.actions),
      })),
    automationRuns: async (db, owner) =>
      (await repository.readAutomationRuns(db, owner.id)).map((row) => ({
        ...row,
        eventData: withoutSecretKeys(row.eventData),
        outcomes: withoutSecretKeys(row.outcomes),
      })),
    auditEvents: async (db, owner) =>
      (await repository.readAuditEvents(db, owner.id)).map((row) => ({
        ...row,
        details: withoutSecretKeys(row.details),
      })),
  };
}

/**
 * Builds the whole document for `user`, reporting progress after each dataset (`onProgress(0..95)`; the last
 * step, storing it, is the rest).
 */
export async function buildDocument(
  ctx: AppContext,
  user: UserRow,
  onProgress: (percent: number) => Promise<void> = async () => {},
): Promise<Record<string, unknown>> {
  const read = collectors(ctx, user);
  const owner = { id: user.id, email: user.email };
  const document: Record<string, unknown> = {
    format: DATA_EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
  };
  let done = 0;
  for (const dataset of DATA_EXPORT_DATASETS) {
    document[dataset] = await read[dataset](ctx.db, owner);
    done += 1;
    await onProgress(Math.floor((done / DATA_EXPORT_DATASETS.length) * 95));
  }
  return document;
}

export interface ExportJob {
  exportId: string;
  /** Tries before this one (pg-boss's retryCount). */
  retryCount: number;
}

/**
 * Runs one queued export: claims it (pending -> processing; a retry may take over one left processing), collects
 * every dataset with progress, then in one transaction stores the document (completed, expiring in 7 days) and
 * notifies the owner, in the app and by mail as their preferences say. A try that throws is thrown on for pg-boss
 * to retry; the last one marks the export failed with a reason safe to show.
 */
export async function runExport(
  ctx: AppContext,
  job: ExportJob,
  log: ErrorLogger,
  loadUser: (db: DbOrTx, id: string) => Promise<UserRow | null> = auth.findUser,
): Promise<DataExportSummary | null> {
  if (!isId(job.exportId)) return null;
  const exportId = job.exportId;
  const claimed = await reported(ctx, (tx) =>
    repository.claim(tx, exportId, job.retryCount > 0 ? ['pending', 'processing'] : ['pending']),
  );
  if (!claimed) return null;
  const fail = (reason: string) => reported(ctx, (tx) => repository.fail(tx, claimed.id, reason));
  try {
    const owner = await loadUser(ctx.db, claimed.userId);
    if (!owner || owner.deletedAt) return await fail(REASONS.ownerGone);
    const document = await buildDocument(
      ctx,
      owner,
      async (percent) => void (await reported(ctx, (tx) => repository.setProgress(tx, claimed.id, percent))),
    );
    const text = JSON.stringify(document, null, 2);
    return await ctx.db.transaction(async (tx) => {
      const completed = await repository.complete(
        tx,
        claimed.id,
        text,
        Buffer.byteLength(text),
        DATA_EXPORT_TTL_DAYS,
      );
      if (!completed) return null;
      await publishEvent(tx, progressOf(completed));
      await notifications.notify(ctx, tx, {
        userId: owner.id,
        type: 'other',
        title: 'Your data export is ready',
        message: `The copy of your data you asked for is ready to download from Settings > Privacy for the next ${DATA_EXPORT_TTL_DAYS} days.`,
        actionUrl: PRIVACY_SETTINGS_PATH,
      });
      return completed;
    });
  } catch (err) {
    log.error({ err, exportId: claimed.id, retryCount: job.retryCount }, 'data export try failed');
    if (job.retryCount < DATA_EXPORT_RETRY_LIMIT) throw err;
    return fail(REASONS.failed);
  }
}

/** An export's `job.progress` for its owner's live streams (design 12.6): its percentage as processed of 100. */
const progressOf = (row: DataExportSummary) => ({
  to: { userId: row.userId },
  type: 'job.progress' as const,
  data: { kind: 'export' as const, id: row.id, status: row.status, processed: row.progress, total: 100 },
});

function reported(
  ctx: AppContext,
  write: (tx: Tx) => Promise<DataExportSummary | null>,
): Promise<DataExportSummary | null> {
  return withJobProgress(ctx, write, (row) => ({ userId: row.userId, data: progressOf(row).data }));
}

/**
 * The daily clean-up: drops the documents whose download has expired (the rows stay, as the list's history) and
 * gives up on exports whose job is long gone. Returns what it did, for the log.
 */
export async function purgeExpired(ctx: AppContext): Promise<{ dropped: number; stale: number }> {
  const dropped = await repository.dropExpiredDocuments(ctx.db);
  const stale = await repository.failStale(ctx.db, staleBefore(), REASONS.stale);
  return { dropped, stale };
}
