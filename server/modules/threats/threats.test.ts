import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StixBundle, Threat, TlpLevel } from '../../../contract/threats.js';
import { stixImports, stixObjects, threatIntelligence } from '../../db/schema/index.js';
import { setUserTier } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import { TLP2_MARKING_IDS } from './stix-markings.js';
import { findThreatsByIndicators } from './threats.service.js';

let t: TestApp;
let director: Member;
let reader: Member;
beforeAll(async () => {
  t = await createTestApp();
  director = await member(t, 4);
  reader = await member(t, 3);
});
afterAll(() => t.close());
// One feed for everyone: each test starts from an empty one.
beforeEach(async () => {
  await t.database.db.delete(threatIntelligence);
  await t.database.db.delete(stixObjects);
  await t.database.db.delete(stixImports);
});

type Member = Awaited<ReturnType<typeof member>>;
async function member(app: TestApp, tier = 1) {
  const account = await registerUser(app.app);
  if (tier !== 1) await setUserTier(app, account.id, tier);
  return account;
}

const newThreat = {
  source: 'CERT-Example',
  category: 'cyber',
  severity: 'high',
  title: 'Credential phishing wave',
  description: 'A phishing wave imitating the payroll portal harvests staff credentials.',
};

async function addThreat(extra: Record<string, unknown> = {}, by: Member = director): Promise<Threat> {
  const response = await asUser(t.app, by).post('/api/threat-intelligence', { ...newThreat, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Threat>();
}

const list = async (who: Member, query = '') => {
  const response = await asUser(t.app, who).get(`/api/threat-intelligence${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Threat[]>();
};

const exportBundle = async (who: Member, query = '', headers: Record<string, string> = {}) => {
  const response = await asUser(t.app, who, headers).get(`/api/threat-intelligence/export${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

const importBundle = (who: Member, bundle: unknown, app = t) =>
  asUser(app.app, who).post('/api/threat-intelligence/import', bundle);

describe('threat intelligence: reading and adding', () => {
  it('lets every signed-in user read the feed and only Directors add to it', async () => {
    const basic = await member(t);
    expect(await list(basic)).toEqual([]);
    const refused = await asUser(t.app, basic).post('/api/threat-intelligence', newThreat);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'TIER_REQUIRED', requiredTier: 4 });
    expect((await asUser(t.app, reader).post('/api/threat-intelligence', newThreat)).statusCode).toBe(403);
    // Refused before its body is even read.
    expect((await asUser(t.app, basic).post('/api/threat-intelligence', {})).statusCode).toBe(403);

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/threat-intelligence' });
    expect(anonymous.statusCode).toBe(401);
    const anonymousPost = await t.app.inject({
      method: 'POST',
      url: '/api/threat-intelligence',
      payload: newThreat,
    });
    expect(anonymousPost.statusCode).toBe(401);

    const created = await addThreat({
      indicators: [' Evil.Example ', 'HTTPS://Evil.Example/Login', 'evil.example'],
      mitigations: ['Block the domain', ' Reset passwords '],
    });
    expect(created).toEqual({
      id: expect.any(String),
      addedAt: expect.any(String),
      ...newThreat,
      indicators: ['evil.example', 'https://evil.example/Login'],
      mitigations: ['Block the domain', 'Reset passwords'],
      tlp: 'AMBER',
      createdAt: expect.any(String),
    });
    expect(await list(basic)).toEqual([created]);
  });

  it('announces a new threat after it is stored', async () => {
    const seen: unknown[] = [];
    t.ctx.events.on('threat.created', async (payload) => {
      seen.push(payload);
    });
    const created = await addThreat({ indicators: ['203.0.113.7'], tlp: 'RED' });
    expect(seen).toEqual([
      {
        threatId: created.id,
        createdBy: director.id,
        title: newThreat.title,
        category: 'cyber',
        severity: 'high',
        tlp: 'RED',
        indicators: ['203.0.113.7'],
      },
    ]);
  });

  it('validates every field with a message for each', async () => {
    const bad = await asUser(t.app, director).post('/api/threat-intelligence', {
      source: 'ab',
      category: 'cosmic',
      title: 'abc',
      description: 'too short',
      indicators: ['ok.example', '  '],
      mitigations: 'block it',
      tlp: 'PURPLE',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'source', message: 'Source is required' },
        { path: 'category', message: 'Category must be one of cyber, physical, insider, external' },
        { path: 'severity', message: 'Severity is required' },
        { path: 'title', message: 'Title must be at least 5 characters' },
        { path: 'description', message: 'Description must be at least 20 characters' },
        { path: 'indicators.1', message: 'Indicators cannot contain empty entries' },
        { path: 'mitigations', message: 'Mitigations must be a list' },
        { path: 'tlp', message: 'TLP must be one of CLEAR, GREEN, AMBER, AMBER+STRICT, RED' },
      ]),
    );
    const missing = await asUser(t.app, director).post('/api/threat-intelligence', {});
    expect(missing.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'source', message: 'Source is required' },
        { path: 'category', message: 'Category is required' },
        { path: 'title', message: 'Title must be at least 5 characters' },
        { path: 'description', message: 'Description must be at least 20 characters' },
      ]),
    );
    const tooMany = await asUser(t.app, director).post('/api/threat-intelligence', {
      ...newThreat,
      indicators: Array.from({ length: 101 }, (_, i) => `host${i}.example`),
      mitigations: ['x'.repeat(1001)],
    });
    expect(tooMany.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'indicators', message: 'At most 100 indicators' },
        { path: 'mitigations.0', message: 'Each mitigation must be at most 1000 characters' },
      ]),
    );
    expect(await list(director)).toEqual([]);
  });

  it('never sends AMBER+STRICT or RED records below tier 4, in the list or the export', async () => {
    const levels: TlpLevel[] = ['CLEAR', 'GREEN', 'AMBER', 'AMBER+STRICT', 'RED'];
    for (const tlp of levels) await addThreat({ title: `Threat marked ${tlp}`, tlp });
    const basic = await member(t);
    for (const who of [basic, reader]) {
      expect((await list(who)).map((threat) => threat.tlp).sort()).toEqual(['AMBER', 'CLEAR', 'GREEN']);
      const bundle = (await exportBundle(who)).json<StixBundle>();
      expect(
        bundle.objects.filter((object) => object.type === 'report').map((object) => object.name),
      ).toEqual(['Threat marked AMBER', 'Threat marked GREEN', 'Threat marked CLEAR']);
      const refs = JSON.stringify(bundle);
      expect(refs).not.toContain(TLP2_MARKING_IDS['AMBER+STRICT']);
      expect(refs).not.toContain(TLP2_MARKING_IDS.RED);
    }
    expect((await list(director)).map((threat) => threat.tlp)).toEqual([...levels].reverse());
  });

  it('filters by category and severity, newest first, and caps the list', async () => {
    await addThreat({ title: 'Cyber high one' });
    await addThreat({ title: 'Physical low one', category: 'physical', severity: 'low' });
    await addThreat({ title: 'Physical high one', category: 'physical' });
    const titles = (threats: Threat[]) => threats.map((threat) => threat.title);
    expect(titles(await list(reader))).toEqual(['Physical high one', 'Physical low one', 'Cyber high one']);
    expect(titles(await list(reader, '?category=physical'))).toEqual([
      'Physical high one',
      'Physical low one',
    ]);
    expect(titles(await list(reader, '?severity=high'))).toEqual(['Physical high one', 'Cyber high one']);
    expect(titles(await list(reader, '?category=physical&severity=low'))).toEqual(['Physical low one']);
    expect(titles(await list(reader, '?limit=1'))).toEqual(['Physical high one']);
    const exported = (await exportBundle(reader, '?category=cyber')).json<StixBundle>();
    expect(exported.objects.filter((object) => object.type === 'report')).toHaveLength(1);

    const bad = await asUser(t.app, reader).get('/api/threat-intelligence?category=cosmic&limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'category', message: 'Category must be one of cyber, physical, insider, external' },
      ]),
    );
  });

  it('serves API keys by their scope: a read key lists, only a Director’s write key adds', async () => {
    await addThreat();
    const keyOf = async (who: Member, permissions: string[]) => {
      const response = await asUser(t.app, who).post('/api/api-keys', { name: 'feed key', permissions });
      return { apiKey: response.json<{ key: string }>().key };
    };
    const readKey = await keyOf(reader, ['read']);
    const listed = await asUser(t.app, readKey).get('/api/threat-intelligence');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toHaveLength(1);
    const add = (key: { apiKey: string }) => asUser(t.app, key).post('/api/threat-intelligence', newThreat);
    expect((await add(readKey)).statusCode).toBe(403);
    expect((await add(await keyOf(reader, ['write']))).statusCode).toBe(403);
    expect((await add(await keyOf(director, ['write']))).statusCode).toBe(201);
  });
});

