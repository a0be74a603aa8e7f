import {
  and,
  arrayOverlaps,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { ThreatCategory, ThreatSeverity, TlpLevel } from '../../../contract/threats.js';
import type { DbOrTx } from '../../db/client.js';
import { threatIntelligence } from '../../db/schema/index.js';

export type ThreatRow = typeof threatIntelligence.$inferSelect;
export type NewThreat = typeof threatIntelligence.$inferInsert;

export interface ThreatFilter {
  category?: ThreatCategory;
  severity?: ThreatSeverity;
  /** Markings the reader may not receive; filtered here so they never leave the database. */
  hiddenTlp: readonly TlpLevel[];
}

function visible(filter: ThreatFilter): SQL | undefined {
  return and(
    filter.category ? eq(threatIntelligence.category, filter.category) : undefined,
    filter.severity ? eq(threatIntelligence.severity, filter.severity) : undefined,
    filter.hiddenTlp.length ? notInArray(threatIntelligence.tlp, [...filter.hiddenTlp]) : undefined,
  );
}

export async function insertThreat(db: DbOrTx, row: NewThreat): Promise<ThreatRow> {
  const [created] = await db.insert(threatIntelligence).values(row).returning();
  return created!;
}

/** Newest first. */
export async function listThreats(db: DbOrTx, filter: ThreatFilter, limit: number): Promise<ThreatRow[]> {
  return db
    .select()
    .from(threatIntelligence)
    .where(visible(filter))
    .orderBy(desc(threatIntelligence.createdAt), desc(threatIntelligence.id))
    .limit(limit);
}

/**
 * Records holding any of the given (already normalised) indicators: `indicators && $1` is answered from the GIN
 * index. Most severe first, then newest.
 */
export async function findByIndicators(
  db: DbOrTx,
  indicators: string[],
  hiddenTlp: readonly TlpLevel[],
  limit: number,
): Promise<ThreatRow[]> {
  return db
    .select()
    .from(threatIntelligence)
    .where(and(arrayOverlaps(threatIntelligence.indicators, indicators), visible({ hiddenTlp })))
    .orderBy(asc(threatIntelligence.severity), desc(threatIntelligence.createdAt))
    .limit(limit);
}

/** The STIX id each of these record ids is stored under (absent: no record has that id). */
export async function stixIdsOf(db: DbOrTx, ids: string[]): Promise<Map<string, string | null>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: threatIntelligence.id, stixId: threatIntelligence.stixId })
    .from(threatIntelligence)
    .where(inArray(threatIntelligence.id, ids));
  return new Map(rows.map((row) => [row.id, row.stixId]));
}

export type UpsertOutcome = 'imported' | 'updated' | 'skipped' | 'idTaken';
export type ImportedThreat = NewThreat & { stixId: string; modifiedAt: Date };
export interface UpsertResult {
  outcome: UpsertOutcome;
  row: ThreatRow | null;
}

/** PostgreSQL's unique_violation; drizzle wraps the driver's error. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Inserts a record under its STIX id, or replaces the one already there when this version is newer (a later
 * `modified`); an older or equal version changes nothing. One statement, so concurrent imports of the same bundle
 * cannot both insert. Throws a unique violation when another record (under another STIX id) has this id.
 */
async function upsert(db: DbOrTx, row: ImportedThreat): Promise<UpsertResult> {
  const t = threatIntelligence;
  const [result] = await db
    .insert(t)
    .values(row)
    .onConflictDoUpdate({
      target: t.stixId,
      set: {
        source: row.source,
        category: row.category,
        severity: row.severity,
        title: row.title,
        description: row.description,
        indicators: row.indicators,
        mitigations: row.mitigations,
        tlp: row.tlp,
        createdAt: row.createdAt,
        modifiedAt: row.modifiedAt,
      },
      setWhere: sql`${t.modifiedAt} < excluded.modified_at`,
    })
    // xmax is 0 on a freshly inserted row version and set on an updated one.
    .returning({ ...getTableColumns(t), inserted: sql<boolean>`(xmax = 0)` });
  if (!result) return { outcome: 'skipped', row: null };
  const { inserted, ...saved } = result;
  return { outcome: inserted ? 'imported' : 'updated', row: saved };
}

/** `upsert` on its own: `idTaken` when another record (under another STIX id) already has this record's id. */
export async function upsertByStixId(db: DbOrTx, row: ImportedThreat): Promise<UpsertResult> {
  try {
    return await upsert(db, row);
  } catch (error) {
    if (isUniqueViolation(error)) return { outcome: 'idTaken', row: null };
    throw error;
  }
}

/**
 * Upserts the rows in one transaction (one commit instead of one per record: a big bundle goes in in seconds).
 * Null when an id turned out to be taken, which undoes the whole batch: the caller then goes row by row.
 */
export async function upsertBatchByStixId(
  db: DbOrTx,
  rows: ImportedThreat[],
): Promise<UpsertResult[] | null> {
  try {
    return await db.transaction(async (tx) => {
      const results: UpsertResult[] = [];
      for (const row of rows) results.push(await upsert(tx, row));
      return results;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}
