import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  enterpriseClients,
  notifications,
  organizationMembers,
  passkeys,
  rateLimits,
  sessions,
  users,
} from '../../db/schema/index.js';
import { currentTotp } from '../../lib/totp.js';
import { asUser, createTestApp, registerUser, sessionCookie, type TestApp } from '../../test/helpers.js';
import { SoftAuthenticator, type AssertionOverrides } from '../../test/soft-authenticator.js';
import { carryOutDue } from '../account-deletion/account-deletion.service.js';
import { findUser } from '../auth/auth.service.js';
import { buildDocument } from '../data-export/data-export.service.js';
import { previousStepTotp } from '../../test/totp.js';

const ORIGIN = 'http://localhost:5173';
let t: TestApp;
let ip = 0;
/** Each test signs in from an address of its own, so the per-address failure counts stay apart. */
const nextIp = () => `10.9.0.${++ip}`;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_BASE_URL: ORIGIN, RATE_LIMIT_LOGIN_MAX: '8' });
});
afterAll(() => t.close());
afterEach(() => {
  t.ctx.now = () => new Date();
});

type Account = Awaited<ReturnType<typeof registerUser>>;

async function registrationOptions(account: { cookie: string }) {
  const response = await asUser(t.app, account).post('/api/auth/passkeys/registration/options', {});
  expect(response.statusCode).toBe(200);
  return response.json<PublicKeyCredentialCreationOptionsJSON>();
}

/** A user with a passkey on `authenticator` (a new device-bound one unless given). */
async function withPasskey(authenticator = new SoftAuthenticator(ORIGIN)) {
  const account = await registerUser(t.app);
  const options = await registrationOptions(account);
  const added = await asUser(t.app, account).post('/api/auth/passkeys', {
    response: authenticator.register(options),
    name: 'Laptop',
  });
  expect(added.statusCode).toBe(201);
  return { account, authenticator, passkey: added.json<{ id: string }>() };
}

async function signInOptions(caller?: { cookie: string }, purpose?: 'mfa' | 'reauth') {
  const response = await asUser(t.app, caller).post(
    '/api/auth/passkeys/authentication/options',
    purpose ? { purpose } : {},
  );
  expect(response.statusCode).toBe(200);
  return response.json<PublicKeyCredentialRequestOptionsJSON>();
}

async function signIn(authenticator: SoftAuthenticator, overrides: AssertionOverrides = {}, from = nextIp()) {
  const options = await signInOptions();
  const response = authenticator.authenticate(options, overrides);
  return asUser(t.app, null, {}, { remoteAddress: from }).post('/api/auth/passkeys/authentication', {
    response,
  });
}

async function refusals(userId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectUserId, userId), eq(auditLog.action, 'auth.webauthn_failed')));
}

async function storedPasskey(id: string) {
  const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.id, id));
  return row!;
}

function expectRefused(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().code).toBe('WEBAUTHN_FAILED');
  expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined();
}

/** Moves the app's clock `seconds` ahead. */
function later(seconds: number) {
  const at = Date.now() + seconds * 1000;
  t.ctx.now = () => new Date(at);
}

