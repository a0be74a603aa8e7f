import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, expectTypeOf, it } from 'vitest';
import PgBoss10 from 'pg-boss-10';
import { z } from 'zod';
import { createTestDatabase } from '../test/helpers.js';
import { JOB_HEARTBEAT_SECONDS, type JobSpec } from './job.js';
import { JobQueue, type QueueLogger } from './queue.js';

/** A job of queue `name` whose payload is `{ name }`. */
const named = (name: string) => ({ name, payload: z.object({ name: z.string() }) });
/** A job of queue `name` whose payload is `{ n }`. */
const numbered = (name: string) => ({ name, payload: z.object({ n: z.number() }) });

/** A queue logger that keeps what is logged at `level` and drops the rest. */
function recordingLogger(level: keyof QueueLogger) {
  const logged: { obj: object; message: string }[] = [];
  const logger: QueueLogger = { info: () => {}, warn: () => {}, error: () => {} };
  logger[level] = (obj, message) => logged.push({ obj, message });
  return { logger, logged };
}

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
            queue.work(named(name), async (data) => {
              ran.push(data.name);
            }),
          ),
        ),
      );
      await Promise.all(names.map((name) => instances[0]!.send(named(name), { name })));
      const deadline = Date.now() + 10_000;
      while (ran.length < names.length && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ran.sort()).toEqual([...names].sort());
    } finally {
      await Promise.all(instances.map((queue) => queue.stop(0)));
      await database.close();
    }
  });

  it('wakes an idle worker of another instance when a job is sent, long before its poll, and a sent-in-transaction one at the commit', async () => {
    const database = await createTestDatabase();
    // Polls a minute apart: only the notification can bring a job sooner.
    const slow = { pollingIntervalSeconds: 60, notifiedPollingIntervalSeconds: 60 };
    const [sender, worker] = [new JobQueue(database.url, slow), new JobQueue(database.url, slow)];
    try {
      const job = numbered('woken');
      const ran: number[] = [];
      await worker.work(job, async (data) => {
        ran.push(data.n);
      });
      const until = async (count: number) => {
        const deadline = Date.now() + 5_000;
        while (ran.length < count && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 20));
      };
      // The worker's first fetch, at its start, found nothing: it now waits for a notification.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await sender.send(job, { n: 1 });
      await until(1);
      expect(ran).toEqual([1]);

      await database.db.transaction(async (tx) => {
        await sender.send(job, { n: 2 }, { tx });
        await new Promise((resolve) => setTimeout(resolve, 300));
        // Not committed yet: nothing to run.
        expect(ran).toEqual([1]);
      });
      await until(2);
      expect(ran).toEqual([1, 2]);
    } finally {
      await Promise.all([sender.stop(0), worker.stop(0)]);
      await database.close();
    }
  });

  it("keeps no row in pg-boss's instance registry, whose vitals would sample the event loop every 20 ms", async () => {
    const database = await createTestDatabase();
    const queue = new JobQueue(database.url);
    try {
      await queue.work(numbered('registry'), async () => {});
      const rows = await database.db.execute<{ instances: number }>(
        sql`select count(*)::int as instances from pgboss.instance`,
      );
      expect(rows.rows[0]!.instances).toBe(0);
    } finally {
      await queue.stop(0);
      await database.close();
    }
  });

  it('switches notifications on for a queue an earlier release created without them', async () => {
    const database = await createTestDatabase();
    const queue = new JobQueue(database.url);
    try {
      await queue.start();
      // As the release before made its queues: pg-boss's own function, no `notify`.
      await database.db.execute(
        sql`select pgboss.create_queue('made-before', '{"policy":"standard"}'::jsonb)`,
      );
      const notify = async () =>
        (
          await database.db.execute<{ notify: boolean }>(
            sql`select notify from pgboss.queue where name = 'made-before'`,
          )
        ).rows[0]?.notify;
      expect(await notify()).toBe(false);
      await queue.work(numbered('made-before'), async () => {});
      expect(await notify()).toBe(true);
    } finally {
      await queue.stop(0);
      await database.close();
    }
  });

  /**
   * Sends a job, leaves it as a killed process's worker would (`crash` sets its row), then starts a worker: the
   * tries it runs, within 15 s.
   */
  async function afterCrash(
    name: string,
    expireInSeconds: number,
    crash: (id: string) => SQL,
    sent: (row: { heartbeat_seconds: number | null }) => void = () => {},
  ) {
    const database = await createTestDatabase();
    const queue = new JobQueue(database.url, {
      expiryCheckIntervalSeconds: 1,
      pollingIntervalSeconds: 1,
      notifiedPollingIntervalSeconds: 1,
    });
    try {
      const job = { ...numbered(name), retry: { retryLimit: 1, retryDelay: 1, expireInSeconds } };
      const id = await queue.send(job, { n: 1 });
      const { rows } = await database.db.execute<{ heartbeat_seconds: number | null }>(
        sql`select heartbeat_seconds from pgboss.job where id = ${id}`,
      );
      sent(rows[0]!);
      await database.db.execute(crash(id));
      const ran: { id: string; retryCount: number }[] = [];
      await queue.work(job, async (_data, run) => {
        ran.push({ id: run.id, retryCount: run.retryCount });
      });
      const deadline = Date.now() + 15_000;
      while (ran.length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      return { id, ran };
    } finally {
      await queue.stop(0);
      await database.close();
    }
  }

  it('runs again a job whose try was cut short by a crash, once its expiry has passed', async () => {
    // Claimed (active) and never finished; never claimed with a heartbeat either.
    const { id, ran } = await afterCrash(
      'crashed-try',
      1,
      (id) =>
        sql`update pgboss.job set state = 'active', started_on = now() - interval '1 minute' where id = ${id}`,
    );
    expect(ran).toEqual([{ id, retryCount: 1 }]);
  });

  it('runs again, long before its expiry, a job whose worker fell silent (the process died)', async () => {
    // Its expiry is an hour away: only the lost heartbeat, a minute old, can bring the try back.
    const { id, ran } = await afterCrash(
      'silent-try',
      3600,
      (id) => sql`update pgboss.job set state = 'active', started_on = now() - interval '1 minute',
              heartbeat_on = now() - interval '1 minute' where id = ${id}`,
      (row) => expect(row.heartbeat_seconds).toBe(JOB_HEARTBEAT_SECONDS),
    );
    expect(ran).toEqual([{ id, retryCount: 1 }]);
  });
});

