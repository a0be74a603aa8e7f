import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { THREAT_SEVERITIES } from './threats.js';

/*
 * Observables on cases (design 12.5): the indicators of one incident, each with its type, TLP 2.0 marking and
 * whether it is an indicator of compromise. Values are validated per type and kept in one normal form, the same form
 * the intelligence store's indicator index holds, so that matching is an equality.
 */

export const OBSERVABLE_TYPES = [
  'ipv4',
  'ipv6',
  'domain',
  'url',
  'email',
  'md5',
  'sha1',
  'sha256',
  'filename',
  'phone',
  'other',
] as const;
export type ObservableType = (typeof OBSERVABLE_TYPES)[number];

export const OBSERVABLE_TYPE_LABELS: Record<ObservableType, string> = {
  ipv4: 'IPv4 address',
  ipv6: 'IPv6 address',
  domain: 'Domain',
  url: 'URL',
  email: 'E-mail address',
  md5: 'MD5',
  sha1: 'SHA-1',
  sha256: 'SHA-256',
  filename: 'File name',
  phone: 'Phone number',
  other: 'Other',
};

/** TLP 2.0 as FIRST writes it, least to most restricted. */
export const OBSERVABLE_TLP_LEVELS = ['clear', 'green', 'amber', 'amber+strict', 'red'] as const;
export type ObservableTlp = (typeof OBSERVABLE_TLP_LEVELS)[number];
export const OBSERVABLE_TLP_DEFAULT: ObservableTlp = 'amber';
/** A sighting made from an observable of these markings (or an internal one) never leaves the firm. */
export const OBSERVABLE_TLP_NOT_SHARED: readonly ObservableTlp[] = ['amber+strict', 'red'];

export const OBSERVABLE_LIMITS = {
  value: 2_048,
  other: 1_000,
  filename: 255,
  tags: 20,
  tag: 50,
  description: 2_000,
  /** Observables one bulk request adds, validated as a whole. */
  bulk: 500,
  /** Characters of pasted text the extractor reads. */
  extractText: 200_000,
  /** Observables one extraction returns. */
  extractResults: 1_000,
} as const;

/** The types the intelligence store's indicator patterns can name, and so the ones matching compares. */
export const MATCHABLE_TYPES: readonly ObservableType[] = [
  'ipv4',
  'ipv6',
  'domain',
  'url',
  'email',
  'md5',
  'sha1',
  'sha256',
  'filename',
];

/* Refanging: defanged indicators (`hxxp://evil[.]example`) written back to what they stand for. */

const DEFANGS: [RegExp, string][] = [
  [/\bhxxp(s?)(?=(?:\[:\]|:)?(?:\/\/|\[\/\/\]))/gi, 'http$1'],
  [/\bfxp(?=(?:\[:\]|:)\/\/)/gi, 'ftp'],
  [/\[:\/\/\]/g, '://'],
  [/\[\.\]|\(\.\)|\{\.\}|\[dot\]|\(dot\)/gi, '.'],
  [/\[@\]|\(@\)|\[at\]|\(at\)/gi, '@'],
  [/\[:\]/g, ':'],
];

/** Undoes the usual defanging: `hxxp`, `[.]`, `(.)`, `{.}`, `[dot]`, `[@]`, `[at]`, `[:]`, `[://]`. */
export function refang(text: string): string {
  let out = text;
  for (const [pattern, replacement] of DEFANGS) out = out.replace(pattern, replacement);
  return out;
}

/* Validation and normal forms, one per type. */

