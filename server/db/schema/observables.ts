import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  OBSERVABLE_TLP_DEFAULT,
  OBSERVABLE_TLP_LEVELS,
  OBSERVABLE_TYPES,
} from '../../../contract/observables.js';
import { cases } from './cases.js';
import { createdAt } from './columns.js';
import { threatIntelligence } from './threats.js';
import { users } from './users.js';

export const observableTypeEnum = pgEnum('observable_type', OBSERVABLE_TYPES);
export const observableTlpEnum = pgEnum('observable_tlp', OBSERVABLE_TLP_LEVELS);

/**
 * The indicators of one case's incident (design 12.5), each value in its type's normal form (contract/observables),
 * the form the intelligence store's indicator index holds, so a match is an equality on (type, value).
 */
export const caseObservables = pgTable(
  'case_observables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    /** Set null: the observable stays on the case after its author's account is gone. */
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    type: observableTypeEnum('type').notNull(),
    value: text('value').notNull(),
    tlp: observableTlpEnum('tlp').notNull().default(OBSERVABLE_TLP_DEFAULT),
    isIoc: boolean('is_ioc').notNull().default(false),
    /** Directors' only: never shown to the case's client, never the source of a sighting that leaves the firm. */
    isInternal: boolean('is_internal').notNull().default(false),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [
    // One value once per case and audience: a client adding what a Director holds internally learns nothing.
    uniqueIndex('case_observables_case_value_idx').on(t.caseId, t.type, t.value, t.isInternal),
    index('case_observables_case_created_idx').on(t.caseId, t.createdAt),
    // Matching newly stored indicators against every case: `value in (...)`, the type checked beside it.
    index('case_observables_value_type_idx').on(t.value, t.type),
    index('case_observables_added_by_idx').on(t.addedBy),
  ],
);

/**
 * An observable that equals a value a stored indicator's pattern compares, once per (observable, indicator,
 * record carrying it). `sightingId` is the STIX sighting the match recorded; it is kept in the STIX store (and so
 * leaves the firm) only when the observable was neither internal nor `amber+strict` / `red` (`shared`).
 */
export const observableMatches = pgTable(
  'observable_matches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    observableId: uuid('observable_id')
      .notNull()
      .references(() => caseObservables.id, { onDelete: 'cascade' }),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    indicatorStixId: text('indicator_stix_id').notNull(),
    threatId: uuid('threat_id')
      .notNull()
      .references(() => threatIntelligence.id, { onDelete: 'cascade' }),
    sightingId: text('sighting_id').notNull(),
    shared: boolean('shared').notNull(),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('observable_matches_unique_idx').on(t.observableId, t.indicatorStixId, t.threatId),
    index('observable_matches_case_idx').on(t.caseId),
    index('observable_matches_threat_idx').on(t.threatId),
  ],
);