describe('threat intelligence: matching indicators', () => {
  it('finds records by indicator regardless of case, for what the viewer may see', async () => {
    const open = await addThreat({
      title: 'Open phishing domain',
      severity: 'medium',
      indicators: ['evil.example', '203.0.113.7', 'D41D8CD98F00B204E9800998ECF8427E'],
      mitigations: ['Block the domain'],
    });
    const secret = await addThreat({
      title: 'Secret C2 server',
      severity: 'critical',
      indicators: ['203.0.113.7'],
      tlp: 'RED',
    });
    await addThreat({ title: 'Unrelated threat', indicators: ['other.example'] });

    const asDirector = await findThreatsByIndicators(t.ctx, ['EVIL.example', '203.0.113.7', 'nothing'], 4);
    expect(asDirector).toEqual([
      {
        id: secret.id,
        title: 'Secret C2 server',
        severity: 'critical',
        category: 'cyber',
        tlp: 'RED',
        mitigations: [],
        matchedIndicators: ['203.0.113.7'],
      },
      {
        id: open.id,
        title: 'Open phishing domain',
        severity: 'medium',
        category: 'cyber',
        tlp: 'AMBER',
        mitigations: ['Block the domain'],
        matchedIndicators: ['evil.example', '203.0.113.7'],
      },
    ]);
    const asMember = await findThreatsByIndicators(
      t.ctx,
      ['203.0.113.7', 'd41d8cd98f00b204e9800998ecf8427e'],
      1,
    );
    expect(asMember.map((match) => [match.id, match.matchedIndicators])).toEqual([
      [open.id, ['203.0.113.7', 'd41d8cd98f00b204e9800998ecf8427e']],
    ]);
    expect(await findThreatsByIndicators(t.ctx, [], 4)).toEqual([]);
    expect(await findThreatsByIndicators(t.ctx, ['  '], 4)).toEqual([]);
  });
});

