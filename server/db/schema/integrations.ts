import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  INTEGRATION_DELIVERY_STATUSES,
  INTEGRATION_TYPES,
  type IntegrationConfig,
} from '../../../contract/integrations.js';
import { createdAt, nonNegative, updatedAt } from './columns.js';
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
    /**
     * The secret parts (tokens, webhook URLs that embed one, signing secrets), sealed with the server's key
     * (lib/secret-box). Null until set; never sent to a browser in full.
     */
    credentials: text('credentials'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('integrations_config_object', sql`jsonb_typeof(${t.config}) = 'object'`),
    index('integrations_user_created_idx').on(t.userId, t.createdAt),
  ],
);

export const integrationDeliveryStatusEnum = pgEnum(
  'integration_delivery_status',
  INTEGRATION_DELIVERY_STATUSES,
);

/** Every message sent (or tried) through an integration: the delivery log its owner reads. */
export const integrationDeliveries = pgTable(
  'integration_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    /** What caused it: a domain event's name, 'test', or an automation rule's run. */
    event: text('event').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: integrationDeliveryStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** The target's last HTTP status, when it answered. */
    responseStatus: integer('response_status'),
    /** Why the last attempt failed, safe to show the owner. */
    error: text('error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    nonNegative('integration_deliveries_attempts_non_negative', t.attempts),
    index('integration_deliveries_integration_created_idx').on(t.integrationId, t.createdAt),
  ],
);
