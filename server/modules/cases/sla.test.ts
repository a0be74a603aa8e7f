import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Case } from '../../../contract/cases.js';
import type { Investigation } from '../../../contract/investigations.js';
import { DAY_MS, HOUR_MS, SERVICE_LEVELS } from '../../../contract/service-levels.js';
import { automationRuns, mailPendingChanges, notifications } from '../../db/schema/index.js';
import type { AppEvents } from '../../infra/events.js';
import { seedDatabase } from '../../db/seed/seed.js';
import { createAppContext, SCHEDULES } from '../../modules.js';
import { setUserTier, verifyEmail } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import { sweepInvestigationBreaches } from '../investigations/sla.js';
import { sweepCaseBreaches } from './sla.js';

/*
 * Service levels (issue 22 point 1, design 11.6) on a fake clock: `t.ctx.now` is what every clock reads, so a test
 * moves time forward by replacing it instead of waiting hours.
 */

let t: TestApp;
let director: Member;
let quietDirector: Member;
const breaches: AppEvents['case.sla_breached'][] = [];

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true });
  // The investigation catalogue (and the demo data) that requests are filed against.
  await seedDatabase(createAppContext(t.database.db, t.config));
  director = await registerUser(t.app);
  quietDirector = await registerUser(t.app);
  for (const staff of [director, quietDirector]) {
    await setUserTier(t, staff.id, 4);
    await verifyEmail(t, staff.id);
  }
  // The quiet Director asked for no case mail: the in-app notice still comes, the e-mail does not.
  const preferences = await asUser(t.app, quietDirector).put('/api/notification-preferences', {
    email: {
      case_update: false,
      payment_received: true,
      tier_upgrade: true,
      security_alert: true,
      other: true,
    },
  });
  expect(preferences.statusCode).toBe(200);
  t.ctx.events.on('case.sla_breached', async (payload) => {
    breaches.push(payload);
  });
});
afterAll(() => t.close());

/** Real time again after each test (the clock is moved only forward within one). */
afterEach(() => {
  t.ctx.now = () => new Date();
});

type Member = Awaited<ReturnType<typeof registerUser>>;

/** Moves the context's clock to `ms` after `from`. */
function setClock(from: string | Date, ms: number) {
  const at = new Date(new Date(from).getTime() + ms);
  t.ctx.now = () => at;
  return at;
}

async function client(tier = 1) {
  const account = await registerUser(t.app);
  if (tier !== 1) await setUserTier(t, account.id, tier);
  return account;
}

async function openCase(owner: Member, title = 'Missing shipment audit') {
  const response = await asUser(t.app, owner).post('/api/cases', {
    title,
    description: 'Two pallets of equipment vanished between the port and our warehouse in March.',
    category: 'investigation',
    deadline: '2030-01-31',
  });
  expect(response.statusCode).toBe(201);
  return response.json<Case>();
}

const update = (who: Member, caseId: string, body: Record<string, unknown>) =>
  asUser(t.app, who).post(`/api/cases/${caseId}/updates`, body);