describe('registering passkeys', () => {
  it('offers discoverable creation options, adds the passkey, audits it and tells the account', async () => {
    const account = await registerUser(t.app);
    const options = await registrationOptions(account);
    expect(options.rp).toEqual({ name: 'Intel Portal', id: 'localhost' });
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      requireResidentKey: true,
    });
    expect(options.excludeCredentials).toEqual([]);
    expect(options.attestation).toBe('none');

    const authenticator = new SoftAuthenticator(ORIGIN);
    const added = await asUser(t.app, account, {
      'user-agent': 'Mozilla/5.0 (X11; Linux) Chrome/140.0',
    }).post('/api/auth/passkeys', { response: authenticator.register(options) });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({
      id: expect.any(String),
      name: 'Chrome on Linux',
      createdAt: expect.any(String),
      lastUsedAt: null,
      backedUp: false,
      deviceType: 'singleDevice',
      transports: ['internal'],
    });
    const list = (await asUser(t.app, account).get('/api/auth/passkeys')).json();
    expect(list).toEqual([added.json()]);
    // The next ceremony excludes it, so one authenticator cannot register twice.
    expect((await registrationOptions(account)).excludeCredentials).toEqual([
      { id: authenticator.credentials[0]!.id, type: 'public-key', transports: ['internal'] },
    ]);

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, account.id), eq(auditLog.action, 'auth.passkey_added')));
    expect(audits).toHaveLength(1);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, account.id));
    expect(notes.map((n) => [n.type, n.title])).toContainEqual(['security_alert', 'Passkey added']);
  });

  it('marks a synced passkey as backed up', async () => {
    const { account } = await withPasskey(new SoftAuthenticator(ORIGIN, { synced: true }));
    const [passkey] = (await asUser(t.app, account).get('/api/auth/passkeys')).json();
    expect(passkey).toMatchObject({ backedUp: true, deviceType: 'multiDevice' });
  });

  it('refuses a creation made at another origin, for another rp id, or with a used challenge', async () => {
    const account = await registerUser(t.app);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const post = (response: unknown) => asUser(t.app, account).post('/api/auth/passkeys', { response });

    expectRefused(
      await post(authenticator.register(await registrationOptions(account), { origin: 'https://evil.test' })),
    );
    expectRefused(
      await post(authenticator.register(await registrationOptions(account), { rpId: 'evil.test' })),
    );
    const options = await registrationOptions(account);
    expect((await post(authenticator.register(options))).statusCode).toBe(201);
    expectRefused(await post(authenticator.register(options)));
    // Another account's challenge is not this one's.
    const other = await registerUser(t.app);
    expectRefused(await post(authenticator.register(await registrationOptions(other))));

    expect(await t.database.db.select().from(passkeys).where(eq(passkeys.userId, account.id))).toHaveLength(
      1,
    );
    expect((await refusals(account.id)).map((row) => row.details.ceremony)).toEqual(
      Array(4).fill('registration'),
    );
  });

  it('renames and removes only the owner’s passkeys; removing mails the account', async () => {
    const { account, passkey } = await withPasskey();
    const stranger = await registerUser(t.app);
    expect(
      (await asUser(t.app, stranger).patch(`/api/auth/passkeys/${passkey.id}`, { name: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await asUser(t.app, stranger).delete(`/api/auth/passkeys/${passkey.id}`)).statusCode).toBe(404);

    const renamed = await asUser(t.app, account).patch(`/api/auth/passkeys/${passkey.id}`, {
      name: ' Work key ',
    });
    expect(renamed.json()).toMatchObject({ id: passkey.id, name: 'Work key' });
    const blank = await asUser(t.app, account).patch(`/api/auth/passkeys/${passkey.id}`, { name: '' });
    expect(blank.statusCode).toBe(400);

    expect((await asUser(t.app, account).delete(`/api/auth/passkeys/${passkey.id}`)).statusCode).toBe(204);
    expect((await asUser(t.app, account).get('/api/auth/passkeys')).json()).toEqual([]);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, account.id));
    expect(notes.map((n) => n.title)).toContain('Passkey removed');
    const [removal] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, account.id), eq(auditLog.action, 'auth.passkey_removed')));
    expect(removal?.details).toMatchObject({ name: 'Work key' });
  });
});