describe('threat intelligence: STIX', () => {
  it('exports a STIX 2.1 bundle, in STIX’s media type when asked', async () => {
    await addThreat({ indicators: ['evil.example'], mitigations: ['Block the domain'], tlp: 'GREEN' });
    const plain = await exportBundle(reader);
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    const stix = await exportBundle(reader, '', { accept: 'application/stix+json;version=2.1' });
    expect(stix.headers['content-type']).toMatch(/^application\/stix\+json; ?version="?2\.1"?/);
    const bundle = stix.json<StixBundle>();
    expect(bundle).toMatchObject({ type: 'bundle', id: expect.stringMatching(/^bundle--[0-9a-f-]{36}$/) });
    expect(bundle.objects.map((object) => object.type)).toEqual([
      'marking-definition',
      'identity',
      'report',
      'indicator',
      'course-of-action',
    ]);
    const report = bundle.objects.find((object) => object.type === 'report')!;
    expect(report).toMatchObject({
      spec_version: '2.1',
      report_types: ['threat-report'],
      object_marking_refs: [TLP2_MARKING_IDS.GREEN],
      x_intel_source: 'CERT-Example',
    });
    // Stable: the same records export with the same object ids.
    const again = (await exportBundle(reader)).json<StixBundle>();
    expect(again.objects.map((object) => object.id)).toEqual(bundle.objects.map((object) => object.id));
  });

  it('round-trips every field into a fresh database', async () => {
    await addThreat({
      indicators: ['evil.example', '198.51.100.0/24', 'https://evil.example/Path', "o'brien\\share"],
      mitigations: ['Reset passwords', 'Block the domain'],
      tlp: 'AMBER+STRICT',
    });
    await addThreat({ title: 'Bare physical threat', category: 'physical', severity: 'low', tlp: 'CLEAR' });
    await addThreat({ title: 'Red insider threat', category: 'insider', severity: 'critical', tlp: 'RED' });
    // A record that came in as an indicator of its own, and keeps its STIX id through the round trip.
    const standalone = await importBundle(director, {
      type: 'bundle',
      id: 'bundle--4b8f1c56-2a6d-4a4e-9c1e-7f1a2b3c4d5e',
      objects: [
        {
          type: 'indicator',
          id: 'indicator--5b1d8052-9fae-4071-8c3d-4e5f60718293',
          spec_version: '2.1',
          created: '2026-01-01T00:00:00.000Z',
          modified: '2026-01-02T00:00:00.000Z',
          name: 'Scanner',
          pattern: "[ipv4-addr:value = '192.0.2.44']",
          pattern_type: 'stix',
          valid_from: '2026-01-01T00:00:00.000Z',
        },
      ],
    });
    expect(standalone.json()).toMatchObject({ imported: 1 });
    const bundle = (await exportBundle(director)).json<StixBundle>();
    const rows = await t.database.db.select().from(threatIntelligence);

    const fresh = await createTestApp();
    try {
      const freshDirector = await member(fresh, 4);
      const imported = await importBundle(freshDirector, bundle, fresh);
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json()).toMatchObject({
        imported: bundle.objects.length,
        updated: 0,
        unchanged: 0,
        skipped: {},
        failed: 0,
        errors: [],
        warnings: [],
        records: { imported: 4, updated: 0 },
      });
      const copies = await fresh.database.db.select().from(threatIntelligence);
      // Who imported it and when it arrived are the fresh database's own; everything the bundle carries survives.
      const comparable = (row: typeof threatIntelligence.$inferSelect) => ({
        ...row,
        createdBy: null,
        addedAt: null,
      });
      const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
      expect(copies.map(comparable).sort(byId)).toEqual(rows.map(comparable).sort(byId));
      const freshList = await asUser(fresh.app, freshDirector).get('/api/threat-intelligence');
      const listed = (threats: { addedAt: string }[]) =>
        threats.map((threat) => ({ ...threat, addedAt: null }));
      expect(listed(freshList.json())).toEqual(listed(await list(director)));
      // And out again: the same bundle, but for its own id.
      const reExported = (
        await asUser(fresh.app, freshDirector).get('/api/threat-intelligence/export')
      ).json<StixBundle>();
      expect(reExported.objects).toEqual(bundle.objects);
    } finally {
      await fresh.close();
    }
  });

  it('re-importing is idempotent; a newer version updates, an older or equal one is unchanged', async () => {
    const created = await addThreat({ indicators: ['evil.example'] });
    const bundle = (await exportBundle(director)).json<StixBundle>();
    const count = bundle.objects.length;
    for (let run = 0; run < 2; run += 1) {
      expect((await importBundle(director, bundle)).json()).toMatchObject({
        imported: 0,
        updated: 0,
        unchanged: count,
        records: { imported: 0, updated: 0 },
      });
    }

    const report = bundle.objects.find((object) => object.type === 'report')!;
    const revise = (modified: string, name: string): StixBundle => ({
      ...bundle,
      objects: bundle.objects.map((object) => (object === report ? { ...object, modified, name } : object)),
    });
    const newer = await importBundle(director, revise('2099-01-01T00:00:00.000Z', 'Revised phishing wave'));
    expect(newer.json()).toMatchObject({
      imported: 0,
      updated: 1,
      unchanged: count - 1,
      failed: 0,
      errors: [],
      records: { imported: 0, updated: 1 },
    });
    const older = await importBundle(director, revise('2098-01-01T00:00:00.000Z', 'Stale phishing wave'));
    expect(older.json()).toMatchObject({ updated: 0, unchanged: count });
    expect(await list(director)).toEqual([{ ...created, title: 'Revised phishing wave' }]);
  });

  it('imports the valid objects of a bundle and reports the others by position', async () => {
    const base = {
      spec_version: '2.1',
      created: '2026-01-01T00:00:00.000Z',
      modified: '2026-01-01T00:00:00.000Z',
    };
    const response = await importBundle(director, {
      type: 'bundle',
      id: 'bundle--4b8f1c56-2a6d-4a4e-9c1e-7f1a2b3c4d5e',
      objects: [
        {
          type: 'report',
          id: 'report--1d7f4c1e-5b6a-4c3d-8e9f-0a1b2c3d4e5f',
          ...base,
          name: 'Imported insider report',
          description: 'A contractor copied the design archive to a personal drive.',
          labels: ['insider'],
          x_intel_severity: 'high',
          published: base.created,
          object_refs: [
            'indicator--2e8a5d2f-6c7b-4d4e-9f0a-1b2c3d4e5f60',
            'course-of-action--3f9b6e30-7d8c-4e5f-8a1b-2c3d4e5f6071',
          ],
          object_marking_refs: ['marking-definition--34098fce-860f-48ae-8e50-ebd3cc5e41da'],
        },
        {
          type: 'indicator',
          id: 'indicator--2e8a5d2f-6c7b-4d4e-9f0a-1b2c3d4e5f60',
          ...base,
          pattern: "[email-addr:value = 'Leaker@Mail.Example']",
          pattern_type: 'stix',
          valid_from: base.created,
        },
        {
          type: 'course-of-action',
          id: 'course-of-action--3f9b6e30-7d8c-4e5f-8a1b-2c3d4e5f6071',
          ...base,
          name: 'Revoke the contractor’s access',
        },
        { type: 'report', id: 'report--4a0c7f41-8e9d-4f60-9b2c-3d4e5f607182', ...base, object_refs: [] },
        {
          type: 'indicator',
          id: 'indicator--5b1d8052-9fae-4071-8c3d-4e5f60718293',
          ...base,
          name: 'Scanner address',
          pattern: "[ipv4-addr:value = '192.0.2.44']",
          pattern_type: 'stix',
          valid_from: base.created,
        },
        { type: 'indicator', id: 'indicator--6c2e9163-a0bf-4182-9d4e-5f60718293a4', ...base, pattern: 7 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      imported: 4,
      updated: 0,
      unchanged: 0,
      skipped: {},
      failed: 2,
      records: { imported: 2, updated: 0 },
      errors: [
        {
          index: 3,
          id: 'report--4a0c7f41-8e9d-4f60-9b2c-3d4e5f607182',
          type: 'report',
          message: 'name is missing',
        },
        {
          index: 5,
          id: 'indicator--6c2e9163-a0bf-4182-9d4e-5f60718293a4',
          type: 'indicator',
          message: 'pattern is missing',
        },
      ],
    });
    const threats = await list(director);
    expect(threats).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: '1d7f4c1e-5b6a-4c3d-8e9f-0a1b2c3d4e5f',
          title: 'Imported insider report',
          category: 'insider',
          severity: 'high',
          tlp: 'GREEN',
          source: 'STIX import',
          indicators: ['leaker@mail.example'],
          mitigations: ['Revoke the contractor’s access'],
          createdAt: '2026-01-01T00:00:00.000Z',
        }),
        expect.objectContaining({ title: 'Scanner address', indicators: ['192.0.2.44'] }),
      ]),
    );
    expect(threats).toHaveLength(2);
  });

  it('counts what it stored type by type, and lists every stored type for readers allowed to read it', async () => {
    const ids = {
      report: `report--${randomUUID()}`,
      indicator: `indicator--${randomUUID()}`,
      malware: `malware--${randomUUID()}`,
      secretMalware: `malware--${randomUUID()}`,
      relationship: `relationship--${randomUUID()}`,
      revoked: `attack-pattern--${randomUUID()}`,
      broken: `malware--${randomUUID()}`,
    };
    const created = '2025-03-04T05:06:07.000Z';
    const common = { spec_version: '2.1', created, modified: created };
    const bundle = {
      type: 'bundle',
      id: `bundle--${randomUUID()}`,
      objects: [
        {
          ...common,
          type: 'report',
          id: ids.report,
          name: 'Loader campaign',
          published: created,
          object_refs: [ids.indicator, ids.malware, ids.relationship],
        },
        {
          ...common,
          type: 'indicator',
          id: ids.indicator,
          pattern: "[domain-name:value = 'loader.example']",
          pattern_type: 'stix',
          valid_from: created,
        },
        { ...common, type: 'malware', id: ids.malware, name: 'QuietLoader', is_family: true },
        {
          ...common,
          type: 'malware',
          id: ids.secretMalware,
          name: 'RedLoader',
          is_family: true,
          object_marking_refs: [TLP2_MARKING_IDS.RED],
        },
        {
          ...common,
          type: 'relationship',
          id: ids.relationship,
          relationship_type: 'indicates',
          source_ref: ids.indicator,
          target_ref: ids.malware,
        },
        { ...common, type: 'attack-pattern', id: ids.revoked, name: 'Withdrawn', revoked: true },
        { spec_version: '2.1', type: 'malware', id: ids.broken, name: 'No dates', is_family: true },
      ],
    };
    const first = await importBundle(director, bundle);
    expect(first.statusCode, first.body).toBe(200);
    const zero = { imported: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 };
    expect(first.json().byType).toEqual({
      report: { ...zero, imported: 1 },
      indicator: { ...zero, imported: 1 },
      malware: { ...zero, imported: 2, failed: 1 },
      relationship: { ...zero, imported: 1 },
      'attack-pattern': { ...zero, skipped: 1 },
    });

    // Again, with the malware revised: what was stored, not what the file holds.
    const revised = {
      ...bundle,
      objects: bundle.objects.map((object) =>
        object.id === ids.malware ? { ...object, modified: '2025-06-01T00:00:00.000Z' } : object,
      ),
    };
    const second = (await importBundle(director, revised)).json();
    expect(second.byType).toMatchObject({
      malware: { ...zero, updated: 1, unchanged: 1, failed: 1 },
      relationship: { ...zero, unchanged: 1 },
    });
    // The last import keeps them for the Directors' panel.
    const latest = await asUser(t.app, director).get('/api/threat-intelligence/imports/latest');
    expect(latest.json().report.byType).toEqual(second.byType);

    const stored = async (who: Member, type: string) => {
      const response = await asUser(t.app, who).get(`/api/threat-intelligence/objects?type=${type}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ id: string; title: string; createdAt: string; addedAt: string }[]>();
    };
    const malware = await stored(director, 'malware');
    expect(malware.map((object) => object.id).sort()).toEqual([ids.malware, ids.secretMalware].sort());
    const quiet = malware.find((object) => object.id === ids.malware)!;
    // Created by its producer long before; added here today, when it was first imported.
    expect(quiet).toMatchObject({ title: 'QuietLoader', createdAt: created, tlp: 'AMBER' });
    expect(Date.now() - Date.parse(quiet.addedAt)).toBeLessThan(10 * 60_000);
    expect((await stored(director, 'relationship'))[0]).toMatchObject({
      id: ids.relationship,
      title: `${ids.indicator} indicates ${ids.malware}`,
    });
    // A tier-3 reader reads the record's malware, never the RED one.
    expect((await stored(reader, 'malware')).map((object) => object.id)).toEqual([ids.malware]);
    expect(await stored(director, 'attack-pattern')).toEqual([]);
    const bad = await asUser(t.app, director).get('/api/threat-intelligence/objects?type=Not%20a%20type');
    expect(bad.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/threat-intelligence/objects?type=malware',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('reports a record whose id another record already holds, and keeps the rest of its batch', async () => {
    const uuid = '7e57a1d0-0b1e-4c0d-9e11-5a5e5a5e5a5e';
    const base = {
      spec_version: '2.1',
      created: '2026-01-01T00:00:00.000Z',
      modified: '2026-01-01T00:00:00.000Z',
    };
    const report = {
      type: 'report',
      id: `report--${uuid}`,
      ...base,
      name: 'Report holding the id',
      published: base.created,
      object_refs: ['identity--9d8f2a3b-4c5d-4e6f-8a7b-1c2d3e4f5a6b'],
    };
    const clash = {
      type: 'indicator',
      id: `indicator--${uuid}`,
      ...base,
      pattern: "[domain-name:value = 'clash.example']",
      pattern_type: 'stix',
      valid_from: base.created,
    };
    const other = { ...clash, id: 'indicator--0c0ffee0-1234-4abc-8def-0123456789ab' };
    const bundle = (objects: object[]) => ({
      type: 'bundle',
      id: 'bundle--4b8f1c56-2a6d-4a4e-9c1e-7f1a2b3c4d5e',
      objects,
    });
    const error = (index: number) => ({
      index,
      id: `indicator--${uuid}`,
      type: 'indicator',
      message: `Another record already uses the id ${uuid}`,
    });
    // Both new in one bundle: the batch is undone and retried one by one.
    const first = await importBundle(director, bundle([report, clash, other]));
    expect(first.json()).toMatchObject({ imported: 2, updated: 0, failed: 1, errors: [error(1)] });
    // Already stored: found before anything is written.
    const second = await importBundle(director, bundle([clash]));
    expect(second.json()).toMatchObject({ imported: 0, updated: 0, failed: 1, errors: [error(0)] });
    expect((await list(director)).map((threat) => threat.title).sort()).toEqual([
      'Indicator clash.example',
      'Report holding the id',
    ]);
  });

  it('rejects malformed bundles with clear errors, and non-Directors outright', async () => {
    const objects = [{ type: 'report', id: 'report--1d7f4c1e-5b6a-4c3d-8e9f-0a1b2c3d4e5f' }];
    const bundleId = 'bundle--4b8f1c56-2a6d-4a4e-9c1e-7f1a2b3c4d5e';
    const cases: [unknown, { path: string; message: string }][] = [
      [[objects], { path: '', message: 'The body must be a STIX 2.1 bundle (a JSON object)' }],
      [
        { type: 'collection', id: bundleId, objects },
        { path: 'type', message: 'A STIX bundle has type "bundle"' },
      ],
      [
        { type: 'bundle', id: 'bundle-1', objects },
        { path: 'id', message: 'The bundle id must be bundle--<uuid>' },
      ],
      [
        { type: 'bundle', id: bundleId, objects: {} },
        { path: 'objects', message: 'A STIX bundle has an objects list' },
      ],
    ];
    for (const [body, issue] of cases) {
      const response = await importBundle(director, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(response.json().issues).toContainEqual(issue);
    }
    // An object that is not one is that object's error; the bundle still answers 200 with the rest.
    const perObject = await importBundle(director, {
      type: 'bundle',
      id: bundleId,
      objects: [
        { id: 'report--1d7f4c1e-5b6a-4c3d-8e9f-0a1b2c3d4e5f' },
        { type: 'report', id: 'report--42' },
        { type: 'report', id: 'indicator--1d7f4c1e-5b6a-4c3d-8e9f-0a1b2c3d4e5f' },
        'report',
      ],
    });
    expect(perObject.statusCode).toBe(200);
    expect(perObject.json()).toMatchObject({
      imported: 0,
      failed: 4,
      errors: [
        { index: 0, message: 'Every object needs a type' },
        { index: 1, message: 'Object id "report--42" is not <type>--<uuid>' },
        {
          index: 2,
          message:
            'Object id "indicator--1d7f4c1e-5b6a-4c3d-8e9f-0a1b2c3d4e5f" does not match its type "report"',
        },
        { index: 3, message: 'Each object must be a JSON object' },
      ],
    });
    const notJson = await asUser(t.app, director, { 'content-type': 'application/json' }).post(
      '/api/threat-intelligence/import',
    );
    expect(notJson.statusCode).toBe(400);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/threat-intelligence/import',
      headers: { cookie: director.cookie, 'content-type': 'application/json' },
      payload: '{"type": "bundle", ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('VALIDATION_FAILED');

    const refused = await importBundle(reader, { type: 'bundle', id: bundleId, objects: [] });
    expect(refused.statusCode).toBe(403);
    expect(await list(director)).toEqual([]);
  });
});
