import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
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
    const queue = new JobQueue(database.url, { maintenanceIntervalSeconds: 1 });
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
