import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import {
  normalizeIndicator,
  STIX_IMPORT_MAX_OBJECTS,
  THREAT_LIMITS,
  TLP_DIRECTOR_ONLY,
  type CreateThreatInput,
  type StixBundle,
  type StixImportBundle,
  type StixImportError,
  type StixImportReport,
  type StixImportSummary,
  type StixImportTypeCounts,
  type stixObjectsQuerySchema,
  type StoredStixObject,
  type Threat,
  type ThreatCategory,
  type ThreatSeverity,
  type threatsExportQuerySchema,
  type threatsQuerySchema,
  type TlpLevel,
} from '../../../contract/threats.js';
import type { DbOrTx } from '../../db/client.js';
import type { AppContext } from '../../infra/context.js';
import { defineSchedule } from '../../infra/job.js';
import type { UserRow } from '../../db/schema/users.js';
import { indicatorValues, type IndicatorValue } from './indicator-values.js';
import {
  FIRM_IDENTITY_ID,
  firmIdentity,
  recordsToBundle,
  sightingObject,
  type SightingInput,
} from './stix-export.js';
import { readBundle, type ImportCandidate, type ReadObject } from './stix-import.js';
import type { StixRecord } from './stix-record.js';
import { MATCH_JOB_INDICATORS, matchIndicatorsSpec } from '../observables/match-indicators.job.js';
import * as repository from './threats.repository.js';
import type {
  IndicatorHit,
  ObjectQuery,
  StixImportRow,
  StixObjectRow,
  ThreatGate,
  ThreatRow,
} from './threats.repository.js';

export type { IndicatorHit } from './threats.repository.js';

type ThreatsQuery = z.output<typeof threatsQuerySchema>;
type ExportQuery = z.output<typeof threatsExportQuerySchema>;

/** A stored threat whose indicators overlap those a caller found (the AI threat assessment's matches). */
export interface ThreatMatch {
  id: string;
  title: string;
  severity: ThreatSeverity;
  category: ThreatCategory;
  tlp: TlpLevel;
  mitigations: string[];
  /** The record's indicators that matched, in the record's order and stored (normalised) form. */
  matchedIndicators: string[];
}

/** Most matches one lookup returns; a text naming hundreds of known indicators still gets a bounded answer. */
const MAX_MATCHES = 50;
/** Indicators one lookup considers. */
const MAX_LOOKUP_INDICATORS = 1_000;

/** What a reader of this tier may not receive: AMBER+STRICT and RED stay with Directors (issue 8). */
export function hiddenTlpFor(tier: number): readonly TlpLevel[] {
  return tier >= DIRECTOR_TIER ? [] : TLP_DIRECTOR_ONLY;
}

/**
 * The one gate of the threat feed (decision 016): what `reader` may receive. The list, the STIX export, the threat
 * assessment's lookup and the TAXII feed all read through it, so a reader gets the same records everywhere.
 */
export function readerGate(reader: Pick<UserRow, 'tier'>): ThreatGate {
  return { hiddenTlp: hiddenTlpFor(reader.tier) };
}

export function toThreat(row: ThreatRow): Threat {
  return {
    id: row.id,
    source: row.source,
    category: row.category,
    severity: row.severity,
    title: row.title,
    description: row.description,
    indicators: row.indicators,
    mitigations: row.mitigations,
    tlp: row.tlp,
    createdAt: row.createdAt.toISOString(),
    addedAt: row.addedAt.toISOString(),
  };
}

/**
 * Stored threats sharing an indicator with `indicators`, matched without regard to case. Records keep their
 * indicators normalised (`normalizeIndicator`: lower case, except a URL's path), so the inputs are normalised the
 * same way and compared with `indicators && $1`, which the GIN index answers. Only the markings `viewerTier` may
 * receive are searched.
 */
export async function findThreatsByIndicators(
  ctx: AppContext,
  indicators: string[],
  viewerTier: number,
): Promise<ThreatMatch[]> {
  const wanted = [
    ...new Set(
      indicators
        .filter((value) => typeof value === 'string')
        .map(normalizeIndicator)
        .filter((value) => value.length > 0 && value.length <= THREAT_LIMITS.indicator),
    ),
  ].slice(0, MAX_LOOKUP_INDICATORS);
  if (!wanted.length) return [];
  const lookup = new Set(wanted);
  const rows = await repository.findByIndicators(
    ctx.db,
    wanted,
    readerGate({ tier: viewerTier }).hiddenTlp,
    MAX_MATCHES,
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    severity: row.severity,
    category: row.category,
    tlp: row.tlp,
    mitigations: row.mitigations,
    matchedIndicators: row.indicators.filter((value) => lookup.has(value)),
  }));
}

