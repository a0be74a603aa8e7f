import {
  createThreatRequestSchema,
  STIX_ID,
  THREAT_CATEGORIES,
  THREAT_LIMITS,
  THREAT_SEVERITIES,
  TLP_DEFAULT,
  TLP_LEVELS,
  type StixBundle,
  type StixImportError,
  type StixObject,
  type TlpLevel,
} from '../../../contract/threats.js';
import { tlpOfMarking } from './stix-markings.js';
import { patternValue } from './stix-patterns.js';
import type { StixRecord } from './stix-record.js';

/* Import: a STIX 2.1 bundle into threat records, object by object. */

/** A record read from a bundle, ready to be upserted, and where it came from. */
export interface ImportCandidate {
  index: number;
  id: string;
  type: string;
  record: StixRecord;
}

export interface ParsedBundle {
  candidates: ImportCandidate[];
  errors: StixImportError[];
  /** Revoked objects: a feed withdrawing them is no reason to store them. */
  revoked: number;
}

class ObjectError extends Error {}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

function timestamp(object: StixObject, property: string): Date {
  const value = object[property];
  if (value === undefined) throw new ObjectError(`${property} is missing`);
  const date = typeof value === 'string' && TIMESTAMP.test(value) ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) {
    throw new ObjectError(`${property} must be a timestamp such as 2026-01-31T12:00:00.000Z`);
  }
  return date;
}

function optionalString(object: StixObject, property: string): string | undefined {
  const value = object[property];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new ObjectError(`${property} must be a string`);
  return value;
}

function requireSpecVersion(object: StixObject): void {
  if (object.spec_version === undefined)
    throw new ObjectError('spec_version is missing (STIX 2.1 needs "2.1")');
  if (object.spec_version !== '2.1') throw new ObjectError(`spec_version must be "2.1"`);
}

function stringList(object: StixObject, property: string): string[] {
  const value = object[property];
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw new ObjectError(`${property} must be a list of strings`);
  }
  return value as string[];
}

function uuidOf(stixId: string): string {
  return STIX_ID.exec(stixId)![2]!.toLowerCase();
}

/** The most restrictive TLP among the object's markings; the default when it carries none. */
function tlpOf(object: StixObject, byId: ReadonlyMap<string, StixObject>): TlpLevel {
  let found: TlpLevel | null = null;
  for (const ref of stringList(object, 'object_marking_refs')) {
    const level = tlpOfMarking(ref, byId.get(ref));
    if (level && (!found || TLP_LEVELS.indexOf(level) > TLP_LEVELS.indexOf(found))) found = level;
  }
  return found ?? TLP_DEFAULT;
}

function vocabulary<T extends string>(
  object: StixObject,
  property: string,
  values: readonly T[],
  fallback: T,
): T {
  const given = object[property];
  if (given !== undefined) {
    if (typeof given !== 'string' || !(values as readonly string[]).includes(given)) {
      throw new ObjectError(`${property} must be one of ${values.join(', ')}`);
    }
    return given as T;
  }
  const labels = Array.isArray(object.labels) ? object.labels : [];
  const label = labels.find(
    (item): item is string => typeof item === 'string' && (values as readonly string[]).includes(item),
  );
  return (label as T | undefined) ?? fallback;
}

function sourceOf(object: StixObject, byId: ReadonlyMap<string, StixObject>): string {
  const explicit = optionalString(object, 'x_intel_source');
  if (explicit !== undefined) return explicit;
  const creator = byId.get(optionalString(object, 'created_by_ref') ?? '');
  if (creator?.type === 'identity' && typeof creator.name === 'string') return creator.name;
  return 'STIX import';
}

/** The indicator value an indicator object carries: the compared value of a simple pattern, else the pattern. */
function indicatorValue(indicator: StixObject): string {
  const pattern = indicator.pattern;
  if (typeof pattern !== 'string' || !pattern.trim()) throw new ObjectError('pattern is missing');
  const type = indicator.pattern_type ?? 'stix';
  return (type === 'stix' ? patternValue(pattern) : null) ?? pattern.trim();
}

