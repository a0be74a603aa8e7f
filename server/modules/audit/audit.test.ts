import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  NEXT_CURSOR_HEADER,
  type AuditEvent,
} from '../../../contract/audit.js';
import { investigationNumber } from '../../../contract/reports.js';
import { auditLog, users } from '../../db/schema/index.js';
import { setUserTier } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, sessionCookie, type TestApp } from '../../test/helpers.js';
import { STAFF_READ_WINDOW_MS } from './audit.state.js';

let t: TestApp;
let director: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  t = await createTestApp();
  director = await registerUser(t.app);
  await setUserTier(t, director.id, 4);
});
afterAll(async () => {
  await t.close();
});

/** One page of the trail as the Director reads it, with the next page's cursor. */
async function page(query: Record<string, string> = {}) {
  const response = await asUser(t.app, director).get(`/api/admin/audit?${new URLSearchParams(query)}`);
  expect(response.statusCode, response.body).toBe(200);
  const cursor = response.headers[NEXT_CURSOR_HEADER];
  return { events: response.json<AuditEvent[]>(), cursor: typeof cursor === 'string' ? cursor : null };
}

/** Every event the filter matches, page by page with the cursor. */
async function walk(query: Record<string, string>) {
  const seen: AuditEvent[] = [];
  let before: string | null = null;
  let pages = 0;
  do {
    const next = await page({ ...query, ...(before ? { before } : {}) });
    seen.push(...next.events);
    before = next.cursor;
    pages += 1;
    expect(pages).toBeLessThan(500);
  } while (before);
  return { seen, pages };
}

const failLogin = (email: string) =>
  asUser(t.app, null).post('/api/auth/login', { email, password: 'not the password at all' });

/** The database's clock between two batches of events (not the test's: the two may differ). */
async function databaseNow(): Promise<string> {
  const result = await t.database.pool.query<{ now: string }>(
    `select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as now`,
  );
  return result.rows[0]!.now;
}

describe('GET /api/admin/audit: who may read it', () => {
  it('answers 401 signed out and 403 TIER_REQUIRED to tiers 1 to 3', async () => {
    expect((await asUser(t.app, null).get('/api/admin/audit')).statusCode).toBe(401);
    const member = await registerUser(t.app);
    for (const tier of [1, 2, 3]) {
      await setUserTier(t, member.id, tier);
      const response = await asUser(t.app, member).get('/api/admin/audit');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'TIER_REQUIRED', requiredTier: 4 });
    }
    await setUserTier(t, member.id, 4);
    expect((await asUser(t.app, member).get('/api/admin/audit')).statusCode).toBe(200);
  });
});

