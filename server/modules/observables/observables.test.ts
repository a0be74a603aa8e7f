import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Observable } from '../../../contract/observables.js';
import { TAXII_COLLECTION_ID, TAXII_MEDIA_TYPE } from '../../../contract/taxii.js';
import type { StixBundle, Threat } from '../../../contract/threats.js';
import { notifications, reports, stixObjectThreats } from '../../db/schema/index.js';
import { setUserTier } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import * as auth from '../auth/auth.service.js';
import * as dataExport from '../data-export/data-export.service.js';
import { renderPdf } from '../reports/reports.pdf.js';
import * as reportsService from '../reports/reports.service.js';
import * as threatsService from '../threats/threats.service.js';
import { FIRM_IDENTITY_ID } from '../threats/stix-export.js';
import { TLP2_MARKING_IDS } from '../threats/stix-markings.js';
import { matchIndicators } from './observables.matching.js';
import { moveObservables } from './observables.service.js';

/* Observables on cases and their matching against the intelligence store (issue 38 points 1, 2 and 8). */

let t: TestApp;
type Member = Awaited<ReturnType<typeof registerUser>>;
let director: Member;
let client: Member;
let stranger: Member;

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true });
  director = await registerUser(t.app);
  await setUserTier(t, director.id, 4);
  client = await registerUser(t.app);
  await setUserTier(t, client.id, 3);
  stranger = await registerUser(t.app);
});
afterAll(() => t.close());

