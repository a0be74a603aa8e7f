import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CASE_CATEGORIES,
  CASE_PRIORITIES,
  CASE_STATUSES,
  CASE_UPDATE_TYPES,
} from '../../../contract/cases.js';
import { createdAt, money, nonNegative, updatedAt } from './columns.js';
import { serviceLevelColumns, serviceLevelIndexes } from './service-levels.js';
import { enterpriseClients } from './enterprise.js';
import { users } from './users.js';

export const caseCategoryEnum = pgEnum('case_category', CASE_CATEGORIES);
export const caseStatusEnum = pgEnum('case_status', CASE_STATUSES);
export const casePriorityEnum = pgEnum('case_priority', CASE_PRIORITIES);
export const caseUpdateTypeEnum = pgEnum('case_update_type', CASE_UPDATE_TYPES);

/** A sequence, not a random code: numbers never collide, so opening a case never needs a retry. */
export const caseNumberSeq = pgSequence('case_number_seq', { startWith: 1001 });

export const cases = pgTable(
  'cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The number the detail dialog shows; the uuid stays the API id. */
    caseNumber: text('case_number')
      .notNull()
      .unique()
      .default(sql`('CASE-' || nextval('case_number_seq')::text)`),
    /** The client who opened it. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set null: a departed agent leaves the case unassigned, not deleted. */
    assignedAgentId: uuid('assigned_agent_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: caseCategoryEnum('category').notNull(),
    priority: casePriorityEnum('priority').notNull().default('medium'),
    status: caseStatusEnum('status').notNull().default('open'),
    deadline: timestamp('deadline', { withTimezone: true }),
    clientRequirements: text('client_requirements'),
    /** Rupees (CASE_COST_CURRENCY), as clients are charged for investigative work; null until estimated. */
    estimatedCost: money('estimated_cost'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** ATT&CK technique ids (design 12.5), checked against the shipped table by the service. */
    attackTechniques: text('attack_techniques')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Set when a Director merged this case into another: it leaves every list, and reading it (or searching its
     * number) leads to that case. Cascade: a source goes with the case it went into
     * (both belong to one owner, so they are only ever deleted together).
     */
    mergedIntoId: uuid('merged_into_id').references((): AnyPgColumn => cases.id, { onDelete: 'cascade' }),
    mergedAt: timestamp('merged_at', { withTimezone: true }),
    /**
     * The organisation the owner shared it with (design 12.3: visibility `organization`); null: private. Set
     * null with the client, so a removed client's records fall back to private.
     */
    organizationId: uuid('organization_id').references(() => enterpriseClients.id, { onDelete: 'set null' }),
    ...serviceLevelColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...serviceLevelIndexes('cases', t),
    nonNegative('cases_estimated_cost_non_negative', t.estimatedCost),
    index('cases_user_created_idx').on(t.userId, t.createdAt),
    index('cases_organization_created_idx')
      .on(t.organizationId, t.createdAt)
      .where(sql`${t.organizationId} is not null`),
    index('cases_agent_created_idx').on(t.assignedAgentId, t.createdAt),
    // The Director's All Cases tab.
    index('cases_created_idx').on(t.createdAt),
    index('cases_merged_into_idx').on(t.mergedIntoId),
    check('cases_not_merged_into_itself', sql`${t.mergedIntoId} <> ${t.id}`),
  ],
);

export const caseUpdates = pgTable(
  'case_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    /** Set null: the update stays in the case history after its author's account is gone. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    updateType: caseUpdateTypeEnum('update_type').notNull(),
    title: text('title'),
    content: text('content').notNull(),
    /** Internal updates are never shown to the case's client. */
    isInternal: boolean('is_internal').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // An internal note that is not internal would leak to the client.
    check(
      'case_updates_internal_note_is_internal',
      sql`${t.updateType} <> 'internal_note' or ${t.isInternal}`,
    ),
    index('case_updates_case_created_idx').on(t.caseId, t.createdAt),
  ],
);
