import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import PgBoss10 from 'pg-boss-10';
import { createTestDatabase } from '../test/helpers.js';
import { JobQueue } from './queue.js';

describe('the job queue', () => {
  it('lets two instances that start at once create the same new queues, and shares their jobs', async () => {
    const database = await createTestDatabase();
    const instances = [new JobQueue(database.url), new JobQueue(database.url)];
    try {
      // New queues, created by both instances at the same moment: pg-boss's DDL deadlocked them before.
      const names = Array.from({ length: 12 }, (_, i) => `start-together-${i}`);
      const ran: string[] = [];
      await Promise.all(
        instances.flatMap((queue) =>
          names.map((name) =>
            queue.work<{ name: string }>(name, async (job) => {
              ran.push(job.data.name);
            }),
          ),
        ),
      );
      await Promise.all(names.map((name) => instances[0]!.send(name, { name })));
      const deadline = Date.now() + 10_000;
      while (ran.length < names.length && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ran.sort()).toEqual([...names].sort());
    } finally {
      await Promise.all(instances.map((queue) => queue.stop(0)));
      await database.close();
    }
  });

  it('runs again a job whose try was cut short by a crash, once its expiry has passed', async () => {
    const database = await createTestDatabase();
    const queue = new JobQueue(database.url, { expiryCheckIntervalSeconds: 1 });
    try {
      const id = await queue.send(
        'crashed-try',
        { n: 1 },
        { retryLimit: 1, retryDelay: 1, expireInSeconds: 1 },
      );
      // As a worker of a killed process leaves it: claimed (active) and never finished.
      await database.db.execute(
        sql`update pgboss.job set state = 'active', started_on = now() - interval '1 minute' where id = ${id}`,
      );
      const ran: { id: string; retryCount: number }[] = [];
      await queue.work('crashed-try', async (job) => {
        ran.push({ id: job.id, retryCount: job.retryCount });
      });
      const deadline = Date.now() + 15_000;
      while (ran.length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(ran).toEqual([{ id, retryCount: 1 }]);
    } finally {
      await queue.stop(0);
      await database.close();
    }
  });
});

describe('the move from pg-boss 10', () => {
  /** A database as the release before pg-boss 12 left it: pg-boss 10's schema, with jobs in each unfinished state. */
  async function databaseOfPgBoss10() {
    const database = await createTestDatabase();
    await database.db.execute(sql`drop schema pgboss cascade`);
    const old = new PgBoss10({ connectionString: database.url, schedule: false, supervise: false });
    await old.start();
    await old.createQueue('mail.send');
    await old.createQueue('reports.render');
    const waiting = (await old.send('mail.send', { outboxId: 1 }, { retryLimit: 7, expireInSeconds: 120 }))!;
    const later = (await old.send('mail.send', { outboxId: 2 }, { startAfter: 3600, retryLimit: 7 }))!;
    const retried = (await old.send('reports.render', { reportId: 'r1' }, { retryLimit: 3, retryDelay: 1 }))!;
    const done = (await old.send('reports.render', { reportId: 'r0' }))!;
    // One try of `retried` failed and `done` finished, by pg-boss 10 itself.
    const claimed = await old.fetch<{ reportId: string }>('reports.render', { batchSize: 2 });
    expect(claimed?.map((job) => job.id).sort()).toEqual([retried, done].sort());
    await old.fail('reports.render', retried, { message: 'the renderer crashed' });
    await old.complete('reports.render', done);
    await old.stop({ graceful: false, wait: true });
    const { rows } = await database.db.execute<{ version: number }>(sql`select version from pgboss.version`);
    expect(rows[0]!.version).toBe(24);
    return { database, ids: { waiting, later, retried, done } };
  }

  it('moves every unfinished job into the new schema, keeping its id, data, start time and tries', async () => {
    const { database, ids } = await databaseOfPgBoss10();
    const queue = new JobQueue(database.url);
    try {
      const ran: { name: string; id: string; data: unknown; retryCount: number }[] = [];
      for (const name of ['mail.send', 'reports.render'])
        await queue.work(name, async (job) => {
          ran.push({ name, id: job.id, data: job.data, retryCount: job.retryCount });
        });
      const deadline = Date.now() + 15_000;
      while (ran.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ran.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
        { name: 'mail.send', id: ids.waiting, data: { outboxId: 1 }, retryCount: 0 },
        // Its second try: pg-boss counts the one it had under pg-boss 10.
        { name: 'reports.render', id: ids.retried, data: { reportId: 'r1' }, retryCount: 1 },
      ]);
      const { rows } = await database.db.execute<{
        id: string;
        state: string;
        retry_limit: number;
        late: boolean;
      }>(
        sql`select id, state, retry_limit, start_after > now() + interval '50 minutes' as late
              from pgboss.job where name in ('mail.send', 'reports.render') order by created_on`,
      );
      expect(rows.find((row) => row.id === ids.later)).toMatchObject({
        state: 'created',
        retry_limit: 7,
        late: true,
      });
      // A finished job is history and stays behind with the old schema, which is gone.
      expect(rows.some((row) => row.id === ids.done)).toBe(false);
      const { rows: schemas } = await database.db.execute(
        sql`select 1 from pg_namespace where nspname = 'pgboss_v10'`,
      );
      expect(schemas).toEqual([]);
    } finally {
      await queue.stop(0);
      await database.close();
    }
  });

  it('moves the jobs once when two instances start on the old schema at the same moment', async () => {
    const { database } = await databaseOfPgBoss10();
    const instances = [new JobQueue(database.url), new JobQueue(database.url)];
    try {
      await Promise.all(instances.map((queue) => queue.start()));
      const { rows } = await database.db.execute<{ name: string; jobs: number }>(
        sql`select name, count(*)::int as jobs from pgboss.job group by name order by name`,
      );
      expect(rows).toEqual([
        { name: 'mail.send', jobs: 2 },
        { name: 'reports.render', jobs: 1 },
      ]);
    } finally {
      await Promise.all(instances.map((queue) => queue.stop(0)));
      await database.close();
    }
  });
});
