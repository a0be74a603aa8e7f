import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATA_EXPORT_DATASETS, DATA_EXPORT_FORMAT, type DataExport } from '../../../contract/privacy.js';
import {
  apiKeys,
  auditLog,
  dataExports,
  integrations,
  mailOutbox,
  notifications,
  sessions,
  users,
} from '../../db/schema/index.js';
import { currentTotp } from '../../lib/totp.js';
import { createCategory, createProduct, setUserTier, verifyEmail } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import { REASONS, runExport, withoutSecretKeys } from './data-export.service.js';

let t: TestApp;
beforeAll(async () => {
  // The real workers run, as in the server: a requested export is built by its job.
  t = await createTestApp({}, { jobs: true });
});
afterAll(() => t.close());

type Account = Awaited<ReturnType<typeof registerUser>>;

const shippingAddress = {
  fullName: 'Asha Export',
  line1: '12 Residency Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560025',
  country: 'India',
  phone: '+91 98450 55555',
};

async function requestExport(account: Account) {
  const response = await asUser(t.app, account).post('/api/account/export', {});
  expect(response.statusCode, response.body).toBe(202);
  return response.json<DataExport>();
}

/** Polls the list as the Privacy tab does until the export has finished. */
async function finished(account: Account, id: string): Promise<DataExport> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const response = await asUser(t.app, account).get('/api/account/exports');
    expect(response.statusCode).toBe(200);
    const found = response.json<DataExport[]>().find((item) => item.id === id);
    if (found && (found.status === 'completed' || found.status === 'failed')) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`export ${id} did not finish`);
}

/** A member with an order (and its card payment), a case with a public and an internal update, an API key, 2FA
 * and a webhook integration with a signing secret and a secret in its URL. */
async function memberWithData() {
  const account = await registerUser(t.app);
  await verifyEmail(t, account.id);
  const as = asUser(t.app, account);

  const category = await createCategory(t.database.db);
  const product = await createProduct(t.database.db, category.id, { name: 'Export Test Recorder' });
  expect((await as.post('/api/cart', { productId: product.id, quantity: 2 })).statusCode).toBe(201);
  const order = await as.post('/api/orders', { shippingAddress, paymentMethod: 'stripe' });
  expect(order.statusCode, order.body).toBe(201);
  // A tier 2 subscription paid by bank transfer, waiting for a Director to confirm the money.
  const upgrade = await as.post('/api/upgrade-tier', { tier: 2, paymentMethod: 'bank_transfer' });
  expect(upgrade.statusCode, upgrade.body).toBe(201);

  const opened = await as.post('/api/cases', {
    title: 'Missing shipment',
    description: 'A shipment went missing between the depot and the office.',
    category: 'investigation',
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const director = await registerUser(t.app);
  await setUserTier(t, director.id, 4);
  const caseId = opened.json<{ id: string }>().id;
  const publicNote = 'We have traced the van to the Hosur depot.';
  const internalNote = 'Internal: the depot manager is a suspect, do not tell the client.';
  const comment = await asUser(t.app, director).post(`/api/cases/${caseId}/updates`, {
    updateType: 'comment',
    content: publicNote,
  });
  expect(comment.statusCode, comment.body).toBe(201);
  const internal = await asUser(t.app, director).post(`/api/cases/${caseId}/updates`, {
    updateType: 'internal_note',
    content: internalNote,
  });
  expect(internal.statusCode, internal.body).toBe(201);
  const internalComment = 'Internal comment: billing dispute expected.';
  const flagged = await asUser(t.app, director).post(`/api/cases/${caseId}/updates`, {
    updateType: 'comment',
    content: internalComment,
    isInternal: true,
  });
  expect(flagged.statusCode, flagged.body).toBe(201);

  const key = await as.post('/api/api-keys', { name: 'Export script', permissions: ['read'] });
  expect(key.statusCode, key.body).toBe(201);
  const fullKey = key.json<{ key: string }>().key;

  const setup = await as.get('/api/auth/mfa/setup');
  expect(setup.statusCode).toBe(200);
  const { secret: totpSecret, backupCodes } = setup.json<{ secret: string; backupCodes: string[] }>();
  const enabled = await as.post('/api/auth/mfa/enable', { code: await currentTotp(totpSecret) });
  expect(enabled.statusCode, enabled.body).toBe(200);

  const signingSecret = 'sig-secret-0123456789-abcdefghij';
  const hookPath = 'path-secret-9f8e7d6c5b4a';
  const integration = await as.post('/api/integrations', {
    type: 'webhook',
    name: 'Ops hook',
    config: { url: `https://hooks.example.com/${hookPath}`, token: signingSecret },
  });
  expect(integration.statusCode, integration.body).toBe(201);

  const [stored] = await t.database.db.select().from(users).where(eq(users.id, account.id));
  const [storedKey] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.userId, account.id));
  const [storedIntegration] = await t.database.db
    .select()
    .from(integrations)
    .where(eq(integrations.userId, account.id));
  const storedSessions = await t.database.db.select().from(sessions).where(eq(sessions.userId, account.id));

  return {
    account,
    caseId,
    publicNote,
    internalNotes: [internalNote, internalComment],
    orderNumber: order.json<{ orderNumber: string }>().orderNumber,
    secrets: {
      passwordHash: stored!.passwordHash,
      totpSecret,
      sealedTotpSecret: stored!.mfaSecret!,
      apiKey: fullKey,
      apiKeyHash: storedKey!.keyHash,
      signingSecret,
      hookPath,
      sealedIntegration: storedIntegration!.credentials!,
      ...Object.fromEntries(backupCodes.map((code, index) => [`backupCode${index}`, code])),
      ...Object.fromEntries(storedSessions.map((row, index) => [`sessionIdHash${index}`, row.idHash])),
    },
  };
}

