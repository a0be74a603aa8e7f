import { execFileSync } from 'node:child_process';
import autocannon from 'autocannon';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { BENCH_KINDS, BENCH_WORDS } from '../server/db/seed/bench-data.js';
import { projectRoot } from '../server/lib/paths.js';
import { median, percentile } from './stats.js';
import { BROWSER } from './throughput.js';

/**
 * Search at scale (issue 19 point 4): search latency with rotating terms while 10 connections keep the server busy,
 * and `/healthz` latency measured meanwhile, at each catalogue size of a growth curve (10k, 100k and, when asked,
 * 1M products). Each size is measured more than once and the medians are reported, since the machine is shared.
 *
 * Alone, against a server that is already running (the catalogue as it is):
 *   node --import tsx bench/search.ts --url http://127.0.0.1:5102 [--repeats 3] [--requests 3000]
 */

export const SEARCH_CONNECTIONS = 10;

/** Words of the seed catalogue, so some terms find the hand-written products among the synthetic ones. */
const SEED_PHRASES = [
  'faraday',
  'body armour',
  'rf detector',
  'thermal imaging',
  'encrypted radio',
  'tscm kit',
];

/** Two letters of a word swapped (one transposition: two edits). */
function transpose(word: string, at: number): string {
  const i = 1 + (at % (word.length - 2));
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

/** Two letters of a word replaced by others (two edits, the most search forgives in a word of six or more). */
function twoWrong(word: string, at: number): string {
  const letters = [...word];
  const first = 1 + (at % (letters.length - 1));
  const second = 1 + ((first + 2) % (letters.length - 1));
  for (const i of [first, second]) letters[i] = letters[i] === 'x' ? 'q' : 'x';
  return letters.join('');
}

/**
 * `count` terms from a deterministic generator, spread over what people type: two letters (type-ahead), a word's
 * beginning, a whole word, two words, a model number, one transposition, two wrong letters, a seed product's
 * words and text that matches nothing (which also runs the typo fallback). Consecutive requests rarely repeat a
 * term, so no cache of one answer can stand in for the search.
 */
export function searchTerms(count: number, catalogue: number): string[] {
  const terms: string[] = [];
  let state = 0x9e3779b9;
  const random = (n: number) => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return (state >>> 8) % n;
  };
  for (let i = 0; terms.length < count; i++) {
    const word = BENCH_WORDS[random(BENCH_WORDS.length)]!;
    const other = BENCH_WORDS[random(BENCH_WORDS.length)]!;
    const kind = BENCH_KINDS[random(BENCH_KINDS.length)]!;
    const long = [word, other, kind].find((w) => w.length >= 6) ?? 'detector';
    switch (i % 10) {
      case 0:
        terms.push(word.slice(0, 2));
        break;
      case 1:
        terms.push(word.slice(0, 3 + random(3)));
        break;
      case 2:
        terms.push(word);
        break;
      case 3:
        terms.push(`${word} ${kind}`);
        break;
      case 4:
        terms.push(String(1 + random(Math.max(1, catalogue))));
        break;
      case 5:
        terms.push(transpose(long, random(10)));
        break;
      case 6:
        terms.push(`${twoWrong(long, random(10))} ${kind}`);
        break;
      case 7:
        terms.push(SEED_PHRASES[random(SEED_PHRASES.length)]!);
        break;
      case 8:
        terms.push(`zq${random(100_000)}xv`);
        break;
      default:
        terms.push(`${word} ${other}`);
    }
  }
  return terms;
}

export interface SearchFigures {
  p50: number;
  p95: number;
  p99: number;
  healthP99: number;
  healthSamples: number;
  requests: number;
}

/**
 * `requests` searches over rotating terms (starting at `offset` in the list, so repeated runs ask other terms)
 * with SEARCH_CONNECTIONS busy, and `/healthz` probed every 20 ms meanwhile. The searches are sent by autocannon,
 * as the throughput figures are, and ask as a browser does (Chrome's Accept-Encoding, so answers above the
 * compression threshold are compressed). On a 2-core machine the load generator shares the CPUs with the server
 * and its database, and fetch cost about 0.6 ms of CPU a request there, a quarter of what a search costs the
 * server.
 */
