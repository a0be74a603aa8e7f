import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications as notificationsTable } from '../../db/schema/index.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import { notify } from './notifications.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN_MAX: '3' });
});
afterAll(() => t.close());

const list = async (cookie: string) =>
  (await asUser(t.app, { cookie }).get('/api/notifications')).json() as {
    id: string;
    title: string;
    isRead: boolean;
    priority: string;
    type: string;
  }[];

describe('notifications', () => {
  it('lists own notifications newest first, marks one and then all read', async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    for (const title of ['first', 'second', 'third']) {
      await notify(t.ctx, t.database.db, {
        userId: user.id,
        type: 'other',
        title,
        message: `${title} message`,
        actionUrl: '/cases',
      });
    }
    await notify(t.ctx, t.database.db, { userId: other.id, type: 'other', title: 'not yours', message: 'x' });

    const mine = await list(user.cookie);
    expect(mine.map((n) => n.title)).toEqual(['third', 'second', 'first']);
    expect(mine[0]).toMatchObject({ isRead: false, priority: 'normal', type: 'other' });

    const theirs = (await list(other.cookie))[0]!;
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/notifications/${theirs.id}/read`,
          headers: { cookie: user.cookie },
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/notifications/${mine[1]!.id}/read`,
          headers: { cookie: user.cookie },
          payload: {},
        })
      ).statusCode,
    ).toBe(204);
    expect((await list(user.cookie)).map((n) => n.isRead)).toEqual([false, true, false]);

    const all = await t.app.inject({
      method: 'PATCH',
      url: '/api/notifications/read-all',
      headers: { cookie: user.cookie },
      payload: {},
    });
    expect(all.json()).toEqual({ updated: 2 });
    expect((await list(user.cookie)).every((n) => n.isRead)).toBe(true);
    expect((await list(other.cookie))[0]!.isRead).toBe(false);
    expect((await t.app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('refuses an action URL that leaves the site', async () => {
    const user = await registerUser(t.app);
    await expect(
      notify(t.ctx, t.database.db, {
        userId: user.id,
        type: 'other',
        title: 't',
        message: 'm',
        actionUrl: '//evil.example',
      }),
    ).rejects.toThrow();
  });

  it('alerts on a sign-in from a new device but not from the one the account was made on', async () => {
    const user = await registerUser(t.app);
    const login = (userAgent?: string) =>
      asUser(t.app, null, userAgent ? { 'user-agent': userAgent } : {}).post('/api/auth/login', {
        email: user.email,
        password: user.password,
      });
    await login();
    expect(await list(user.cookie)).toEqual([]);
    const phone = await login(
      'Mozilla/5.0 (Linux; Android 15) AppleWebKit/537.36 Chrome/156.0 Mobile Safari/537.36',
    );
    const alerts = await list(`sid=${phone.cookies.find((c) => c.name === 'sid')!.value}`);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ type: 'security_alert', priority: 'high', title: 'New sign-in' });
  });

  it('alerts the owner when repeated failed sign-ins get blocked', async () => {
    const user = await registerUser(t.app);
    for (let i = 0; i < 3; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'wrong password' },
      });
    }
    const rows = await t.database.db
      .select()
      .from(notificationsTable)
      .where(eq(notificationsTable.userId, user.id));
    expect(rows.map((r) => [r.title, r.priority])).toEqual([['Repeated failed sign-ins', 'urgent']]);
  });
});
