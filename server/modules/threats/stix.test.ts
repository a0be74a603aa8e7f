import { describe, expect, it } from 'vitest';
import { stixExportBundleSchema, type StixBundle } from '../../../contract/threats.js';
import { recordsToBundle, uuidV5 } from './stix-export.js';
import { readBundle } from './stix-import.js';
import { TLP2_MARKING_IDS } from './stix-markings.js';
import { indicatorKind, indicatorPattern, parsePattern, patternValue } from './stix-patterns.js';
import type { StixRecord } from './stix-record.js';

const record: StixRecord = {
  id: '0b6c7a8e-1f2d-4c3b-9a8e-7d6c5b4a3f21',
  stixId: 'report--0b6c7a8e-1f2d-4c3b-9a8e-7d6c5b4a3f21',
  source: 'CERT-Example',
  category: 'cyber',
  severity: 'high',
  title: 'Credential phishing wave',
  description: 'A phishing wave imitating the payroll portal harvests staff credentials.',
  indicators: [
    'evil.example',
    '203.0.113.7',
    '2001:db8::1',
    'https://evil.example/Login?x=1',
    'payroll@evil.example',
    'd41d8cd98f00b204e9800998ecf8427e',
    'da39a3ee5e6b4b0d3255bfef95601890afd80709',
    'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    "it's a \\ mutex",
  ],
  mitigations: ['Block the domain at the resolver', 'Reset exposed passwords'],
  tlp: 'AMBER+STRICT',
  createdAt: new Date('2026-03-01T10:00:00.000Z'),
  modifiedAt: new Date('2026-03-02T11:30:00.123Z'),
};

const byType = (bundle: StixBundle, type: string) => bundle.objects.filter((object) => object.type === type);

describe('uuidV5', () => {
  it('matches the RFC 4122 example (www.example.com in the DNS namespace)', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });
});

describe('indicator patterns', () => {
  it.each([
    ['203.0.113.7', "[ipv4-addr:value = '203.0.113.7']"],
    ['198.51.100.0/24', "[ipv4-addr:value = '198.51.100.0/24']"],
    ['2001:db8::1', "[ipv6-addr:value = '2001:db8::1']"],
    ['evil.example', "[domain-name:value = 'evil.example']"],
    ['https://evil.example/a?b=c', "[url:value = 'https://evil.example/a?b=c']"],
    ['user@evil.example', "[email-addr:value = 'user@evil.example']"],
    ['d41d8cd98f00b204e9800998ecf8427e', "[file:hashes.'MD5' = 'd41d8cd98f00b204e9800998ecf8427e']"],
    [
      'da39a3ee5e6b4b0d3255bfef95601890afd80709',
      "[file:hashes.'SHA-1' = 'da39a3ee5e6b4b0d3255bfef95601890afd80709']",
    ],
    ['a'.repeat(64), `[file:hashes.'SHA-256' = '${'a'.repeat(64)}']`],
    ["o'brien \\ share", "[x-intel-indicator:value = 'o\\'brien \\\\ share']"],
    ['999.1.1.1', "[x-intel-indicator:value = '999.1.1.1']"],
  ])('%s -> %s', (value, pattern) => {
    expect(indicatorPattern(value)).toBe(pattern);
    expect(patternValue(pattern)).toBe(value);
  });

  it('reads simple comparisons written by others and refuses richer patterns', () => {
    expect(patternValue("[file:hashes.MD5 = 'abc']")).toBe('abc');
    expect(patternValue("  [ domain-name:value='x.example' ]  ")).toBe('x.example');
    expect(patternValue("[ipv4-addr:value = '1.2.3.4'] OR [ipv4-addr:value = '5.6.7.8']")).toBeNull();
    expect(patternValue("[ipv4-addr:value = 'unterminated]")).toBeNull();
    expect(indicatorKind('not an indicator')).toBe('other');
  });
});

