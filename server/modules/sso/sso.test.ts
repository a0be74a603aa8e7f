import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_CALLBACK_PATH } from '../../../contract/sso.js';
import { auditLog, organizationMembers, sessions, users } from '../../db/schema/index.js';
import { publicUrl } from '../../infra/public-url.js';
import { setUserTier, verifyEmail } from '../../test/fixtures.js';
import { startHostileIssuer, type HostileIssuer } from '../../test/hostile-issuer.js';
import { signInAtProvider, startOidcProvider, type TestProvider } from '../../test/oidc-provider.js';
import { asUser, createTestApp, registerUser, sessionCookie, type TestApp } from '../../test/helpers.js';
import { SoftAuthenticator } from '../../test/soft-authenticator.js';

const ORIGIN = 'http://localhost:5173';
let t: TestApp;
let director: Account;
let provider: TestProvider;
let hostile: HostileIssuer;

type Account = Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_REGISTER_MAX: '1000',
    ALLOW_PRIVATE_SSO_ISSUERS: '1',
    // The passkeys' relying party (and the redirect URI's origin).
    PUBLIC_BASE_URL: ORIGIN,
  });
  director = await registerUser(t.app);
  await setUserTier(t, director.id, 4);
  provider = await startOidcProvider(publicUrl(t.config, SSO_CALLBACK_PATH));
  hostile = await startHostileIssuer();
});
afterAll(async () => {
  await provider.close();
  await hostile.close();
  await t.close();
});

const uniqueDomain = () => `sso-${randomBytes(3).toString('hex')}.test`;

async function account(email: string): Promise<Account> {
  const created = await registerUser(t.app, { email });
  await verifyEmail(t, created.id);
  return created;
}

/** A client with its owner seated by a Director. */
async function organisation() {
  const domain = uniqueDomain();
  const created = await asUser(t.app, director).post('/api/enterprise/clients', {
    name: `Client ${domain}`,
    domain,
    tier: 3,
  });
  expect(created.statusCode, created.body).toBe(201);
  const client = { ...created.json<{ id: string }>(), domain };
  const owner = await account(`owner@${domain}`);
  const seated = await asUser(t.app, director).post(`/api/enterprise/clients/${client.id}/members`, {
    email: owner.email,
    role: 'owner',
  });
  expect(seated.statusCode, seated.body).toBe(201);
  return { client, owner };
}

async function configure(
  owner: Account,
  issuer: { issuer: string; clientId: string; clientSecret: string },
  enforced = false,
) {
  const response = await asUser(t.app, owner).put('/api/organization/sso', {
    issuer: issuer.issuer,
    clientId: issuer.clientId,
    clientSecret: issuer.clientSecret,
    enforced,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ redirectUri: string }>();
}

/** The state cookie a start answer set, as the browser sends it back. */
function stateCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'sso_state');
  if (!cookie) throw new Error(`no state cookie: ${response.statusCode} ${response.body}`);
  return `sso_state=${cookie.value}`;
}

