import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { TeamLink } from '../../../contract/team.js';
import { nonNegative, slugCheck, updatedAt } from './columns.js';

/**
 * Static dossiers of the team page, seeded from server/db/seed/ so an operator edits data, not code. The id is a readable slug so the seed is an idempotent upsert. No secondary index: two rows, read whole.
 */
export const teamMembers = pgTable(
  'team_members',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    classification: text('classification').notNull(),
    clearanceLevel: text('clearance_level').notNull(),
    specializations: text('specializations')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    bio: text('bio').notNull(),
    operationalHistory: text('operational_history')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    links: jsonb('links').$type<TeamLink[]>().notNull().default([]),
    securityClearance: text('security_clearance').notNull(),
    yearsActive: integer('years_active').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    slugCheck('team_members_id_format', t.id),
    nonNegative('team_members_years_active_non_negative', t.yearsActive),
  ],
);
