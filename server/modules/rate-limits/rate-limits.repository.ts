import { eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rateLimits } from '../../db/schema/index.js';

export interface WindowState {
  count: number;
  resetAt: Date;
}

/** Adds one hit to `key`'s window, starting a new window when the old one has ended. */
export async function increment(db: DbOrTx, key: string, windowMs: number): Promise<WindowState> {
  const fresh = sql`now() + make_interval(secs => ${windowMs / 1000})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: fresh })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then ${fresh} else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return row!;
}

export async function remove(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export async function removeExpired(db: DbOrTx): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(lt(rateLimits.resetAt, sql`now()`))
    .returning({ key: rateLimits.key });
  return rows.length;
}
