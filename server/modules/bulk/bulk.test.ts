import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkOperation } from '../../../contract/bulk.js';
import { auditLog, caseUpdates, notifications, threatIntelligence } from '../../db/schema/index.js';
import { setUserTier } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import * as notificationsService from '../notifications/notifications.service.js';
import * as repository from './bulk.repository.js';
import { BULK_JOB_RETRY_LIMIT, bulkJob, runOperation } from './bulk.service.js';
import { csvField, toCsv } from '../../lib/csv.js';

let t: TestApp;
let director: Member;
beforeAll(async () => {
  t = await createTestApp({}, { jobs: true });
  director = await member();
  await setUserTier(t, director.id, 4);
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof member>>;
async function member() {
  const account = await registerUser(t.app);
  return account;
}

async function start(who: Member, body: unknown): Promise<BulkOperation> {
  const response = await asUser(t.app, who).post('/api/bulk/operations', body);
  expect(response.statusCode, response.body).toBe(202);
  return response.json<BulkOperation>();
}

/** Reads the operation until its job has finished it. */
async function finished(who: Member, id: string): Promise<BulkOperation> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const operation = (await asUser(t.app, who).get(`/api/bulk/operations/${id}`)).json<BulkOperation>();
    if (operation.status === 'completed' || operation.status === 'failed') return operation;
    if (Date.now() > deadline) throw new Error(`operation still ${operation.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function notificationFor(userId: string, title = 'Something happened') {
  return notificationsService.notify(t.ctx, t.database.db, {
    userId,
    type: 'other',
    title,
    message: 'Details',
  });
}

async function openCase(owner: Member, title = 'Missing shipment audit', description?: string) {
  const response = await asUser(t.app, owner).post('/api/cases', {
    title,
    description: description ?? 'Two pallets of equipment vanished between the port and our warehouse.',
    category: 'investigation',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; caseNumber: string }>();
}

async function caseStatus(id: string) {
  return (await asUser(t.app, director).get(`/api/cases/${id}`)).json<{ status: string }>().status;
}

async function keyFor(owner: Member, name: string) {
  const response = await asUser(t.app, owner).post('/api/api-keys', { name, permissions: ['read'] });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; key: string }>();
}

const stixIndicator = (overrides: Record<string, unknown> = {}) => ({
  type: 'indicator',
  spec_version: '2.1',
  id: `indicator--${randomUUID()}`,
  created: '2026-01-10T10:00:00.000Z',
  modified: '2026-01-10T10:00:00.000Z',
  name: 'Botnet controller address',
  pattern: "[ipv4-addr:value = '203.0.113.77']",
  pattern_type: 'stix',
  valid_from: '2026-01-10T10:00:00.000Z',
  ...overrides,
});
const bundle = (...objects: object[]) => ({ type: 'bundle', id: `bundle--${randomUUID()}`, objects });

describe('bulk operations', () => {
  it('marks own notifications read and counts others’ and unknown ids as failed, exactly', async () => {
    const owner = await member();
    const stranger = await member();
    const mine = [
      await notificationFor(owner.id),
      await notificationFor(owner.id),
      await notificationFor(owner.id),
    ];
    const theirs = await notificationFor(stranger.id);

    const created = await start(owner, {
      type: 'notifications_read',
      items: [mine[0]!.id, mine[1]!.id, theirs.id, 'not-an-id', mine[2]!.id],
    });
    expect(created).toMatchObject({
      type: 'notifications_read',
      totalItems: 5,
      failedItems: 0,
      errors: [],
      hasOutput: false,
      completedAt: null,
    });
    expect(['pending', 'processing', 'completed']).toContain(created.status);

    const done = await finished(owner, created.id);
    expect(done).toMatchObject({
      status: 'completed',
      totalItems: 5,
      processedItems: 5,
      failedItems: 2,
      error: null,
      errors: [
        { index: 2, error: 'Notification not found' },
        { index: 3, error: 'Notification not found' },
      ],
    });
    expect(done.completedAt).not.toBeNull();
    const rows = await t.database.db.select().from(notifications);
    const read = (id: string) => rows.find((row) => row.id === id)!.isRead;
    expect(mine.map((n) => read(n.id))).toEqual([true, true, true]);
    expect(read(theirs.id)).toBe(false);
  });

  it('ends failed with a reason when not one item could be processed', async () => {
    const owner = await member();
    const stranger = await member();
    const theirs = await notificationFor(stranger.id);
    const created = await start(owner, { type: 'notifications_read', items: [theirs.id, randomUUID()] });
    expect(await finished(owner, created.id)).toMatchObject({
      status: 'failed',
      processedItems: 2,
      failedItems: 2,
      error: 'None of the 2 items could be processed',
    });
  });

  it('revokes own API keys through the keys service; another user’s key and unknown keys fail', async () => {
    const owner = await member();
    const stranger = await member();
    const first = await keyFor(owner, 'deploy bot');
    const second = await keyFor(owner, 'backup bot');
    const kept = await keyFor(owner, 'kept bot');
    const theirs = await keyFor(stranger, 'their bot');

    const created = await start(owner, {
      type: 'api_key_revoke',
      items: [first.id, theirs.id, second.id, randomUUID()],
    });
    expect(await finished(owner, created.id)).toMatchObject({
      status: 'completed',
      processedItems: 4,
      failedItems: 2,
      errors: [
        { index: 1, error: 'API key not found' },
        { index: 3, error: 'API key not found' },
      ],
    });
    const active = (await asUser(t.app, owner).get('/api/api-keys'))
      .json<{ id: string; isActive: boolean }[]>()
      .map((key) => [key.id, key.isActive]);
    expect(Object.fromEntries(active)).toEqual({ [first.id]: false, [second.id]: false, [kept.id]: true });
    const bearer = { authorization: `Bearer ${first.key}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: bearer })).statusCode).toBe(
      401,
    );
    expect(
      (await asUser(t.app, stranger).get('/api/api-keys'))
        .json<{ isActive: boolean }[]>()
        .map((k) => k.isActive),
    ).toEqual([true]);
  });

  it('lets a Director move case statuses along the allowed moves, notifying owners; bad moves fail', async () => {
    const owner = await member();
    const [a, b, c] = [await openCase(owner), await openCase(owner), await openCase(owner)];
    const created = await start(director, {
      type: 'case_status',
      items: [
        { caseId: a.id, status: 'in_progress' },
        { caseId: b.id, status: 'closed' },
        { caseId: c.id, status: 'in_progress' },
        { caseId: randomUUID(), status: 'in_progress' },
      ],
    });
    expect(await finished(director, created.id)).toMatchObject({
      status: 'completed',
      totalItems: 4,
      processedItems: 4,
      failedItems: 2,
      errors: [
        { index: 1, error: 'A case that is open cannot move to closed' },
        { index: 3, error: 'Case not found' },
      ],
    });
    expect([await caseStatus(a.id), await caseStatus(b.id), await caseStatus(c.id)]).toEqual([
      'in_progress',
      'open',
      'in_progress',
    ]);
    const bell = (await asUser(t.app, owner).get('/api/notifications')).json<{ title: string }[]>();
    expect(bell.map((n) => n.title).sort()).toEqual(
      [`${a.caseNumber}: Status changed`, `${c.caseNumber}: Status changed`].sort(),
    );
    const history = (await asUser(t.app, owner).get(`/api/cases/${a.id}`)).json<{
      updates: { content: string }[];
    }>();
    expect(history.updates.map((u) => u.content)).toContain('Status changed from Open to In progress.');
    // The job's audit events carry the address of the request that started the operation.
    const [event] = await t.database.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'case.status_changed'), eq(auditLog.subject, a.id)));
    expect(event?.ip).toBe('127.0.0.1');
  });

  it('keeps case status changes and threat imports to Directors (403), at the POST', async () => {
    const someone = await member();
    const mine = await openCase(someone);
    const statusChange = await asUser(t.app, someone).post('/api/bulk/operations', {
      type: 'case_status',
      items: [{ caseId: mine.id, status: 'in_progress' }],
    });
    expect(statusChange.statusCode).toBe(403);
    expect(statusChange.json()).toMatchObject({ code: 'TIER_REQUIRED', requiredTier: 4 });
    const threatImport = await asUser(t.app, someone).post('/api/bulk/operations', {
      type: 'threat_import',
      items: [bundle(stixIndicator())],
    });
    expect(threatImport.statusCode).toBe(403);
    expect((await asUser(t.app, someone).get('/api/bulk/operations')).json()).toEqual([]);
  });

  it('imports STIX bundles one per item; a bundle with failing objects counts as failed with their errors', async () => {
    const good = stixIndicator({ pattern: "[ipv4-addr:value = '203.0.113.78']" });
    const broken = stixIndicator({ spec_version: undefined });
    const created = await start(director, {
      type: 'threat_import',
      items: [bundle(good), bundle(broken, stixIndicator({ pattern: "[ipv4-addr:value = '203.0.113.79']" }))],
    });
    const done = await finished(director, created.id);
    expect(done).toMatchObject({ status: 'completed', totalItems: 2, processedItems: 2, failedItems: 1 });
    expect(done.errors).toEqual([
      {
        index: 1,
        error: expect.stringMatching(/^1 object could not be imported: .*spec_version is missing/),
      },
    ]);
    const stored = await t.database.db.select().from(threatIntelligence);
    const indicators = stored.flatMap((threat) => threat.indicators);
    expect(indicators).toEqual(expect.arrayContaining(['203.0.113.78', '203.0.113.79']));
  });

  it('exports own cases as escaped CSV for download; another user’s case fails and their download is 404', async () => {
    const owner = await member();
    const stranger = await member();
    const plain = await openCase(owner, 'Warehouse inventory check');
    const tricky = await openCase(
      owner,
      '=HYPERLINK("http://evil.test","Click")',
      'Line one, with a comma and "quotes"\nline two of the description.',
    );
    const theirs = await openCase(stranger, 'Someone else entirely');

    const created = await start(owner, { type: 'case_export', items: [plain.id, theirs.id, tricky.id] });
    const done = await finished(owner, created.id);
    expect(done).toMatchObject({
      status: 'completed',
      processedItems: 3,
      failedItems: 1,
      hasOutput: true,
      errors: [{ index: 1, error: 'Case not found' }],
    });

    const download = await asUser(t.app, owner).get(`/api/bulk/operations/${created.id}/output`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="cases-export-[0-9a-f]{8}\.csv"$/,
    );
    const lines = download.body.split('\r\n');
    expect(lines[0]).toBe(
      'Case number,Title,Category,Priority,Status,Assigned agent,Estimated cost (INR),Deadline,Created,Updated,Description',
    );
    expect(lines[1]).toMatch(
      new RegExp(`^${plain.caseNumber},Warehouse inventory check,investigation,medium,open,,,,`),
    );
    expect(download.body).toContain(
      `${tricky.caseNumber},"'=HYPERLINK(""http://evil.test"",""Click"")",investigation,`,
    );
    expect(download.body).toContain(
      '"Line one, with a comma and ""quotes""\nline two of the description."\r\n',
    );
    expect(download.body).not.toContain('Someone else entirely');
    expect(download.body.endsWith('\r\n')).toBe(true);

    expect((await asUser(t.app, stranger).get(`/api/bulk/operations/${created.id}/output`)).statusCode).toBe(
      404,
    );
    expect((await asUser(t.app, stranger).get(`/api/bulk/operations/${created.id}`)).statusCode).toBe(404);
    expect((await asUser(t.app, stranger).get('/api/bulk/operations')).json()).toEqual([]);
  });

  it('exports all of the user’s own cases when no items are given, and refuses when there are none', async () => {
    const owner = await member();
    const cases = [await openCase(owner, 'First case title'), await openCase(owner, 'Second case title')];
    const created = await start(owner, { type: 'case_export' });
    expect(created.totalItems).toBe(2);
    expect(await finished(owner, created.id)).toMatchObject({
      status: 'completed',
      processedItems: 2,
      failedItems: 0,
    });
    const csv = (await asUser(t.app, owner).get(`/api/bulk/operations/${created.id}/output`)).body;
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(3);
    for (const c of cases) expect(csv).toContain(c.caseNumber);

    const empty = await asUser(t.app, await member()).post('/api/bulk/operations', { type: 'case_export' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues).toEqual([{ path: 'items', message: 'You have no cases to export' }]);
  });

  it('lists own operations newest first; the output of an operation without one is 404', async () => {
    const owner = await member();
    const n = await notificationFor(owner.id);
    const first = await start(owner, { type: 'notifications_read', items: [n.id] });
    const second = await start(owner, { type: 'api_key_revoke', items: [randomUUID()] });
    const list = (await asUser(t.app, owner).get('/api/bulk/operations')).json<BulkOperation[]>();
    expect(list.map((op) => op.id)).toEqual([second.id, first.id]);
    await finished(owner, first.id);
    expect((await asUser(t.app, owner).get(`/api/bulk/operations/${first.id}/output`)).statusCode).toBe(404);
    expect((await asUser(t.app, owner).get('/api/bulk/operations/not-an-id')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/bulk/operations' })).statusCode).toBe(401);
  });

  it('validates the request with clear messages (400), never 500', async () => {
    const owner = await member();
    const post = (body: unknown) => asUser(t.app, owner).post('/api/bulk/operations', body);
    const issues = async (body: unknown) => {
      const response = await post(body);
      expect(response.statusCode).toBe(400);
      return response.json<{ issues: { path: string; message: string }[] }>().issues;
    };
    expect(await issues({ type: 'notifications_read', items: [] })).toEqual([
      { path: 'items', message: 'Choose at least one notification' },
    ]);
    expect(await issues({ type: 'reformat_disk', items: ['x'] })).toEqual([
      {
        path: 'type',
        message:
          'Type must be one of threat_import, case_export, case_status, notifications_read, api_key_revoke',
      },
    ]);
    expect(await issues({ type: 'ai_analysis', items: [{ text: 'hi' }] })).toEqual([
      { path: 'type', message: 'AI analyses cannot run in bulk; start each one from the AI Analysis tab' },
    ]);
    expect(
      await issues({ type: 'api_key_revoke', items: Array.from({ length: 501 }, () => randomUUID()) }),
    ).toEqual([{ path: 'items', message: 'At most 500 API keys per operation' }]);
    expect(
      await issues({ type: 'case_status', items: [{ caseId: randomUUID(), status: 'archived' }] }),
    ).toEqual([
      {
        path: 'items.0.status',
        message: 'Status must be one of open, in_progress, pending_review, completed, closed',
      },
    ]);
    expect(
      (await issues({ type: 'threat_import', items: [{ type: 'bundle', id: 'nope', objects: [] }] }))[0],
    ).toEqual({
      path: 'items.0.id',
      message: 'The bundle id must be bundle--<uuid>',
    });
    expect((await post({ type: 'notifications_read', items: 'all' })).statusCode).toBe(400);
    expect((await post([])).statusCode).toBe(400);
  });
  it('documents its endpoints in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(Object.keys(doc.paths['/api/bulk/operations']!).sort()).toEqual(['get', 'post']);
    expect(doc.paths['/api/bulk/operations/{id}']).toHaveProperty('get');
    expect(doc.paths['/api/bulk/operations/{id}/output']).toHaveProperty('get');
  });
});

