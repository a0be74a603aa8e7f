import { index, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { DEVICE_TYPES } from '../../../contract/analytics.js';
import { createdAt } from './columns.js';
import { users } from './users.js';

export const deviceTypeEnum = pgEnum('device_type', DEVICE_TYPES);

export const pageViews = pgTable(
  'page_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    path: text('path').notNull(),
    deviceType: deviceTypeEnum('device_type').notNull(),
    /**
     * An opaque visitor key (a hash, never the session cookie) for unique visitors and bounce rate. No foreign
     * key: sessions are deleted on logout and expiry, and page views must outlive them.
     */
    sessionId: text('session_id'),
    /** Set null keeps the statistics when an account goes. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // The dashboard reads a recent window: totals, device split, and top pages within it.
    index('page_views_created_idx').on(t.createdAt),
    index('page_views_path_created_idx').on(t.path, t.createdAt),
  ],
);
