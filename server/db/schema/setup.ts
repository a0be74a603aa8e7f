import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The one-time setup link's token (issue 23), as a SHA-256: at most one row, written at each start while no
 * Director exists and deleted when the first Director is created through it.
 */
export const setupToken = pgTable(
  'setup_token',
  {
    id: smallint('id').primaryKey().default(1),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('setup_token_single_row', sql`${t.id} = 1`)],
);