describe('recordsToBundle', () => {
  const bundle = recordsToBundle([record], 'bundle--5d0092c5-5f74-4287-9642-33f4c354e56d');

  it('is a valid bundle with the official TLP 2.0 marking and the source as identity', () => {
    expect(stixExportBundleSchema.safeParse(bundle).success).toBe(true);
    expect(byType(bundle, 'marking-definition')).toEqual([
      {
        type: 'marking-definition',
        spec_version: '2.1',
        id: 'marking-definition--939a9414-2ddd-4d32-a0cd-375ea402b003',
        created: '2022-10-01T00:00:00.000Z',
        name: 'TLP:AMBER+STRICT',
        extensions: {
          'extension-definition--60a3c5c5-0d10-413e-aab3-9e08dde9e88d': {
            extension_type: 'property-extension',
            tlp_2_0: 'amber+strict',
          },
        },
      },
    ]);
    expect(byType(bundle, 'identity')).toEqual([expect.objectContaining({ name: 'CERT-Example' })]);
  });

  it('maps the record to a report referring to its indicators and courses of action in order', () => {
    const [report] = byType(bundle, 'report');
    const indicators = byType(bundle, 'indicator');
    const courses = byType(bundle, 'course-of-action');
    expect(report).toMatchObject({
      id: record.stixId,
      spec_version: '2.1',
      created: '2026-03-01T10:00:00.000Z',
      modified: '2026-03-02T11:30:00.123Z',
      published: '2026-03-01T10:00:00.000Z',
      name: record.title,
      description: record.description,
      report_types: ['threat-report'],
      labels: ['cyber'],
      object_marking_refs: [TLP2_MARKING_IDS['AMBER+STRICT']],
      x_intel_source: 'CERT-Example',
      x_intel_severity: 'high',
      x_intel_category: 'cyber',
    });
    expect(report!.object_refs).toEqual([...indicators, ...courses].map((object) => object.id));
    expect(indicators.map((object) => object.name)).toEqual(record.indicators);
    expect(indicators[0]).toMatchObject({
      pattern: "[domain-name:value = 'evil.example']",
      pattern_type: 'stix',
      valid_from: '2026-03-01T10:00:00.000Z',
      object_marking_refs: [TLP2_MARKING_IDS['AMBER+STRICT']],
    });
    expect(courses.map((object) => object.name)).toEqual(record.mitigations);
  });

  it('gives the same ids on every export', () => {
    const again = recordsToBundle([record]);
    expect(again.objects.map((object) => object.id)).toEqual(bundle.objects.map((object) => object.id));
    expect(again.id).not.toBe(bundle.id);
  });

  it('reads back every field', () => {
    const parsed = readBundle(bundle.objects);
    expect(parsed.errors).toEqual([]);
    expect(parsed.candidates.map((candidate) => candidate.record)).toEqual([record]);
  });

  it('sends a record that came in as a standalone indicator back out as that indicator', () => {
    const single: StixRecord = {
      ...record,
      id: '5b1d8052-9fae-4071-8c3d-4e5f60718293',
      stixId: 'indicator--5b1d8052-9fae-4071-8c3d-4e5f60718293',
      indicators: ['192.0.2.44'],
      mitigations: [],
    };
    const out = recordsToBundle([single]);
    expect(byType(out, 'report')).toEqual([]);
    expect(byType(out, 'indicator')).toEqual([
      expect.objectContaining({
        id: single.stixId,
        name: single.title,
        pattern: "[ipv4-addr:value = '192.0.2.44']",
      }),
    ]);
    expect(readBundle(out.objects).candidates.map((candidate) => candidate.record)).toEqual([single]);
    // Once it holds more than one indicator it can only travel as a report.
    const grown = recordsToBundle([{ ...single, indicators: ['192.0.2.44', '192.0.2.45'] }]);
    expect(byType(grown, 'report')[0]!.id).toBe(`report--${single.id}`);
  });

  it('still refers to something when a record has neither indicators nor mitigations', () => {
    const bare = recordsToBundle([{ ...record, indicators: [], mitigations: [] }]);
    const [report] = byType(bare, 'report');
    expect(report!.object_refs).toEqual([byType(bare, 'identity')[0]!.id]);
    expect(readBundle(bare.objects).candidates[0]!.record).toMatchObject({ indicators: [], mitigations: [] });
  });
});

