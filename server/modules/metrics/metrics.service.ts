import type pg from 'pg';
import { Gauge, type Registry } from 'prom-client';
import type { AppContext } from '../../infra/context.js';
import * as repository from './metrics.repository.js';

/** How long one scrape's database reads are shared by the gauges that show them. */
const SCRAPE_MEMO_MS = 1_000;
/** A change-feed round trip slower than this is reported as this (and the feed is then in trouble anyway). */
const FEED_PROBE_TIMEOUT_MS = 2_000;

/** One load per scrape however many gauges read it: prom-client collects all of a registry's metrics at once. */
function perScrape<T>(load: () => Promise<T>): () => Promise<T> {
  let cached: { at: number; value: Promise<T> } | null = null;
  return () => {
    const now = Date.now();
    if (!cached || now - cached.at > SCRAPE_MEMO_MS) {
      const value = load();
      cached = { at: now, value };
      value.catch(() => (cached = null));
    }
    return cached.value;
  };
}

/** Seconds for a marker of ours to come back through the change feed (design: the caches' coherence delay). */
async function feedRoundTrip(ctx: AppContext): Promise<number> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, FEED_PROBE_TIMEOUT_MS)));
  try {
    await Promise.race([ctx.changes.settled(), timeout]);
  } finally {
    clearTimeout(timer);
  }
  return (performance.now() - started) / 1000;
}

/**
 * The scrape-time gauges (issue 21 point 1): the database pool, the job queues, the mail outbox and the change
 * feed. Nothing here runs per request: each value is read when Prometheus asks.
 */
export function registerCollectors(registry: Registry, ctx: AppContext, pool: pg.Pool): void {
  const registers = [registry];

  new Gauge({
    name: 'db_pool_connections',
    help: 'Connections the database pool holds (in use or idle)',
    registers,
    collect() {
      this.set(pool.totalCount);
    },
  });
  new Gauge({
    name: 'db_pool_idle_connections',
    help: 'Connections of the pool that wait for a query',
    registers,
    collect() {
      this.set(pool.idleCount);
    },
  });
  new Gauge({
    name: 'db_pool_waiting_clients',
    help: 'Queries waiting for a free connection of the pool',
    registers,
    collect() {
      this.set(pool.waitingCount);
    },
  });

  const queues = perScrape(() => repository.queueStats(ctx.db));
  const queueGauge = (
    name: string,
    help: string,
    pick: (stats: repository.QueueStats) => number,
  ): Gauge<'queue'> =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      registers,
      async collect() {
        const stats = await queues();
        this.reset();
        for (const entry of stats) this.set({ queue: entry.queue }, pick(entry));
      },
    });
  queueGauge(
    'job_queue_waiting_jobs',
    'Jobs waiting to be claimed (created or up for a retry), by queue',
    (s) => s.waiting,
  );
  queueGauge('job_queue_active_jobs', 'Jobs being worked on, by queue', (s) => s.active);
  queueGauge(
    'job_queue_failed_jobs',
    'Jobs that failed for good and are still kept by pg-boss (before its archiving), by queue',
    (s) => s.failed,
  );
  queueGauge(
    'job_queue_oldest_waiting_seconds',
    'Age of the oldest job that is due and not yet claimed, by queue (0 when none waits)',
    (s) => s.oldestWaitingSeconds,
  );

  new Gauge({
    name: 'mail_outbox_messages',
    help: 'Messages in the mail outbox, by status (queued, sent, failed)',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      const rows = await repository.outboxByStatus(ctx.db);
      this.reset();
      for (const status of ['queued', 'sent', 'failed']) this.set({ status }, 0);
      for (const row of rows) this.set({ status: row.status }, row.count);
    },
  });

  new Gauge({
    name: 'change_feed_live',
    help: '1 while this instance listens to the database change feed (its caches are on), else 0',
    registers,
    collect() {
      this.set(ctx.changes.live ? 1 : 0);
    },
  });
  new Gauge({
    name: 'change_feed_lag_seconds',
    help: 'Round trip of a marker through the change feed at scrape time: how late a cache hears of a change',
    registers,
    async collect() {
      this.set(ctx.changes.live ? await feedRoundTrip(ctx) : 0);
    },
  });
}
