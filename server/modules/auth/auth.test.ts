import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../db/schema/index.js';
import {
  asUser,
  createTestApp,
  registerUser,
  sessionCookie,
  testConfig,
  uniqueEmail,
  type TestApp,
} from '../../test/helpers.js';
import { hmacSha256 } from '../../lib/crypto.js';
import { sessionIdHash } from './sessions.service.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN_MAX: '3', RATE_LIMIT_REGISTER_MAX: '25' });
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };

describe('POST /api/auth/register', () => {
  it('creates the account, signs it in and answers the public user', async () => {
    const email = uniqueEmail('reg');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: `  ${email.toUpperCase()} `, password: 'long enough pass', firstName: 'Asha' },
    });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({ email, firstName: 'Asha', lastName: null, tier: 1, mfaEnabled: false });
    expect(user).not.toHaveProperty('passwordHash');
    expect(new Date(user.createdAt).toString()).not.toBe('Invalid Date');

    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: sessionCookie(response) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);

    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'auth.registered')));
    expect(audit).toHaveLength(1);
  });

  it('refuses a duplicate email with 409, whatever its case', async () => {
    const { email } = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: email.toUpperCase(), password: 'another password' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'CONFLICT',
      message: 'An account with this email already exists',
    });
  });

  it('answers 400 with the field issues for bad input, never 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'not-an-email', password: 'short' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Invalid email' },
        { path: 'password', message: 'Password must be at least 8 characters' },
      ]),
    );

    for (const payload of ['{"email":', '[]', 'null', '{"email":{"$gt":""},"password":1}']) {
      const bad = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: json, payload });
      expect(bad.statusCode, payload).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses a tier in the body with 400 (design 11.2: never stripped) and strips other unknown keys', async () => {
    const email = uniqueEmail('mass');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'long enough pass', tier: 4 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([
      { path: 'tier', message: 'tier is not accepted here: this call cannot honour it' },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'long enough pass', mfaEnabled: true },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ tier: 1, mfaEnabled: false });
  });

  it('refuses a non-JSON body with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.c',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password and rotates the session id', async () => {
    const account = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: account.cookie },
      payload: { email: account.email, password: account.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: account.id, email: account.email, tier: 1 });

    const rotated = sessionCookie(response);
    expect(rotated).not.toBe(account.cookie);
    const old = await t.app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } });
    expect(old.statusCode).toBe(401);
    // A request still carrying the old cookie (another tab, one already on its way) must not clear the new one.
    expect(old.headers['set-cookie']).toBeUndefined();
    const fresh = await t.app.inject({ url: '/api/auth/user', headers: { cookie: rotated } });
    expect(fresh.statusCode).toBe(200);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, account.id), eq(auditLog.action, 'auth.login_succeeded')));
    expect(audit).toHaveLength(1);
  });

  it('answers 401 for a wrong password and for an unknown email alike, and audits both', async () => {
    const account = await registerUser(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: 'wrong password' },
    });
    const unknownEmail = uniqueEmail('ghost');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: unknownEmail, password: 'whatever pass' },
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
      expect(response.cookies).toHaveLength(0);
    }
    const failures = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.login_failed'));
    expect(failures.map((f) => f.subject)).toEqual(expect.arrayContaining([account.email, unknownEmail]));
    expect(failures.find((f) => f.subject === account.email)?.userId).toBe(account.id);
  });

  it('rate limits failed logins per IP and email with 429 and Retry-After, even for the right password', async () => {
    const account = await registerUser(t.app);
    const attempt = (password: string, remoteAddress = '10.0.0.7') =>
      asUser(t.app, null, {}, { remoteAddress }).post('/api/auth/login', { email: account.email, password });
    for (let i = 0; i < 3; i++) expect((await attempt('wrong password')).statusCode).toBe(401);
    const blocked = await attempt(account.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not locked out by this one's failures.
    expect((await attempt(account.password, '10.0.0.8')).statusCode).toBe(200);
  });

  it('lets no more guesses through when they arrive at the same moment', async () => {
    const account = await registerUser(t.app);
    const attempt = () =>
      asUser(t.app, null, {}, { remoteAddress: '10.0.0.9' }).post('/api/auth/login', {
        email: account.email,
        password: 'wrong password',
      });
    // Each used to read the count before any failure was recorded, so all 12 were checked (12 answered 401).
    const statuses = (await Promise.all(Array.from({ length: 12 }, attempt))).map((r) => r.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
  });
});