/** `GET /api/threat-intelligence`: newest first, without the markings the reader's tier may not receive. */
export async function listThreats(ctx: AppContext, user: UserRow, query: ThreatsQuery): Promise<Threat[]> {
  const rows = await repository.listThreats(
    ctx.db,
    { ...readerGate(user), category: query.category, severity: query.severity },
    query.limit,
  );
  return rows.map(toThreat);
}

/** `POST /api/threat-intelligence` (Directors; the route checks the tier). The record travels as `report--<id>`. */
export async function createThreat(
  ctx: AppContext,
  user: UserRow,
  input: CreateThreatInput,
): Promise<Threat> {
  const id = randomUUID();
  // One transaction: the record, its STIX objects, their indicator index and the matching job commit together.
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repository.insertThreat(tx, {
      id,
      stixId: `report--${id}`,
      createdBy: user.id,
      source: input.source,
      category: input.category,
      severity: input.severity,
      title: input.title,
      description: input.description,
      indicators: input.indicators,
      mitigations: input.mitigations,
      tlp: input.tlp,
    });
    await keepGeneratedObjects(ctx, tx, [created], new Date());
    return created;
  });
  await announce(ctx, row);
  return toThreat(row);
}

async function announce(ctx: AppContext, row: ThreatRow): Promise<void> {
  await ctx.events.emit('threat.created', {
    threatId: row.id,
    createdBy: row.createdBy,
    title: row.title,
    category: row.category,
    severity: row.severity,
    tlp: row.tlp,
    indicators: row.indicators,
  });
}

/** A record's STIX form as made here (a record typed in the app, or one from before objects were kept). */
function toStixRecord(row: ThreatRow): StixRecord {
  return { ...row, stixId: row.stixId ?? `report--${row.id}` };
}

/** Largest batch of records given their generated objects at once. */
const MATERIALIZE_BATCH = 200;

/**
 * Stores the STIX objects records made here travel as (report, indicators, courses of action, the source's identity,
 * the TLP marking definition), so the export and the TAXII feed read every record the same way; their indicators
 * are indexed and queued for matching in the caller's transaction `tx`.
 */
async function keepGeneratedObjects(
  ctx: AppContext,
  tx: DbOrTx,
  rows: ThreatRow[],
  dateAdded?: Date,
): Promise<void> {
  for (const row of rows) {
    const record = toStixRecord(row);
    const { objects } = recordsToBundle([record]);
    await repository.insertObjects(
      tx,
      objects.map((object) => {
        const version = (object.modified ?? object.created ?? null) as string | null;
        return {
          stixId: object.id,
          modifiedAt: version ? new Date(version) : new Date(0),
          version,
          type: object.type,
          specVersion: '2.1',
          tlp: object.type === 'marking-definition' || object.type === 'identity' ? 'CLEAR' : record.tlp,
          object,
          dateAdded: dateAdded ?? row.createdAt,
        };
      }),
    );
    await repository.replaceMembers(
      tx,
      row.id,
      objects.map((object) => object.id),
    );
    await repository.attachFirmSightings(tx, [row.id], FIRM_IDENTITY_ID);
    await indexIndicatorObjects(
      ctx,
      tx,
      objects.map((object) => {
        const version = (object.modified ?? object.created ?? null) as string | null;
        return {
          id: object.id,
          type: object.type,
          modifiedAt: version ? new Date(version) : new Date(0),
          object,
        };
      }),
    );
  }
}

/**
 * Indexes what the indicators among these objects compare (the newest version of each), so that matching
 * observables is a lookup (issue 38), and queues the matching of those whose index changed, all in `tx`: the job
 * exists if and only if the index change commits, so a crash after the commit cannot lose a match (a crash before it
 * leaves the indicator unindexed, which `threats.index-indicators` picks up).
 */
