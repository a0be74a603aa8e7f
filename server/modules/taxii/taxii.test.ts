import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  STIX_MEDIA_TYPE,
  TAXII_COLLECTION_ID,
  TAXII_MAX_LIMIT,
  TAXII_MEDIA_TYPE,
} from '../../../contract/taxii.js';
import type { Threat } from '../../../contract/threats.js';
import { stixImports, stixObjects, threatIntelligence } from '../../db/schema/index.js';
import { setUserTier } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import { IDS, SPEC_OBJECTS } from '../threats/stix-fixtures.js';
import { TLP2_MARKING_IDS } from '../threats/stix-markings.js';

/* The TAXII 2.1 feed (issue 20 point 2, design 11.4). */

let t: TestApp;
type Member = { cookie: string; id: string };
let director: Member;
let reader: Member;
let directorWrite: string;
let directorRead: string;
let readerRead: string;
let readerWrite: string;

async function keyOf(who: Member, permissions: string[]): Promise<string> {
  const response = await asUser(t.app, who).post('/api/api-keys', { name: 'taxii', permissions });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ key: string }>().key;
}

beforeAll(async () => {
  t = await createTestApp();
  director = await registerUser(t.app);
  await setUserTier(t, director.id, 4);
  reader = await registerUser(t.app);
  await setUserTier(t, reader.id, 3);
  directorWrite = await keyOf(director, ['read', 'write']);
  directorRead = await keyOf(director, ['read']);
  readerRead = await keyOf(reader, ['read']);
  readerWrite = await keyOf(reader, ['read', 'write']);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(threatIntelligence);
  await t.database.db.delete(stixObjects);
  await t.database.db.delete(stixImports);
});

const ROOT = '/taxii2/intel';
const COLLECTION = `${ROOT}/collections/${TAXII_COLLECTION_ID}`;
const basic = (key: string, user = 'analyst') => `Basic ${Buffer.from(`${user}:${key}`).toString('base64')}`;

function get(url: string, key: string | null, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: {
      accept: TAXII_MEDIA_TYPE,
      ...(key ? { authorization: basic(key) } : {}),
      ...headers,
    },
  });
}

