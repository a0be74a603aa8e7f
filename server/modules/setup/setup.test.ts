import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_FAILURES_MAX } from '../../../contract/setup.js';
import { auditLog, setupToken, users } from '../../db/schema/index.js';
import { asUser, createTestApp, sessionCookie, uniqueEmail, type TestApp } from '../../test/helpers.js';
import { issueToken } from './setup.service.js';

/**
 * The first Director through the one-time setup link (issue 23 point 4). The steps run in order on one database:
 * first with no Director, then with one.
 */
let t: TestApp;
let clientRoot: string;
const PASSWORD = 'correct horse battery staple';
let ipCounter = 0;
/** A fresh client address per test, so that one test's wrong tokens do not block the next. */
const newIp = () => `203.0.113.${++ipCounter}`;

beforeAll(async () => {
  clientRoot = await mkdtemp(path.join(tmpdir(), 'setup-client-'));
  await writeFile(path.join(clientRoot, 'index.html'), '<!doctype html><title>app shell</title>');
  t = await createTestApp({}, { clientRoot });
});
afterAll(async () => {
  await t.close();
  await rm(clientRoot, { recursive: true, force: true });
});

function post(url: string, payload: unknown, remoteAddress = newIp()) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
}

describe('while no Director exists', () => {
  it('issues a new token at each start, and only the last one is accepted', async () => {
    const first = await issueToken(t.ctx);
    const second = await issueToken(t.ctx);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
    // Only a hash is stored.
    const [row] = await t.database.db.select().from(setupToken);
    expect(row!.tokenHash).not.toContain(second);

    expect((await post('/api/setup/check', { token: second })).statusCode).toBe(200);
    const old = await post('/api/setup/check', { token: first });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ code: 'TOKEN_INVALID' });
  });

  it('refuses a wrong token with 400, and after too many from one address answers 429 even to the right one', async () => {
    const token = await issueToken(t.ctx);
    const ip = newIp();
    for (let attempt = 0; attempt < SETUP_FAILURES_MAX; attempt++) {
      const wrong = await post('/api/setup/check', { token: `${token}x` }, ip);
      expect(wrong.statusCode).toBe(400);
    }
    expect((await post('/api/setup/check', { token }, ip)).statusCode).toBe(429);
    expect(
      (await post('/api/setup/director', { token, email: uniqueEmail('blocked'), password: PASSWORD }, ip))
        .statusCode,
    ).toBe(429);
    // Another address is not blocked.
    expect((await post('/api/setup/check', { token })).statusCode).toBe(200);
  });

  it('validates the form like registration', async () => {
    const token = await issueToken(t.ctx);
    const response = await post('/api/setup/director', { token, email: 'not an address', password: 'short' });
    expect(response.statusCode).toBe(400);
    const paths = (response.json().issues as { path: string }[]).map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['email', 'password']));
    expect((await post('/api/setup/director', { email: uniqueEmail(), password: PASSWORD })).statusCode).toBe(
      400,
    );
  });

  it('keeps the link when the address already has an account (409)', async () => {
    const token = (await issueToken(t.ctx))!;
    const member = uniqueEmail('member');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: member, password: PASSWORD },
    });
    const taken = await post('/api/setup/director', { token, email: member, password: PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect((await post('/api/setup/check', { token })).statusCode).toBe(200);
  });

  it('serves the page (the app shell) with 200', async () => {
    const page = await t.app.inject({ url: '/setup?token=anything' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('app shell');
  });
});

describe('creating the first Director', () => {
  let director: { cookie: string; email: string; token: string };

  it('creates one tier 4 account from two requests racing with the same link, signed in', async () => {
    const token = (await issueToken(t.ctx))!;
    const emails = [uniqueEmail('director-a'), uniqueEmail('director-b')];
    const answers = await Promise.all(
      emails.map((email) =>
        post('/api/setup/director', {
          token,
          email,
          password: PASSWORD,
          firstName: 'Ada',
          lastName: 'Lovelace',
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // One wins; the other finds the link spent (400) or a Director already there (404).
    expect(statuses[0]).toBe(201);
    expect([400, 404]).toContain(statuses[1]);
    const winner = answers.find((answer) => answer.statusCode === 201)!;
    expect(winner.json()).toMatchObject({ tier: 4, firstName: 'Ada', mfaEnabled: false });
    director = { cookie: sessionCookie(winner), email: winner.json().email, token };

    const directors = await t.database.db.select().from(users).where(eq(users.tier, 4));
    expect(directors).toHaveLength(1);
    expect(await t.database.db.select().from(setupToken)).toEqual([]);
    const [created] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.userId, directors[0]!.id));
    expect(created).toMatchObject({ action: 'user.created' });
  });

  it('signs the Director in, and 2FA can be set up at once through the ordinary flow', async () => {
    const me = await asUser(t.app, director).get('/api/auth/user');
    expect(me.json()).toMatchObject({ email: director.email, tier: 4 });
    const setup = await asUser(t.app, director).get('/api/auth/mfa/setup');
    expect(setup.statusCode).toBe(200);
    expect(setup.json().secret).toMatch(/^[A-Z2-7]{32}$/);
  });
});

describe('once a Director exists', () => {
  it('answers 404 to the calls, even with the token that was valid, and to the page', async () => {
    const check = await post('/api/setup/check', { token: 'A'.repeat(43) });
    expect(check.statusCode).toBe(404);
    expect(check.json()).toMatchObject({ code: 'NOT_FOUND' });
    const again = await post('/api/setup/director', {
      token: 'A'.repeat(43),
      email: uniqueEmail('late'),
      password: PASSWORD,
    });
    expect(again.statusCode).toBe(404);
    const page = await t.app.inject({ url: '/setup' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('app shell');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('issues no token at the next start and removes any left', async () => {
    await t.database.db.insert(setupToken).values({ id: 1, tokenHash: 'left over' });
    expect(await issueToken(t.ctx)).toBeNull();
    expect(await t.database.db.select().from(setupToken)).toEqual([]);
  });
});
