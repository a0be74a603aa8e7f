import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { seedDatabase } from '../../db/seed/seed.js';
import { createAppContext } from '../../modules.js';
import { setUserTier, verifyEmail } from '../../test/fixtures.js';
import {
  asUser,
  createTestApp,
  registerUser,
  sessionCookie,
  uniqueEmail,
  type TestApp,
} from '../../test/helpers.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import { estimateCost } from './investigations.service.js';

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    { SMTP_URL: smtp.url, MAIL_RETRY_DELAY_SECONDS: '1', MAIL_COALESCE_SECONDS: '1' },
    { jobs: true },
  );
  await seedDatabase(createAppContext(t.database.db, t.config));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const request = {
  serviceType: 'background-check',
  subject: 'Pre-employment check: CFO candidate',
  description:
    'Verify identity, education and employment history of our shortlisted CFO candidate before the offer.',
  authorizedRepresentative: 'Asha Rao',
  legalBasis: 'Written consent of the candidate on file',
  targetInformation: 'Full name, date of birth and last three employers',
  expectedTimeframe: 'Within two weeks',
  lawfulPurposeDeclaration: true,
  noHarassmentDeclaration: true,
  complianceAgreement: true,
};

type User = Awaited<ReturnType<typeof registerUser>>;

const submit = (user: User | null, payload: Record<string, unknown>) =>
  asUser(t.app, user).post('/api/investigations', payload);
const list = (user: User, query = '') => asUser(t.app, user).get(`/api/investigations${query}`);
const patch = (user: User, id: string, payload: Record<string, unknown>) =>
  asUser(t.app, user).patch(`/api/investigations/${id}`, payload);

async function director(names: { firstName?: string; lastName?: string } = {}): Promise<User> {
  const email = uniqueEmail('director');
  const password = 'correct horse battery staple';
  const response = await asUser(t.app).post('/api/auth/register', { email, password, ...names });
  const user = { cookie: sessionCookie(response), email, password, id: response.json().id as string };
  await setUserTier(t, user.id, 4);
  return user;
}

async function notificationsOf(user: User) {
  return (await asUser(t.app, user).get('/api/notifications')).json() as {
    type: string;
    title: string;
    message: string;
    actionUrl: string | null;
  }[];
}

describe('investigation catalogue', () => {
  it('serves the seven services publicly, in catalogue order, with their tiers and pricing', async () => {
    const response = await t.app.inject({ url: '/api/investigations/catalog' });
    expect(response.statusCode).toBe(200);
    const catalog = response.json() as {
      id: string;
      minimumTier: number;
      pricing: string;
      features: string[];
    }[];
    expect(catalog.map((entry) => [entry.id, entry.minimumTier])).toEqual([
      ['background-check', 1],
      ['corporate-intelligence', 2],
      ['digital-forensics', 2],
      ['surveillance', 3],
      ['location-skip-tracing', 3],
      ['asset-investigation', 2],
      ['fraud-investigation', 2],
    ]);
    expect(catalog[0]).toMatchObject({
      name: 'Background Check',
      pricing: '₹25,000 - ₹75,000',
      deliveryTime: '5-7 business days',
      basePrice: '25000.00',
      icon: expect.any(String),
      category: expect.any(String),
    });
    expect(catalog[0]!.features.length).toBeGreaterThan(0);
  });
});

