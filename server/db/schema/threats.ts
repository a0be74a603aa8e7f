import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { THREAT_CATEGORIES, THREAT_SEVERITIES, TLP_DEFAULT, TLP_LEVELS } from '../../../contract/threats.js';
import { createdAt } from './columns.js';
import { users } from './users.js';

export const threatCategoryEnum = pgEnum('threat_category', THREAT_CATEGORIES);
export const threatSeverityEnum = pgEnum('threat_severity', THREAT_SEVERITIES);
export const tlpLevelEnum = pgEnum('tlp_level', TLP_LEVELS);

/** One feed every signed-in user reads; only Directors add to it. */
export const threatIntelligence = pgTable(
  'threat_intelligence',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Set null: the intelligence stays in the feed after its author's account is gone. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    source: text('source').notNull(),
    category: threatCategoryEnum('category').notNull(),
    severity: threatSeverityEnum('severity').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    indicators: text('indicators')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    mitigations: text('mitigations')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tlp: tlpLevelEnum('tlp').notNull().default(TLP_DEFAULT),
    /**
     * The STIX 2.1 id the record travels under (`report--<uuid>`). Unique, so importing a bundle twice updates
     * rather than duplicates; records made here get one derived from their own id.
     */
    stixId: text('stix_id').unique(),
    /** STIX `created`: when its producer made it (for an imported record, before it reached us). */
    createdAt: createdAt(),
    /** When it was added here (made, or first imported); a newer version leaves it. */
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /** STIX `modified`: when the record last changed (an import of a newer version moves it). */
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('threat_intelligence_created_idx').on(t.createdAt),
    index('threat_intelligence_category_created_idx').on(t.category, t.createdAt),
    index('threat_intelligence_severity_created_idx').on(t.severity, t.createdAt),
    // Threat assessments look up extracted indicators among every record's indicators.
    index('threat_intelligence_indicators_idx').using('gin', t.indicators),
  ],
);

/**
 * Every STIX 2.1 object the feed holds, whole, as it came (an import) or as a record made here travels (decision
 * 016): one row per version (`modified`, else `created`). Export and TAXII send `object` unchanged; matching reads
 * the records' normalised indicators instead, so nothing here is ever rewritten.
 */
export const stixObjects = pgTable(
  'stix_objects',
  {
    stixId: text('stix_id').notNull(),
    /** The version as a time, for ordering and `match[version]`; the epoch for objects without one (SCOs). */
    modifiedAt: timestamp('modified_at', { withTimezone: true, precision: 6 }).notNull(),
    /** The version exactly as the object gives it (`modified`, else `created`); null when it has neither. */
    version: text('version'),
    type: text('type').notNull(),
    specVersion: text('spec_version').notNull().default('2.1'),
    /** The object's own marking; what an object that belongs to no record is read under. */
    tlp: tlpLevelEnum('tlp').notNull().default(TLP_DEFAULT),
    object: jsonb('object').$type<Record<string, unknown>>().notNull(),
    /** TAXII's date_added, in milliseconds so a page boundary (`next`) is exact. */
    dateAdded: timestamp('date_added', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Insertion order: breaks ties between objects added in the same millisecond. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.stixId, t.modifiedAt] }),
    uniqueIndex('stix_objects_seq_idx').on(t.seq),
    index('stix_objects_added_idx').on(t.dateAdded, t.seq),
    index('stix_objects_type_idx').on(t.type),
    // The firm's sightings of an indicator, found again when the records carrying it change (issue 38).
    index('stix_objects_sighting_of_idx')
      .on(sql`(${t.object} ->> 'sighting_of_ref')`)
      .where(sql`${t.type} = 'sighting'`),
  ],
);

/**
 * Which record each STIX object travels with: the record's own object, everything it refers to (transitively), and
 * the relationships and sightings that touch those. An object is read under its records' markings (decision 016).
 */
export const stixObjectThreats = pgTable(
  'stix_object_threats',
  {
    threatId: uuid('threat_id')
      .notNull()
      .references(() => threatIntelligence.id, { onDelete: 'cascade' }),
    stixId: text('stix_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.threatId, t.stixId] }),
    index('stix_object_threats_stix_idx').on(t.stixId),
  ],
);

/** What each STIX import did (its report); a TAXII add's status resource is read from here. */
export const stixImports = pgTable(
  'stix_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** `api` (the Import STIX dialog), `bulk` or `taxii`. */
    via: text('via').notNull(),
    status: text('status').notNull().default('complete'),
    totalCount: integer('total_count').notNull(),
    report: jsonb('report').$type<Record<string, unknown>>().notNull(),
    successes: jsonb('successes')
      .$type<{ id: string; version?: string; message?: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    failures: jsonb('failures')
      .$type<{ id: string; version?: string; message?: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('stix_imports_created_idx').on(t.createdAt)],
);

/**
 * The indicator index (issue 38): for the newest version of each stored `indicator`, the version indexed, so an
 * indicator whose pattern compares nothing matchable is still known to be indexed.
 */
export const stixIndicators = pgTable('stix_indicators', {
  stixId: text('stix_id').primaryKey(),
  modifiedAt: timestamp('modified_at', { withTimezone: true, precision: 6 }).notNull(),
});

/**
 * The (observable type, normal value) pairs each indexed indicator's pattern compares for equality, read once when
 * the indicator is stored; matching an observable is then one index lookup, never a pattern parse.
 */
export const stixIndicatorValues = pgTable(
  'stix_indicator_values',
  {
    stixId: text('stix_id')
      .notNull()
      .references(() => stixIndicators.stixId, { onDelete: 'cascade' }),
    /** An observable type of contract/observables (`ipv4`, `sha256`, ...). */
    kind: text('kind').notNull(),
    value: text('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.stixId, t.kind, t.value] }),
    // Matching observables: `value in (...)`, the kind checked beside it.
    index('stix_indicator_values_value_kind_idx').on(t.value, t.kind),
  ],
);
