import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { INTEGRATION_TYPES, type IntegrationConfig } from '../../../contract/integrations.js';
import { createdAt, updatedAt } from './columns.js';
import { users } from './users.js';

export const integrationTypeEnum = pgEnum('integration_type', INTEGRATION_TYPES);

export const integrations = pgTable(
  'integrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: integrationTypeEnum('type').notNull(),
    name: text('name').notNull(),
    /** Holds the target's token: repositories must leave it out of anything sent to a browser. */
    config: jsonb('config').$type<IntegrationConfig>().notNull().default({}),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('integrations_config_object', sql`jsonb_typeof(${t.config}) = 'object'`),
    index('integrations_user_created_idx').on(t.userId, t.createdAt),
  ],
);
