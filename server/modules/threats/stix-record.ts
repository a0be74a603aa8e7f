import type { ThreatCategory, ThreatSeverity, TlpLevel } from '../../../contract/threats.js';

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
