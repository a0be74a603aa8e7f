import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMUNICATION_FREQUENCIES,
  DATA_CLASSIFICATIONS,
  ENCRYPTION_PREFERENCES,
  SECURITY_CLEARANCES,
} from '../../../contract/secure-channel.js';
import { auditLog, secureChannelRequests } from '../../db/schema/index.js';
import { setUserTier, verifyEmail } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.js';

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  // A small limit so the 429 test is quick; every other test sends from an address of its own.
  t = await createTestApp(
    { RATE_LIMIT_SECURE_CHANNEL_MAX: '3', SMTP_URL: smtp.url, MAIL_RETRY_DELAY_SECONDS: '1' },
    { jobs: true },
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const valid = {
  fullName: 'Meera Iyer',
  email: 'meera@example.test',
  phone: '+91 98450 67890',
  organization: 'Iyer & Rao LLP',
  securityClearance: 'secret',
  accessPurpose: 'Coordinating witness protection logistics for an ongoing fraud prosecution in Mumbai.',
  operationalNeed:
    'Counsel and investigators must exchange documents that cannot travel over ordinary email.',
  referenceContact: 'Adv. K. Menon, +91 98200 11111',
  emergencyContact: 'R. Iyer, +91 98200 22222',
  encryptionPreference: 'enhanced',
  communicationFrequency: 'weekly',
  dataClassification: 'confidential',
  complianceRequirements: 'DPDP Act 2023',
};

let address = 0;
const freshIp = () => `10.20.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

function submit(payload: unknown, options: { cookie?: string; ip?: string } = {}) {
  const caller = options.cookie ? { cookie: options.cookie } : null;
  return asUser(t.app, caller, {}, { remoteAddress: options.ip ?? freshIp() }).post(
    '/api/secure-channel',
    payload,
  );
}

async function director({ verified = false } = {}) {
  const user = await registerUser(t.app);
  if (verified) {
    await verifyEmail(t, user.id);
  }
  await setUserTier(t, user.id, 4);
  return user;
}

async function storedRow(id: string) {
  const [row] = await t.database.db
    .select()
    .from(secureChannelRequests)
    .where(eq(secureChannelRequests.id, id));
  return row;
}

describe('POST /api/secure-channel', () => {
  it('stores an anonymous request with the sender address and answers with a receipt only', async () => {
    const response = await submit(valid, { ip: '10.9.9.9' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['createdAt', 'id', 'status']);
    expect(body.status).toBe('pending');
    const row = await storedRow(body.id);
    expect(row).toMatchObject({
      ...valid,
      userId: null,
      ip: '10.9.9.9',
      status: 'pending',
      reviewedBy: null,
    });
  });

  it('tells every Director a request waits, by its kind only: never who sent it or what it says', async () => {
    const boss = await director({ verified: true });
    const response = await submit({
      ...valid,
      dataClassification: 'top_secret',
      communicationFrequency: 'emergency_only',
    });
    expect(response.statusCode).toBe(201);

    const alert =
      'A secure channel request waits for review (data classification: top secret; encryption: Enhanced Military Grade; contact: emergency only). Its details are in the review queue.';
    const notes = await t.app.inject({ url: '/api/notifications', headers: { cookie: boss.cookie } });
    expect(notes.json()).toContainEqual(
      expect.objectContaining({
        type: 'other',
        title: 'Secure channel request received',
        message: alert,
        actionUrl: '/secure-channel',
      }),
    );
    const mail = await smtp.waitFor((m) => m.to.includes(boss.email) && m.text.includes(alert));
    expect(mail.subject).toBe('Secure channel request received');
    expect(mail.text.split('\n')).toContain('http://127.0.0.1:5000/secure-channel');
    for (const secret of [
      valid.fullName,
      valid.email,
      valid.phone,
      valid.organization,
      valid.accessPurpose,
      valid.operationalNeed,
      valid.referenceContact,
    ]) {
      expect(mail.text).not.toContain(secret);
      expect(mail.html).not.toContain(secret);
    }
  });

  it('stores the user of a signed-in sender, and empty optional fields as null', async () => {
    const user = await registerUser(t.app);
    const response = await submit(
      { ...valid, organization: '', complianceRequirements: undefined },
      { cookie: user.cookie },
    );
    expect(response.statusCode).toBe(201);
    const row = await storedRow(response.json().id);
    expect(row).toMatchObject({ userId: user.id, organization: null, complianceRequirements: null });
  });

  it('accepts every option of each option set', async () => {
    const sets = {
      securityClearance: SECURITY_CLEARANCES,
      encryptionPreference: ENCRYPTION_PREFERENCES,
      communicationFrequency: COMMUNICATION_FREQUENCIES,
      dataClassification: DATA_CLASSIFICATIONS,
    };
    for (const [field, options] of Object.entries(sets)) {
      for (const option of options) {
        const response = await submit({ ...valid, [field]: option });
        expect(response.statusCode, `${field}=${option}`).toBe(201);
      }
    }
  });

  const required: [keyof typeof valid, string][] = [
    ['fullName', 'Full name is required'],
    ['email', 'Valid email is required'],
    ['phone', 'Valid phone number is required'],
    ['securityClearance', 'Security clearance level is required'],
    ['accessPurpose', 'Access purpose must be at least 50 characters'],
    ['operationalNeed', 'Operational need must be at least 50 characters'],
    ['referenceContact', 'Reference contact must be at least 5 characters'],
    ['emergencyContact', 'Emergency contact must be at least 5 characters'],
    ['encryptionPreference', 'Encryption level is required'],
    ['communicationFrequency', 'Communication frequency is required'],
    ['dataClassification', 'Data classification is required'],
  ];

  it.each(required)('requires %s', async (field, message) => {
    const { [field]: _left, ...rest } = valid;
    const response = await submit(rest);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(response.json().issues).toContainEqual({ path: field, message });
  });

  it('checks the minimum lengths, counting trimmed text', async () => {
    const response = await submit({
      ...valid,
      fullName: ' A ',
      phone: '123456789',
      accessPurpose: 'x'.repeat(49),
      operationalNeed: `${' '.repeat(10)}${'y'.repeat(49)}`,
      referenceContact: 'abcd',
      emergencyContact: '  ab  ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'fullName', message: 'Full name is required' },
        { path: 'phone', message: 'Valid phone number is required' },
        { path: 'accessPurpose', message: 'Access purpose must be at least 50 characters' },
        { path: 'operationalNeed', message: 'Operational need must be at least 50 characters' },
        { path: 'referenceContact', message: 'Reference contact must be at least 5 characters' },
        { path: 'emergencyContact', message: 'Emergency contact must be at least 5 characters' },
      ]),
    );
    expect(response.json().issues).toHaveLength(6);
    const exact = await submit({
      ...valid,
      fullName: 'Al',
      phone: '1234567890',
      accessPurpose: 'x'.repeat(50),
      operationalNeed: 'y'.repeat(50),
      referenceContact: 'abcde',
      emergencyContact: 'abcde',
    });
    expect(exact.statusCode).toBe(201);
  });

  it('rejects a malformed email and values outside each option set', async () => {
    const response = await submit({
      ...valid,
      email: 'not-an-email',
      securityClearance: 'ultra',
      encryptionPreference: 'rot13',
      communicationFrequency: 'hourly',
      dataClassification: 'public',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Valid email is required' },
        { path: 'securityClearance', message: 'Security clearance level is required' },
        { path: 'encryptionPreference', message: 'Encryption level is required' },
        { path: 'communicationFrequency', message: 'Communication frequency is required' },
        { path: 'dataClassification', message: 'Data classification is required' },
      ]),
    );
  });

  it('ignores fields a sender may not set (status, user, reviewer)', async () => {
    const other = await registerUser(t.app);
    const response = await submit({ ...valid, status: 'approved', userId: other.id, reviewedBy: other.id });
    expect(response.statusCode).toBe(201);
    expect(response.json().status).toBe('pending');
    expect(await storedRow(response.json().id)).toMatchObject({
      status: 'pending',
      userId: null,
      reviewedBy: null,
    });
  });

  it('answers 400, not 500, to a body that is not an object', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/secure-channel',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 429 RATE_LIMITED with Retry-After after the maximum per address', async () => {
    const ip = '10.77.0.1';
    for (let i = 0; i < 3; i++) expect((await submit(valid, { ip })).statusCode).toBe(201);
    const blocked = await submit(valid, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await submit(valid, { ip: '10.77.0.2' })).statusCode).toBe(201);
  });
});

describe('reviewing requests', () => {
  it('is for Directors: 401 anonymous, 403 for tier 1', async () => {
    expect((await t.app.inject({ url: '/api/secure-channel/requests' })).statusCode).toBe(401);
    const user = await registerUser(t.app);
    const list = await t.app.inject({
      url: '/api/secure-channel/requests',
      headers: { cookie: user.cookie },
    });
    expect(list.statusCode).toBe(403);
    expect(list.json()).toMatchObject({ code: 'TIER_REQUIRED', requiredTier: 4 });
    const id = (await submit(valid)).json().id;
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/secure-channel/requests/${id}`,
      headers: { cookie: user.cookie },
      payload: { status: 'approved' },
    });
    expect(patch.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: `/api/secure-channel/requests/${id}`,
      payload: { status: 'approved' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await storedRow(id))?.status).toBe('pending');
  });

  it('lists newest first, filters by status and caps with limit', async () => {
    const boss = await director();
    const first = (await submit({ ...valid, fullName: 'First Sender' })).json().id;
    const second = (await submit({ ...valid, fullName: 'Second Sender' })).json().id;
    const list = await t.app.inject({
      url: '/api/secure-channel/requests?limit=2',
      headers: { cookie: boss.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((r: { id: string }) => r.id)).toEqual([second, first]);
    expect(list.json()[0]).toMatchObject({
      fullName: 'Second Sender',
      status: 'pending',
      ip: expect.any(String),
    });

    await t.app.inject({
      method: 'PATCH',
      url: `/api/secure-channel/requests/${first}`,
      headers: { cookie: boss.cookie },
      payload: { status: 'rejected' },
    });
    const rejected = await t.app.inject({
      url: '/api/secure-channel/requests?status=rejected',
      headers: { cookie: boss.cookie },
    });
    expect(rejected.json().map((r: { id: string }) => r.id)).toContain(first);
    expect(rejected.json().every((r: { status: string }) => r.status === 'rejected')).toBe(true);
    const pending = await t.app.inject({
      url: '/api/secure-channel/requests?status=pending',
      headers: { cookie: boss.cookie },
    });
    expect(pending.json().map((r: { id: string }) => r.id)).not.toContain(first);

    for (const query of ['status=lost', 'limit=0', 'limit=201']) {
      const bad = await t.app.inject({
        url: `/api/secure-channel/requests?${query}`,
        headers: { cookie: boss.cookie },
      });
      expect(bad.statusCode, query).toBe(400);
    }
  });

  it('approves once, records who and when, audits it and tells a signed-in requester; 409 after', async () => {
    const boss = await director();
    const requester = await registerUser(t.app);
    const id = (await submit(valid, { cookie: requester.cookie })).json().id;

    const approved = await t.app.inject({
      method: 'PATCH',
      url: `/api/secure-channel/requests/${id}`,
      headers: { cookie: boss.cookie },
      payload: { status: 'approved' },
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id, status: 'approved', reviewedBy: boss.id });
    expect(Date.parse(approved.json().reviewedAt)).not.toBeNaN();

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'secure_channel.reviewed'), eq(auditLog.subject, id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ userId: boss.id, details: { status: 'approved' } });

    const notifications = await t.app.inject({
      url: '/api/notifications',
      headers: { cookie: requester.cookie },
    });
    expect(notifications.json()).toContainEqual(
      expect.objectContaining({ title: 'Secure channel request approved', isRead: false }),
    );

    const again = await t.app.inject({
      method: 'PATCH',
      url: `/api/secure-channel/requests/${id}`,
      headers: { cookie: boss.cookie },
      payload: { status: 'rejected' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CONFLICT');
    expect((await storedRow(id))?.status).toBe('approved');
  });

  it('rejects an anonymous request without notifying anyone', async () => {
    const boss = await director();
    const id = (await submit(valid)).json().id;
    const rejected = await t.app.inject({
      method: 'PATCH',
      url: `/api/secure-channel/requests/${id}`,
      headers: { cookie: boss.cookie },
      payload: { status: 'rejected' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', userId: null });
  });

  it('answers 404 for unknown or malformed ids and 400 for a status other than a decision', async () => {
    const boss = await director();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', '1']) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/secure-channel/requests/${id}`,
        headers: { cookie: boss.cookie },
        payload: { status: 'approved' },
      });
      expect(response.statusCode, id).toBe(404);
    }
    const id = (await submit(valid)).json().id;
    for (const status of ['pending', 'maybe', undefined]) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/secure-channel/requests/${id}`,
        headers: { cookie: boss.cookie },
        payload: { status },
      });
      expect(response.statusCode, String(status)).toBe(400);
    }
  });
});
