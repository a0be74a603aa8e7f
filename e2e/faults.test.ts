import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  runningClusterUrl,
  startEmbeddedCluster,
  type EmbeddedCluster,
} from '../server/db/embedded.js';
import { projectRoot } from '../server/lib/paths.js';
import { startSmtpServer, type TestSmtpServer } from '../server/test/smtp.js';
import { startRoundRobin } from './support/round-robin.js';
import { createStorage, startServer, type ServerStorage } from './support/server.js';
import { startTcpProxy } from './support/tcp-proxy.js';

// Faults the server must survive (issue 10): a crash in the middle of checkouts, and its database going away under
// load. "External" means a PostgreSQL the app does not own: DATABASE_URL's server when set, otherwise a cluster this
// file starts for itself.

const BUYERS = 20;
const STOCK = 100_000;
const address = {
  fullName: 'Fault Tester',
  line1: '1 Crash Lane',
  city: 'Pune',
  state: 'Maharashtra',
  postalCode: '411001',
  country: 'India',
  phone: '9800000000',
};

interface Answer {
  status: number;
  json: unknown;
  cookie?: string;
}

async function send(
  base: string,
  method: string,
  route: string,
  cookie?: string,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(base + route, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  return {
    status: response.status,
    json: text ? (JSON.parse(text) as unknown) : null,
    cookie: response.headers.get('set-cookie')?.split(';')[0],
  };
}

let signUps = 0;
async function signUp(base: string): Promise<string> {
  signUps += 1;
  const answer = await send(base, 'POST', '/api/auth/register', undefined, {
    email: `fault.${signUps}.${Date.now()}@example.test`,
    password: 'a long enough password',
  });
  if (answer.status !== 201 || !answer.cookie) throw new Error(`register: ${answer.status}`);
  return answer.cookie;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(100);
  }
}

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function databaseUrlOf(storage: ServerStorage): Promise<string> {
  const url = storage.databaseUrl ?? (await runningClusterUrl(storage.dataDir, 'app'));
  if (!url) throw new Error('no database for this storage');
  return url;
}

/** Gives one approved, tier-1 product a large stock and answers its id. */
async function stockUp(databaseUrl: string): Promise<string> {
  const [row] = await query<{ id: string }>(
    databaseUrl,
    `update products set stock_count = $1, minimum_tier = 1
     where id = (select id from products where approval_status = 'approved' order by name limit 1)
     returning id`,
    [STOCK],
  );
  return row!.id;
}

let cluster: EmbeddedCluster | undefined;
let externalAdminUrl: string;

beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    externalAdminUrl = process.env.DATABASE_URL;
  } else {
    cluster = await startEmbeddedCluster({
      dataDir: path.join(projectRoot, '.tmp', `faults-pg-${process.pid}`),
      database: 'postgres',
      persistent: false,
    });
    externalAdminUrl = cluster.url;
  }
});
afterAll(() => cluster?.stop());

describe.each([
  { label: 'the embedded default', adminUrl: () => null },
  { label: 'an external PostgreSQL', adminUrl: () => externalAdminUrl },
])('kill -9 during checkouts, on $label', ({ adminUrl }) => {
  it('keeps every acknowledged order, and stock plus sold units add up after a restart', async () => {
    const storage = await createStorage(adminUrl());
    try {
      let server = await startServer({ storage });
      const productId = await stockUp(await databaseUrlOf(storage));
      const buyers = await Promise.all(Array.from({ length: BUYERS }, () => signUp(server.url)));

      const acknowledged: { cookie: string; id: string }[] = [];
      let crashed = false;
      const load = buyers.map(async (cookie) => {
        while (!crashed) {
          try {
            const added = await send(server.url, 'POST', '/api/cart', cookie, { productId, quantity: 1 });
            if (added.status !== 201) throw new Error(`add to cart: ${added.status}`);
            const order = await send(server.url, 'POST', '/api/orders', cookie, {
              shippingAddress: address,
              paymentMethod: 'stripe',
            });
            if (order.status !== 201)
              throw new Error(`checkout: ${order.status} ${JSON.stringify(order.json)}`);
            acknowledged.push({ cookie, id: (order.json as { id: string }).id });
          } catch (error) {
            // After the crash, requests in flight fail: that is the point. Before it, any failure is a bug.
            if (!crashed) throw error;
          }
        }
      });

      await until(() => acknowledged.length >= 3 * BUYERS, 60_000, 'orders before the crash');
      crashed = true;
      await server.kill();
      await Promise.all(load);

      server = await startServer({ storage });
      try {
        for (const buyer of new Set(acknowledged.map((order) => order.cookie))) {
          const listed = await send(server.url, 'GET', '/api/orders?limit=100', buyer);
          expect(listed.status).toBe(200);
          const ids = new Set((listed.json as { id: string }[]).map((order) => order.id));
          for (const order of acknowledged.filter((o) => o.cookie === buyer)) expect(ids).toContain(order.id);
        }
        const [stock] = await query<{ left: number; sold: number; orders: number }>(
          await databaseUrlOf(storage),
          `select p.stock_count as left,
                  (select coalesce(sum(quantity), 0)::int from order_lines where product_id = p.id) as sold,
                  (select count(*)::int from orders) as orders
           from products p where p.id = $1`,
          [productId],
        );
        expect(stock!.orders).toBeGreaterThanOrEqual(acknowledged.length);
        expect(stock!.left + stock!.sold).toBe(STOCK);
      } finally {
        await server.stop();
      }
    } finally {
      await storage.dispose();
    }
  }, 180_000);
});