describe('readBundle', () => {
  const base = {
    spec_version: '2.1',
    created: '2026-01-01T00:00:00.000Z',
    modified: '2026-01-01T00:00:00.000Z',
  };
  const report = (id: string, extra: Record<string, unknown> = {}) => ({
    type: 'report',
    id,
    ...base,
    name: 'Marked report',
    published: base.created,
    description: 'A report marked in one way or another.',
    object_refs: ['identity--9d8f2a3b-4c5d-4e6f-8a7b-1c2d3e4f5a6b'],
    ...extra,
  });

  it('maps TLP 1.0 markings, markings defined in the bundle, and takes the most restrictive', () => {
    const marked = (id: string, refs: string[]) => report(id, { object_marking_refs: refs });
    const parsed = readBundle([
      {
        type: 'marking-definition',
        id: 'marking-definition--1b0a7e16-4c84-4a0e-9f6a-2d1c8b9e7f01',
        spec_version: '2.1',
        created: '2026-01-01T00:00:00.000Z',
        definition_type: 'tlp',
        definition: { tlp: 'green' },
      },
      marked('report--11111111-1111-4111-8111-111111111111', [
        'marking-definition--613f2e26-407d-48c7-9eca-b8e91df99dc9',
      ]),
      marked('report--22222222-2222-4222-8222-222222222222', [
        'marking-definition--5e57c739-391a-4eb3-b6be-7d15ca92d5ed',
      ]),
      marked('report--33333333-3333-4333-8333-333333333333', [
        'marking-definition--1b0a7e16-4c84-4a0e-9f6a-2d1c8b9e7f01',
      ]),
      marked('report--44444444-4444-4444-8444-444444444444', [
        TLP2_MARKING_IDS.GREEN,
        'marking-definition--f88d31f6-486f-44da-b317-01333bde0b82',
      ]),
      marked('report--55555555-5555-4555-8555-555555555555', []),
    ]);
    expect(parsed.errors).toEqual([]);
    expect(parsed.candidates.map((candidate) => candidate.record.tlp)).toEqual([
      'CLEAR',
      'RED',
      'GREEN',
      'AMBER',
      'AMBER',
    ]);
  });

  it('takes severity and category from labels, source from the creating identity, and defaults the rest', () => {
    const parsed = readBundle([
      {
        type: 'identity',
        id: 'identity--9d8f2a3b-4c5d-4e6f-8a7b-1c2d3e4f5a6b',
        ...base,
        name: 'Partner ISAC',
      },
      report('report--66666666-6666-4666-8666-666666666666', {
        created_by_ref: 'identity--9d8f2a3b-4c5d-4e6f-8a7b-1c2d3e4f5a6b',
        name: 'Insider leak report',
        description: undefined,
        labels: ['insider', 'critical'],
        x_intel_severity: 'apocalyptic',
      }),
    ]);
    expect(parsed.candidates[0]!.record).toMatchObject({
      source: 'Partner ISAC',
      category: 'insider',
      severity: 'critical',
      description: 'Report imported from a STIX bundle: Insider leak report',
      tlp: 'AMBER',
    });
    expect(parsed.candidates[0]!.members.sort()).toEqual([
      'identity--9d8f2a3b-4c5d-4e6f-8a7b-1c2d3e4f5a6b',
      'report--66666666-6666-4666-8666-666666666666',
    ]);
  });

  it('turns an indicator no report refers to into its own record, matching a normalised copy of its values', () => {
    const indicator = {
      type: 'indicator',
      id: 'indicator--77777777-7777-4777-8777-777777777777',
      ...base,
      name: 'Invoice dropper',
      pattern:
        "[file:name = 'Invoice.exe' OR file:hashes.'SHA-256' = 'AEC070645FE53EE3B3763059376134F058CC337247C978ADD178B6CCDFB0019F']",
      pattern_type: 'stix',
      valid_from: base.created,
    };
    const parsed = readBundle([indicator]);
    expect(parsed.candidates[0]!.record).toMatchObject({
      id: '77777777-7777-4777-8777-777777777777',
      stixId: 'indicator--77777777-7777-4777-8777-777777777777',
      title: 'Invoice dropper',
      indicators: ['invoice.exe', 'aec070645fe53ee3b3763059376134f058cc337247c978add178b6ccdfb0019f'],
      source: 'STIX import',
    });
    // The object itself is kept exactly as sent: the pattern keeps its case.
    expect(parsed.objects[0]!.object).toBe(indicator);
    expect(parsed.objects[0]!.object.pattern).toBe(indicator.pattern);
  });

  it('reports objects it cannot read, by position, skips revoked ones by type, and keeps the others', () => {
    const parsed = readBundle([
      report('report--88888888-8888-4888-8888-888888888888', { name: undefined }),
      report('report--99999999-9999-4999-8999-999999999999', { x_intel_severity: 'apocalyptic' }),
      report('report--aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', { created: 'yesterday' }),
      {
        type: 'indicator',
        id: 'indicator--cccccccc-cccc-4ccc-8ccc-cccccccccccc',
        ...base,
        pattern_type: 'stix',
        valid_from: base.created,
      },
      report('report--dddddddd-dddd-4ddd-8ddd-dddddddddddd', { revoked: true }),
      report('report--eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee', { spec_version: '2.2' }),
      {
        type: 'indicator',
        id: 'indicator--ffffffff-ffff-4fff-8fff-ffffffffffff',
        ...base,
        pattern: "[file:name = 'unclosed'",
        pattern_type: 'stix',
        valid_from: base.created,
      },
      { type: 'malware', id: 'not-an-id', ...base },
      { type: 'malware', id: 'tool--0c7b5b88-8ff7-4a4d-aa9d-feb398cd0061', ...base },
      'a string',
      {
        type: 'relationship',
        id: 'relationship--1c7b5b88-8ff7-4a4d-aa9d-feb398cd0061',
        ...base,
        relationship_type: 'uses',
        source_ref: 'bad',
        target_ref: 'malware--0c7b5b88-8ff7-4a4d-aa9d-feb398cd0061',
      },
      {
        type: 'note',
        id: 'note--2c7b5b88-8ff7-4a4d-aa9d-feb398cd0061',
        ...base,
        content: 'nul \u0000 here',
        object_refs: ['report--99999999-9999-4999-8999-999999999999'],
      },
      {
        type: 'attack-pattern',
        id: 'attack-pattern--3c7b5b88-8ff7-4a4d-aa9d-feb398cd0061',
        created: base.created,
        modified: base.modified,
        name: 'No spec version',
      },
    ]);
    expect(parsed.candidates.map((candidate) => candidate.id)).toEqual([
      'report--99999999-9999-4999-8999-999999999999',
    ]);
    expect(parsed.skipped).toEqual({ report: 1 });
    expect(parsed.skippedReasons.report).toMatch(/revoked/);
    expect(parsed.errors.map(({ index, message }) => [index, message])).toEqual([
      [0, 'name is missing'],
      [2, 'created must be a UTC timestamp such as 2026-01-31T12:00:00.000Z'],
      [3, 'pattern is missing'],
      [5, 'spec_version "2.2" is not supported: this server reads STIX 2.1'],
      [6, 'pattern does not parse: Expected "]" at the end'],
      [7, 'Object id "not-an-id" is not <type>--<uuid>'],
      [8, 'Object id "tool--0c7b5b88-8ff7-4a4d-aa9d-feb398cd0061" does not match its type "malware"'],
      [9, 'Each object must be a JSON object'],
      [10, 'source_ref must be a STIX id (<type>--<uuid>)'],
      [11, 'Text must not contain NUL characters or unpaired surrogates'],
      [12, 'spec_version is missing (STIX 2.1 needs "2.1")'],
    ]);
  });

  it('names references to objects the bundle does not hold, except the well-known TLP markings', () => {
    const parsed = readBundle([
      report('report--12121212-1212-4121-8121-121212121212', {
        object_refs: ['malware--0c7b5b88-8ff7-4a4d-aa9d-feb398cd0061'],
        object_marking_refs: [TLP2_MARKING_IDS.GREEN],
      }),
    ]);
    expect([...parsed.missingRefs.keys()]).toEqual(['malware--0c7b5b88-8ff7-4a4d-aa9d-feb398cd0061']);
  });
});

