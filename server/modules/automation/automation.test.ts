import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AutomationRule,
  AutomationRun,
  CreateAutomationRuleRequest,
} from '../../../contract/automation.js';
import type { CaseDetail } from '../../../contract/cases.js';
import type { Notification } from '../../../contract/notifications.js';
import { seedDatabase } from '../../db/seed/seed.js';
import { createAppContext } from '../../modules.js';
import { createCategory, createProduct, setUserTier, shippingAddress } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import { conditionHolds, render } from './automation.engine.js';

/** A local receiver standing in for Slack and for a rule's webhook. */
interface Receiver {
  base: string;
  server: Server;
  received: { path: string; body: string }[];
  at(path: string): { path: string; body: string }[];
}

async function startReceiver(): Promise<Receiver> {
  const received: Receiver['received'] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ path: request.url ?? '', body });
      response.writeHead(request.url?.startsWith('/broken') ? 500 : 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    received,
    at: (path) => received.filter((r) => r.path === path),
  };
}

let t: TestApp;
let receiver: Receiver;
let categoryId: string;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestApp(
    { ALLOW_PRIVATE_WEBHOOK_TARGETS: '1', RATE_LIMIT_REGISTER_MAX: '500', INTEGRATION_RETRY_BASE_MS: '200' },
    { jobs: true },
  );
  // The investigations catalogue lives in the seed.
  await seedDatabase(createAppContext(t.database.db, t.config));
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(async () => {
  await t.close();
  receiver.server.closeAllConnections();
  receiver.server.close();
});

type Member = Awaited<ReturnType<typeof member>>;
async function member(tier = 1) {
  const account = await registerUser(t.app);
  if (tier !== 1) await setUserTier(t, account.id, tier);
  const notifications = async () =>
    (await asUser(t.app, account).get('/api/notifications')).json<Notification[]>();
  return { ...account, notifications };
}

async function createRule(owner: Member, body: CreateAutomationRuleRequest): Promise<AutomationRule> {
  const response = await asUser(t.app, owner).post('/api/automation/rules', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AutomationRule>();
}

/** Makes (or replaces) the owner's signing secret for rule webhooks; answers it. */
async function signingSecret(owner: Member): Promise<string> {
  const response = await asUser(t.app, owner).post('/api/automation/signing-secret', {});
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ secret: string }>().secret;
}

const notifyRule = (event: string, message: string, conditions: unknown[] = []) =>
  ({
    name: `On ${event}`,
    trigger: { event, conditions },
    actions: [{ type: 'notify', config: { message } }],
  }) as CreateAutomationRuleRequest;