async function getCase(who: Member, id: string) {
  const response = await asUser(t.app, who).get(`/api/cases/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json<Case>();
}

/** The in-app notices a user has whose title starts with `prefix`. */
async function noticesFor(userId: string, prefix: string) {
  return t.database.db
    .select({ title: notifications.title, message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), like(notifications.title, `${prefix}%`)));
}

/** The case mail waiting for a user about one case: the kinds of change it will list. */
async function mailsFor(userId: string, caseId: string) {
  const rows = await t.database.db
    .select({ changes: mailPendingChanges.changes })
    .from(mailPendingChanges)
    .where(and(eq(mailPendingChanges.userId, userId), eq(mailPendingChanges.subjectId, caseId)));
  return rows.map((row) => row.changes);
}

describe('service-level clocks of a case', () => {
  it('start at opening on the targets of the tier the client holds then, for every tier', async () => {
    for (const level of SERVICE_LEVELS) {
      const owner = await client(level.tier);
      const opened = await openCase(owner);
      const start = new Date(opened.createdAt).getTime();
      expect(opened.sla).toEqual({
        tier: level.tier,
        firstResponseDueAt: new Date(start + level.firstResponseHours * HOUR_MS).toISOString(),
        resolutionDueAt: new Date(start + level.caseResolutionDays * DAY_MS).toISOString(),
        firstRespondedAt: null,
        resolvedAt: null,
        responseBreached: false,
        resolutionBreached: false,
        breached: false,
      });
    }
  });

  it('keep the tier at opening when the client upgrades later', async () => {
    const owner = await client(1);
    const opened = await openCase(owner);
    await setUserTier(t, owner.id, 3);
    expect((await getCase(owner, opened.id)).sla).toMatchObject({
      tier: 1,
      firstResponseDueAt: opened.sla.firstResponseDueAt,
    });
    expect((await openCase(owner)).sla.tier).toBe(3);
  });

  it('stop the response clock at the first public Director update, not at an internal note or the client’s comment', async () => {
    const owner = await client(2);
    const opened = await openCase(owner);

    setClock(opened.createdAt, 1 * HOUR_MS);
    expect((await update(owner, opened.id, { updateType: 'comment', content: 'Any news?' })).statusCode).toBe(
      201,
    );
    setClock(opened.createdAt, 2 * HOUR_MS);
    const note = await update(director, opened.id, {
      updateType: 'internal_note',
      content: 'Looks routine.',
    });
    expect(note.statusCode).toBe(201);
    const hidden = await update(director, opened.id, {
      updateType: 'comment',
      content: 'x',
      isInternal: true,
    });
    expect(hidden.statusCode).toBe(201);
    expect((await getCase(owner, opened.id)).sla.firstRespondedAt).toBeNull();

    const answeredAt = setClock(opened.createdAt, 3 * HOUR_MS);
    const reply = await update(director, opened.id, { updateType: 'comment', content: 'We are on it.' });
    expect(reply.statusCode).toBe(201);
    // A later reply moves nothing.
    setClock(opened.createdAt, 5 * HOUR_MS);
    await update(director, opened.id, { updateType: 'comment', content: 'Second reply.' });

    // 30 hours on, past the tier 2 target of 24 h: answered in time, so the response is not breached.
    setClock(opened.createdAt, 30 * HOUR_MS);
    const sla = (await getCase(owner, opened.id)).sla;
    expect(sla).toMatchObject({
      firstRespondedAt: answeredAt.toISOString(),
      responseBreached: false,
      resolutionBreached: false,
      breached: false,
    });
    await sweepCaseBreaches(t.ctx);
    expect(await noticesFor(director.id, `${opened.caseNumber}:`)).toEqual([]);
  });

  it('announce a breach exactly once per case and clock, however often the job runs', async () => {
    const owner = await client(3);
    const opened = await openCase(owner, 'Unanswered breach case');
    breaches.length = 0;

    // 7 hours on: nothing is due yet.
    setClock(opened.createdAt, 7 * HOUR_MS);
    await sweepCaseBreaches(t.ctx);
    expect(await noticesFor(director.id, `${opened.caseNumber}:`)).toEqual([]);
    expect((await getCase(owner, opened.id)).sla.breached).toBe(false);

    // 9 hours on, past the tier 3 target of 8 h, unanswered: two runs at once, then a third.
    setClock(opened.createdAt, 9 * HOUR_MS);
    const announced = await Promise.all([sweepCaseBreaches(t.ctx), sweepCaseBreaches(t.ctx)]);
    await sweepCaseBreaches(t.ctx);
    // The scheduled job may also have run meanwhile: whoever claimed it, it was claimed once.
    expect(announced.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(1);

    for (const staff of [director, quietDirector]) {
      const notices = await noticesFor(staff.id, `${opened.caseNumber}:`);
      expect(notices).toEqual([
        {
          title: `${opened.caseNumber}: first response overdue`,
          message: expect.stringContaining('first response within 8 h for tier 3 (Agent)'),
        },
      ]);
    }
    // Mail by preference: the Director who wants case mail gets one, the quiet one none; the client none.
    // (A case mail waits MAIL_COALESCE_SECONDS for more changes to the case before it is written.)
    expect(await mailsFor(director.id, opened.id)).toEqual([['its first response overdue']]);
    expect(await mailsFor(quietDirector.id, opened.id)).toEqual([]);
    expect(await noticesFor(owner.id, `${opened.caseNumber}:`)).toEqual([]);

    const events = breaches.filter((event) => event.caseId === opened.id);
    expect(events).toEqual([
      {
        userId: owner.id,
        subjectType: 'case',
        caseId: opened.id,
        caseNumber: opened.caseNumber,
        title: 'Unanswered breach case',
        clock: 'first_response',
        tier: 3,
        dueAt: opened.sla.firstResponseDueAt,
      },
    ]);
    expect((await getCase(owner, opened.id)).sla).toMatchObject({ responseBreached: true, breached: true });

    // A late answer does not announce it again; the resolution clock, 15 days on, is a breach of its own.
    await update(director, opened.id, { updateType: 'comment', content: 'Sorry for the wait.' });
    setClock(opened.createdAt, 15 * DAY_MS);
    await sweepCaseBreaches(t.ctx);
    await sweepCaseBreaches(t.ctx);
    expect((await noticesFor(director.id, `${opened.caseNumber}:`)).map((n) => n.title).sort()).toEqual([
      `${opened.caseNumber}: first response overdue`,
      `${opened.caseNumber}: resolution overdue`,
    ]);
    expect(breaches.filter((event) => event.caseId === opened.id).map((event) => event.clock)).toEqual([
      'first_response',
      'resolution',
    ]);
  });

  it('announce a response given after its due time, even when it came before the job ran', async () => {
    const owner = await client(4);
    const opened = await openCase(owner);
    setClock(opened.createdAt, 4 * HOUR_MS + 60_000);
    await update(director, opened.id, { updateType: 'comment', content: 'One minute late.' });
    await sweepCaseBreaches(t.ctx);
    expect(await noticesFor(director.id, `${opened.caseNumber}: first response`)).toHaveLength(1);
    expect((await getCase(owner, opened.id)).sla.responseBreached).toBe(true);
  });

  it('stop the resolution clock when the case is completed, and keep it stopped when it is closed', async () => {
    const owner = await client(4);
    const opened = await openCase(owner);
    setClock(opened.createdAt, 1 * HOUR_MS);
    for (const status of ['in_progress', 'pending_review']) {
      expect((await update(director, opened.id, { updateType: 'status_change', status })).statusCode).toBe(
        201,
      );
    }
    const completedAt = setClock(opened.createdAt, 6 * DAY_MS);
    await update(director, opened.id, { updateType: 'status_change', status: 'completed' });
    setClock(opened.createdAt, 9 * DAY_MS);
    await update(director, opened.id, { updateType: 'status_change', status: 'closed' });

    // 20 days on, far past the tier 4 resolution target of 7 days: resolved within it.
    setClock(opened.createdAt, 20 * DAY_MS);
    expect((await getCase(owner, opened.id)).sla).toMatchObject({
      firstRespondedAt: new Date(new Date(opened.createdAt).getTime() + HOUR_MS).toISOString(),
      resolvedAt: completedAt.toISOString(),
      resolutionBreached: false,
      breached: false,
    });
    await sweepCaseBreaches(t.ctx);
    expect(await noticesFor(director.id, `${opened.caseNumber}:`)).toEqual([]);
  });

  it('is a schedule of the job runner', () => {
    expect(SCHEDULES.caseSlaBreaches).toBe('cases.sla-breaches');
    expect(SCHEDULES.investigationSlaBreaches).toBe('investigations.sla-breaches');
  });
});

describe('the Directors’ lists by service level', () => {
  it('sort by the soonest running clock and filter by breach and due time', async () => {
    const owner = await client(1);
    const slow = await openCase(owner, 'Tier one case, 72 h');
    await setUserTier(t, owner.id, 4);
    const fast = await openCase(owner, 'Tier four case, 4 h');
    await setUserTier(t, owner.id, 3);
    const middle = await openCase(owner, 'Tier three case, 8 h');
    const done = await openCase(owner, 'Answered and resolved');
    await update(director, done.id, { updateType: 'comment', content: 'On it.' });
    for (const status of ['in_progress', 'pending_review', 'completed']) {
      await update(director, done.id, { updateType: 'status_change', status });
    }
    const mine = [slow.id, fast.id, middle.id, done.id];
    const ids = async (query: string) => {
      const response = await asUser(t.app, director).get(`/api/cases?scope=all&limit=200&${query}`);
      expect(response.statusCode).toBe(200);
      return response.json<Case[]>().flatMap((item) => (mine.includes(item.id) ? [item.id] : []));
    };

    expect(await ids('')).toEqual([done.id, middle.id, fast.id, slow.id]);
    expect(await ids('sort=due')).toEqual([fast.id, middle.id, slow.id, done.id]);

    // 6 hours on, the tier 4 case is breached; the others run.
    setClock(fast.createdAt, 6 * HOUR_MS);
    expect(await ids('breached=true')).toEqual([fast.id]);
    expect(await ids('breached=false&sort=due')).toEqual([middle.id, slow.id, done.id]);
    const inTenHours = new Date(new Date(fast.createdAt).getTime() + 10 * HOUR_MS).toISOString();
    expect(await ids(`sort=due&dueBefore=${encodeURIComponent(inTenHours)}`)).toEqual([fast.id, middle.id]);

    // The Assigned list takes the same parameters; a client's own list too, a client cannot see all.
    const assigned = await asUser(t.app, director).get('/api/cases?assigned=true&sort=due&breached=true');
    expect(assigned.statusCode).toBe(200);
    const own = await asUser(t.app, owner).get('/api/cases?sort=due');
    expect(own.json<Case[]>().map((item) => item.id)).toEqual([fast.id, middle.id, slow.id, done.id]);
    expect((await asUser(t.app, owner).get('/api/cases?scope=all&sort=due')).statusCode).toBe(403);

    for (const bad of ['sort=soonest', 'breached=yes', 'dueBefore=tomorrow']) {
      const response = await asUser(t.app, director).get(`/api/cases?scope=all&${bad}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});