describe('jobs typed by their definition', () => {
  it('takes only the payload its definition declares (a type-level check)', () => {
    const queue = new JobQueue(null);
    const job = named('typed');
    expectTypeOf(queue.send<typeof job.payload>)
      .parameter(1)
      .toEqualTypeOf<{ name: string }>();
    // Never called: the lines below only have to compile, or fail to.
    const _typed = () => {
      void queue.send(job, { name: 'ok' });
      // @ts-expect-error a payload of another shape does not compile
      void queue.send(job, { name: 1 });
      // @ts-expect-error nor does a missing one
      void queue.send(job, {});
      void queue.work(job, async (data) => {
        expectTypeOf(data).toEqualTypeOf<{ name: string }>();
      });
    };
  });

  it('refuses to send a payload its schema rejects, and queues nothing', async () => {
    const database = await createTestDatabase();
    const queue = new JobQueue(database.url);
    try {
      const job = numbered('checked-on-send');
      await expect(queue.send(job, { n: 'one' } as unknown as { n: number })).rejects.toThrow(
        /checked-on-send: the payload does not match its schema/,
      );
      await queue.send(job, { n: 1 });
      const { rows } = await database.db.execute<{ data: unknown }>(
        sql`select data from pgboss.job where name = 'checked-on-send'`,
      );
      expect(rows).toEqual([{ data: { n: 1 } }]);
    } finally {
      await queue.stop(0);
      await database.close();
    }
  });

  it('fails a stored job its schema rejects, logs it, and goes on with the next', async () => {
    const database = await createTestDatabase();
    const { logger, logged: errors } = recordingLogger('error');
    const queue = new JobQueue(database.url, { logger });
    try {
      // An older release's job of the same queue, with a payload this one no longer takes.
      const before = { name: 'changed-shape', payload: z.object({ old: z.string() }) };
      const now = numbered('changed-shape');
      const malformed = await queue.send(before, { old: 'x' });
      const fine = await queue.send(now, { n: 2 });
      const ran: number[] = [];
      await queue.work(now, async (data) => {
        ran.push(data.n);
      });
      const deadline = Date.now() + 10_000;
      while (ran.length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ran).toEqual([2]);
      const { rows } = await database.db.execute<{ id: string; state: string }>(
        sql`select id, state from pgboss.job where name = 'changed-shape' order by created_on`,
      );
      expect(rows.find((row) => row.id === fine)?.state).toBe('completed');
      expect(rows.find((row) => row.id === malformed)?.state).toMatch(/^(failed|retry)$/);
      expect(errors).toContainEqual({
        obj: expect.objectContaining({ queue: 'changed-shape', jobId: malformed }),
        message: 'job payload does not match its schema; the job fails',
      });
    } finally {
      await queue.stop(0);
      await database.close();
    }
  });
});

describe("the job queue's warnings", () => {
  it('logs a handler still running past its expiry, whose job pg-boss fails', async () => {
    const database = await createTestDatabase();
    const { logger, logged: warnings } = recordingLogger('warn');
    const queue = new JobQueue(database.url, { logger, expiryCheckIntervalSeconds: 1 });
    try {
      const job = { ...numbered('overrun'), retry: { retryLimit: 0, expireInSeconds: 1 } };
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await queue.work(job, () => released);
      await queue.send(job, { n: 1 });
      const deadline = Date.now() + 15_000;
      while (warnings.length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      release();
      expect(warnings).toContainEqual({
        obj: { data: expect.objectContaining({ type: 'handler_overrun', queue: 'overrun' }) },
        message: expect.stringMatching(/^job queue: a handler on queue overrun is still running/),
      });
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
      const jobs: JobSpec[] = [
        { name: 'mail.send', payload: z.object({ outboxId: z.number() }) },
        { name: 'reports.render', payload: z.object({ reportId: z.string() }) },
      ];
      for (const spec of jobs)
        await queue.work(spec, async (data, job) => {
          ran.push({ name: spec.name, id: job.id, data, retryCount: job.retryCount });
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
