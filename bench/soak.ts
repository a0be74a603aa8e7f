import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort, runningClusterUrl } from '../server/db/embedded.js';
import { projectRoot } from '../server/lib/paths.js';
import { median, percentile } from './stats.js';
import { call } from './http.js';

/**
 * `npm run soak -- --minutes N [--rate R] [--no-build]` (also `npm run bench -- --soak --minutes N`): the production
 * server in its own process, under a mixed load at a fixed rate (default 60 requests a second, moderate on purpose:
 * a soak looks for what grows over time, not for the ceiling) for N minutes (default 10). The mix: browsing the
 * marketplace (a category page, a product), search with rotating terms, cart reads and additions, checkouts, and the
 * notifications poll every signed-in page makes. Every minute it prints the server's RSS and heap used (after a
 * full collection), the event loop's delay p99, the database pools' waits (see bench/soak-probe.ts), and the
 * minute's requests, errors and client-side p99; at the end the first, middle and last minutes side by side and
 * whether memory stayed flat: the last third's median heap within 10% (and RSS within 15%) of the first third's,
 * after a first minute of warm-up. It fails on any 5xx or network error, or when memory grew.
 */
const { values } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: {
    soak: { type: 'boolean' },
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string', default: '60' },
    'no-build': { type: 'boolean' },
    'sample-seconds': { type: 'string', default: '60' },
  },
});
const MINUTES = Number(values.minutes);
const RATE = Number(values.rate);
const SAMPLE_MS = Number(values['sample-seconds']) * 1000;
if (!(MINUTES > 0) || !(RATE > 0) || !(SAMPLE_MS >= 1000)) {
  throw new Error('--minutes and --rate must be positive numbers, --sample-seconds at least 1');
}
const BUYERS = 20;
const CATALOGUE = 2_000;
/** At most this many requests in flight: beyond it the server is not keeping up, and ticks are skipped (counted). */
const MAX_IN_FLIGHT = 100;
const HEAP_GROWTH = 1.1;
const RSS_GROWTH = 1.15;

/** The mix, as shares of the requests started: each action is one or two requests. */
const MIX: [Action, number][] = [
  ['browse', 30],
  ['product', 10],
  ['search', 20],
  ['cart', 10],
  ['add', 8],
  ['checkout', 2],
  ['notifications', 20],
];
type Action = 'browse' | 'product' | 'search' | 'cart' | 'add' | 'checkout' | 'notifications';

const TERMS = [
  'thermal',
  'acoustic',
  'encrypted',
  'tactical',
  'covert',
  'bench',
  'camera',
  'radio',
  'themral',
  'zq',
];

interface Sample {
  rss: number;
  heapUsed: number;
  collected: boolean;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  poolWaits: number;
  poolWaitingMax: number;
  poolConnections: number;
}

interface Minute {
  index: number;
  sample: Sample;
  requests: number;
  errors: number;
  non2xx: number;
  skipped: number;
  p99: number;
  checkouts: number;
}

const address = {
  fullName: 'Soak Buyer',
  line1: '1 Soak Street',
  city: 'Pune',
  state: 'Maharashtra',
  postalCode: '411001',
  country: 'India',
  phone: '9800000000',
};