/** Checks the fields against the same rules as the Add Threat form, so imported records look like typed ones. */
function validated(record: StixRecord): StixRecord {
  const result = createThreatRequestSchema.safeParse(record);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const path = issue.path.join('.');
    throw new ObjectError(path ? `${path}: ${issue.message}` : issue.message);
  }
  return { ...record, ...result.data };
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function reportToRecord(report: StixObject, byId: ReadonlyMap<string, StixObject>): StixRecord {
  requireSpecVersion(report);
  const createdAt = timestamp(report, 'created');
  const modifiedAt = timestamp(report, 'modified');
  const name = optionalString(report, 'name');
  if (name === undefined) throw new ObjectError('name is missing');
  const indicators: string[] = [];
  const mitigations: string[] = [];
  for (const ref of stringList(report, 'object_refs')) {
    const target = byId.get(ref);
    if (target?.type === 'indicator') {
      try {
        indicators.push(indicatorValue(target));
      } catch (error) {
        throw new ObjectError(`indicator ${ref}: ${(error as Error).message}`);
      }
    } else if (target?.type === 'course-of-action') {
      if (typeof target.name !== 'string') throw new ObjectError(`course-of-action ${ref}: name is missing`);
      mitigations.push(target.name);
    }
  }
  const description = optionalString(report, 'description');
  return validated({
    id: uuidOf(report.id),
    stixId: report.id,
    source: sourceOf(report, byId),
    category: vocabulary(report, 'x_intel_category', THREAT_CATEGORIES, 'cyber'),
    severity: vocabulary(report, 'x_intel_severity', THREAT_SEVERITIES, 'medium'),
    title: name,
    description: description?.trim() ? description : `Report imported from a STIX bundle: ${name}`,
    indicators,
    mitigations,
    tlp: tlpOf(report, byId),
    createdAt,
    modifiedAt,
  });
}

/** An indicator no report refers to becomes a record of its own; indicators rarely carry long descriptions. */
function indicatorToRecord(indicator: StixObject, byId: ReadonlyMap<string, StixObject>): StixRecord {
  requireSpecVersion(indicator);
  const createdAt = timestamp(indicator, 'created');
  const modifiedAt = timestamp(indicator, 'modified');
  const value = indicatorValue(indicator);
  const name = optionalString(indicator, 'name')?.trim();
  const description = optionalString(indicator, 'description')?.trim();
  return validated({
    id: uuidOf(indicator.id),
    stixId: indicator.id,
    source: sourceOf(indicator, byId),
    category: vocabulary(indicator, 'x_intel_category', THREAT_CATEGORIES, 'cyber'),
    severity: vocabulary(indicator, 'x_intel_severity', THREAT_SEVERITIES, 'medium'),
    title: clip(name && name.length >= 5 ? name : `Indicator ${value}`, THREAT_LIMITS.title),
    description: clip(
      description && description.length >= 20
        ? description
        : `${description ? `${description}. ` : ''}Indicator imported from a STIX bundle: ${indicator.pattern as string}`,
      THREAT_LIMITS.description,
    ),
    indicators: [value],
    mitigations: [],
    tlp: tlpOf(indicator, byId),
    createdAt,
    modifiedAt,
  });
}

/**
 * Reads a bundle (already checked for shape: a bundle id and well-formed object ids) into records. Every report is
 * a record; so is every indicator no report refers to. An object that cannot become a record is reported by its
 * position and id, and the others still go through.
 */
export function bundleToRecords(bundle: StixBundle): ParsedBundle {
  const byId = new Map<string, StixObject>();
  for (const object of bundle.objects) {
    const seen = byId.get(object.id);
    // A bundle may carry several versions of one object; references mean the latest.
    if (!seen || String(object.modified ?? '') >= String(seen.modified ?? '')) byId.set(object.id, object);
  }
  const referenced = new Set(
    bundle.objects
      .filter((object) => object.type === 'report' && Array.isArray(object.object_refs))
      .flatMap((object) => object.object_refs as unknown[])
      .filter((ref): ref is string => typeof ref === 'string'),
  );

  const parsed: ParsedBundle = { candidates: [], errors: [], revoked: 0 };
  bundle.objects.forEach((object, index) => {
    const standalone = object.type === 'indicator' && !referenced.has(object.id);
    if (object.type !== 'report' && !standalone) return;
    if (object.revoked === true) {
      parsed.revoked += 1;
      return;
    }
    try {
      const record =
        object.type === 'report' ? reportToRecord(object, byId) : indicatorToRecord(object, byId);
      parsed.candidates.push({ index, id: object.id, type: object.type, record });
    } catch (error) {
      if (!(error instanceof ObjectError)) throw error;
      parsed.errors.push({ index, id: object.id, type: object.type, error: error.message });
    }
  });
  return parsed;
}
