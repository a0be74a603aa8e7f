import { createHash, randomUUID } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
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
  type ThreatCategory,
  type ThreatSeverity,
  type TlpLevel,
} from '../../../contract/threats.js';

/*
 * STIX 2.1 mapping of threat records. Pure functions: the service reads and writes the database around them.
 *
 * A record travels as one `report` that refers to one `indicator` per indicator and one `course-of-action` per
 * mitigation, in the record's order (object_refs keeps it), marked with the official TLP 2.0 marking definition,
 * and created by an `identity` named after the record's source. The fields STIX has no place for ride in custom
 * `x_intel_` properties. A record imported from a standalone indicator goes back out as that indicator.
 */

/** A threat record as it crosses into or out of STIX. */
export interface StixRecord {
  id: string;
  stixId: string;
  source: string;
  category: ThreatCategory;
  severity: ThreatSeverity;
  title: string;
  description: string;
  indicators: string[];
  mitigations: string[];
  tlp: TlpLevel;
  createdAt: Date;
  modifiedAt: Date;
}

/** The official TLP 2.0 marking definitions (OASIS cti-stix-common-objects; FIRST TLP 2.0). */
export const TLP2_EXTENSION_ID = 'extension-definition--60a3c5c5-0d10-413e-aab3-9e08dde9e88d';
export const TLP2_MARKING_IDS: Readonly<Record<TlpLevel, string>> = {
  CLEAR: 'marking-definition--94868c89-83c2-464b-929b-a1a8aa3c8487',
  GREEN: 'marking-definition--bab4a63c-aed9-4cf5-a766-dfca5abac2bb',
  AMBER: 'marking-definition--55d920b0-5e8b-4f79-9ee9-91f868d9b421',
  'AMBER+STRICT': 'marking-definition--939a9414-2ddd-4d32-a0cd-375ea402b003',
  RED: 'marking-definition--e828b379-4e03-4974-9ac4-e53a884c97c1',
};
const TLP2_CREATED = '2022-10-01T00:00:00.000Z';

/** The STIX 2.1 specification's own TLP 1.0 markings, which older feeds still send. WHITE became CLEAR. */
export const TLP1_MARKING_IDS: Readonly<Record<string, TlpLevel>> = {
  'marking-definition--613f2e26-407d-48c7-9eca-b8e91df99dc9': 'CLEAR',
  'marking-definition--34098fce-860f-48ae-8e50-ebd3cc5e41da': 'GREEN',
  'marking-definition--f88d31f6-486f-44da-b317-01333bde0b82': 'AMBER',
  'marking-definition--5e57c739-391a-4eb3-b6be-7d15ca92d5ed': 'RED',
};

const TLP_BY_MARKING_ID: ReadonlyMap<string, TlpLevel> = new Map([
  ...Object.entries(TLP2_MARKING_IDS).map(([level, id]) => [id, level as TlpLevel] as const),
  ...Object.entries(TLP1_MARKING_IDS),
]);

export function tlpMarkingDefinition(level: TlpLevel): StixObject {
  return {
    type: 'marking-definition',
    spec_version: '2.1',
    id: TLP2_MARKING_IDS[level],
    created: TLP2_CREATED,
    name: `TLP:${level}`,
    extensions: {
      [TLP2_EXTENSION_ID]: { extension_type: 'property-extension', tlp_2_0: level.toLowerCase() },
    },
  };
}

/** Our own namespace for name-based (v5) ids, so a record exports with the same ids every time. */
const ID_NAMESPACE = '3c7f0f5e-6a51-4a8e-9d0b-5f6c2b1e9a47';

/** RFC 4122 version 5 (SHA-1, name-based) UUID. */
export function uuidV5(name: string, namespace: string = ID_NAMESPACE): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Indicator values <-> STIX patterns

export type IndicatorKind =
  'ipv4-addr' | 'ipv6-addr' | 'url' | 'email-addr' | 'md5' | 'sha1' | 'sha256' | 'domain-name' | 'other';

