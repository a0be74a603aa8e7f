import { boolean, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './users.js';

export const mobileDevices = pgTable(
  'mobile_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Free text ('ios', 'android', ...): shown as it is, from no closed set. */
    platform: text('platform').notNull(),
    name: text('name'),
    /** The app's own install id, so a device that registers again updates its row instead of adding one. */
    deviceIdentifier: text('device_identifier').notNull(),
    lastActive: timestamp('last_active', { withTimezone: true }).notNull().defaultNow(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    unique('mobile_devices_user_device_key').on(t.userId, t.deviceIdentifier),
    index('mobile_devices_user_last_active_idx').on(t.userId, t.lastActive),
  ],
);