describe('parsePattern', () => {
  it.each([
    "[file:name = 'Invoice.exe']",
    "[file:hashes.'SHA-256' = 'aec070645fe53ee3b3763059376134f058cc337247c978add178b6ccdfb0019f']",
    "[url:value = 'http://example.com/foo' OR url:value = 'http://example.com/bar']",
    "[ipv4-addr:value = '198.51.100.1/32' OR ipv4-addr:value = '203.0.113.33/32']",
    "[domain-name:value = 'example.com'] FOLLOWEDBY [ipv4-addr:value = '198.51.100.1/32'] WITHIN 300 SECONDS",
    "[file:extensions.'windows-pebinary-ext'.sections[*].entropy > 7.0]",
    "[file:mime_type = 'image/bmp' AND file:magic_number_hex = h'ffd8']",
    "[network-traffic:dst_ref.type = 'ipv4-addr' AND network-traffic:dst_ref.value ISSUBSET '198.51.100.0/24']",
    "[user-account:account_type = 'unix' AND user-account:user_id = '1007'] REPEATS 5 TIMES",
    "[file:name MATCHES '^Final Report.+\\.exe$']",
    "[windows-registry-key:key LIKE 'HKEY_LOCAL_MACHINE\\\\Foo\\\\Bar%']",
    "([file:name = 'a'] AND [file:name = 'b']) START t'2016-06-01T00:00:00Z' STOP t'2016-07-01T00:00:00Z'",
    "[x509-certificate:issuer = 'CN=Example' AND x509-certificate:serial_number NOT IN ('1', '2')]",
    '[EXISTS email-message:from_ref]',
  ])('accepts %s', (pattern) => {
    expect(parsePattern(pattern)).toMatchObject({ ok: true });
  });

  it.each([
    ['', 'The pattern is empty'],
    ["file:name = 'x'", 'Expected "[" to open an observation expression at character 1'],
    ["[file:name = 'x'", 'Expected "]" at the end'],
    ["[file:name == 'x']", 'Expected a value at character 13'],
    ["[file:name = 'x'] WITHIN SECONDS", 'Expected a number of seconds at character 26'],
    ["[File:name = 'x']", 'Expected an object type such as file or domain-name at character 2'],
    ["[file:name = 'x] ", 'Unterminated string at character 14'],
    ["[file:name = 'x'] extra", 'Unexpected text after the pattern at character 19'],
    ["[network-traffic:start = t'yesterday']", 'Malformed timestamp literal at character 26'],
  ])('refuses %j: %s', (pattern, error) => {
    expect(parsePattern(pattern)).toEqual({ ok: false, error });
  });
});