async function indexIndicatorObjects(
  ctx: AppContext,
  tx: DbOrTx,
  objects: readonly { id: string; type: string; modifiedAt: Date; object: Record<string, unknown> }[],
): Promise<void> {
  const newest = new Map<string, (typeof objects)[number]>();
  for (const object of objects) {
    if (object.type !== 'indicator') continue;
    const seen = newest.get(object.id);
    if (!seen || object.modifiedAt >= seen.modifiedAt) newest.set(object.id, object);
  }
  const changed = await repository.indexIndicators(
    tx,
    [...newest.values()].map((object) => ({
      stixId: object.id,
      modifiedAt: object.modifiedAt,
      values: indicatorValues(object.object),
    })),
  );
  for (let start = 0; start < changed.length; start += MATCH_JOB_INDICATORS) {
    await ctx.queue.send(
      matchIndicatorsSpec,
      { stixIds: changed.slice(start, start + MATCH_JOB_INDICATORS) },
      { tx },
    );
  }
}

/** Largest batch of indicators stored before the index existed that one run indexes. */
const INDEX_BATCH = 1_000;

/**
 * Indexes indicators stored but not indexed in their newest version (stored before the index existed, or by a
 * process that stopped between the two transactions of an import), queueing their matching: the schedule
 * `threats.index-indicators` runs it, a no-op once all are. Returns how many it indexed.
 */
export async function indexStoredIndicators(ctx: AppContext): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await repository.unindexedIndicators(ctx.db, INDEX_BATCH);
    if (!rows.length) return total;
    await ctx.db.transaction((tx) =>
      indexIndicatorObjects(
        ctx,
        tx,
        rows.map((row) => ({
          id: row.stixId,
          type: row.type,
          modifiedAt: row.modifiedAt,
          object: row.object,
        })),
      ),
    );
    total += rows.length;
    if (rows.length < INDEX_BATCH) return total;
  }
}

export const indexIndicatorsSchedule = defineSchedule({
  name: 'threats.index-indicators',
  cron: '*/10 * * * *',
  async handle(ctx) {
    await indexStoredIndicators(ctx);
  },
});

/** The stored indicators comparing any of these values, each with a record carrying it (for matching). */
export async function indicatorsMatching(ctx: AppContext, values: IndicatorValue[]): Promise<IndicatorHit[]> {
  return repository.indicatorsWithValues(ctx.db, values);
}

/** The values these indicators compare, each with a record carrying it (for matching them against observables). */
export async function valuesOfIndicators(ctx: AppContext, stixIds: string[]): Promise<IndicatorHit[]> {
  return repository.valuesOfIndicators(ctx.db, stixIds);
}

/** A sighting the firm records, and the records it travels with (those carrying its indicator). */
export interface SightingToKeep extends SightingInput {
  threatIds: string[];
  /** Read under this marking when no record carries it any more: the stricter of the observable's and the records'. */
  storeTlp: TlpLevel;
}

/**
 * Keeps sightings in the STIX store, where the export and the TAXII feed read them under the readers' gate (a
 * reader gets one when they may read a record carrying its indicator). Only sightings that may leave the firm come
 * here; the caller keeps the rest to itself. Returns their ids.
 */
export async function keepSightings(ctx: AppContext, db: DbOrTx, sightings: SightingToKeep[]): Promise<void> {
  if (!sightings.length) return;
  const identity = firmIdentity();
  await repository.insertObjects(db, [
    {
      stixId: identity.id,
      modifiedAt: new Date(identity.modified as string),
      version: identity.modified as string,
      type: identity.type,
      tlp: 'CLEAR',
      object: identity,
    },
  ]);
  await repository.insertSightings(
    db,
    sightings.map((sighting) => {
      const object = sightingObject(sighting);
      return {
        object: {
          stixId: object.id,
          modifiedAt: new Date(object.modified as string),
          version: object.modified as string,
          type: 'sighting',
          tlp: sighting.storeTlp,
          object,
        },
        threatIds: sighting.threatIds,
      };
    }),
  );
}

/** The id the sighting of this key gets (the same every time). */
export function sightingIdOf(sighting: SightingInput): string {
  return sightingObject(sighting).id;
}

