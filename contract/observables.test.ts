import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  extractObservables,
  normalizeObservable,
  OBSERVABLE_TYPES,
  refang,
  type ObservableType,
} from './observables.js';

/* Properties of refanging and normalisation (issue 38): what matching's equality rests on. */

const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/);
/** Top-level names that are not also file extensions (which the extractor reads as file names). */
const tld = fc
  .stringMatching(/^[a-z]{2,6}$/)
  .filter((top) => extractObservables(`a.${top}`).some((found) => found.type === 'domain'));
const domain = fc
  .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), tld)
  .map(([labels, top]) => [...labels, top].join('.'));
const octet = fc.integer({ min: 0, max: 255 });
const ipv4 = fc.tuple(octet, octet, octet, octet).map((parts) => parts.join('.'));
const ipv6 = fc
  .array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 })
  .map((groups) => groups.map((group) => group.toString(16).padStart(4, '0')).join(':'));
const hex = (length: number) =>
  fc
    .array(fc.constantFrom(...'0123456789abcdefABCDEF'), { minLength: length, maxLength: length })
    .map((c) => c.join(''));
const path = fc.stringMatching(/^(\/[A-Za-z0-9_~-]{1,8}){0,3}$/);
const url = fc
  .tuple(fc.constantFrom('http', 'https', 'HTTPS', 'ftp'), domain, path)
  .map(([scheme, host, rest]) => `${scheme}://${host.toUpperCase()}${rest}`);
const email = fc
  .tuple(fc.stringMatching(/^[A-Za-z0-9._+-]{1,12}$/), domain)
  .map(([local, host]) => `${local}@${host}`);

const values: Record<Exclude<ObservableType, 'filename' | 'phone' | 'other'>, fc.Arbitrary<string>> = {
  ipv4,
  ipv6,
  domain: domain.map((value) => value.toUpperCase()),
  url,
  email,
  md5: hex(32),
  sha1: hex(40),
  sha256: hex(64),
};

/** Defangs a value the ways reports do, picking a style per character at random. */
const defanged = (value: string) =>
  fc.array(fc.nat(3), { minLength: value.length, maxLength: value.length }).map((styles) => {
    let out = '';
    for (let i = 0; i < value.length; i++) {
      const char = value[i]!;
      const style = styles[i]!;
      if (char === '.') out += ['[.]', '(.)', '{.}', '[dot]'][style];
      else if (char === '@') out += ['[@]', '(@)', '[at]', '@'][style];
      else if (char === ':' && value.slice(i, i + 3) !== '://') out += ['[:]', ':', '[:]', ':'][style];
      else out += char;
    }
    return out.replace(/^http/i, (scheme) => (styles[0]! % 2 ? 'hxxp' : scheme));
  });

function normal(type: ObservableType, value: string): string {
  const result = normalizeObservable(type, value);
  if (!result.ok) throw new Error(`${type} ${value}: ${result.message}`);
  return result.value;
}

describe('refanging and normalisation', () => {
  for (const [type, arbitrary] of Object.entries(values) as [ObservableType, fc.Arbitrary<string>][]) {
    it(`${type}: valid values normalise, idempotently, and a defanged copy normalises the same`, () => {
      fc.assert(
        fc.property(
          arbitrary.chain((value) => defanged(value).map((fanged) => [value, fanged] as const)),
          ([value, fanged]) => {
            const once = normal(type, value);
            expect(normal(type, once)).toBe(once);
            expect(normal(type, fanged)).toBe(once);
            expect(normal(type, `  ${value}\t`)).toBe(once);
            expect(refang(once)).toBe(once);
          },
        ),
        { numRuns: 200 },
      );
    });
  }

  it('keeps a URL path as written while host and scheme lose their case', () => {
    fc.assert(
      fc.property(domain, path, (host, rest) => {
        expect(normal('url', `HTTPS://${host.toUpperCase()}${rest}`)).toBe(`https://${host}${rest}`);
      }),
    );
  });

  it('writes an IPv6 address one way whatever way it came', () => {
    fc.assert(
      fc.property(ipv6, (value) => {
        const expanded = value.toUpperCase();
        const stripped = value
          .split(':')
          .map((group) => group.replace(/^0+(?=.)/, ''))
          .join(':');
        expect(normal('ipv6', expanded)).toBe(normal('ipv6', stripped));
        expect(normal('ipv6', expanded)).toBe(normal('ipv6', expanded).toLowerCase());
      }),
    );
  });

  it('never throws, and refuses or accepts any text with a message', () => {
    fc.assert(
      fc.property(fc.constantFrom(...OBSERVABLE_TYPES), fc.string({ maxLength: 80 }), (type, value) => {
        const result = normalizeObservable(type, value);
        if (result.ok) expect(normal(type, result.value)).toBe(result.value);
        else expect(result.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 1_000 },
    );
  });

  it('extracts a defanged value from running text as its normal form', () => {
    const typed = fc.oneof(
      ...(['ipv4', 'domain', 'url', 'email', 'sha256', 'md5'] as const).map((type) =>
        values[type].map((value) => ({ type, value })),
      ),
    );
    fc.assert(
      fc.property(
        typed.chain(({ type, value }) => defanged(value).map((fanged) => ({ type, value, fanged }))),
        ({ type, value, fanged }) => {
          const found = extractObservables(`Seen on the host: ${fanged} yesterday.`);
          expect(found).toContainEqual({ type, value: normal(type, value) });
        },
      ),
      { numRuns: 300 },
    );
  });
});