const request = {
  serviceType: 'background-check',
  subject: 'Pre-employment check: CFO candidate',
  description:
    'Verify identity, education and employment history of our shortlisted CFO candidate before the offer.',
  authorizedRepresentative: 'Dana Reyes',
  legalBasis: 'Consent given in writing by the candidate for screening.',
  targetInformation: 'Candidate name, date of birth and last three employers as supplied.',
  expectedTimeframe: 'Within two weeks',
  lawfulPurposeDeclaration: true,
  noHarassmentDeclaration: true,
  complianceAgreement: true,
};

async function fileRequest(owner: Member, subject: string) {
  const response = await asUser(t.app, owner).post('/api/investigations', { ...request, subject });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Investigation>();
}

describe('service-level clocks of an investigation request', () => {
  it('stop the response clock at a Director’s first change and the resolution clock at completion', async () => {
    const owner = await client(2);
    const filed = await fileRequest(owner, 'SLA request answered in time');
    const start = new Date(filed.createdAt).getTime();
    expect(filed.sla).toMatchObject({
      tier: 2,
      firstResponseDueAt: new Date(start + 24 * HOUR_MS).toISOString(),
      resolutionDueAt: new Date(start + 30 * DAY_MS).toISOString(),
      breached: false,
    });

    const answeredAt = setClock(filed.createdAt, 2 * HOUR_MS);
    const moved = await asUser(t.app, director).patch(`/api/investigations/${filed.id}`, {
      status: 'IN_PROGRESS',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<Investigation>().sla.firstRespondedAt).toBe(answeredAt.toISOString());
    const completedAt = setClock(filed.createdAt, 10 * DAY_MS);
    await asUser(t.app, director).patch(`/api/investigations/${filed.id}`, { status: 'COMPLETED' });

    setClock(filed.createdAt, 40 * DAY_MS);
    const [mine] = (await asUser(t.app, owner).get('/api/investigations')).json<Investigation[]>();
    expect(mine!.sla).toMatchObject({
      firstRespondedAt: answeredAt.toISOString(),
      resolvedAt: completedAt.toISOString(),
      breached: false,
    });
    await sweepInvestigationBreaches(t.ctx);
    expect(breaches.filter((event) => event.investigationId === filed.id)).toEqual([]);
  });

  it('announce an unanswered request’s breach once, and filter the Directors’ list by it', async () => {
    const owner = await client(3);
    const filed = await fileRequest(owner, 'SLA request left waiting');
    setClock(filed.createdAt, 9 * HOUR_MS);
    await Promise.all([sweepInvestigationBreaches(t.ctx), sweepInvestigationBreaches(t.ctx)]);
    await sweepInvestigationBreaches(t.ctx);
    const notices = await noticesFor(director.id, 'Investigation request: first response overdue');
    expect(notices.filter((notice) => notice.message.includes('SLA request left waiting'))).toHaveLength(1);
    expect(breaches.filter((event) => event.investigationId === filed.id)).toEqual([
      expect.objectContaining({
        subjectType: 'investigation',
        caseNumber: null,
        clock: 'first_response',
        tier: 3,
      }),
    ]);

    const list = await asUser(t.app, director).get('/api/investigations?scope=all&breached=true&sort=due');
    expect(list.statusCode).toBe(200);
    const ids = list.json<Investigation[]>().map((item) => item.id);
    expect(ids).toContain(filed.id);
    expect(list.json<Investigation[]>().every((item) => item.sla.breached)).toBe(true);
    expect((await asUser(t.app, director).get('/api/investigations?scope=all&sort=late')).statusCode).toBe(
      400,
    );
  });
});

describe('the case.sla_breached automation trigger', () => {
  async function until(check: () => Promise<boolean>, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('runs a Director’s rule and the owner’s rule once per breach, with the breach’s fields', async () => {
    const owner = await client(3);
    const ruleOf = async (who: Member, name: string) => {
      const response = await asUser(t.app, who).post('/api/automation/rules', {
        name,
        trigger: {
          event: 'case.sla_breached',
          conditions: [{ field: 'clock', operator: 'equals', value: 'first_response' }],
        },
        actions: [{ type: 'notify', config: { message: '{{caseNumber}} missed its {{clock}} target' } }],
      });
      expect(response.statusCode).toBe(201);
      return response.json<{ id: string }>().id;
    };
    const staffRule = await ruleOf(director, 'Page the duty Director');
    const ownRule = await ruleOf(owner, 'Tell me when my case is late');
    // Another client's rule on the same event hears nothing of this case.
    const bystander = await client(2);
    const otherRule = await ruleOf(bystander, 'Someone else’s rule');

    const opened = await openCase(owner, 'Automation breach case');
    setClock(opened.createdAt, 9 * HOUR_MS);
    await sweepCaseBreaches(t.ctx);
    await sweepCaseBreaches(t.ctx);

    // The Director's rule hears every case's breach (other tests' too): only this case's runs count here.
    const runsOf = async (ruleId: string) =>
      (await t.database.db.select().from(automationRuns).where(eq(automationRuns.ruleId, ruleId))).filter(
        (run) => run.eventData.caseId === opened.id,
      );
    await until(async () => (await runsOf(staffRule)).length >= 1 && (await runsOf(ownRule)).length >= 1);
    const [staffRun] = await runsOf(staffRule);
    expect(staffRun).toMatchObject({
      event: 'case.sla_breached',
      status: 'succeeded',
      eventData: expect.objectContaining({ caseId: opened.id, clock: 'first_response', tier: 3 }),
    });
    expect(
      (await noticesFor(director.id, 'Page the duty Director')).filter((notice) =>
        notice.message.startsWith(`${opened.caseNumber} `),
      ),
    ).toEqual([
      { title: 'Page the duty Director', message: `${opened.caseNumber} missed its first_response target` },
    ]);
    // Once per breach: a moment later there is still one run each, and none for the bystander.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await runsOf(staffRule)).toHaveLength(1);
    expect(await runsOf(ownRule)).toHaveLength(1);
    expect(await runsOf(otherRule)).toHaveLength(0);
  });

  it('checks a rule’s conditions against the breach’s fields', async () => {
    const response = await asUser(t.app, director).post('/api/automation/rules', {
      name: 'Breach on tier 4',
      trigger: {
        event: 'case.sla_breached',
        conditions: [{ field: 'breachedBy', operator: 'equals', value: 1 }],
      },
      actions: [{ type: 'notify', config: { message: 'x' } }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(
      'case.sla_breached has no field "breachedBy"',
    );
  });
});