/** Gives records from before STIX objects were kept their generated objects (once; a no-op afterwards). */
export async function materializeRecords(ctx: AppContext): Promise<void> {
  for (;;) {
    const rows = await repository.threatsWithoutObjects(ctx.db, MATERIALIZE_BATCH);
    if (!rows.length) return;
    await ctx.db.transaction((tx) => keepGeneratedObjects(ctx, tx, rows));
    if (rows.length < MATERIALIZE_BATCH) return;
  }
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

/** A line that names a stored object: its name, else what a relationship or sighting says. */
function titleOf(object: Record<string, unknown>): string | null {
  if (object.type === 'relationship') {
    const [source, kind, target] = [
      text(object.source_ref),
      text(object.relationship_type),
      text(object.target_ref),
    ];
    return source && kind && target ? `${source} ${kind} ${target}` : null;
  }
  if (object.type === 'sighting' && text(object.sighting_of_ref))
    return `sighting of ${text(object.sighting_of_ref)}`;
  return text(object.name) ?? text(object.value) ?? text(object.pattern);
}

/**
 * `GET /api/threat-intelligence/objects?type=`: the stored objects of one type the reader may read (the threat feed's
 * gate), newest version of each, most recently added first, so every kind an import kept can be found again.
 */
export async function listStoredObjects(
  ctx: AppContext,
  user: UserRow,
  query: z.output<typeof stixObjectsQuerySchema>,
): Promise<StoredStixObject[]> {
  await materializeRecords(ctx);
  const rows = await repository.listObjectsOfType(ctx.db, readerGate(user), query.type, query.limit);
  return rows.map((row) => ({
    id: row.stixId,
    type: row.type,
    title: titleOf(row.object),
    description: text(row.object.description),
    tlp: row.tlp,
    createdAt: text(row.object.created),
    modifiedAt: text(row.object.modified),
    addedAt: row.firstAdded.toISOString(),
  }));
}

/**
 * `GET /api/threat-intelligence/export`: the records the reader may list (the list's filters and gate), each with
 * every STIX object it travels with, exactly as stored; without a filter, also the objects no record carries that
 * the reader may read (an import of attack patterns alone comes back out).
 */
export async function exportStixBundle(
  ctx: AppContext,
  user: UserRow,
  query: ExportQuery,
): Promise<StixBundle> {
  await materializeRecords(ctx);
  const gate = readerGate(user);
  const rows = await repository.listThreats(
    ctx.db,
    { ...gate, category: query.category, severity: query.severity },
    query.limit,
  );
  const byThreat = await repository.objectsOfThreats(
    ctx.db,
    rows.map((row) => row.id),
  );
  // Record by record, newest first like the list; an object several records carry goes out once, with the first.
  const sent = new Set<string>();
  const objects = rows
    .flatMap((row) => byThreat.get(row.id) ?? [])
    .filter((object) => !sent.has(object.stixId) && Boolean(sent.add(object.stixId)));
  const orphans =
    query.category || query.severity
      ? []
      : (await repository.orphanObjects(ctx.db, gate, STIX_IMPORT_MAX_OBJECTS)).filter(
          (object) => !sent.has(object.stixId),
        );
  return {
    type: 'bundle',
    id: `bundle--${randomUUID()}`,
    objects: [...objects, ...orphans].map((row) => row.object as StixBundle['objects'][number]),
  };
}

export type ImportVia = 'api' | 'bulk' | 'taxii';

/** One object's outcome in a TAXII status resource. */
interface StatusDetails {
  id: string;
  version?: string;
  message?: string;
}

/** The outcome of one import: its report, and what the TAXII status resource lists object by object. */
export interface ImportResult {
  report: StixImportReport;
  row: StixImportRow;
}

function tooLarge(count: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `A bundle may hold at most ${STIX_IMPORT_MAX_OBJECTS} objects; this one holds ${count}. Split it into smaller bundles`,
  );
}

/** `POST /api/threat-intelligence/import` and the bulk import: a STIX 2.1 bundle (Directors; callers check). */
export async function importStixBundle(
  ctx: AppContext,
  user: UserRow,
  bundle: StixImportBundle,
  via: ImportVia = 'api',
): Promise<StixImportReport> {
  return (await importStixObjects(ctx, user, bundle.objects, via)).report;
}

/**
 * Imports STIX objects (a bundle's or a TAXII envelope's), object by object (decision 016): each valid one is kept
 * whole, as sent: `imported` when its id is new here, `updated` when it is a newer version (a later `modified`), else
 * `unchanged`. Reports, and indicators no report of the bundle refers to, become or update threat records, which
 * carry every object they refer to. Invalid objects are `errors` with their position, revoked ones are `skipped`;
 * the rest still go in. Refused whole (413) above `STIX_IMPORT_MAX_OBJECTS` objects.
 */
