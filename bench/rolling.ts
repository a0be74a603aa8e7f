import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { projectRoot } from '../server/lib/paths.js';
import { startCluster, type Cluster } from '../scripts/cluster.js';
import { percentile } from './stats.js';
import { call } from './http.js';

/**
 * `npm run bench -- --rolling [--instances 3] [--rate 40] [--pgbouncer]` (issue 41 point 2, design 12.8): a cluster of N instances
 * behind HAProxy (scripts/cluster.ts) under a mixed load at a fixed rate - browsing, product pages, search, cart
 * reads and additions, checkouts by signed-in buyers, and event streams (`GET /api/events`, design 12.6) held by
 * some of the buyers - while every instance in turn gets SIGTERM, is waited for and started again, and HAProxy
 * takes it back. It prints the failed requests (5xx from the instances or HAProxy, or a network error: the target
 * is 0), the orders acknowledged (201) and found in the database (all), the sessions still signed in at the end
 * (all), and the streams' reconnections, resets and missed events (0). Fails (exit 1) when any target is missed.
 *
 * The stream leg follows the contract (text/event-stream, `id:` lines, reconnecting with `Last-Event-ID`,
 * `event: reset`); an endpoint that answers 404 is reported as not available and the rest of the run goes on.
 * A missed event: an order its buyer placed (201) during the run whose `order.updated` never reached any of that
 * buyer's streams; counted only when the endpoint sends `order.updated` for new orders at all.
 */
const BUYERS = 20;
const STREAM_USERS = 5;
const CATALOGUE = 500;
const MAX_IN_FLIGHT = 100;

const MIX: [Action, number][] = [
  ['browse', 30],
  ['product', 12],
  ['search', 20],
  ['cart', 13],
  ['add', 15],
  ['checkout', 10],
];
type Action = 'browse' | 'product' | 'search' | 'cart' | 'add' | 'checkout';
const TERMS = ['thermal', 'acoustic', 'encrypted', 'tactical', 'covert', 'camera', 'radio', 'themral'];

const address = {
  fullName: 'Rolling Buyer',
  line1: '1 Rolling Street',
  city: 'Pune',
  state: 'Maharashtra',
  postalCode: '411001',
  country: 'India',
  phone: '9800000000',
};

interface Buyer {
  email: string;
  cookie: string;
  lines: number;
  orders: string[];
}

export interface RollingResult {
  requests: number;
  failed: number;
  failures: Map<string, number>;
  /** Answers a client is meant to handle (an order refused with a 4xx), which are no failures. */
  refusals: Map<string, number>;
  /** Client side, over the run. */
  p99Ms: number;
  ordersAcknowledged: number;
  ordersFound: number;
  sessionsKept: number;
  sessions: number;
  streams: StreamReport;
  restarts: { name: string; exitCode: number | null; signal: string | null; ms: number }[];
}

interface StreamReport {
  available: boolean;
  note?: string;
  connections: number;
  reconnections: number;
  resets: number;
  events: number;
  missed: number | null;
}

/**
 * One buyer's event stream, held and reconnected (with the last `id:` seen as `Last-Event-ID`) until `stop()`.
 * Records every event's type and data.
 */
class StreamHolder {
  lastId: string | undefined;
  connections = 0;
  resets = 0;
  received: { event: string; data: string }[] = [];
  notFound = false;
  errors: string[] = [];
  private controller: AbortController | null = null;
  private stopped = false;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly base: string,
    private readonly cookie: string,
  ) {}

  start(): void {
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.controller?.abort();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.controller = new AbortController();
      try {
        const response = await fetch(`${this.base}/api/events`, {
          headers: {
            accept: 'text/event-stream',
            cookie: this.cookie,
            ...(this.lastId ? { 'last-event-id': this.lastId } : {}),
          },
          signal: this.controller.signal,
        });
        if (response.status === 404) {
          this.notFound = true;
          await response.body?.cancel();
          return;
        }
        if (!response.ok || !response.body) {
          this.errors.push(`status ${response.status}`);
          await response.body?.cancel();
        } else {
          this.connections += 1;
          await this.read(response.body);
        }
      } catch (error) {
        if (!this.stopped) this.errors.push((error as Error).message);
      }
      // A browser's EventSource waits its `retry` before reconnecting; a short one here.
      if (!this.stopped) await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    let event = 'message';
    let data: string[] = [];
    let id: string | undefined;
    for await (const chunk of body) {
      buffer += decoder.decode(chunk, { stream: true });
      let newline: number;
      while ((newline = buffer.indexOf('\n')) !== -1) {
        const line = buffer.slice(0, newline).replace(/\r$/, '');
        buffer = buffer.slice(newline + 1);
        if (line === '') {
          if (data.length > 0 || event !== 'message') {
            if (id !== undefined) this.lastId = id;
            if (event === 'reset') this.resets += 1;
            this.received.push({ event, data: data.join('\n') });
          }
          event = 'message';
          data = [];
          id = undefined;
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id') id = value;
      }
    }
  }
}