async function runs(owner: Member, ruleId: string): Promise<AutomationRun[]> {
  const response = await asUser(t.app, owner).get(`/api/automation/rules/${ruleId}/runs`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AutomationRun[]>();
}

/** Waits until no automation job is waiting or running: every event raised so far has been acted on. */
async function drained(timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await t.database.pool.query<{ n: string }>(
      `select count(*) as n from pgboss.job where name = 'automation.run' and state in ('created', 'retry', 'active')`,
    );
    if (Number(rows[0]!.n) === 0) return;
    if (Date.now() > deadline) {
      const { rows: jobs } = await t.database.pool.query(
        `select state, data, retry_count, output from pgboss.job where name = 'automation.run' and state in ('created', 'retry', 'active')`,
      );
      throw new Error(`automation jobs still pending: ${JSON.stringify(jobs)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits for a rule's run count to reach `count`, then returns the runs. */
async function waitForRuns(owner: Member, ruleId: string, count = 1): Promise<AutomationRun[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const list = await runs(owner, ruleId);
    if (list.length >= count) return list;
    if (Date.now() > deadline) throw new Error(`rule ${ruleId} ran ${list.length} times, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function ruleOf(owner: Member, ruleId: string): Promise<AutomationRule> {
  const list = (await asUser(t.app, owner).get('/api/automation/rules')).json<AutomationRule[]>();
  return list.find((rule) => rule.id === ruleId)!;
}

async function openCase(owner: Member, title = 'Suspicious transfers at branch') {
  const response = await asUser(t.app, owner).post('/api/cases', {
    title,
    description: 'Several transfers left the account overnight without approval.',
    category: 'investigation',
    priority: 'high',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; caseNumber: string }>();
}

async function placeOrder(owner: Member, price: string, quantity = 1) {
  const product = await createProduct(t.database.db, categoryId, { price, stockCount: 10 });
  expect((await asUser(t.app, owner).post('/api/cart', { productId: product.id, quantity })).statusCode).toBe(
    201,
  );
  const response = await asUser(t.app, owner).post('/api/orders', {
    shippingAddress,
    paymentMethod: 'stripe',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; total: string }>();
}

const threat = {
  source: 'CERT-Example',
  category: 'cyber',
  description: 'A phishing wave imitating the payroll portal harvests staff credentials.',
  indicators: ['evil.example'],
};

describe('automation rules API', () => {
  it('creates, lists, changes and deletes your own rules; others get 404', async () => {
    const owner = await member();
    const other = await member();
    const rule = await createRule(owner, notifyRule('case.created', 'New case {{caseNumber}}'));
    expect(rule).toMatchObject({
      name: 'On case.created',
      trigger: { event: 'case.created', conditions: [] },
      actions: [{ type: 'notify', config: { message: 'New case {{caseNumber}}' } }],
      isActive: true,
      executionCount: 0,
      lastExecuted: null,
    });
    expect((await asUser(t.app, owner).get('/api/automation/rules')).json()).toEqual([rule]);
    expect((await asUser(t.app, other).get('/api/automation/rules')).json()).toEqual([]);

    const renamed = await asUser(t.app, owner).patch(`/api/automation/rules/${rule.id}`, {
      name: 'Renamed rule',
      trigger: {
        event: 'case.created',
        conditions: [{ field: 'priority', operator: 'in', value: 'high, critical' }],
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Renamed rule',
      trigger: { conditions: [{ field: 'priority', operator: 'in', value: ['high', 'critical'] }] },
    });
    const off = await asUser(t.app, owner).patch(`/api/automation/rules/${rule.id}`, { isActive: false });
    expect(off.json()).toMatchObject({ isActive: false, name: 'Renamed rule' });

    for (const [method, url] of [
      ['PATCH', `/api/automation/rules/${rule.id}`],
      ['DELETE', `/api/automation/rules/${rule.id}`],
      ['POST', `/api/automation/rules/${rule.id}/execute`],
      ['GET', `/api/automation/rules/${rule.id}/runs`],
      ['GET', '/api/automation/rules/not-an-id/runs'],
    ] as const) {
      const response = await asUser(t.app, other).request(
        method,
        url,
        method === 'GET' || method === 'DELETE' ? undefined : { isActive: true },
      );
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/automation/rules' })).statusCode).toBe(401);

    expect((await asUser(t.app, owner).delete(`/api/automation/rules/${rule.id}`)).statusCode).toBe(204);
    expect((await asUser(t.app, owner).get('/api/automation/rules')).json()).toEqual([]);
  });

  it("gives 'Name is required' for a short name and field-level messages for bad rules, never a 500", async () => {
    const owner = await member();
    const stranger = await member();
    const integration = await asUser(t.app, stranger).post('/api/integrations', {
      type: 'slack',
      name: 'Their Slack',
      config: { url: `${receiver.base}/services/T/B/theirs` },
    });
    expect(integration.statusCode, integration.body).toBe(201);

    const issues = async (body: unknown) => {
      const response = await asUser(t.app, owner).post('/api/automation/rules', body);
      expect(response.statusCode, response.body).toBe(400);
      return response.json<{ message: string; issues: { path: string; message: string }[] }>().issues;
    };
    const good = notifyRule('order.placed', 'Order {{orderId}}');
    expect(await issues({ ...good, name: 'ab' })).toContainEqual({
      path: 'name',
      message: 'Name is required',
    });
    expect(await issues({ ...good, name: undefined })).toContainEqual({
      path: 'name',
      message: 'Name is required',
    });
    expect(await issues({ ...good, trigger: { event: 'user.deleted', conditions: [] } })).toContainEqual(
      expect.objectContaining({ path: 'trigger.event' }),
    );
    expect(
      await issues({
        ...good,
        trigger: {
          event: 'order.placed',
          conditions: [{ field: 'severity', operator: 'equals', value: 'x' }],
        },
      }),
    ).toContainEqual(expect.objectContaining({ path: 'trigger.conditions.0.field' }));
    expect(
      await issues({
        ...good,
        trigger: { event: 'order.placed', conditions: [{ field: 'total', operator: 'gt', value: 'lots' }] },
      }),
    ).toContainEqual({ path: 'trigger.conditions.0.value', message: 'Enter a number' });
    expect(
      await issues({
        ...good,
        trigger: { event: 'order.placed', conditions: [{ field: 'total', operator: 'like', value: '1' }] },
      }),
    ).toContainEqual(expect.objectContaining({ path: 'trigger.conditions.0.operator' }));
    expect(await issues({ ...good, actions: [] })).toContainEqual({
      path: 'actions',
      message: 'At least one action is required',
    });
    expect(
      await issues({ ...good, actions: Array.from({ length: 11 }, () => good.actions[0]) }),
    ).toContainEqual(expect.objectContaining({ path: 'actions' }));
    expect(await issues({ ...good, actions: [{ type: 'notify', config: { message: ' ' } }] })).toContainEqual(
      {
        path: 'actions.0.config.message',
        message: 'Message is required',
      },
    );
    expect(
      await issues({ ...good, actions: [{ type: 'webhook', config: { url: 'ftp://x.example' } }] }),
    ).toContainEqual(expect.objectContaining({ path: 'actions.0.config.url' }));
    expect(
      await issues({ ...good, actions: [{ type: 'add_case_update', config: { message: 'Note' } }] }),
    ).toContainEqual({
      path: 'actions.0.config.caseId',
      message: 'Choose a case: this event names none',
    });
    // Pointing at someone else's integration or case is refused as if it did not exist.
    expect(
      await issues({
        ...good,
        actions: [
          { type: 'send_integration', config: { integrationId: integration.json().id, message: 'x' } },
        ],
      }),
    ).toContainEqual({ path: 'actions.0.config.integrationId', message: 'Choose one of your integrations' });
    const theirCase = await openCase(stranger);
    expect(
      await issues({
        ...good,
        actions: [{ type: 'add_case_update', config: { caseId: theirCase.id, message: 'x' } }],
      }),
    ).toContainEqual({ path: 'actions.0.config.caseId', message: 'Choose one of your cases' });
    expect(await issues([1, 2])).toBeDefined();

    const rule = await createRule(owner, good);
    const patch = await asUser(t.app, owner).patch(`/api/automation/rules/${rule.id}`, {
      trigger: { event: 'tier.changed', conditions: [] },
      actions: [{ type: 'add_case_update', config: { message: 'x' } }],
    });
    expect(patch.statusCode).toBe(400);
    expect((await asUser(t.app, owner).patch(`/api/automation/rules/${rule.id}`, {})).statusCode).toBe(400);
  });

  it('answers 4xx, never 500, for NUL characters in a rule or in the event data', async () => {
    const owner = await member();
    const named = await asUser(t.app, owner).post(
      '/api/automation/rules',
      notifyRule('case.created', 'a\u0000b'),
    );
    expect(named.statusCode).toBe(400);
    expect(named.json().issues).toContainEqual({
      path: 'actions.0.config.message',
      message: 'Must not contain NUL characters',
    });
    const rule = await createRule(owner, notifyRule('case.created', 'Case {{title}}'));
    const run = await asUser(t.app, owner).post(`/api/automation/rules/${rule.id}/execute`, {
      event: { title: 'x\u0000y', ['k\u0000']: ['\u0000'] },
    });
    expect(run.statusCode, run.body).toBe(400);
    expect(await runs(owner, rule.id)).toEqual([]);
  });

  it('runs an active rule on demand with a sample or given event, counts it and keeps the history', async () => {
    const owner = await member();
    const ownCase = await openCase(owner);
    const rule = await createRule(owner, {
      name: 'Order watcher',
      trigger: { event: 'order.placed', conditions: [] },
      actions: [
        { type: 'notify', config: { message: 'Order {{orderId}} for {{currency}} {{total}}' } },
        { type: 'add_case_update', config: { caseId: ownCase.id, message: 'Order {{orderId}} placed' } },
        { type: 'webhook', config: { url: `${receiver.base}/hooks/manual` } },
        { type: 'webhook', config: { url: `${receiver.base}/broken` } },
      ],
    });

    await signingSecret(owner);
    const sample = await asUser(t.app, owner).post(`/api/automation/rules/${rule.id}/execute`, {});
    expect(sample.statusCode, sample.body).toBe(200);
    expect(sample.json()).toMatchObject({
      ruleId: rule.id,
      event: 'manual',
      eventData: { orderId: 'sample', sample: true },
      status: 'failed',
      outcomes: [
        { type: 'notify', ok: true },
        { type: 'add_case_update', ok: true, detail: `Update added to ${ownCase.caseNumber}` },
        { type: 'webhook', ok: true, detail: 'HTTP 200' },
        { type: 'webhook', ok: false, detail: 'HTTP 500' },
      ],
    });
    const hook = JSON.parse(receiver.at('/hooks/manual')[0]!.body);
    expect(hook).toMatchObject({ rule: { id: rule.id, name: 'Order watcher' }, event: 'order.placed' });

    const given = await asUser(t.app, owner).post(`/api/automation/rules/${rule.id}/execute`, {
      event: { orderId: 'ORD-42', total: '12.50', currency: 'USD' },
    });
    expect(given.statusCode, given.body).toBe(200);
    expect((await owner.notifications())[0]).toMatchObject({
      title: 'Order watcher',
      message: 'Order ORD-42 for USD 12.50',
    });
    const detail = (await asUser(t.app, owner).get(`/api/cases/${ownCase.id}`)).json<CaseDetail>();
    expect(detail.updates.map((u) => [u.title, u.content, u.author])).toContainEqual([
      'Automation: Order watcher',
      'Order ORD-42 placed',
      null,
    ]);

    const history = await runs(owner, rule.id);
    expect(history.map((run) => run.eventData.orderId)).toEqual(['ORD-42', 'sample']);
    const counted = await ruleOf(owner, rule.id);
    expect(counted.executionCount).toBe(2);
    expect(Date.now() - Date.parse(counted.lastExecuted!)).toBeLessThan(60_000);

    const bad = await asUser(t.app, owner).post(`/api/automation/rules/${rule.id}/execute`, {
      event: 'not an object',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses to run an inactive rule, and an inactive rule never fires on events', async () => {
    const owner = await member();
    const inactive = await createRule(owner, { ...notifyRule('case.created', 'never'), isActive: false });
    const active = await createRule(owner, notifyRule('case.created', 'Case {{caseNumber}} opened'));

    const refused = await asUser(t.app, owner).post(`/api/automation/rules/${inactive.id}/execute`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT' });

    const opened = await openCase(owner);
    await waitForRuns(owner, active.id);
    await drained();
    expect(await runs(owner, inactive.id)).toEqual([]);
    expect((await ruleOf(owner, inactive.id)).executionCount).toBe(0);
    expect((await owner.notifications()).map((n) => n.message)).toContain(`Case ${opened.caseNumber} opened`);

    // Switched off after it matched but before its job ran: the job finds it off and does nothing.
    await asUser(t.app, owner).patch(`/api/automation/rules/${active.id}`, { isActive: false });
    await openCase(owner);
    await drained();
    expect(await runs(owner, active.id)).toHaveLength(1);
  });
});

describe('rules fire on real events', () => {
  it('case.created and case.updated, without looping on the rule’s own case update', async () => {
    const owner = await member();
    const director = await member(4);
    const created = await createRule(
      owner,
      notifyRule('case.created', '{{caseNumber}}: {{title}} ({{priority}})'),
    );
    const updated = await createRule(owner, {
      name: 'Echo updates',
      trigger: {
        event: 'case.updated',
        conditions: [{ field: 'updateType', operator: 'equals', value: 'status_change' }],
      },
      actions: [{ type: 'add_case_update', config: { message: 'Status is now {{status}}' } }],
    });
    const everyUpdate = await createRule(owner, {
      name: 'Every update',
      trigger: { event: 'case.updated', conditions: [] },
      actions: [{ type: 'add_case_update', config: { message: 'Seen {{updateType}}' } }],
    });

    const opened = await openCase(owner, 'Leaked board minutes');
    const [run] = await waitForRuns(owner, created.id);
    expect(run).toMatchObject({
      event: 'case.created',
      status: 'succeeded',
      eventData: { caseId: opened.id },
    });
    expect((await owner.notifications())[0]!.message).toBe(
      `${opened.caseNumber}: Leaked board minutes (high)`,
    );

    const moved = await asUser(t.app, director).post(`/api/cases/${opened.id}/updates`, {
      updateType: 'status_change',
      status: 'in_progress',
    });
    expect(moved.statusCode, moved.body).toBe(201);
    // An internal note is not the owner's to see: no event, no run.
    await asUser(t.app, director).post(`/api/cases/${opened.id}/updates`, {
      updateType: 'internal_note',
      content: 'Quiet',
    });
    await waitForRuns(owner, updated.id);
    await waitForRuns(owner, everyUpdate.id);
    await drained();
    // Each rule's own note raised case.updated too, marked as automation's: neither rule ran again.
    expect(await runs(owner, updated.id)).toHaveLength(1);
    expect(await runs(owner, everyUpdate.id)).toHaveLength(1);
    const notes = (await asUser(t.app, owner).get(`/api/cases/${opened.id}`)).json<CaseDetail>().updates;
    expect(notes.map((u) => u.content)).toEqual(
      expect.arrayContaining(['Status is now in_progress', 'Seen status_change']),
    );
    expect(notes.filter((u) => u.title?.startsWith('Automation:'))).toHaveLength(2);
  });

  it('investigation.created, order.placed with a threshold, payment.completed and tier.changed', async () => {
    const owner = await member();
    const investigation = await createRule(
      owner,
      notifyRule('investigation.created', 'Requested {{serviceType}}'),
    );
    const bigOrder = await createRule(
      owner,
      notifyRule('order.placed', 'Big order {{total}}', [{ field: 'total', operator: 'gt', value: 500 }]),
    );
    const smallOrder = await createRule(
      owner,
      notifyRule('order.placed', 'Small order {{total}}', [{ field: 'total', operator: 'lt', value: '500' }]),
    );
    const paid = await createRule(owner, notifyRule('payment.completed', 'Paid {{currency}} {{amount}}'));
    const tier = await createRule(
      owner,
      notifyRule('tier.changed', 'Tier {{from}} to {{to}}', [
        { field: 'to', operator: 'equals', value: '2' },
      ]),
    );

    const filed = await asUser(t.app, owner).post('/api/investigations', {
      serviceType: 'background-check',
      subject: 'Pre-employment check: CFO candidate',
      description: 'Verify identity, education and employment history of our shortlisted CFO candidate.',
      authorizedRepresentative: 'Asha Rao',
      legalBasis: 'Written consent of the candidate on file',
      targetInformation: 'Full name, date of birth and last three employers',
      expectedTimeframe: 'Within two weeks',
      lawfulPurposeDeclaration: true,
      noHarassmentDeclaration: true,
      complianceAgreement: true,
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expect((await waitForRuns(owner, investigation.id))[0]!.eventData).toMatchObject({
      investigationId: filed.json().id,
      serviceType: 'background-check',
    });

    const order = await placeOrder(owner, '750.00');
    const [orderRun] = await waitForRuns(owner, bigOrder.id);
    expect(orderRun!.eventData).toMatchObject({ orderId: order.id, total: '750.00', itemCount: 1 });
    // The same order completed its payment.
    expect((await waitForRuns(owner, paid.id))[0]!.eventData).toMatchObject({ amount: '750.00' });

    const upgrade = await asUser(t.app, owner).post('/api/upgrade-tier', { tier: 2, billing: 'monthly' });
    expect(upgrade.statusCode, upgrade.body).toBeLessThan(300);
    expect((await waitForRuns(owner, tier.id))[0]!.eventData).toMatchObject({
      from: 1,
      to: 2,
      reason: 'upgrade',
    });
    await drained();
    expect(await runs(owner, smallOrder.id)).toEqual([]);
    // The order's payment, then the upgrade's, which completed at once.
    expect((await runs(owner, paid.id)).map((run) => run.eventData.amount).sort()).toEqual([
      '750.00',
      '99.00',
    ]);
    const messages = (await owner.notifications()).map((n) => n.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Requested background-check',
        'Big order 750.00',
        'Paid INR 750.00',
        'Tier 1 to 2',
      ]),
    );
  });

  it('a payment failure adds a note to the chosen case', async () => {
    const owner = await member();
    const director = await member(4);
    const billingCase = await openCase(owner, 'Billing follow-up for retainer');
    const rule = await createRule(owner, {
      name: 'Failed payments to the billing case',
      trigger: { event: 'payment.failed', conditions: [{ field: 'amount', operator: 'gt', value: 100 }] },
      actions: [
        {
          type: 'add_case_update',
          config: {
            caseId: billingCase.id,
            message: 'Payment of {{currency}} {{amount}} failed: {{description}}',
          },
        },
      ],
    });
    const pending = await asUser(t.app, owner).post('/api/payments', {
      amount: '250.00',
      paymentMethod: 'bank_transfer',
      description: 'Retainer',
    });
    expect(pending.statusCode, pending.body).toBe(201);
    expect(pending.json().status).toBe('pending');
    const failed = await asUser(t.app, director).post(`/api/admin/payments/${pending.json().id}/fail`, {});
    expect(failed.statusCode, failed.body).toBe(200);

    const [run] = await waitForRuns(owner, rule.id);
    expect(run).toMatchObject({ event: 'payment.failed', status: 'succeeded' });
    const notes = (await asUser(t.app, owner).get(`/api/cases/${billingCase.id}`)).json<CaseDetail>().updates;
    expect(notes.at(-1)).toMatchObject({
      title: 'Automation: Failed payments to the billing case',
      content: 'Payment of USD 250.00 failed: Retainer',
      updateType: 'comment',
      isInternal: false,
      author: null,
    });
  });

  it('a critical threat posts through a Slack integration, only to readers its marking allows', async () => {
    const reader = await member(2);
    const director = await member(4);
    const slack = await asUser(t.app, reader).post('/api/integrations', {
      type: 'slack',
      name: 'SOC Slack',
      config: { url: `${receiver.base}/services/T1/B1/reader` },
    });
    expect(slack.statusCode, slack.body).toBe(201);
    const critical = { field: 'severity', operator: 'equals', value: 'CRITICAL' } as const;
    const readerRule = await createRule(reader, {
      name: 'Critical threats to Slack',
      trigger: { event: 'threat.created', conditions: [critical] },
      actions: [
        {
          type: 'send_integration',
          config: { integrationId: slack.json().id, message: 'Critical threat: {{title}} ({{indicators}})' },
        },
      ],
    });
    const directorRule = await createRule(
      director,
      notifyRule('threat.created', 'Threat {{title}} [{{tlp}}]', [critical]),
    );

    const add = async (title: string, severity: string, tlp: string) => {
      const response = await asUser(t.app, director).post('/api/threat-intelligence', {
        ...threat,
        title,
        severity,
        tlp,
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    await add('Low noise scanning', 'low', 'GREEN');
    await add('Ransomware crew targets payroll', 'critical', 'GREEN');
    await add('Insider selling credentials', 'critical', 'RED');

    const [run] = await waitForRuns(reader, readerRule.id);
    expect(run).toMatchObject({ event: 'threat.created', status: 'succeeded', outcomes: [{ ok: true }] });
    await waitForRuns(director, directorRule.id, 2);
    await drained();
    // The tier-2 reader never hears of the RED threat; the low one matched nobody.
    expect(await runs(reader, readerRule.id)).toHaveLength(1);
    expect((await director.notifications()).map((n) => n.message)).toEqual(
      expect.arrayContaining([
        'Threat Ransomware crew targets payroll [GREEN]',
        'Threat Insider selling credentials [RED]',
      ]),
    );

    const deadline = Date.now() + 15_000;
    while (receiver.at('/services/T1/B1/reader').length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const posted = receiver.at('/services/T1/B1/reader');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toContain('Critical threat: Ransomware crew targets payroll (evil.example)');
  });

  it('security.alert from a new API key, filtered by severity', async () => {
    const owner = await member();
    const rule = await createRule(owner, {
      name: 'Security to webhook',
      trigger: {
        event: 'security.alert',
        conditions: [
          { field: 'severity', operator: 'in', value: ['medium', 'high'] },
          { field: 'message', operator: 'contains', value: 'api key' },
        ],
      },
      actions: [{ type: 'webhook', config: { url: `${receiver.base}/hooks/security` } }],
    });
    await signingSecret(owner);
    const key = await asUser(t.app, owner).post('/api/api-keys', {
      name: 'CI deploys',
      permissions: ['read'],
    });
    expect(key.statusCode, key.body).toBe(201);
    const [run] = await waitForRuns(owner, rule.id);
    expect(run).toMatchObject({
      event: 'security.alert',
      status: 'succeeded',
      eventData: { kind: 'api_key_created', severity: 'medium', message: 'API key "CI deploys" was created' },
    });
    const body = JSON.parse(receiver.at('/hooks/security')[0]!.body);
    expect(body).toMatchObject({ event: 'security.alert', data: { kind: 'api_key_created' } });
  });
});

describe('conditions', () => {
  const holds = (operator: string, value: unknown, data: Record<string, unknown>, field = 'x') =>
    conditionHolds({ field, operator, value } as never, data);

  it('equals and not_equals compare numbers as numbers and text without case', () => {
    expect(holds('equals', 'critical', { x: 'CRITICAL' })).toBe(true);
    expect(holds('equals', 99, { x: '99.00' })).toBe(true);
    expect(holds('equals', '2', { x: 2 })).toBe(true);
    expect(holds('equals', 'high', { x: 'critical' })).toBe(false);
    expect(holds('equals', 'high', {})).toBe(false);
    expect(holds('not_equals', 'high', { x: 'critical' })).toBe(true);
    expect(holds('not_equals', 'high', { x: 'HIGH' })).toBe(false);
    expect(holds('not_equals', 'high', {})).toBe(true);
  });

  it('in, gt, lt and contains', () => {
    expect(holds('in', ['high', 'critical'], { x: 'Critical' })).toBe(true);
    expect(holds('in', ['high', 'critical'], { x: 'low' })).toBe(false);
    expect(holds('gt', 500, { x: '750.00' })).toBe(true);
    expect(holds('gt', 500, { x: '500.00' })).toBe(false);
    expect(holds('gt', 500, { x: 'lots' })).toBe(false);
    expect(holds('lt', 500, { x: 499.99 })).toBe(true);
    expect(holds('lt', 500, { x: 500 })).toBe(false);
    expect(holds('contains', 'phish', { x: 'Credential Phishing wave' })).toBe(true);
    expect(holds('contains', 'malware', { x: 'Credential phishing wave' })).toBe(false);
    expect(holds('contains', 'evil.example', { x: ['a.example', 'EVIL.example'] })).toBe(true);
    expect(holds('contains', 'evil', { x: ['evil.example'] })).toBe(false);
    expect(holds('contains', 'x', {})).toBe(false);
  });

  it('fills {{field}} placeholders from the event', () => {
    expect(
      render('{{ title }} on {{indicators}}; {{missing}}!', { title: 'T', indicators: ['a', 'b'] }),
    ).toBe('T on a, b; !');
  });
});

describe('the queue', () => {
  it('keeps one job per matching rule, none for rules that do not match', async () => {
    const owner = await member();
    await createRule(
      owner,
      notifyRule('case.created', 'a', [{ field: 'priority', operator: 'equals', value: 'low' }]),
    );
    await drained();
    const before = await t.database.db.execute<{ n: string }>(
      sql`select count(*) as n from pgboss.job where name = 'automation.run'`,
    );
    await openCase(owner);
    const after = await t.database.db.execute<{ n: string }>(
      sql`select count(*) as n from pgboss.job where name = 'automation.run'`,
    );
    expect(Number(after.rows[0]!.n)).toBe(Number(before.rows[0]!.n));
  });
});

/**
 * A receiver that does what a rule webhook's receiver should (design 11.5): recompute the HMAC-SHA256 of
 * `{X-Timestamp}.{raw body}` with the secret it was given, compare in constant time, refuse a stale timestamp, and
 * answer 401 to anything else. Written independently of the server's signing code.
 */
async function startVerifyingReceiver() {
  const state = { secret: '', accepted: [] as string[], refused: 0 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const timestamp = String(request.headers['x-timestamp'] ?? '');
      const given = Buffer.from(String(request.headers['x-signature'] ?? ''));
      const expected = Buffer.from(
        `sha256=${createHmac('sha256', state.secret).update(`${timestamp}.${body}`).digest('hex')}`,
      );
      const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
      if (fresh && given.length === expected.length && timingSafeEqual(given, expected)) {
        state.accepted.push(body);
        response.writeHead(204).end();
      } else {
        state.refused += 1;
        response.writeHead(401).end('bad signature');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { state, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/signed` };
}

describe('signed rule webhooks', () => {
  let verifying: Awaited<ReturnType<typeof startVerifyingReceiver>>;
  beforeAll(async () => {
    verifying = await startVerifyingReceiver();
  });
  afterAll(() => {
    verifying.server.closeAllConnections();
    verifying.server.close();
  });

  const execute = async (owner: Member, ruleId: string) => {
    const response = await asUser(t.app, owner).post(`/api/automation/rules/${ruleId}/execute`, {});
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AutomationRun>().outcomes[0];
  };

  it('sends nothing unsigned, signs with the secret shown once, and a rotation replaces it at once', async () => {
    const owner = await member();
    const status = () => asUser(t.app, owner).get('/api/automation/signing-secret');
    expect((await status()).json()).toEqual({ configured: false, createdAt: null });
    const rule = await createRule(owner, {
      name: 'Signed hook',
      trigger: { event: 'case.created', conditions: [] },
      actions: [{ type: 'webhook', config: { url: verifying.url } }],
    });

    // No secret yet: the action fails and the receiver hears nothing.
    expect(await execute(owner, rule.id)).toEqual({
      type: 'webhook',
      ok: false,
      detail: 'Not sent: create a signing secret on the Automation page so the receiver can verify it',
    });
    expect(verifying.state.accepted.length + verifying.state.refused).toBe(0);

    const first = await signingSecret(owner);
    expect(first).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect((await status()).json()).toMatchObject({ configured: true, createdAt: expect.any(String) });
    expect((await status()).body).not.toContain(first);
    // Kept sealed: the plaintext is nowhere in the table.
    const stored = await t.database.db.execute<{ secret: string }>(
      sql`select secret from automation_signing_secrets where user_id = ${owner.id}`,
    );
    expect(stored.rows[0]!.secret).toMatch(/^v1\./);
    expect(stored.rows[0]!.secret).not.toContain(first.slice(6));

    // A receiver holding another key refuses; one holding this key accepts.
    verifying.state.secret = 'whsec_someone-elses';
    expect(await execute(owner, rule.id)).toMatchObject({ ok: false, detail: 'HTTP 401' });
    verifying.state.secret = first;
    expect(await execute(owner, rule.id)).toEqual({ type: 'webhook', ok: true, detail: 'HTTP 204' });
    expect(JSON.parse(verifying.state.accepted.at(-1)!)).toMatchObject({
      rule: { id: rule.id, name: 'Signed hook' },
      event: 'case.created',
    });

    // Rotating: the old key no longer verifies, the new one does.
    const second = await signingSecret(owner);
    expect(second).not.toBe(first);
    expect(await execute(owner, rule.id)).toMatchObject({ ok: false, detail: 'HTTP 401' });
    verifying.state.secret = second;
    expect(await execute(owner, rule.id)).toMatchObject({ ok: true, detail: 'HTTP 204' });
  });

  it('signs an integration webhook in the same format, so one receiver checks both', async () => {
    const owner = await member();
    const created = await asUser(t.app, owner).post('/api/integrations', {
      type: 'webhook',
      name: 'Same format',
      config: { url: verifying.url },
    });
    expect(created.statusCode, created.body).toBe(201);
    const integration = created.json<{ id: string; signingSecret: string }>();
    verifying.state.secret = integration.signingSecret;
    const before = verifying.state.accepted.length;
    const sent = await asUser(t.app, owner).post(`/api/integrations/${integration.id}/test`, {});
    expect(sent.statusCode, sent.body).toBe(202);
    for (let i = 0; i < 100 && verifying.state.accepted.length === before; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(verifying.state.accepted.length).toBe(before + 1);
  });

  it('keeps each user’s secret to its owner and answers 401 without a session', async () => {
    expect((await asUser(t.app).post('/api/automation/signing-secret', {})).statusCode).toBe(401);
    expect((await asUser(t.app).get('/api/automation/signing-secret')).statusCode).toBe(401);
    const a = await member();
    const b = await member();
    await signingSecret(a);
    expect((await asUser(t.app, b).get('/api/automation/signing-secret')).json()).toEqual({
      configured: false,
      createdAt: null,
    });
  });
});

describe('rule webhook addresses with private targets refused (the default)', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp();
  });
  afterAll(() => strict.close());

  it('refuses an IP literal that is not global unicast, in any spelling, with a 400', async () => {
    const owner = await registerUser(strict.app);
    for (const url of [
      'http://127.0.0.1/hook',
      'http://2130706433/hook',
      'http://0x7f000001/hook',
      'http://0177.0.0.1/hook',
      'http://127.1/hook',
      'http://[::ffff:169.254.169.254]/hook',
      'http://[2002:a9fe:a9fe::]/hook',
      'http://[64:ff9b:1::a9fe:a9fe]/hook',
      'http://[2001:0:4136:e378:0:0:80ff:fffe]/hook',
      'http://[fec0::1]/hook',
      'http://192.0.2.10/hook',
    ]) {
      const response = await asUser(strict.app, owner).post('/api/automation/rules', {
        name: 'Inside',
        trigger: { event: 'case.created', conditions: [] },
        actions: [{ type: 'webhook', config: { url } }],
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().issues).toEqual([
        {
          path: 'actions.0.config.url',
          message: 'The address points to a private, loopback or link-local network, which is not allowed',
        },
      ]);
    }
    const fine = await asUser(strict.app, owner).post('/api/automation/rules', {
      name: 'Outside',
      trigger: { event: 'case.created', conditions: [] },
      actions: [{ type: 'webhook', config: { url: 'https://93.184.216.34/hook' } }],
    });
    expect(fine.statusCode, fine.body).toBe(201);
  });
});