const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const DOMAIN =
  /^(?=.{1,253}$)(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?\.)+(?:[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?|xn--[a-z0-9-]{1,59})$/;
const URL_PARTS = /^([a-z][a-z0-9+.-]*):\/\/([^/?#\s]+)([^\s]*)$/i;
const EMAIL_PARTS = /^([^\s@]{1,64})@([^\s@]+)$/;
const HEX = /^[0-9a-f]+$/;
const HASH_LENGTH = { md5: 32, sha1: 40, sha256: 64 } as const;
const PHONE_SEPARATORS = /[\s().-]/g;
const PHONE = /^\+?\d{7,15}$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export type NormalizeResult = { ok: true; value: string } | { ok: false; message: string };
const fail = (message: string): NormalizeResult => ({ ok: false, message });
const ok = (value: string): NormalizeResult => ({ ok: true, value });

/** A host name in lower-case ASCII (an internationalised one in punycode), without a trailing dot; null if invalid. */
function normalDomain(input: string): string | null {
  let host = input.trim().toLowerCase().replace(/\.$/, '');
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\x7f]/.test(host)) {
    try {
      host = new URL(`http://${host}/`).hostname;
    } catch {
      return null;
    }
  }
  return DOMAIN.test(host) ? host : null;
}

const NORMALIZERS: Record<ObservableType, (value: string) => NormalizeResult> = {
  ipv4: (value) => (IPV4.test(value) ? ok(value) : fail('Enter an IPv4 address such as 203.0.113.7')),
  ipv6: (value) => {
    if (value.includes('%') || !ipaddr.IPv6.isValid(value) || !value.includes(':')) {
      return fail('Enter an IPv6 address such as 2001:db8::1');
    }
    return ok(ipaddr.IPv6.parse(value).toRFC5952String());
  },
  domain: (value) => {
    const host = normalDomain(value);
    return host ? ok(host) : fail('Enter a domain name such as example.com');
  },
  url: (value) => {
    const parts = URL_PARTS.exec(value);
    if (!parts) return fail('Enter a URL with its scheme, such as https://example.com/path');
    try {
      new URL(value);
    } catch {
      return fail('Enter a URL with its scheme, such as https://example.com/path');
    }
    // Scheme and authority do not depend on case; the path may (the server it names decides).
    return ok(`${parts[1]!.toLowerCase()}://${parts[2]!.toLowerCase()}${parts[3]}`);
  },
  email: (value) => {
    const parts = EMAIL_PARTS.exec(value);
    const host = parts ? normalDomain(parts[2]!) : null;
    if (!parts || !host) return fail('Enter an e-mail address such as name@example.com');
    return ok(`${parts[1]!.toLowerCase()}@${host}`);
  },
  md5: (value) => hash('md5', value),
  sha1: (value) => hash('sha1', value),
  sha256: (value) => hash('sha256', value),
  filename: (value) => {
    if (value.length > OBSERVABLE_LIMITS.filename) {
      return fail(`A file name is at most ${OBSERVABLE_LIMITS.filename} characters`);
    }
    if (/[/\\]/.test(value)) return fail('A file name has no folder (no / or \\)');
    return ok(value);
  },
  phone: (value) => {
    const compact = value.replace(PHONE_SEPARATORS, '');
    return PHONE.test(compact)
      ? ok(compact)
      : fail('Enter a phone number of 7 to 15 digits, such as +91 98765 43210');
  },
  other: (value) =>
    value.length > OBSERVABLE_LIMITS.other
      ? fail(`At most ${OBSERVABLE_LIMITS.other} characters`)
      : ok(value),
};

function hash(type: keyof typeof HASH_LENGTH, value: string): NormalizeResult {
  const lower = value.toLowerCase();
  const length = HASH_LENGTH[type];
  return lower.length === length && HEX.test(lower)
    ? ok(lower)
    : fail(
        `An ${type === 'md5' ? 'MD5' : type === 'sha1' ? 'SHA-1' : 'SHA-256'} hash is ${length} hexadecimal characters`,
      );
}

/**
 * Checks a value against its type and returns its normal form: refanged (except `other`, kept as typed), trimmed,
 * lower-case where case means nothing (domains, hosts, e-mail addresses, hex), IPv6 in RFC 5952 form, phone numbers
 * without separators. The same function normalises the values indicator patterns compare, so matching is equality.
 */
export function normalizeObservable(type: ObservableType, input: string): NormalizeResult {
  const value = (type === 'other' ? input : refang(input)).trim();
  if (!value) return fail('Enter a value');
  if (value.length > OBSERVABLE_LIMITS.value) return fail(`At most ${OBSERVABLE_LIMITS.value} characters`);
  if (CONTROL.test(value)) return fail('The value must not contain control characters');
  return NORMALIZERS[type](value);
}

/* Requests and answers. */

const tagsSchema = z
  .array(
    z
      .string({ error: 'Each tag must be text' })
      .trim()
      .min(1, 'Tags cannot be empty')
      .max(OBSERVABLE_LIMITS.tag, `Each tag is at most ${OBSERVABLE_LIMITS.tag} characters`),
    { error: 'Tags must be a list' },
  )
  .max(OBSERVABLE_LIMITS.tags, `At most ${OBSERVABLE_LIMITS.tags} tags`)
  .transform((tags) => [...new Set(tags)]);

/** One observable as a person enters it; the value is checked against the type and comes out normalised. */
export const observableInputSchema = z
  .object({
    type: z.enum(OBSERVABLE_TYPES, {
      error: (issue) =>
        issue.input === undefined ? 'Type is required' : `Type must be one of ${OBSERVABLE_TYPES.join(', ')}`,
    }),
    value: z.string({ error: 'Value is required' }).max(OBSERVABLE_LIMITS.value * 2, 'The value is too long'),
    tlp: z
      .enum(OBSERVABLE_TLP_LEVELS, { error: `TLP must be one of ${OBSERVABLE_TLP_LEVELS.join(', ')}` })
      .default(OBSERVABLE_TLP_DEFAULT),
    isIoc: z.boolean({ error: 'isIoc must be true or false' }).default(false),
    isInternal: z.boolean({ error: 'isInternal must be true or false' }).default(false),
    tags: tagsSchema.default([]),
    description: z
      .string({ error: 'Description must be text' })
      .trim()
      .max(
        OBSERVABLE_LIMITS.description,
        `Description is at most ${OBSERVABLE_LIMITS.description} characters`,
      )
      .optional()
      .transform((text) => text || null),
  })
  .transform((input, context) => {
    const normal = normalizeObservable(input.type, input.value);
    if (!normal.ok) {
      context.addIssue({ code: 'custom', path: ['value'], message: normal.message });
      return z.NEVER;
    }
    return { ...input, value: normal.value };
  });
export type ObservableRequest = z.input<typeof observableInputSchema>;
export type ObservableInput = z.output<typeof observableInputSchema>;

/** `POST /api/cases/{id}/observables`. */
export const createObservableRequestSchema = observableInputSchema;

/** `POST /api/cases/{id}/observables/bulk`: up to 500, all added or none. */
export const bulkObservablesRequestSchema = z.object({
  observables: z
    .array(observableInputSchema, { error: 'observables must be a list' })
    .min(1, 'Add at least one observable')
    .max(OBSERVABLE_LIMITS.bulk, `At most ${OBSERVABLE_LIMITS.bulk} observables in one request`),
});
export type BulkObservablesRequest = z.input<typeof bulkObservablesRequestSchema>;

/** `POST /api/cases/{id}/observables/extract`. */
export const extractObservablesRequestSchema = z.object({
  text: z
    .string({ error: 'Paste some text' })
    .max(OBSERVABLE_LIMITS.extractText, `At most ${OBSERVABLE_LIMITS.extractText} characters at once`),
});

export const extractedObservableSchema = z.object({ type: z.enum(OBSERVABLE_TYPES), value: z.string() });
export type ExtractedObservable = z.infer<typeof extractedObservableSchema>;

/** A stored intelligence indicator an observable matched, with the record it belongs to. */
export const observableMatchSchema = z.object({
  threatId: z.string(),
  stixId: z.string(),
  title: z.string(),
  severity: z.enum(THREAT_SEVERITIES),
});
export type ObservableMatch = z.infer<typeof observableMatchSchema>;

export const observableSchema = z.object({
  id: z.string(),
  type: z.enum(OBSERVABLE_TYPES),
  value: z.string(),
  tlp: z.enum(OBSERVABLE_TLP_LEVELS),
  isIoc: z.boolean(),
  isInternal: z.boolean(),
  tags: z.array(z.string()),
  description: z.string().nullable(),
  matches: z.array(observableMatchSchema),
  createdAt: z.iso.datetime(),
});
export type Observable = z.infer<typeof observableSchema>;

export const OBSERVABLES_DEFAULT_LIMIT = 200;
export const OBSERVABLES_MAX_LIMIT = 1_000;
/** `GET /api/cases/{id}/observables?limit=`: newest first; a case holds bulk imports, so the cap is higher. */
export const observablesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(OBSERVABLES_MAX_LIMIT).default(OBSERVABLES_DEFAULT_LIMIT),
});

