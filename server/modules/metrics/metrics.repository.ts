import { count, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';

export interface QueueStats {
  queue: string;
  /** Jobs waiting to be claimed (created or up for a retry). */
  waiting: number;
  active: number;
  /** Failed jobs pg-boss still keeps in its job table (it archives them after its retention). */
  failed: number;
  /** Seconds since the oldest job that is due (its start time has come) was created; 0 when none waits. */
  oldestWaitingSeconds: number;
}

/** Per queue, from pg-boss's own tables (schema `pgboss`); none while pg-boss has not created them yet. */
export async function queueStats(db: DbOrTx): Promise<QueueStats[]> {
  const exists = await db.execute<{ present: boolean }>(
    sql`select to_regclass('pgboss.job') is not null and to_regclass('pgboss.queue') is not null as present`,
  );
  if (!exists.rows[0]?.present) return [];
  const result = await db.execute<{
    queue: string;
    waiting: number;
    active: number;
    failed: number;
    oldest: number | string | null;
  }>(sql`
    select q.name as queue,
      count(j.id) filter (where j.state in ('created', 'retry'))::int as waiting,
      count(j.id) filter (where j.state = 'active')::int as active,
      count(j.id) filter (where j.state = 'failed')::int as failed,
      extract(epoch from now() - min(j.created_on) filter (
        where j.state in ('created', 'retry') and j.start_after <= now()
      )) as oldest
    from pgboss.queue q
    left join pgboss.job j on j.name = q.name
    group by q.name
    order by q.name`);
  return result.rows.map((row) => ({
    queue: row.queue,
    waiting: row.waiting,
    active: row.active,
    failed: row.failed,
    oldestWaitingSeconds: row.oldest === null ? 0 : Math.max(0, Number(row.oldest)),
  }));
}

/** The mail outbox's messages by status. */
export async function outboxByStatus(db: DbOrTx): Promise<{ status: string; count: number }[]> {
  return db.select({ status: mailOutbox.status, count: count() }).from(mailOutbox).groupBy(mailOutbox.status);
}
