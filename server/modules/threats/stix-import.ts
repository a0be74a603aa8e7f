import {
  normalizeIndicator,
  STIX_ID,
  THREAT_CATEGORIES,
  THREAT_LIMITS,
  THREAT_SEVERITIES,
  TLP_DEFAULT,
  TLP_LEVELS,
  type StixImportError,
  type TlpLevel,
} from '../../../contract/threats.js';
import { tlpOfMarking, WELL_KNOWN_MARKING_IDS } from './stix-markings.js';
import { parsePattern, patternIndicators } from './stix-patterns.js';
import type { StixRecord } from './stix-record.js';

/*
 * Import: a STIX 2.1 bundle read object by object (decision 016). Every object that passes its checks is kept whole,
 * exactly as sent; reports, and indicators no report refers to, also become threat records, whose indicators are a
 * separate normalised form for matching. Nothing here rewrites an object.
 */

type Json = Record<string, unknown>;

/** One valid object of the bundle, ready to be stored as it came. */
export interface ReadObject {
  index: number;
  id: string;
  type: string;
  /** `modified`, else `created`, exactly as given; null for an object with neither (most SCOs). */
  version: string | null;
  /** The version as a time; the epoch when there is none, so an unversioned object has one version. */
  modifiedAt: Date;
  specVersion: string;
  /** The object's own marking (most restrictive), or the default. */
  tlp: TlpLevel;
  object: Json;
}

/** A threat record read from a report or a standalone indicator, with every object it travels with. */
export interface ImportCandidate {
  index: number;
  id: string;
  type: string;
  record: StixRecord;
  /** STIX ids of the record's own object, what it refers to (transitively) and relationships touching those. */
  members: string[];
}

export interface ReadBundle {
  objects: ReadObject[];
  candidates: ImportCandidate[];
  errors: StixImportError[];
  skipped: Record<string, number>;
  skippedReasons: Record<string, string>;
  /** The skipped objects themselves, for the TAXII status resource. */
  skippedObjects: { index: number; id: string; type: string; reason: string }[];
  /** Referenced ids the bundle does not hold, with the positions of the objects referring to them. */
  missingRefs: Map<string, number[]>;
}

export const SKIP_REASONS = {
  revoked: 'revoked by its producer: a withdrawn object is not kept',
} as const;

/** STIX Cyber-observable Object types (specification section 6): spec_version is optional on them. */
const SCO_TYPES = new Set([
  'artifact',
  'autonomous-system',
  'directory',
  'domain-name',
  'email-addr',
  'email-message',
  'file',
  'ipv4-addr',
  'ipv6-addr',
  'mac-addr',
  'mutex',
  'network-traffic',
  'process',
  'software',
  'url',
  'user-account',
  'windows-registry-key',
  'x509-certificate',
]);

const TYPE = /^[a-z0-9][a-z0-9-]{0,249}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const EPOCH = new Date(0);

class ObjectError extends Error {}

function isJsonObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function timestampOf(object: Json, property: string, required: boolean): Date | null {
  const value = object[property];
  if (value === undefined) {
    if (required) throw new ObjectError(`${property} is missing`);
    return null;
  }
  const date = typeof value === 'string' && TIMESTAMP.test(value) ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) {
    throw new ObjectError(`${property} must be a UTC timestamp such as 2026-01-31T12:00:00.000Z`);
  }
  return date;
}

function requiredString(object: Json, property: string): string {
  const value = object[property];
  if (typeof value !== 'string' || !value.trim()) throw new ObjectError(`${property} is missing`);
  return value;
}

function isStixId(value: unknown): value is string {
  return typeof value === 'string' && STIX_ID.test(value);
}

/** Every id the object refers to: `*_ref` strings and `*_refs` lists, nested ones too (granular markings). */
function referencesOf(object: Json): string[] {
  const found: string[] = [];
  const stack: unknown[] = [object];
  while (stack.length) {
    const current = stack.pop();
    if (Array.isArray(current)) {
      stack.push(...current);
      continue;
    }
    if (!isJsonObject(current)) continue;
    for (const [key, value] of Object.entries(current)) {
      if (key.endsWith('_ref')) {
        if (!isStixId(value)) throw new ObjectError(`${key} must be a STIX id (<type>--<uuid>)`);
        found.push(value);
      } else if (key.endsWith('_refs')) {
        if (!Array.isArray(value) || !value.every(isStixId)) {
          throw new ObjectError(`${key} must be a list of STIX ids (<type>--<uuid>)`);
        }
        found.push(...value);
      } else if (typeof value === 'object' && value !== null) stack.push(value);
    }
  }
  return found;
}

