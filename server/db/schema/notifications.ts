import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TYPES,
  type NotificationPreferences,
} from '../../../contract/notifications.js';
import { createdAt, updatedAt } from './columns.js';
import { users } from './users.js';

export const notificationTypeEnum = pgEnum('notification_type', NOTIFICATION_TYPES);
export const notificationPriorityEnum = pgEnum('notification_priority', NOTIFICATION_PRIORITIES);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationTypeEnum('type').notNull(),
    priority: notificationPriorityEnum('priority').notNull().default('normal'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    actionUrl: text('action_url'),
    createdAt: createdAt(),
  },
  (t) => [
    // The client navigates to it on click: a local path only, never another site (no open redirect).
    check(
      'notifications_action_url_local',
      sql`${t.actionUrl} is null or (${t.actionUrl} like '/%' and ${t.actionUrl} not like '//%')`,
    ),
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    // The bell's unread count is polled every 30 s by every signed-in browser.
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`not ${t.isRead}`),
  ],
);

/** Which notification types a user also wants by e-mail; no row means the defaults (all). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: jsonb('email').$type<NotificationPreferences['email']>().notNull(),
  updatedAt: updatedAt(),
});