describe('requesting an investigation', () => {
  it('files a PENDING, unassigned request with defaults for the unset fields and a server-side estimate', async () => {
    const user = await registerUser(t.app);
    const response = await submit(user, request);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      id: expect.any(String),
      subject: request.subject,
      serviceType: 'background-check',
      serviceName: 'Background Check',
      priority: 'STANDARD',
      status: 'PENDING',
      clientType: 'individual',
      budgetRange: '25k-50k',
      sensitivityLevel: 'low',
      confidentialityLevel: 'standard',
      courtOrder: false,
      estimatedCost: '25000.00',
      assignedAgent: null,
      createdAt: expect.any(String),
    });
  });

  it("records the declarations with the time and IP, and shows them in the Directors' list (design 11.2)", async () => {
    const user = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/investigations',
      headers: { cookie: user.cookie },
      payload: request,
      remoteAddress: '198.51.100.77',
    });
    expect(response.statusCode).toBe(201);
    const id = response.json().id as string;
    const [event] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'investigation.requested'), eq(auditLog.subject, id)));
    expect(event).toMatchObject({
      userId: user.id,
      subjectType: 'investigation',
      ip: '198.51.100.77',
      details: { declarations: { lawfulPurpose: true, noHarassment: true, compliance: true } },
    });
    const director = await registerUser(t.app);
    await setUserTier(t, director.id, 4);
    const all = (await asUser(t.app, director).get('/api/investigations?scope=all')).json() as {
      id: string;
      declarations: unknown;
    }[];
    expect(all.find((item) => item.id === id)?.declarations).toEqual({
      lawfulPurpose: true,
      noHarassment: true,
      compliance: true,
      declaredAt: event!.createdAt.toISOString(),
      ip: '198.51.100.77',
    });
  });

  it('ignores a client-sent status or cost', async () => {
    const user = await registerUser(t.app);
    const response = await submit(user, { ...request, status: 'COMPLETED', estimatedCost: '1.00' });
    expect(response.json()).toMatchObject({ status: 'PENDING', estimatedCost: '25000.00' });
  });

  it('adds 50% for HIGH and 100% for URGENT priority', async () => {
    const user = await registerUser(t.app);
    await setUserTier(t, user.id, 2);
    const cost = async (serviceType: string, priority: string) =>
      (await submit(user, { ...request, serviceType, priority })).json().estimatedCost;
    expect(await cost('background-check', 'LOW')).toBe('25000.00');
    expect(await cost('background-check', 'HIGH')).toBe('37500.00');
    expect(await cost('background-check', 'URGENT')).toBe('50000.00');
    expect(await cost('corporate-intelligence', 'HIGH')).toBe('75000.00');
  });

  it('computes the estimate in paise, rounding half a paisa up', () => {
    expect(estimateCost('25000.00', 'STANDARD')).toBe('25000.00');
    expect(estimateCost('0.01', 'HIGH')).toBe('0.02');
    expect(estimateCost('15000.50', 'URGENT')).toBe('30001.00');
  });

  it('gives a message for each broken field', async () => {
    const user = await registerUser(t.app);
    const response = await submit(user, {
      serviceType: '',
      subject: '   ',
      description: 'too short',
      priority: 'ASAP',
      legalBasis: 'because',
      targetInformation: 'someone',
      lawfulPurposeDeclaration: false,
      noHarassmentDeclaration: 'yes',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(response.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'serviceType', message: 'Service type is required' },
        { path: 'subject', message: 'Subject is required' },
        { path: 'description', message: 'Description must be at least 50 characters' },
        { path: 'priority', message: 'Priority is required' },
        { path: 'authorizedRepresentative', message: 'Authorized representative is required' },
        { path: 'legalBasis', message: 'Legal basis must be at least 20 characters' },
        { path: 'targetInformation', message: 'Target information must be at least 30 characters' },
        { path: 'expectedTimeframe', message: 'Expected timeframe is required' },
        { path: 'lawfulPurposeDeclaration', message: 'Must declare lawful purpose' },
        { path: 'noHarassmentDeclaration', message: 'Must declare no harassment intent' },
        { path: 'complianceAgreement', message: 'Must agree to compliance requirements' },
      ]),
    );
  });

  it('refuses an unknown service type, wrong enums and a non-JSON body with 4xx', async () => {
    const user = await registerUser(t.app);
    for (const payload of [
      { ...request, serviceType: 'mind-reading' },
      { ...request, budgetRange: '10k-25k' },
      { ...request, sensitivityLevel: 'secret' },
      { ...request, confidentialityLevel: 'total' },
      { ...request, clientType: 'alien' },
      { ...request, courtOrder: 'maybe' },
      { ...request, subject: 'x'.repeat(201) },
    ]) {
      expect((await submit(user, payload)).statusCode).toBe(400);
    }
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/investigations',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      payload: '{"subject":',
    });
    expect(raw.statusCode).toBe(400);
  });

  it('answers 401 signed out and 403 TIER_REQUIRED above the tier', async () => {
    expect((await submit(null, request)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/investigations' })).statusCode).toBe(401);
    const user = await registerUser(t.app);
    const above = await submit(user, { ...request, serviceType: 'surveillance' });
    expect(above.statusCode).toBe(403);
    expect(above.json()).toMatchObject({ code: 'TIER_REQUIRED', requiredTier: 3 });
    await setUserTier(t, user.id, 3);
    const allowed = await submit(user, { ...request, serviceType: 'surveillance', priority: 'URGENT' });
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json().estimatedCost).toBe('30000.00');
  });
});

