import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './users.js';

export const DATA_EXPORT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export const dataExportStatusEnum = pgEnum('data_export_status', DATA_EXPORT_STATUSES);

/**
 * "Download my data" (design 11.2): one row per request, built by a `privacy.export` job. The finished JSON
 * document is kept here (any instance can serve it) until `expiresAt`, 7 days after it was built.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: dataExportStatusEnum('status').notNull().default('pending'),
    /** 0-100, for the progress bar while the job runs. */
    progress: integer('progress').notNull().default(0),
    /** The finished document (JSON text), null until completed and again once expired. */
    document: text('document'),
    sizeBytes: integer('size_bytes'),
    error: text('error'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_created_idx').on(t.userId, t.createdAt),
    check('data_exports_progress_range', sql`${t.progress} between 0 and 100`),
  ],
);