export async function importStixObjects(
  ctx: AppContext,
  user: UserRow,
  objects: readonly unknown[],
  via: ImportVia,
): Promise<ImportResult> {
  if (objects.length > STIX_IMPORT_MAX_OBJECTS) throw tooLarge(objects.length);
  const read = readBundle(objects);
  const errors: StixImportError[] = [...read.errors];
  const report: StixImportReport = {
    importId: '',
    imported: 0,
    updated: 0,
    unchanged: 0,
    skipped: read.skipped,
    skippedReasons: read.skippedReasons,
    failed: 0,
    errors,
    warnings: [],
    records: { imported: 0, updated: 0 },
    byType: {},
  };

  // Each object's outcome against what is stored and what came before it in the bundle.
  const latest = await repository.latestVersions(
    ctx.db,
    read.objects.map((object) => object.id),
  );
  const known = new Set(latest.keys());
  const outcome = new Map<ReadObject, 'imported' | 'updated' | 'unchanged'>();
  for (const object of read.objects) {
    const newest = latest.get(object.id);
    if (newest && object.modifiedAt <= newest) outcome.set(object, 'unchanged');
    else {
      outcome.set(object, newest || known.has(object.id) ? 'updated' : 'imported');
      latest.set(object.id, object.modifiedAt);
      known.add(object.id);
    }
  }

  // Records first: one whose id another record holds fails with its object, which is then not kept either.
  const failedIndexes = new Set<number>();
  const changedRoots = read.candidates.filter((candidate) => {
    const object = read.objects.find((item) => item.index === candidate.index)!;
    return outcome.get(object) !== 'unchanged';
  });
  const members = new Map<string, string[]>();
  await upsertRecords(
    ctx,
    user,
    changedRoots,
    report,
    (candidate, message) => {
      failedIndexes.add(candidate.index);
      errors.push({ index: candidate.index, id: candidate.id, type: candidate.type, message });
    },
    (candidate, threatId) => members.set(threatId, candidate.members),
  );

  const kept = read.objects.filter((object) => !failedIndexes.has(object.index));
  const stored = kept.filter((object) => outcome.get(object) !== 'unchanged');
  // The objects, the records' members, the indicator index and the matching jobs commit together.
  await ctx.db.transaction(async (tx) => {
    await repository.insertObjects(
      tx,
      stored.map((object) => ({
        stixId: object.id,
        modifiedAt: object.modifiedAt,
        version: object.version,
        type: object.type,
        specVersion: object.specVersion,
        tlp: object.tlp,
        object: object.object,
      })),
    );
    for (const [threatId, ids] of members) await repository.replaceMembers(tx, threatId, ids);
    await repository.attachFirmSightings(tx, [...members.keys()], FIRM_IDENTITY_ID);
    await indexIndicatorObjects(ctx, tx, stored);
  });
  for (const object of kept) {
    report[outcome.get(object)!] += 1;
    countByType(report, object.type, outcome.get(object)!);
  }
  for (const object of read.skippedObjects) countByType(report, object.type, 'skipped');

  // References to objects neither the bundle nor this server holds: kept as given, and said so.
  if (read.missingRefs.size) {
    const held = await repository.storedIds(ctx.db, [...read.missingRefs.keys()]);
    const missingBy = new Map<number, string[]>();
    for (const [ref, referrers] of read.missingRefs) {
      if (held.has(ref)) continue;
      for (const index of referrers) missingBy.set(index, [...(missingBy.get(index) ?? []), ref]);
    }
    for (const [index, refs] of [...missingBy].sort((a, b) => a[0] - b[0])) {
      const object = read.objects.find((item) => item.index === index)!;
      if (failedIndexes.has(index)) continue;
      report.warnings.push({
        index,
        id: object.id,
        type: object.type,
        message: `Kept as sent; it refers to ${refs.length} object${refs.length === 1 ? '' : 's'} this server does not hold: ${refs.slice(0, 3).join(', ')}${refs.length > 3 ? ', …' : ''}`,
      });
    }
  }

  errors.sort((a, b) => a.index - b.index);
  report.failed = errors.length;
  for (const error of errors) if (error.type) countByType(report, error.type, 'failed');
  const row = await repository.insertImport(ctx.db, {
    createdBy: user.id,
    via,
    status: 'complete',
    totalCount: objects.length,
    report,
    successes: [
      ...kept.map((object): StatusDetails => ({
        id: object.id,
        ...(object.version ? { version: object.version } : {}),
        message: outcome.get(object)!,
      })),
      ...read.skippedObjects.map((object): StatusDetails => ({
        id: object.id,
        message: `skipped: ${object.reason}`,
      })),
    ],
    failures: errors.map((error) => ({ id: error.id ?? `objects[${error.index}]`, message: error.message })),
    completedAt: new Date(),
  });
  report.importId = row.id;
  return { report, row };
}

