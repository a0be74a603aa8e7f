import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index.js';
import { setUserTier, verifyEmail } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.js';

let smtp: TestSmtpServer;
let t: TestApp;
let director: Member;
beforeAll(async () => {
  smtp = await startSmtpServer();
  // Changes to one case within 3 s of its first unsent one go out as one mail (design 12.6).
  t = await createTestApp(
    { SMTP_URL: smtp.url, MAIL_RETRY_DELAY_SECONDS: '1', MAIL_COALESCE_SECONDS: '3' },
    { jobs: true },
  );
  director = await member();
  await setUserTier(t, director.id, 4);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Member = Awaited<ReturnType<typeof member>>;
/** A signed-in user; `verified` sets the address verified the way the verification link will. */
async function member({ verified = false } = {}) {
  const account = await registerUser(t.app);
  if (verified) {
    await verifyEmail(t, account.id);
  }
  return account;
}

const newCase = {
  title: 'Missing shipment audit',
  description: 'Two pallets of equipment vanished between the port and our warehouse in March.',
  category: 'investigation',
};

async function openCase(owner: Member, extra: Record<string, unknown> = {}) {
  const response = await asUser(t.app, owner).post('/api/cases', { ...newCase, ...extra });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; caseNumber: string }>();
}

const update = (who: Member, caseId: string, body: Record<string, unknown>) =>
  asUser(t.app, who).post(`/api/cases/${caseId}/updates`, body);

describe('cases', () => {
  it('opens an open, medium-priority, unassigned case with a readable number, and validates with a message per field', async () => {
    const owner = await member();
    const created = await asUser(t.app, owner).post('/api/cases', newCase);
    expect(created.json()).toMatchObject({
      caseNumber: expect.stringMatching(/^CASE-\d+$/),
      status: 'open',
      priority: 'medium',
      deadline: null,
      assignedAgent: null,
      estimatedCost: null,
    });
    const bad = await asUser(t.app, owner).post('/api/cases', {
      title: 'abc',
      description: 'short',
      category: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'title', message: 'Title must be at least 5 characters' },
        { path: 'description', message: 'Description must be at least 20 characters' },
        { path: 'category', message: 'Category is required' },
      ]),
    );
    const dated = await asUser(t.app, owner).post('/api/cases', {
      ...newCase,
      deadline: '2027-01-31',
      priority: 'critical',
    });
    expect(dated.json()).toMatchObject({ priority: 'critical', deadline: '2027-01-31T00:00:00.000Z' });
    expect((await t.app.inject({ method: 'POST', url: '/api/cases', payload: newCase })).statusCode).toBe(
      401,
    );
  });

  it("keeps cases to their owner: lists, detail and updates of another user's case are 404", async () => {
    const owner = await member();
    const stranger = await member();
    const mine = await openCase(owner);
    expect((await asUser(t.app, owner).get('/api/cases')).json()).toHaveLength(1);
    expect((await asUser(t.app, stranger).get('/api/cases')).json()).toEqual([]);
    expect((await asUser(t.app, stranger).get(`/api/cases/${mine.id}`)).statusCode).toBe(404);
    expect((await update(stranger, mine.id, { updateType: 'comment', content: 'hi' })).statusCode).toBe(404);
    expect((await asUser(t.app, owner).get('/api/cases/not-an-id')).statusCode).toBe(404);
    expect((await asUser(t.app, owner).get('/api/cases?assigned=true')).statusCode).toBe(403);
    expect((await asUser(t.app, owner).get('/api/cases?scope=all')).statusCode).toBe(403);
  });

  it('lets the owner comment but nothing else', async () => {
    const owner = await member();
    const mine = await openCase(owner);
    expect((await update(owner, mine.id, { updateType: 'comment', content: 'Any news?' })).statusCode).toBe(
      201,
    );
    for (const body of [
      { updateType: 'status_change', status: 'in_progress' },
      { updateType: 'internal_note', content: 'x' },
      { updateType: 'cost_estimate', estimatedCost: '10' },
      { updateType: 'assignment', assignedAgentId: owner.id },
    ]) {
      expect((await update(owner, mine.id, body)).statusCode, body.updateType).toBe(403);
    }
    expect((await update(owner, mine.id, { updateType: 'comment', content: '' })).statusCode).toBe(400);
    expect((await update(owner, mine.id, { updateType: 'shout', content: 'x' })).statusCode).toBe(400);
  });

  it('honours isInternal (design 11.2): a Director keeps any update internal, a member may not ask for one, a wrong value is 400', async () => {
    const owner = await member();
    const mine = await openCase(owner);
    const hidden = await update(director, mine.id, {
      updateType: 'comment',
      content: 'Analyst only: the leak matches the night shift.',
      isInternal: true,
    });
    expect(hidden.statusCode).toBe(201);
    const hiddenMove = await update(director, mine.id, {
      updateType: 'status_change',
      status: 'in_progress',
      content: 'Moved while we wait for the lab.',
      isInternal: true,
    });
    expect(hiddenMove.statusCode).toBe(201);
    const directorView = (await asUser(t.app, director).get(`/api/cases/${mine.id}`)).json<{
      updates: { content: string; isInternal: boolean }[];
    }>();
    expect(directorView.updates.filter((u) => u.isInternal).map((u) => u.content)).toEqual(
      expect.arrayContaining([
        'Analyst only: the leak matches the night shift.',
        'Moved while we wait for the lab.',
      ]),
    );
    const ownerView = (await asUser(t.app, owner).get(`/api/cases/${mine.id}`)).json<{
      status: string;
      updates: { content: string }[];
    }>();
    expect(ownerView.status).toBe('in_progress');
    expect(JSON.stringify(ownerView.updates)).not.toContain('night shift');
    expect(JSON.stringify(ownerView.updates)).not.toContain('lab');
    const ownerNotes = (await asUser(t.app, owner).get('/api/notifications')).json<{ message: string }[]>();
    expect(JSON.stringify(ownerNotes)).not.toContain('night shift');

    // A public comment stays public when the flag is false; the owner cannot ask for an internal one.
    expect(
      (await update(director, mine.id, { updateType: 'comment', content: 'Public note.', isInternal: false }))
        .statusCode,
    ).toBe(201);
    expect(
      (await asUser(t.app, owner).get(`/api/cases/${mine.id}`)).json<{ updates: { content: string }[] }>()
        .updates,
    ).toEqual(expect.arrayContaining([expect.objectContaining({ content: 'Public note.' })]));
    const asked = await update(owner, mine.id, {
      updateType: 'comment',
      content: 'Secret?',
      isInternal: true,
    });
    expect(asked.statusCode).toBe(403);
    for (const body of [
      { updateType: 'comment', content: 'x', isInternal: 'yes' },
      { updateType: 'internal_note', content: 'x', isInternal: false },
    ]) {
      const refused = await update(director, mine.id, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().issues[0].path).toBe('isInternal');
    }
  });

  it('lets a Director work the case: moves, assignment, cost, hidden internal notes, and notifies the owner', async () => {
    const owner = await member();
    const mine = await openCase(owner);
    const client = await member();
    expect((await asUser(t.app, director).get('/api/cases?scope=all')).json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: mine.id, ownerEmail: owner.email })]),
    );

    expect(
      (await update(director, mine.id, { updateType: 'assignment', assignedAgentId: client.id })).statusCode,
    ).toBe(400);
    await update(director, mine.id, { updateType: 'assignment', assignedAgentId: director.id });
    expect((await asUser(t.app, director).get('/api/cases?assigned=true')).json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: mine.id })]),
    );
    await update(director, mine.id, { updateType: 'cost_estimate', estimatedCost: 2500 });
    await update(director, mine.id, { updateType: 'internal_note', content: 'Client may be the insider.' });

    // Allowed and refused moves.
    expect(
      (await update(director, mine.id, { updateType: 'status_change', status: 'completed' })).statusCode,
    ).toBe(409);
    for (const status of [
      'in_progress',
      'pending_review',
      'in_progress',
      'pending_review',
      'completed',
      'closed',
    ]) {
      const moved = await update(director, mine.id, { updateType: 'status_change', status });
      expect(moved.statusCode, status).toBe(201);
    }
    expect(
      (await update(director, mine.id, { updateType: 'status_change', status: 'open' })).statusCode,
    ).toBe(409);

    const seenByOwner = (await asUser(t.app, owner).get(`/api/cases/${mine.id}`)).json();
    expect(seenByOwner).toMatchObject({
      status: 'closed',
      estimatedCost: '2500.00',
      assignedAgentId: director.id,
    });
    expect(seenByOwner.updates.some((u: { isInternal: boolean }) => u.isInternal)).toBe(false);
    expect(seenByOwner.updates.map((u: { content: string }) => u.content)).toContain(
      'Estimated cost set to INR 2,500.00.',
    );
    expect(JSON.stringify(seenByOwner)).not.toContain('insider');
    const seenByDirector = (await asUser(t.app, director).get(`/api/cases/${mine.id}`)).json();
    expect(seenByDirector.updates.filter((u: { isInternal: boolean }) => u.isInternal)).toHaveLength(1);

    const notes = (await asUser(t.app, owner).get('/api/notifications')).json() as {
      type: string;
      title: string;
    }[];
    const caseNotes = notes.filter((note) => note.type === 'case_update');
    // assignment + cost + six moves; never the internal note.
    expect(caseNotes).toHaveLength(8);
    expect(caseNotes.every((note) => note.title.startsWith(mine.caseNumber))).toBe(true);
  });

  it('e-mails the owner the updates they may see, and never an internal note', async () => {
    const owner = await member({ verified: true });
    const mine = await openCase(owner);
    await update(director, mine.id, { updateType: 'internal_note', content: 'Check the night guard first.' });
    await update(director, mine.id, { updateType: 'comment', content: 'We have the port CCTV footage.' });

    const mail = await smtp.waitFor(
      (m) => m.to.includes(owner.email) && m.subject === `Your case ${mine.caseNumber} was updated`,
    );
    expect(mail.text.split('\n')).toEqual(
      expect.arrayContaining([
        `There is news on your case ${mine.caseNumber}: a new comment.`,
        `http://127.0.0.1:5000/cases?case=${mine.id}`,
      ]),
    );
    // The mail carries nothing of the case: not the comment, not the internal note, not the title.
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('CCTV');
      expect(part).not.toContain('night guard');
      expect(part).not.toContain(newCase.title);
    }
    const queued = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, owner.id), eq(mailOutbox.kind, 'notification.case_update')));
    expect(queued.map((row) => row.subject)).toEqual([`Your case ${mine.caseNumber} was updated`]);
    expect((await asUser(t.app, owner).get('/api/notifications')).body).not.toContain('night guard');
  });

  it('sends the changes to one case within MAIL_COALESCE_SECONDS as one mail, and a later change as another', async () => {
    const owner = await member({ verified: true });
    const mine = await openCase(owner);
    await update(director, mine.id, { updateType: 'comment', content: 'First look done.' });
    await update(director, mine.id, { updateType: 'status_change', status: 'in_progress' });
    await update(director, mine.id, { updateType: 'comment', content: 'Second look done.' });

    const subject = `Your case ${mine.caseNumber} was updated`;
    const first = await smtp.waitFor((m) => m.to.includes(owner.email) && m.subject === subject);
    expect(first.text).toContain(
      `There is news on your case ${mine.caseNumber}: a new comment and a status change.`,
    );
    const sent = () =>
      t.database.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.userId, owner.id), eq(mailOutbox.subject, subject)));
    expect(await sent()).toHaveLength(1);

    // The wait is over and its mail gone: the next change starts a new one.
    await update(director, mine.id, { updateType: 'comment', content: 'Third look done.' });
    await smtp.waitFor((m) => m.to.includes(owner.email) && m.subject === subject && m !== first);
    expect(await sent()).toHaveLength(2);
  });
});
