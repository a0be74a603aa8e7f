/**
 * The spec names no bulk operation types (section 3 lists only the fields); these are the batch jobs
 * the other features can run. Adding one is an `ALTER TYPE ... ADD VALUE` migration.
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

/** The same four states as AI analyses (spec section 4), kept apart so either may grow alone. */
export const BULK_OPERATION_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type BulkOperationStatus = (typeof BULK_OPERATION_STATUSES)[number];

/** One item that failed, by its position in the request's list. */
export interface BulkItemError {
  index: number;
  error: string;
}