/** Counts one object's outcome under its type (what the import dialog links to, type by type). */
function countByType(report: StixImportReport, type: string, outcome: keyof StixImportTypeCounts): void {
  const counts = (report.byType[type] ??= { imported: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 });
  counts[outcome] += 1;
}

/** Records written per transaction during an import. */
const IMPORT_BATCH = 250;

async function upsertRecords(
  ctx: AppContext,
  user: UserRow,
  candidates: ImportCandidate[],
  report: StixImportReport,
  fail: (candidate: ImportCandidate, message: string) => void,
  saved: (candidate: ImportCandidate, threatId: string) => void,
): Promise<void> {
  const idTaken = (candidate: ImportCandidate) =>
    fail(candidate, `Another record already uses the id ${candidate.record.id}`);
  for (let start = 0; start < candidates.length; start += IMPORT_BATCH) {
    const batch = candidates.slice(start, start + IMPORT_BATCH);
    // A record's id comes from its STIX id's uuid, so `report--X` and `indicator--X` would claim the same one.
    const owners = await repository.stixIdsOf(
      ctx.db,
      batch.map((candidate) => candidate.record.id),
    );
    const ready = batch.filter((candidate) => {
      const owner = owners.get(candidate.record.id);
      if (owner === undefined || owner === candidate.record.stixId) return true;
      idTaken(candidate);
      return false;
    });
    const rows = ready.map((candidate) => ({ ...candidate.record, createdBy: user.id }));
    const results =
      (await repository.upsertBatchByStixId(ctx.db, rows)) ??
      // Claimed meanwhile, or twice within this batch: one by one, so only the clashing record fails.
      (await sequentially(rows, (row) => repository.upsertByStixId(ctx.db, row)));
    for (const [position, { outcome, row }] of results.entries()) {
      const candidate = ready[position]!;
      if (outcome === 'idTaken') {
        idTaken(candidate);
        continue;
      }
      saved(candidate, candidate.record.id);
      if (outcome === 'imported') report.records.imported += 1;
      if (outcome === 'updated') report.records.updated += 1;
      if (outcome === 'imported' && row) await announce(ctx, row);
    }
  }
}

async function sequentially<T, R>(items: T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const item of items) results.push(await run(item));
  return results;
}

function toSummary(row: StixImportRow): StixImportSummary {
  return {
    id: row.id,
    via: row.via as StixImportSummary['via'],
    createdAt: row.createdAt.toISOString(),
    totalCount: row.totalCount,
    report: {
      ...(row.report as StixImportReport),
      // Imports from before the counts by type were kept have none.
      byType: (row.report as Partial<StixImportReport>).byType ?? {},
      importId: row.id,
    },
  };
}

/** `GET /api/threat-intelligence/imports/latest` (Directors): the last import, whoever made it, or null. */
export async function latestImport(ctx: AppContext): Promise<StixImportSummary | null> {
  const row = await repository.latestImport(ctx.db);
  return row ? toSummary(row) : null;
}

/** An import as its maker may read it again (the TAXII status resource); null for anyone else or no such id. */
export async function findImport(ctx: AppContext, user: UserRow, id: string): Promise<StixImportRow | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const row = await repository.findImport(ctx.db, id);
  return row && row.createdBy === user.id ? row : null;
}

/** STIX object versions `reader` may read that match a TAXII query (see `repository.queryObjects`). */
export async function queryObjects(
  ctx: AppContext,
  reader: UserRow,
  query: Omit<ObjectQuery, 'gate'>,
): Promise<StixObjectRow[]> {
  await materializeRecords(ctx);
  return repository.queryObjects(ctx.db, { ...query, gate: readerGate(reader) });
}
