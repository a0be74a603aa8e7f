import { ZodError, z } from 'zod';
import {
  BULK_DIRECTOR_TYPES,
  BULK_LIMITS,
  type BulkItemError,
  type BulkOperation,
  type BulkOperationType,
  type createBulkOperationRequestSchema,
} from '../../../contract/bulk.js';
import { CASE_COST_CURRENCY, type CaseStatus } from '../../../contract/cases.js';
import type { StixBundle } from '../../../contract/threats.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import type { Tx } from '../../db/client.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { defineJob } from '../../infra/job.js';
import { AppError, notFound, tierRequired, validationFailed } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import * as apiKeys from '../api-keys/api-keys.service.js';
import type { UserRow } from '../../db/schema/users.js';
import * as auth from '../auth/auth.service.js';
import * as cases from '../cases/cases.service.js';
import { withJobProgress } from '../events/events.service.js';
import * as notifications from '../notifications/notifications.service.js';
import * as threats from '../threats/threats.service.js';
import * as repository from './bulk.repository.js';
import type { BulkOperationRow } from './bulk.repository.js';
import { toCsv } from '../../lib/csv.js';

type CreateInput = z.output<typeof createBulkOperationRequestSchema>;

/** Tries after the first when a try breaks (not when items fail: those are counted, not retried). */
export const BULK_JOB_RETRY_LIMIT = 2;

/** Runs one operation. A try that breaks is retried (resuming from its saved progress) until the last. */
export const bulkJob = defineJob({
  name: 'bulk.run',
  payload: z.object({ operationId: z.string() }),
  retry: { retryLimit: BULK_JOB_RETRY_LIMIT, retryDelay: 5, retryBackoff: true },
  async handle(ctx, { operationId }, { logger, retryCount }) {
    try {
      await runOperation(ctx, operationId);
    } catch (err) {
      logger.error({ err, operationId, retryCount }, 'bulk operation try failed');
      if (retryCount < BULK_JOB_RETRY_LIMIT) throw err;
      await failOperation(ctx, operationId);
    }
  },
});

/** Progress reaches the database at least this often, so the tab shows it moving. */
const SAVE_EVERY_ITEMS = 10;
const SAVE_EVERY_MS = 500;
const ITEM_ERROR_MAX_LENGTH = 300;