describe('GET /api/admin/audit: filters', () => {
  it('answers 400 with the field for a bad uuid, a bad date, a limit over 200, a bad action or cursor', async () => {
    const cases: [string, string][] = [
      ['actorId=not-a-uuid', 'actorId'],
      ['subjectUserId=1234', 'subjectUserId'],
      ['from=yesterday', 'from'],
      ['to=2026-02-30T00:00:00Z', 'to'],
      ['from=0000-01-01T00:00:00Z', 'from'],
      ['from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z', 'to'],
      ['limit=500', 'limit'],
      ['limit=0', 'limit'],
      ['limit=ten', 'limit'],
      ['action=DROP%20TABLE', 'action'],
      ['action=*', 'action'],
      ['before=not-a-cursor', 'before'],
      [`before=${Buffer.from('2026-11-24T10:00:00Z_x').toString('base64url')}`, 'before'],
    ];
    for (const [query, path] of cases) {
      const response = await asUser(t.app, director).get(`/api/admin/audit?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(
        response.json<{ issues: { path: string }[] }>().issues.map((issue) => issue.path),
        query,
      ).toContain(path);
    }
    // Empty parameters count as not sent.
    expect(
      (await asUser(t.app, director).get('/api/admin/audit?actorId=&action=&limit=200')).statusCode,
    ).toBe(200);
  });

  it('lists newest first in the shape of design 11.2, the actor with their address', async () => {
    const member = await registerUser(t.app);
    await failLogin(member.email);
    const { events } = await page({ actorId: member.id });
    expect(events.map((event) => event.action)).toEqual(['auth.login_failed', 'auth.registered']);
    expect(Object.keys(events[0]!).sort()).toEqual(
      [
        'id',
        'at',
        'action',
        'actorId',
        'actorEmail',
        'subjectType',
        'subjectId',
        'subjectUserId',
        'subjectUserEmail',
        'ip',
        'detail',
        'actionLabel',
        'actorLabel',
        'subjectLabel',
      ].sort(),
    );
    expect(events[0]).toMatchObject({
      actorId: member.id,
      actorEmail: member.email,
      subjectType: 'email',
      subjectId: member.email,
      subjectUserId: member.id,
      subjectUserEmail: member.email,
      detail: { reason: 'wrong_password' },
      actionLabel: 'Sign-in failed',
      actorLabel: member.email,
      subjectLabel: member.email,
    });
    expect(Date.parse(events[0]!.at)).toBeGreaterThanOrEqual(Date.parse(events[1]!.at));
  });

  it('narrows by actor, subject user, action (exact or a family) and time range', async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    await failLogin(alice.email);
    const middle = await databaseNow();
    await failLogin(bob.email);
    await asUser(t.app, null).post('/api/auth/login', { email: bob.email, password: bob.password });

    const all = (await page({ limit: '200' })).events;
    const ids = new Set(all.map((event) => event.id));

    const byActor = (await page({ actorId: alice.id, limit: '200' })).events;
    expect(byActor.length).toBeGreaterThan(0);
    expect(byActor.length).toBeLessThan(all.length);
    expect(byActor.every((event) => event.actorId === alice.id)).toBe(true);

    const bySubject = (await page({ subjectUserId: bob.id, limit: '200' })).events;
    expect(bySubject.map((event) => event.action).sort()).toEqual(
      ['auth.login_failed', 'auth.login_succeeded', 'auth.registered'].sort(),
    );
    expect(bySubject.every((event) => event.subjectUserId === bob.id)).toBe(true);

    const failed = (await page({ action: 'auth.login_failed', limit: '200' })).events;
    expect(failed.length).toBeGreaterThanOrEqual(2);
    expect(failed.length).toBeLessThan(all.length);
    expect(failed.every((event) => event.action === 'auth.login_failed')).toBe(true);

    const family = (await page({ action: 'auth.*', limit: '200' })).events;
    expect(family.length).toBeGreaterThan(failed.length);
    expect(family.every((event) => event.action.startsWith('auth.'))).toBe(true);
    // A family is a prefix of whole words: `auth.*` is not `authx...`, and `_` is no wildcard.
    expect((await page({ action: 'auth_login.*' })).events).toEqual([]);

    const later = (await page({ from: middle, limit: '200' })).events;
    expect(later.map((event) => event.action).sort()).toEqual(['auth.login_failed', 'auth.login_succeeded']);
    expect(later.every((event) => event.subjectUserId === bob.id)).toBe(true);
    const earlier = (await page({ to: middle, limit: '200' })).events;
    expect(earlier.length + later.length).toBe(all.length);
    expect(earlier.some((event) => event.actorId === alice.id && event.action === 'auth.login_failed')).toBe(
      true,
    );
    expect(earlier.every((event) => ids.has(event.id) && Date.parse(event.at) <= Date.parse(middle))).toBe(
      true,
    );

    const combined = (await page({ actorId: bob.id, action: 'auth.login_failed', from: middle })).events;
    expect(combined).toHaveLength(1);
  });

  it('names a deleted actor "Deleted user #n"', async () => {
    const gone = await registerUser(t.app);
    await t.database.db.update(users).set({ deletedNumber: 90_417 }).where(eq(users.id, gone.id));
    const { events } = await page({ actorId: gone.id });
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => event.actorEmail === 'Deleted user #90417')).toBe(true);
  });
});

describe('GET /api/admin/audit: pagination', () => {
  it('walks every event once, newest first, with X-Next-Cursor, also within one millisecond', async () => {
    // Events that share a time, and events of one millisecond apart by microseconds: the cursor must keep both apart.
    const action = 'test.pagination';
    const times = [
      '2026-11-20T10:00:00.123456Z',
      '2026-11-20T10:00:00.123456Z',
      '2026-11-20T10:00:00.123456Z',
      '2026-11-20T10:00:00.123100Z',
      '2026-11-20T10:00:00.123900Z',
      '2026-11-20T10:00:00.124000Z',
      '2026-11-20T09:00:00.000000Z',
    ];
    for (const at of times) {
      await t.database.db.insert(auditLog).values({ action, createdAt: sql`${at}::timestamptz` });
    }
    const expected = await t.database.pool.query<{ id: string }>(
      'select id from audit_log where action = $1 order by created_at desc, id desc',
      [action],
    );
    for (const limit of ['1', '2', '3']) {
      const { seen, pages } = await walk({ action, limit });
      expect(seen.map((event) => event.id)).toEqual(expected.rows.map((row) => row.id));
      expect(pages).toBe(Math.ceil(times.length / Number(limit)));
    }
    const one = await page({ action, limit: '7' });
    expect(one.events).toHaveLength(7);
    expect(one.cursor).toBeNull();

    // The whole trail, in pages of 3, is the same as in one page.
    const whole = (await page({ limit: '200' })).events.map((event) => event.id);
    expect(whole.length).toBeLessThan(200);
    const walked = (await walk({ limit: '3' })).seen.map((event) => event.id);
    expect(walked).toEqual(whole);
    expect(new Set(walked).size).toBe(walked.length);
  });
});

describe('staff reads', () => {
  const staffReadsOf = (caseId: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.read'), eq(auditLog.subject, caseId)));

  it("records one staff.read when a Director opens a member's case, none when the member opens it", async () => {
    const member = await registerUser(t.app);
    const opened = await asUser(t.app, member).post('/api/cases', {
      title: 'Audit trail case',
      description: 'A case a Director opens, to see the staff read recorded.',
      category: 'investigation',
    });
    expect(opened.statusCode).toBe(201);
    const caseId = opened.json<{ id: string }>().id;

    expect((await asUser(t.app, member).get(`/api/cases/${caseId}`)).statusCode).toBe(200);
    expect(await staffReadsOf(caseId)).toHaveLength(0);

    expect((await asUser(t.app, director).get(`/api/cases/${caseId}`)).statusCode).toBe(200);
    const { events } = await page({ action: 'staff.read', subjectUserId: member.id });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorId: director.id,
      actorEmail: director.email,
      subjectType: 'case',
      subjectId: caseId,
      subjectUserId: member.id,
      detail: { via: 'detail' },
    });
    expect(events[0]!.ip).toEqual(expect.any(String));

    expect((await asUser(t.app, member).get(`/api/cases/${caseId}`)).statusCode).toBe(200);
    expect(await staffReadsOf(caseId)).toHaveLength(1);
    // A Director's own case is no staff read either.
    const own = await asUser(t.app, director).post('/api/cases', {
      title: 'A Director’s own case',
      description: 'Opened by the Director, read by the Director.',
      category: 'investigation',
    });
    const ownId = own.json<{ id: string }>().id;
    expect((await asUser(t.app, director).get(`/api/cases/${ownId}`)).statusCode).toBe(200);
    expect(await staffReadsOf(ownId)).toHaveLength(0);

    // The Directors' list of every case shows each case whole: a read of each other user's case in it - but this
    // session read this case a moment ago, so the list and the detail opened again are the same read.
    expect((await asUser(t.app, director).get('/api/cases?scope=all')).statusCode).toBe(200);
    expect((await asUser(t.app, director).get(`/api/cases/${caseId}`)).statusCode).toBe(200);
    expect((await staffReadsOf(caseId)).map((row) => row.details)).toEqual([{ via: 'detail' }]);
    expect(await staffReadsOf(ownId)).toHaveLength(0);
  });

  it("records a Director's list of everyone's payments, investigations, secure-channel requests and applications", async () => {
    const member = await registerUser(t.app);
    const paid = await asUser(t.app, member).post('/api/payments', {
      amount: '25.00',
      paymentMethod: 'bank_transfer',
    });
    expect(paid.statusCode).toBe(201);
    const paymentId = paid.json<{ id: string }>().id;
    expect((await asUser(t.app, member).get('/api/payments')).statusCode).toBe(200);
    expect((await page({ action: 'staff.read', subjectUserId: member.id })).events).toEqual([]);

    expect((await asUser(t.app, director).get('/api/admin/payments?status=pending')).statusCode).toBe(200);
    expect((await asUser(t.app, director).get('/api/investigations?scope=all')).statusCode).toBe(200);
    expect((await asUser(t.app, director).get('/api/secure-channel/requests')).statusCode).toBe(200);
    expect((await asUser(t.app, director).get('/api/vendor/applications?scope=all')).statusCode).toBe(200);
    const { events } = await page({ action: 'staff.read', subjectUserId: member.id });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorId: director.id,
      subjectType: 'payment',
      subjectId: paymentId,
      detail: { via: 'list' },
    });
  });
});

describe('the trail of staff work', () => {
  it('shows a payment confirmed by a Director with the Director as actor and the payer as subject user', async () => {
    const payer = await registerUser(t.app);
    const paid = await asUser(t.app, payer).post('/api/payments', {
      amount: '120.00',
      paymentMethod: 'bank_transfer',
    });
    const paymentId = paid.json<{ id: string }>().id;
    const confirmed = await asUser(t.app, director).post(`/api/admin/payments/${paymentId}/confirm`, {});
    expect(confirmed.statusCode).toBe(200);

    const { events } = await page({ action: 'payment.confirmed', subjectUserId: payer.id });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorId: director.id,
      actorEmail: director.email,
      subjectType: 'payment',
      subjectId: paymentId,
      subjectUserId: payer.id,
    });
    // The payer did not act: nothing of theirs is a confirmation.
    expect((await page({ action: 'payment.confirmed', actorId: payer.id })).events).toEqual([]);
  });

  it("records a case's status change and assignment by a Director with the owner as subject user", async () => {
    const owner = await registerUser(t.app);
    const opened = await asUser(t.app, owner).post('/api/cases', {
      title: 'Case to move along',
      description: 'A Director moves it forward and takes it on.',
      category: 'investigation',
    });
    const caseId = opened.json<{ id: string }>().id;
    const moved = await asUser(t.app, director).post(`/api/cases/${caseId}/updates`, {
      updateType: 'status_change',
      status: 'in_progress',
      content: 'Work starts today.',
    });
    expect(moved.statusCode).toBe(201);
    const assigned = await asUser(t.app, director).post(`/api/cases/${caseId}/updates`, {
      updateType: 'assignment',
      assignedAgentId: director.id,
    });
    expect(assigned.statusCode).toBe(201);
    // A refused move records nothing.
    const refused = await asUser(t.app, director).post(`/api/cases/${caseId}/updates`, {
      updateType: 'status_change',
      status: 'closed',
    });
    expect(refused.statusCode).toBe(409);

    const { events } = await page({ action: 'case.*', subjectUserId: owner.id });
    expect(events.map((event) => event.action)).toEqual(['case.assigned', 'case.status_changed']);
    for (const event of events) {
      expect(event).toMatchObject({ actorId: director.id, subjectType: 'case', subjectId: caseId });
    }
    expect(events[1]!.detail).toMatchObject({ from: 'open', to: 'in_progress' });
    expect(events[0]!.detail).toMatchObject({ from: null, to: director.id });
  });

  it('records who changed a tier: the Director who approved an upgrade, for the user who got it', async () => {
    const member = await registerUser(t.app);
    const upgrade = await asUser(t.app, member).post('/api/upgrade-tier', {
      tier: 4,
      billing: 'monthly',
      paymentMethod: 'stripe',
    });
    expect(upgrade.statusCode, upgrade.body).toBeLessThan(300);
    const subscriptionId = upgrade.json<{ subscription: { id: string } }>().subscription.id;
    const approved = await asUser(t.app, director).post(`/api/admin/upgrades/${subscriptionId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);

    const tier = (await page({ action: 'user.tier_changed', subjectUserId: member.id })).events;
    expect(tier).toHaveLength(1);
    expect(tier[0]).toMatchObject({ actorId: director.id, subjectType: 'user', subjectId: member.id });
    expect(tier[0]!.detail).toMatchObject({ from: 1, to: 4 });
    const approval = (await page({ action: 'upgrade.approved', subjectUserId: member.id })).events;
    expect(approval).toHaveLength(1);
    expect(approval[0]).toMatchObject({
      actorId: director.id,
      subjectType: 'subscription',
      subjectId: subscriptionId,
    });
  });

  it('has no way to change or delete an event', async () => {
    const { events } = await page({ limit: '1' });
    const id = events[0]?.id ?? randomUUID();
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await asUser(t.app, director).request(method, `/api/admin/audit/${id}`, {});
      expect(response.statusCode).toBe(404);
      const whole = await asUser(t.app, director).request(method, '/api/admin/audit', {});
      expect(whole.statusCode).toBe(404);
    }
    expect((await page({ limit: '1' })).events[0]?.id).toBe(events[0]?.id);
  });
});

/** Every `.ts` file under `folder`, tests left out. */
async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('every action has a label', () => {
  it('names every action the server records, and offers each in the filter', async () => {
    // The type of `record` already takes only labelled actions; this reads the calls themselves, so that an action
    // recorded some other way (a cast, a widened type) fails too.
    const server = path.resolve(import.meta.dirname, '../..');
    const recorded = new Map<string, string>();
    for (const file of await sourceFiles(server)) {
      const source = await readFile(file, 'utf8');
      for (const call of source.matchAll(/audit\.record\([\s\S]*?\n?\s*\}\);/g)) {
        const action = /action:\s*([^,\n]+(?:\n\s*[?:][^,\n]+)*)/.exec(call[0]);
        for (const literal of action?.[1]?.matchAll(/'([a-z_]+\.[a-z_.]+)'/g) ?? []) {
          recorded.set(literal[1]!, path.relative(server, file));
        }
      }
      // Actions chosen by a caller and passed through (`meta.action`) are declared as unions of literals.
      for (const union of source.matchAll(/action: ((?:'[a-z_.]+'\s*\|\s*)+'[a-z_.]+')/g)) {
        for (const literal of union[1]!.matchAll(/'([a-z_.]+)'/g))
          recorded.set(literal[1]!, path.relative(server, file));
      }
    }
    expect(recorded.size).toBeGreaterThan(40);
    for (const expected of [
      'report.requested',
      'report.downloaded',
      'file.downloaded',
      'payment.failed',
      'user.created',
    ]) {
      expect([...recorded.keys()]).toContain(expected);
    }
    const unlabelled = [...recorded].filter(([action]) => !(action in AUDIT_ACTION_LABELS));
    expect(unlabelled, 'recorded without a label in contract/audit.ts').toEqual([]);
    expect(AUDIT_ACTIONS).toEqual(expect.arrayContaining([...recorded.keys(), 'staff.read']));
  });
});

