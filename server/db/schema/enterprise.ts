import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DEFAULT_TIER } from '../../../contract/tiers.js';
import { createdAt, tierCheck, updatedAt } from './columns.js';
import { users } from './users.js';

/** Organisations the firm serves under contract; managed by Directors. */
export const enterpriseClients = pgTable(
  'enterprise_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    domain: text('domain').notNull(),
    tier: integer('tier').notNull().default(DEFAULT_TIER),
    /** Whoever verifies an address on the domain joins as a member (design 12.3). */
    autoJoin: boolean('auto_join').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tierCheck('enterprise_clients_tier_range', t.tier),
    // Domains are case-insensitive: Example.com and example.com are one client.
    uniqueIndex('enterprise_clients_domain_key').on(sql`lower(${t.domain})`),
    index('enterprise_clients_created_idx').on(t.createdAt),
  ],
);
