import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { enterpriseClients } from './enterprise.js';
import { users } from './users.js';

/**
 * The live events' outbox (design 12.6, decision 039): written in the transaction of the change an event reports,
 * so a committed change always has its event and a rolled-back one never does. A trigger announces each row on the
 * change feed (`event:<id>`) after the commit; every instance reads the announced rows and writes them to the streams
 * whose readers may see them. Rows are kept for the replay window and purged by a schedule.
 *
 * Who sees a row: `user_id`'s own streams, the members of `organization_id` (a record shared with that
 * organisation), and every Director's when `staff`.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => enterpriseClients.id, { onDelete: 'cascade' }),
    staff: boolean('staff').notNull().default(false),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('live_events_created_idx').on(t.createdAt),
    index('live_events_user_idx')
      .on(t.userId, t.id)
      .where(sql`${t.userId} is not null`),
  ],
);

export type LiveEventRow = typeof liveEvents.$inferSelect;
