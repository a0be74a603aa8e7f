import { sql, type SQL } from 'drizzle-orm';
import { PgBoss, type Db, type SendOptions as BossSendOptions } from 'pg-boss';
import type { z } from 'zod';
import type { AppConfig } from '../config/env.js';
import type { DbOrTx } from '../db/client.js';
import { JOB_HEARTBEAT_SECONDS, type JobSpec, type RetryPolicy } from './job.js';
import { moveOldQueueJobs, setAsideOldQueueSchema } from './queue-upgrade.js';
import { takeTraceContext, tracing, withTraceContext } from './tracing.js';

export interface QueueLogger {
  error(obj: object, message: string): void;
  warn(obj: object, message: string): void;
  info(obj: object, message: string): void;
}

/** One claimed job: its id and how many times it was tried before. */
export interface ClaimedJob {
  id: string;
  retryCount: number;
}

/** Runs one job's payload, already parsed by its definition's schema. */
export type JobHandler<T> = (data: T, job: ClaimedJob) => Promise<void>;

/** What a sender may choose per job; the retries come from the job's definition. */
export type SendOptions = Pick<BossSendOptions, 'startAfter' | 'singletonKey'> & {
  /** Writes the job with this transaction: it exists if and only if the change that caused it commits. */
  tx?: DbOrTx;
};

export interface JobQueueOptions {
  /**
   * How often an idle worker looks for jobs while pg-boss's LISTEN connection is down (pg-boss allows 0.5 s at
   * least); with it up, a new job wakes the workers of its queue at once.
   */
  pollingIntervalSeconds?: number;
  /**
   * How often an idle worker looks for jobs while the LISTEN connection is up: for the jobs that become due without
   * a notification (a retry's delay or a `startAfter` passed, a try expired).
   */
  notifiedPollingIntervalSeconds?: number;
  /**
   * How often one instance (pg-boss takes turns) looks for jobs whose try outlived its `expireInSeconds` - a try
   * that was running when its process was killed - and retries them. 30 s by default: pg-boss 12's own 60 s would
   * add up to a minute to that expiry, and the check is one indexed update.
   */
  expiryCheckIntervalSeconds?: number;
  logger?: QueueLogger;
  /** The app's configuration, for the jobs whose retry policy is a function of it (mail's). */
  config?: AppConfig;
}

const silent: QueueLogger = { error: () => {}, warn: () => {}, info: () => {} };

/** The backstop poll of an idle worker while notifications arrive (`notifiedPollingIntervalSeconds`). */
const NOTIFIED_POLL_SECONDS = 10;

/**
 * The job queue (pg-boss, decision 009): jobs live in PostgreSQL (schema `pgboss`) and are claimed with
 * SKIP LOCKED, so any number of app instances share the work and each job runs once.
 *
 * Requests send jobs through `ctx.queue`; the queue connects on first use, so a process that never sends (a
 * script, most tests) never opens it. Workers are attached by `startJobs` in the server process. A new job wakes the
 * idle workers of its queue in every instance at once: each queue is created with pg-boss's `notify`, so the
 * statement that writes a job also sends a PostgreSQL notification (at its transaction's commit), which each
 * instance's pg-boss hears on a LISTEN connection of its own. Idle workers poll only as a backstop, every
 * NOTIFIED_POLL_SECONDS, for the jobs that become due without a notification (decision 047).
 */
export class JobQueue {
  private readonly boss: PgBoss | null;
  private starting: Promise<void> | null = null;
  private stopped = false;
  private readonly queues = new Map<string, Promise<void>>();
  private creating: Promise<void> = Promise.resolve();
  private readonly polling: { pollingIntervalSeconds: number; notifyPollingIntervalSeconds: number };
  private readonly logger: QueueLogger;
  private readonly config: AppConfig | undefined;