export async function searchLoad(
  base: string,
  terms: string[],
  requests: number,
  offset = 0,
): Promise<SearchFigures> {
  const latencies: number[] = [];
  const wrong = new Map<string, number>();
  let next = 0;
  let searching = true;
  const health: number[] = [];
  const probe = async () => (await fetch(`${base}/healthz`)).arrayBuffer();
  const healthLoop = (async () => {
    while (searching) {
      const started = performance.now();
      // Once more on a socket error: the connection fetch keeps alive may have been closed by the server while it
      // sat idle (growing the catalogue to a million took minutes; the first probe after it failed so). A server
      // that is down fails the second probe too.
      await probe().catch(probe);
      health.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: SEARCH_CONNECTIONS,
        amount: requests,
        headers: BROWSER,
        requests: [
          {
            setupRequest: (request) => {
              const term = terms[(offset + next++) % terms.length]!;
              return { ...request, path: `/api/search?q=${encodeURIComponent(term)}` };
            },
            onResponse: (status, body) => {
              if (status !== 200) wrong.set(`${status} ${body.slice(0, 120)}`, status);
            },
          },
        ],
      },
      (error: unknown, result) => (error ? reject(error as Error) : resolve(result)),
    );
    // autocannon 9 emits the client first (its typings leave it out).
    (instance as NodeJS.EventEmitter).on(
      'response',
      (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
        latencies.push(responseTime);
      },
    );
  });
  searching = false;
  await healthLoop;
  if (wrong.size > 0 || result.errors > 0 || result.timeouts > 0) {
    const answers = [...wrong.keys()].join('; ');
    throw new Error(
      `search: ${result.errors} errors, ${result.timeouts} timeouts, answers other than 200: ${answers}`,
    );
  }
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    healthP99: percentile(health, 99),
    healthSamples: health.length,
    requests: latencies.length,
  };
}

/** Medians of `repeats` runs after a short warm-up (each run asks the next terms of the list). */
export async function searchMedians(
  base: string,
  catalogue: number,
  requests: number,
  repeats: number,
): Promise<SearchFigures & { runs: SearchFigures[] }> {
  const terms = searchTerms(1_000, catalogue);
  await searchLoad(base, terms, Math.min(200, requests), terms.length - 200);
  const runs: SearchFigures[] = [];
  for (let run = 0; run < repeats; run++) runs.push(await searchLoad(base, terms, requests, run * requests));
  const of = (key: keyof SearchFigures) => median(runs.map((r) => r[key]));
  return {
    p50: of('p50'),
    p95: of('p95'),
    p99: of('p99'),
    healthP99: of('healthP99'),
    healthSamples: runs.reduce((sum, r) => sum + r.healthSamples, 0),
    requests: runs.reduce((sum, r) => sum + r.requests, 0),
    runs,
  };
}

/** Adds synthetic products through the CLI (`bench:data`) until the catalogue holds `total` products. */
export function growCatalogue(env: Record<string, string>, from: number, total: number): void {
  if (total <= from) return;
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'server/cli.ts', 'bench:data', '--products', String(total - from)],
    { cwd: projectRoot, env: { ...process.env, ...env }, stdio: 'inherit' },
  );
}

export interface CurvePoint extends SearchFigures {
  products: number;
  seedSeconds: number;
  runs: SearchFigures[];
}

/**
 * The growth curve: for each size, grow the catalogue (from `current` products) and measure. Sizes must ascend.
 * `onPoint` prints each size as soon as it is measured, so a long run shows progress.
 */
export async function searchCurve(options: {
  base: string;
  env: Record<string, string>;
  current: number;
  sizes: number[];
  requests: number;
  repeats: number;
  onPoint?: (point: CurvePoint) => void;
}): Promise<CurvePoint[]> {
  const points: CurvePoint[] = [];
  let current = options.current;
  for (const products of options.sizes) {
    const started = performance.now();
    if (products > current) console.log(`growing the catalogue to ${products} products for search...`);
    growCatalogue(options.env, current, products);
    current = Math.max(current, products);
    const seedSeconds = (performance.now() - started) / 1000;
    const figures = await searchMedians(options.base, products, options.requests, options.repeats);
    const point = { products, seedSeconds, ...figures };
    options.onPoint?.(point);
    points.push(point);
  }
  return points;
}