function post(url: string, key: string, body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      accept: TAXII_MEDIA_TYPE,
      'content-type': TAXII_MEDIA_TYPE,
      authorization: basic(key),
      ...headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function add(objects: unknown[], key = directorWrite) {
  const response = await post(`${COLLECTION}/objects/`, key, { objects });
  expect(response.statusCode, response.body).toBe(202);
  return response.json<{ id: string; success_count: number; failure_count: number; total_count: number }>();
}

function expectTaxiiError(response: Awaited<ReturnType<typeof get>>, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toBe(TAXII_MEDIA_TYPE);
  expect(response.json()).toMatchObject({ title: expect.any(String), http_status: String(status) });
}

const created = '2026-03-01T00:00:00.000Z';
const hex = (n: number) => n.toString(16).padStart(12, '0');

describe('TAXII 2.1: discovery, API root and collections', () => {
  it('answers discovery, the API root and the one collection in the TAXII media type', async () => {
    const discovery = await get('/taxii2/', readerRead);
    expect(discovery.statusCode).toBe(200);
    expect(discovery.headers['content-type']).toBe(TAXII_MEDIA_TYPE);
    expect(discovery.json()).toMatchObject({
      default: 'http://localhost:80/taxii2/intel/',
      api_roots: ['http://localhost:80/taxii2/intel/'],
    });
    expect((await get(`${ROOT}/`, readerRead)).json()).toMatchObject({
      versions: [TAXII_MEDIA_TYPE],
      max_content_length: 10 * 1_048_576,
    });
    const collections = await get(`${ROOT}/collections/`, readerRead);
    expect(collections.json()).toEqual({
      collections: [
        expect.objectContaining({
          id: TAXII_COLLECTION_ID,
          can_read: true,
          can_write: false,
          media_types: [STIX_MEDIA_TYPE],
        }),
      ],
    });
    expect((await get(`${COLLECTION}/`, directorWrite)).json()).toMatchObject({ can_write: true });
    expect((await get(`${COLLECTION}/`, directorRead)).json()).toMatchObject({ can_write: false });
    expectTaxiiError(await get(`${ROOT}/collections/00000000-0000-4000-8000-000000000000/`, readerRead), 404);
    expectTaxiiError(
      await get(`${ROOT}/collections/00000000-0000-4000-8000-000000000000/objects/`, readerRead),
      404,
    );
    expectTaxiiError(await get('/taxii2/elsewhere/', readerRead), 404);
  });
});

describe('TAXII 2.1: authentication and media types', () => {
  it('asks for credentials with WWW-Authenticate, and takes the key as Basic password, Basic user or Bearer', async () => {
    for (const authorization of [undefined, 'Basic !!!', basic('ik_wrong'), 'Bearer ik_wrong', 'Digest x']) {
      const response = await get('/taxii2/', null, authorization ? { authorization } : {});
      expectTaxiiError(response, 401);
      expect(response.headers['www-authenticate']).toBe('Basic realm="taxii"');
    }
    expect((await get('/taxii2/', null, { authorization: `Bearer ${readerRead}` })).statusCode).toBe(200);
    expect((await get('/taxii2/', null, { authorization: basic('', readerRead) })).statusCode).toBe(200);
    // A browser session is not a TAXII credential.
    const cookie = await t.app.inject({ method: 'GET', url: '/taxii2/', headers: { cookie: reader.cookie } });
    expect(cookie.statusCode).toBe(401);
  });

  it('refuses an Accept it cannot satisfy (406) and a body that is not TAXII JSON (415)', async () => {
    expectTaxiiError(await get('/taxii2/', readerRead, { accept: 'application/json' }), 406);
    expectTaxiiError(
      await get('/taxii2/', readerRead, { accept: 'application/taxii+json;version=2.0' }),
      406,
    );
    for (const accept of [
      '*/*',
      'application/taxii+json',
      'application/taxii+json; version=2.1, text/html;q=0.5',
    ]) {
      expect((await get('/taxii2/', readerRead, { accept })).statusCode).toBe(200);
    }
    const json = await post(
      `${COLLECTION}/objects/`,
      directorWrite,
      { objects: [] },
      { 'content-type': 'application/json' },
    );
    expectTaxiiError(json, 415);
    const broken = await post(`${COLLECTION}/objects/`, directorWrite, '{"objects": [');
    expectTaxiiError(broken, 400);
  });

  it('lets only a Director’s write key add', async () => {
    for (const key of [readerRead, readerWrite, directorRead]) {
      expectTaxiiError(await post(`${COLLECTION}/objects/`, key, { objects: [] }), 403);
    }
    const status = await add(SPEC_OBJECTS.slice(0, 3));
    expect(status).toMatchObject({ total_count: 3, success_count: 3, failure_count: 0 });
  });
});

describe('TAXII 2.1: adding, and the status resource', () => {
  it('imports an envelope at once and keeps its status for the key’s owner alone', async () => {
    const bad = { ...SPEC_OBJECTS[0], id: 'identity--nope' };
    const status = await add([
      ...SPEC_OBJECTS,
      bad,
      { ...SPEC_OBJECTS[5], revoked: true, id: 'indicator--71111111-2222-4333-8444-555555555555' },
    ]);
    expect(status).toMatchObject({
      total_count: SPEC_OBJECTS.length + 2,
      success_count: SPEC_OBJECTS.length + 1,
      failure_count: 1,
    });
    const read = await get(`${ROOT}/status/${status.id}/`, directorRead);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      id: status.id,
      status: 'complete',
      pending_count: 0,
      failures: [{ id: 'identity--nope', message: 'Object id "identity--nope" is not <type>--<uuid>' }],
      successes: expect.arrayContaining([
        { id: IDS.report, version: '2026-02-03T04:05:06.789Z', message: 'imported' },
        {
          id: 'indicator--71111111-2222-4333-8444-555555555555',
          message: expect.stringMatching(/^skipped: revoked/),
        },
      ]),
    });
    expectTaxiiError(await get(`${ROOT}/status/${status.id}/`, readerRead), 404);
    expectTaxiiError(await get(`${ROOT}/status/not-a-uuid/`, directorRead), 404);
    // The Directors' Threat Intelligence tab shows it as the last import.
    const latest = await asUser(t.app, director).get('/api/threat-intelligence/imports/latest');
    expect(latest.json()).toMatchObject({ id: status.id, via: 'taxii' });
  });

  it('refuses an envelope above the limits whole, with TAXII errors', async () => {
    const tiny = Array.from({ length: 50_000 }, (_, n) => ({
      type: 'x-tiny',
      id: `x-tiny--00000000-0000-4000-8000-${hex(n)}`,
    }));
    expectTaxiiError(await post(`${COLLECTION}/objects/`, directorWrite, { objects: tiny }), 413);
    const huge = { objects: [{ ...SPEC_OBJECTS[0], description: 'x'.repeat(11 * 1_048_576) }] };
    expectTaxiiError(await post(`${COLLECTION}/objects/`, directorWrite, huge), 413);
    expectTaxiiError(await post(`${COLLECTION}/objects/`, directorWrite, { objects: 'none' }), 400);
    expectTaxiiError(await post(`${COLLECTION}/objects/`, directorWrite, [1, 2]), 400);
    expect(await t.database.db.select().from(stixObjects)).toEqual([]);
  });
});