describe('Download my data', () => {
  it('builds one JSON document with every dataset, the visible case updates only, and no secret', async () => {
    const member = await memberWithData();
    const started = await requestExport(member.account);
    expect(started).toMatchObject({
      status: expect.stringMatching(/^(pending|processing)$/),
      completedAt: null,
    });

    const done = await finished(member.account, started.id);
    expect(done).toMatchObject({ status: 'completed', progress: 100, error: null });
    const completedAt = Date.parse(done.completedAt!);
    expect(Date.parse(done.expiresAt!) - completedAt).toBe(7 * 86_400_000);

    const download = await asUser(t.app, member.account).get(`/api/account/exports/${started.id}/download`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toMatch(/^application\/json/);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="[\w-]+\.json"$/);
    expect(download.headers['cache-control']).toBe('no-store');
    expect(done.sizeBytes).toBe(Buffer.byteLength(download.body));

    const document = JSON.parse(download.body) as Record<string, unknown>;
    for (const key of ['format', 'exportedAt', ...DATA_EXPORT_DATASETS]) expect(document).toHaveProperty(key);
    expect(document.format).toBe(DATA_EXPORT_FORMAT);
    expect(document.user).toMatchObject({
      id: member.account.id,
      email: member.account.email,
      mfaEnabled: true,
    });

    const [order] = document.orders as { orderNumber: string; lines: { name: string; quantity: number }[] }[];
    expect(order).toMatchObject({ orderNumber: member.orderNumber, shippingAddress });
    expect(order!.lines).toEqual([expect.objectContaining({ name: 'Export Test Recorder', quantity: 2 })]);
    expect(document.payments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: 'completed', paymentMethod: 'stripe', purpose: 'order' }),
        expect.objectContaining({ status: 'pending', paymentMethod: 'bank_transfer' }),
      ]),
    );
    expect(document.payments).toHaveLength(2);
    // How the subscription is paid is the owner's data too: it decides whether it renews by itself.
    expect(document.subscriptions).toEqual([
      expect.objectContaining({ tier: 2, paymentMethod: 'bank_transfer' }),
    ]);

    const [exportedCase] = document.cases as { id: string; updates: { content: string }[] }[];
    expect(exportedCase!.id).toBe(member.caseId);
    expect(exportedCase!.updates.map((u) => u.content)).toContain(member.publicNote);
    for (const note of member.internalNotes) expect(download.body).not.toContain(note);

    expect(document.apiKeys).toEqual([expect.objectContaining({ name: 'Export script', isActive: true })]);
    expect(document.integrations).toEqual([
      expect.objectContaining({ name: 'Ops hook', type: 'webhook', hasToken: true }),
    ]);
    expect((document.sessions as unknown[]).length).toBeGreaterThan(0);
    // Its own request is among the events about the account.
    expect(document.auditEvents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'privacy.export_requested', byYou: true, subject: started.id }),
        expect.objectContaining({ action: 'auth.mfa_enabled', byYou: true }),
      ]),
    );

    // A scan of the whole document, not of the fields we expect: no secret, whatever its place or spelling.
    for (const [name, value] of Object.entries(member.secrets)) {
      expect(value.length, name).toBeGreaterThan(5);
      expect(download.body.includes(value), `${name} is in the export`).toBe(false);
    }
  });

  it('tells the owner when it is ready, in the app and by mail, with a link to Settings > Privacy', async () => {
    const account = await registerUser(t.app);
    await verifyEmail(t, account.id);
    const started = await requestExport(account);
    await finished(account, started.id);
    const [notice] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, account.id));
    expect(notice).toMatchObject({ title: 'Your data export is ready', actionUrl: '/settings?tab=privacy' });
    const mail = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, account.id), eq(mailOutbox.kind, 'notification.other')));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('/settings?tab=privacy');
  });

  it('answers a second request while one runs with the running one, and records the request and the download', async () => {
    const account = await registerUser(t.app);
    // Made pending behind the app's back, as if its job had not been picked up yet.
    const [running] = await t.database.db
      .insert(dataExports)
      .values({ userId: account.id, status: 'processing', progress: 40 })
      .returning();
    const again = await requestExport(account);
    expect(again).toMatchObject({ id: running!.id, status: 'processing', progress: 40 });
    expect((await asUser(t.app, account).get('/api/account/exports')).json()).toHaveLength(1);
    expect(
      (await asUser(t.app, account).get(`/api/account/exports/${running!.id}/download`)).statusCode,
    ).toBe(409);

    // Once it has finished a new request starts a new export.
    await t.database.db
      .update(dataExports)
      .set({
        status: 'completed',
        document: '{"format":"x"}',
        completedAt: new Date(),
        expiresAt: new Date(Date.now() + 60_000),
      })
      .where(eq(dataExports.id, running!.id));
    const next = await requestExport(account);
    expect(next.id).not.toBe(running!.id);
    expect(
      (await asUser(t.app, account).get(`/api/account/exports/${running!.id}/download`)).statusCode,
    ).toBe(200);
    const list = (await asUser(t.app, account).get('/api/account/exports')).json<DataExport[]>();
    expect(list.map((item) => item.id)).toEqual([next.id, running!.id]);

    const events = await t.database.db
      .select({ action: auditLog.action, subject: auditLog.subject })
      .from(auditLog)
      .where(eq(auditLog.userId, account.id));
    expect(events).toEqual(
      expect.arrayContaining([
        { action: 'privacy.export_requested', subject: next.id },
        { action: 'privacy.export_downloaded', subject: running!.id },
      ]),
    );
    expect(events.filter((e) => e.action === 'privacy.export_requested')).toHaveLength(1);
  });

  it('keeps each download to its owner: another user’s id or an unknown id is 404', async () => {
    const owner = await registerUser(t.app);
    const started = await requestExport(owner);
    await finished(owner, started.id);
    const stranger = await registerUser(t.app);
    const url = `/api/account/exports/${started.id}/download`;
    expect((await asUser(t.app, stranger).get(url)).statusCode).toBe(404);
    expect((await asUser(t.app, stranger).get('/api/account/exports')).json()).toEqual([]);
    expect(
      (await asUser(t.app, owner).get('/api/account/exports/00000000-0000-4000-8000-000000000000/download'))
        .statusCode,
    ).toBe(404);
    expect((await asUser(t.app, owner).get('/api/account/exports/not-an-id/download')).statusCode).toBe(404);
    expect((await asUser(t.app, owner).get(url)).statusCode).toBe(200);
  });

  it('answers 410 after the expiry and drops the stored document', async () => {
    const owner = await registerUser(t.app);
    const started = await requestExport(owner);
    await finished(owner, started.id);
    await t.database.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(dataExports.id, started.id));
    const response = await asUser(t.app, owner).get(`/api/account/exports/${started.id}/download`);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({ code: 'GONE' });
    const [row] = await t.database.db.select().from(dataExports).where(eq(dataExports.id, started.id));
    expect(row!.document).toBeNull();
  });

  it('is for signed-in users only, and for API keys only with the admin permission', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/account/export', payload: {} })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ url: '/api/account/exports' })).statusCode).toBe(401);
    const someId = '00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject({ url: `/api/account/exports/${someId}/download` })).statusCode).toBe(401);

    const account = await registerUser(t.app);
    const keyOf = async (permissions: string[]) => {
      const created = await asUser(t.app, account).post('/api/api-keys', { name: 'Script key', permissions });
      expect(created.statusCode, created.body).toBe(201);
      return created.json<{ key: string }>().key;
    };
    const writeKey = await keyOf(['read', 'write']);
    expect((await asUser(t.app, { apiKey: writeKey }).get('/api/account/exports')).statusCode).toBe(403);
    expect((await asUser(t.app, { apiKey: writeKey }).post('/api/account/export', {})).statusCode).toBe(403);
    const adminKey = await keyOf(['admin']);
    expect((await asUser(t.app, { apiKey: adminKey }).get('/api/account/exports')).statusCode).toBe(200);
  });

  it('marks the export failed with a readable reason after the last try, and retries before that', async () => {
    const account = await registerUser(t.app);
    const [row] = await t.database.db.insert(dataExports).values({ userId: account.id }).returning();
    const log = { error: vi.fn() };
    const broken = async () => {
      throw new Error('connection reset');
    };
    await expect(runExport(t.ctx, { exportId: row!.id, retryCount: 0 }, log, broken)).rejects.toThrow(
      'connection reset',
    );
    const [between] = await t.database.db.select().from(dataExports).where(eq(dataExports.id, row!.id));
    expect(between!.status).toBe('processing');

    await runExport(t.ctx, { exportId: row!.id, retryCount: 3 }, log, broken);
    const list = (await asUser(t.app, account).get('/api/account/exports')).json<DataExport[]>();
    expect(list).toEqual([expect.objectContaining({ id: row!.id, status: 'failed', error: REASONS.failed })]);
    // A failed export no longer blocks a new one.
    expect((await requestExport(account)).id).not.toBe(row!.id);
  });

  it('drops keys that name a secret from free-form values', () => {
    expect(
      withoutSecretKeys({
        device: 'Chrome',
        token: 'x',
        nested: [{ keyHash: 'y', ok: 1, signingSecret: 'z' }],
      }),
    ).toEqual({ device: 'Chrome', nested: [{ ok: 1 }] });
  });
});
