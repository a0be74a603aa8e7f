import { z } from 'zod';
import { listQuerySchema } from './lists.js';

export const THREAT_CATEGORIES = ['cyber', 'physical', 'insider', 'external'] as const;
export type ThreatCategory = (typeof THREAT_CATEGORIES)[number];

/** Also the severities of security alerts on the analytics dashboard. */
export const THREAT_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type ThreatSeverity = (typeof THREAT_SEVERITIES)[number];

/**
 * Traffic Light Protocol 2.0 markings, least to most restricted. Users below tier 4 never receive the last two
 * (issue 8): AMBER+STRICT and RED stay with the firm's Directors.
 */
export const TLP_LEVELS = ['CLEAR', 'GREEN', 'AMBER', 'AMBER+STRICT', 'RED'] as const;
export type TlpLevel = (typeof TLP_LEVELS)[number];
export const TLP_DIRECTOR_ONLY: readonly TlpLevel[] = ['AMBER+STRICT', 'RED'];
/** A new record's marking when its author gives none: limited disclosure, the cautious default. */
export const TLP_DEFAULT: TlpLevel = 'AMBER';

/** Limits that keep one record readable and one request cheap. */
export const THREAT_LIMITS = {
  source: 200,
  title: 200,
  description: 10_000,
  indicators: 100,
  indicator: 2_048,
  mitigations: 50,
  mitigation: 1_000,
} as const;

/**
 * Limits of one STIX import, per bundle (never per report field): how many objects and how many bytes. Above either
 * the import is refused whole with 413, before anything is stored.
 */
export const STIX_IMPORT_MAX_OBJECTS = 10_000;
export const STIX_IMPORT_MAX_BYTES = 10 * 1_048_576;

/** `GET /api/threat-intelligence/export` exports up to this many records in one bundle. */
export const STIX_EXPORT_DEFAULT_LIMIT = 1_000;
export const STIX_EXPORT_MAX_LIMIT = 5_000;

const URL_PREFIX = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)(.*)$/is;

/**
 * The stored form of an indicator: trimmed and in lower case, since IP addresses, domains, e-mail addresses and
 * hashes do not depend on case; a threat assessment then matches them exactly, through the GIN index, whatever
 * case a text writes them in. Anything else is lowered too. A URL keeps its path's case, which can matter to the
 * server it names; only its scheme and host are lowered.
 */
export function normalizeIndicator(value: string): string {
  const trimmed = value.trim();
  const url = URL_PREFIX.exec(trimmed);
  if (url) return `${url[1]!.toLowerCase()}${url[2]!.toLowerCase()}${url[3]}`;
  return trimmed.toLowerCase();
}

/** Drops repeats, keeping the first of each in its place. */
function unique(values: string[]): string[] {
  return [...new Set(values)];
}

const requiredText = (
  name: string,
  min: number,
  max: number,
  message = `${name} must be at least ${min} characters`,
) =>
  z.string({ error: message }).trim().min(min, message).max(max, `${name} must be at most ${max} characters`);

const textList = (name: string, itemName: string, maxItems: number, maxLength: number) =>
  z
    .array(
      z
        .string({ error: `Each ${itemName} must be text` })
        .trim()
        .min(1, `${name} cannot contain empty entries`)
        .max(maxLength, `Each ${itemName} must be at most ${maxLength} characters`),
      { error: `${name} must be a list` },
    )
    .max(maxItems, `At most ${maxItems} ${name.toLowerCase()}`);

export const threatIndicatorsSchema = textList(
  'Indicators',
  'indicator',
  THREAT_LIMITS.indicators,
  THREAT_LIMITS.indicator,
).transform((values) => unique(values.map(normalizeIndicator)));

export const threatMitigationsSchema = textList(
  'Mitigations',
  'mitigation',
  THREAT_LIMITS.mitigations,
  THREAT_LIMITS.mitigation,
).transform(unique);

const choice = <T extends readonly [string, ...string[]]>(values: T, name: string) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? `${name} is required`
        : `${name} must be one of ${values.join(', ')}`,
  });