describe('TAXII 2.1: reading objects', () => {
  it('pages through 1,000 objects with limit and next, each once, oldest addition first, with the date headers', async () => {
    const objects = Array.from({ length: 1_000 }, (_, n) => ({
      type: 'attack-pattern',
      id: `attack-pattern--00000000-0000-4000-8000-${hex(n)}`,
      spec_version: '2.1',
      created,
      modified: created,
      name: `Technique ${n}`,
    }));
    // In four adds, so that date_added differs between some of them.
    for (let start = 0; start < 1_000; start += 250) await add(objects.slice(start, start + 250));
    const seen: string[] = [];
    let next: string | undefined;
    let pages = 0;
    let previousLast = '';
    do {
      const response = await get(
        `${COLLECTION}/objects/?limit=100${next ? `&next=${next}` : ''}`,
        readerRead,
      );
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ more: boolean; next?: string; objects: { id: string }[] }>();
      expect(body.objects).toHaveLength(100);
      const first = response.headers['x-taxii-date-added-first'] as string;
      const last = response.headers['x-taxii-date-added-last'] as string;
      expect(first <= last && previousLast <= first).toBe(true);
      previousLast = last;
      seen.push(...body.objects.map((object) => object.id));
      next = body.more ? body.next : undefined;
      pages += 1;
    } while (next);
    expect(pages).toBe(10);
    expect(seen).toEqual(objects.map((object) => object.id));

    // added_after: only what came after a moment.
    const manifest = await get(`${COLLECTION}/manifest/?limit=1000`, readerRead);
    const entries = manifest.json<{
      objects: { id: string; date_added: string; version: string; media_type: string }[];
    }>().objects;
    expect(entries).toHaveLength(1_000);
    expect(entries[0]).toEqual({
      id: objects[0]!.id,
      date_added: expect.any(String),
      version: created,
      media_type: STIX_MEDIA_TYPE,
    });
    const cut = entries[499]!.date_added;
    const after = await get(`${COLLECTION}/objects/?limit=1000&added_after=${cut}`, readerRead);
    const afterIds = after.json<{ objects: { id: string }[] }>().objects.map((object) => object.id);
    expect(afterIds).toEqual(entries.filter((entry) => entry.date_added > cut).map((entry) => entry.id));
    expect(afterIds.length).toBeLessThan(1_000);
    const none = await get(`${COLLECTION}/objects/?added_after=2100-01-01T00:00:00Z`, readerRead);
    expect(none.json()).toEqual({ more: false });
    expect(none.headers['x-taxii-date-added-first']).toBeUndefined();
  });

  it('filters by match[id], match[type] and match[version], and serves an object and its versions', async () => {
    await add(SPEC_OBJECTS);
    const malware = SPEC_OBJECTS.find((object) => object.id === IDS.malware)!;
    const v2 = { ...malware, modified: '2026-05-01T00:00:00.000Z', name: 'PaperLoader v2' };
    await add([v2]);
    const ids = async (query: string) =>
      (await get(`${COLLECTION}/objects/?${query}`, directorRead)).json<{
        objects?: { id: string; modified?: string }[];
      }>().objects ?? [];

    expect((await ids(`match[id]=${IDS.malware},${IDS.tool}`)).map((object) => object.id).sort()).toEqual(
      [IDS.malware, IDS.tool].sort(),
    );
    expect(await ids(`match[id]=${IDS.malware}`)).toEqual([v2]);
    expect(await ids(`match[id]=${IDS.malware}&match[version]=first`)).toEqual([malware]);
    expect(await ids(`match[id]=${IDS.malware}&match[version]=all`)).toEqual([malware, v2]);
    expect(await ids(`match[id]=${IDS.malware}&match[version]=${malware.modified as string}`)).toEqual([
      malware,
    ]);
    expect(await ids(`match[id]=${IDS.malware}&match[version]=first,last`)).toEqual([malware, v2]);
    const types = await ids('match[type]=indicator&match[type]=course-of-action');
    expect(new Set(types.map((object) => object.id.split('--')[0]))).toEqual(
      new Set(['indicator', 'course-of-action']),
    );
    expect(types).toHaveLength(5);
    expect(await ids('match[spec_version]=2.0')).toEqual([]);

    const one = await get(`${COLLECTION}/objects/${IDS.malware}/`, directorRead);
    expect(one.json()).toEqual({ more: false, objects: [v2] });
    const both = await get(`${COLLECTION}/objects/${IDS.malware}/?match[version]=all`, directorRead);
    expect(both.json()).toEqual({ more: false, objects: [malware, v2] });
    const versions = await get(`${COLLECTION}/objects/${IDS.malware}/versions/`, directorRead);
    expect(versions.json()).toEqual({ more: false, versions: [malware.modified, v2.modified] });
    expect(versions.headers['x-taxii-date-added-first']).toEqual(expect.any(String));
    const paged = await get(`${COLLECTION}/objects/${IDS.malware}/versions/?limit=1`, directorRead);
    expect(paged.json()).toEqual({ more: true, next: expect.any(String), versions: [malware.modified] });
    expectTaxiiError(
      await get(`${COLLECTION}/objects/malware--00000000-0000-4000-8000-000000000000/`, directorRead),
      404,
    );
    expectTaxiiError(await get(`${COLLECTION}/objects/not-an-id/versions/`, directorRead), 404);
  });

  it('answers bad parameters with TAXII errors', async () => {
    for (const query of [
      'added_after=yesterday',
      'added_after=2026-01-01',
      'limit=-1',
      'limit=0',
      `limit=${TAXII_MAX_LIMIT + 1}`,
      'limit=99999999999',
      'limit=ten',
      'next=garbage',
      'match[id]=nope',
      'match[type]=Not_A_Type',
      'match[version]=latest',
      'limit=1&limit=2',
    ]) {
      const response = await get(`${COLLECTION}/objects/?${query}`, readerRead);
      expectTaxiiError(response, 400);
    }
    expectTaxiiError(await get(`${COLLECTION}/manifest/?limit=0`, readerRead), 400);
  });
});

