import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  enterpriseClients,
  notifications,
  organizationMembers,
  sessions,
  users,
} from '../../db/schema/index.js';
import { currentTotp } from '../../lib/totp.js';
import { asUser, createTestApp, registerUser, sessionCookie, type TestApp } from '../../test/helpers.js';
import { previousStepTotp } from '../../test/totp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MFA_MAX: '5' });
});
afterAll(() => t.close());

async function enableMfa() {
  const account = await registerUser(t.app);
  const setup = await asUser(t.app, account).get('/api/auth/mfa/setup');
  expect(setup.statusCode).toBe(200);
  const { secret, backupCodes, qrCodeUrl } = setup.json();
  // The code of the previous step: enabling remembers its step, so later tests can use the current one.
  const enabled = await asUser(t.app, account).post('/api/auth/mfa/enable', {
    code: await previousStepTotp(secret),
  });
  expect(enabled.statusCode).toBe(200);
  return { ...account, secret: secret as string, backupCodes: backupCodes as string[], qrCodeUrl };
}

/** The cookie of a sign-in waiting for its second step: the password given, the code not yet. */
async function pendingSignIn(account: { email: string; password: string }): Promise<string> {
  const login = await asUser(t.app).post('/api/auth/login', {
    email: account.email,
    password: account.password,
  });
  return sessionCookie(login);
}

describe('two-factor setup and enable', () => {
  it('hands out a secret, a QR data URL and 10 backup codes, stores them protected, and enables with a code', async () => {
    const account = await registerUser(t.app);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: account.password },
    });
    const otherCookie = sessionCookie(other);
    const setup = await t.app.inject({ url: '/api/auth/mfa/setup', headers: { cookie: account.cookie } });
    const body = setup.json();
    expect(body.qrCodeUrl).toMatch(/^data:image\/png;base64,/);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.backupCodes).toHaveLength(10);
    expect(new Set(body.backupCodes).size).toBe(10);
    for (const code of body.backupCodes) expect(code).toMatch(/^[0-9a-f]{4}(-[0-9a-f]{4}){3}$/);
    expect(setup.headers['cache-control']).toBe('no-store');

    const [row] = await t.database.db.select().from(users).where(eq(users.id, account.id));
    expect(row!.mfaPendingSecret).not.toContain(body.secret);
    expect(row!.mfaEnabled).toBe(false);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/enable',
      headers: { cookie: account.cookie },
      payload: { code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid verification code');
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/enable',
      headers: { cookie: account.cookie },
      payload: { code: '12345' },
    });
    expect(short.json().issues[0]).toEqual({ path: 'code', message: 'Enter the 6-digit code' });

    const enabled = await t.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/enable',
      headers: { cookie: account.cookie },
      payload: { code: await currentTotp(body.secret) },
    });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().mfaEnabled).toBe(true);

    // The other session ended; this one goes on.
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie: otherCookie } })).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } })).json().mfaEnabled,
    ).toBe(true);
    expect(
      (await t.app.inject({ url: '/api/auth/mfa/setup', headers: { cookie: account.cookie } })).statusCode,
    ).toBe(409);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, account.id), eq(auditLog.action, 'auth.mfa_enabled')));
    expect(audit).toHaveLength(1);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, account.id));
    expect(notes.map((n) => n.title)).toContain('Two-factor authentication enabled');
  });
});

describe('signing in with two factors', () => {
  it('asks for a code, accepts it once, and rotates the session', async () => {
    const account = await enableMfa();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: account.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ mfaRequired: true, methods: ['totp', 'backup_code'] });
    const pending = sessionCookie(login);
    const [waiting] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.mfaPending, true))
      .limit(1);
    expect(waiting!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    // Half signed in is not signed in.
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie: pending } })).statusCode).toBe(
      401,
    );

    const code = await currentTotp(account.secret);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/mfa',
      headers: { cookie: pending },
      payload: { code },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id: account.id, mfaEnabled: true });
    const signedIn = sessionCookie(done);
    expect(signedIn).not.toBe(pending);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie: signedIn } })).statusCode).toBe(
      200,
    );

    // The same code again, in a new login, is refused: a TOTP code works once.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: account.password },
    });
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/mfa',
      headers: { cookie: sessionCookie(again) },
      payload: { code },
    });
    expect(replay.statusCode).toBe(400);
  });

  it('answers like a password sign-in: the effective tier and the organisation of a member', async () => {
    const account = await enableMfa();
    await t.database.db.update(users).set({ tier: 1 }).where(eq(users.id, account.id));
    const [client] = await t.database.db
      .insert(enterpriseClients)
      .values({ name: 'Second Step Partners', domain: `${randomUUID()}.example`, tier: 3 })
      .returning();
    await t.database.db
      .insert(organizationMembers)
      .values({ userId: account.id, clientId: client!.id, role: 'member', via: 'director' });
    const done = await asUser(t.app, { cookie: await pendingSignIn(account) }).post('/api/auth/login/mfa', {
      code: await currentTotp(account.secret),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      tier: 1,
      effectiveTier: 3,
      organization: { id: client!.id, name: 'Second Step Partners', role: 'member' },
    });
  });

  it('accepts each backup code once', async () => {
    const account = await enableMfa();
    const loginWith = async (code: string) =>
      asUser(t.app, { cookie: await pendingSignIn(account) }).post('/api/auth/login/mfa', { code });
    const [first] = account.backupCodes;
    expect((await loginWith(first!.toUpperCase())).statusCode).toBe(200);
    expect((await loginWith(first!)).statusCode).toBe(400);
  });

  it('answers 429 after 5 wrong codes in the window, even for a right one', async () => {
    const account = await enableMfa();
    const cookie = await pendingSignIn(account);
    const attempt = (code: string) => asUser(t.app, { cookie }).post('/api/auth/login/mfa', { code });
    for (let i = 0; i < 5; i++) expect((await attempt('111111')).statusCode).toBe(400);
    const blocked = await attempt(await currentTotp(account.secret));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('lets no more than 5 codes be tried when they arrive at the same moment', async () => {
    const account = await enableMfa();
    const cookie = await pendingSignIn(account);
    const current = await currentTotp(account.secret);
    const codes = Array.from({ length: 21 }, (_, i) => String(100000 + i))
      .filter((code) => code !== current)
      .slice(0, 20);
    const statuses = (
      await Promise.all(codes.map((code) => asUser(t.app, { cookie }).post('/api/auth/login/mfa', { code })))
    ).map((r) => r.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it('refuses the MFA step without a pending sign-in', async () => {
    const account = await registerUser(t.app);
    for (const headers of [{}, { cookie: account.cookie }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login/mfa',
        headers,
        payload: { code: '123456' },
      });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('disabling two factors', () => {
  it('takes a backup code, ends the other sessions and notifies', async () => {
    const account = await enableMfa();
    const other = await t.database.db.select().from(sessions).where(eq(sessions.userId, account.id));
    expect(other).toHaveLength(1);
    const wrong = await asUser(t.app, account).post('/api/auth/mfa/disable', { code: '222222' });
    expect(wrong.statusCode).toBe(400);
    const done = await asUser(t.app, account).post('/api/auth/mfa/disable', {
      code: account.backupCodes[3]!,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().mfaEnabled).toBe(false);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, account.id));
    expect(row).toMatchObject({ mfaEnabled: false, mfaSecret: null });
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, account.id));
    expect(notes.map((n) => n.title)).toContain('Two-factor authentication disabled');
    expect((await asUser(t.app, account).post('/api/auth/mfa/disable', { code: '123456' })).statusCode).toBe(
      409,
    );
  });
});
