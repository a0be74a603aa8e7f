import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case, CaseDetail } from '../../../contract/cases.js';
import type { CaseTemplate, Task } from '../../../contract/case-tasks.js';
import type { DashboardSummary } from '../../../contract/dashboard.js';
import { setUserTier } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';

/* The case workbench (design 12.5, issue 38 points 3-7): tasks, templates, ATT&CK techniques, merging, the queue. */

let t: TestApp;
let director: Member;
let colleague: Member;
beforeAll(async () => {
  t = await createTestApp();
  director = await registerUser(t.app);
  colleague = await registerUser(t.app);
  await setUserTier(t, director.id, 4);
  await setUserTier(t, colleague.id, 4);
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof registerUser>>;
const as = (who: Member | null) => asUser(t.app, who);

const newCase = {
  title: 'Leaked tender documents',
  description: 'Our tender documents appeared on a competitor’s desk before the deadline.',
  category: 'investigation',
};

async function openCase(owner: Member, extra: Record<string, unknown> = {}) {
  const response = await as(owner).post('/api/cases', { ...newCase, ...extra });
  expect(response.statusCode).toBe(201);
  return response.json<Case>();
}

async function addTask(caseId: string, body: Record<string, unknown>) {
  const response = await as(director).post(`/api/cases/${caseId}/tasks`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Task>();
}

async function uploadFile(who: Member, caseId: string) {
  const boundary = 'workbench-boundary';
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/cases/${caseId}/files`,
    headers: { cookie: who.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\nWho had the tender?\r\n--${boundary}--\r\n`,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>();
}

describe('tasks', () => {
  it('lets a Director add, assign, move and finish tasks; the client sees only done of total', async () => {
    const owner = await registerUser(t.app);
    const mine = await openCase(owner);
    expect(mine.tasks).toEqual({ done: 0, total: 0 });

    const first = await addTask(mine.id, {
      title: 'Interview the courier',
      description: 'Night shift, 12 March',
      assigneeId: colleague.id,
      dueAt: '2030-01-31T10:00:00Z',
    });
    expect(first).toMatchObject({
      caseId: mine.id,
      caseNumber: mine.caseNumber,
      status: 'todo',
      assigneeId: colleague.id,
      assignee: expect.any(String),
      dueAt: '2030-01-31T10:00:00.000Z',
      completedAt: null,
    });
    const second = await addTask(mine.id, { title: 'Pull the badge logs' });
    await addTask(mine.id, { title: 'Dropped idea' }).then((task) =>
      as(director).patch(`/api/cases/${mine.id}/tasks/${task.id}`, { status: 'cancelled' }),
    );

    const done = await as(director).patch(`/api/cases/${mine.id}/tasks/${second.id}`, { status: 'done' });
    expect(done.statusCode).toBe(200);
    expect(done.json<Task>().completedAt).toEqual(expect.any(String));
    const reopened = await as(director).patch(`/api/cases/${mine.id}/tasks/${second.id}`, {
      status: 'in_progress',
    });
    expect(reopened.json<Task>()).toMatchObject({ status: 'in_progress', completedAt: null });
    await as(director).patch(`/api/cases/${mine.id}/tasks/${second.id}`, { status: 'done' });

    const list = (await as(director).get(`/api/cases/${mine.id}/tasks`)).json<Task[]>();
    expect(list.map((task) => task.title)).toEqual([
      'Interview the courier',
      'Pull the badge logs',
      'Dropped idea',
    ]);

    // The client: progress on the case (cancelled counts as neither), no task route answers them.
    const seen = (await as(owner).get(`/api/cases/${mine.id}`)).json<CaseDetail>();
    expect(seen.tasks).toEqual({ done: 1, total: 2 });
    expect(JSON.stringify(seen)).not.toContain('Interview the courier');
    expect((await as(owner).get('/api/cases')).json<Case[]>()[0]!.tasks).toEqual({ done: 1, total: 2 });
    expect((await as(owner).get(`/api/cases/${mine.id}/tasks`)).statusCode).toBe(403);
    expect((await as(owner).post(`/api/cases/${mine.id}/tasks`, { title: 'Mine now' })).statusCode).toBe(403);
    expect(
      (await as(owner).patch(`/api/cases/${mine.id}/tasks/${first.id}`, { status: 'done' })).statusCode,
    ).toBe(403);
    expect((await as(owner).get('/api/tasks?assignee=me&status=open')).statusCode).toBe(403);
    expect((await as(null).get(`/api/cases/${mine.id}/tasks`)).statusCode).toBe(401);
  });

  it('refuses bad tasks: a title, a non-Director assignee, a bad status or date, another case’s task, no case', async () => {
    const owner = await registerUser(t.app);
    const mine = await openCase(owner);
    const other = await openCase(owner);
    const post = (body: Record<string, unknown>) => as(director).post(`/api/cases/${mine.id}/tasks`, body);

    expect((await post({ title: '' })).json().issues).toEqual([
      { path: 'title', message: 'Title is required' },
    ]);
    const client = await post({ title: 'Ask the client', assigneeId: owner.id });
    expect(client.statusCode).toBe(400);
    expect(client.json().issues).toEqual([
      { path: 'assigneeId', message: 'The assignee must be a Director (tier 4)' },
    ]);
    expect((await post({ title: 'Nobody', assigneeId: 'not-an-id' })).statusCode).toBe(400);
    expect((await post({ title: 'When?', dueAt: 'tomorrow' })).json().issues[0].path).toBe('dueAt');

    const task = await addTask(mine.id, { title: 'Check the printer logs' });
    const patch = (caseId: string, body: unknown) =>
      as(director).patch(`/api/cases/${caseId}/tasks/${task.id}`, body);
    expect((await patch(mine.id, { status: 'finished' })).statusCode).toBe(400);
    expect((await patch(mine.id, {})).json().message).toBe('Nothing to change');
    expect((await patch(other.id, { status: 'done' })).statusCode).toBe(404);
    expect((await patch(crypto.randomUUID(), { status: 'done' })).statusCode).toBe(404);
    expect(
      (await as(director).post(`/api/cases/${crypto.randomUUID()}/tasks`, { title: 'x' })).statusCode,
    ).toBe(404);
    expect((await as(director).get('/api/cases/not-an-id/tasks')).statusCode).toBe(404);
  });

  it('lists "My tasks" for the assignee, soonest due first, and shows overdue ones on their dashboard', async () => {
    const owner = await registerUser(t.app);
    const mine = await openCase(owner);
    const assignee = await registerUser(t.app);
    await setUserTier(t, assignee.id, 4);
    const late = await addTask(mine.id, {
      title: 'Late one',
      assigneeId: assignee.id,
      dueAt: '2020-01-01T00:00:00Z',
    });
    await addTask(mine.id, { title: 'Later one', assigneeId: assignee.id, dueAt: '2031-01-01T00:00:00Z' });
    await addTask(mine.id, { title: 'Undated', assigneeId: assignee.id });
    await addTask(mine.id, {
      title: 'Someone else’s',
      assigneeId: colleague.id,
      dueAt: '2020-01-01T00:00:00Z',
    });
    const finished = await addTask(mine.id, {
      title: 'Finished',
      assigneeId: assignee.id,
      dueAt: '2020-01-01T00:00:00Z',
    });
    await as(director).patch(`/api/cases/${mine.id}/tasks/${finished.id}`, { status: 'done' });

    const open = (await as(assignee).get('/api/tasks?assignee=me&status=open')).json<Task[]>();
    expect(open.map((task) => task.title)).toEqual(['Late one', 'Later one', 'Undated']);
    const all = (await as(assignee).get('/api/tasks?assignee=me&status=all')).json<Task[]>();
    expect(all).toHaveLength(4);
    expect((await as(assignee).get('/api/tasks?assignee=someone')).statusCode).toBe(400);

    const dashboard = (await as(assignee).get('/api/dashboard/summary')).json<DashboardSummary>();
    expect(dashboard.overdueTasks).toEqual([
      {
        id: late.id,
        caseId: mine.id,
        caseNumber: mine.caseNumber,
        title: 'Late one',
        dueAt: '2020-01-01T00:00:00.000Z',
      },
    ]);
    expect((await as(owner).get('/api/dashboard/summary')).json<DashboardSummary>().overdueTasks).toEqual([]);
  });
});

describe('templates', () => {
  const template = {
    name: 'Forensic intake',
    category: 'digital_forensics',
    autoApply: true,
    tasks: [
      { title: 'Image the laptop', dueInHours: 24 },
      { title: 'Hash every image', description: 'SHA-256, recorded on the case' },
    ],
  };

  it('keeps named task lists that Directors add, change and remove', async () => {
    const created = await as(director).post('/api/case-templates', {
      ...template,
      autoApply: false,
      category: null,
    });
    expect(created.statusCode).toBe(201);
    const row = created.json<CaseTemplate>();
    expect(row).toMatchObject({
      name: 'Forensic intake',
      category: null,
      autoApply: false,
      tasks: template.tasks,
    });
    const replaced = await as(director).put(`/api/case-templates/${row.id}`, {
      ...template,
      name: 'Renamed',
      autoApply: false,
    });
    expect(replaced.json<CaseTemplate>()).toMatchObject({ name: 'Renamed', category: 'digital_forensics' });
    expect(
      (await as(director).get('/api/case-templates')).json<CaseTemplate[]>().map((x) => x.name),
    ).toContain('Renamed');
    expect((await as(director).delete(`/api/case-templates/${row.id}`)).statusCode).toBe(204);
    expect((await as(director).delete(`/api/case-templates/${row.id}`)).statusCode).toBe(404);
    expect((await as(director).put(`/api/case-templates/${row.id}`, template)).statusCode).toBe(404);
  });

  it('refuses bad templates and anyone but a Director', async () => {
    const post = (body: unknown) => as(director).post('/api/case-templates', body);
    expect((await post({ ...template, tasks: [] })).json().issues).toEqual([
      { path: 'tasks', message: 'A template needs at least one task' },
    ]);
    expect((await post({ ...template, category: null })).json().issues).toEqual([
      { path: 'category', message: 'A template applied automatically needs a category' },
    ]);
    expect((await post({ ...template, category: 'gardening' })).statusCode).toBe(400);
    expect((await post({ ...template, tasks: [{ title: 'x', dueInHours: 0 }] })).json().issues[0].path).toBe(
      'tasks.0.dueInHours',
    );
    const client = await registerUser(t.app);
    expect((await as(client).get('/api/case-templates')).statusCode).toBe(403);
    expect((await as(client).post('/api/case-templates', template)).statusCode).toBe(403);
  });

  it('applies a template by hand (due counted from now) and by itself when a case of its category opens', async () => {
    const manual = (
      await as(director).post('/api/case-templates', { ...template, name: 'Manual', autoApply: false })
    ).json<CaseTemplate>();
    const owner = await registerUser(t.app);
    const mine = await openCase(owner);
    const before = Date.now();
    const applied = await as(director).post(`/api/cases/${mine.id}/apply-template`, {
      templateId: manual.id,
    });
    expect(applied.statusCode).toBe(201);
    const made = applied.json<Task[]>();
    expect(made.map((task) => task.title)).toEqual(['Image the laptop', 'Hash every image']);
    const due = new Date(made[0]!.dueAt!).getTime();
    expect(due).toBeGreaterThanOrEqual(before + 24 * 3_600_000 - 1_000);
    expect(due).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000 + 1_000);
    expect(made[1]!.dueAt).toBeNull();
    expect(
      (
        await as(director).post(`/api/cases/${mine.id}/apply-template`, { templateId: crypto.randomUUID() })
      ).json().issues,
    ).toEqual([{ path: 'templateId', message: 'No such template' }]);
    expect(
      (await as(owner).post(`/api/cases/${mine.id}/apply-template`, { templateId: manual.id })).statusCode,
    ).toBe(403);

    await as(director).post('/api/case-templates', template);
    const forensic = await openCase(owner, { category: 'digital_forensics' });
    expect(forensic.tasks).toEqual({ done: 0, total: 2 });
    const other = await openCase(owner, { category: 'osint' });
    expect(other.tasks).toEqual({ done: 0, total: 0 });
  });
});

describe('ATT&CK techniques', () => {
  it('searches the shipped Enterprise table by id and name, at most 20', async () => {
    const client = await registerUser(t.app);
    const byId = (await as(client).get('/api/attack/techniques?q=t1566')).json<{ id: string }[]>();
    expect(byId[0]).toEqual({ id: 'T1566', name: 'Phishing', tactics: ['initial-access'] });
    expect(byId.map((x) => x.id)).toContain('T1566.001');
    const byName = (await as(client).get('/api/attack/techniques?q=spearphishing%20attachment')).json();
    expect(byName[0]).toMatchObject({ id: 'T1566.001', name: 'Spearphishing Attachment' });
    expect((await as(client).get('/api/attack/techniques?q=a')).json()).toHaveLength(20);
    expect((await as(client).get('/api/attack/techniques?q=zzzzqqq')).json()).toEqual([]);
    expect((await as(null).get('/api/attack/techniques?q=phish')).statusCode).toBe(401);
    const about = (await as(client).get('/api/attack')).json();
    expect(about).toMatchObject({
      version: '18.1',
      copyright: expect.stringContaining('The MITRE Corporation'),
    });
    expect(about.techniques).toBeGreaterThan(600);
  });

  it('lets Directors set techniques on a case, checked against the table; the owner sees them', async () => {
    const owner = await registerUser(t.app);
    const mine = await openCase(owner);
    const set = await as(director).patch(`/api/cases/${mine.id}`, {
      attackTechniques: ['t1566.001', 'T1078', 'T1566.001'],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json<CaseDetail>().attackTechniques).toEqual(['T1566.001', 'T1078']);
    expect((await as(owner).get(`/api/cases/${mine.id}`)).json<CaseDetail>().attackTechniques).toEqual([
      'T1566.001',
      'T1078',
    ]);

    const unknown = await as(director).patch(`/api/cases/${mine.id}`, {
      attackTechniques: ['T1078', 'T9999'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([
      { path: 'attackTechniques.1', message: 'T9999 is not an ATT&CK Enterprise technique (v18.1)' },
    ]);
    expect(
      (await as(director).patch(`/api/cases/${mine.id}`, { attackTechniques: ['phishing'] })).statusCode,
    ).toBe(400);
    expect((await as(owner).patch(`/api/cases/${mine.id}`, { attackTechniques: ['T1078'] })).statusCode).toBe(
      403,
    );
    expect(
      (await as(director).patch(`/api/cases/${crypto.randomUUID()}`, { attackTechniques: [] })).statusCode,
    ).toBe(404);
  });
});

describe('merging cases', () => {
  it('moves updates, files, tasks, observables and techniques; the old number leads to the target; the timeline says so', async () => {
    const owner = await registerUser(t.app);
    const target = await openCase(owner, { title: 'Tender leak (main case)' });
    const source = await openCase(owner, { title: 'Tender documents seen at rival' });
    await as(owner).post(`/api/cases/${source.id}/updates`, {
      updateType: 'comment',
      content: 'Seen on Monday.',
    });
    await as(director).post(`/api/cases/${source.id}/updates`, {
      updateType: 'internal_note',
      content: 'Suspect: courier.',
    });
    const file = await uploadFile(owner, source.id);
    await addTask(source.id, { title: 'Trace the copy' });
    const observed = { type: 'domain', value: 'rival-leaks.example' };
    expect((await as(owner).post(`/api/cases/${source.id}/observables`, observed)).statusCode).toBe(201);
    await as(director).patch(`/api/cases/${source.id}`, { attackTechniques: ['T1078'] });
    await as(director).patch(`/api/cases/${target.id}`, { attackTechniques: ['T1566'] });

    const merged = await as(director).post(`/api/cases/${source.id}/merge`, { intoCaseId: target.id });
    expect(merged.statusCode, merged.body).toBe(200);
    const detail = merged.json<CaseDetail>();
    expect(detail.id).toBe(target.id);
    expect(detail.attackTechniques).toEqual(['T1566', 'T1078']);
    expect(detail.tasks).toEqual({ done: 0, total: 1 });
    expect(detail.updates.map((u) => u.content)).toEqual(
      expect.arrayContaining(['Seen on Monday.', 'Suspect: courier.']),
    );
    expect(detail.updates.at(-1)).toMatchObject({
      title: `Merged ${source.caseNumber}`,
      isInternal: false,
      content: expect.stringContaining(source.caseNumber),
    });
    const files = (await as(owner).get(`/api/cases/${target.id}/files`)).json<{ id: string }[]>();
    expect(files.map((f) => f.id)).toEqual([file.id]);
    expect((await as(director).get(`/api/cases/${target.id}/tasks`)).json<Task[]>()[0]).toMatchObject({
      title: 'Trace the copy',
      caseNumber: target.caseNumber,
    });
    const moved = (await as(owner).get(`/api/cases/${target.id}/observables`)).json<{ value: string }[]>();
    expect(moved.map((o) => o.value)).toEqual([observed.value]);

    // The client reads the merge on their case; internal notes stay Directors'.
    const seen = (await as(owner).get(`/api/cases/${target.id}`)).json<CaseDetail>();
    expect(seen.updates.map((u) => u.content)).toContain('Seen on Monday.');
    expect(seen.updates.map((u) => u.content)).not.toContain('Suspect: courier.');

    // The source forwards, leaves every list, and its number finds the target.
    const old = await as(owner).get(`/api/cases/${source.id}`);
    expect(old.statusCode).toBe(200);
    expect(old.json<CaseDetail>()).toMatchObject({
      mergedInto: { id: target.id, caseNumber: target.caseNumber },
      updates: [],
    });
    expect((await as(owner).get('/api/cases')).json<Case[]>().map((c) => c.id)).toEqual([target.id]);
    expect((await as(director).get('/api/cases?scope=all')).json<Case[]>().map((c) => c.id)).not.toContain(
      source.id,
    );
    expect((await as(director).get('/api/cases?scope=queue')).json<Case[]>().map((c) => c.id)).not.toContain(
      source.id,
    );
    const found = (await as(owner).get(`/api/cases?q=${source.caseNumber.toLowerCase()}`)).json<Case[]>();
    expect(found.map((c) => c.id)).toEqual([target.id]);
    expect((await as(owner).get('/api/dashboard/summary')).json<DashboardSummary>().counts.openCases).toBe(1);

    // A merged case takes no more work.
    expect(
      (await as(owner).post(`/api/cases/${source.id}/updates`, { updateType: 'comment', content: 'Hello?' }))
        .statusCode,
    ).toBe(409);
    expect((await as(director).post(`/api/cases/${source.id}/tasks`, { title: 'Too late' })).statusCode).toBe(
      409,
    );
    const boundary = 'late-boundary';
    const lateFile = await t.app.inject({
      method: 'POST',
      url: `/api/cases/${source.id}/files`,
      headers: { cookie: owner.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="late.txt"\r\nContent-Type: text/plain\r\n\r\nToo late\r\n--${boundary}--\r\n`,
    });
    expect(lateFile.statusCode).toBe(409);
  });

  it('refuses: the same case, cases of different clients, an already merged case, a non-Director, no such case', async () => {
    const owner = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const a = await openCase(owner);
    const b = await openCase(owner);
    const c = await openCase(owner);
    const theirs = await openCase(stranger);
    const merge = (who: Member, from: string, into: string) =>
      as(who).post(`/api/cases/${from}/merge`, { intoCaseId: into });

    const same = await merge(director, a.id, a.id);
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe('A case cannot be merged into itself');
    const different = await merge(director, a.id, theirs.id);
    expect(different.statusCode).toBe(409);
    expect(different.json().message).toBe('Only cases of the same client can be merged');
    expect((await merge(owner, a.id, b.id)).statusCode).toBe(403);
    expect((await merge(director, crypto.randomUUID(), b.id)).statusCode).toBe(404);
    expect((await merge(director, a.id, crypto.randomUUID())).json().issues).toEqual([
      { path: 'intoCaseId', message: 'No such case' },
    ]);

    expect((await merge(director, a.id, b.id)).statusCode).toBe(200);
    const again = await merge(director, a.id, c.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This case was already merged into another');
    expect((await merge(director, c.id, a.id)).statusCode).toBe(409);

    // Merging the target on: the first source follows to the final case.
    expect((await merge(director, b.id, c.id)).statusCode).toBe(200);
    expect((await as(owner).get(`/api/cases/${a.id}`)).json<CaseDetail>().mergedInto).toEqual({
      id: c.id,
      caseNumber: c.caseNumber,
    });
    expect((await as(owner).get(`/api/cases?q=${a.caseNumber}`)).json<Case[]>().map((x) => x.id)).toEqual([
      c.id,
    ]);
    // Another client cannot read the forwarding record either.
    expect((await as(stranger).get(`/api/cases/${a.id}`)).statusCode).toBe(404);
  });
});

describe("a Director's queue and case search", () => {
  it('lists open, unassigned cases for Directors only, and finds cases by number or title words', async () => {
    const owner = await registerUser(t.app);
    const waiting = await openCase(owner, { title: 'Queue: nobody has it yet' });
    const taken = await openCase(owner, { title: 'Queue: already assigned' });
    await as(director).post(`/api/cases/${taken.id}/updates`, {
      updateType: 'assignment',
      assignedAgentId: director.id,
    });
    const queue = (await as(director).get('/api/cases?scope=queue&limit=200'))
      .json<Case[]>()
      .map((c) => c.id);
    expect(queue).toContain(waiting.id);
    expect(queue).not.toContain(taken.id);
    expect((await as(owner).get('/api/cases?scope=queue')).statusCode).toBe(403);

    expect((await as(owner).get('/api/cases?q=nobody%20has')).json<Case[]>().map((c) => c.id)).toEqual([
      waiting.id,
    ]);
    expect((await as(owner).get(`/api/cases?q=${taken.caseNumber}`)).json<Case[]>().map((c) => c.id)).toEqual(
      [taken.id],
    );
    expect((await as(owner).get('/api/cases?q=100%25')).json()).toEqual([]);
    const stranger = await registerUser(t.app);
    expect((await as(stranger).get(`/api/cases?q=${taken.caseNumber}`)).json()).toEqual([]);
  });
});