async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', '--import', './bench/soak-probe.ts', 'dist/server/main.js'],
    {
      cwd: projectRoot,
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        SOAK_SAMPLE_MS: String(SAMPLE_MS),
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start');
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

function pickAction(): Action {
  const total = MIX.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = Math.random() * total;
  for (const [action, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return 'browse';
}

async function main() {
  const dataDir = path.join(projectRoot, '.tmp', 'soak');
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  if (!values['no-build']) {
    console.log('building...');
    execFileSync('npm', ['run', '-s', 'build'], { cwd: projectRoot, stdio: 'ignore' });
  }
  console.log(`generating a ${CATALOGUE}-product catalogue...`);
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'server/cli.ts', 'bench:data', '--products', String(CATALOGUE)],
    { cwd: projectRoot, env: { ...process.env, DATA_DIR: dataDir }, stdio: 'inherit' },
  );
  const server = await startServer({
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    SESSION_SECRET: 'soak-secret-soak-secret-soak-secret-0000',
    MFA_ENCRYPTION_KEY: 'soak-mfa-key-soak-mfa-key-soak-mfa-0000',
    COOKIE_SECURE: '0',
    RATE_LIMIT_GLOBAL_PER_MIN: '100000000',
    RATE_LIMIT_REGISTER_MAX: '1000',
  });
  const base = server.url;
  const samples: Sample[] = [];
  server.child.on('message', (message: { kind?: string } & Sample) => {
    if (message.kind === 'soak-sample') samples.push(message);
  });

  try {
    const databaseUrl = await runningClusterUrl(dataDir, 'app');
    if (!databaseUrl) throw new Error('embedded cluster not found');
    const db = new pg.Client({ connectionString: databaseUrl });
    db.on('error', () => {});
    await db.connect();
    // Stock that never runs out, so checkouts keep succeeding for the whole run.
    const stocked = await db.query<{ id: string }>(
      `update products set stock_count = 1000000000, minimum_tier = 1
       where id in (select id from products where slug like 'bench-%' order by slug limit 20) returning id`,
    );
    await db.end();
    const productIds = stocked.rows.map((row) => row.id);
    const categories = (JSON.parse((await call(base, 'GET', '/api/categories')).text) as { slug?: string }[])
      .map((category) => category.slug)
      .filter((slug): slug is string => typeof slug === 'string');
    const buyers: { cookie: string; lines: number }[] = [];
    for (let i = 0; i < BUYERS; i++) {
      const registered = await call(base, 'POST', '/api/auth/register', undefined, {
        email: `soak.${i}.${Date.now()}@example.test`,
        password: 'soak test password',
      });
      const cookie = registered.response.headers.get('set-cookie')?.split(';')[0];
      if (registered.status !== 201 || !cookie) throw new Error(`register: ${registered.status}`);
      buyers.push({ cookie, lines: 0 });
    }

    let latencies: number[] = [];
    let requests = 0;
    let errors = 0;
    let non2xx = 0;
    let skipped = 0;
    let checkouts = 0;
    let inFlight = 0;
    const failures = new Map<string, number>();
    const note = (label: string) => failures.set(label, (failures.get(label) ?? 0) + 1);

    const byRoute = new Map<string, number[]>();
    const timed = async (method: string, route: string, cookie?: string, body?: unknown) => {
      const started = performance.now();
      requests += 1;
      try {
        const answer = await call(base, method, route, cookie, body);
        const took = performance.now() - started;
        latencies.push(took);
        const key = `${method} ${route.split('?')[0]!.replace(/[0-9a-f-]{36}/, ':id')}`;
        const kept = byRoute.get(key) ?? [];
        kept.push(took);
        if (kept.length > 40_000) kept.splice(0, 20_000);
        byRoute.set(key, kept);
        if (answer.status >= 500) {
          errors += 1;
          note(`${method} ${route.split('?')[0]} ${answer.status}`);
        } else if (answer.status >= 300) {
          non2xx += 1;
          note(`${method} ${route.split('?')[0]} ${answer.status}`);
        }
        return answer;
      } catch (error) {
        errors += 1;
        note(`${method} ${route.split('?')[0]} ${(error as Error).message}`);
        return null;
      }
    };

    const perform = async (action: Action) => {
      const buyer = buyers[Math.floor(Math.random() * buyers.length)]!;
      const product = productIds[Math.floor(Math.random() * productIds.length)]!;
      switch (action) {
        case 'browse': {
          const category = categories[Math.floor(Math.random() * categories.length)];
          const offset = 24 * Math.floor(Math.random() * 5);
          await timed(
            'GET',
            `/api/products?limit=24&offset=${offset}${category ? `&category=${category}` : ''}`,
            Math.random() < 0.5 ? buyer.cookie : undefined,
          );
          return;
        }
        case 'product':
          await timed('GET', `/api/products/${product}`);
          return;
        case 'search': {
          const term = TERMS[Math.floor(Math.random() * TERMS.length)]!;
          await timed('GET', `/api/search?q=${encodeURIComponent(term)}`);
          return;
        }
        case 'cart':
          await timed('GET', '/api/cart', buyer.cookie);
          return;
        case 'notifications':
          await timed('GET', '/api/notifications', buyer.cookie);
          return;
        case 'add':
        case 'checkout': {
          // A cart of a few lines is bought, so carts stay small however long the run.
          if (action === 'add' && buyer.lines < 3) {
            const added = await timed('POST', '/api/cart', buyer.cookie, { productId: product, quantity: 1 });
            if (added?.status === 201) buyer.lines += 1;
            return;
          }
          if (buyer.lines === 0) {
            const added = await timed('POST', '/api/cart', buyer.cookie, { productId: product, quantity: 1 });
            if (added?.status !== 201) return;
          }
          buyer.lines = 0;
          const order = await timed('POST', '/api/orders', buyer.cookie, {
            shippingAddress: address,
            paymentMethod: 'stripe',
          });
          if (order?.status === 201) checkouts += 1;
          return;
        }
      }
    };

    console.log(
      `soak: ${MINUTES} min at ${RATE} actions/s (${MIX.map(([a, w]) => `${a} ${w}%`).join(', ')}), ` +
        `${BUYERS} signed-in buyers, ${CATALOGUE} products; a line every ${SAMPLE_MS / 1000} s\n`,
    );
    console.log(
      [
        'min'.padStart(4),
        'rss MB'.padStart(8),
        'heap MB'.padStart(8),
        'loop p99'.padStart(9),
        'loop max'.padStart(9),
        'pool waits'.padStart(11),
        'queued max'.padStart(11),
        'requests'.padStart(9),
        '5xx/err'.padStart(8),
        'other'.padStart(6),
        'p99 ms'.padStart(7),
        'orders'.padStart(7),
      ].join(' '),
    );

    const minutes: Minute[] = [];
    const stopAt = Date.now() + MINUTES * 60_000;
    const TICK_MS = 50;
    let credit = 0;
    let lastTick = performance.now();
    const ticker = setInterval(() => {
      // By the clock, not by ticks: a timer that fires late on a busy machine must not lower the rate.
      const now = performance.now();
      credit += (RATE * (now - lastTick)) / 1000;
      lastTick = now;
      while (credit >= 1) {
        credit -= 1;
        if (inFlight >= MAX_IN_FLIGHT) {
          skipped += 1;
          continue;
        }
        inFlight += 1;
        void perform(pickAction()).finally(() => {
          inFlight -= 1;
        });
      }
    }, TICK_MS);

    let seen = 0;
    while (Date.now() < stopAt) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (samples.length > seen) {
        const sample = samples[seen]!;
        seen += 1;
        const minute: Minute = {
          index: seen,
          sample,
          requests,
          errors,
          non2xx,
          skipped,
          p99: percentile(latencies, 99),
          checkouts,
        };
        minutes.push(minute);
        latencies = [];
        requests = errors = non2xx = skipped = checkouts = 0;
        console.log(line(minute));
      }
    }
    clearInterval(ticker);
    while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 100));

    console.log('\nlatency by route over the run (client side, the last 20,000-40,000 of each):');
    for (const [key, values] of [...byRoute].sort(([a], [b]) => a.localeCompare(b))) {
      console.log(
        `  ${key.padEnd(28)} ${String(values.length).padStart(7)} requests, p50 ` +
          `${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms`,
      );
    }
    console.log('');
    if (failures.size > 0) {
      console.log('answers other than 2xx, by route:');
      for (const [label, count] of failures) console.log(`  ${label}: ${count}`);
    }
    const totalErrors = minutes.reduce((sum, m) => sum + m.errors, 0) + errors;
    if (minutes.length < 3) {
      console.log(`only ${minutes.length} samples: too short to judge memory`);
      if (totalErrors > 0) process.exitCode = 1;
      return;
    }
    const picks = [minutes[0]!, minutes[Math.floor((minutes.length - 1) / 2)]!, minutes.at(-1)!];
    console.log('first, middle and last:');
    for (const minute of picks) console.log(line(minute));
    // The first minute warms caches and the JIT; compare the first third after it with the last third.
    const settled = minutes.slice(1);
    const third = Math.max(1, Math.floor(settled.length / 3));
    const early = settled.slice(0, third);
    const late = settled.slice(-third);
    const heapRatio =
      median(late.map((m) => m.sample.heapUsed)) / median(early.map((m) => m.sample.heapUsed));
    const rssRatio = median(late.map((m) => m.sample.rss)) / median(early.map((m) => m.sample.rss));
    const flat = heapRatio <= HEAP_GROWTH && rssRatio <= RSS_GROWTH;
    console.log(
      `\nmemory ${flat ? 'flat' : 'GREW'}: last third's median heap ${heapRatio.toFixed(3)}x the first third's ` +
        `(limit ${HEAP_GROWTH}), RSS ${rssRatio.toFixed(3)}x (limit ${RSS_GROWTH}); heap ` +
        `${picks[0]!.sample.collected ? 'measured after a full collection' : 'as found (no --expose-gc)'}; ` +
        `${totalErrors} 5xx or network errors in ${MINUTES} min`,
    );
    if (!flat || totalErrors > 0) process.exitCode = 1;
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    if (process.env.BENCH_KEEP_DATA !== '1') await rm(dataDir, { recursive: true, force: true });
  }
}

function line(minute: Minute): string {
  const s = minute.sample;
  return (
    [
      String(minute.index).padStart(4),
      mb(s.rss).padStart(8),
      mb(s.heapUsed).padStart(8),
      s.loopDelayP99Ms.toFixed(1).padStart(9),
      s.loopDelayMaxMs.toFixed(1).padStart(9),
      String(s.poolWaits).padStart(11),
      String(s.poolWaitingMax).padStart(11),
      String(minute.requests).padStart(9),
      String(minute.errors).padStart(8),
      String(minute.non2xx).padStart(6),
      minute.p99.toFixed(1).padStart(7),
      String(minute.checkouts).padStart(7),
    ].join(' ') + (minute.skipped > 0 ? `  (${minute.skipped} skipped: ${MAX_IN_FLIGHT} in flight)` : '')
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
