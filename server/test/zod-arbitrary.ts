import fc from 'fast-check';
import type { ZodType } from 'zod';

/**
 * fast-check arbitraries from zod 4 schemas, for the fuzz and authorization tests: `validArbitrary` aims at values
 * the schema accepts (the kinds the contract uses; anything else falls back to `fc.anything()`), `sampleValid`
 * picks one that really parses. Reads zod's own definitions (`_zod.def`), so it follows the contract as it changes.
 */

// zod 4's definitions are plain objects; only the fields read here are typed.
interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  format?: string;
  pattern?: RegExp;
  protocol?: RegExp;
  coerce?: boolean;
  shape?: Record<string, ZodType>;
  element?: ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: ZodType[];
  innerType?: ZodType;
  defaultValue?: unknown;
  in?: ZodType;
  out?: ZodType;
  keyType?: ZodType;
  valueType?: ZodType;
  items?: ZodType[];
  getter?: () => ZodType;
  left?: ZodType;
  right?: ZodType;
}
interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  protocol?: RegExp;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
}

export function defOf(schema: ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

/** Whether an object key may be left out (optional, or with a default). */
export function isOptionalKey(schema: ZodType): boolean {
  return (schema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional';
}

/** Long maximums (10,000-character descriptions) are reached now and then, not every time. */
const TYPICAL_LENGTH = 40;
const WORD = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.'.split(''),
);
/** Text a person might type: ASCII, accents, CJK, emoji and inner spaces, never edge whitespace (trims). */
const TEXT_UNIT = fc.oneof(
  { weight: 6, arbitrary: WORD },
  { weight: 1, arbitrary: fc.constantFrom(' ', 'é', 'ß', '中', '😀', 'ü', 'Ω', "'", '"', '<', '&') },
);

/** fast-check reads most regular expressions, but not lookarounds: those fall back to plain text. */
function patternArbitrary(pattern: RegExp): fc.Arbitrary<string> | null {
  try {
    return fc.stringMatching(pattern);
  } catch {
    return null;
  }
}

function lengthRange(checks: CheckDef[]): { min: number; max: number } {
  let min = 0;
  let max = Infinity;
  for (const check of checks) {
    if (check.check === 'min_length') min = Math.max(min, check.minimum ?? 0);
    if (check.check === 'max_length') max = Math.min(max, check.maximum ?? Infinity);
    if (check.check === 'length_equals') min = max = check.length ?? 0;
  }
  return { min, max };
}

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  const checks = (def.checks ?? []).map((check) => check._zod.def);
  if (def.format)
    checks.unshift({
      check: 'string_format',
      format: def.format,
      pattern: def.pattern,
      protocol: def.protocol,
    });
  const { min, max } = lengthRange(checks);
  const format = checks.find((check) => check.check === 'string_format');
  let arbitrary: fc.Arbitrary<string>;
  if (format?.format === 'url') {
    arbitrary = fc.webUrl({ validSchemes: ['https'], withQueryParameters: true });
  } else if (format?.format === 'email') {
    arbitrary = fc
      .tuple(
        fc.stringMatching(/^[a-z][a-z0-9._-]{0,20}[a-z0-9]$/),
        fc.constantFrom('example.com', 'example.test', 'mail.example.org'),
      )
      .map(([local, domain]) => `${local.replace(/\.{2,}/g, '.')}@${domain}`);
  } else if (format?.format === 'datetime') {
    arbitrary = fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2090-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString());
  } else if (format?.format === 'date') {
    arbitrary = fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2090-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 10));
  } else if (format?.pattern && patternArbitrary(format.pattern)) {
    arbitrary = patternArbitrary(format.pattern)!;
  } else {
    const upper = Math.min(max, min + TYPICAL_LENGTH);
    arbitrary = fc.oneof(
      { weight: 9, arbitrary: fc.string({ unit: TEXT_UNIT, minLength: min, maxLength: upper }) },
      {
        weight: 1,
        arbitrary: fc.string({
          unit: WORD,
          minLength: Math.min(max, Math.max(min, 200)),
          maxLength: Math.min(max, 2_000),
        }),
      },
    );
    arbitrary = arbitrary.map((text) => text.replace(/^\s+|\s+$/g, 'x'));
  }
  // Formats and patterns ignore the length checks above; keep what fits.
  return min > 0 || max < Infinity
    ? arbitrary.filter((text) => text.length >= min && text.length <= max)
    : arbitrary;
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let min = -1e9;
  let max = 1e9;
  let minExclusive = false;
  let maxExclusive = false;
  let integer = false;
  for (const { _zod } of def.checks ?? []) {
    const check = _zod.def;
    if (check.check === 'number_format' && /int/.test(check.format ?? '')) integer = true;
    if (check.check === 'greater_than') {
      min = Number(check.value);
      minExclusive = !check.inclusive;
    }
    if (check.check === 'less_than') {
      max = Number(check.value);
      maxExclusive = !check.inclusive;
    }
  }
  if (integer) {
    return fc.integer({
      min: Math.ceil(minExclusive ? min + 1 : min),
      max: Math.floor(maxExclusive ? max - 1 : max),
    });
  }
  return fc.double({
    min,
    max,
    minExcluded: minExclusive,
    maxExcluded: maxExclusive,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

/** An arbitrary meant to produce values `schema` accepts (its input side: what a client sends). */
export function validArbitrary(schema: ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 12) return fc.constant(undefined);
  const inner = (child: ZodType) => validArbitrary(child, depth + 1);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'object': {
      const shape = def.shape ?? {};
      const requiredKeys = Object.keys(shape).filter((key) => !isOptionalKey(shape[key]!));
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(shape)) model[key] = inner(child);
      return fc.record(model, { requiredKeys });
    }
    case 'array': {
      const { min, max } = lengthRange((def.checks ?? []).map((check) => check._zod.def));
      return fc.array(inner(def.element!), { minLength: min, maxLength: Math.min(max, min + 5) });
    }
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map(inner));
    case 'record':
      return fc
        .dictionary(inner(def.keyType!) as fc.Arbitrary<string>, inner(def.valueType!), { maxKeys: 5 })
        .map((value) => ({ ...value }));
    case 'union':
      return fc.oneof(...(def.options ?? []).map(inner));
    case 'optional':
      return fc.option(inner(def.innerType!), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner(def.innerType!), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner(def.innerType!);
    case 'pipe': {
      // A preprocess step takes anything: what it hands on is the schema to satisfy. A transform takes what its
      // input side accepts. Otherwise the output side is usually the narrower one (`z.string().trim().pipe(z.email())`)
      // and its value is kept when the input side accepts it too.
      const input = def.in!;
      const output = def.out!;
      if (defOf(input).type === 'transform') return inner(output);
      if (defOf(output).type === 'transform') return inner(input);
      return fc
        .tuple(inner(output), inner(input))
        .map(([fromOutput, fromInput]) => (input.safeParse(fromOutput).success ? fromOutput : fromInput));
    }
    case 'lazy':
      return inner(def.getter!());
    case 'intersection':
      return fc
        .tuple(inner(def.left!), inner(def.right!))
        .map(([left, right]) => ({ ...(left as object), ...(right as object) }));
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 3 });
    default:
      return fc.anything();
  }
}

/** A value `schema` accepts, drawn from `validArbitrary` (null when none of `attempts` draws parses). */
export function sampleValid(schema: ZodType, seed: number, attempts = 200): unknown {
  const draws = fc.sample(validArbitrary(schema), { seed, numRuns: attempts });
  return draws.find((value) => schema.safeParse(value).success) ?? null;
}

/** Query strings carry text: numbers and booleans as their decimal and `true`/`false` forms. */
export function toQueryString(value: unknown): string {
  if (!value || typeof value !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, entry] of Object.entries(value)) {
    if (entry === undefined) continue;
    if (Array.isArray(entry)) for (const item of entry) params.append(key, String(item));
    else params.append(key, typeof entry === 'object' ? JSON.stringify(entry) : String(entry));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
