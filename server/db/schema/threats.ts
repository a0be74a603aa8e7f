import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    createdAt: createdAt(),
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
