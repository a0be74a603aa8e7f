import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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

/**
 * Case and investigation mail waiting to be sent as one message (design 12.6): the first change to a record a user
 * is mailed about starts the wait (`MAIL_COALESCE_SECONDS`) and queues the job that sends it; later changes within it
 * add their kind here. The job (notifications.record-mail) deletes the row as it writes the one message to the mail outbox.
 */
export const mailPendingChanges = pgTable(
  'mail_pending_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'case' or 'investigation'. */
    subjectType: text('subject_type').notNull(),
    subjectId: uuid('subject_id').notNull(),
    /** What the mail names the record by: a case number, an investigation's reference. */
    subjectNumber: text('subject_number').notNull(),
    /** The kinds of change, in order, each once ('a new comment', 'a status change'). */
    changes: text('changes').array().notNull(),
    /** The local path the mail links to. */
    actionUrl: text('action_url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mail_pending_changes_subject_idx').on(t.userId, t.subjectType, t.subjectId)],
);
