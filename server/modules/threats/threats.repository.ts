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
import {
  stixImports,
  stixIndicators,
  stixIndicatorValues,
  stixObjects,
  stixObjectThreats,
  threatIntelligence,
} from '../../db/schema/index.js';
import type { IndicatorValue } from './indicator-values.js';

export type ThreatRow = typeof threatIntelligence.$inferSelect;
export type NewThreat = typeof threatIntelligence.$inferInsert;

/**
 * What one reader may receive (decision 016): the markings their tier may not see. The service's `readerGate` makes
 * it; the list, the export, the indicator lookup and the TAXII feed all filter by it, here, in SQL.
 */
export interface ThreatGate {
  hiddenTlp: readonly TlpLevel[];
}

export interface ThreatFilter extends ThreatGate {
  category?: ThreatCategory;
  severity?: ThreatSeverity;
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

/* STIX objects, kept whole (decision 016). */

export type StixObjectRow = typeof stixObjects.$inferSelect;
export type NewStixObject = typeof stixObjects.$inferInsert;
export type StixImportRow = typeof stixImports.$inferSelect;

const CHUNK = 500;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/**
 * The gate for STIX objects: an object a record carries is readable when one of its records is; an object no record
 * carries, under its own marking. Directors (nothing hidden) read everything.
 */
function objectVisible(gate: ThreatGate): SQL | undefined {
  if (!gate.hiddenTlp.length) return undefined;
  const hidden = sql.join(
    gate.hiddenTlp.map((level) => sql`${level}`),
    sql`, `,
  );
  const o = stixObjects;
  return sql`(exists (select 1 from ${stixObjectThreats} m join ${threatIntelligence} t on t.id = m.threat_id
      where m.stix_id = ${o.stixId} and t.tlp::text not in (${hidden}))
    or (not exists (select 1 from ${stixObjectThreats} m where m.stix_id = ${o.stixId})
      and ${o.tlp}::text not in (${hidden})))`;
}

/**
 * The newest version of each stored object of `type` the gate lets through, with when the object was first added
 * here; most recently added first.
 */
export async function listObjectsOfType(
  db: DbOrTx,
  gate: ThreatGate,
  type: string,
  limit: number,
): Promise<(StixObjectRow & { firstAdded: Date })[]> {
  const o = stixObjects;
  const newest = db
    .selectDistinctOn([o.stixId], {
      ...getTableColumns(o),
      firstAdded: sql<Date>`min(${o.dateAdded}) over (partition by ${o.stixId})`.as('first_added'),
    })
    .from(o)
    .where(and(eq(o.type, type), objectVisible(gate)))
    .orderBy(o.stixId, desc(o.modifiedAt))
    .as('newest');
  const rows = await db
    .select()
    .from(newest)
    .orderBy(desc(newest.firstAdded), asc(newest.stixId))
    .limit(limit);
  return rows.map((row) => ({ ...row, firstAdded: new Date(row.firstAdded) }));
}

/** The newest stored version of each of these ids. */
export async function latestVersions(db: DbOrTx, ids: readonly string[]): Promise<Map<string, Date>> {
  const found = new Map<string, Date>();
  for (const part of chunks([...new Set(ids)], 5_000)) {
    const rows = await db
      .select({
        id: stixObjects.stixId,
        latest: sql<Date>`max(${stixObjects.modifiedAt})`.mapWith(stixObjects.modifiedAt),
      })
      .from(stixObjects)
      .where(inArray(stixObjects.stixId, part))
      .groupBy(stixObjects.stixId);
    for (const row of rows) found.set(row.id, row.latest);
  }
  return found;
}

/** Stores object versions; one already there (same id and version) is left as it is. */
export async function insertObjects(db: DbOrTx, rows: readonly NewStixObject[]): Promise<void> {
  for (const part of chunks(rows)) {
    if (part.length) await db.insert(stixObjects).values(part).onConflictDoNothing();
  }
}

/** Sets the objects a record travels with (its own object among them). */
export async function replaceMembers(
  db: DbOrTx,
  threatId: string,
  stixIds: readonly string[],
): Promise<void> {
  await db.delete(stixObjectThreats).where(eq(stixObjectThreats.threatId, threatId));
  for (const part of chunks([...new Set(stixIds)])) {
    await db
      .insert(stixObjectThreats)
      .values(part.map((stixId) => ({ threatId, stixId })))
      .onConflictDoNothing();
  }
}

/**
 * Gives these records back the sightings `firmIdentity` recorded of the objects they travel with (their members
 * were just replaced): a new version of a record keeps travelling with what the firm saw of its indicators. One
 * statement for a whole import.
 */
export async function attachFirmSightings(
  db: DbOrTx,
  threatIds: readonly string[],
  firmIdentity: string,
): Promise<void> {
  for (const part of chunks([...new Set(threatIds)], 5_000)) {
    if (!part.length) continue;
    const ids = sql.join(
      part.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    await db.execute(sql`insert into ${stixObjectThreats} (threat_id, stix_id)
      select distinct m.threat_id, o.stix_id from ${stixObjectThreats} m
      join ${stixObjects} o on o.type = 'sighting' and (o.object ->> 'sighting_of_ref') = m.stix_id
      where m.threat_id in (${ids}) and o.object ->> 'created_by_ref' = ${firmIdentity}
      on conflict do nothing`);
  }
}

/* The indicator index (issue 38): what each indicator's pattern compares, read once when it is stored. */

export interface IndexedIndicator {
  stixId: string;
  modifiedAt: Date;
  values: IndicatorValue[];
}

/**
 * Indexes these indicator versions, each only when it is at least as new as the version indexed, replacing that
 * version's values. Returns the ids whose index changed.
 */
export async function indexIndicators(db: DbOrTx, entries: readonly IndexedIndicator[]): Promise<string[]> {
  const changed: string[] = [];
  for (const part of chunks(entries)) {
    if (!part.length) continue;
    const claimed = await db
      .insert(stixIndicators)
      .values(part.map(({ stixId, modifiedAt }) => ({ stixId, modifiedAt })))
      .onConflictDoUpdate({
        target: stixIndicators.stixId,
        set: { modifiedAt: sql`excluded.modified_at` },
        setWhere: sql`${stixIndicators.modifiedAt} <= excluded.modified_at`,
      })
      .returning({ stixId: stixIndicators.stixId });
    const ids = claimed.map((row) => row.stixId);
    if (!ids.length) continue;
    await db.delete(stixIndicatorValues).where(inArray(stixIndicatorValues.stixId, ids));
    const wanted = new Set(ids);
    const values = part
      .filter((entry) => wanted.has(entry.stixId))
      .flatMap((entry) => entry.values.map((value) => ({ stixId: entry.stixId, ...value })));
    for (const rows of chunks(values, 1_000)) {
      await db.insert(stixIndicatorValues).values(rows).onConflictDoNothing();
    }
    changed.push(...ids);
  }
  return changed;
}

/**
 * Newest versions of stored indicators not yet indexed in that version (stored before the index existed, or by a
 * process that stopped between storing and indexing), oldest first.
 */
export async function unindexedIndicators(db: DbOrTx, limit: number): Promise<StixObjectRow[]> {
  return db
    .selectDistinctOn([stixObjects.stixId])
    .from(stixObjects)
    .where(
      and(
        eq(stixObjects.type, 'indicator'),
        sql`not exists (select 1 from ${stixIndicators} i where i.stix_id = ${stixObjects.stixId} and i.modified_at >= ${stixObjects.modifiedAt})`,
      ),
    )
    .orderBy(stixObjects.stixId, desc(stixObjects.modifiedAt))
    .limit(limit);
}

/** An indexed indicator value and a record that carries the indicator. */
export interface IndicatorHit {
  kind: string;
  value: string;
  stixId: string;
  threatId: string;
  title: string;
  severity: ThreatSeverity;
  tlp: TlpLevel;
}

const hitColumns = {
  kind: stixIndicatorValues.kind,
  value: stixIndicatorValues.value,
  stixId: stixIndicatorValues.stixId,
  threatId: threatIntelligence.id,
  title: threatIntelligence.title,
  severity: threatIntelligence.severity,
  tlp: threatIntelligence.tlp,
};

/** Indexed indicators comparing any of these (kind, value) pairs, with each record that carries them. */
export async function indicatorsWithValues(
  db: DbOrTx,
  pairs: readonly IndicatorValue[],
): Promise<IndicatorHit[]> {
  if (!pairs.length) return [];
  // By value through the (value, kind) index (row comparisons would not use it); the exact pairs kept here.
  const rows = await db
    .select(hitColumns)
    .from(stixIndicatorValues)
    .innerJoin(stixObjectThreats, eq(stixObjectThreats.stixId, stixIndicatorValues.stixId))
    .innerJoin(threatIntelligence, eq(threatIntelligence.id, stixObjectThreats.threatId))
    .where(
      and(
        inArray(stixIndicatorValues.value, [...new Set(pairs.map((pair) => pair.value))]),
        inArray(stixIndicatorValues.kind, [...new Set(pairs.map((pair) => pair.kind))]),
      ),
    );
  const wanted = new Set(pairs.map(({ kind, value }) => `${kind}\u0000${value}`));
  return rows.filter((row) => wanted.has(`${row.kind}\u0000${row.value}`));
}

/** The indexed values of these indicators, with each record that carries them. */
export async function valuesOfIndicators(db: DbOrTx, stixIds: readonly string[]): Promise<IndicatorHit[]> {
  if (!stixIds.length) return [];
  return db
    .select(hitColumns)
    .from(stixIndicatorValues)
    .innerJoin(stixObjectThreats, eq(stixObjectThreats.stixId, stixIndicatorValues.stixId))
    .innerJoin(threatIntelligence, eq(threatIntelligence.id, stixObjectThreats.threatId))
    .where(inArray(stixIndicatorValues.stixId, [...stixIds]));
}

/** Adds sightings the firm recorded: each object stored once, travelling with the records carrying its indicator. */
export async function insertSightings(
  db: DbOrTx,
  sightings: readonly { object: NewStixObject; threatIds: readonly string[] }[],
): Promise<void> {
  await insertObjects(
    db,
    sightings.map((sighting) => sighting.object),
  );
  const members = sightings.flatMap(({ object, threatIds }) =>
    threatIds.map((threatId) => ({ threatId, stixId: object.stixId })),
  );
  for (const part of chunks(members)) {
    await db.insert(stixObjectThreats).values(part).onConflictDoNothing();
  }
}

/** Records that no STIX object belongs to yet (made before objects were kept): the service gives them theirs. */
export async function threatsWithoutObjects(db: DbOrTx, limit: number): Promise<ThreatRow[]> {
  return db
    .select()
    .from(threatIntelligence)
    .where(
      sql`not exists (select 1 from ${stixObjectThreats} m where m.threat_id = ${threatIntelligence.id})`,
    )
    .orderBy(asc(threatIntelligence.createdAt))
    .limit(limit);
}

/** The newest version of each object each of these records travels with, by record, in the order they were added. */
export async function objectsOfThreats(
  db: DbOrTx,
  threatIds: readonly string[],
): Promise<Map<string, StixObjectRow[]>> {
  const byThreat = new Map<string, StixObjectRow[]>();
  for (const part of chunks([...threatIds])) {
    if (!part.length) continue;
    const found = await db
      .selectDistinctOn([stixObjectThreats.threatId, stixObjects.stixId], {
        threatId: stixObjectThreats.threatId,
        row: stixObjects,
      })
      .from(stixObjects)
      .innerJoin(stixObjectThreats, eq(stixObjectThreats.stixId, stixObjects.stixId))
      .where(inArray(stixObjectThreats.threatId, part))
      .orderBy(stixObjectThreats.threatId, stixObjects.stixId, desc(stixObjects.modifiedAt));
    for (const { threatId, row } of found) byThreat.set(threatId, [...(byThreat.get(threatId) ?? []), row]);
  }
  for (const rows of byThreat.values()) rows.sort((a, b) => a.seq - b.seq);
  return byThreat;
}

/** The newest version of each object no record carries, readable through `gate`, oldest first. */
export async function orphanObjects(db: DbOrTx, gate: ThreatGate, limit: number): Promise<StixObjectRow[]> {
  const rows = await db
    .selectDistinctOn([stixObjects.stixId])
    .from(stixObjects)
    .where(
      and(
        sql`not exists (select 1 from ${stixObjectThreats} m where m.stix_id = ${stixObjects.stixId})`,
        objectVisible(gate),
      ),
    )
    .orderBy(stixObjects.stixId, desc(stixObjects.modifiedAt))
    .limit(limit);
  return rows.sort((a, b) => a.seq - b.seq);
}

/** Which of these ids this server holds (any version). */
export async function storedIds(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  return new Set((await latestVersions(db, ids)).keys());
}

/** `match[version]` of TAXII: the newest, the oldest, every version, or these ones. */
export interface VersionMatch {
  last: boolean;
  first: boolean;
  all: boolean;
  at: Date[];
}

export interface ObjectQuery {
  gate: ThreatGate;
  ids?: readonly string[];
  types?: readonly string[];
  specVersions?: readonly string[];
  versions: VersionMatch;
  addedAfter?: Date;
  /** Where the previous page ended (`next`). */
  after?: { dateAdded: Date; seq: number };
  limit: number;
}

/**
 * Object versions readable through the gate that match a TAXII query, oldest addition first (date_added, then
 * insertion order), one more than `limit` so the caller knows whether there are more.
 */
export async function queryObjects(db: DbOrTx, query: ObjectQuery): Promise<StixObjectRow[]> {
  const o = stixObjects;
  const where = and(
    objectVisible(query.gate),
    query.ids?.length ? inArray(o.stixId, [...query.ids]) : undefined,
    query.types?.length ? inArray(o.type, [...query.types]) : undefined,
    query.specVersions?.length ? inArray(o.specVersion, [...query.specVersions]) : undefined,
  );
  const ranked = db
    .select({
      ...getTableColumns(o),
      newest: sql<number>`row_number() over (partition by ${o.stixId} order by ${o.modifiedAt} desc)`.as(
        'newest',
      ),
      oldest: sql<number>`row_number() over (partition by ${o.stixId} order by ${o.modifiedAt} asc)`.as(
        'oldest',
      ),
    })
    .from(o)
    .where(where)
    .as('ranked');
  const { versions } = query;
  const versionMatch = versions.all
    ? undefined
    : sql.join(
        [
          ...(versions.last ? [sql`${ranked.newest} = 1`] : []),
          ...(versions.first ? [sql`${ranked.oldest} = 1`] : []),
          ...versions.at.map((at) => sql`${ranked.modifiedAt} = ${at.toISOString()}::timestamptz`),
        ],
        sql` or `,
      );
  const rows = await db
    .select()
    .from(ranked)
    .where(
      and(
        versionMatch ? sql`(${versionMatch})` : undefined,
        query.addedAfter
          ? sql`${ranked.dateAdded} > ${query.addedAfter.toISOString()}::timestamptz`
          : undefined,
        query.after
          ? sql`(${ranked.dateAdded}, ${ranked.seq}) > (${query.after.dateAdded.toISOString()}::timestamptz, ${query.after.seq})`
          : undefined,
      ),
    )
    .orderBy(asc(ranked.dateAdded), asc(ranked.seq))
    .limit(query.limit + 1);
  return rows.map(({ newest: _newest, oldest: _oldest, ...row }) => row);
}

export async function insertImport(db: DbOrTx, row: typeof stixImports.$inferInsert): Promise<StixImportRow> {
  const [created] = await db.insert(stixImports).values(row).returning();
  return created!;
}

export async function findImport(db: DbOrTx, id: string): Promise<StixImportRow | null> {
  const [row] = await db.select().from(stixImports).where(eq(stixImports.id, id));
  return row ?? null;
}

export async function latestImport(db: DbOrTx): Promise<StixImportRow | null> {
  const [row] = await db.select().from(stixImports).orderBy(desc(stixImports.createdAt)).limit(1);
  return row ?? null;
}