/* Extraction: every observable a pasted report names, for a person to confirm. */

const FILE_EXTENSIONS =
  'exe|dll|sys|scr|com|bat|cmd|ps1|psm1|vbs|vbe|js|jse|wsf|hta|lnk|msi|jar|apk|dmg|iso|img|zip|rar|7z|gz|tar|doc|docx|docm|xls|xlsx|xlsm|ppt|pptx|pptm|pdf|rtf|one|py|sh|elf|bin|dat|tmp';
const NOT_TLDS = new Set(FILE_EXTENSIONS.split('|').filter((ext) => ext !== 'com'));

const EXTRACTORS: { type: ObservableType; pattern: RegExp }[] = [
  { type: 'url', pattern: /\b[a-z][a-z0-9+.-]{1,15}:\/\/[^\s<>"'`{}|\\^[\]]+/gi },
  { type: 'email', pattern: /[a-z0-9._%+-]{1,64}@(?:[a-z0-9-]{1,63}\.)+[a-z]{2,63}\b/gi },
  { type: 'sha256', pattern: /(?<![0-9a-z])[0-9a-f]{64}(?![0-9a-z])/gi },
  { type: 'sha1', pattern: /(?<![0-9a-z])[0-9a-f]{40}(?![0-9a-z])/gi },
  { type: 'md5', pattern: /(?<![0-9a-z])[0-9a-f]{32}(?![0-9a-z])/gi },
  { type: 'ipv4', pattern: /(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?![\d.]*\d)/g },
  { type: 'ipv6', pattern: /(?<![0-9a-z:])(?:[0-9a-f]{0,4}:){2,7}[0-9a-f]{0,4}(?![0-9a-z:])/gi },
  {
    type: 'filename',
    pattern: new RegExp(`(?<![\\w.\\\\/-])[\\w-][\\w.-]{0,200}\\.(?:${FILE_EXTENSIONS})\\b`, 'gi'),
  },
  {
    type: 'domain',
    pattern:
      /(?<![\w@.-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9](?![\w-]|\.[a-z0-9])/gi,
  },
  { type: 'phone', pattern: /(?<![\w+])\+\d[\d ().-]{5,20}\d(?!\d)/g },
];

/**
 * Finds the observables a text names: refanged first, then URLs and e-mail addresses (whose hosts are not listed
 * again), hashes, IP addresses, file names, domains (not those whose last part is a file extension) and
 * international phone numbers, each checked by its type's rules. In order of appearance, without repeats.
 */
export function extractObservables(text: string): ExtractedObservable[] {
  let masked = refang(text.slice(0, OBSERVABLE_LIMITS.extractText));
  const found: { at: number; type: ObservableType; value: string }[] = [];
  const seen = new Set<string>();
  for (const { type, pattern } of EXTRACTORS) {
    const taken: [number, number][] = [];
    for (const hit of masked.matchAll(pattern)) {
      let raw = hit[0];
      if (type === 'url') raw = raw.replace(/[.,;:!?)\]'"]+$/, '');
      if (type === 'domain' && NOT_TLDS.has(raw.split('.').pop()!.toLowerCase())) continue;
      if (type === 'ipv6' && !/[0-9a-f]/i.test(raw)) continue;
      const normal = normalizeObservable(type, raw);
      if (!normal.ok) continue;
      taken.push([hit.index, hit.index + raw.length]);
      const key = `${type}\u0000${normal.value}`;
      if (seen.has(key)) continue;
      seen.add(key);
      found.push({ at: hit.index, type, value: normal.value });
    }
    // What one extractor took is not read again by the next (a URL's host is not also a domain): blanked once.
    if (taken.length) {
      const parts: string[] = [];
      let from = 0;
      for (const [start, end] of taken) {
        parts.push(masked.slice(from, start), ' '.repeat(end - start));
        from = end;
      }
      parts.push(masked.slice(from));
      masked = parts.join('');
    }
  }
  return found
    .sort((a, b) => a.at - b.at)
    .slice(0, OBSERVABLE_LIMITS.extractResults)
    .map(({ type, value }) => ({ type, value }));
}

/* Matching: which observable type an indicator pattern's object path compares. */

const PATH_TYPES: Record<string, ObservableType> = {
  'ipv4-addr:value': 'ipv4',
  'ipv6-addr:value': 'ipv6',
  'domain-name:value': 'domain',
  'url:value': 'url',
  'email-addr:value': 'email',
  'file:hashes.md5': 'md5',
  'file:hashes.sha-1': 'sha1',
  'file:hashes.sha1': 'sha1',
  'file:hashes.sha-256': 'sha256',
  'file:hashes.sha256': 'sha256',
  'file:name': 'filename',
};

/**
 * The observable type a STIX pattern's object path compares (`file:hashes.'SHA-256'` is read as
 * `file:hashes.SHA-256`), or null for paths matching does not compare.
 */
export function observableTypeOfPath(path: string): ObservableType | null {
  return PATH_TYPES[path.toLowerCase()] ?? null;
}
