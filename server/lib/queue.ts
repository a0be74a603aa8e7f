import PgBoss from 'pg-boss';

export type Queue = PgBoss;

export interface QueueLogger {
  error(obj: object, message: string): void;
}

/**
 * The job queue (pg-boss, design section 1): jobs live in PostgreSQL (schema `pgboss`) and are claimed with
 * SKIP LOCKED, so any number of app instances share the work and each job runs once.
 */
export async function startQueue(url: string, logger: QueueLogger): Promise<Queue> {
  const boss = new PgBoss({ connectionString: url, max: 4, application_name: 'queue' });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  await boss.start();
  return boss;
}

/** Creates the queue, schedules it with `cron` (UTC) and attaches `handler`. Idempotent across instances. */
export async function scheduleJob(queue: Queue, name: string, cron: string, handler: () => Promise<unknown>) {
  await queue.createQueue(name);
  await queue.schedule(name, cron);
  await queue.work(name, async () => {
    await handler();
  });
}
