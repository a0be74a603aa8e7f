import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { sessions, users } from '../db/schema/index.js';
import { CoherentCache } from './change-feed.js';
import { createCategory, createProduct } from '../test/fixtures.js';
import {
  asUser,
  createInstanceContext,
  createTestApp,
  registerUser,
  statementsSent,
  type TestApp,
} from '../test/helpers.js';

let t: TestApp;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

describe('the change feed', () => {
  it('settles callers that wait at the same time one after another on its one connection', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      await Promise.all(Array.from({ length: 5 }, () => t.settled()));
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
  });
});

describe('caches kept coherent by the change feed', () => {
  it('serves repeated reads from memory, and sees writes made behind the app once they are announced', async () => {
    const account = await registerUser(t.app);
    const product = await createProduct(t.database.db, categoryId);
    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { cookie: account.cookie },
      payload: { productId: product.id, quantity: 2 },
    });
    // The add's own announcement arrives later still: wait for it, or it empties the cache between the reads.
    await t.settled();
    expect((await asUser(t.app, account).get('/api/cart')).json()[0].quantity).toBe(2);

    // Repeated reads are answered from memory: neither the session nor the cart is read again.
    const queries = vi.spyOn(t.database.pool, 'query');
    expect((await asUser(t.app, account).get('/api/cart')).statusCode).toBe(200);
    expect(queries).not.toHaveBeenCalled();
    queries.mockRestore();

    await t.database.db.update(users).set({ tier: 3 }).where(eq(users.id, account.id));
    await t.database.pool.query("update products set name = 'Renamed' where id = $1", [product.id]);
    await t.settled();
    expect((await asUser(t.app, account).get('/api/auth/user')).json().tier).toBe(3);
    expect((await asUser(t.app, account).get('/api/cart')).json()[0].product.name).toBe('Renamed');
  });

  it('shows a cart changed through a second instance once the announcement arrives', async () => {
    const ctx = createInstanceContext(t.database, t.config);
    const other = await buildApp({
      config: t.config,
      database: t.database,
      context: ctx,
      clientRoot: '/none',
    });
    try {
      const account = await registerUser(t.app);
      const product = await createProduct(t.database.db, categoryId);
      expect((await asUser(t.app, account).get('/api/cart')).json()).toEqual([]);
      const added = await other.inject({
        method: 'POST',
        url: '/api/cart',
        headers: { cookie: account.cookie },
        payload: { productId: product.id, quantity: 3 },
      });
      expect(added.statusCode).toBe(201);
      await t.settled();
      expect((await asUser(t.app, account).get('/api/cart')).json()[0].quantity).toBe(3);
    } finally {
      await other.close();
    }
  });

  it("shows a user's own change on their very next request, before any announcement", async () => {
    const account = await registerUser(t.app);
    const product = await createProduct(t.database.db, categoryId);
    expect((await asUser(t.app, account).get('/api/cart')).json()).toEqual([]);
    for (let round = 1; round <= 5; round++) {
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: { cookie: account.cookie },
        payload: { productId: product.id, quantity: 1 },
      });
      expect(added.statusCode).toBe(201);
      expect((await asUser(t.app, account).get('/api/cart')).json()[0].quantity).toBe(round);
    }
  });

  it('ends a session on a second instance when it is signed out on the first', async () => {
    const ctx = createInstanceContext(t.database, t.config);
    const other = await buildApp({
      config: t.config,
      database: t.database,
      context: ctx,
      clientRoot: '/none',
    });
    try {
      const account = await registerUser(t.app);
      expect((await asUser(other, account).get('/api/auth/user')).statusCode).toBe(200);
      expect((await asUser(other, account).get('/api/auth/user')).statusCode).toBe(200);

      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: account.cookie },
        payload: {},
      });
      expect(logout.statusCode).toBeLessThan(300);
      await ctx.changes.settled();
      expect((await asUser(other, account).get('/api/auth/user')).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it("reads a session whose entry is missing once for a page's parallel requests", async () => {
    const account = await registerUser(t.app);
    t.ctx.modules.auth.sessions.clear();
    const sessionReads = statementsSent('from "sessions"');
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => asUser(t.app, account).get('/api/auth/user')),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
      expect(sessionReads.count()).toBe(1);
    } finally {
      sessionReads.restore();
    }
  });

  it("loads several keys in one batch of those neither cached nor loading, each key's part shared", async () => {
    const cache = new CoherentCache<{ word: string }>(t.ctx.changes, 60_000, 10);
    const batches: string[][] = [];
    const load = async (missing: string[]) => {
      batches.push(missing);
      return missing.map((word) => ({ word }));
    };
    await cache.getMany(['a'], load);
    const loading = cache.get('b', async () => ({ word: 'b' }));
    const many = await cache.getMany(['a', 'b', 'c', 'c'], load);
    expect(many.map(({ word }) => word)).toEqual(['a', 'b', 'c', 'c']);
    expect(many[1]).toBe(await loading);
    expect(batches).toEqual([['a'], ['c']]);
    expect(cache.size).toBe(3);
  });

  it('reads through while the feed is down, and caches again once it is back', async () => {
    const ctx = createInstanceContext(t.database, t.config);
    const other = await buildApp({
      config: t.config,
      database: t.database,
      context: ctx,
      clientRoot: '/none',
    });
    try {
      const account = await registerUser(t.app);
      expect((await asUser(other, account).get('/api/auth/user')).statusCode).toBe(200);

      // Kill the feed's connection from the server side: notifications sent meanwhile would be lost.
      await t.database.pool.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'change-feed' and datname = current_database()",
      );
      await expect.poll(() => ctx.changes.live).toBe(false);
      await t.database.db.delete(sessions).where(eq(sessions.userId, account.id));
      expect((await asUser(other, account).get('/api/auth/user')).statusCode).toBe(401);

      await expect.poll(() => ctx.changes.live, { timeout: 5_000 }).toBe(true);
      const again = await registerUser(other);
      await asUser(other, again).get('/api/auth/user');
      expect(ctx.modules.auth.sessions.size).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });
});
