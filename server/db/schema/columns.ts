// Column and constraint builders every feature table shares, so money, time and tiers mean the same everywhere.
//
// List indexes in the feature files are ascending on purpose: a backward scan serves `ORDER BY created_at DESC`
// (measured). Drizzle's `.desc()` in an index writes DESC NULLS LAST, which a plain `desc(column)` query cannot use,
// so the planner sorted instead.
import { sql, type SQL } from 'drizzle-orm';
import { check, customType, index, numeric, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { TIER_MAX, TIER_MIN } from '../../../contract/tiers.js';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** $onUpdate keeps it right for every Drizzle update without each repository remembering it. */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** numeric(12,2) read as a string: a float would turn 0.1 + 0.2 into 0.30000000000000004 rupees. */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'string' });

/** Literal bounds: drizzle-kit would otherwise write the numbers as bind parameters into the DDL. */
const literal = (value: number): SQL => sql.raw(String(value));

export const tierCheck = (name: string, column: AnyPgColumn) =>
  check(name, sql`${column} between ${literal(TIER_MIN)} and ${literal(TIER_MAX)}`);

export const nonNegative = (name: string, column: AnyPgColumn) => check(name, sql`${column} >= 0`);

export const between = (name: string, column: AnyPgColumn, min: number, max: number) =>
  check(name, sql`${column} between ${literal(min)} and ${literal(max)}`);

/** ISO 4217 shape; which codes are accepted is the service's business. */
export const currencyCheck = (name: string, column: AnyPgColumn) =>
  check(name, sql`${column} ~ '^[A-Z]{3}$'`);

/** Lower-case kebab slugs, safe in URLs without escaping. */
export const slugCheck = (name: string, column: AnyPgColumn) =>
  check(name, sql`${column} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`);

/**
 * Drizzle has no tsvector type. Only the database needs the column's value: queries should name their columns so
 * it does not travel with every row.
 */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A stored search document: `weighted` is SQL over the row's own columns with setweight(...) parts. */
export const searchVector = (weighted: SQL) =>
  tsvector('search_vector').notNull().generatedAlwaysAs(weighted);

/** Trigram index for similarity (`%`) matches, so a typo still finds the name. Needs the pg_trgm extension. */
export const trigramIndex = (name: string, column: AnyPgColumn) =>
  index(name).using('gin', sql`${column} gin_trgm_ops`);