describe('listing requests', () => {
  it("lists only the user's own, newest first, capped by limit", async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    const first = (await submit(user, { ...request, subject: 'First' })).json();
    const second = (await submit(user, { ...request, subject: 'Second' })).json();
    await submit(other, { ...request, subject: 'Not yours' });
    const mine = await list(user);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((r: { id: string }) => r.id)).toEqual([second.id, first.id]);
    expect((await list(user, '?limit=1')).json()).toHaveLength(1);
    expect((await list(user, '?limit=0')).statusCode).toBe(400);
    expect((await list(user, '?limit=201')).statusCode).toBe(400);
  });

  it('lists everyone’s with scope=all for Directors only', async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    const theirs = (await submit(other, request)).json();
    const refused = await list(user, '?scope=all');
    expect(refused.statusCode).toBe(403);
    expect((await list(user, '?scope=everything')).statusCode).toBe(400);
    const boss = await director();
    const all = await list(boss, '?scope=all&limit=200');
    expect(all.statusCode).toBe(200);
    expect(all.json().map((r: { id: string }) => r.id)).toContain(theirs.id);
    expect((await list(boss)).json()).toEqual([]);
  });
});

describe('Directors updating a request', () => {
  it('refuses everyone else with 403, even the owner', async () => {
    const user = await registerUser(t.app);
    const created = (await submit(user, request)).json();
    const response = await patch(user, created.id, { status: 'IN_PROGRESS' });
    expect(response.statusCode).toBe(403);
    await setUserTier(t, user.id, 3);
    expect((await patch(user, created.id, { status: 'IN_PROGRESS' })).statusCode).toBe(403);
    const unauthenticated = await t.app.inject({
      method: 'PATCH',
      url: `/api/investigations/${created.id}`,
      payload: { status: 'IN_PROGRESS' },
    });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('answers 404 for an unknown or malformed id and 400 for an empty change', async () => {
    const boss = await director();
    expect(
      (await patch(boss, '00000000-0000-4000-8000-000000000000', { status: 'CANCELLED' })).statusCode,
    ).toBe(404);
    expect((await patch(boss, 'not-an-id', { status: 'CANCELLED' })).statusCode).toBe(404);
    const user = await registerUser(t.app);
    const created = (await submit(user, request)).json();
    expect((await patch(boss, created.id, {})).statusCode).toBe(400);
    expect((await patch(boss, created.id, { status: 'ARCHIVED' })).statusCode).toBe(400);
  });

  it('moves status forward only, notifying the owner and auditing each change', async () => {
    const boss = await director();
    const user = await registerUser(t.app);
    const created = (await submit(user, request)).json();

    const started = await patch(boss, created.id, { status: 'IN_PROGRESS' });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ id: created.id, status: 'IN_PROGRESS' });

    const back = await patch(boss, created.id, { status: 'PENDING' });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'A request cannot move from IN_PROGRESS to PENDING',
    });

    // The current status again is not a move: nothing changes and nobody is told.
    expect((await patch(boss, created.id, { status: 'IN_PROGRESS' })).statusCode).toBe(200);

    expect((await patch(boss, created.id, { status: 'COMPLETED' })).json().status).toBe('COMPLETED');
    expect((await patch(boss, created.id, { status: 'CANCELLED' })).statusCode).toBe(409);
    expect((await patch(boss, created.id, { status: 'IN_PROGRESS' })).statusCode).toBe(409);

    const notices = await notificationsOf(user);
    expect(notices).toHaveLength(2);
    expect(notices[0]).toMatchObject({
      type: 'case_update',
      actionUrl: '/investigations',
      message: `Your investigation request "${request.subject}" is now completed.`,
    });
    expect(notices[1]!.message).toContain('is now in progress');

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'investigation.updated'), eq(auditLog.subject, created.id)));
    expect(entries.map((entry) => entry.details)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ fromStatus: 'PENDING', toStatus: 'IN_PROGRESS', ownerId: user.id }),
        expect.objectContaining({ fromStatus: 'IN_PROGRESS', toStatus: 'COMPLETED' }),
      ]),
    );
    expect(entries.every((entry) => entry.userId === boss.id)).toBe(true);
  });

  it('e-mails the owner a status change as a case update, naming the request by its reference only', async () => {
    const boss = await director();
    const user = await registerUser(t.app);
    await verifyEmail(t, user.id);
    const created = (await submit(user, request)).json();
    expect((await patch(boss, created.id, { status: 'CANCELLED' })).statusCode).toBe(200);

    const message = `Your investigation request "${request.subject}" is now cancelled.`;
    expect(await notificationsOf(user)).toEqual([
      expect.objectContaining({
        type: 'case_update',
        priority: 'high',
        title: 'Investigation update',
        message,
      }),
    ]);
    const reference = `INV-${String(created.id).slice(0, 8).toUpperCase()}`;
    const mail = await smtp.waitFor(
      (m) => m.to.includes(user.email) && m.subject === `Your investigation request ${reference} was updated`,
    );
    expect(mail.text.split('\n')).toEqual(
      expect.arrayContaining([
        `There is news on your investigation request ${reference}: a status change.`,
        'http://127.0.0.1:5000/investigations',
      ]),
    );
    // Nothing of the request itself: not its subject, not what changed to what.
    expect(mail.text).not.toContain(request.subject);
    expect(mail.html).not.toContain(request.subject);
    expect(mail.text).not.toContain('cancelled');
  });

  it('cancels a PENDING request, after which it stays cancelled', async () => {
    const boss = await director();
    const user = await registerUser(t.app);
    const created = (await submit(user, request)).json();
    expect((await patch(boss, created.id, { status: 'COMPLETED' })).statusCode).toBe(409);
    expect((await patch(boss, created.id, { status: 'CANCELLED' })).json().status).toBe('CANCELLED');
    expect((await patch(boss, created.id, { status: 'IN_PROGRESS' })).statusCode).toBe(409);
  });

  it('assigns Directors only, shows the agent by name and tells the owner', async () => {
    const boss = await director();
    const agent = await director({ firstName: 'Vikram', lastName: 'Sethi' });
    const user = await registerUser(t.app);
    const created = (await submit(user, request)).json();

    const notDirector = await patch(boss, created.id, { assignedAgentId: user.id });
    expect(notDirector.statusCode).toBe(400);
    expect(notDirector.json().issues).toEqual([
      { path: 'assignedAgentId', message: 'Assigned agent must be a Director' },
    ]);
    expect((await patch(boss, created.id, { assignedAgentId: 'nobody' })).statusCode).toBe(400);
    expect(
      (await patch(boss, created.id, { assignedAgentId: '00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(400);

    const assigned = await patch(boss, created.id, { assignedAgentId: agent.id, status: 'IN_PROGRESS' });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({
      assignedAgent: 'Vikram Sethi',
      assignedAgentId: agent.id,
      status: 'IN_PROGRESS',
    });
    expect((await list(user)).json()[0]).toMatchObject({ assignedAgent: 'Vikram Sethi' });
    const [notice] = await notificationsOf(user);
    expect(notice!.message).toBe(
      `Your investigation request "${request.subject}" is now in progress and was assigned to Vikram Sethi.`,
    );

    const unassigned = await patch(boss, created.id, { assignedAgentId: null });
    expect(unassigned.json()).toMatchObject({ assignedAgent: null, assignedAgentId: null });
    expect((await notificationsOf(user))[0]!.message).toContain('was unassigned');
  });

  it('lists the Directors that may be assigned, to Directors only', async () => {
    const user = await registerUser(t.app);
    expect(
      (await t.app.inject({ url: '/api/investigations/agents', headers: { cookie: user.cookie } }))
        .statusCode,
    ).toBe(403);
    const agent = await director({ firstName: 'Meera', lastName: 'Iyer' });
    const response = await t.app.inject({
      url: '/api/investigations/agents?limit=200',
      headers: { cookie: agent.cookie },
    });
    expect(response.statusCode).toBe(200);
    const agents = response.json() as { id: string; name: string }[];
    expect(agents).toContainEqual({ id: agent.id, name: 'Meera Iyer' });
    expect(agents.map((a) => a.id)).not.toContain(user.id);
  });
});