/** A NUL, or half a surrogate pair: JSON carries both, PostgreSQL stores neither. */
const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function hasUnstorableText(value: unknown): boolean {
  const stack = [value];
  while (stack.length) {
    const current = stack.pop();
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) return true;
    } else if (Array.isArray(current)) stack.push(...current);
    else if (isJsonObject(current)) {
      for (const [key, child] of Object.entries(current)) {
        if (UNSTORABLE.test(key)) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/** The checks one object must pass to be kept; what they find wrong is the object's error. */
function checkObject(object: Json): void {
  // PostgreSQL keeps no NUL character in jsonb; JSON allows one, so it is this object's error, not the import's.
  if (hasUnstorableText(object))
    throw new ObjectError('Text must not contain NUL characters or unpaired surrogates');
  if (object.type === 'bundle') throw new ObjectError('A bundle cannot be an object of a bundle');
  const spec = object.spec_version;
  if (spec === undefined) {
    if (!SCO_TYPES.has(object.type as string))
      throw new ObjectError('spec_version is missing (STIX 2.1 needs "2.1")');
  } else if (spec !== '2.1') {
    throw new ObjectError(
      `spec_version "${String(spec).slice(0, 20)}" is not supported: this server reads STIX 2.1`,
    );
  }
  const sco = SCO_TYPES.has(object.type as string);
  const created = timestampOf(object, 'created', !sco);
  const modified = timestampOf(object, 'modified', !sco && object.type !== 'marking-definition');
  if (created && modified && modified < created) throw new ObjectError('modified is earlier than created');
  referencesOf(object);
  switch (object.type) {
    case 'indicator': {
      const pattern = requiredString(object, 'pattern');
      const patternType = requiredString(object, 'pattern_type');
      const validFrom = timestampOf(object, 'valid_from', true)!;
      const validUntil = timestampOf(object, 'valid_until', false);
      if (validUntil && validUntil <= validFrom)
        throw new ObjectError('valid_until must be later than valid_from');
      if (patternType === 'stix') {
        const parsed = parsePattern(pattern);
        if (!parsed.ok) throw new ObjectError(`pattern does not parse: ${parsed.error}`);
      }
      break;
    }
    case 'report': {
      requiredString(object, 'name');
      timestampOf(object, 'published', true);
      if (!Array.isArray(object.object_refs) || object.object_refs.length === 0) {
        throw new ObjectError('object_refs must list at least one object');
      }
      break;
    }
    case 'relationship':
      requiredString(object, 'relationship_type');
      if (!isStixId(object.source_ref)) throw new ObjectError('source_ref is missing');
      if (!isStixId(object.target_ref)) throw new ObjectError('target_ref is missing');
      break;
    case 'sighting':
      if (!isStixId(object.sighting_of_ref)) throw new ObjectError('sighting_of_ref is missing');
      break;
  }
}

function identify(value: unknown): { id?: string; type?: string; error?: string } {
  if (!isJsonObject(value)) return { error: 'Each object must be a JSON object' };
  const type = typeof value.type === 'string' ? value.type : undefined;
  const id = typeof value.id === 'string' ? value.id.slice(0, 300) : undefined;
  if (type === undefined) return { id, error: 'Every object needs a type' };
  if (!TYPE.test(type)) return { id, error: 'An object type is lower-case letters, digits and hyphens' };
  if (id === undefined) return { type, error: 'Every object needs an id' };
  const match = STIX_ID.exec(id);
  if (!match) {
    return { id, type, error: `Object id "${id.slice(0, 80)}" is not <type>--<uuid>` };
  }
  if (match[1] !== type) return { id, type, error: `Object id "${id}" does not match its type "${type}"` };
  return { id, type };
}

/** The most restrictive TLP among the object's markings; the default when it carries none. */
function tlpOf(object: Json, byId: ReadonlyMap<string, ReadObject>): TlpLevel {
  let found: TlpLevel | null = null;
  const refs = Array.isArray(object.object_marking_refs) ? (object.object_marking_refs as string[]) : [];
  for (const ref of refs) {
    const level = tlpOfMarking(ref, byId.get(ref)?.object);
    if (level && (!found || TLP_LEVELS.indexOf(level) > TLP_LEVELS.indexOf(found))) found = level;
  }
  return found ?? TLP_DEFAULT;
}

function vocabulary<T extends string>(object: Json, property: string, values: readonly T[], fallback: T): T {
  const given = object[property];
  if (typeof given === 'string' && (values as readonly string[]).includes(given)) return given as T;
  const labels = Array.isArray(object.labels) ? object.labels : [];
  const label = labels.find(
    (item): item is string => typeof item === 'string' && (values as readonly string[]).includes(item),
  );
  return (label as T | undefined) ?? fallback;
}

function sourceOf(object: Json, byId: ReadonlyMap<string, ReadObject>): string {
  if (typeof object.x_intel_source === 'string' && object.x_intel_source.trim()) {
    return clip(object.x_intel_source.trim(), THREAT_LIMITS.source);
  }
  const creator = byId.get(typeof object.created_by_ref === 'string' ? object.created_by_ref : '')?.object;
  if (creator?.type === 'identity' && typeof creator.name === 'string' && creator.name.trim()) {
    return clip(creator.name.trim(), THREAT_LIMITS.source);
  }
  return 'STIX import';
}

/** The normalised values an indicator's pattern looks for: the matching form, never written back. */
function indicatorValues(indicator: Json): string[] {
  if (indicator.pattern_type !== 'stix' || typeof indicator.pattern !== 'string') return [];
  const parsed = parsePattern(indicator.pattern);
  return parsed.ok ? patternIndicators(parsed.comparisons, normalizeIndicator) : [];
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function uuidOf(stixId: string): string {
  return STIX_ID.exec(stixId)![2]!.toLowerCase();
}

function reportRecord(report: ReadObject, byId: ReadonlyMap<string, ReadObject>): StixRecord {
  const object = report.object;
  const name = (object.name as string).trim();
  const indicators: string[] = [];
  const mitigations: string[] = [];
  for (const ref of object.object_refs as string[]) {
    const target = byId.get(ref)?.object;
    if (target?.type === 'indicator') indicators.push(...indicatorValues(target));
    else if (target?.type === 'course-of-action' && typeof target.name === 'string') {
      mitigations.push(clip(target.name, THREAT_LIMITS.mitigation));
    }
  }
  const description = typeof object.description === 'string' ? object.description.trim() : '';
  return {
    id: uuidOf(report.id),
    stixId: report.id,
    source: sourceOf(object, byId),
    category: vocabulary(object, 'x_intel_category', THREAT_CATEGORIES, 'cyber'),
    severity: vocabulary(object, 'x_intel_severity', THREAT_SEVERITIES, 'medium'),
    title: clip(name, THREAT_LIMITS.title),
    description: clip(
      description || `Report imported from a STIX bundle: ${name}`,
      THREAT_LIMITS.description,
    ),
    indicators: [...new Set(indicators)],
    mitigations: [...new Set(mitigations)],
    tlp: report.tlp,
    createdAt: new Date(object.created as string),
    modifiedAt: report.modifiedAt,
  };
}

function indicatorRecord(indicator: ReadObject, byId: ReadonlyMap<string, ReadObject>): StixRecord {
  const object = indicator.object;
  const values = indicatorValues(object);
  const pattern = object.pattern as string;
  const name = typeof object.name === 'string' ? object.name.trim() : '';
  const description = typeof object.description === 'string' ? object.description.trim() : '';
  return {
    id: uuidOf(indicator.id),
    stixId: indicator.id,
    source: sourceOf(object, byId),
    category: vocabulary(object, 'x_intel_category', THREAT_CATEGORIES, 'cyber'),
    severity: vocabulary(object, 'x_intel_severity', THREAT_SEVERITIES, 'medium'),
    title: clip(name || `Indicator ${values[0] ?? pattern}`, THREAT_LIMITS.title),
    description: clip(
      description || `Indicator imported from a STIX bundle: ${pattern}`,
      THREAT_LIMITS.description,
    ),
    indicators: values,
    mitigations: [],
    tlp: indicator.tlp,
    createdAt: new Date(object.created as string),
    modifiedAt: indicator.modifiedAt,
  };
}

/** Relationship-like objects by the ids they connect, so a record also carries what is said about its objects. */
function connections(objects: Iterable<ReadObject>): Map<string, string[]> {
  const byEnd = new Map<string, string[]>();
  for (const { id, object } of objects) {
    if (object.type !== 'relationship' && object.type !== 'sighting') continue;
    const ends = [object.source_ref, object.target_ref, object.sighting_of_ref].filter(isStixId);
    for (const end of ends) byEnd.set(end, [...(byEnd.get(end) ?? []), id]);
  }
  return byEnd;
}

function membersOf(
  root: string,
  byId: ReadonlyMap<string, ReadObject>,
  byEnd: Map<string, string[]>,
): string[] {
  const members = new Set<string>([root]);
  const queue = [root];
  while (queue.length) {
    const id = queue.pop()!;
    const found = byId.get(id);
    const next = [...(found ? referencesOf(found.object) : []), ...(byEnd.get(id) ?? [])];
    for (const ref of next) {
      if (members.has(ref)) continue;
      members.add(ref);
      queue.push(ref);
    }
  }
  return [...members];
}

/**
 * Reads a bundle's objects (the bundle itself already checked): each valid object to be kept as it is, each
 * invalid one as an error with its position, revoked ones counted as skipped; then the records (every report, every
 * indicator no report of the bundle refers to) with the objects each travels with.
 */
export function readBundle(objects: readonly unknown[]): ReadBundle {
  const result: ReadBundle = {
    objects: [],
    candidates: [],
    errors: [],
    skipped: {},
    skippedReasons: {},
    skippedObjects: [],
    missingRefs: new Map(),
  };
  objects.forEach((value, index) => {
    const { id, type, error } = identify(value);
    if (error) {
      result.errors.push({ index, ...(id ? { id } : {}), ...(type ? { type } : {}), message: error });
      return;
    }
    const object = value as Json;
    try {
      checkObject(object);
    } catch (caught) {
      if (!(caught instanceof ObjectError)) throw caught;
      result.errors.push({ index, id, type, message: caught.message });
      return;
    }
    if (object.revoked === true) {
      result.skipped[type!] = (result.skipped[type!] ?? 0) + 1;
      result.skippedReasons[type!] = SKIP_REASONS.revoked;
      result.skippedObjects.push({ index, id: id!, type: type!, reason: SKIP_REASONS.revoked });
      return;
    }
    const version =
      typeof object.modified === 'string'
        ? object.modified
        : typeof object.created === 'string'
          ? object.created
          : null;
    result.objects.push({
      index,
      id: id!,
      type: type!,
      version,
      modifiedAt: version ? new Date(version) : EPOCH,
      specVersion: typeof object.spec_version === 'string' ? object.spec_version : '2.1',
      tlp: TLP_DEFAULT,
      object,
    });
  });

  // References mean an object's latest version in the bundle.
  const byId = new Map<string, ReadObject>();
  for (const read of result.objects) {
    const seen = byId.get(read.id);
    if (!seen || read.modifiedAt >= seen.modifiedAt) byId.set(read.id, read);
  }
  for (const read of result.objects) read.tlp = tlpOf(read.object, byId);
  for (const read of result.objects) {
    for (const ref of referencesOf(read.object)) {
      if (byId.has(ref) || WELL_KNOWN_MARKING_IDS.has(ref)) continue;
      const referrers = result.missingRefs.get(ref) ?? [];
      if (!referrers.includes(read.index)) referrers.push(read.index);
      result.missingRefs.set(ref, referrers);
    }
  }

  const inReports = new Set(
    [...byId.values()]
      .filter((read) => read.type === 'report')
      .flatMap((read) => read.object.object_refs as string[]),
  );
  const byEnd = connections(byId.values());
  for (const read of byId.values()) {
    const standalone = read.type === 'indicator' && !inReports.has(read.id);
    if (read.type !== 'report' && !standalone) continue;
    const record = read.type === 'report' ? reportRecord(read, byId) : indicatorRecord(read, byId);
    result.candidates.push({
      index: read.index,
      id: read.id,
      type: read.type,
      record,
      members: membersOf(read.id, byId, byEnd),
    });
  }
  result.errors.sort((a, b) => a.index - b.index);
  return result;
}
