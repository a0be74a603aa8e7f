import { z } from 'zod';
import { CASE_STATUSES } from './cases.js';
import { listQuerySchema } from './lists.js';
import { stixBundleSchema } from './threats.js';

/**
 * The batch jobs the other features can run. Adding one is an `ALTER TYPE ... ADD VALUE` migration.
 */
export const BULK_OPERATION_TYPES = [
  'ai_analysis',
  'threat_import',
  'case_export',
  'case_status',
  'notifications_read',
  'api_key_revoke',
] as const;
export type BulkOperationType = (typeof BULK_OPERATION_TYPES)[number];

/** The same four states as AI analyses, kept apart so either may grow alone. */
export const BULK_OPERATION_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type BulkOperationStatus = (typeof BULK_OPERATION_STATUSES)[number];

/** One item that failed, by its position in the request's list. */
export interface BulkItemError {
  index: number;
  error: string;
}

/** Types that change other people's records or the shared threat picture: Directors only. */
export const BULK_DIRECTOR_TYPES: readonly BulkOperationType[] = ['case_status', 'threat_import'];

/** How many items one operation may carry, per type. */
export const BULK_LIMITS = {
  case_status: 500,
  notifications_read: 1_000,
  api_key_revoke: 500,
  threat_import: 20,
  case_export: 1_000,
} as const;

/** A bulk POST may carry several STIX bundles, so it may be larger than other requests. */
export const BULK_BODY_LIMIT_BYTES = 5 * 1_048_576;

/** How often the tab reads the list again while an operation is pending or processing. */
export const BULK_POLL_MS = 1_500;

export const BULK_TYPE_LABELS: Readonly<Record<BulkOperationType, string>> = {
  ai_analysis: 'AI analysis',
  threat_import: 'Threat intelligence import',
  case_export: 'Case export (CSV)',
  case_status: 'Case status change',
  notifications_read: 'Mark notifications read',
  api_key_revoke: 'Revoke API keys',
};

const id = z.string({ error: 'Each item must be an id' }).trim().min(1, 'Each item must be an id').max(100);

function itemList<T extends z.ZodType>(item: T, max: number, noun: string) {
  return z
    .array(item, { error: `Items must be a list of ${noun}` })
    .min(1, `Choose at least one ${noun.replace(/s$/, '')}`)
    .max(max, `At most ${max} ${noun} per operation`);
}

/**
 * `POST /api/bulk/operations {type, items}`. AI analyses are not offered in bulk: each one is started from the AI
 * Analysis tab, so that type is refused here with its own message rather than by a generic one.
 */
export const createBulkOperationRequestSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('case_status'),
      items: itemList(
        z.object({
          caseId: id,
          status: z.enum(CASE_STATUSES, { error: `Status must be one of ${CASE_STATUSES.join(', ')}` }),
        }),
        BULK_LIMITS.case_status,
        'cases',
      ),
    }),
    z.object({
      type: z.literal('notifications_read'),
      items: itemList(id, BULK_LIMITS.notifications_read, 'notifications'),
    }),
    z.object({
      type: z.literal('api_key_revoke'),
      items: itemList(id, BULK_LIMITS.api_key_revoke, 'API keys'),
    }),
    z.object({
      type: z.literal('threat_import'),
      items: itemList(stixBundleSchema, BULK_LIMITS.threat_import, 'STIX bundles'),
    }),
    z.object({
      type: z.literal('case_export'),
      /** Case ids; none means all of your own cases. */
      items: itemList(id, BULK_LIMITS.case_export, 'cases').optional(),
    }),
    z.object({ type: z.literal('ai_analysis') }).check((context) => {
      context.issues.push({
        code: 'custom',
        path: ['type'],
        input: context.value.type,
        message: 'AI analyses cannot run in bulk; start each one from the AI Analysis tab',
      });
    }),
  ],
  { error: `Type must be one of ${BULK_OPERATION_TYPES.filter((t) => t !== 'ai_analysis').join(', ')}` },
);
export type CreateBulkOperationRequest = z.input<typeof createBulkOperationRequestSchema>;

export const bulkItemErrorSchema = z.object({ index: z.number().int(), error: z.string() });

export const bulkOperationSchema = z.object({
  id: z.string(),
  type: z.enum(BULK_OPERATION_TYPES),
  status: z.enum(BULK_OPERATION_STATUSES),
  totalItems: z.number().int(),
  /** Items done, failed ones included. */
  processedItems: z.number().int(),
  failedItems: z.number().int(),
  /** The failed items and why, by position in the request's list. */
  errors: z.array(bulkItemErrorSchema),
  /** Why the whole operation failed, when it did. */
  error: z.string().nullable(),
  /** A CSV waits at `GET /api/bulk/operations/{id}/output`. */
  hasOutput: z.boolean(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type BulkOperation = z.infer<typeof bulkOperationSchema>;

export const bulkOperationsQuerySchema = listQuerySchema;

export const isBulkOperationActive = (operation: Pick<BulkOperation, 'status'>) =>
  operation.status === 'pending' || operation.status === 'processing';
