import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';

/**
 * Preloaded into the server by `npm run soak` (`node --expose-gc --import tsx --import ./bench/soak-probe.ts
 * dist/server/main.js`): every `SOAK_SAMPLE_MS` (60 s) it sends the soak its process figures over the IPC channel:
 * RSS and heap used (after a full collection, so a leak shows as a rising floor rather than as garbage waiting to be
 * collected), the event loop's delay p99 and max over the interval, and the `pg` pools' waits: how many checkouts
 * found every connection busy (they queued) and the most callers seen queued at once (sampled every 250 ms).
 * It changes nothing in the server; without an IPC channel it does nothing.
 */
const SAMPLE_MS = Number(process.env.SOAK_SAMPLE_MS ?? 60_000);

interface PoolInternals {
  idleCount: number;
  totalCount: number;
  waitingCount: number;
  options: { max: number };
}

if (process.send) {
  const pools = new Set<PoolInternals>();
  let waits = 0;
  let waitingMax = 0;
  const prototype = pg.Pool.prototype as unknown as { connect: (...args: unknown[]) => unknown };
  const connect = prototype.connect;
  prototype.connect = function (this: PoolInternals, ...args: unknown[]) {
    pools.add(this);
    if (this.idleCount === 0 && this.totalCount >= this.options.max) waits += 1;
    return connect.apply(this, args);
  };

  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const gc = (globalThis as { gc?: () => void }).gc;

  setInterval(() => {
    let waiting = 0;
    for (const pool of pools) waiting += pool.waitingCount;
    waitingMax = Math.max(waitingMax, waiting);
  }, 250).unref();

  setInterval(() => {
    gc?.();
    const memory = process.memoryUsage();
    let connections = 0;
    for (const pool of pools) connections += pool.totalCount;
    process.send?.({
      kind: 'soak-sample',
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      collected: gc !== undefined,
      loopDelayP99Ms: delay.percentile(99) / 1e6,
      loopDelayMaxMs: delay.max / 1e6,
      poolWaits: waits,
      poolWaitingMax: waitingMax,
      poolConnections: connections,
      pools: pools.size,
    });
    delay.reset();
    waits = 0;
    waitingMax = 0;
  }, SAMPLE_MS).unref();
}
