import { createHash, randomUUID } from 'node:crypto';
import { TLP_LEVELS, type StixBundle, type StixObject, type TlpLevel } from '../../../contract/threats.js';
import { TLP2_CREATED, TLP2_MARKING_IDS, tlpMarkingDefinition } from './stix-markings.js';
import { indicatorPattern } from './stix-patterns.js';
import type { StixRecord } from './stix-record.js';

/* Export: threat records into a STIX 2.1 bundle, with the same ids every time. */

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

/** The firm itself, as STIX names it: where its sightings were seen and who recorded them. */
export const FIRM_NAME = 'Intel Portal';
export const FIRM_IDENTITY_ID = `identity--${uuidV5('firm')}`;

export function firmIdentity(): StixObject {
  return {
    type: 'identity',
    spec_version: '2.1',
    id: FIRM_IDENTITY_ID,
    created: TLP2_CREATED,
    modified: TLP2_CREATED,
    name: FIRM_NAME,
    identity_class: 'organization',
  };
}

/** What a sighting records: which indicator, seen when, under which marking; `key` makes its id the same each time. */
export interface SightingInput {
  key: string;
  indicatorStixId: string;
  seenAt: Date;
  tlp: TlpLevel;
}

/**
 * A STIX 2.1 sighting of an indicator by the firm (one observable on one case): `where_sighted_refs` the firm's
 * identity, `count` 1, first and last seen when the observable was recorded. Its id is derived from `key`, so
 * recording the same match twice makes the same object.
 */
export function sightingObject(input: SightingInput): StixObject {
  const at = iso(input.seenAt);
  return {
    type: 'sighting',
    spec_version: '2.1',
    id: `sighting--${uuidV5(`sighting|${input.key}`)}`,
    created: at,
    modified: at,
    created_by_ref: FIRM_IDENTITY_ID,
    sighting_of_ref: input.indicatorStixId,
    where_sighted_refs: [FIRM_IDENTITY_ID],
    count: 1,
    first_seen: at,
    last_seen: at,
    object_marking_refs: [TLP2_MARKING_IDS[input.tlp]],
  };
}
