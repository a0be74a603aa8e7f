import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationDelivery } from '../../../contract/integrations.js';
import { integrations } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { SecretBox } from '../../lib/secret-box.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import { queueDelivery } from './integrations.service.js';

const TELEGRAM_TOKEN = '987654321:AAFakeTelegramTokenForTests_0123456789';
const RETRY_BASE_MS = 200;

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * One local server standing in for Slack, Discord, Telegram and webhook receivers. A path's answers are scripted
 * (`script`): each request takes the next one, the last repeats.
 */
interface Fake {
  base: string;
  server: Server;
  received: Received[];
  script: Map<string, { status: number; headers?: Record<string, string>; body?: string }[]>;
  /** Signing secrets the webhook receiver at /hooks/<name> checks against. */
  secrets: Map<string, string>;
  at(path: string): Received[];
}

async function startFake(): Promise<Fake> {
  const received: Received[] = [];
  const script: Fake['script'] = new Map();
  const secrets = new Map<string, string>();
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body, at: Date.now() });
      const secret = secrets.get(path);
      if (secret !== undefined) {
        // A receiver as its documentation would tell it to be: recompute, compare in constant time, check age.
        const timestamp = String(request.headers['x-timestamp']);
        const expected = Buffer.from(
          `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`,
        );
        const given = Buffer.from(String(request.headers['x-signature']));
        const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
        const valid = given.length === expected.length && timingSafeEqual(given, expected) && fresh;
        response.writeHead(valid ? 200 : 401).end(valid ? 'ok' : 'bad signature');
        return;
      }
      const answers = script.get(path);
      const answer = answers && answers.length > 1 ? answers.shift()! : (answers?.[0] ?? { status: 200 });
      response.writeHead(answer.status, answer.headers).end(answer.body ?? 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    received,
    script,
    secrets,
    at: (path) => received.filter((r) => r.path === path),
  };
}

let fake: Fake;
let t: TestApp;
beforeAll(async () => {
  fake = await startFake();
  t = await createTestApp(
    {
      ALLOW_PRIVATE_WEBHOOK_TARGETS: '1',
      TELEGRAM_API_BASE: `${fake.base}/telegram`,
      INTEGRATION_RETRY_BASE_MS: String(RETRY_BASE_MS),
    },
    { jobs: true },
  );
});
afterAll(async () => {
  await t.close();
  fake.server.closeAllConnections();
  fake.server.close();
});

type Member = Awaited<ReturnType<typeof member>>;
/** Every answer a member gets is kept, to check that no secret ever left the server in full. */
const answers: string[] = [];
async function member(app = () => t.app) {
  const account = await registerUser(app());
  const { request: call } = asUser(
    app(),
    account,
    {},
    { onResponse: (response) => answers.push(response.body) },
  );
  return { ...account, call };
}

async function create(owner: Member, body: Record<string, unknown>) {
  const response = await owner.call('POST', '/api/integrations', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; signingSecret?: string; config: Record<string, string> }>();
}