function pickAction(): Action {
  const total = MIX.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = Math.random() * total;
  for (const [action, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return 'browse';
}

/**
 * Runs the load against `cluster` while `during` runs (the restarts), then until the requests in flight end.
 * Exported for the cluster's end-to-end test.
 */
export async function loadDuring(
  cluster: Cluster,
  options: { rate: number; buyers: number; streamUsers: number; productIds: string[] },
  during: () => Promise<RollingResult['restarts']>,
): Promise<RollingResult> {
  const base = cluster.url;
  const categories = (JSON.parse((await call(base, 'GET', '/api/categories')).text) as { slug?: string }[])
    .map((category) => category.slug)
    .filter((slug): slug is string => typeof slug === 'string');
  const buyers: Buyer[] = [];
  for (let i = 0; i < options.buyers; i++) {
    const email = `rolling.${i}.${Date.now()}@example.test`;
    const registered = await call(base, 'POST', '/api/auth/register', undefined, {
      email,
      password: 'rolling test password',
    });
    const cookie = registered.response.headers.get('set-cookie')?.split(';')[0];
    if (registered.status !== 201 || !cookie)
      throw new Error(`register: ${registered.status} ${registered.text}`);
    buyers.push({ email, cookie, lines: 0, orders: [] });
  }
  const streams = buyers.slice(0, options.streamUsers).map((buyer) => new StreamHolder(base, buyer.cookie));
  for (const stream of streams) stream.start();

  let requests = 0;
  let failed = 0;
  let inFlight = 0;
  const failures = new Map<string, number>();
  const note = (label: string) => failures.set(label, (failures.get(label) ?? 0) + 1);
  const refusals = new Map<string, number>();
  const refuse = (label: string) => refusals.set(label, (refusals.get(label) ?? 0) + 1);
  const latencies: number[] = [];

  const timed = async (method: string, route: string, cookie?: string, body?: unknown) => {
    requests += 1;
    const label = `${method} ${route.split('?')[0]!.replace(/[0-9a-f-]{36}/, ':id')}`;
    const started = performance.now();
    try {
      const answer = await call(base, method, route, cookie, body);
      latencies.push(performance.now() - started);
      if (answer.status >= 500) {
        failed += 1;
        note(`${label} ${answer.status}`);
      } else if (answer.status === 401) {
        // A session lost in a restart.
        failed += 1;
        note(`${label} 401`);
      }
      return answer;
    } catch (error) {
      failed += 1;
      note(
        `${label} ${(error as Error).cause ? String((error as { cause: Error }).cause.message) : (error as Error).message}`,
      );
      return null;
    }
  };

  const perform = async (action: Action) => {
    const buyer = buyers[Math.floor(Math.random() * buyers.length)]!;
    const product = options.productIds[Math.floor(Math.random() * options.productIds.length)]!;
    switch (action) {
      case 'browse': {
        const category = categories[Math.floor(Math.random() * categories.length)];
        await timed(
          'GET',
          `/api/products?limit=24&offset=${24 * Math.floor(Math.random() * 4)}${category ? `&category=${category}` : ''}`,
          Math.random() < 0.5 ? buyer.cookie : undefined,
        );
        return;
      }
      case 'product':
        await timed('GET', `/api/products/${product}`);
        return;
      case 'search':
        await timed(
          'GET',
          `/api/search?q=${encodeURIComponent(TERMS[Math.floor(Math.random() * TERMS.length)]!)}`,
        );
        return;
      case 'cart':
        await timed('GET', '/api/cart', buyer.cookie);
        return;
      case 'add':
      case 'checkout': {
        if (action === 'add' || buyer.lines === 0) {
          const added = await timed('POST', '/api/cart', buyer.cookie, { productId: product, quantity: 1 });
          if (added?.status === 201) buyer.lines += 1;
          if (action === 'add') return;
        }
        if (buyer.lines === 0) return;
        buyer.lines = 0;
        const order = await timed('POST', '/api/orders', buyer.cookie, {
          shippingAddress: address,
          paymentMethod: 'stripe',
        });
        if (order?.status === 201) buyer.orders.push((JSON.parse(order.text) as { id: string }).id);
        else if (order && order.status < 500) refuse(`POST /api/orders ${order.status}`);
        return;
      }
    }
  };

  let credit = 0;
  let lastTick = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    credit += (options.rate * (now - lastTick)) / 1000;
    lastTick = now;
    while (credit >= 1) {
      credit -= 1;
      if (inFlight >= MAX_IN_FLIGHT) continue;
      inFlight += 1;
      void perform(pickAction()).finally(() => (inFlight -= 1));
    }
  }, 50);

  let restarts: RollingResult['restarts'];
  try {
    restarts = await during();
  } finally {
    clearInterval(ticker);
    while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  // Events for the last orders may still be on their way: a moment for them (the contract's 1 s across instances).
  await new Promise((resolve) => setTimeout(resolve, 1500));
  for (const stream of streams) await stream.stop();

  // Sessions: every buyer still signed in, through the balancer.
  let sessionsKept = 0;
  for (const buyer of buyers) {
    const me = await call(base, 'GET', '/api/auth/user', buyer.cookie).catch(() => null);
    if (me?.status === 200) sessionsKept += 1;
  }

  const acknowledged = buyers.flatMap((buyer) => buyer.orders);
  const db = new pg.Client({ connectionString: cluster.directDatabaseUrl });
  await db.connect();
  const found = await db.query<{ count: number }>(
    'select count(*)::int as count from orders where id = any($1::uuid[])',
    [acknowledged],
  );
  await db.end();

  const notAvailable = streams.length > 0 && streams.every((stream) => stream.notFound);
  let missed: number | null = null;
  let note2: string | undefined;
  if (notAvailable) note2 = 'GET /api/events answered 404: not available';
  else {
    const orderEvents = streams.flatMap((stream) =>
      stream.received.filter((e) => e.event === 'order.updated'),
    );
    if (orderEvents.length === 0) {
      note2 = 'no order.updated reached any stream: missed events not measurable';
    } else {
      missed = 0;
      streams.forEach((stream, index) => {
        const seen = new Set(
          stream.received
            .filter((e) => e.event === 'order.updated')
            .map((e) => {
              try {
                return (JSON.parse(e.data) as { id?: string }).id;
              } catch {
                return undefined;
              }
            }),
        );
        // A reset tells the page to refetch: what it covered is not missed, but it is reported.
        for (const id of buyers[index]!.orders) if (!seen.has(id) && stream.resets === 0) missed! += 1;
      });
    }
  }
  const connections = streams.reduce((sum, s) => sum + s.connections, 0);
  return {
    requests,
    failed,
    failures,
    refusals,
    p99Ms: percentile(latencies, 99),
    ordersAcknowledged: acknowledged.length,
    ordersFound: found.rows[0]?.count ?? 0,
    sessionsKept,
    sessions: buyers.length,
    streams: {
      available: !notAvailable,
      note: note2,
      connections,
      reconnections: Math.max(0, connections - streams.length),
      resets: streams.reduce((sum, s) => sum + s.resets, 0),
      events: streams.reduce((sum, s) => sum + s.received.length, 0),
      missed,
    },
    restarts,
  };
}

/** Every instance in turn: SIGTERM, its exit, a new start, HAProxy serving it again; a pause between. */
export async function restartEach(cluster: Cluster, pauseMs: number): Promise<RollingResult['restarts']> {
  const restarts: RollingResult['restarts'] = [];
  await new Promise((resolve) => setTimeout(resolve, pauseMs));
  for (let i = 0; i < cluster.instances.length; i++) {
    const started = performance.now();
    const outcome = await cluster.restart(i);
    restarts.push({
      name: cluster.instances[i]!.name,
      ...outcome,
      ms: Math.round(performance.now() - started),
    });
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return restarts;
}

/** The figures as the bench prints them; true when every target is met. */
export function printRolling(result: RollingResult, instances: number, rate: number): boolean {
  const s = result.streams;
  const lines = [
    `rolling restart of ${instances} instances behind HAProxy at ${rate} actions/s (${MIX.map(([a, w]) => `${a} ${w}%`).join(', ')}), ${result.sessions} signed-in buyers`,
    ...result.restarts.map(
      (r) =>
        `  ${r.name}: SIGTERM -> exit ${r.exitCode ?? r.signal} -> serving again in ${(r.ms / 1000).toFixed(1)} s`,
    ),
    `  requests                 ${result.requests} (p99 ${result.p99Ms.toFixed(0)} ms, client side)`,
    `  failed requests          ${result.failed}  (target 0)`,
    `  orders acknowledged      ${result.ordersAcknowledged}, found in the database ${result.ordersFound}  (target all)`,
    `  sessions kept            ${result.sessionsKept} of ${result.sessions}  (target all)`,
    s.available
      ? `  event streams            ${s.connections} connections, ${s.reconnections} reconnections, ${s.events} events, ${s.resets} resets, missed ${s.missed ?? 'n/a'}${s.note ? ` (${s.note})` : ''}  (target 0 missed)`
      : `  event streams            ${s.note}`,
  ];
  console.log(lines.join('\n'));
  if (result.failures.size > 0) {
    console.log('  failures by route:');
    for (const [label, count] of result.failures) console.log(`    ${label}: ${count}`);
  }
  if (result.refusals.size > 0) {
    console.log('  refusals (4xx, not failures):');
    for (const [label, count] of result.refusals) console.log(`    ${label}: ${count}`);
  }
  return (
    result.failed === 0 &&
    result.ordersFound === result.ordersAcknowledged &&
    result.sessionsKept === result.sessions &&
    (s.missed ?? 0) === 0 &&
    result.restarts.every((r) => r.exitCode === 0)
  );
}

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      rolling: { type: 'boolean' },
      instances: { type: 'string', default: '3' },
      rate: { type: 'string', default: '40' },
      'pause-seconds': { type: 'string', default: '3' },
      pgbouncer: { type: 'boolean', default: false },
    },
  });
  const INSTANCES = Number(values.instances);
  const RATE = Number(values.rate);
  const PAUSE_MS = Number(values['pause-seconds']) * 1000;
  if (!(INSTANCES >= 2) || !(RATE > 0)) throw new Error('--instances must be at least 2, --rate positive');
  const dataDir = path.join(projectRoot, '.tmp', 'rolling');
  await rm(dataDir, { recursive: true, force: true });
  const cluster = await startCluster({
    instances: INSTANCES,
    pgbouncer: values.pgbouncer,
    dataDir,
    output: 'files',
    env: {
      LOG_LEVEL: 'info',
      RATE_LIMIT_GLOBAL_PER_MIN: '100000000',
      RATE_LIMIT_REGISTER_MAX: '1000',
    },
  });
  try {
    console.log(`cluster: ${cluster.url} (logs in ${path.relative(projectRoot, dataDir)}/logs)`);
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'server/cli.ts', 'bench:data', '--products', String(CATALOGUE)],
      { cwd: projectRoot, env: { ...process.env, DATABASE_URL: cluster.directDatabaseUrl }, stdio: 'ignore' },
    );
    const db = new pg.Client({ connectionString: cluster.directDatabaseUrl });
    await db.connect();
    const stocked = await db.query<{ id: string }>(
      `update products set stock_count = 1000000000, minimum_tier = 1
       where id in (select id from products where slug like 'bench-%' order by slug limit 20) returning id`,
    );
    await db.end();
    const result = await loadDuring(
      cluster,
      { rate: RATE, buyers: BUYERS, streamUsers: STREAM_USERS, productIds: stocked.rows.map((r) => r.id) },
      () => restartEach(cluster, PAUSE_MS),
    );
    if (values.pgbouncer) console.log('(the instances reach PostgreSQL through PgBouncer, session mode)');
    const ok = printRolling(result, INSTANCES, RATE);
    if (!ok) process.exitCode = 1;
  } finally {
    await cluster.stop();
  }
}

if (process.argv.includes('--rolling')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
