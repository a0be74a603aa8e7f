import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { THREAT_CATEGORIES, THREAT_SEVERITIES } from '../../../contract/threats.js';
import { createdAt } from './columns.js';
import { users } from './users.js';

export const threatCategoryEnum = pgEnum('threat_category', THREAT_CATEGORIES);
export const threatSeverityEnum = pgEnum('threat_severity', THREAT_SEVERITIES);

/** One feed every signed-in user reads; only Directors add to it (design section 4). */
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
    createdAt: createdAt(),
  },
  (t) => [
    index('threat_intelligence_created_idx').on(t.createdAt),
    index('threat_intelligence_category_created_idx').on(t.category, t.createdAt),
    index('threat_intelligence_severity_created_idx').on(t.severity, t.createdAt),
  ],
);