describe('the bulk job', () => {
  it('resumes from processedItems after a crash, never applying a finished case move twice', async () => {
    const owner = await member();
    const [a, b, c] = [await openCase(owner), await openCase(owner), await openCase(owner)];
    const moveA = await asUser(t.app, director).post(`/api/cases/${a.id}/updates`, {
      updateType: 'status_change',
      status: 'in_progress',
    });
    expect(moveA.statusCode).toBe(201);
    // As a try that moved the first case and then died would have left it.
    const crashed = await repository.insert(t.database.db, {
      userId: director.id,
      type: 'case_status',
      status: 'processing',
      totalItems: 3,
      processedItems: 1,
      payload: { items: [a, b, c].map((x) => ({ caseId: x.id, status: 'in_progress' })) },
    });
    await runOperation(t.ctx, crashed.id);
    expect(await finished(director, crashed.id)).toMatchObject({
      status: 'completed',
      processedItems: 3,
      failedItems: 0,
      errors: [],
    });
    expect([await caseStatus(a.id), await caseStatus(b.id), await caseStatus(c.id)]).toEqual([
      'in_progress',
      'in_progress',
      'in_progress',
    ]);
    const movesOfA = await t.database.db
      .select()
      .from(caseUpdates)
      .where(and(eq(caseUpdates.caseId, a.id), eq(caseUpdates.updateType, 'status_change')));
    expect(movesOfA).toHaveLength(1);

    // A finished operation delivered again is left alone.
    await runOperation(t.ctx, crashed.id);
    expect((await asUser(t.app, director).get(`/api/bulk/operations/${crashed.id}`)).json()).toMatchObject({
      processedItems: 3,
      failedItems: 0,
    });
  });

  it('checks the tier again when it runs: a Director demoted since the POST gets a failed operation', async () => {
    const demoted = await member();
    await setUserTier(t, demoted.id, 4);
    const owner = await member();
    const target = await openCase(owner);
    const queued = await repository.insert(t.database.db, {
      userId: demoted.id,
      type: 'case_status',
      totalItems: 1,
      payload: { items: [{ caseId: target.id, status: 'in_progress' }] },
    });
    await setUserTier(t, demoted.id, 1);
    await runOperation(t.ctx, queued.id);
    expect((await asUser(t.app, demoted).get(`/api/bulk/operations/${queued.id}`)).json()).toMatchObject({
      status: 'failed',
      processedItems: 0,
      error: 'Tier 4 access required',
    });
    expect(await caseStatus(target.id)).toBe('open');
  });

  it('saves progress as it goes, so the tab can show it moving', async () => {
    const owner = await member();
    const ids = [];
    for (let i = 0; i < 25; i++) ids.push((await notificationFor(owner.id, `Note ${i}`)).id);
    const queued = await repository.insert(t.database.db, {
      userId: owner.id,
      type: 'notifications_read',
      totalItems: ids.length,
      payload: { items: ids },
    });
    const seen = new Set<number>();
    const running = runOperation(t.ctx, queued.id);
    let done = false;
    void running.then(() => (done = true));
    while (!done) {
      const op = await repository.findForUser(t.database.db, owner.id, queued.id);
      seen.add(op!.processedItems);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await running;
    expect([...seen].some((count) => count > 0 && count < ids.length)).toBe(true);
    expect(await finished(owner, queued.id)).toMatchObject({
      status: 'completed',
      processedItems: 25,
      failedItems: 0,
    });
    const unread = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.isRead, false)));
    expect(unread).toEqual([]);
  });
});