/** Waits until the delivery is delivered or failed, as its owner sees it in the log. */
async function settledDelivery(owner: Member, integrationId: string, deliveryId: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const log = (await owner.call('GET', `/api/integrations/${integrationId}/deliveries`)).json<
      IntegrationDelivery[]
    >();
    const delivery = log.find((d) => d.id === deliveryId);
    if (delivery && delivery.status !== 'pending') return delivery;
    if (Date.now() > deadline) throw new Error(`delivery still pending: ${JSON.stringify(delivery)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function sendTest(owner: Member, integrationId: string) {
  const queued = await owner.call('POST', `/api/integrations/${integrationId}/test`, {});
  expect(queued.statusCode, queued.body).toBe(202);
  const delivery = queued.json<IntegrationDelivery>();
  expect(delivery).toMatchObject({ status: 'pending', event: 'test', integrationId });
  return settledDelivery(owner, integrationId, delivery.id);
}

describe('senders', () => {
  it('posts {text} to a Slack incoming webhook', async () => {
    const owner = await member();
    const slack = await create(owner, {
      type: 'slack',
      name: 'Ops Slack',
      config: { url: `${fake.base}/services/T000/B000/slacksecretpath` },
    });
    const delivery = await sendTest(owner, slack.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 200, error: null });
    expect(delivery.deliveredAt).not.toBeNull();
    const [request] = fake.at('/services/T000/B000/slacksecretpath');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.body)).toEqual({
      text: 'Test message from Intel Portal: the integration "Ops Slack" works.',
    });
  });

  it('posts {content} to a Discord webhook', async () => {
    const owner = await member();
    const discord = await create(owner, {
      type: 'discord',
      name: 'Discord alerts',
      config: { url: `${fake.base}/api/webhooks/123/discordsecret` },
    });
    expect((await sendTest(owner, discord.id)).status).toBe('delivered');
    const [request] = fake.at('/api/webhooks/123/discordsecret');
    expect(JSON.parse(request!.body)).toEqual({
      content: 'Test message from Intel Portal: the integration "Discord alerts" works.',
    });
  });

  it('calls the Telegram Bot API sendMessage with the chat id', async () => {
    const owner = await member();
    const telegram = await create(owner, {
      type: 'telegram',
      name: 'Telegram team',
      config: { token: TELEGRAM_TOKEN, channel: '-1001234567890' },
    });
    expect(telegram.config).toEqual({ token: '••••6789', channel: '-1001234567890' });
    expect((await sendTest(owner, telegram.id)).status).toBe('delivered');
    const [request] = fake.at(`/telegram/bot${TELEGRAM_TOKEN}/sendMessage`);
    expect(JSON.parse(request!.body)).toEqual({
      chat_id: '-1001234567890',
      text: 'Test message from Intel Portal: the integration "Telegram team" works.',
    });
  });

  it('signs webhooks so the receiver can verify them, with a generated or a given secret', async () => {
    const owner = await member();
    const generated = await create(owner, {
      type: 'webhook',
      name: 'SIEM hook',
      config: { url: `${fake.base}/hooks/generated` },
    });
    expect(generated.signingSecret).toMatch(/^whsec_[0-9a-f]{48}$/);
    fake.secrets.set('/hooks/generated', generated.signingSecret!);

    const given = 'a-shared-secret-of-our-own-choosing';
    const chosen = await create(owner, {
      type: 'webhook',
      name: 'Own secret',
      config: { url: `${fake.base}/hooks/given`, token: given },
    });
    expect(chosen.signingSecret).toBeUndefined();
    fake.secrets.set('/hooks/given', given);

    expect(await sendTest(owner, generated.id)).toMatchObject({ status: 'delivered', responseStatus: 200 });
    expect(await sendTest(owner, chosen.id)).toMatchObject({ status: 'delivered', responseStatus: 200 });
    const [request] = fake.at('/hooks/generated');
    expect(request!.headers['x-timestamp']).toMatch(/^\d{10}$/);
    expect(request!.headers['x-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    const body = JSON.parse(request!.body);
    expect(body).toEqual({
      event: 'test',
      data: {
        integrationId: generated.id,
        integrationName: 'SIEM hook',
        message: 'Test message from Intel Portal: the integration "SIEM hook" works.',
      },
      sentAt: expect.any(String),
    });
    expect(Math.abs(Date.parse(body.sentAt) / 1000 - Number(request!.headers['x-timestamp']))).toBeLessThan(
      1,
    );

    // A receiver holding a different secret refuses it: the signature really depends on the secret.
    fake.secrets.set('/hooks/given', 'not-the-secret-that-was-used');
    expect(await sendTest(owner, chosen.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      responseStatus: 401,
    });
  });

  it('queues through queueDelivery with the event and data a rule gives', async () => {
    const owner = await member();
    const hook = await create(owner, {
      type: 'webhook',
      name: 'Rules hook',
      config: { url: `${fake.base}/hooks/rule` },
    });
    fake.secrets.set('/hooks/rule', hook.signingSecret!);
    const { deliveryId } = await queueDelivery(t.ctx, {
      userId: owner.id,
      integrationId: hook.id,
      event: 'threat.created',
      message: 'Critical threat: ransomware campaign',
      data: { severity: 'critical' },
    });
    const delivery = await settledDelivery(owner, hook.id, deliveryId);
    expect(delivery).toMatchObject({
      status: 'delivered',
      event: 'threat.created',
      message: 'Critical threat: ransomware campaign',
    });
    expect(JSON.parse(fake.at('/hooks/rule')[0]!.body)).toMatchObject({
      event: 'threat.created',
      data: { severity: 'critical', message: 'Critical threat: ransomware campaign' },
    });

    const stranger = await member();
    const refusal = await queueDelivery(t.ctx, {
      userId: stranger.id,
      integrationId: hook.id,
      event: 'x',
      message: 'y',
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).statusCode).toBe(404);
  });
});

describe('retries', () => {
  it('retries 5xx answers with growing waits until one succeeds', async () => {
    const owner = await member();
    const path = '/services/flaky';
    fake.script.set(path, [{ status: 503 }, { status: 502 }, { status: 200 }]);
    const slack = await create(owner, {
      type: 'slack',
      name: 'Flaky',
      config: { url: `${fake.base}${path}` },
    });
    const delivery = await sendTest(owner, slack.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, responseStatus: 200, error: null });
    const times = fake.at(path).map((r) => r.at);
    expect(times).toHaveLength(3);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(RETRY_BASE_MS - 20);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(2 * RETRY_BASE_MS - 20);
  });

  it('gives up after five tries when the target keeps failing, keeping the last answer', async () => {
    const owner = await member();
    const path = '/services/down';
    fake.script.set(path, [{ status: 500, body: 'upstream exploded' }]);
    const slack = await create(owner, {
      type: 'slack',
      name: 'Down',
      config: { url: `${fake.base}${path}` },
    });
    const delivery = await sendTest(owner, slack.id);
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 5,
      responseStatus: 500,
      error: 'HTTP 500: upstream exploded',
    });
    expect(fake.at(path)).toHaveLength(5);
  });

  it('waits as long as a 429 Retry-After says, then retries', async () => {
    const owner = await member();
    const path = `/telegram/bot${TELEGRAM_TOKEN}/sendMessage`;
    const before = fake.at(path).length;
    fake.script.set(path, [
      {
        status: 429,
        headers: { 'retry-after': '2', 'content-type': 'application/json' },
        body: JSON.stringify({ ok: false, description: 'Too Many Requests: retry after 2' }),
      },
      { status: 200 },
    ]);
    const telegram = await create(owner, {
      type: 'telegram',
      name: 'Throttled',
      config: { token: TELEGRAM_TOKEN, channel: '@intel_alerts' },
    });
    const delivery = await sendTest(owner, telegram.id);
    fake.script.delete(path);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, responseStatus: 200 });
    const times = fake
      .at(path)
      .slice(before)
      .map((r) => r.at);
    expect(times).toHaveLength(2);
    // The backoff alone would have waited 200 ms.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1_900);
  });

  it('does not retry a 400 and records why', async () => {
    const owner = await member();
    const path = '/api/webhooks/400/bad';
    fake.script.set(path, [{ status: 400, body: '{"message": "Cannot send an empty message"}' }]);
    const discord = await create(owner, {
      type: 'discord',
      name: 'Broken',
      config: { url: `${fake.base}${path}` },
    });
    const delivery = await sendTest(owner, discord.id);
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 1,
      responseStatus: 400,
      error: 'HTTP 400: Cannot send an empty message',
    });
    await new Promise((resolve) => setTimeout(resolve, 3 * RETRY_BASE_MS));
    expect(fake.at(path)).toHaveLength(1);
  });
});

describe('integrations API', () => {
  it('validates each type with clear messages', async () => {
    const owner = await member();
    const issues = async (body: unknown) => {
      const response = await owner.call('POST', '/api/integrations', body);
      expect(response.statusCode).toBe(400);
      return response.json<{ issues: { path: string; message: string }[] }>().issues;
    };
    expect(await issues({ type: 'pager', name: 'ab' })).toEqual(
      expect.arrayContaining([
        { path: 'type', message: 'Type must be telegram, discord, slack or webhook' },
        { path: 'name', message: 'Name must be at least 3 characters' },
      ]),
    );
    expect(
      await issues({ type: 'slack', name: 'Slack', config: { url: 'http://hooks.example.com/x' } }),
    ).toEqual([{ path: 'config.url', message: 'Slack needs its incoming-webhook URL (https://...)' }]);
    expect(await issues({ type: 'discord', name: 'Discord', config: {} })).toEqual([
      { path: 'config.url', message: 'Discord needs its incoming-webhook URL (https://...)' },
    ]);
    expect(
      await issues({ type: 'telegram', name: 'Telegram', config: { token: 'nope', channel: '' } }),
    ).toEqual([
      { path: 'config.token', message: 'Telegram needs a bot token such as 123456789:AAE...' },
      { path: 'config.channel', message: 'Telegram needs a chat id such as -1001234567890 or @channel' },
    ]);
    expect(
      await issues({ type: 'webhook', name: 'Hook', config: { url: 'ftp://example.com', token: 'short' } }),
    ).toEqual([
      { path: 'config.url', message: 'The webhook needs an http or https URL' },
      {
        path: 'config.token',
        message: 'The signing secret must be at least 16 characters (or leave it empty)',
      },
    ]);
    expect(
      await issues({ type: 'telegram', name: 'Telegram', config: { token: '••••6789', channel: '@x_chan' } }),
    ).toEqual([{ path: 'config.token', message: 'Enter the full value, not the masked one' }]);
  });

  it('never returns a secret in full and keeps them sealed at rest', async () => {
    const owner = await member();
    const slackSecret = 'XXslackSecretPathXX';
    const slack = await create(owner, {
      type: 'slack',
      name: 'Masked Slack',
      config: { url: `${fake.base}/services/T1/B1/${slackSecret}` },
    });
    expect(slack.config).toEqual({ url: `${fake.base}/••••thXX` });
    const telegram = await create(owner, {
      type: 'telegram',
      name: 'Masked Telegram',
      config: { token: TELEGRAM_TOKEN, channel: '-42' },
    });
    const hookSecret = 'hook-secret-that-must-stay-hidden';
    const hook = await create(owner, {
      type: 'webhook',
      name: 'Masked hook',
      config: { url: `${fake.base}/hooks/masked?key=queryToken123`, token: hookSecret },
    });
    expect(hook).toMatchObject({ hasToken: true, config: { token: '••••dden' } });

    const list = await owner.call('GET', '/api/integrations');
    expect(list.json().map((i: { id: string }) => i.id)).toEqual([hook.id, telegram.id, slack.id]);
    await owner.call('PATCH', `/api/integrations/${hook.id}`, { name: 'Renamed hook' });
    await owner.call('GET', `/api/integrations/${hook.id}/deliveries`);

    for (const secret of [
      slackSecret,
      TELEGRAM_TOKEN,
      TELEGRAM_TOKEN.split(':')[1]!,
      hookSecret,
      'queryToken123',
    ]) {
      expect(answers.some((body) => body.includes(secret))).toBe(false);
    }
    const rows = await t.database.db.select().from(integrations).where(eq(integrations.userId, owner.id));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const stored = JSON.stringify(row);
      expect(row.credentials).toMatch(/^v1\./);
      for (const secret of [slackSecret, TELEGRAM_TOKEN, hookSecret, 'queryToken123']) {
        expect(stored).not.toContain(secret);
      }
    }
  });

  it('updates name, config and isActive; an inactive integration sends nothing', async () => {
    const owner = await member();
    const slack = await create(owner, {
      type: 'slack',
      name: 'Switchable',
      config: { url: `${fake.base}/services/old` },
    });

    const off = await owner.call('PATCH', `/api/integrations/${slack.id}`, { isActive: false });
    expect(off.json()).toMatchObject({ isActive: false, name: 'Switchable' });
    const refused = await owner.call('POST', `/api/integrations/${slack.id}/test`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The integration is inactive; enable it to send');

    const changed = await owner.call('PATCH', `/api/integrations/${slack.id}`, {
      isActive: true,
      name: 'Switched back',
      config: { url: `${fake.base}/services/new-target` },
    });
    expect(changed.json()).toMatchObject({ isActive: true, name: 'Switched back' });
    expect((await sendTest(owner, slack.id)).status).toBe('delivered');
    expect(fake.at('/services/new-target')).toHaveLength(1);
    expect(fake.at('/services/old')).toHaveLength(0);

    const bad = await owner.call('PATCH', `/api/integrations/${slack.id}`, { config: { url: 'not a url' } });
    expect(bad.json().issues).toEqual([
      { path: 'config.url', message: 'Slack needs its incoming-webhook URL (https://...)' },
    ]);
    expect((await owner.call('PATCH', `/api/integrations/${slack.id}`, {})).statusCode).toBe(400);

    // A delivery log newest first.
    await sendTest(owner, slack.id);
    const log = (await owner.call('GET', `/api/integrations/${slack.id}/deliveries`)).json<
      IntegrationDelivery[]
    >();
    expect(log).toHaveLength(2);
    expect(Date.parse(log[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(log[1]!.createdAt));

    expect((await owner.call('DELETE', `/api/integrations/${slack.id}`)).statusCode).toBe(204);
    expect((await owner.call('GET', `/api/integrations/${slack.id}/deliveries`)).statusCode).toBe(404);
    expect((await owner.call('GET', '/api/integrations')).json()).toEqual([]);
  });

  it("answers 404 for another user's integration and 401 without a session", async () => {
    const owner = await member();
    const stranger = await member();
    const slack = await create(owner, {
      type: 'slack',
      name: 'Mine only',
      config: { url: `${fake.base}/services/mine` },
    });
    for (const [method, url, body] of [
      ['PATCH', `/api/integrations/${slack.id}`, { name: 'Hijacked' }],
      ['DELETE', `/api/integrations/${slack.id}`, undefined],
      ['POST', `/api/integrations/${slack.id}/test`, {}],
      ['GET', `/api/integrations/${slack.id}/deliveries`, undefined],
      ['GET', '/api/integrations/not-an-id/deliveries', undefined],
    ] as const) {
      const response = await stranger.call(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await stranger.call('GET', '/api/integrations')).json()).toEqual([]);
    expect((await owner.call('GET', '/api/integrations')).json()[0].name).toBe('Mine only');
    expect((await asUser(t.app).get('/api/integrations')).statusCode).toBe(401);
  });
});

describe('with private targets refused (the default)', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ TELEGRAM_API_BASE: `${fake.base}/telegram` }, { jobs: true });
  });
  afterAll(() => strict.close());

  it('refuses loopback, private and link-local URLs when they are saved', async () => {
    const owner = await member(() => strict.app);
    for (const url of [
      `${fake.base}/hooks/x`,
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:127.0.0.1]/hook',
      `http://localhost:${new URL(fake.base).port}/hook`,
      // IP literals in every spelling (design 11.5): decimal, hex, octal, short forms and IPv6 wrappings.
      'http://2130706433/hook',
      'http://0x7f000001/hook',
      'http://0177.0.0.1/hook',
      'http://127.1/hook',
      'http://0xa9.0xfe.0xa9.0xfe/hook',
      'http://[2002:7f00:1::]/hook',
      'http://[2002:a9fe:a9fe::]/hook',
      'http://[64:ff9b:1::a9fe:a9fe]/hook',
      'http://[2001:0:4136:e378:0:0:80ff:fffe]/hook',
      'http://[fec0::1]/hook',
      'http://198.51.100.7/hook',
    ]) {
      const response = await owner.call('POST', '/api/integrations', {
        type: 'webhook',
        name: 'Inside',
        config: { url },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().issues).toEqual([
        {
          path: 'config.url',
          message: 'The address points to a private, loopback or link-local network, which is not allowed',
        },
      ]);
    }
  });

  it('refuses at send time too (a stored address, or a name that now resolves inside), without retrying', async () => {
    const owner = await member(() => strict.app);
    const hook = await create(owner, {
      type: 'webhook',
      name: 'Public at first',
      config: { url: 'https://93.184.216.34/hook' },
    });
    // As if its DNS now pointed at the fake on loopback: rewrite the sealed URL behind the API's back.
    const box = new SecretBox(`integrations:${strict.config.mfaEncryptionKey}`);
    await strict.database.db
      .update(integrations)
      .set({
        credentials: box.seal(JSON.stringify({ url: `${fake.base}/hooks/rebound`, token: 'x'.repeat(32) })),
      })
      .where(eq(integrations.id, hook.id));

    const queued = await owner.call('POST', `/api/integrations/${hook.id}/test`, {});
    const delivery = await settledDelivery(owner, hook.id, queued.json<IntegrationDelivery>().id);
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 1,
      responseStatus: null,
      error: 'The address points to a private, loopback or link-local network, which is not allowed',
    });
    expect(fake.at('/hooks/rebound')).toHaveLength(0);

    // Telegram's API base is the operator's setting, but the same rule applies to where it points.
    const telegram = await create(owner, {
      type: 'telegram',
      name: 'Telegram strict',
      config: { token: TELEGRAM_TOKEN, channel: '-1' },
    });
    const sent = await owner.call('POST', `/api/integrations/${telegram.id}/test`, {});
    expect((await settledDelivery(owner, telegram.id, sent.json<IntegrationDelivery>().id)).status).toBe(
      'failed',
    );
  });
});