async function openCase(owner: Member = client): Promise<{ id: string; caseNumber: string }> {
  const response = await asUser(t.app, owner).post('/api/cases', {
    title: 'Phishing wave against finance',
    description: 'Finance staff received invoices with links to a credential harvesting page.',
    category: 'digital_forensics',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const add = (who: Member | null, caseId: string, body: Record<string, unknown>) =>
  asUser(t.app, who).post(`/api/cases/${caseId}/observables`, body);
const list = async (who: Member, caseId: string) => {
  const response = await asUser(t.app, who).get(`/api/cases/${caseId}/observables`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Observable[]>();
};

async function threat(indicators: string[], tlp = 'GREEN', severity = 'high'): Promise<Threat> {
  const response = await asUser(t.app, director).post('/api/threat-intelligence', {
    source: 'Observables test feed',
    category: 'cyber',
    severity,
    title: `Campaign ${randomUUID().slice(0, 8)}`,
    description: 'A campaign the observables tests match cases against.',
    indicators,
    tlp,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const unique = (label: string) => `${label}-${randomUUID().slice(0, 8)}.example`;

async function exportBundle(who: Member): Promise<StixBundle> {
  const response = await asUser(t.app, who).get('/api/threat-intelligence/export');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function taxiiObjects(who: Member): Promise<Record<string, unknown>[]> {
  const key = await asUser(t.app, who).post('/api/api-keys', { name: 'taxii', permissions: ['read'] });
  expect(key.statusCode, key.body).toBe(201);
  const response = await t.app.inject({
    method: 'GET',
    url: `/taxii2/intel/collections/${TAXII_COLLECTION_ID}/objects/?limit=1000`,
    headers: { accept: TAXII_MEDIA_TYPE, authorization: `Bearer ${key.json<{ key: string }>().key}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ objects?: Record<string, unknown>[] }>().objects ?? [];
}

const sightingsOf = (objects: readonly Record<string, unknown>[], indicatorIds: readonly string[]) =>
  objects.filter(
    (object) => object.type === 'sighting' && indicatorIds.includes(object.sighting_of_ref as string),
  );

/** The indicator ids a threat record made here travels with. */
async function indicatorIdsOf(record: Threat): Promise<string[]> {
  const bundle = await exportBundle(director);
  const report = bundle.objects.find((object) => object.id === `report--${record.id}`)!;
  return (report.object_refs as string[]).filter((id) => id.startsWith('indicator--'));
}

describe('observables', () => {
  it('adds observables normalised and refanged, lists them newest first and refuses a duplicate with 409', async () => {
    const c = await openCase();
    const cases = [
      [{ type: 'domain', value: 'EVIL[.]Example.COM.' }, 'evil.example.com'],
      [{ type: 'url', value: 'hxxps://Bad[.]Example/Login?Next=A' }, 'https://bad.example/Login?Next=A'],
      [{ type: 'ipv4', value: '203.0.113[.]7' }, '203.0.113.7'],
      [{ type: 'ipv6', value: '2001:0DB8:0000:0000:0000:0000:0000:0001' }, '2001:db8::1'],
      [{ type: 'email', value: 'Ceo[@]Evil(.)example' }, 'ceo@evil.example'],
      [{ type: 'md5', value: 'D41D8CD98F00B204E9800998ECF8427E' }, 'd41d8cd98f00b204e9800998ecf8427e'],
      [
        { type: 'sha1', value: 'da39a3ee5e6b4b0d3255bfef95601890afd80709' },
        'da39a3ee5e6b4b0d3255bfef95601890afd80709',
      ],
      [
        { type: 'sha256', value: 'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855' },
        'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      ],
      [{ type: 'filename', value: ' Invoice.pdf.exe ' }, 'Invoice.pdf.exe'],
      [{ type: 'phone', value: '+91 (98765) 43-210' }, '+919876543210'],
      [{ type: 'other', value: 'Actor handle [dot] x' }, 'Actor handle [dot] x'],
    ] as const;
    for (const [body, value] of cases) {
      const response = await add(client, c.id, body);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({
        type: body.type,
        value,
        tlp: 'amber',
        isIoc: false,
        isInternal: false,
        tags: [],
        description: null,
        matches: [],
      });
    }
    const listed = await list(client, c.id);
    expect(listed.map((item) => item.value)).toEqual(cases.map(([, value]) => value).reverse());

    const again = await add(client, c.id, { type: 'domain', value: 'evil.example.com', tlp: 'red' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'This case already holds the domain evil.example.com',
    });
  });

  it('refuses bad values per type with a message at value, and bad fields at theirs', async () => {
    const c = await openCase();
    const bad: [Record<string, unknown>, string][] = [
      [{ type: 'ipv4', value: '256.1.1.1' }, 'Enter an IPv4 address such as 203.0.113.7'],
      [{ type: 'ipv4', value: '010.1.1.1' }, 'Enter an IPv4 address such as 203.0.113.7'],
      [{ type: 'ipv6', value: 'fe80::1%eth0' }, 'Enter an IPv6 address such as 2001:db8::1'],
      [{ type: 'ipv6', value: '1.2.3.4' }, 'Enter an IPv6 address such as 2001:db8::1'],
      [{ type: 'domain', value: 'not a domain' }, 'Enter a domain name such as example.com'],
      [{ type: 'domain', value: 'localhost' }, 'Enter a domain name such as example.com'],
      [
        { type: 'url', value: 'example.com/path' },
        'Enter a URL with its scheme, such as https://example.com/path',
      ],
      [{ type: 'email', value: 'nobody@' }, 'Enter an e-mail address such as name@example.com'],
      [{ type: 'md5', value: 'abc' }, 'An MD5 hash is 32 hexadecimal characters'],
      [{ type: 'sha1', value: 'z'.repeat(40) }, 'An SHA-1 hash is 40 hexadecimal characters'],
      [{ type: 'sha256', value: 'a'.repeat(63) }, 'An SHA-256 hash is 64 hexadecimal characters'],
      [{ type: 'filename', value: 'C:\\temp\\a.exe' }, 'A file name has no folder (no / or \\)'],
      [{ type: 'phone', value: '12345' }, 'Enter a phone number of 7 to 15 digits, such as +91 98765 43210'],
      [{ type: 'other', value: '   ' }, 'Enter a value'],
      [{ type: 'other', value: 'a\u0000b' }, 'The value must not contain control characters'],
    ];
    for (const [body, message] of bad) {
      const response = await add(client, c.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().issues).toContainEqual({ path: 'value', message });
    }
    const fields = await add(client, c.id, { type: 'hash', value: 'x', tlp: 'white', tags: [''] });
    expect(fields.statusCode).toBe(400);
    expect(fields.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'type', message: expect.stringMatching(/^Type must be one of ipv4, ipv6/) },
        { path: 'tlp', message: 'TLP must be one of clear, green, amber, amber+strict, red' },
        { path: 'tags.0', message: 'Tags cannot be empty' },
      ]),
    );
    expect((await list(client, c.id)).length).toBe(0);
  });

  it('keeps cases apart: anonymous 401, another user 404 on every route, a client never sees or sets internal ones', async () => {
    const c = await openCase();
    const body = { type: 'domain', value: unique('apart') };
    expect((await add(null, c.id, body)).statusCode).toBe(401);
    const base = `/api/cases/${c.id}/observables`;
    expect((await add(stranger, c.id, body)).statusCode).toBe(404);
    expect((await asUser(t.app, stranger).get(base)).statusCode).toBe(404);
    expect((await asUser(t.app, stranger).post(`${base}/bulk`, { observables: [body] })).statusCode).toBe(
      404,
    );
    expect((await asUser(t.app, stranger).post(`${base}/extract`, { text: 'evil.example' })).statusCode).toBe(
      404,
    );
    expect((await add(client, 'not-an-id', body)).statusCode).toBe(404);

    const internalByClient = await add(client, c.id, { ...body, isInternal: true });
    expect(internalByClient.statusCode).toBe(403);
    const internal = await add(director, c.id, { ...body, isInternal: true, tlp: 'red', tags: ['staff'] });
    expect(internal.statusCode, internal.body).toBe(201);
    expect(internal.json()).toMatchObject({ isInternal: true, tlp: 'red', tags: ['staff'] });
    // The client's own copy of the same value is theirs, not a conflict that would tell them of the internal one.
    const own = await add(client, c.id, body);
    expect(own.statusCode, own.body).toBe(201);
    // A Director holding it already (internally or not) is told.
    expect((await add(director, c.id, body)).statusCode).toBe(409);

    expect((await list(client, c.id)).map((item) => item.isInternal)).toEqual([false]);
    expect((await list(director, c.id)).map((item) => item.isInternal).sort()).toEqual([false, true]);
    const internalId = internal.json<Observable>().id;
    expect((await asUser(t.app, client).delete(`${base}/${internalId}`)).statusCode).toBe(404);
    expect((await asUser(t.app, stranger).delete(`${base}/${own.json<Observable>().id}`)).statusCode).toBe(
      404,
    );
    expect((await asUser(t.app, client).delete(`${base}/${own.json<Observable>().id}`)).statusCode).toBe(204);
    expect((await asUser(t.app, client).delete(`${base}/${own.json<Observable>().id}`)).statusCode).toBe(404);
    expect((await asUser(t.app, director).delete(`${base}/${internalId}`)).statusCode).toBe(204);
    expect(await list(director, c.id)).toEqual([]);
  });

  it('adds 500 in one request, or none: every bad item named by index, repeats 400, held values 409', async () => {
    const c = await openCase();
    const many = Array.from({ length: 500 }, (_, index) => ({
      type: 'domain',
      value: `host-${index}.bulk.example`,
    }));
    const bad = many.map((item, index) =>
      index === 7 ? { type: 'ipv4', value: '999.1.1.1' } : index === 300 ? { ...item, type: 'md5' } : item,
    );
    const refused = await asUser(t.app, client).post(`/api/cases/${c.id}/observables/bulk`, {
      observables: bad,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([
      { path: 'observables.7.value', message: 'Enter an IPv4 address such as 203.0.113.7' },
      { path: 'observables.300.value', message: 'An MD5 hash is 32 hexadecimal characters' },
    ]);
    expect(await list(client, c.id)).toEqual([]);

    const repeated = await asUser(t.app, client).post(`/api/cases/${c.id}/observables/bulk`, {
      observables: [many[0], { ...many[0]!, value: 'HOST-0.bulk.example' }],
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().issues).toEqual([
      { path: 'observables.1.value', message: 'Repeats item 0: domain host-0.bulk.example' },
    ]);

    const tooMany = await asUser(t.app, client).post(`/api/cases/${c.id}/observables/bulk`, {
      observables: [...many, { type: 'domain', value: 'one-more.example' }],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().issues).toContainEqual({
      path: 'observables',
      message: 'At most 500 observables in one request',
    });

    const added = await asUser(t.app, client).post(`/api/cases/${c.id}/observables/bulk`, {
      observables: many,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<Observable[]>()).toHaveLength(500);
    const held = await asUser(t.app, client).post(`/api/cases/${c.id}/observables/bulk`, {
      observables: [{ type: 'domain', value: 'fresh.bulk.example' }, many[42]],
    });
    expect(held.statusCode).toBe(409);
    expect(held.json().issues).toEqual([
      { path: 'observables.1.value', message: 'This case already holds the domain host-42.bulk.example' },
    ]);
    const all = await asUser(t.app, client).get(`/api/cases/${c.id}/observables?limit=1000`);
    expect(all.json<Observable[]>()).toHaveLength(500);

    const internal = await asUser(t.app, client).post(`/api/cases/${c.id}/observables/bulk`, {
      observables: [{ type: 'domain', value: 'x.bulk.example', isInternal: true }],
    });
    expect(internal.statusCode).toBe(403);
  });

  it('extracts every observable of a pasted report, refanged and without repeats', async () => {
    const c = await openCase();
    const text = [
      'The lure came from billing[@]evil-corp(.)example and linked to hxxps://login.evil-corp[.]example/office365?x=1.',
      'It beaconed to 198.51.100[.]23 and 2001:db8::dead:beef, and dropped invoice_2026.pdf.exe',
      '(SHA-256 E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855, MD5 d41d8cd98f00b204e9800998ecf8427e).',
      'Payments went via pay-portal.example; call +44 20 7946 0958. Again: 198.51.100.23, PAY-PORTAL.example.',
    ].join('\n');
    const response = await asUser(t.app, client).post(`/api/cases/${c.id}/observables/extract`, { text });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      { type: 'email', value: 'billing@evil-corp.example' },
      { type: 'url', value: 'https://login.evil-corp.example/office365?x=1' },
      { type: 'ipv4', value: '198.51.100.23' },
      { type: 'ipv6', value: '2001:db8::dead:beef' },
      { type: 'filename', value: 'invoice_2026.pdf.exe' },
      { type: 'sha256', value: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' },
      { type: 'md5', value: 'd41d8cd98f00b204e9800998ecf8427e' },
      { type: 'domain', value: 'pay-portal.example' },
      { type: 'phone', value: '+442079460958' },
    ]);
    expect((await list(client, c.id)).length).toBe(0);
    const long = await asUser(t.app, client).post(`/api/cases/${c.id}/observables/extract`, {
      text: 'a'.repeat(200_001),
    });
    expect(long.statusCode).toBe(400);
  });
});

describe('matching', () => {
  it('matches a new observable against stored indicators, records a sighting that travels to readers, and tells Directors', async () => {
    const domain = unique('c2');
    const record = await threat([domain, '192.0.2.77'], 'GREEN', 'critical');
    const c = await openCase();
    const before = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, director.id));

    const response = await add(client, c.id, {
      type: 'domain',
      value: domain.toUpperCase().replace(/\./g, '[.]'),
    });
    expect(response.statusCode, response.body).toBe(201);
    const matches = response.json<Observable>().matches;
    expect(matches).toEqual([
      {
        threatId: record.id,
        stixId: expect.stringMatching(/^indicator--/),
        title: record.title,
        severity: 'critical',
      },
    ]);
    expect((await list(client, c.id))[0]!.matches).toEqual(matches);

    const after = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, director.id));
    const told = after.filter((row) => !before.some((old) => old.id === row.id));
    expect(told).toEqual([
      expect.objectContaining({
        title: `${c.caseNumber}: observable matched intelligence`,
        actionUrl: `/cases?case=${c.id}`,
      }),
    ]);
    expect(told[0]!.message).not.toContain(domain);

    // The sighting: the firm's, of that indicator, in the export and the TAXII feed of a reader of the record.
    const indicatorIds = await indicatorIdsOf(record);
    for (const objects of [(await exportBundle(client)).objects, await taxiiObjects(client)]) {
      const [sighting] = sightingsOf(objects, indicatorIds);
      expect(sighting).toMatchObject({
        type: 'sighting',
        spec_version: '2.1',
        sighting_of_ref: matches[0]!.stixId,
        where_sighted_refs: [FIRM_IDENTITY_ID],
        created_by_ref: FIRM_IDENTITY_ID,
        count: 1,
        first_seen: response.json<Observable>().createdAt,
        last_seen: response.json<Observable>().createdAt,
        object_marking_refs: [TLP2_MARKING_IDS.AMBER],
      });
      expect(objects.some((object) => object.id === FIRM_IDENTITY_ID)).toBe(true);
    }
  });

  it('never lets a sighting leave from an internal, amber+strict or red observable, but shows the match on the case', async () => {
    const values = [unique('internal'), unique('strict'), unique('red')];
    const record = await threat(values, 'GREEN');
    const indicatorIds = await indicatorIdsOf(record);
    const c = await openCase();
    const made = [
      await add(director, c.id, { type: 'domain', value: values[0], isInternal: true }),
      await add(client, c.id, { type: 'domain', value: values[1], tlp: 'amber+strict' }),
      await add(client, c.id, { type: 'domain', value: values[2], tlp: 'red' }),
    ];
    for (const response of made) {
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<Observable>().matches).toHaveLength(1);
    }
    for (const who of [client, director]) {
      expect(sightingsOf((await exportBundle(who)).objects, indicatorIds)).toEqual([]);
      expect(sightingsOf(await taxiiObjects(who), indicatorIds)).toEqual([]);
    }
    // Nor does a later version of the record pick one up.
    await matchIndicators(t.ctx, indicatorIds);
    expect(sightingsOf(await taxiiObjects(director), indicatorIds)).toEqual([]);
  });

  it('shows a client no match to intelligence their tier may not read, and gives their readers no sighting of it', async () => {
    const value = unique('red-intel');
    const record = await threat([value], 'RED');
    const c = await openCase();
    const response = await add(client, c.id, { type: 'domain', value, tlp: 'green' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Observable>().matches).toEqual([]);
    expect((await list(director, c.id))[0]!.matches).toEqual([
      expect.objectContaining({ threatId: record.id, severity: 'high' }),
    ]);
    const ids = (await exportBundle(director)).objects
      .filter((object) => object.type === 'indicator' && object.name === value)
      .map((object) => object.id);
    expect(sightingsOf((await exportBundle(director)).objects, ids)).toHaveLength(1);
    expect(sightingsOf((await exportBundle(client)).objects, ids)).toEqual([]);
    expect(sightingsOf(await taxiiObjects(client), ids)).toEqual([]);
  });

  it('matches an imported indicator against stored observables in a job, and runs "Observable matched" rules', async () => {
    const rule = await asUser(t.app, director).post('/api/automation/rules', {
      name: 'On a match',
      trigger: {
        event: 'observable.matched',
        conditions: [{ field: 'severity', operator: 'equals', value: 'critical' }],
      },
      actions: [{ type: 'notify', config: { message: '{{caseNumber}} matched {{threatTitle}}' } }],
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const c = await openCase();
    const hash = randomUUID().replace(/-/g, '').repeat(2);
    const observable = await add(client, c.id, { type: 'sha256', value: hash, isIoc: true });
    expect(observable.json<Observable>().matches).toEqual([]);

    const indicatorId = `indicator--${randomUUID()}`;
    const now = new Date().toISOString();
    const indicator = (modified: string) => ({
      type: 'indicator',
      spec_version: '2.1',
      id: indicatorId,
      created: now,
      modified,
      name: 'Loader dropped by the finance lure',
      pattern: `[file:hashes.'SHA-256' = '${hash.toUpperCase()}'] OR [file:name = 'x.exe']`,
      pattern_type: 'stix',
      valid_from: now,
      x_intel_severity: 'critical',
      object_marking_refs: [TLP2_MARKING_IDS.GREEN],
    });
    const importBundle = (modified: string) =>
      asUser(t.app, director).post('/api/threat-intelligence/import', {
        type: 'bundle',
        id: `bundle--${randomUUID()}`,
        objects: [indicator(modified)],
      });
    const imported = await importBundle(now);
    expect(imported.statusCode, imported.body).toBe(200);

    const listed = await until(
      () => list(client, c.id),
      (items) => items[0]!.matches.length > 0,
    );
    expect(listed[0]!.matches).toEqual([
      {
        threatId: expect.any(String),
        stixId: indicatorId,
        title: 'Loader dropped by the finance lure',
        severity: 'critical',
      },
    ]);
    const runs = await until(
      async () =>
        (
          await asUser(t.app, director).get(`/api/automation/rules/${rule.json<{ id: string }>().id}/runs`)
        ).json<{ eventData: Record<string, unknown>; status: string }[]>(),
      (items) => items.length > 0,
    );
    expect(runs[0]).toMatchObject({
      status: 'succeeded',
      eventData: expect.objectContaining({ caseNumber: c.caseNumber, value: hash, observableType: 'sha256' }),
    });
    expect(sightingsOf(await taxiiObjects(client), [indicatorId])).toHaveLength(1);
    // A newer version of the record still travels with the firm's sighting of it.
    const [sighting] = sightingsOf(await taxiiObjects(director), [indicatorId]);
    expect((await importBundle(new Date(Date.now() + 1_000).toISOString())).statusCode).toBe(200);
    const members = await t.database.db
      .select()
      .from(stixObjectThreats)
      .where(eq(stixObjectThreats.stixId, sighting!.id as string));
    expect(members.map((member) => member.threatId)).toEqual([listed[0]!.matches[0]!.threatId]);
    // Matching again (a retried job) records nothing twice.
    expect(await matchIndicators(t.ctx, [indicatorId])).toBe(1);
    expect((await list(client, c.id))[0]!.matches).toHaveLength(1);
    expect(sightingsOf(await taxiiObjects(client), [indicatorId])).toHaveLength(1);
  });

  it('lists observables and matches in the case report (the client version without internal ones) and the data export', async () => {
    const value = unique('report');
    const record = await threat([value], 'GREEN', 'medium');
    const c = await openCase();
    expect((await add(client, c.id, { type: 'domain', value, tags: ['lure'] })).statusCode).toBe(201);
    expect(
      (await add(director, c.id, { type: 'ipv4', value: '192.0.2.200', isInternal: true })).statusCode,
    ).toBe(201);

    for (const version of ['client', 'staff'] as const) {
      const requested = await asUser(t.app, version === 'staff' ? director : client).post(
        `/api/cases/${c.id}/report`,
        {
          version,
        },
      );
      expect(requested.statusCode, requested.body).toBe(202);
      const [row] = await t.database.db
        .select()
        .from(reports)
        .where(eq(reports.id, requested.json<{ id: string }>().id));
      const content = await reportsService.buildContent(t.ctx, row!, new Date());
      expect(content.observables!.map((item) => item.value)).toEqual(
        version === 'client' ? [value] : [value, '192.0.2.200'],
      );
      expect(content.observables![0]).toMatchObject({
        tags: ['lure'],
        internal: false,
        matches: [{ title: record.title, severity: 'medium', stixId: expect.stringMatching(/^indicator--/) }],
      });
      const pdf = await renderPdf(content, 'a'.repeat(64), 'https://portal.example/verify');
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    }

    const owner = (await auth.findUser(t.ctx.db, client.id))!;
    const document = await dataExport.buildDocument(t.ctx, owner);
    const exported = document.observables as {
      caseNumber: string;
      value: string;
      matches: { title: string }[];
    }[];
    const mine = exported.filter((item) => item.caseNumber === c.caseNumber);
    expect(mine).toEqual([
      expect.objectContaining({ value, matches: [expect.objectContaining({ title: record.title })] }),
    ]);
  });

  it('moves observables and their matches to another case (for merging)', async () => {
    const from = await openCase();
    const into = await openCase();
    const value = unique('move');
    await threat([value]);
    await add(client, from.id, { type: 'domain', value });
    await add(client, from.id, { type: 'domain', value: 'shared.move.example' });
    await add(client, into.id, { type: 'domain', value: 'shared.move.example' });
    await t.ctx.db.transaction((tx) => moveObservables(tx, from.id, into.id));
    expect(await list(client, from.id)).toEqual([]);
    const moved = await list(client, into.id);
    expect(moved.map((item) => item.value).sort()).toEqual([value, 'shared.move.example']);
    expect(moved.find((item) => item.value === value)!.matches).toHaveLength(1);
  });
});

describe('the matching job and the change that causes it', () => {
  const jobsWithValue = async (value: string) => {
    const result = await t.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job j where j.name = 'observables.match-indicators'
        and exists (select 1 from stix_indicator_values v where v.value = ${value} and j.data->'stixIds' ? v.stix_id)`,
    );
    return result.rows[0]!.n;
  };
  const allMatchJobs = async () => {
    const result = await t.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'observables.match-indicators'`,
    );
    return result.rows[0]!.n;
  };
  const input = (title: string, value: string) => ({
    source: 'Transaction test feed',
    category: 'cyber' as const,
    severity: 'high' as const,
    title,
    description: 'A record whose indicator index and matching job commit together.',
    indicators: [value],
    mitigations: [],
    tlp: 'GREEN' as const,
  });

  it('queues the matching of an added indicator in the transaction that adds it: a rolled-back add queues nothing', async () => {
    const owner = (await auth.findUser(t.ctx.db, director.id))!;
    // Fails the add at its commit, after every statement of it (the job's included) has run.
    await t.ctx.db.execute(
      sql.raw(`
      create function refuse_at_commit() returns trigger language plpgsql as $$
      begin raise exception 'refused at commit'; end $$;
      create constraint trigger refuse_rolled_back after insert on threat_intelligence
        deferrable initially deferred for each row when (new.title like 'Rolled back%')
        execute function refuse_at_commit();`),
    );
    try {
      const before = await allMatchJobs();
      const value = unique('rolled-back');
      await expect(
        threatsService.createThreat(t.ctx, owner, input(`Rolled back ${value}`, value)),
      ).rejects.toThrow();
      expect(await allMatchJobs()).toBe(before);
      const rows = await t.ctx.db.execute(sql`select 1 from stix_indicator_values where value = ${value}`);
      expect(rows.rows).toHaveLength(0);

      // The same add committed: its indicator is indexed and its job queued, by the one transaction.
      const kept = unique('committed');
      await threatsService.createThreat(t.ctx, owner, input(`Committed ${kept}`, kept));
      expect(await jobsWithValue(kept)).toBe(1);
      expect(await allMatchJobs()).toBe(before + 1);
    } finally {
      await t.ctx.db.execute(
        sql.raw('drop trigger refuse_rolled_back on threat_intelligence; drop function refuse_at_commit();'),
      );
    }
  });

  it('queues the matching of an import with the objects it stores', async () => {
    const value = unique('imported');
    const indicatorId = `indicator--${randomUUID()}`;
    const response = await asUser(t.app, director).post('/api/threat-intelligence/import', {
      type: 'bundle',
      id: `bundle--${randomUUID()}`,
      objects: [
        {
          type: 'indicator',
          spec_version: '2.1',
          id: indicatorId,
          created: '2026-01-02T03:04:05.000Z',
          modified: '2026-01-02T03:04:05.000Z',
          pattern: `[domain-name:value = '${value}']`,
          pattern_type: 'stix',
          valid_from: '2026-01-02T03:04:05.000Z',
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = await t.ctx.db.execute(
      sql`select 1 from pgboss.job where name = 'observables.match-indicators' and data->'stixIds' ? ${indicatorId}`,
    );
    expect(result.rows).toHaveLength(1);
  });
});
