import http from 'node:http';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { percentile } from './stats.js';
import { measureBeside, PRODUCT_LIST, type Load } from './throughput.js';

/**
 * Live events (issue 39, design 12.6) with 1,000 open streams on one instance: what a stream costs the instance in
 * memory, how long a commit takes to reach all 1,000, and what holding them does to `/api/products` throughput.
 * The streams are 100 accounts' 10 each (EVENTS_MAX_STREAMS_PER_USER's default); an event is one transaction that
 * writes one notification event per account, so every stream gets one.
 */
export const STREAMS = 1_000;
const ACCOUNTS = 100;
const ROUNDS = 30;
/** Pairs of loads behind each of the list's ratios, without the streams and with them. */
const RATIO_PAIRS = 3;

export interface LiveEventsFigures {
  /** The instance's resident memory grown per open stream, in KB. */
  kbPerStream: number;
  /** From a commit to its event read on every one of the streams, p50 and p95 over ROUNDS, in ms. */
  deliveryP50: number;
  deliveryP95: number;
  /** `/api/products` answers per second as a ratio to hello, without and with the streams open. */
  productsWithout: number;
  productsWith: number;
}

interface Stream {
  request: http.ClientRequest;
  /** Resolves the round's wait when this stream reads the round's marker. */
  seen: Set<string>;
}

async function rssKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
}

function openStream(base: string, cookie: string, onMarker: (marker: string) => void): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const seen = new Set<string>();
    const request = http.get(
      `${base}/api/events`,
      { headers: { cookie, accept: 'text/event-stream' }, agent: false },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`GET /api/events: ${response.statusCode}`));
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let at: number;
          while ((at = buffer.indexOf('bench-marker-')) >= 0) {
            const end = buffer.indexOf('"', at);
            if (end < 0) break;
            const marker = buffer.slice(at, end);
            buffer = buffer.slice(end);
            if (!seen.has(marker)) {
              seen.add(marker);
              onMarker(marker);
            }
          }
          if (buffer.length > 4096) buffer = buffer.slice(-256);
        });
        resolve({ request, seen });
      },
    );
    request.on('error', reject);
  });
}

export async function liveEventsSection(options: {
  app: { url: string; pid: number };
  hello: { url: string; pid: number };
  databaseUrl: string;
  register: (label: string) => Promise<{ cookie: string; id: string }>;
  load: Load;
}): Promise<LiveEventsFigures> {
  const { app, hello, load } = options;
  // The median of a few pairs, each a load of hello and one of the list in the same minute (measureBeside): one
  // pair a side read 0.608 in run R of docs/benchmarks.md, on a machine whose speed moved by tens of percent.
  const pairedApp = Array.from({ length: RATIO_PAIRS }, () => app);
  const ratio = async () => (await measureBeside([hello], pairedApp, PRODUCT_LIST, {}, load)).ratio;

  const accounts: { cookie: string; id: string }[] = [];
  for (let i = 0; i < ACCOUNTS; i++) accounts.push(await options.register(`events${i}`));
  const productsWithout = await ratio();

  let waiting: { marker: string; left: number; done: () => void } | null = null;
  const onMarker = (marker: string) => {
    if (waiting?.marker !== marker) return;
    waiting.left -= 1;
    if (waiting.left === 0) waiting.done();
  };
  const before = await rssKb(app.pid);
  const streams: Stream[] = [];
  for (const account of accounts) {
    for (let i = 0; i < STREAMS / ACCOUNTS; i++)
      streams.push(await openStream(app.url, account.cookie, onMarker));
  }
  // Settled: the streams' first frames written and the replay reads done.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const kbPerStream = ((await rssKb(app.pid)) - before) / STREAMS;

  const db = new pg.Client({ connectionString: options.databaseUrl });
  await db.connect();
  const times: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const marker = `bench-marker-${round}-${Date.now()}`;
      const all = new Promise<void>((resolve) => {
        waiting = { marker, left: STREAMS, done: resolve };
      });
      const values = accounts.map((_, i) => `($${i + 1}::uuid, 'notification', $${ACCOUNTS + 1}::jsonb)`);
      const data = JSON.stringify({ title: marker });
      const started = performance.now();
      await db.query(`insert into live_events (user_id, type, data) values ${values.join(', ')}`, [
        ...accounts.map((a) => a.id),
        data,
      ]);
      await all;
      times.push(performance.now() - started);
    }
    const productsWith = await ratio();
    return {
      kbPerStream,
      deliveryP50: percentile(times, 50),
      deliveryP95: percentile(times, 95),
      productsWithout,
      productsWith,
    };
  } finally {
    await db.end();
    for (const stream of streams) stream.request.destroy();
  }
}