describe('the bulk worker', () => {
  it('lets a broken try be retried, and ends the operation failed after the last one', async () => {
    const owner = await member();
    await setUserTier(t, owner.id, 4);
    const mine = await openCase(owner);
    // A payload no request can produce (the schema checks items): the second item breaks the try itself.
    const broken = await repository.insert(t.database.db, {
      userId: owner.id,
      type: 'case_status',
      totalItems: 2,
      payload: { items: [{ caseId: mine.id, status: 'in_progress' }, null] },
    });
    const handler = (retryCount: number) =>
      bulkJob.handle(t.ctx, { operationId: broken.id }, { id: 'job', retryCount, logger: t.app.log });

    await expect(handler(0)).rejects.toThrow();
    expect((await asUser(t.app, owner).get(`/api/bulk/operations/${broken.id}`)).json()).toMatchObject({
      status: 'processing',
      processedItems: 1,
    });
    await handler(BULK_JOB_RETRY_LIMIT);
    expect((await asUser(t.app, owner).get(`/api/bulk/operations/${broken.id}`)).json()).toMatchObject({
      status: 'failed',
      processedItems: 1,
      failedItems: 0,
      error: 'The operation stopped unexpectedly; the counts show how far it got',
    });
    // The retry resumed after the first item: the case moved once.
    expect(await caseStatus(mine.id)).toBe('in_progress');
  });
});

describe('CSV cells', () => {
  it('quotes per RFC 4180 and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('=1+2')).toBe("'=1+2");
    expect(csvField('+44 20')).toBe("'+44 20");
    expect(csvField('-5')).toBe("'-5");
    expect(csvField(-5)).toBe('-5');
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('=A1,B1')).toBe(`"'=A1,B1"`);
    expect(csvField(null)).toBe('');
    expect(csvField(12)).toBe('12');
    expect(
      toCsv([
        ['a', 'b'],
        ['c', ''],
      ]),
    ).toBe('a,b\r\nc,\r\n');
  });
});