export function describePoint(point: CurvePoint): string {
  const runs = point.runs.map((r) => `${r.p50.toFixed(1)}/${r.p95.toFixed(1)}`).join(', ');
  return (
    `search over ${point.products} products: p50 ${point.p50.toFixed(1)} ms, p95 ${point.p95.toFixed(1)} ms, ` +
    `p99 ${point.p99.toFixed(1)} ms; /healthz p99 meanwhile ${point.healthP99.toFixed(1)} ms ` +
    `(medians of ${point.runs.length} runs of ${point.runs[0]?.requests ?? 0} requests; p50/p95 each: ${runs})`
  );
}

/** A figure with a budget, in the shape bench/run.ts prints its budget table with. */
export interface SearchBudget {
  name: string;
  value: number;
  unit: string;
  target?: number;
  kind: 'at least' | 'at most';
}

/** Issue 19 point 4: search p95 at 100,000 and 1,000,000 products, and /healthz p99 while search loads the server. */
const P95_BUDGET_MS: Record<number, number> = { 100_000: 15, 1_000_000: 40 };
const HEALTH_P99_BUDGET_MS = 50;
/** A smoke run fails only on a collapse: search over 10,000 products this slow is broken, not a busy machine. */
const SMOKE_COLLAPSE_P95_MS = 1_000;

/**
 * The search part of `npm run bench`: the growth curve from the catalogue the run already has (`current`
 * products) to 100,000 and, when `withMillion` (BENCH_SEARCH_1M=1 or --search-1m), 1,000,000; a smoke run stays
 * at 10,000. Returns the lines to print, the budgets, and whether a smoke run saw a collapse.
 */
export async function searchBenchmark(options: {
  base: string;
  env: Record<string, string>;
  current: number;
  smoke: boolean;
  withMillion: boolean;
}): Promise<{ lines: string[]; budgets: SearchBudget[]; collapsed: string | null }> {
  const sizes = options.smoke ? [10_000] : [10_000, 100_000, ...(options.withMillion ? [1_000_000] : [])];
  const points = await searchCurve({
    base: options.base,
    env: options.env,
    current: options.current,
    sizes,
    requests: options.smoke ? 400 : 2_000,
    repeats: options.smoke ? 2 : 3,
    onPoint: (point) => console.log(describePoint(point)),
  });
  const lines = [
    `search growth curve (${SEARCH_CONNECTIONS} connections, rotating terms: type-ahead, words, two words, model ` +
      `numbers, typos, misses):`,
    ...points.map((point) => `  ${describePoint(point)}`),
  ];
  if (!options.smoke && !options.withMillion) {
    lines.push(
      '  1,000,000 products skipped (about 8 more minutes: BENCH_SEARCH_1M=1 or npm run bench -- --search-1m)',
    );
  }
  const budgets: SearchBudget[] = [];
  for (const point of points) {
    budgets.push({
      name: `search p95, ${point.products} products`,
      value: point.p95,
      unit: ' ms',
      target: P95_BUDGET_MS[point.products],
      kind: 'at most',
    });
  }
  const loaded = points.at(-1)!;
  budgets.push({
    name: `/healthz p99 during search (${loaded.products})`,
    value: loaded.healthP99,
    unit: ' ms',
    target: HEALTH_P99_BUDGET_MS,
    kind: 'at most',
  });
  const collapsed =
    options.smoke && loaded.p95 > SMOKE_COLLAPSE_P95_MS
      ? `search p95 ${loaded.p95.toFixed(0)} ms over ${loaded.products} products (collapse above ` +
        `${SMOKE_COLLAPSE_P95_MS} ms)`
      : null;
  return { lines, budgets, collapsed };
}

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      requests: { type: 'string', default: '3000' },
      repeats: { type: 'string', default: '3' },
      products: { type: 'string', default: '100000' },
    },
  });
  if (!values.url) throw new Error('usage: bench/search.ts --url http://127.0.0.1:PORT');
  const products = Number(values.products);
  const figures = await searchMedians(values.url, products, Number(values.requests), Number(values.repeats));
  console.log(describePoint({ products, seedSeconds: 0, ...figures }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
