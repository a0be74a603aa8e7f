import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDuring } from '../bench/rolling.js';
import { ensureDebianPackage, startCluster, type Cluster } from '../scripts/cluster.js';
import { projectRoot } from '../server/lib/paths.js';
import { createStorage, type ServerStorage } from './support/server.js';

/**
 * Issue 41: two instances behind HAProxy (scripts/cluster.ts), one of them stopped with SIGTERM and started again
 * under a mixed load through the balancer (bench/rolling.ts's load): no request fails, every acknowledged order is
 * in the database, every session survives. HAProxy is Debian's, installed when missing (as root); where it cannot
 * be, the test is skipped and says why.
 */
let unavailable: string | null = null;
try {
  ensureDebianPackage('haproxy', () => {});
} catch (error) {
  unavailable = (error as Error).message;
}
if (unavailable) console.warn(`cluster test skipped: ${unavailable}`);

describe.skipIf(unavailable !== null)('two instances behind HAProxy', () => {
  let storage: ServerStorage;
  let cluster: Cluster;
  let productIds: string[];
  // A start that outlives its hook is stopped in order, not left running.
  const starting = new AbortController();

  beforeAll(async () => {
    storage = await createStorage();
    cluster = await startCluster({
      signal: starting.signal,
      instances: 2,
      dataDir: path.join(projectRoot, '.tmp', `e2e-cluster-${randomBytes(4).toString('hex')}`),
      databaseUrl: storage.databaseUrl,
      output: 'files',
      log: () => {},
      env: {
        LOG_LEVEL: 'warn',
        ...storage.secrets,
        RATE_LIMIT_GLOBAL_PER_MIN: '100000000',
        RATE_LIMIT_REGISTER_MAX: '1000',
      },
    });
    const db = new pg.Client({ connectionString: cluster.directDatabaseUrl });
    await db.connect();
    const stocked = await db.query<{ id: string }>(
      `update products set stock_count = 1000000, minimum_tier = 1
       where id in (select id from products order by slug limit 8) returning id`,
    );
    await db.end();
    productIds = stocked.rows.map((row) => row.id);
  });

  afterAll(async () => {
    starting.abort();
    await cluster?.stop();
    await storage?.dispose();
  });

  it('answers through one address, with both instances UP', async () => {
    expect([...(await cluster.serverStates()).values()]).toEqual(['UP', 'UP']);
    const ready = await fetch(`${cluster.url}/readyz`);
    expect(ready.status).toBe(200);
  });

  it('loses no request, order or session while an instance restarts under load', async () => {
    const result = await loadDuring(
      cluster,
      { rate: 25, buyers: 6, streamUsers: 2, productIds },
      async () => {
        // Some load on both instances first, then the restart; it ends once HAProxy serves the new process.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        const started = performance.now();
        const outcome = await cluster.restart(0);
        const ms = Math.round(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        return [{ name: cluster.instances[0]!.name, ...outcome, ms }];
      },
    );
    expect(result.restarts[0]).toMatchObject({ exitCode: 0 });
    expect(Object.fromEntries(result.failures)).toEqual({});
    expect(result.failed).toBe(0);
    expect(result.requests).toBeGreaterThan(50);
    expect(result.ordersAcknowledged).toBeGreaterThan(0);
    expect(result.ordersFound).toBe(result.ordersAcknowledged);
    expect(result.sessionsKept).toBe(result.sessions);
    expect([...(await cluster.serverStates()).values()]).toEqual(['UP', 'UP']);
  });
});