/** `POST /api/threat-intelligence`; Directors only. */
export const createThreatRequestSchema = z.object({
  source: requiredText('Source', 3, THREAT_LIMITS.source, 'Source is required'),
  category: choice(THREAT_CATEGORIES, 'Category'),
  severity: choice(THREAT_SEVERITIES, 'Severity'),
  title: requiredText('Title', 5, THREAT_LIMITS.title),
  description: requiredText('Description', 20, THREAT_LIMITS.description),
  indicators: threatIndicatorsSchema.default([]),
  mitigations: threatMitigationsSchema.default([]),
  tlp: choice(TLP_LEVELS, 'TLP').default(TLP_DEFAULT),
});
export type CreateThreatRequest = z.input<typeof createThreatRequestSchema>;
export type CreateThreatInput = z.output<typeof createThreatRequestSchema>;

export const threatSchema = z.object({
  id: z.string(),
  source: z.string(),
  category: z.enum(THREAT_CATEGORIES),
  severity: z.enum(THREAT_SEVERITIES),
  title: z.string(),
  description: z.string(),
  indicators: z.array(z.string()),
  mitigations: z.array(z.string()),
  tlp: z.enum(TLP_LEVELS),
  /** STIX `created`: when its producer made it (an imported record's is from before it reached us). */
  createdAt: z.iso.datetime(),
  /** When it was added here: made by a Director, or first imported. */
  addedAt: z.iso.datetime(),
});
export type Threat = z.infer<typeof threatSchema>;

const threatFilters = {
  category: z
    .enum(THREAT_CATEGORIES, { error: `Category must be one of ${THREAT_CATEGORIES.join(', ')}` })
    .optional(),
  severity: z
    .enum(THREAT_SEVERITIES, { error: `Severity must be one of ${THREAT_SEVERITIES.join(', ')}` })
    .optional(),
};

/** `GET /api/threat-intelligence?category=&severity=&limit=`. */
export const threatsQuerySchema = listQuerySchema.extend(threatFilters);
export type ThreatsQuery = z.input<typeof threatsQuerySchema>;

/** `GET /api/threat-intelligence/objects?type=&limit=`: stored STIX objects of one type (the import's links). */
export const stixObjectsQuerySchema = listQuerySchema.extend({
  type: z
    .string({ error: 'Type is required' })
    .regex(/^[a-z0-9][a-z0-9-]{0,249}$/, 'A STIX type is lower-case letters, digits and hyphens'),
});
export type StixObjectsQuery = z.input<typeof stixObjectsQuerySchema>;

/**
 * One stored STIX object (its newest version) as the list of stored objects shows it: every imported object can be
 * found again here, type by type, not only those that became threat records.
 */
export const storedStixObjectSchema = z.object({
  /** The STIX id. */
  id: z.string(),
  type: z.string(),
  /** `name`, or for a relationship "source relationship_type target", a sighting "sighting of X"; else null. */
  title: z.string().nullable(),
  description: z.string().nullable(),
  tlp: z.enum(TLP_LEVELS),
  /** STIX `created` as the producer gave it: when it was made, elsewhere; null for objects without one (SCOs). */
  createdAt: z.string().nullable(),
  /** STIX `modified` of the version held; null when it has none. */
  modifiedAt: z.string().nullable(),
  /** When it was first added here. */
  addedAt: z.iso.datetime(),
});
export type StoredStixObject = z.infer<typeof storedStixObjectSchema>;

/** `GET /api/threat-intelligence/export`: the list's filters over a larger window. */
export const threatsExportQuerySchema = z.object({
  ...threatFilters,
  limit: z.coerce.number().int().min(1).max(STIX_EXPORT_MAX_LIMIT).default(STIX_EXPORT_DEFAULT_LIMIT),
});

const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** `<type>--<uuid>`: STIX 2.1 identifiers (section 2.9); the type part is lower-case letters, digits and hyphens. */
export const STIX_ID = new RegExp(`^([a-z0-9][a-z0-9-]*[a-z0-9]|[a-z0-9])--(${UUID_PATTERN})$`, 'i');

/**
 * One object of a bundle as the bundle check sees it: a type and a well-formed id of that type. Everything else
 * is kept as sent (never stripped) and checked object by object, so one bad report does not sink the rest.
 */
