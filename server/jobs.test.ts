import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits, sessions } from './db/schema/index.js';
import { authModule } from './modules/auth/auth.module.js';
import { rateLimitsModule } from './modules/rate-limits/rate-limits.module.js';
import { SCHEDULES } from './modules.js';
import { createTestApp, registerUser, type TestApp } from './test/helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true });
});
afterAll(() => t.close());

async function until(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('background jobs', () => {
  it('schedules the maintenance jobs in the queue', async () => {
    expect((await t.ctx.queue.schedules()).sort()).toEqual(Object.values(SCHEDULES).sort());
  });

  it('purges expired and idle sessions through the queue, keeping live ones', async () => {
    const live = await registerUser(t.app);
    const idle = await registerUser(t.app);
    const old = await registerUser(t.app);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessions.userId, idle.id));
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.userId, old.id));
    await t.database.db
      .insert(rateLimits)
      .values({ key: 'stale', count: 3, resetAt: new Date(Date.now() - 1_000) });

    await t.ctx.queue.send(authModule.schedules.purgeSessions, {});
    await t.ctx.queue.send(rateLimitsModule.schedules.purgeRateLimits, {});
    await until(async () => (await t.database.db.select().from(sessions)).length === 1);
    await until(
      async () =>
        (await t.database.db.select().from(rateLimits).where(eq(rateLimits.key, 'stale'))).length === 0,
    );
    // The registrations' own window is still open and stays.
    expect(await t.database.db.select().from(rateLimits)).toHaveLength(1);
    const [left] = await t.database.db.select().from(sessions);
    expect(left!.userId).toBe(live.id);
  });
});