  constructor(
    private readonly url: string | null,
    options: JobQueueOptions = {},
  ) {
    const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
    // pg-boss refuses a backstop shorter than the poll without notifications.
    const notifyPollingIntervalSeconds = Math.max(
      options.notifiedPollingIntervalSeconds ?? NOTIFIED_POLL_SECONDS,
      pollingIntervalSeconds,
    );
    this.polling = { pollingIntervalSeconds, notifyPollingIntervalSeconds };
    this.config = options.config;
    const logger = (this.logger = options.logger ?? silent);
    this.boss = url
      ? new PgBoss({
          connectionString: url,
          max: 4,
          application_name: 'queue',
          // One more connection, held for LISTEN: new jobs wake the workers (each queue is created with `notify`).
          useListenNotify: true,
          // No row in pg-boss's instance registry: nothing reads it (`getInstances`), and the vitals its heartbeat
          // records sample the event loop every 20 ms, fifty wake-ups a second of an idle instance (decision 047).
          registerInstance: false,
          // pg-boss 12 expires tries in its monitor pass, which runs when both timers have come round.
          superviseIntervalSeconds: options.expiryCheckIntervalSeconds ?? 30,
          monitorIntervalSeconds: options.expiryCheckIntervalSeconds ?? 30,
        })
      : null;
    this.boss?.on('error', (err) => logger.error({ err }, 'job queue error'));
    // What pg-boss warns of: a handler still running past its expiry (its job failed), the LISTEN connection lost
    // (polling only until it is back), a slow statement, a queue grown large.
    this.boss?.on('warning', ({ message, data }) => logger.warn({ data }, `job queue: ${message}`));
  }

  /**
   * Connects (creating pg-boss's schema if needed, and moving a pg-boss 10 schema's jobs into it: decision 034).
   * Idempotent; `send` and `work` call it.
   */
  start(): Promise<void> {
    if (!this.boss || !this.url) return Promise.reject(new Error('the job queue needs a database URL'));
    if (this.stopped) return Promise.reject(new Error('the job queue is stopped'));
    const [boss, url] = [this.boss, this.url];
    this.starting ??= (async () => {
      const oldSchema = await setAsideOldQueueSchema(url);
      await boss.start();
      if (!oldSchema) return;
      const moved = await moveOldQueueJobs(url, boss, (name) => createQueue(boss, name));
      this.logger.info({ moved }, 'job queue: moved the unfinished jobs of the pg-boss 10 schema');
    })();
    return this.starting;
  }

  /**
   * Queues a `job` with `data` and returns its id. The data must match the job's payload schema (a mismatch is a
   * programmer's error and throws); the retries are the job's own. With `tx`, the job is written by that
   * transaction: it exists if and only if the change that caused it commits (decision 006).
   */
  async send<S extends z.ZodType>(
    job: JobSpec<S>,
    data: NoInfer<z.input<S>>,
    options: SendOptions = {},
  ): Promise<string> {
    const { name } = job;
    const parsed = job.payload.safeParse(data);
    if (!parsed.success)
      throw new Error(`job ${name}: the payload does not match its schema: ${parsed.error.message}`);
    const { tx, ...sendOptions } = options;
    const boss = await this.ready(name);
    const jobOptions = { heartbeatSeconds: JOB_HEARTBEAT_SECONDS, ...this.retryOf(job), ...sendOptions };
    const id = await boss.send(
      name,
      // With tracing on, the job carries the context of the request that queued it (its worker continues it).
      withTraceContext(parsed.data) as object,
      tx ? { ...jobOptions, db: executorOf(tx) } : jobOptions,
    );
    if (!id) throw new Error(`queue ${name} refused a job`);
    return id;
  }

