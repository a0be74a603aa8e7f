import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, registerUser, type TestApp } from '../test/helpers.js';
import { sessionHint } from './session.js';

// Decision 013: a readable `signed_in` cookie beside the HttpOnly session cookie tells the page whether to ask
// GET /api/auth/user at all; the call itself and its 401 stay as the spec has them.
let t: TestApp;
let clientRoot: string;
beforeAll(async () => {
  clientRoot = await mkdtemp(path.join(tmpdir(), 'client-'));
  await writeFile(path.join(clientRoot, 'index.html'), '<!doctype html><title>Intel Portal</title>');
  await writeFile(path.join(clientRoot, 'app.js'), 'void 0;');
  t = await createTestApp({}, { clientRoot });
});
afterAll(async () => {
  await t.close();
  await rm(clientRoot, { recursive: true, force: true });
});

const hintOf = (response: {
  cookies: { name: string; value: string; httpOnly?: boolean; maxAge?: number }[];
}) => response.cookies.find((cookie) => cookie.name === 'signed_in');

describe('the signed-in hint cookie', () => {
  it('comes with the session cookie, readable by scripts, and goes with it on logout', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: `hint.${Date.now()}@example.test`, password: 'correct horse battery staple' },
    });
    expect(response.statusCode).toBe(201);
    const sid = response.cookies.find((cookie) => cookie.name === 'sid');
    expect(sid?.httpOnly).toBe(true);
    const hint = hintOf(response);
    // A short hash of the session's token: the page tells one session's hint from the next one's.
    expect(hint).toMatchObject({ value: sessionHint(sid!.value), path: '/' });
    expect(hint!.value).toMatch(/^[0-9a-f]{16}$/);
    expect(hint!.value).not.toContain(sid!.value.slice(0, 8));
    expect(hint?.httpOnly).toBeFalsy();

    // Signing in again in the same browser replaces the session, and with it the hint.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { cookie: `sid=${sid!.value}; signed_in=${hint!.value}` },
      payload: { email: `hint.again.${Date.now()}@example.test`, password: 'correct horse battery staple' },
    });
    expect(again.statusCode).toBe(201);
    const newSid = again.cookies.find((cookie) => cookie.name === 'sid')!.value;
    expect(hintOf(again)).toMatchObject({ value: sessionHint(newSid) });
    expect(hintOf(again)!.value).not.toBe(hint!.value);

    const logout = await asUser(t.app, { cookie: `sid=${sid!.value}` }).post('/api/auth/logout', {});
    expect(logout.statusCode).toBeLessThan(400);
    expect(hintOf(logout)).toMatchObject({ value: '' });
    expect(hintOf(logout)!.maxAge ?? 0).toBeLessThanOrEqual(0);
  });

  it('is brought in line with the session by every page load, and never set on other files', async () => {
    const { cookie } = await registerUser(t.app);
    const expected = sessionHint(cookie.slice('sid='.length));
    // A session from before the hint existed: the page sets it.
    const page = await t.app.inject({ url: '/dashboard', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(hintOf(page)).toMatchObject({ value: expected });
    // Another session's hint (or one from before hints had values): the page puts this session's in its place.
    expect(
      hintOf(await t.app.inject({ url: '/', headers: { cookie: `${cookie}; signed_in=1` } })),
    ).toMatchObject({ value: expected });
    // Already there: nothing to say.
    expect(
      hintOf(await t.app.inject({ url: '/', headers: { cookie: `${cookie}; signed_in=${expected}` } })),
    ).toBeUndefined();
    // No session left (it ended elsewhere, or expired): the page clears it.
    const signedOut = await t.app.inject({ url: '/', headers: { cookie: 'signed_in=1' } });
    expect(hintOf(signedOut)).toMatchObject({ value: '' });
    const expired = await t.app.inject({ url: '/', headers: { cookie: 'sid=unknown; signed_in=1' } });
    expect(hintOf(expired)).toMatchObject({ value: '' });
    // A script or an API answer never carries it.
    const asset = await t.app.inject({ url: '/app.js', headers: { cookie } });
    expect(asset.statusCode).toBe(200);
    expect(hintOf(asset)).toBeUndefined();
  });

  it('leaves the contract alone: asked without a session, GET /api/auth/user is still a 401', async () => {
    expect((await t.app.inject({ url: '/api/auth/user' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/auth/user', headers: { cookie: 'signed_in=1' } })).statusCode,
    ).toBe(401);
  });
});
