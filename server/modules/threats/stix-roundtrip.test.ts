import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StixBundle, StixImportReport, Threat } from '../../../contract/threats.js';
import { stixImports, stixObjects, threatIntelligence } from '../../db/schema/index.js';
import { setUserTier } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import { IDS, SPEC_OBJECTS, specBundle } from './stix-fixtures.js';
import { TLP2_MARKING_IDS } from './stix-markings.js';

/* Faithful STIX (issue 20 point 1): what goes in comes back out exactly; the bad input never costs a 5xx. */

let t: TestApp;
let director: { cookie: string; id: string };
let reader: { cookie: string; id: string };
beforeAll(async () => {
  t = await createTestApp();
  director = await registerUser(t.app);
  await setUserTier(t, director.id, 4);
  reader = await registerUser(t.app);
  await setUserTier(t, reader.id, 3);
});
afterAll(() => t.close());
beforeEach(clear);

async function clear() {
  await t.database.db.delete(threatIntelligence);
  await t.database.db.delete(stixObjects);
  await t.database.db.delete(stixImports);
}

const importBundle = (bundle: unknown, who = director) =>
  asUser(t.app, who).post('/api/threat-intelligence/import', bundle);

async function imported(bundle: unknown): Promise<StixImportReport> {
  const response = await importBundle(bundle);
  expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
  return response.json<StixImportReport>();
}

async function exported(who = director, query = ''): Promise<StixBundle> {
  const response = await asUser(t.app, who).get(`/api/threat-intelligence/export${query}`);
  expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
  return response.json<StixBundle>();
}

const byId = (objects: readonly unknown[]) =>
  new Map((objects as Record<string, unknown>[]).map((object) => [object.id as string, object]));