describe('signing in with a passkey', () => {
  it('signs in without an address: discoverable options, a new session, the use recorded', async () => {
    const { account, authenticator, passkey } = await withPasskey();
    const options = await signInOptions();
    expect(options.allowCredentials).toEqual([]);
    expect(options.rpId).toBe('localhost');
    expect(options.userVerification).toBe('required');

    const response = await asUser(t.app).post('/api/auth/passkeys/authentication', {
      response: authenticator.authenticate(options),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: account.id, email: account.email });
    const me = await asUser(t.app, { cookie: sessionCookie(response) }).get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(Date.parse(me.json().reauthenticatedUntil)).toBeGreaterThan(Date.now() + 800_000);
    const row = await storedPasskey(passkey.id);
    expect(row.counter).toBe(1);
    expect(row.lastUsedAt).not.toBeNull();
  });

  it('answers like a password sign-in: the effective tier and the organisation of a member', async () => {
    const { account, authenticator } = await withPasskey();
    const [client] = await t.database.db
      .insert(enterpriseClients)
      .values({ name: 'Passkey Partners', domain: `${randomUUID()}.example`, tier: 3 })
      .returning();
    await t.database.db
      .insert(organizationMembers)
      .values({ userId: account.id, clientId: client!.id, role: 'member', via: 'director' });
    const signedIn = await signIn(authenticator);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({
      tier: 1,
      effectiveTier: 3,
      organization: { id: client!.id, name: 'Passkey Partners', role: 'member' },
    });
  });

  it('is a complete sign-in for an account with 2FA', async () => {
    const { account, authenticator } = await withPasskey();
    const setup = (await asUser(t.app, account).get('/api/auth/mfa/setup')).json();
    await asUser(t.app, account).post('/api/auth/mfa/enable', { code: await currentTotp(setup.secret) });
    const response = await signIn(authenticator);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: account.id, mfaEnabled: true });
  });

  it('refuses a replayed assertion, a reused or expired challenge, and changes nothing', async () => {
    const { account, authenticator, passkey } = await withPasskey();
    const options = await signInOptions();
    const assertion = authenticator.authenticate(options);
    const from = nextIp();
    const post = (response: unknown) =>
      asUser(t.app, null, {}, { remoteAddress: from }).post('/api/auth/passkeys/authentication', {
        response,
      });
    expect((await post(assertion)).statusCode).toBe(200);
    const afterFirst = await storedPasskey(passkey.id);

    expectRefused(await post(assertion));
    // A fresh assertion over the same (used) challenge.
    expectRefused(await post(authenticator.authenticate(options)));
    // A challenge past its five minutes.
    const stale = await signInOptions();
    later(301);
    expectRefused(await post(authenticator.authenticate(stale)));

    const row = await storedPasskey(passkey.id);
    expect(row.lastUsedAt).toEqual(afterFirst.lastUsedAt);
    expect(row.counter).toBe(afterFirst.counter);
    // Refused before any credential was looked up: audited by address, with no account named.
    expect((await refusals(account.id)).length).toBe(0);
    const [count] = await t.database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:${from}:passkey`));
    expect(count?.count).toBe(3);
  });

  it('refuses a wrong origin, a wrong rp id, a bad signature and a counter going back', async () => {
    const { account, authenticator, passkey } = await withPasskey();
    expect((await signIn(authenticator)).statusCode).toBe(200);
    expect((await signIn(authenticator)).statusCode).toBe(200);
    const before = await storedPasskey(passkey.id);
    expect(before.counter).toBe(2);

    expectRefused(await signIn(authenticator, { origin: 'https://intel.example.phish' }));
    expectRefused(await signIn(authenticator, { rpId: 'example.phish' }));
    expectRefused(await signIn(authenticator, { badSignature: true }));
    expectRefused(await signIn(authenticator, { counter: 1 }));
    expectRefused(await signIn(authenticator, { counter: 2 }));
    // Without user verification a passkey is not a sign-in.
    expectRefused(await signIn(authenticator, { userVerified: false }));

    const after = await storedPasskey(passkey.id);
    expect(after.counter).toBe(2);
    expect(after.lastUsedAt).toEqual(before.lastUsedAt);
    const reasons = (await refusals(account.id)).map((row) => String(row.details.reason));
    expect(reasons).toHaveLength(6);
    expect(reasons.join('\n')).toMatch(/origin/i);
    expect(reasons.join('\n')).toMatch(/RP ID/i);
    // A signature that does not verify is the library's `verified: false`.
    expect(reasons).toContain('not verified');
    expect(reasons.join('\n')).toMatch(/user verification/i);
    expect(reasons.join('\n')).toMatch(/counter/i);
  });

  it('refuses a credential the server does not know, with an audit event', async () => {
    const { authenticator } = await withPasskey();
    const stranger = new SoftAuthenticator(ORIGIN);
    // Made for this site, never registered.
    stranger.register(await registrationOptions(await registerUser(t.app)));
    const from = nextIp();
    expectRefused(await signIn(stranger, {}, from));
    const events = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.webauthn_failed'), eq(auditLog.ip, from)));
    expect(events.map((e) => e.details)).toEqual([{ ceremony: 'sign-in', reason: 'unknown credential' }]);
    expect((await signIn(authenticator)).statusCode).toBe(200);
  });

  it('counts failures under the sign-in limit: 429 once it is reached', async () => {
    const { authenticator } = await withPasskey();
    const from = nextIp();
    for (let i = 0; i < 8; i++) expectRefused(await signIn(authenticator, { badSignature: true }, from));
    const blocked = await signIn(authenticator, {}, from);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('answers 400, never 500, for malformed ceremonies', async () => {
    const { authenticator } = await withPasskey();
    const valid = authenticator.authenticate(await signInOptions());
    const broken = [
      { ...valid, response: { ...valid.response, clientDataJSON: 'bm90IGpzb24' } },
      { ...valid, response: { ...valid.response, authenticatorData: 'AAAA' } },
      { ...valid, response: { ...valid.response, signature: 'AA' } },
      { ...valid, id: 'x'.repeat(2000) },
      { ...valid, type: 'password' },
    ];
    for (const response of broken) {
      const answer = await asUser(t.app, null, {}, { remoteAddress: nextIp() }).post(
        '/api/auth/passkeys/authentication',
        { response },
      );
      expect(answer.statusCode, answer.body).toBe(400);
    }
  });
});

describe('a passkey as the second factor', () => {
  async function withMfaAndPasskey() {
    const setup = await withPasskey();
    const secret = (await asUser(t.app, setup.account).get('/api/auth/mfa/setup')).json().secret;
    const enabled = await asUser(t.app, setup.account).post('/api/auth/mfa/enable', {
      code: await previousStepTotp(secret),
    });
    expect(enabled.statusCode).toBe(200);
    return { ...setup, secret: secret as string };
  }

  it('lists the methods and finishes the sign-in with the account’s passkey', async () => {
    const { account, authenticator, passkey } = await withMfaAndPasskey();
    const login = await asUser(t.app).post('/api/auth/login', {
      email: account.email,
      password: account.password,
    });
    expect(login.json()).toEqual({ mfaRequired: true, methods: ['totp', 'backup_code', 'passkey'] });
    const pending = { cookie: sessionCookie(login) };
    const options = await signInOptions(pending, 'mfa');
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.credentials[0]!.id]);
    const done = await asUser(t.app, pending).post('/api/auth/login/mfa', {
      passkey: authenticator.authenticate(options),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id: account.id });
    expect((await asUser(t.app, { cookie: sessionCookie(done) }).get('/api/auth/user')).statusCode).toBe(200);
    expect((await storedPasskey(passkey.id)).lastUsedAt).not.toBeNull();
  });

  it('refuses another user’s passkey at the second step, and asks for a pending sign-in', async () => {
    const { account } = await withMfaAndPasskey();
    const other = await withPasskey();
    const login = await asUser(t.app).post('/api/auth/login', {
      email: account.email,
      password: account.password,
    });
    const pending = { cookie: sessionCookie(login) };
    const options = await signInOptions(pending, 'mfa');
    // The other user's authenticator answers this account's challenge with its own credential.
    const foreign = other.authenticator.authenticate({ ...options, allowCredentials: [] });
    const refused = await asUser(t.app, pending).post('/api/auth/login/mfa', { passkey: foreign });
    expectRefused(refused);
    expect((await refusals(account.id)).map((r) => r.details.reason)).toEqual([
      "another account's credential",
    ]);
    // No pending sign-in: no second-step options.
    const anonymous = await asUser(t.app).post('/api/auth/passkeys/authentication/options', {
      purpose: 'mfa',
    });
    expect(anonymous.statusCode).toBe(401);
    // An account without passkeys lists the codes only.
    const plain = await registerUser(t.app);
    const secret = (await asUser(t.app, plain).get('/api/auth/mfa/setup')).json().secret;
    await asUser(t.app, plain).post('/api/auth/mfa/enable', { code: await currentTotp(secret) });
    const plainLogin = await asUser(t.app).post('/api/auth/login', {
      email: plain.email,
      password: plain.password,
    });
    expect(plainLogin.json().methods).toEqual(['totp', 'backup_code']);
  });
});

describe('re-authentication', () => {
  const guarded: [string, string, (account: Account) => Promise<unknown>][] = [
    ['POST', '/api/auth/passkeys/registration/options', async () => ({})],
    [
      'POST',
      '/api/auth/passkeys',
      async () => ({ response: new SoftAuthenticator(ORIGIN).register(await placeholderOptions()) }),
    ],
    ['DELETE', '/api/auth/passkeys/00000000-0000-4000-8000-000000000000', async () => undefined],
    ['POST', '/api/auth/mfa/disable', async () => ({ code: '123456' })],
    ['POST', '/api/auth/mfa/backup-codes', async () => ({})],
    ['POST', '/api/api-keys', async () => ({ name: 'Late key', permissions: ['read'] })],
    ['POST', '/api/automation/signing-secret', async () => ({})],
    ['POST', '/api/account/export', async () => ({})],
  ];
  let placeholder: PublicKeyCredentialCreationOptionsJSON | undefined;
  async function placeholderOptions() {
    placeholder ??= await registrationOptions(await registerUser(t.app));
    return placeholder;
  }

  it('guards the listed actions: 403 REAUTH_REQUIRED once the window has passed', async () => {
    const account = await registerUser(t.app);
    const bodies = await Promise.all(guarded.map(([, , body]) => body(account)));
    later(901);
    for (const [index, [method, url]] of guarded.entries()) {
      const response = await asUser(t.app, account).request(method as 'POST', url, bodies[index]);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().code).toBe('REAUTH_REQUIRED');
    }
    // What changes nothing about how the account is protected stays open.
    expect((await asUser(t.app, account).get('/api/api-keys')).statusCode).toBe(200);
    expect((await asUser(t.app, account).get('/api/auth/passkeys')).statusCode).toBe(200);
    expect((await asUser(t.app, account).get('/api/auth/user')).json().reauthenticatedUntil).toBeNull();
  });

  it('takes the password: 403, then the proof, then the action goes through', async () => {
    const account = await registerUser(t.app);
    const create = () =>
      asUser(t.app, account).post('/api/api-keys', { name: 'Script', permissions: ['read'] });
    expect((await create()).statusCode).toBe(201);
    later(901);
    expect((await create()).statusCode).toBe(403);

    const wrong = await asUser(t.app, account).post('/api/auth/reauth', { password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([{ path: 'password', message: 'Password is incorrect' }]);
    const proof = await asUser(t.app, account).post('/api/auth/reauth', { password: account.password });
    expect(proof.statusCode).toBe(200);
    const until = Date.parse(proof.json().reauthenticatedUntil);
    expect(until).toBe(t.ctx.now().getTime() + 900_000);
    expect((await asUser(t.app, account).get('/api/auth/user')).json().reauthenticatedUntil).toBe(
      proof.json().reauthenticatedUntil,
    );
    expect((await create()).statusCode).toBe(201);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, account.id));
    expect(row!.reauthenticatedAt?.getTime()).toBe(t.ctx.now().getTime());
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.userId, account.id), eq(auditLog.action, 'auth.reauthenticated'))),
    ).toHaveLength(1);
  });

  it('takes a passkey (only the account’s own) or a 2FA code', async () => {
    const { account, authenticator, passkey } = await withPasskey();
    const other = await withPasskey();
    later(901);
    const options = await signInOptions(account, 'reauth');
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.credentials[0]!.id]);
    expectRefused(
      await asUser(t.app, account).post('/api/auth/reauth', {
        passkey: other.authenticator.authenticate({ ...options, allowCredentials: [] }),
      }),
    );
    const fresh = await signInOptions(account, 'reauth');
    const proof = await asUser(t.app, account).post('/api/auth/reauth', {
      passkey: authenticator.authenticate(fresh),
    });
    expect(proof.statusCode).toBe(200);
    expect((await asUser(t.app, account).delete(`/api/auth/passkeys/${passkey.id}`)).statusCode).toBe(204);

    const secret = (await asUser(t.app, other.account).get('/api/auth/mfa/setup')).json().secret;
    await asUser(t.app, other.account).post('/api/auth/mfa/enable', {
      code: await previousStepTotp(secret),
    });
    later(2000);
    expect((await asUser(t.app, other.account).post('/api/auth/mfa/backup-codes', {})).statusCode).toBe(403);
    const byCode = await asUser(t.app, other.account).post('/api/auth/reauth', {
      code: await currentTotp(secret),
    });
    expect(byCode.statusCode).toBe(200);
    const codes = await asUser(t.app, other.account).post('/api/auth/mfa/backup-codes', {});
    expect(codes.statusCode).toBe(200);
    expect(codes.json().backupCodes).toHaveLength(10);
    // A code is refused for an account without 2FA; one proof at a time.
    const noMfa = await asUser(t.app, account).post('/api/auth/reauth', { code: '123456' });
    expect(noMfa.statusCode).toBe(400);
    const both = await asUser(t.app, account).post('/api/auth/reauth', { code: '123456', password: 'x' });
    expect(both.statusCode).toBe(400);
  });

  it('lets an admin API key through, refuses the other keys (listing and renaming too), and no key re-authenticates', async () => {
    const account = await registerUser(t.app);
    const key = async (permission: string) =>
      (
        await asUser(t.app, account).post('/api/api-keys', { name: permission, permissions: [permission] })
      ).json().key as string;
    const admin = await key('admin');
    const write = await key('write');
    later(901);
    expect(
      (
        await asUser(t.app, { apiKey: admin }).post('/api/api-keys', {
          name: 'By key',
          permissions: ['read'],
        })
      ).statusCode,
    ).toBe(201);
    const refused = await asUser(t.app, { apiKey: write }).post('/api/automation/signing-secret', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    // Listing and renaming passkeys are account security too: an admin key's, like the other 2FA routes.
    expect((await asUser(t.app, { apiKey: write }).get('/api/auth/passkeys')).statusCode).toBe(403);
    expect(
      (await asUser(t.app, { apiKey: write }).patch(`/api/auth/passkeys/${randomUUID()}`, { name: 'Mine' }))
        .statusCode,
    ).toBe(403);
    expect((await asUser(t.app, { apiKey: admin }).get('/api/auth/passkeys')).statusCode).toBe(200);
    const keyProof = await asUser(t.app, { apiKey: admin }).post('/api/auth/reauth', {
      password: account.password,
    });
    expect(keyProof.statusCode).toBe(403);
  });
});

describe('data rights', () => {
  it('exports passkeys without their keys, and erases them with the account', async () => {
    const { account, authenticator } = await withPasskey();
    const document = await buildDocument(t.ctx, (await findUser(t.database.db, account.id))!);
    const exported = document.passkeys;
    expect(exported).toEqual([
      expect.objectContaining({ name: 'Laptop', deviceType: 'singleDevice', backedUp: false }),
    ]);
    const text = JSON.stringify(document);
    const stored = (await t.database.db.select().from(passkeys).where(eq(passkeys.userId, account.id)))[0]!;
    expect(text).not.toContain(stored.publicKey);
    expect(text).not.toContain(authenticator.credentials[0]!.id);

    const deletion = await asUser(t.app, account).post('/api/account/delete', { password: account.password });
    expect(deletion.statusCode).toBe(202);
    await t.database.db
      .update(users)
      .set({ deletionScheduledFor: new Date(Date.now() - 1000) })
      .where(eq(users.id, account.id));
    await carryOutDue(t.ctx);
    expect(await t.database.db.select().from(passkeys).where(eq(passkeys.userId, account.id))).toEqual([]);
    expectRefused(await signIn(authenticator));
  });
});