describe('a crash between a checkout and its receipt', () => {
  it('sends the receipt after the restart: the mail was written with the order, not after it', async () => {
    // The SMTP server is not up before the crash, so whatever the mail job managed before the kill, it cannot have
    // delivered the receipt: only the outbox row and its job, committed with the order, can bring it.
    const smtpPort = await freePort();
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_RETRY_DELAY_SECONDS: '1' };
    const storage = await createStorage(externalAdminUrl);
    const smtp = { current: null as TestSmtpServer | null };
    try {
      let server = await startServer({ storage, env });
      const databaseUrl = await databaseUrlOf(storage);
      const productId = await stockUp(databaseUrl);
      const cookie = await signUp(server.url);
      const email = ((await send(server.url, 'GET', '/api/auth/user', cookie)).json as { email: string })
        .email;
      // Receipts go to verified addresses.
      await query(databaseUrl, 'update users set email_verified_at = now() where email = $1', [email]);

      expect((await send(server.url, 'POST', '/api/cart', cookie, { productId, quantity: 1 })).status).toBe(
        201,
      );
      const order = await send(server.url, 'POST', '/api/orders', cookie, {
        shippingAddress: address,
        paymentMethod: 'stripe',
      });
      expect(order.status).toBe(201);
      await server.kill();

      const [queued] = await query<{ status: string; subject: string }>(
        databaseUrl,
        `select status, subject from mail_outbox where to_address = $1 and kind = 'notification.payment_received'`,
        [email],
      );
      expect(queued).toMatchObject({ status: 'queued', subject: 'Payment received' });

      smtp.current = await startSmtpServer({ port: smtpPort });
      server = await startServer({ storage, env });
      try {
        // Usually the job waits for its retry and goes out at once. When the kill caught its try in flight, the try
        // is retried once its heartbeat has been silent for 15 s, at the queue's next check (every 30 s): decision 009.
        const receipt = await smtp.current.waitFor(
          (m) => m.to.includes(email) && m.subject === 'Payment received',
          90_000,
        );
        // The receipt names the order and its amount in the mail's one money format (INR 14,999.00).
        const placed = order.json as { orderNumber: string; total: string };
        expect(receipt.text).toContain(`for order ${placed.orderNumber}`);
        expect(receipt.text).toContain(
          `INR ${Number(placed.total).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`,
        );
        await until(
          async () =>
            (
              await query<{ status: string }>(
                databaseUrl,
                `select status from mail_outbox where to_address = $1 and kind = 'notification.payment_received'`,
                [email],
              )
            )[0]?.status === 'sent',
          10_000,
          'the outbox row marked sent',
        );
      } finally {
        await server.stop();
      }
    } finally {
      await smtp.current?.close();
      await storage.dispose();
    }
  }, 240_000);
});

describe('the database restarted under load', () => {
  it('answers 503 on /readyz meanwhile, never 500, and recovers by itself', async () => {
    const storage = await createStorage(externalAdminUrl);
    const real = new URL(storage.databaseUrl!);
    const proxy = await startTcpProxy(real.hostname, Number(real.port || 5432));
    const proxied = new URL(real);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const server = await startServer({ storage: { ...storage, databaseUrl: proxied.toString() } });
    try {
      const productId = await stockUp(storage.databaseUrl!);
      const cookie = await signUp(server.url);

      const statuses = new Map<string, number>();
      let stop = false;
      const load = Array.from({ length: 5 }, async (_, i) => {
        while (!stop) {
          const route = i % 2 ? '/api/auth/user' : '/api/cart';
          let key: string;
          try {
            key = `${route} ${(await send(server.url, 'GET', route, cookie)).status}`;
          } catch (error) {
            key = `${route} no answer: ${String(error)}`;
          }
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
          await sleep(20);
        }
      });

      await sleep(500);
      await proxy.down();
      await until(
        async () => (await send(server.url, 'GET', '/readyz')).status === 503,
        15_000,
        '/readyz reporting the outage',
      );
      await sleep(3_000);
      expect((await send(server.url, 'GET', '/readyz')).status).toBe(503);
      await proxy.up();
      await until(
        async () => (await send(server.url, 'GET', '/readyz')).status === 200,
        30_000,
        '/readyz after the database came back',
      );
      await sleep(500);
      stop = true;
      await Promise.all(load);

      // Every answer under load was a success or an honest 503; nothing crashed or hung.
      for (const key of statuses.keys()) expect(key).toMatch(/ (200|503)$/);
      expect([...statuses.keys()].some((key) => key.endsWith(' 503'))).toBe(true);
      // Reads and writes work again without a restart.
      expect((await send(server.url, 'GET', '/api/auth/user', cookie)).status).toBe(200);
      expect((await send(server.url, 'POST', '/api/cart', cookie, { productId, quantity: 1 })).status).toBe(
        201,
      );
    } finally {
      await server.stop();
      await proxy.close();
      await storage.dispose();
    }
  }, 120_000);
});