describe('STIX import and export keep every object as it came', () => {
  it('imports one object of each kind from the specification and exports each back unchanged', async () => {
    const report = await imported(specBundle());
    expect(report).toMatchObject({
      imported: SPEC_OBJECTS.length,
      updated: 0,
      unchanged: 0,
      skipped: {},
      failed: 0,
      errors: [],
      warnings: [],
      records: { imported: 1, updated: 0 },
    });
    const out = byId((await exported()).objects);
    for (const object of SPEC_OBJECTS) expect(out.get(object.id as string)).toEqual(object);
    expect(out.size).toBe(SPEC_OBJECTS.length);

    // The record the report became: matching reads a normalised copy of the patterns' values.
    const [threat] = (await asUser(t.app, director).get('/api/threat-intelligence')).json<Threat[]>();
    expect(threat).toMatchObject({
      id: IDS.report.slice('report--'.length),
      title: 'Operation Paper Trail',
      source: 'ACME Threat Research',
      severity: 'high',
      indicators: [
        'invoice.exe',
        'aec070645fe53ee3b3763059376134f058cc337247c978add178b6ccdfb0019f',
        'pay-portal.example',
        '198.51.100.23',
      ],
      mitigations: ['Block executable attachments at the mail gateway'],
    });
    // ...while the patterns themselves are exactly as sent, case and all.
    expect((out.get(IDS.indicatorFile) as { pattern: string }).pattern).toBe("[file:name = 'Invoice.exe']");
    expect((out.get(IDS.indicatorRegex) as { pattern: string }).pattern).toContain(
      "MATCHES '^Invoice_[0-9]{4}\\\\.(exe|scr)$'",
    );
  });

  it('keeps a report’s 75 references, more than 50 courses of action, and its indicators’ ids', async () => {
    const created = '2026-03-01T00:00:00.000Z';
    const common = { spec_version: '2.1', created, modified: created };
    const hex = (n: number) => n.toString(16).padStart(12, '0');
    const indicators = Array.from({ length: 12 }, (_, n) => ({
      type: 'indicator',
      id: `indicator--00000000-0000-4000-8000-${hex(n)}`,
      ...common,
      pattern: `[ipv4-addr:value = '192.0.2.${n + 1}']`,
      pattern_type: 'stix',
      valid_from: created,
    }));
    const courses = Array.from({ length: 60 }, (_, n) => ({
      type: 'course-of-action',
      id: `course-of-action--00000000-0000-4000-8000-${hex(n)}`,
      ...common,
      name: `Course ${n}`,
    }));
    const patterns = Array.from({ length: 3 }, (_, n) => ({
      type: 'attack-pattern',
      id: `attack-pattern--00000000-0000-4000-8000-${hex(n)}`,
      ...common,
      name: `Technique ${n}`,
    }));
    const refs = [...indicators, ...courses, ...patterns].map((object) => object.id);
    expect(refs).toHaveLength(75);
    const report = {
      type: 'report',
      id: 'report--00000000-0000-4000-8000-00000000abcd',
      ...common,
      name: 'Seventy-five references',
      published: created,
      object_refs: refs,
    };
    const objects = [report, ...indicators, ...courses, ...patterns];
    expect(await imported(specBundle(objects))).toMatchObject({ imported: 76, failed: 0 });
    const out = byId((await exported()).objects);
    expect(out.get(report.id)).toEqual(report);
    for (const object of objects) expect(out.get(object.id)).toEqual(object);
    const [threat] = (await asUser(t.app, director).get('/api/threat-intelligence')).json<Threat[]>();
    expect(threat!.mitigations).toHaveLength(60);
    expect(threat!.indicators).toHaveLength(12);
  });

  it('counts a bundle of attack patterns alone, and exports them again', async () => {
    const objects = SPEC_OBJECTS.filter((object) => object.type === 'attack-pattern');
    expect(await imported(specBundle(objects))).toMatchObject({
      imported: 1,
      records: { imported: 0, updated: 0 },
    });
    expect((await exported()).objects).toEqual(objects);
  });

  it('versions by modified: newer replaces, older or equal is unchanged, and both stay readable', async () => {
    await imported(specBundle());
    const malware = SPEC_OBJECTS.find((object) => object.id === IDS.malware)!;
    const newer = { ...malware, modified: '2026-05-01T00:00:00.000Z', name: 'PaperLoader v2' };
    const older = { ...malware, modified: '2026-04-01T00:00:00.000Z', name: 'PaperLoader v1.5' };
    expect(await imported(specBundle([newer]))).toMatchObject({ imported: 0, updated: 1, unchanged: 0 });
    expect(await imported(specBundle([older, malware]))).toMatchObject({ updated: 0, unchanged: 2 });
    expect(byId((await exported()).objects).get(IDS.malware)).toEqual(newer);
  });

  it('answers each kind of bad object with its own error, and keeps the rest', async () => {
    const [identity] = SPEC_OBJECTS;
    const indicator = SPEC_OBJECTS.find((object) => object.id === IDS.indicatorFile)!;
    const report = await imported(
      specBundle([
        identity,
        { ...indicator, spec_version: '2.2' },
        {
          ...indicator,
          id: 'indicator--11111111-2222-4333-8444-555555555555',
          pattern: "[file:name = 'x' AND]",
        },
        { ...indicator, id: 'indicator--not-a-uuid' },
        { ...indicator, id: 'indicator--21111111-2222-4333-8444-555555555555', created_by_ref: 'someone' },
        { ...indicator, id: 'indicator--31111111-2222-4333-8444-555555555555', object_marking_refs: [] },
        {
          ...indicator,
          id: 'indicator--41111111-2222-4333-8444-555555555555',
          created_by_ref: 'identity--99999999-2222-4333-8444-555555555555',
        },
        { ...indicator, id: 'indicator--51111111-2222-4333-8444-555555555555', revoked: true },
        { type: 'bundle', id: 'bundle--61111111-2222-4333-8444-555555555555' },
      ]),
    );
    expect(report).toMatchObject({
      imported: 3,
      skipped: { indicator: 1 },
      skippedReasons: { indicator: expect.stringMatching(/revoked/) },
      failed: 5,
    });
    expect(report.errors.map(({ index, message }) => [index, message])).toEqual([
      [1, 'spec_version "2.2" is not supported: this server reads STIX 2.1'],
      [2, expect.stringMatching(/^pattern does not parse: /)],
      [3, 'Object id "indicator--not-a-uuid" is not <type>--<uuid>'],
      [4, 'created_by_ref must be a STIX id (<type>--<uuid>)'],
      [8, 'A bundle cannot be an object of a bundle'],
    ]);
    // A reference to an object nobody sent is kept as it is, and said so.
    expect(report.warnings).toEqual([
      expect.objectContaining({ index: 6, message: expect.stringContaining('identity--99999999-2222') }),
    ]);
    expect(report.imported + report.failed + 1).toBe(9);
  });

  it('refuses a 50,000-object bundle whole with 413, and one over 10 MiB', async () => {
    const objects = Array.from({ length: 50_000 }, (_, n) => ({
      type: 'x-tiny',
      id: `x-tiny--00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
    }));
    const tooMany = await importBundle(specBundle(objects));
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('50000'),
    });
    const huge = await importBundle(
      specBundle([{ ...SPEC_OBJECTS[0], description: 'x'.repeat(11 * 1_048_576) }]),
    );
    expect(huge.statusCode).toBe(413);
    expect(await t.database.db.select().from(stixObjects)).toEqual([]);
  });

  it('shows Directors the last import with its counts; nobody else', async () => {
    const none = await asUser(t.app, director).get('/api/threat-intelligence/imports/latest');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    const report = await imported(specBundle());
    const latest = await asUser(t.app, director).get('/api/threat-intelligence/imports/latest');
    expect(latest.json()).toMatchObject({ via: 'api', totalCount: SPEC_OBJECTS.length, report });
    expect((await asUser(t.app, reader).get('/api/threat-intelligence/imports/latest')).statusCode).toBe(403);
  });

  it('exports to a reader only what the list shows them, and the objects no record carries', async () => {
    const red = SPEC_OBJECTS.map((object) =>
      object.id === IDS.report ? { ...object, object_marking_refs: [TLP2_MARKING_IDS.RED] } : object,
    );
    await imported(specBundle(red));
    const seen = byId((await exported(reader)).objects);
    expect((await asUser(t.app, reader).get('/api/threat-intelligence')).json()).toEqual([]);
    // The report and what travels with it stay with Directors; the grouping, tool, vulnerability and opinion
    // belong to no record and carry no restricted marking.
    expect([...seen.keys()].sort()).toEqual(
      [IDS.groupingX, IDS.tool, IDS.vulnerability, IDS.opinion, IDS.custom].sort(),
    );
  });
});

/* Property: any valid bundle round-trips with every id, pattern and property unchanged. */

const uuid = fc.uuid({ version: 4 });
const timestamp = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString());
const text = fc
  .string({ minLength: 1, maxLength: 40 })
  .filter((value) => !value.includes('\0') && value.trim() !== '');
const patternValue = fc.string({ maxLength: 30 }).filter((value) => !value.includes('\0'));
const quote = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const path = fc.constantFrom(
  'file:name',
  "file:hashes.'SHA-256'",
  'domain-name:value',
  'ipv4-addr:value',
  'url:value',
  'email-message:from_ref.value',
  'windows-registry-key:key',
);
const comparison = fc
  .tuple(path, fc.constantFrom('=', '!=', 'LIKE', 'MATCHES'), patternValue)
  .map(([p, op, value]) => `${p} ${op} ${quote(value)}`);
const pattern = fc
  .tuple(
    fc.array(fc.array(comparison, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
    fc.constantFrom(' AND ', ' OR ', ' FOLLOWEDBY '),
    fc.option(fc.integer({ min: 1, max: 3600 }), { nil: undefined }),
  )
  .map(([groups, join, within]) => {
    const body = groups.map((group) => `[${group.join(' OR ')}]`).join(join);
    return within === undefined ? body : `(${body}) WITHIN ${within} SECONDS`;
  });
const extras = fc.dictionary(
  fc.constantFrom('x_a', 'x_b', 'labels', 'confidence', 'lang', 'x_nested'),
  fc.oneof(
    text,
    fc.integer({ min: 0, max: 100 }),
    fc.array(text, { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('k', 'v'), text),
  ),
  { maxKeys: 3 },
);
const sdoTypes = fc.constantFrom(
  'attack-pattern',
  'malware',
  'tool',
  'threat-actor',
  'campaign',
  'vulnerability',
  'identity',
  'x-custom-thing',
);

const bundles = fc
  .record({
    indicators: fc.array(fc.tuple(uuid, pattern, timestamp, extras, fc.string({ maxLength: 20 })), {
      minLength: 0,
      maxLength: 6,
    }),
    others: fc.array(fc.tuple(sdoTypes, uuid, timestamp, text, extras), { maxLength: 6 }),
    report: fc.option(fc.tuple(uuid, timestamp, text), { nil: undefined }),
    relate: fc.boolean(),
  })
  .map(({ indicators, others, report, relate }) => {
    const objects: Record<string, unknown>[] = [];
    for (const [id, p, created, extra, name] of indicators) {
      objects.push({
        ...extra,
        type: 'indicator',
        id: `indicator--${id}`,
        spec_version: '2.1',
        created,
        modified: created,
        ...(name ? { name } : {}),
        pattern: p,
        pattern_type: 'stix',
        valid_from: created,
      });
    }
    for (const [type, id, created, name, extra] of others) {
      objects.push({
        ...extra,
        type,
        id: `${type}--${id}`,
        spec_version: '2.1',
        created,
        modified: created,
        name,
      });
    }
    const ids = objects.map((object) => object.id as string);
    if (relate && ids.length >= 2) {
      objects.push({
        type: 'relationship',
        id: 'relationship--0d1e2f30-4152-4637-8879-8a9bacbdcedf',
        spec_version: '2.1',
        created: '2020-01-01T00:00:00.000Z',
        modified: '2020-01-01T00:00:00.000Z',
        relationship_type: 'related-to',
        source_ref: ids[0],
        target_ref: ids[1],
      });
    }
    if (report && ids.length) {
      const [id, created, name] = report;
      objects.push({
        type: 'report',
        id: `report--${id}`,
        spec_version: '2.1',
        created,
        modified: created,
        published: created,
        name,
        object_refs: ids.slice(0, Math.ceil(ids.length / 2)),
      });
    }
    // One version of each id: fast-check may draw the same uuid twice.
    const seen = new Set<string>();
    return objects.filter(
      (object) => !seen.has(object.id as string) && Boolean(seen.add(object.id as string)),
    );
  });

describe('property: any valid bundle round-trips', () => {
  it('keeps every object, id and pattern through import and export', async () => {
    await fc.assert(
      fc.asyncProperty(bundles, async (objects) => {
        await clear();
        const report = await imported(specBundle(objects));
        expect(report.failed, JSON.stringify(report.errors)).toBe(0);
        expect(report.imported).toBe(objects.length);
        const out = byId((await exported()).objects);
        expect(out.size).toBe(objects.length);
        for (const object of objects) expect(out.get(object.id as string)).toEqual(object);
        // Again: nothing changes, nothing is lost.
        expect(await imported(specBundle(objects))).toMatchObject({ unchanged: objects.length, imported: 0 });
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});
