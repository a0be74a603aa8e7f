import pg from 'pg';
import type { Db, JobInsert, PgBoss } from 'pg-boss';

/**
 * The move from pg-boss 10 to 12 (decision 034). pg-boss 10 keeps schema version 24; pg-boss 11 and 12 migrate
 * only from 25 on and leave the move of a 10 schema's jobs to the application. So a database made before the move
 * has its `pgboss` schema set aside as `pgboss_v10` before pg-boss starts (which then installs a new `pgboss`), and
 * its unfinished jobs are moved into the new schema in one transaction that drops the old one: each job is in
 * exactly one of the two schemas at every moment, a crash between the steps leaves the old schema for the next
 * start to finish, and instances starting together take turns through an advisory lock.
 *
 * Finished jobs (completed, failed, cancelled) are history pg-boss would delete after its retention anyway; they
 * go with the old schema. Schedules are not moved: every start declares its schedules again.
 */

/** The schema version pg-boss 10 writes; anything below 25 is a schema pg-boss 12 cannot migrate. */
const LAST_UNMIGRATABLE_VERSION = 24;
const OLD_SCHEMA = 'pgboss_v10';
/** Taken by every step of the move, so that two instances never both rename or both move. */
const UPGRADE_LOCK = 'select pg_advisory_xact_lock(hashtext($1))';
const LOCK_KEY = 'intel-portal:pg-boss-10-upgrade';

interface OldJob {
  id: string;
  name: string;
  priority: number;
  data: object | null;
  retry_limit: number;
  retry_count: number;
  retry_delay: number;
  retry_backoff: boolean;
  start_after: Date;
  started_on: Date | null;
  singleton_key: string | null;
  expire_seconds: number;
}

async function inTransaction<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'queue-upgrade' });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(UPGRADE_LOCK, [LOCK_KEY]);
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** Renames a pg-boss 10 `pgboss` schema to `pgboss_v10`; true when an old schema is there to move afterwards. */
export async function setAsideOldQueueSchema(url: string): Promise<boolean> {
  return inTransaction(url, async (client) => {
    const { rows } = await client.query<{ installed: boolean; aside: boolean }>(
      `select to_regclass('pgboss.version') is not null as installed, to_regnamespace($1) is not null as aside`,
      [OLD_SCHEMA],
    );
    const { installed, aside } = rows[0]!;
    const version = installed
      ? ((await client.query<{ version: number }>('select version from pgboss.version limit 1')).rows[0]
          ?.version ?? null)
      : null;
    if (version !== null && version <= LAST_UNMIGRATABLE_VERSION) {
      await client.query(`alter schema pgboss rename to ${OLD_SCHEMA}`);
      return true;
    }
    return aside;
  });
}

/**
 * Moves the old schema's unfinished jobs into the running pg-boss 12 (same ids, data, retry settings, tries so
 * far and start times) and drops the old schema. `createQueue` makes each job's queue first (outside the
 * transaction: pg-boss creates a queue's partition with DDL of its own). Returns how many jobs moved.
 */
export async function moveOldQueueJobs(
  url: string,
  boss: PgBoss,
  createQueue: (name: string) => Promise<void>,
): Promise<number> {
  const names = await inTransaction(url, async (client) => {
    if (!(await oldSchemaPresent(client))) return [];
    const { rows } = await client.query<{ name: string }>(
      `select distinct name from ${OLD_SCHEMA}.job where state in ('created', 'retry', 'active') order by name`,
    );
    return rows.map((row) => row.name);
  });
  for (const name of names) await createQueue(name);

  return inTransaction(url, async (client) => {
    if (!(await oldSchemaPresent(client))) return 0;
    const { rows } = await client.query<OldJob>(
      `select id, name, priority, data, retry_limit, retry_count, retry_delay, retry_backoff, start_after,
              started_on, singleton_key, greatest(1, extract(epoch from expire_in))::int as expire_seconds
         from ${OLD_SCHEMA}.job
        where state in ('created', 'retry', 'active')
        order by created_on, id`,
    );
    const db: Db = { executeSql: (text, values) => client.query(text, values) };
    const byQueue = Map.groupBy(rows, (job) => job.name);
    for (const [name, jobs] of byQueue) {
      await boss.insert(name, jobs.map(toInsert), { db });
    }
    // The tries a job already had, which insert() does not take: a job that was tried before is claimed next as
    // its next try (pg-boss counts a try when it claims a job that started before), as it would have been.
    await client.query(
      `update pgboss.job j set retry_count = o.retry_count, started_on = o.started_on
         from ${OLD_SCHEMA}.job o
        where j.name = o.name and j.id = o.id and (o.retry_count > 0 or o.started_on is not null)
          and o.state in ('created', 'retry', 'active')`,
    );
    await client.query(`drop schema ${OLD_SCHEMA} cascade`);
    return rows.length;
  });
}

async function oldSchemaPresent(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ present: boolean }>(
    'select to_regnamespace($1) is not null as present',
    [OLD_SCHEMA],
  );
  return rows[0]!.present;
}

function toInsert(job: OldJob): JobInsert {
  return {
    id: job.id,
    data: job.data ?? {},
    priority: job.priority,
    retryLimit: job.retry_limit,
    retryDelay: job.retry_delay,
    retryBackoff: job.retry_backoff,
    startAfter: job.start_after,
    expireInSeconds: job.expire_seconds,
    ...(job.singleton_key ? { singletonKey: job.singleton_key } : {}),
  };
}
