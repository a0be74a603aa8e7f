import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import {
  normalizeIndicator,
  THREAT_LIMITS,
  TLP_DIRECTOR_ONLY,
  type CreateThreatInput,
  type StixBundle,
  type StixImportReport,
  type Threat,
  type ThreatCategory,
  type ThreatSeverity,
  type threatsExportQuerySchema,
  type threatsQuerySchema,
  type TlpLevel,
} from '../../../contract/threats.js';
import type { AppContext } from '../../infra/context.js';
import type { UserRow } from '../../db/schema/users.js';
import { recordsToBundle } from './stix-export.js';
import { bundleToRecords, type ImportCandidate } from './stix-import.js';
import type { StixRecord } from './stix-record.js';
import * as repository from './threats.repository.js';
import type { ThreatRow } from './threats.repository.js';

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
  const rows = await repository.findByIndicators(ctx.db, wanted, hiddenTlpFor(viewerTier), MAX_MATCHES);
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
    { category: query.category, severity: query.severity, hiddenTlp: hiddenTlpFor(user.tier) },
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
  const row = await repository.insertThreat(ctx.db, {
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

/** `GET /api/threat-intelligence/export`: what the reader may list, as a STIX 2.1 bundle. */
export async function exportStixBundle(
  ctx: AppContext,
  user: UserRow,
  query: ExportQuery,
): Promise<StixBundle> {
  const rows = await repository.listThreats(
    ctx.db,
    { category: query.category, severity: query.severity, hiddenTlp: hiddenTlpFor(user.tier) },
    query.limit,
  );
  return recordsToBundle(rows.map(toStixRecord));
}

function toStixRecord(row: ThreatRow): StixRecord {
  return { ...row, stixId: row.stixId ?? `report--${row.id}` };
}

/** Records written per transaction during an import. */
const IMPORT_BATCH = 250;

/**
 * Imports a STIX 2.1 bundle (already checked for shape): every report, and every indicator no report refers to,
 * becomes one record, inserted under its STIX id or replacing an older version of it. Objects that cannot be
 * read or stored are reported by position and the rest still go in, so a re-run of the same bundle skips
 * everything that already went in. Callers check the importer is a Director.
 */
export async function importStixBundle(
  ctx: AppContext,
  user: UserRow,
  bundle: StixBundle,
): Promise<StixImportReport> {
  const parsed = bundleToRecords(bundle);
  const report: StixImportReport = {
    imported: 0,
    updated: 0,
    skipped: parsed.revoked,
    failed: 0,
    errors: [...parsed.errors],
  };
  const idTaken = (candidate: ImportCandidate) =>
    report.errors.push({
      index: candidate.index,
      id: candidate.id,
      type: candidate.type,
      error: `Another record already uses the id ${candidate.record.id}`,
    });

  for (let start = 0; start < parsed.candidates.length; start += IMPORT_BATCH) {
    const batch = parsed.candidates.slice(start, start + IMPORT_BATCH);
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
      if (outcome === 'idTaken') {
        idTaken(ready[position]!);
        continue;
      }
      report[outcome] += 1;
      if (outcome === 'imported' && row) await announce(ctx, row);
    }
  }
  report.failed = report.errors.length;
  report.errors.sort((a, b) => a.index - b.index);
  return report;
}

async function sequentially<T, R>(items: T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const item of items) results.push(await run(item));
  return results;
}