describe('two app instances on one database behind a load balancer', () => {
  const JOBS = 12;

  it('share sessions, and each queued job (AI analyses, webhook deliveries) runs exactly once', async () => {
    // The webhook receiver counts every delivery it gets.
    let received = 0;
    const receiver = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        received += 1;
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const receiverPort = (receiver.address() as { port: number }).port;

    const storage = await createStorage(externalAdminUrl);
    const env = { ALLOW_PRIVATE_WEBHOOK_TARGETS: '1' };
    const first = await startServer({ storage, env });
    const second = await startServer({ storage, env });
    const balancer = await startRoundRobin([first.url, second.url]);
    try {
      // A session made on one instance works on the other, directly and through the balancer.
      const cookie = await signUp(first.url);
      expect((await send(second.url, 'GET', '/api/auth/user', cookie)).status).toBe(200);
      for (let i = 0; i < 4; i++) {
        expect((await send(balancer.url, 'GET', '/api/auth/user', cookie)).status).toBe(200);
      }
      expect(balancer.counts).toEqual([2, 2]);

      // Jobs sent through both instances, which both run workers on the one queue.
      const analyses: string[] = [];
      for (let i = 0; i < JOBS; i++) {
        const created = await send(balancer.url, 'POST', '/api/ai/analysis', cookie, {
          type: 'pattern_analysis',
          inputData: { dataPoints: [1, 2, 3, 4, 5, 40, 6, 7, i] },
        });
        expect(created.status).toBe(201);
        analyses.push((created.json as { id: string }).id);
      }
      const integration = await send(balancer.url, 'POST', '/api/integrations', cookie, {
        type: 'webhook',
        name: 'Exactly once',
        config: { url: `http://127.0.0.1:${receiverPort}/hook` },
      });
      expect(integration.status).toBe(201);
      const integrationId = (integration.json as { id: string }).id;
      for (let i = 0; i < JOBS; i++) {
        const test = await send(balancer.url, 'POST', `/api/integrations/${integrationId}/test`, cookie, {});
        expect(test.status).toBeLessThan(300);
      }

      await until(
        async () => {
          const list = await send(balancer.url, 'GET', '/api/ai/analysis', cookie);
          const mine = (list.json as { id: string; status: string }[]).filter((a) => analyses.includes(a.id));
          return mine.length === JOBS && mine.every((a) => a.status === 'completed');
        },
        60_000,
        'every analysis completed',
      );
      await until(
        async () => {
          const log = await send(
            balancer.url,
            'GET',
            `/api/integrations/${integrationId}/deliveries`,
            cookie,
          );
          const deliveries = log.json as { status: string; attempts: number }[];
          return deliveries.length === JOBS && deliveries.every((d) => d.status === 'delivered');
        },
        60_000,
        'every delivery delivered',
      );
      const log = await send(balancer.url, 'GET', `/api/integrations/${integrationId}/deliveries`, cookie);
      expect((log.json as { attempts: number }[]).map((d) => d.attempts)).toEqual(Array(JOBS).fill(1));
      await sleep(1_000);
      expect(received).toBe(JOBS);
      // pg-boss's own record: each job completed on its first try.
      const jobs = await query<{ name: string; state: string; retry_count: number }>(
        storage.databaseUrl!,
        `select name, state, retry_count from pgboss.job where name in ('ai.run-analysis', 'integrations.deliver')`,
      );
      expect(jobs).toHaveLength(2 * JOBS);
      expect(jobs.every((job) => job.state === 'completed' && job.retry_count === 0)).toBe(true);

      // Signing out on one ends the session on both: on the other once the change feed's notification arrives,
      // milliseconds after the commit (decision 004), which a request sent at once on a busy machine can beat.
      expect((await send(second.url, 'POST', '/api/auth/logout', cookie, {})).status).toBeLessThan(300);
      await until(
        async () => (await send(first.url, 'GET', '/api/auth/user', cookie)).status === 401,
        5_000,
        'the sign-out reaching the other instance',
      );
    } finally {
      await balancer.close();
      await second.stop();
      await first.stop();
      await storage.dispose();
      await new Promise((resolve) => receiver.close(resolve));
    }
  }, 180_000);
});