describe('TAXII 2.1: the gate is the threat list’s', () => {
  it('serves each reader exactly the records the list shows them, with what they carry', async () => {
    // Two reports: one GREEN, one RED (Directors only), each with an indicator of its own.
    const report = (n: number, marking: string) => ({
      type: 'report',
      id: `report--00000000-0000-4000-8000-${hex(n)}`,
      spec_version: '2.1',
      created,
      modified: created,
      published: created,
      name: `Report ${n}`,
      object_marking_refs: [marking],
      object_refs: [`indicator--00000000-0000-4000-8000-${hex(n)}`],
    });
    const indicator = (n: number) => ({
      type: 'indicator',
      id: `indicator--00000000-0000-4000-8000-${hex(n)}`,
      spec_version: '2.1',
      created,
      modified: created,
      pattern: `[domain-name:value = 'host${n}.example']`,
      pattern_type: 'stix',
      valid_from: created,
    });
    await add([
      report(1, TLP2_MARKING_IDS.GREEN),
      indicator(1),
      report(2, TLP2_MARKING_IDS.RED),
      indicator(2),
    ]);
    // And one record typed in the app, AMBER+STRICT.
    const typed = await asUser(t.app, director).post('/api/threat-intelligence', {
      source: 'Site security',
      category: 'physical',
      severity: 'high',
      title: 'Badge cloning at the depot',
      description: 'Cloned badges opened the depot gate twice this week.',
      indicators: ['badge-1234'],
      tlp: 'AMBER+STRICT',
    });
    expect(typed.statusCode).toBe(201);

    for (const [member, key] of [
      [reader, readerRead],
      [director, directorRead],
    ] as const) {
      const listed = (await asUser(t.app, member).get('/api/threat-intelligence')).json<Threat[]>();
      const feed =
        (await get(`${COLLECTION}/objects/?limit=1000`, key)).json<{
          objects?: { id: string; type: string }[];
        }>().objects ?? [];
      const records = feed
        .filter((object) => object.type === 'report')
        .map((object) => object.id.split('--')[1]);
      expect(records.sort()).toEqual(listed.map((threat) => threat.id).sort());
      const hidden = member === reader;
      expect(feed.some((object) => object.id === indicator(2).id)).toBe(!hidden);
      expect(feed.some((object) => object.id === indicator(1).id)).toBe(true);
      // A hidden object is not found by id either.
      const direct = await get(`${COLLECTION}/objects/${indicator(2).id}/`, key);
      expect(direct.statusCode).toBe(hidden ? 404 : 200);
    }
    expect((await asUser(t.app, reader).get('/api/threat-intelligence')).json()).toHaveLength(1);
  });
});