describe('a readable trail', () => {
  it('names subjects as people see them: a case number, an address, an amount, a reference', async () => {
    const member = await registerUser(t.app);
    const opened = await asUser(t.app, member).post('/api/cases', {
      title: 'Labelled case',
      description: 'A case whose events name it by its number.',
      category: 'investigation',
    });
    const { id: caseId, caseNumber } = opened.json<{ id: string; caseNumber: string }>();
    expect(caseNumber).toMatch(/^CASE-\d+$/);
    await asUser(t.app, director).post(`/api/cases/${caseId}/updates`, {
      updateType: 'status_change',
      status: 'in_progress',
    });
    const paid = await asUser(t.app, member).post('/api/payments', {
      amount: '42.50',
      paymentMethod: 'bank_transfer',
    });
    const paymentId = paid.json<{ id: string }>().id;
    // Events of records this test does not make through the API: an investigation, a report, a file, a gone case.
    const investigationId = randomUUID();
    const goneCase = randomUUID();
    await t.database.db.insert(auditLog).values([
      {
        action: 'staff.read',
        userId: director.id,
        subjectType: 'investigation',
        subject: investigationId,
        subjectUserId: member.id,
      },
      {
        action: 'report.downloaded',
        userId: member.id,
        subjectType: 'report',
        subject: randomUUID(),
        subjectUserId: member.id,
        details: { number: caseNumber, version: 'client' },
      },
      {
        action: 'file.downloaded',
        userId: member.id,
        subjectType: 'evidence_file',
        subject: randomUUID(),
        subjectUserId: member.id,
        details: { number: caseNumber, name: 'invoice.pdf' },
      },
      {
        action: 'staff.read',
        userId: director.id,
        subjectType: 'case',
        subject: goneCase,
        subjectUserId: member.id,
      },
      {
        action: 'staff.read',
        userId: director.id,
        subjectType: 'case',
        subject: 'not-a-uuid',
        subjectUserId: member.id,
      },
    ]);

    const { events } = await page({ subjectUserId: member.id, limit: '200' });
    const labelOf = (action: string, subjectId?: string) =>
      events.find((event) => event.action === action && (!subjectId || event.subjectId === subjectId))
        ?.subjectLabel;
    expect(labelOf('case.status_changed')).toBe(caseNumber);
    expect(labelOf('staff.read', caseId)).toBe(caseNumber);
    expect(labelOf('auth.registered')).toBeNull();
    expect(labelOf('payment.created')).toBe('Payment of 42.50 USD');
    expect(labelOf('staff.read', investigationId)).toBe(investigationNumber(investigationId));
    expect(labelOf('report.downloaded')).toBe(`Report of ${caseNumber}`);
    expect(labelOf('file.downloaded')).toBe(`invoice.pdf on ${caseNumber}`);
    expect(labelOf('staff.read', goneCase)).toBe(`Case ${goneCase.slice(0, 8)}`);
    expect(labelOf('staff.read', 'not-a-uuid')).toBe('Case not-a-uu');
    expect(paymentId).toBeTruthy();

    // Each event names its action and its actor in words, and the account it is about by address.
    const status = events.find((event) => event.action === 'case.status_changed')!;
    expect(status).toMatchObject({
      actionLabel: 'Case status changed',
      actorLabel: director.email,
      subjectUserEmail: member.email,
    });
    const tier = (await page({ action: 'auth.login_succeeded', actorId: director.id, limit: '1' })).events;
    expect(tier.every((event) => event.subjectLabel === director.email)).toBe(true);
  });

  it('filters by e-mail address as by id, for actor and subject user, in any case', async () => {
    const member = await registerUser(t.app);
    await failLogin(member.email);
    const byId = (await page({ actorId: member.id })).events.map((event) => event.id);
    expect(byId).toHaveLength(2);
    expect((await page({ actorId: member.email.toUpperCase() })).events.map((event) => event.id)).toEqual(
      byId,
    );
    expect((await page({ subjectUserId: ` ${member.email} ` })).events.map((event) => event.id)).toEqual(
      byId,
    );
    expect((await page({ actorId: 'nobody.at.all@example.test' })).events).toEqual([]);
    const bad = await asUser(t.app, director).get('/api/admin/audit?subjectUserId=not%20an%20address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      issues: [
        { path: 'subjectUserId', message: 'subjectUserId must be a user id (a UUID) or an e-mail address' },
      ],
    });
  });

  it("records a staff member's reads of one record once per session within the window", async () => {
    const member = await registerUser(t.app);
    const opened = await asUser(t.app, member).post('/api/cases', {
      title: 'Read again and again',
      description: 'A Director reads it in a list and in detail, more than once.',
      category: 'investigation',
    });
    const caseId = opened.json<{ id: string }>().id;
    const reads = async () =>
      (await page({ action: 'staff.read', subjectUserId: member.id })).events.filter(
        (event) => event.subjectId === caseId,
      );

    for (let index = 0; index < 3; index++) {
      expect((await asUser(t.app, director).get('/api/cases?scope=all')).statusCode).toBe(200);
      expect((await asUser(t.app, director).get(`/api/cases/${caseId}`)).statusCode).toBe(200);
    }
    expect((await reads()).map((event) => event.detail)).toEqual([{ via: 'list' }]);

    // Another session of the same Director (another device) is another read.
    const login = await asUser(t.app, null).post('/api/auth/login', {
      email: director.email,
      password: director.password,
    });
    const otherSession = { cookie: sessionCookie(login) };
    expect(
      (await asUser(t.app, otherSession, {}, { remoteAddress: '198.51.100.23' }).get(`/api/cases/${caseId}`))
        .statusCode,
    ).toBe(200);
    expect((await asUser(t.app, otherSession).get(`/api/cases/${caseId}`)).statusCode).toBe(200);
    const twice = await reads();
    expect(twice).toHaveLength(2);
    expect(twice[0]).toMatchObject({ detail: { via: 'detail' }, ip: '198.51.100.23' });

    // Once the window is over, the first session's next read is recorded again.
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + STAFF_READ_WINDOW_MS + 1000);
    try {
      expect((await asUser(t.app, director).get(`/api/cases/${caseId}`)).statusCode).toBe(200);
    } finally {
      clock.mockRestore();
    }
    expect(await reads()).toHaveLength(3);
  });

  it('gives every event caused by a request its address, and names the system for the rest', async () => {
    const member = await registerUser(t.app);
    const from = { remoteAddress: '203.0.113.61' };
    const staff = { remoteAddress: '203.0.113.62' };
    const opened = await asUser(t.app, member, {}, from).post('/api/cases', {
      title: 'Where from?',
      description: 'Each change to it says which address it came from.',
      category: 'investigation',
    });
    const caseId = opened.json<{ id: string }>().id;
    await asUser(t.app, director, {}, staff).post(`/api/cases/${caseId}/updates`, {
      updateType: 'status_change',
      status: 'in_progress',
    });
    await asUser(t.app, director, {}, staff).post(`/api/cases/${caseId}/updates`, {
      updateType: 'assignment',
      assignedAgentId: director.id,
    });
    const paid = await asUser(t.app, member, {}, from).post('/api/payments', {
      amount: '10.00',
      paymentMethod: 'bank_transfer',
    });
    await asUser(t.app, director, {}, staff).post(
      `/api/admin/payments/${paid.json<{ id: string }>().id}/confirm`,
      {},
    );
    const upgrade = await asUser(t.app, member, {}, from).post('/api/upgrade-tier', {
      tier: 4,
      billing: 'monthly',
      paymentMethod: 'stripe',
    });
    const subscriptionId = upgrade.json<{ subscription: { id: string } }>().subscription.id;
    await asUser(t.app, director, {}, staff).post(`/api/admin/upgrades/${subscriptionId}/approve`, {});

    const { events } = await page({ subjectUserId: member.id, limit: '200' });
    const ipOf = (action: string) =>
      events.filter((event) => event.action === action).map((event) => event.ip);
    expect(ipOf('case.status_changed')).toEqual([staff.remoteAddress]);
    expect(ipOf('case.assigned')).toEqual([staff.remoteAddress]);
    expect(ipOf('payment.created')).toEqual([from.remoteAddress]);
    // The upgrade's card payment completed in the member's own request; the bank transfer by the Director.
    expect(ipOf('payment.confirmed').sort()).toEqual([from.remoteAddress, staff.remoteAddress].sort());
    expect(ipOf('upgrade.approved')).toEqual([staff.remoteAddress]);
    expect(ipOf('user.tier_changed')).toEqual([staff.remoteAddress]);
    expect(events.filter((event) => event.ip === null)).toEqual([]);

    // What no request caused (the subscription job renewing the card subscription) has no address: the system.
    const jobs = await import('../subscriptions/subscriptions.service.js');
    await jobs.expireEnded(t.ctx, new Date(Date.now() + 40 * 24 * 3600 * 1000));
    const later = (await page({ subjectUserId: member.id, limit: '200' })).events.filter(
      (event) => !events.some((seen) => seen.id === event.id),
    );
    expect(later.map((event) => event.action)).toContain('subscription.renewed');
    expect(later.every((event) => event.ip === null)).toBe(true);
  });
});