describe('registration rate limit', () => {
  it('answers 429 after too many registrations from one IP', async () => {
    const local = await createTestApp({ RATE_LIMIT_REGISTER_MAX: '2' });
    try {
      const register = () =>
        asUser(local.app, null, {}, { remoteAddress: '10.1.1.1' }).post('/api/auth/register', {
          email: uniqueEmail('burst'),
          password: 'long enough pass',
        });
      expect((await register()).statusCode).toBe(201);
      expect((await register()).statusCode).toBe(201);
      const third = await register();
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await local.close();
    }
  });
});

describe('logout', () => {
  it('POST /api/auth/logout ends the session on the server, not just the cookie', async () => {
    const account = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: account.cookie },
      payload: {},
    });
    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    const replay = await t.app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } });
    expect(replay.statusCode).toBe(401);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, account.id));
    expect(rows).toHaveLength(0);
  });

  it('GET /api/logout ends the session and redirects home', async () => {
    const account = await registerUser(t.app);
    const response = await t.app.inject({ url: '/api/logout', headers: { cookie: account.cookie } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
    const replay = await t.app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } });
    expect(replay.statusCode).toBe(401);
  });

  it('GET /api/logout from another site goes home without ending the session', async () => {
    const account = await registerUser(t.app);
    for (const headers of [
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      { origin: 'https://evil.example' },
    ]) {
      const response = await t.app.inject({
        url: '/api/logout',
        headers: { cookie: account.cookie, ...headers },
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/');
      expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined();
      const still = await t.app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } });
      expect(still.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it.each(['same-origin', 'none'])('GET /api/logout with Sec-Fetch-Site: %s signs out', async (site) => {
    const account = await registerUser(t.app);
    const response = await t.app.inject({
      url: '/api/logout',
      headers: { cookie: account.cookie, 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
    expect(response.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    const replay = await t.app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } });
    expect(replay.statusCode).toBe(401);
  });
});

describe('GET /api/login', () => {
  it('redirects to the sign-in page and keeps a local returnTo only', async () => {
    const plain = await t.app.inject({ url: '/api/login' });
    expect(plain.statusCode).toBe(302);
    expect(plain.headers.location).toBe('/login');
    const local = await t.app.inject({ url: '/api/login?returnTo=%2Fcases%3Ftab%3Dall' });
    expect(local.headers.location).toBe('/login?returnTo=%2Fcases%3Ftab%3Dall');
    for (const target of ['https://evil.example', '//evil.example', '/\\evil.example']) {
      const open = await t.app.inject({ url: `/api/login?returnTo=${encodeURIComponent(target)}` });
      expect(open.headers.location, target).toBe('/login');
    }
  });
});

describe('GET /api/auth/user', () => {
  it('answers 401 Unauthorized without a session or with a forged one', async () => {
    for (const cookie of [undefined, 'sid=forged-value', `sid=${'x'.repeat(500)}`]) {
      const response = await t.app.inject({ url: '/api/auth/user', headers: cookie ? { cookie } : {} });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Unauthorized' });
    }
  });
});

describe('session cookie and timeouts', () => {
  it('sets an HttpOnly, SameSite=Lax cookie without Secure in development', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: uniqueEmail('cookie'), password: 'long enough pass' },
    });
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/');
    expect(header).not.toContain('Secure');
  });

  it('uses the __Host- prefix and Secure when COOKIE_SECURE is on', async () => {
    const secure = await createTestApp({ COOKIE_SECURE: '1' });
    try {
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: uniqueEmail('secure'), password: 'long enough pass' },
      });
      const header = String(response.headers['set-cookie']);
      expect(header).toMatch(/^__Host-sid=/);
      expect(header).toContain('Secure');
      expect(header).toContain('HttpOnly');
      const me = await secure.app.inject({
        url: '/api/auth/user',
        headers: { cookie: sessionCookie(response) },
      });
      expect(me.statusCode).toBe(200);
    } finally {
      await secure.close();
    }
  });

  it('stores only a keyed hash of the session id', async () => {
    const account = await registerUser(t.app);
    const token = account.cookie.split('=')[1]!;
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, account.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.idHash).not.toContain(token);
    expect(rows[0]!.idHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("writes a session's last-seen time once for a page's parallel requests, not once each", async () => {
    const account = await registerUser(t.app);
    const idHash = sessionIdHash(t.ctx, account.cookie.split('=')[1]!);
    const user = () => t.app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } });
    expect((await user()).statusCode).toBe(200);
    // The cached session last seen two minutes ago: the next request touches it.
    const twoMinutesAgo = new Date(Date.now() - 2 * 60_000);
    t.ctx.modules.auth.sessions.update(idHash, (entry) => ({
      ...entry,
      session: { ...entry.session, lastSeenAt: twoMinutesAgo },
    }));
    // Each write of this session's row counted by a trigger of the test's own.
    const trigger = `count_touches_${idHash.slice(0, 12)}`;
    await t.database.pool.query(`create table ${trigger} (at timestamptz not null default now())`);
    await t.database.pool.query(
      `create function ${trigger}() returns trigger language plpgsql as $$ begin insert into ${trigger} default values; return new; end $$`,
    );
    await t.database.pool.query(
      `create trigger ${trigger} after update on sessions for each row when (new.id_hash = '${idHash}') execute function ${trigger}()`,
    );
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, user));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
      const { rows } = await t.database.pool.query<{ n: number }>(
        `select count(*)::int as n from ${trigger}`,
      );
      expect(rows[0]!.n).toBe(1);
    } finally {
      await t.database.pool.query(`drop trigger ${trigger} on sessions`);
      await t.database.pool.query(`drop function ${trigger}()`);
      await t.database.pool.query(`drop table ${trigger}`);
    }
  });

  it('ends an idle session and one past its absolute lifetime', async () => {
    const idle = await registerUser(t.app);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessions.userId, idle.id));
    // Last-seen moves are not announced (they happen every minute); a cached copy lives far shorter than 31 minutes.
    t.ctx.modules.auth.sessions.clear();
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie: idle.cookie } })).statusCode).toBe(
      401,
    );

    const old = await registerUser(t.app);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, old.id));
    await t.settled();
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie: old.cookie } })).statusCode).toBe(
      401,
    );
    const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, old.id));
    expect(left).toHaveLength(0);
  });
});

