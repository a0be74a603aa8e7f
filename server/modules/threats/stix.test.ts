import { describe, expect, it } from 'vitest';
import { stixBundleSchema, type StixBundle } from '../../../contract/threats.js';
import { recordsToBundle, uuidV5 } from './stix-export.js';
import { bundleToRecords } from './stix-import.js';
import { TLP2_MARKING_IDS } from './stix-markings.js';
import { indicatorKind, indicatorPattern, patternValue } from './stix-patterns.js';
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
    expect(stixBundleSchema.safeParse(bundle).success).toBe(true);
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
    const parsed = bundleToRecords(bundle);
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
    expect(bundleToRecords(out).candidates.map((candidate) => candidate.record)).toEqual([single]);
    // Once it holds more than one indicator it can only travel as a report.
    const grown = recordsToBundle([{ ...single, indicators: ['192.0.2.44', '192.0.2.45'] }]);
    expect(byType(grown, 'report')[0]!.id).toBe(`report--${single.id}`);
  });

  it('still refers to something when a record has neither indicators nor mitigations', () => {
    const bare = recordsToBundle([{ ...record, indicators: [], mitigations: [] }]);
    const [report] = byType(bare, 'report');
    expect(report!.object_refs).toEqual([byType(bare, 'identity')[0]!.id]);
    expect(bundleToRecords(bare).candidates[0]!.record).toMatchObject({ indicators: [], mitigations: [] });
  });
});