export const stixObjectSchema = z
  .looseObject({
    type: z
      .string({ error: 'Every object needs a type' })
      .regex(/^[a-z0-9][a-z0-9-]{0,249}$/, 'An object type is lower-case letters, digits and hyphens'),
    id: z.string({ error: 'Every object needs an id' }).max(300, 'Object ids are at most 300 characters'),
  })
  .superRefine((object, context) => {
    const match = STIX_ID.exec(object.id);
    if (!match) {
      context.addIssue({
        code: 'custom',
        path: ['id'],
        message: `Object id "${object.id.slice(0, 80)}" is not <type>--<uuid>`,
      });
    } else if (match[1] !== object.type) {
      context.addIssue({
        code: 'custom',
        path: ['id'],
        message: `Object id "${object.id}" does not match its type "${object.type}"`,
      });
    }
  });
export type StixObject = z.infer<typeof stixObjectSchema>;

/**
 * A STIX 2.1 bundle as `POST /api/threat-intelligence/import` takes it: the bundle's own shape is checked here, each
 * object by the import, one by one, so one malformed object is reported by its position and the rest still go in.
 * How many objects one bundle may hold is checked by the import too (413 above `STIX_IMPORT_MAX_OBJECTS`).
 */
export const stixBundleSchema = z.object(
  {
    type: z.literal('bundle', { error: 'A STIX bundle has type "bundle"' }),
    id: z
      .string({ error: 'A STIX bundle needs an id' })
      .regex(new RegExp(`^bundle--${UUID_PATTERN}$`, 'i'), 'The bundle id must be bundle--<uuid>'),
    objects: z.array(z.unknown(), { error: 'A STIX bundle has an objects list' }),
  },
  { error: 'The body must be a STIX 2.1 bundle (a JSON object)' },
);
export type StixImportBundle = z.infer<typeof stixBundleSchema>;

/** A bundle as the export answers it: every object with a type and an id of that type. */
export const stixExportBundleSchema = stixBundleSchema.extend({ objects: z.array(stixObjectSchema) });
export type StixBundle = z.infer<typeof stixExportBundleSchema>;

export const stixImportErrorSchema = z.object({
  /** Position of the object in the bundle's `objects`. */
  index: z.number().int(),
  id: z.string().optional(),
  type: z.string().optional(),
  message: z.string(),
});
export type StixImportError = z.infer<typeof stixImportErrorSchema>;

/** What an import did with the objects of one type (the counts sum to the bundle's objects of that type). */
export const stixImportTypeCountsSchema = z.object({
  /** New here. */
  imported: z.number().int(),
  /** A newer version of an object already here. */
  updated: z.number().int(),
  /** Already here in that or a newer version: nothing stored. */
  unchanged: z.number().int(),
  /** Deliberately not kept (revoked). */
  skipped: z.number().int(),
  /** Could not be read; not kept. */
  failed: z.number().int(),
});
export type StixImportTypeCounts = z.infer<typeof stixImportTypeCountsSchema>;

/**
 * What an import did, object by object (design 11.4): `imported` objects are new here, `updated` ones replaced an
 * older version (a later `modified`), `unchanged` ones were already here in that or a newer version, `skipped` ones
 * were deliberately not kept (counted by type, each type's reason in `skippedReasons`), `failed` ones could not be
 * read (each in `errors`). `warnings` name objects kept whole whose references point at objects this server does
 * not hold. imported + updated + unchanged + skipped + failed = the bundle's object count.
 */
export const stixImportReportSchema = z.object({
  importId: z.string(),
  imported: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.record(z.string(), z.number().int()),
  skippedReasons: z.record(z.string(), z.string()),
  failed: z.number().int(),
  errors: z.array(stixImportErrorSchema),
  warnings: z.array(stixImportErrorSchema),
  /** Threat records (reports and standalone indicators) that are new or newer after this import. */
  records: z.object({ imported: z.number().int(), updated: z.number().int() }),
  /**
   * The same outcomes type by type, as stored (not as the file declared them): what the import dialog lists, each
   * type with a link to where its objects can be seen. A failed object without a readable type is in no type.
   */
  byType: z.record(z.string(), stixImportTypeCountsSchema),
});
export type StixImportReport = z.infer<typeof stixImportReportSchema>;

/** `GET /api/threat-intelligence/imports/latest` (Directors): the last import's report, or null. */
export const stixImportSummarySchema = z.object({
  id: z.string(),
  via: z.enum(['api', 'bulk', 'taxii']),
  createdAt: z.iso.datetime(),
  totalCount: z.number().int(),
  report: stixImportReportSchema,
});
export type StixImportSummary = z.infer<typeof stixImportSummarySchema>;
