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
  AUTOMATION_RUN_STATUSES,
  type AutomationAction,
  type AutomationActionOutcome,
  type AutomationTrigger,
} from '../../../contract/automation.js';
import { createdAt, nonNegative, updatedAt } from './columns.js';
import { users } from './users.js';

export const automationRules = pgTable(
  'automation_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** jsonb, not columns: conditions differ by event, and the event names belong to the automation feature. */
    trigger: jsonb('trigger').$type<AutomationTrigger>().notNull(),
    actions: jsonb('actions').$type<AutomationAction[]>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    executionCount: integer('execution_count').notNull().default(0),
    lastExecuted: timestamp('last_executed', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    nonNegative('automation_rules_execution_count_non_negative', t.executionCount),
    // The event bus reads trigger->>'event' on every event; make sure it is there. The `is not null` matters: a
    // missing key makes jsonb_typeof null, and a check that is null passes.
    check(
      'automation_rules_trigger_shape',
      sql`jsonb_typeof(${t.trigger}) = 'object' and (${t.trigger}->'event') is not null and jsonb_typeof(${t.trigger}->'event') = 'string'`,
    ),
    check('automation_rules_actions_array', sql`jsonb_typeof(${t.actions}) = 'array'`),
    index('automation_rules_user_created_idx').on(t.userId, t.createdAt),
    // Every event looks up the owner's active rules for that event.
    index('automation_rules_user_event_idx')
      .on(t.userId, sql`(${t.trigger}->>'event')`)
      .where(sql`${t.isActive}`),
  ],
);

export const automationRunStatusEnum = pgEnum('automation_run_status', AUTOMATION_RUN_STATUSES);

/** Each time a rule ran: what set it off, and what each action did. */
export const automationRuns = pgTable(
  'automation_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => automationRules.id, { onDelete: 'cascade' }),
    /** The event's name, or 'manual' for a run from the Execute button. */
    event: text('event').notNull(),
    eventData: jsonb('event_data').$type<Record<string, unknown>>().notNull().default({}),
    status: automationRunStatusEnum('status').notNull(),
    outcomes: jsonb('outcomes').$type<AutomationActionOutcome[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('automation_runs_rule_created_idx').on(t.ruleId, t.createdAt)],
);

/**
 * Each user's key for signing their rules' webhook actions (design 11.5), sealed with the secret box. One per user:
 * creating a new one replaces it, and it is shown once, when created.
 */
export const automationSigningSecrets = pgTable('automation_signing_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});