describe('bundleToRecords', () => {
  const base = {
    spec_version: '2.1',
    created: '2026-01-01T00:00:00.000Z',
    modified: '2026-01-01T00:00:00.000Z',
  };
  const bundleOf = (...objects: Record<string, unknown>[]): StixBundle =>
    stixBundleSchema.parse({ type: 'bundle', id: 'bundle--0a3c52ba-6f6a-4d38-a0a3-8a4b6f0f6f10', objects });

  it('maps TLP 1.0 markings, markings defined in the bundle, and takes the most restrictive', () => {
    const report = (id: string, refs: string[]) => ({
      type: 'report',
      id,
      ...base,
      name: 'Marked report',
      description: 'A report marked in one way or another.',
      object_refs: ['identity--9d8f2a3b-4c5d-4e6f-8a7b-1c2d3e4f5a6b'],
      object_marking_refs: refs,
    });
    const parsed = bundleToRecords(
      bundleOf(
        {
          type: 'marking-definition',
          id: 'marking-definition--1b0a7e16-4c84-4a0e-9f6a-2d1c8b9e7f01',
          spec_version: '2.1',
          created: '2026-01-01T00:00:00.000Z',
          definition_type: 'tlp',
          definition: { tlp: 'green' },
        },
        report('report--11111111-1111-4111-8111-111111111111', [
          'marking-definition--613f2e26-407d-48c7-9eca-b8e91df99dc9',
        ]),
        report('report--22222222-2222-4222-8222-222222222222', [
          'marking-definition--5e57c739-391a-4eb3-b6be-7d15ca92d5ed',
        ]),
        report('report--33333333-3333-4333-8333-333333333333', [
          'marking-definition--1b0a7e16-4c84-4a0e-9f6a-2d1c8b9e7f01',
        ]),
        report('report--44444444-4444-4444-8444-444444444444', [
          TLP2_MARKING_IDS.GREEN,
          'marking-definition--f88d31f6-486f-44da-b317-01333bde0b82',
        ]),
        report('report--55555555-5555-4555-8555-555555555555', []),
      ),
    );
    expect(parsed.candidates.map((candidate) => candidate.record.tlp)).toEqual([
      'CLEAR',
      'RED',
      'GREEN',
      'AMBER',
      'AMBER',
    ]);
  });

  it('takes severity and category from labels, source from the creating identity, and defaults the rest', () => {
    const parsed = bundleToRecords(
      bundleOf(
        {
          type: 'identity',
          id: 'identity--9d8f2a3b-4c5d-4e6f-8a7b-1c2d3e4f5a6b',
          ...base,
          name: 'Partner ISAC',
        },
        {
          type: 'report',
          id: 'report--66666666-6666-4666-8666-666666666666',
          ...base,
          created_by_ref: 'identity--9d8f2a3b-4c5d-4e6f-8a7b-1c2d3e4f5a6b',
          name: 'Insider leak report',
          labels: ['insider', 'critical'],
          object_refs: ['identity--9d8f2a3b-4c5d-4e6f-8a7b-1c2d3e4f5a6b'],
        },
      ),
    );
    expect(parsed.candidates[0]!.record).toMatchObject({
      source: 'Partner ISAC',
      category: 'insider',
      severity: 'critical',
      description: 'Report imported from a STIX bundle: Insider leak report',
      tlp: 'AMBER',
    });
  });

  it('turns an indicator no report refers to into its own record', () => {
    const parsed = bundleToRecords(
      bundleOf({
        type: 'indicator',
        id: 'indicator--77777777-7777-4777-8777-777777777777',
        ...base,
        name: 'C2 server',
        pattern: "[ipv4-addr:value = '198.51.100.9']",
        pattern_type: 'stix',
        valid_from: base.created,
      }),
    );
    expect(parsed.candidates[0]!.record).toMatchObject({
      id: '77777777-7777-4777-8777-777777777777',
      stixId: 'indicator--77777777-7777-4777-8777-777777777777',
      title: 'C2 server',
      indicators: ['198.51.100.9'],
      mitigations: [],
      source: 'STIX import',
      category: 'cyber',
      severity: 'medium',
    });
  });

  it('reports objects it cannot read, by position, and keeps the others', () => {
    const parsed = bundleToRecords(
      bundleOf(
        { type: 'report', id: 'report--88888888-8888-4888-8888-888888888888', ...base, object_refs: [] },
        {
          type: 'report',
          id: 'report--99999999-9999-4999-8999-999999999999',
          ...base,
          name: 'Good report title',
          x_intel_severity: 'apocalyptic',
        },
        {
          type: 'report',
          id: 'report--aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
          spec_version: '2.1',
          created: 'yesterday',
          modified: base.modified,
          name: 'Bad timestamps here',
        },
        {
          type: 'report',
          id: 'report--bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
          ...base,
          name: 'Tiny',
        },
        { type: 'indicator', id: 'indicator--cccccccc-cccc-4ccc-8ccc-cccccccccccc', ...base },
        {
          type: 'report',
          id: 'report--dddddddd-dddd-4ddd-8ddd-dddddddddddd',
          ...base,
          name: 'A perfectly fine report',
          description: 'This one has everything it needs to be stored.',
          revoked: true,
        },
        { ...base, type: 'report', id: 'report--eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee', spec_version: '2.0' },
      ),
    );
    expect(parsed.candidates).toEqual([]);
    expect(parsed.revoked).toBe(1);
    expect(parsed.errors).toEqual([
      {
        index: 0,
        id: 'report--88888888-8888-4888-8888-888888888888',
        type: 'report',
        error: 'name is missing',
      },
      {
        index: 1,
        id: 'report--99999999-9999-4999-8999-999999999999',
        type: 'report',
        error: 'x_intel_severity must be one of critical, high, medium, low',
      },
      {
        index: 2,
        id: 'report--aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
        type: 'report',
        error: 'created must be a timestamp such as 2026-01-31T12:00:00.000Z',
      },
      {
        index: 3,
        id: 'report--bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
        type: 'report',
        error: 'title: Title must be at least 5 characters',
      },
      {
        index: 4,
        id: 'indicator--cccccccc-cccc-4ccc-8ccc-cccccccccccc',
        type: 'indicator',
        error: 'pattern is missing',
      },
      {
        index: 6,
        id: 'report--eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee',
        type: 'report',
        error: 'spec_version must be "2.1"',
      },
    ]);
  });
});