const HEX = /^[0-9a-f]+$/i;
const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\/[^\s]+$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN =
  /^(?=.{1,253}$)(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?\.)+(?:[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?)$/i;

function withPrefix(value: string, test: (address: string) => boolean, maxPrefix: number): boolean {
  const [address, prefix, ...rest] = value.split('/');
  if (rest.length || !address || !test(address)) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
}

export function indicatorKind(value: string): IndicatorKind {
  if (withPrefix(value, isIPv4, 32)) return 'ipv4-addr';
  if (withPrefix(value, isIPv6, 128)) return 'ipv6-addr';
  if (HEX.test(value)) {
    if (value.length === 32) return 'md5';
    if (value.length === 40) return 'sha1';
    if (value.length === 64) return 'sha256';
  }
  if (URL_LIKE.test(value)) return 'url';
  if (EMAIL.test(value)) return 'email-addr';
  if (DOMAIN.test(value)) return 'domain-name';
  return 'other';
}

const PATTERN_PATH: Record<IndicatorKind, string> = {
  'ipv4-addr': 'ipv4-addr:value',
  'ipv6-addr': 'ipv6-addr:value',
  url: 'url:value',
  'email-addr': 'email-addr:value',
  md5: "file:hashes.'MD5'",
  sha1: "file:hashes.'SHA-1'",
  sha256: "file:hashes.'SHA-256'",
  'domain-name': 'domain-name:value',
  other: 'x-intel-indicator:value',
};

/** STIX patterning string literal: quotes and backslashes are escaped with a backslash. */
function quote(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

export function indicatorPattern(value: string): string {
  return `[${PATTERN_PATH[indicatorKind(value)]} = ${quote(value)}]`;
}

const SIMPLE_COMPARISON = /^\[\s*([a-z0-9][a-z0-9-]*):([a-z0-9_.'-]+?)\s*=\s*'((?:[^'\\]|\\[\\'])*)'\s*\]$/i;

/**
 * The value of a pattern that compares one property for equality (`[domain-name:value = 'evil.example']`), the
 * shape this feed writes and most feeds use for atomic indicators; null for anything richer.
 */
export function patternValue(pattern: string): string | null {
  const match = SIMPLE_COMPARISON.exec(pattern.trim());
  if (!match) return null;
  return match[3]!.replace(/\\([\\'])/g, '$1');
}

// ---------------------------------------------------------------------------------------------------------------
// Export

const iso = (date: Date) => date.toISOString();

/**
 * The report's id: its own STIX id when that names a report, else one made from the record's id (a record that
 * came in as a standalone indicator and has since gained more indicators goes out as a report).
 */
export function reportId(record: Pick<StixRecord, 'id' | 'stixId'>): string {
  return record.stixId.startsWith('report--') ? record.stixId : `report--${record.id}`;
}

export function sourceIdentityId(source: string): string {
  return `identity--${uuidV5(`source:${source}`)}`;
}

/** The report, its indicators and its courses of action (not the shared identities and marking definitions). */
export function recordToStix(record: StixRecord): StixObject[] {
  const id = reportId(record);
  const created = iso(record.createdAt);
  const modified = iso(record.modifiedAt);
  const marking = [TLP2_MARKING_IDS[record.tlp]];
  const createdBy = sourceIdentityId(record.source);
  const common = {
    spec_version: '2.1',
    created,
    modified,
    created_by_ref: createdBy,
    object_marking_refs: marking,
  };
  const [onlyIndicator] = record.indicators;
  if (
    record.stixId.startsWith('indicator--') &&
    onlyIndicator !== undefined &&
    record.indicators.length === 1
  ) {
    // It came in as an indicator of its own; it goes out as one, under its own id, so a round trip keeps it.
    return [
      {
        type: 'indicator',
        id: record.stixId,
        ...common,
        name: record.title,
        description: record.description,
        pattern: indicatorPattern(onlyIndicator),
        pattern_type: 'stix',
        pattern_version: '2.1',
        valid_from: created,
        labels: [record.category],
        x_intel_source: record.source,
        x_intel_severity: record.severity,
        x_intel_category: record.category,
      },
    ];
  }
  const indicators = record.indicators.map((value) => ({
    type: 'indicator',
    id: `indicator--${uuidV5(`${id}|indicator|${value}`)}`,
    ...common,
    name: value,
    pattern: indicatorPattern(value),
    pattern_type: 'stix',
    pattern_version: '2.1',
    valid_from: created,
  }));
  const courses = record.mitigations.map((text) => ({
    type: 'course-of-action',
    id: `course-of-action--${uuidV5(`${id}|course-of-action|${text}`)}`,
    ...common,
    name: text,
  }));
  const refs = [...indicators, ...courses].map((object) => object.id);
  const report = {
    type: 'report',
    id,
    ...common,
    name: record.title,
    description: record.description,
    published: created,
    report_types: ['threat-report'],
    labels: [record.category],
    // A report must refer to at least one object: one with neither indicators nor mitigations names its source.
    object_refs: refs.length ? refs : [createdBy],
    x_intel_source: record.source,
    x_intel_severity: record.severity,
    x_intel_category: record.category,
  };
  return [report, ...indicators, ...courses];
}

/** A bundle of the records with the identities and TLP marking definitions they refer to. */
export function recordsToBundle(records: StixRecord[], bundleId = `bundle--${randomUUID()}`): StixBundle {
  const levels = TLP_LEVELS.filter((level) => records.some((record) => record.tlp === level));
  const sources = [...new Set(records.map((record) => record.source))];
  const identities = sources.map((source) => ({
    type: 'identity',
    spec_version: '2.1',
    id: sourceIdentityId(source),
    created: TLP2_CREATED,
    modified: TLP2_CREATED,
    name: source,
    identity_class: 'organization',
  }));
  return {
    type: 'bundle',
    id: bundleId,
    objects: [...levels.map(tlpMarkingDefinition), ...identities, ...records.flatMap(recordToStix)],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Import

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

/** What a marking definition sent in the bundle says about TLP, if anything. */
function tlpOfDefinition(definition: StixObject): TlpLevel | null {
  const extension = (definition.extensions as Record<string, { tlp_2_0?: unknown }> | undefined)?.[
    TLP2_EXTENSION_ID
  ];
  const tlp2 = typeof extension?.tlp_2_0 === 'string' ? extension.tlp_2_0.toUpperCase() : null;
  if (tlp2 && (TLP_LEVELS as readonly string[]).includes(tlp2)) return tlp2 as TlpLevel;
  const tlp1 = (definition.definition as { tlp?: unknown } | undefined)?.tlp;
  if (definition.definition_type === 'tlp' && typeof tlp1 === 'string') {
    const level = tlp1.toUpperCase() === 'WHITE' ? 'CLEAR' : tlp1.toUpperCase();
    if ((TLP_LEVELS as readonly string[]).includes(level)) return level as TlpLevel;
  }
  const named = typeof definition.name === 'string' ? /^TLP:\s*(.+)$/i.exec(definition.name.trim()) : null;
  const level = named?.[1]!.toUpperCase() === 'WHITE' ? 'CLEAR' : named?.[1]!.toUpperCase();
  return level && (TLP_LEVELS as readonly string[]).includes(level) ? (level as TlpLevel) : null;
}

/** The most restrictive TLP among the object's markings; the default when it carries none. */
function tlpOf(object: StixObject, byId: ReadonlyMap<string, StixObject>): TlpLevel {
  let found: TlpLevel | null = null;
  for (const ref of stringList(object, 'object_marking_refs')) {
    const definition = byId.get(ref);
    const level =
      TLP_BY_MARKING_ID.get(ref) ??
      (definition?.type === 'marking-definition' ? tlpOfDefinition(definition) : null);
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