describe('CSRF origin check', () => {
  it('refuses a cross-site mutation and allows a same-origin one', async () => {
    const payload = { email: uniqueEmail('csrf'), password: 'long enough pass' };
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { origin: 'https://evil.example', host: 'localhost:5000' },
      payload,
    });
    expect(cross.statusCode).toBe(403);
    expect(cross.json().code).toBe('FORBIDDEN');
    const fetchSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload,
    });
    expect(fetchSite.statusCode).toBe(403);
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { origin: 'http://localhost:5000', host: 'localhost:5000', 'sec-fetch-site': 'same-origin' },
      payload,
    });
    expect(same.statusCode).toBe(201);
  });
});

describe('session ids', () => {
  it('are the HMAC of the cookie value under SESSION_SECRET, the same from memory as computed, in each app', async () => {
    const token = 'a-cookie-value';
    const expected = hmacSha256(t.ctx.config.sessionSecret, token);
    expect(sessionIdHash(t.ctx, token)).toBe(expected);
    expect(sessionIdHash(t.ctx, token)).toBe(expected);
    // Another app with another secret keeps its own.
    const other = {
      ...t.ctx,
      config: testConfig({ SESSION_SECRET: 'another-secret-another-secret-another-00' }),
    };
    expect(sessionIdHash(other, token)).toBe(hmacSha256(other.config.sessionSecret, token));
    expect(sessionIdHash(t.ctx, token)).toBe(expected);
    // Past the memory's bound the oldest values are forgotten and computed again, the same.
    for (let i = 0; i < 10_001; i++) sessionIdHash(other, `flood-${i}`);
    expect(sessionIdHash(other, 'flood-0')).toBe(hmacSha256(other.config.sessionSecret, 'flood-0'));
  });
});