  /**
   * Runs `handler` for each job of `job`'s queue, one at a time per worker (the definition's `concurrency` workers
   * in this process), with the data parsed by the job's payload schema. A throw fails the try (and retries it if
   * allowed); so does data that does not match the schema (a job written by hand or by an older release), which is
   * logged and leaves the worker running. A worker that found a job looks for the next one at once: only an idle
   * worker waits for its poll, so a backlog drains as fast as the handlers go.
   */
  async work<S extends z.ZodType>(job: JobSpec<S>, handler: JobHandler<z.output<S>>): Promise<void> {
    const { name } = job;
    const boss = await this.ready(name);
    for (let i = 0; i < (job.concurrency ?? 1); i++) {
      let workerId = '';
      workerId = await boss.work(name, { batchSize: 1, ...this.polling }, async ([claimed]) => {
        if (!claimed) return;
        try {
          const { data, carrier } = takeTraceContext(claimed.data);
          const parsed = job.payload.safeParse(data);
          if (!parsed.success) {
            this.logger.error(
              { queue: name, jobId: claimed.id, issues: parsed.error.issues },
              'job payload does not match its schema; the job fails',
            );
            throw new Error(`job ${name} ${claimed.id}: the payload does not match its schema`);
          }
          const run = { id: claimed.id, retryCount: claimed.retryCount };
          await tracing().withinJob(`job ${name}`, carrier, () => handler(parsed.data, run));
        } finally {
          if (workerId) boss.notifyWorker(workerId);
        }
      });
    }
  }

  /** Sends a `job` on its `cron` (UTC) from whichever instance's clock fires first, and runs it with `handler`. */
  async schedule<S extends z.ZodType>(
    job: JobSpec<S> & { cron: string },
    handler: JobHandler<z.output<S>>,
  ): Promise<void> {
    const boss = await this.ready(job.name);
    await boss.schedule(job.name, job.cron);
    await this.work(job, handler);
  }

  /** The schedules stored in the queue (for tests and diagnostics). */
  async schedules(): Promise<string[]> {
    await this.start();
    return (await this.boss!.getSchedules()).map((s) => s.name);
  }

  /** Lets running jobs finish (up to `timeoutMs`) and disconnects. Safe to call when never started. */
  async stop(timeoutMs = 5_000): Promise<void> {
    this.stopped = true;
    if (!this.starting || !this.boss) return;
    await this.starting.catch(() => undefined);
    await this.boss.stop({ graceful: true, timeout: timeoutMs });
  }

  private retryOf(job: JobSpec): RetryPolicy {
    if (typeof job.retry !== 'function') return job.retry ?? {};
    if (!this.config) throw new Error(`job ${job.name}: its retry policy needs the queue's config option`);
    return job.retry(this.config);
  }

  private async ready(name: string): Promise<PgBoss> {
    await this.start();
    const boss = this.boss!;
    let created = this.queues.get(name);
    if (!created) {
      // One creation at a time per instance: concurrent ones deadlock each other as two instances' do.
      created = this.creating.then(() => createQueue(boss, name));
      this.creating = created.catch(() => undefined);
      this.queues.set(name, created);
      created.catch(() => this.queues.delete(name));
    }
    await created;
    return boss;
  }
}

/** PostgreSQL's code for a transaction it cancelled to break a deadlock. */
const DEADLOCK_DETECTED = '40P01';
const CREATE_ATTEMPTS = 10;

/**
 * Creates a queue unless it exists. pg-boss makes a new queue's partition of its job table with DDL that locks the
 * job and queue tables in its own order, so two creations at once deadlocked, and PostgreSQL cancelled one: an
 * instance starting beside another on a fresh database, or in a deploy that adds a queue, failed to start. Each
 * instance creates one queue at a time (`ready`), and creating is idempotent, so a cancelled creation tries again
 * after a short random pause.
 */
async function createQueue(boss: PgBoss, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(name, { notify: true });
      // A queue made by an earlier release (without `notify`) keeps its options: switched on here.
      if ((await boss.getQueue(name))?.notify === false) await boss.updateQueue(name, { notify: true });
      return;
    } catch (error) {
      if (attempt >= CREATE_ATTEMPTS || (error as { code?: unknown }).code !== DEADLOCK_DETECTED) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * attempt));
    }
  }
}

/** pg-boss's statements ($1, $2, ...) run on a Drizzle transaction's connection. */
function executorOf(db: DbOrTx): Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((part, index) => {
        chunks.push(index % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`);
      });
      const result = await db.execute(sql.join(chunks));
      return { rows: result.rows };
    },
  };
}