function toOperation(row: repository.BulkOperationSummary): BulkOperation {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    totalItems: row.totalItems,
    processedItems: row.processedItems,
    failedItems: row.failedItems,
    errors: row.itemErrors,
    error: row.error,
    hasOutput: row.hasOutput,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

const needsDirector = (type: BulkOperationType) => BULK_DIRECTOR_TYPES.includes(type);

/** `POST /api/bulk/operations`: stores the operation as pending and queues its job; the job does the work. */
export async function createOperation(
  ctx: AppContext,
  user: UserRow,
  input: CreateInput,
  meta: Pick<RequestMeta, 'ip'>,
): Promise<BulkOperation> {
  if (needsDirector(input.type) && user.tier < DIRECTOR_TIER) throw tierRequired(DIRECTOR_TIER);
  let items: unknown[];
  switch (input.type) {
    case 'ai_analysis':
      // The request schema already refuses it; kept so a new caller of this function cannot slip past.
      throw validationFailed([{ path: 'type', message: 'AI analyses cannot run in bulk' }]);
    case 'case_export':
      items =
        input.items ?? (await cases.listCases(ctx, user, 'own', BULK_LIMITS.case_export)).map((c) => c.id);
      if (items.length === 0)
        throw validationFailed([{ path: 'items', message: 'You have no cases to export' }]);
      break;
    default:
      items = input.items;
  }

  const created = await repository.insert(ctx.db, {
    userId: user.id,
    type: input.type,
    totalItems: items.length,
    // The starting request's address goes with the work: what the job records in the audit trail carries it.
    payload: { items, ip: meta.ip },
  });
  try {
    await ctx.queue.send(bulkJob, { operationId: created.id });
  } catch {
    await reported(ctx, (tx) =>
      repository.fail(tx, created.id, 'The operation could not be queued; please try again'),
    );
    return getOperation(ctx, user.id, created.id);
  }
  return toOperation(created);
}

export async function listOperations(
  ctx: AppContext,
  userId: string,
  limit: number,
): Promise<BulkOperation[]> {
  return (await repository.listForUser(ctx.db, userId, limit)).map(toOperation);
}

export async function getOperation(ctx: AppContext, userId: string, id: string): Promise<BulkOperation> {
  const found = isId(id) ? await repository.findForUser(ctx.db, userId, id) : null;
  if (!found) throw notFound('Bulk operation');
  return toOperation(found);
}

/** The CSV an export produced; 404 for someone else's operation or one without output (yet). */
export async function getOutput(ctx: AppContext, userId: string, id: string): Promise<string> {
  const output = isId(id) ? await repository.findOutput(ctx.db, userId, id) : null;
  if (output === null) throw notFound('Export');
  return output;
}

/** How one type works through its items. */
interface ItemRunner {
  /** The item's effect must not be applied twice, so progress is saved after each one. */
  saveEveryItem: boolean;
  /** Read-only work that a new try simply redoes from the first item (its output is only written at the end). */
  restartsOnRetry: boolean;
  run(item: unknown): Promise<string | null>;
  output?(): string;
}

const CSV_HEADER = [
  'Case number',
  'Title',
  'Category',
  'Priority',
  'Status',
  'Assigned agent',
  `Estimated cost (${CASE_COST_CURRENCY})`,
  'Deadline',
  'Created',
  'Updated',
  'Description',
];

function runnerFor(
  ctx: AppContext,
  user: UserRow,
  type: BulkOperationType,
  meta: Pick<RequestMeta, 'ip'> | undefined,
): ItemRunner {
  switch (type) {
    case 'case_status':
      // The cases service's own Director update: the same allowed moves, owner notification and case history.
      return {
        saveEveryItem: true,
        restartsOnRetry: false,
        async run(item) {
          const { caseId, status } = item as { caseId: string; status: CaseStatus };
          await cases.addUpdate(ctx, user, caseId, { updateType: 'status_change', status }, meta);
          return null;
        },
      };
    case 'notifications_read':
      // Marking read twice changes nothing, so progress may be saved in batches.
      return {
        saveEveryItem: false,
        restartsOnRetry: false,
        async run(item) {
          await notifications.markRead(ctx, user.id, item as string);
          return null;
        },
      };
    case 'api_key_revoke':
      // Revoking keeps the first revocation time, so a repeat is harmless too.
      return {
        saveEveryItem: false,
        restartsOnRetry: false,
        async run(item) {
          await apiKeys.revoke(ctx, user.id, item as string);
          return null;
        },
      };
    case 'threat_import':
      return {
        saveEveryItem: true,
        restartsOnRetry: false,
        async run(item) {
          const report = await threats.importStixBundle(ctx, user, item as StixBundle, 'bulk');
          if (report.failed === 0) return null;
          const first = report.errors
            .slice(0, 3)
            .map((e) => e.message)
            .join('; ');
          return `${report.failed} object${report.failed === 1 ? '' : 's'} could not be imported: ${first}`;
        },
      };
    case 'case_export': {
      const rows: string[][] = [CSV_HEADER];
      return {
        saveEveryItem: false,
        restartsOnRetry: true,
        async run(item) {
          const c = await cases.getCase(ctx, user, item as string, meta);
          rows.push([
            c.caseNumber,
            c.title,
            c.category,
            c.priority,
            c.status,
            c.assignedAgent ?? '',
            c.estimatedCost ?? '',
            c.deadline ?? '',
            c.createdAt,
            c.updatedAt,
            c.description,
          ]);
          return null;
        },
        output: () => toCsv(rows),
      };
    }
    case 'ai_analysis':
      throw new AppError('VALIDATION_FAILED', 'AI analyses cannot run in bulk');
  }
}

/** An item's failure a user can read, or a rethrow when the try itself broke (the job then retries). */
function itemFailure(error: unknown): string {
  if (error instanceof AppError) return error.message.slice(0, ITEM_ERROR_MAX_LENGTH);
  if (error instanceof ZodError)
    return (error.issues[0]?.message ?? 'Invalid item').slice(0, ITEM_ERROR_MAX_LENGTH);
  throw error;
}

/**
 * The job: claims the operation (a finished one is left alone), checks the owner's tier again (it may have changed
 * since the POST), and works through the items in order from `processedItems`, so a try that follows a crash
 * continues where the last saved progress stopped. A failed item is counted and explained, never retried; the
 * operation ends completed, or failed when not one item went through.
 */
export async function runOperation(ctx: AppContext, operationId: string): Promise<void> {
  const operation = await reported(ctx, (tx) => repository.claim(tx, operationId));
  if (!operation) return;
  const fail = async (error: string) =>
    void (await reported(ctx, (tx) => repository.fail(tx, operation.id, error)));
  const user = await auth.findUser(ctx.db, operation.userId);
  if (!user) return fail('The account that started this operation is gone');
  if (needsDirector(operation.type) && user.tier < DIRECTOR_TIER) {
    return fail(`Tier ${DIRECTOR_TIER} access required`);
  }
  if (operation.type === 'ai_analysis') return fail('AI analyses cannot run in bulk');

  const items = Array.isArray(operation.payload.items) ? (operation.payload.items as unknown[]) : [];
  // Operations queued before the address was kept have none.
  const ip = typeof operation.payload.ip === 'string' ? operation.payload.ip : undefined;
  const runner = runnerFor(ctx, user, operation.type, ip === undefined ? undefined : { ip });
  const progress: repository.Progress = runner.restartsOnRetry
    ? { processedItems: 0, failedItems: 0, itemErrors: [] }
    : {
        processedItems: operation.processedItems,
        failedItems: operation.failedItems,
        itemErrors: [...operation.itemErrors],
      };
  let unsaved = 0;
  let savedAt = Date.now();

  for (let index = progress.processedItems; index < items.length; index++) {
    let failure: string | null;
    try {
      failure = await runner.run(items[index]);
    } catch (error) {
      failure = itemFailure(error);
    }
    progress.processedItems += 1;
    if (failure !== null) {
      progress.failedItems += 1;
      progress.itemErrors.push({ index, error: failure } satisfies BulkItemError);
    }
    unsaved += 1;
    const last = index === items.length - 1;
    if (
      !last &&
      (runner.saveEveryItem || unsaved >= SAVE_EVERY_ITEMS || Date.now() - savedAt >= SAVE_EVERY_MS)
    ) {
      await reported(ctx, (tx) => repository.saveProgress(tx, operation.id, progress));
      unsaved = 0;
      savedAt = Date.now();
    }
  }

  const nothingWorked = items.length > 0 && progress.failedItems === items.length;
  await reported(ctx, (tx) =>
    repository.finish(tx, operation.id, {
      ...progress,
      status: nothingWorked ? 'failed' : 'completed',
      error: nothingWorked ? `None of the ${items.length} items could be processed` : null,
      output: runner.output ? runner.output() : null,
    }),
  );
}

/**
 * Writes an operation's state and, in the same transaction, tells its owner's live streams how far it got
 * (`job.progress`, design 12.6). Returns the row written; null when nothing was (already finished).
 */
function reported(
  ctx: AppContext,
  write: (tx: Tx) => Promise<BulkOperationRow | null>,
): Promise<BulkOperationRow | null> {
  return withJobProgress(ctx, write, (row) => ({
    userId: row.userId,
    data: {
      kind: 'bulk',
      id: row.id,
      status: row.status,
      processed: row.processedItems,
      total: row.totalItems,
    },
  }));
}

/** The last try broke: the operation ends failed with the counts it reached. */
export async function failOperation(ctx: AppContext, operationId: string): Promise<void> {
  await reported(ctx, (tx) =>
    repository.fail(tx, operationId, 'The operation stopped unexpectedly; the counts show how far it got'),
  );
}