async function start(query: string, cookie?: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/auth/sso/start?${query}`,
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode, response.body).toBe(302);
  return response;
}

/** Back at the portal with what the identity provider added to the redirect URI. */
function callback(redirect: URL, cookie: string | undefined) {
  return t.app.inject({
    method: 'GET',
    url: `${redirect.pathname}${redirect.search}`,
    headers: cookie ? { cookie } : {},
  });
}

/** Through the hostile issuer, which sends the browser straight back with a code. */
async function throughHostile(email: string) {
  const started = await start(`email=${encodeURIComponent(email)}`);
  const cookie = stateCookie(started);
  const authorize = await fetch(started.headers.location as string, { redirect: 'manual' });
  return { redirect: new URL(authorize.headers.get('location')!), cookie };
}

const failures = async (reason: string) =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.sso_failed'), sql`${auditLog.details}->>'reason' = ${reason}`))
  ).length;

function expectRefused(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(302);
  expect(response.headers.location).toBe('/login?error=sso');
  expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined();
}

describe('settings', () => {
  it('an owner sets the issuer after a fresh proof; the secret is sealed and never shown; members and others cannot', async () => {
    const { owner, client } = await organisation();
    const saved = await configure(owner, provider);
    expect(saved).toMatchObject({
      issuer: provider.issuer,
      clientId: provider.clientId,
      enforced: false,
      hasSecret: true,
      redirectUri: publicUrl(t.config, SSO_CALLBACK_PATH),
    });
    expect(JSON.stringify(saved)).not.toContain(provider.clientSecret);
    const [row] = await t.database.db
      .execute<{ client_secret_sealed: string }>(
        sql`select client_secret_sealed from organization_sso where client_id = ${client.id}`,
      )
      .then((r) => r.rows);
    expect(row!.client_secret_sealed.startsWith('v1.')).toBe(true);
    expect(row!.client_secret_sealed).not.toContain(provider.clientSecret);

    // Changing only the switch keeps the stored secret.
    const enforce = await asUser(t.app, owner).put('/api/organization/sso', {
      issuer: provider.issuer,
      clientId: provider.clientId,
      enforced: true,
    });
    expect(enforce.statusCode, enforce.body).toBe(200);
    expect((await asUser(t.app, owner).get('/api/organization/sso')).json()).toMatchObject({
      enforced: true,
    });

    const stranger = await registerUser(t.app);
    expect((await asUser(t.app, stranger).get('/api/organization/sso')).statusCode).toBe(404);
    expect((await asUser(t.app).put('/api/organization/sso', { issuer: provider.issuer })).statusCode).toBe(
      401,
    );

    expect((await asUser(t.app, owner).delete('/api/organization/sso')).statusCode).toBe(204);
    expect((await asUser(t.app, owner).get('/api/organization/sso')).statusCode).toBe(404);
  });

  it('an issuer that cannot be read is a 400 with the reason; an issuer on a refused address is a 400', async () => {
    const { owner } = await organisation();
    const wrong = await asUser(t.app, owner).put('/api/organization/sso', {
      issuer: `${hostile.issuer}/nothing-here`,
      clientId: 'x',
      clientSecret: 'y',
      enforced: false,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/discovery document/);

    const strict = await createTestApp({});
    try {
      const director2 = await registerUser(strict.app);
      await setUserTier(strict, director2.id, 4);
      const domain = uniqueDomain();
      const client = await asUser(strict.app, director2).post('/api/enterprise/clients', {
        name: 'Strict',
        domain,
        tier: 2,
      });
      const owner2 = await registerUser(strict.app, { email: `owner@${domain}` });
      await asUser(strict.app, director2).post(`/api/enterprise/clients/${client.json().id}/members`, {
        email: owner2.email,
        role: 'owner',
      });
      for (const issuer of ['https://127.0.0.1:9/', 'https://10.1.2.3/', 'https://[::1]/', hostile.issuer]) {
        const refused = await asUser(strict.app, owner2).put('/api/organization/sso', {
          issuer,
          clientId: 'x',
          clientSecret: 'y',
          enforced: false,
        });
        expect(refused.statusCode, issuer).toBe(400);
        expect(refused.json().code).toBe('VALIDATION_FAILED');
      }
      expect(
        (
          await asUser(strict.app, owner2).put('/api/organization/sso', {
            issuer: 'https://127.0.0.1:9/',
            clientId: 'x',
            clientSecret: 'y',
          })
        ).json().message,
      ).toMatch(/private, loopback or link-local/);
    } finally {
      await strict.close();
    }
  });

  it('the lookup says only whether a domain has single sign-on', async () => {
    const { owner, client } = await organisation();
    const before = await t.app.inject({ url: `/api/auth/sso/lookup?email=a@${client.domain}` });
    expect(before.json()).toEqual({ sso: false });
    await configure(owner, provider);
    const after = await t.app.inject({
      url: `/api/auth/sso/lookup?email=Someone@${client.domain.toUpperCase()}`,
    });
    expect(after.json()).toEqual({ sso: true });
    expect((await t.app.inject({ url: '/api/auth/sso/lookup?email=not-an-address' })).statusCode).toBe(400);
  });
});

describe('sign-in with a real OpenID provider', () => {
  it('the code flow signs a new person in, with an account and a membership made just in time', async () => {
    const { owner, client } = await organisation();
    await configure(owner, provider);
    const email = `riya@${client.domain}`;
    const started = await start(`email=${encodeURIComponent(email)}&returnTo=/cases`);
    const authorization = new URL(started.headers.location as string);
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('scope')).toBe('openid email profile');
    expect(authorization.searchParams.get('state')).toBeTruthy();
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    expect(authorization.searchParams.get('login_hint')).toBe(email);

    const redirect = await signInAtProvider(authorization.href, email);
    expect(redirect.pathname).toBe(SSO_CALLBACK_PATH);
    const cookie = stateCookie(started);
    const back = await callback(redirect, cookie);
    expect(back.statusCode, back.body).toBe(302);
    expect(back.headers.location).toBe('/cases');
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: sessionCookie(back) } });
    expect(me.json()).toMatchObject({
      email,
      firstName: 'Riya',
      lastName: 'Sen',
      emailVerified: true,
      tier: 1,
      effectiveTier: 3,
      organization: { id: client.id, role: 'member' },
    });
    const [membership] = await t.database.db
      .select()
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(eq(users.email, email));
    expect(membership!.organization_members.via).toBe('sso');

    // The same answer again (a replayed code): refused, audited, no session.
    const before = await failures('state_invalid');
    expectRefused(await callback(redirect, cookie));
    expect(await failures('state_invalid')).toBe(before + 1);
  });

  it('an owner’s test sign-in signs nobody in and reports back to the Organisation page', async () => {
    const { owner, client } = await organisation();
    await configure(owner, provider);
    const started = await start(`organization=${client.id}&test=1`, owner.cookie);
    const redirect = await signInAtProvider(started.headers.location as string, `tester@${client.domain}`);
    const back = await callback(redirect, stateCookie(started));
    expect(back.headers.location).toBe('/organization?ssoTest=ok');
    expect(back.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    const [made] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, `tester@${client.domain}`));
    expect(made).toBeUndefined();
  });
});

describe('refusals (a hostile issuer)', () => {
  let domain: string;
  let clientId: string;

  beforeAll(async () => {
    const { owner, client } = await organisation();
    domain = client.domain;
    clientId = client.id;
    await configure(owner, hostile);
  });

  it('a good token from the hostile issuer signs in, and its documents are read once while fresh', async () => {
    hostile.next = { claims: { email: `good@${domain}` } };
    const discoveryBefore = hostile.hits.get('/.well-known/openid-configuration') ?? 0;
    const jwksBefore = hostile.hits.get('/jwks') ?? 0;
    for (let i = 0; i < 2; i += 1) {
      const { redirect, cookie } = await throughHostile(`good@${domain}`);
      const back = await callback(redirect, cookie);
      expect(back.headers.location).toBe('/dashboard');
      expect(sessionCookie(back)).toBeTruthy();
    }
    // max-age=300: saved settings already read the document; two sign-ins read neither again (JWKS once).
    expect(hostile.hits.get('/.well-known/openid-configuration') ?? 0).toBe(discoveryBefore);
    expect((hostile.hits.get('/jwks') ?? 0) - jwksBefore).toBeLessThanOrEqual(1);
  });

  const cases: [string, () => void, string][] = [
    [
      'alg none',
      () => (hostile.next = { signing: 'none', claims: { email: `a@${domain}` } }),
      'id_token_invalid',
    ],
    [
      'a wrong audience',
      () => (hostile.next = { claims: { email: `b@${domain}`, aud: 'someone-else' } }),
      'id_token_invalid',
    ],
    [
      'an expired token',
      () =>
        (hostile.next = {
          claims: {
            email: `c@${domain}`,
            exp: Math.floor(Date.now() / 1000) - 3600,
            iat: Math.floor(Date.now() / 1000) - 7200,
          },
        }),
      'id_token_invalid',
    ],
    [
      'a wrong nonce',
      () => (hostile.next = { claims: { email: `d@${domain}`, nonce: 'not-the-nonce' } }),
      'id_token_invalid',
    ],
    [
      'a key not in the JWKS',
      () => (hostile.next = { signing: 'unknown-kid', claims: { email: `e@${domain}` } }),
      'id_token_invalid',
    ],
    [
      'a wrong issuer',
      () => (hostile.next = { claims: { email: `f@${domain}`, iss: 'https://evil.example' } }),
      'id_token_invalid',
    ],
    [
      'an address on another domain',
      () => (hostile.next = { claims: { email: 'g@elsewhere.test' } }),
      'email_domain',
    ],
    [
      'an unverified address',
      () => (hostile.next = { claims: { email: `h@${domain}`, email_verified: false } }),
      'email_unverified',
    ],
    [
      '"true" as a string is not verified',
      () => (hostile.next = { claims: { email: `i@${domain}`, email_verified: 'true' } }),
      'email_unverified',
    ],
    ['no address', () => (hostile.next = { claims: {} }), 'email_missing'],
    ['a refused code', () => (hostile.next = { refuseCode: true }), 'token_exchange_failed'],
  ];
  for (const [name, arrange, reason] of cases) {
    it(`${name}: back to /login?error=sso, audited, no session, no account`, async () => {
      arrange();
      const before = await failures(reason);
      const sessionsBefore = (await t.database.db.select().from(sessions)).length;
      const { redirect, cookie } = await throughHostile(`someone@${domain}`);
      expectRefused(await callback(redirect, cookie));
      expect(await failures(reason)).toBe(before + 1);
      expect((await t.database.db.select().from(sessions)).length).toBe(sessionsBefore);
      const email = hostile.next.claims?.email;
      if (typeof email === 'string') {
        expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      }
      const [event] = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'auth.sso_failed'))
        .orderBy(sql`${auditLog.createdAt} desc`)
        .limit(1);
      expect(event!.details).toMatchObject({ reason, organizationId: clientId });
    });
  }

  it('a tampered state, a state from another browser and a missing one are refused', async () => {
    hostile.next = { claims: { email: `j@${domain}` } };
    const before = await failures('state_invalid');
    const { redirect, cookie } = await throughHostile(`j@${domain}`);
    const tampered = new URL(redirect);
    tampered.searchParams.set('state', `${redirect.searchParams.get('state')}x`);
    expectRefused(await callback(tampered, cookie));
    expectRefused(await callback(tampered, `sso_state=${tampered.searchParams.get('state')}`));
    expectRefused(await callback(redirect, undefined));
    expect(await failures('state_invalid')).toBe(before + 3);
    // The untampered answer still works once: the refusals above did not consume it.
    const back = await callback(redirect, cookie);
    expect(back.headers.location).toBe('/dashboard');
  });

  it('an identity provider error and an address with no SSO go to /login?error=sso', async () => {
    const started = await start(`email=x@${domain}`);
    const state = new URL(started.headers.location as string).searchParams.get('state')!;
    const error = new URL(publicUrl(t.config, SSO_CALLBACK_PATH));
    error.searchParams.set('error', 'access_denied');
    error.searchParams.set('state', state);
    expectRefused(await callback(error, stateCookie(started)));
    const none = await start('email=x@no-sso.test');
    expect(none.headers.location).toBe('/login?error=sso');
  });
});

describe('enforcement', () => {
  it('password sign-in of a member of an enforced client: 403 SSO_REQUIRED with ssoUrl; Directors are never bound', async () => {
    const { owner, client } = await organisation();
    await configure(owner, hostile, true);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: owner.password },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'SSO_REQUIRED',
      ssoUrl: `/api/auth/sso/start?email=${encodeURIComponent(owner.email)}`,
    });
    // A wrong password is still only a wrong password: the rule shows only to someone who knows it.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);

    const staff = await account(`staff@${client.domain}`);
    await setUserTier(t, staff.id, 4);
    await asUser(t.app, director).post(`/api/enterprise/clients/${client.id}/members`, {
      email: staff.email,
      role: 'member',
    });
    const allowed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: staff.email, password: staff.password },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);

    // Not enforced: passwords work again.
    await configure(owner, hostile, false);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: owner.password },
    });
    expect(again.statusCode).toBe(200);
  });
});

describe('enforcement of passkeys', () => {
  it('a passkey sign-in of a member of an enforced client: 403 SSO_REQUIRED; without enforcement it signs in', async () => {
    const { owner } = await organisation();
    const authenticator = new SoftAuthenticator(ORIGIN);
    const options = await asUser(t.app, owner).post('/api/auth/passkeys/registration/options', {});
    const added = await asUser(t.app, owner).post('/api/auth/passkeys', {
      response: authenticator.register(options.json()),
      name: 'Laptop',
    });
    expect(added.statusCode, added.body).toBe(201);
    const signIn = async () => {
      const request = await t.app.inject({
        method: 'POST',
        url: '/api/auth/passkeys/authentication/options',
        payload: {},
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/auth/passkeys/authentication',
        payload: { response: authenticator.authenticate(request.json()) },
      });
    };
    await configure(owner, hostile, true);
    const refused = await signIn();
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'SSO_REQUIRED',
      ssoUrl: expect.stringContaining('/api/auth/sso/start'),
    });
    expect(refused.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    await configure(owner, hostile, false);
    expect((await signIn()).statusCode).toBe(200);
  });
});
