import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { BULK_OPERATION_STATUSES, BULK_OPERATION_TYPES, type BulkItemError } from '../../../contract/bulk.js';
import { createdAt, nonNegative, updatedAt } from './columns.js';
import { users } from './users.js';

export const bulkOperationTypeEnum = pgEnum('bulk_operation_type', BULK_OPERATION_TYPES);
export const bulkOperationStatusEnum = pgEnum('bulk_operation_status', BULK_OPERATION_STATUSES);

export const bulkOperations = pgTable(
  'bulk_operations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: bulkOperationTypeEnum('type').notNull(),
    status: bulkOperationStatusEnum('status').notNull().default('pending'),
    totalItems: integer('total_items').notNull().default(0),
    /** Items done, failed ones included; failedItems is the part of them that failed. */
    processedItems: integer('processed_items').notNull().default(0),
    failedItems: integer('failed_items').notNull().default(0),
    /** What the job works on, as the type defines it. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** The items that failed and why, in the order they were processed. */
    itemErrors: jsonb('item_errors').$type<BulkItemError[]>().notNull().default([]),
    /** What the operation produced for its owner to download (a CSV export). */
    output: text('output'),
    /** Why the whole operation failed, safe to show its owner. */
    error: text('error'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    nonNegative('bulk_operations_failed_non_negative', t.failedItems),
    check(
      'bulk_operations_counts_order',
      sql`${t.failedItems} <= ${t.processedItems} and ${t.processedItems} <= ${t.totalItems}`,
    ),
    index('bulk_operations_user_created_idx').on(t.userId, t.createdAt),
  ],
);
