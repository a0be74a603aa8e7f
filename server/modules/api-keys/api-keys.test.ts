import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, notifications } from '../../db/schema/index.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function keyFor(cookie: string, permissions: string[], expiresAt?: string) {
  const response = await asUser(t.app, { cookie }).post('/api/api-keys', {
    name: `key ${permissions.join('+')}`,
    permissions,
    ...(expiresAt ? { expiresAt } : {}),
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe('API keys', () => {
  it('shows the key once, stores only its hash, lists the prefix and notifies', async () => {
    const owner = await registerUser(t.app);
    const created = await keyFor(owner.cookie, ['read']);
    expect(created.key).toMatch(/^ik_[A-Za-z0-9_-]{43}$/);
    expect(created.keyHash).toBe(created.key);
    expect(created).toMatchObject({
      name: 'key read',
      permissions: ['read'],
      isActive: true,
      lastUsed: null,
    });

    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.keyHash).not.toBe(created.key);
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);

    const list = await t.app.inject({ url: '/api/api-keys', headers: { cookie: owner.cookie } });
    expect(list.json()).toEqual([
      expect.objectContaining({ id: created.id, keyPrefix: created.key.slice(0, 9), isActive: true }),
    ]);
    expect(JSON.stringify(list.json())).not.toContain(created.key);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(notes.map((n) => n.title)).toContain('API key created');
  });

  it('validates the name, permissions and expiry with a message for each', async () => {
    const owner = await registerUser(t.app);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: { cookie: owner.cookie },
      payload: { name: 'ab', permissions: [], expiresAt: '2001-01-01T00:00:00Z' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name must be at least 3 characters' },
        { path: 'permissions', message: 'At least one permission required' },
        { path: 'expiresAt', message: 'Expiry must be in the future' },
      ]),
    );
  });

  it('authenticates as the owner: read keys only read, write keys write, only admin keys manage keys', async () => {
    const owner = await registerUser(t.app);
    const read = await keyFor(owner.cookie, ['read']);
    const write = await keyFor(owner.cookie, ['read', 'write']);
    const admin = await keyFor(owner.cookie, ['admin']);

    const me = await t.app.inject({ url: '/api/auth/user', headers: bearer(read.key) });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(owner.id);

    const readOnly = await t.app.inject({
      method: 'PATCH',
      url: '/api/notifications/read-all',
      headers: bearer(read.key),
      payload: {},
    });
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json().message).toBe('This API key may only read');
    const writes = await t.app.inject({
      method: 'PATCH',
      url: '/api/notifications/read-all',
      headers: bearer(write.key),
      payload: {},
    });
    expect(writes.statusCode).toBe(200);

    // Managing keys needs admin.
    expect((await t.app.inject({ url: '/api/api-keys', headers: bearer(write.key) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/api-keys', headers: bearer(admin.key) })).statusCode).toBe(200);

    const [used] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, read.id));
    expect(used!.lastUsed).not.toBeNull();
  });

  it('refuses revoked, expired, malformed and URL-borne keys', async () => {
    const owner = await registerUser(t.app);
    const key = await keyFor(owner.cookie, ['read']);
    const expiring = await keyFor(owner.cookie, ['read'], new Date(Date.now() + 60_000).toISOString());
    await t.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expiring.id));
    expect((await t.app.inject({ url: '/api/auth/user', headers: bearer(expiring.key) })).statusCode).toBe(
      401,
    );

    const other = await registerUser(t.app);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/api-keys/${key.id}`,
          headers: { cookie: other.cookie },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/api-keys/${key.id}`,
          headers: { cookie: owner.cookie },
        })
      ).statusCode,
    ).toBe(204);
    const revoked = await t.app.inject({ url: '/api/auth/user', headers: bearer(key.key) });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toBe('Invalid or expired API key');
    const list = await t.app.inject({ url: '/api/api-keys', headers: { cookie: owner.cookie } });
    expect(list.json().find((k: { id: string }) => k.id === key.id).isActive).toBe(false);

    for (const authorization of ['Bearer', 'Bearer nope', `Basic ${key.key}`, 'Bearer ik_x']) {
      expect(
        (await t.app.inject({ url: '/api/auth/user', headers: { authorization } })).statusCode,
        authorization,
      ).toBe(401);
    }
    const inUrl = await t.app.inject({ url: `/api/auth/user?api_key=${key.key}&key=${key.key}` });
    expect(inUrl.statusCode).toBe(401);
  });
});
